#!/bin/sh
# mcts in the UI at 80x24: the search theatre steps through its iterations
# (select, expand, playout, backup) with each node's visits N and mean
# value Q and the root's moves beside the tree, read off the screen and
# held to `yomi search`'s answer; the forms ask it for no depth, move
# order or table (Watch the search asks for iterations); a game's panel
# shows its tree nodes, playouts and root moves, and e shows the search
# behind its move.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# ui_still: the screen once it has stopped changing (two captures 0.2 s
# apart agree), for a screen to be compared whole later.
ui_still() {
    ui_deadline=$(($(date +%s) + 10))
    ui_prev=$(ui_screen)
    while sleep 0.2; do
        ui_now=$(ui_screen)
        [ "$ui_now" = "$ui_prev" ] && break
        [ "$(date +%s)" -ge "$ui_deadline" ] && break
        ui_prev=$ui_now
    done
    printf '%s\n' "$ui_now"
}
# right_panel: the theatre's column right of the tree (from column 55).
right_panel() { ui_screen | sed -n '4,17p' | cut -c55- | sed 's/ *$//'; }
# see_re REGEX NAME: see, for an extended regular expression.
see_re() {
    if ui_wait_re "$1" "${3:-10}"; then
        ok 0 "$2"
    else
        ok 1 "$2"
        echo "#   wanted on screen: $1"
        ui_screen | sed 's/^/#   | /'
    fi
}

# ---- Watch the search: the form, then the trap tree's 50 iterations -------
ui_start
see "Watch the search     t" "the menu"
ui_keys t
see "Algorithm            alphabeta" "the theatre's form"
see "Move order           natural" "alpha-beta: a move order"
ui_keys Down Right Right Right
see "Tree               trap" "the trap tree"
ui_keys Down Left Left Left
see "Algorithm            mcts" "mcts chosen"
see "Iterations           50" "mcts: its iterations asked for"
not_see "Move order" "no move order for mcts"
not_see "Depth" "no depth"
not_see "Table   " "no table"
not_see "Solve to the end" "no solve"
ui_keys Enter
see "Monte Carlo tree search (UCT), 50 iterations, C 1.41, seed 1" "the theatre on mcts, its settings"
see "step 0 of 274" "as many steps as yomi trace's jsonl lines"
see "2 moves untried" "before the first step: the root's two moves, untried"
see "no iteration yet" "the counters wait"
ui_keys Right
see "iteration 1: from the root, down the tree by UCB1" "a step: the first iteration begins"
see "iteration 1 of 50" "the counter says which"
ui_keys Right
see "expand 2: a new node in the tree; 1 move of its parent still untried" "the expansion in words"
see " ▶   2 N 0  new" "the new node, where the iteration is"
ui_keys Right
see "playout from 2: 2 random moves to the end, a draw" "the playout and its result"
see " ▶   2 N 0  new  playout drawn" "its result on the node"
ui_keys Right
see "back up from 2: N + 1 on each node to the root; a draw, half a win, for every" "the backup"
see_re "^ +root N 1 " "the root visited once"
see_re "2 N 1  Q 0\.50" "move 2: N 1, Q 1/2 for a draw"
is "$(right_panel | grep -E '^2 ')" "2              1    0.50" "the root's moves beside the tree: 2, N 1, Q 0.50"
ui_keys j
see "iteration 2 of 50" "j: a whole iteration"
see_re "1 N 1  Q 1\.00" "move 1's first playout won"
ui_keys j j j
see "iteration 5 of 50" "three more"
at5=$(ui_still)
ui_keys k
see "iteration 4 of 50" "k: an iteration back"
ui_keys j
is "$(ui_still)" "$at5" "and on again: the same screen"

ui_keys End
want=$($YOMI search tree --tree trap --algo mcts --iterations 50 --format tsv |
    awk -F '\t' 'NR == 2 { printf "Done: best %s, the most visited, value %s; %s playouts, %s tree nodes.", $5, $4, $8, $7 }')
see "$want" "the end: the same answer as yomi search ($want)"
see "step 274 of 274" "at the last step"
n1=$(right_panel | awk '$1 == "1" && NF == 3 { print $2 }')
n2=$(right_panel | awk '$1 == "2" && NF == 3 { print $2 }')
is "$((n1 + n2))" "50" "the root's moves' visits add up to the 50 iterations ($n1 + $n2)"
[ "$n1" -gt "$n2" ]
ok $? "move 1, played, is the most visited"
ui_keys o
see "mcts plays no moves in order: it samples them at random" "o: no order to flip"
ui_keys v
see "playouts 0  tree nodes 0" "v: mcts beside minimax, its counts in its column"
ui_keys Right Right
see_re "leaves 2 +nodes" "side by side, two steps are two leaves of minimax"
see_re "playouts 2 +tree nodes 3" "and two playouts of mcts"
ui_keys q Escape q
see "yomi-exited-0" "quit"

# ---- New game and Compare: no move order for mcts -----------------------------
ui_start
ui_keys n
see "Start game" "New game"
ui_keys End Up Up Right
see "Move order         best" "New game, Custom: the computer's move order"
ui_keys Down Right Right
see "Algorithm          mcts" "its algorithm: mcts"
not_see "Move order" "mcts: no move order"
not_see "Depth" "nor a depth"
see "Time per move" "but its time"
ui_keys Left
see "Move order         best" "pns: the move order is back"
ui_keys Escape
see "Compare algorithms" "the menu"
ui_keys c
see "Move order           best" "Compare: a move order"
# untick the four ticked to begin with, tick mcts alone
ui_keys Down Down Down Down Down Down Down Down Down Down Space Down Down Down Down Space
ui_keys Down Space Down Space Down Down Down Space
see "mcts              [x]" "mcts ticked"
not_see "Move order" "mcts alone: no move order"
not_see "Depth" "no depth"
not_see "Solve to the end" "no solve"
ui_keys Up Space
see "pns               [x]" "pns ticked too"
see "Move order           best" "pns searches in an order: it is back"
not_see "Depth" "pns solves: still no depth"
ui_keys Escape q
see "yomi-exited-0" "quit"

# ---- a game: the panel, and e ---------------------------------------------------
ui_start -- play kalah-4x3 --first mcts:0,iterations=4000 --second human
see "Last search: South" "mcts has moved"
see "tree nodes" "the panel: its tree nodes"
see_re "playouts +4,000" "its playouts"
not_see "hits" "no table hits"
see_re "root +[1-4] +N +[0-9.k]+ +Q [01]\.[0-9][0-9]" "the root's most visited move with N and Q"
ui_keys e
see "Search theatre" "e: the theatre on mcts's move"
see_re "the first [0-9]+ of 4000 iterations" "its first iterations, as many as fit"
ui_keys End
see "the most visited, value" "to its end"
ui_keys q q y
see "yomi-exited-0" "quit"

done_testing
