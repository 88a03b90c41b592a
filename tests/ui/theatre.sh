#!/bin/sh
# The search theatre ("Watch the search", menu t): alpha-beta stepped
# through the textbook tree ((3 12 8)(2 4 6)(14 5 2)) to its cutoff, the
# window and the cut moves read from the screen; a step back is exactly the
# screen before; NegaScout beside alpha-beta on the rescout tree, stepped
# leaf by leaf, with its re-searches; the go-to prompt; the theatre from
# the Compare screen and from a game (e); resizing; the ASCII key names.
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

# rows FIRST LAST: the screen's rows FIRST to LAST (the title is row 1).
rows() { ui_screen | sed -n "$1,$2p"; }

# rows_are FIRST LAST WANT NAME: a TAP check that rows FIRST to LAST read
# exactly WANT (polled, as the screen may still be drawing).
rows_are() {
    ui_deadline=$(($(date +%s) + 10))
    while [ "$(rows "$1" "$2")" != "$3" ]; do
        if [ "$(date +%s)" -ge "$ui_deadline" ]; then
            ok 1 "$4"
            echo "#   wanted rows $1-$2:"
            printf '%s\n' "$3" | sed 's/^/#   | /'
            echo "#   the screen:"
            ui_screen | sed 's/^/#   | /'
            return
        fi
        sleep 0.1
    done
    ok 0 "$4"
}

# screen_is WANT NAME: the whole screen reads exactly WANT.
screen_is() { rows_are 1 "$(printf '%s\n' "$1" | wc -l)" "$1" "$2"; }

# ---- alpha-beta through the textbook tree --------------------------------
ui_start
see "Watch the search     t" "the menu offers the theatre"
ui_keys t
see "Watch the search" "t opens its form"
rows_are 3 10 "  Game                 Game tree  ◂▸
    Tree               textbook
  Algorithm            alphabeta
  Beside it            nothing
  Solve to the end     yes
  Move order           natural
  Table                off
                      [ Watch ]" "the form starts on the textbook tree, alpha-beta, natural order, no table"
ui_keys Enter
see "Search theatre" "Enter on the form opens the theatre"
see "Alpha-beta, natural order, to the end" "the algorithm and how it searches"
see "step 0 of 32" "at step 0 of the 32 the search takes"
see "Nothing searched yet: the right arrow takes the first step." "how to begin"
see " ▶ root Max  (-inf, +inf) " "the root, Max to move, with the whole window"
start_screen=$(ui_still)

ui_keys Right Right Right
see "step 3 of 32" "three steps"
see " ▶   1 Min  (-inf, +inf) " "the search is in move 1, a Min node"
see "enter 1  window (-inf, +inf)" "the step in words"
ui_keys Right Right Right Right Right Right Right Right Right Right Right
see "step 14 of 32" "fourteen steps"
see " ▶   2 Min  (3, +inf) " "move 2 is entered with alpha raised to 3 by move 1"
see "enter 2  window (3, +inf)" "and says so"
see "     1 = 3 best " "move 1 is worth 3, the best so far"
ui_keys Right Right Right
see "step 17 of 32" "leaf 2.1 backed up"
before=$(ui_still)
ui_keys Right
see "step 18 of 32" "one more step: the cutoff"
see " 2.1: 2 <= alpha 3, 2 moves not searched (cutoff)" "the cutoff in words"
see " back up 2.1 = 2" "and the step before it, above"
rows_are 4 13 "   root Max  (3, +inf)  best so far 3                 ply   nodes leaves  cuts
     1 = 3 best                                       0         1      0     0
       1 = 3  leaf best                               1         2      0     1
       2 = 12  leaf                                   2         4      4     0
       3 = 8  leaf                                    all       7      4     1
 ▶   2 Min  (3, 2)  best so far 2                     branching factor 2.00
       1 = 2  leaf best                               table hits 0
       2 cut                                          re-searches 0
       3 cut
     3 ..." "at the cutoff: the Min node's window (3, 2), 2.2 and 2.3 cut, one cut at ply 1"
at_cutoff=$(ui_still)

# ---- back, and back to the start -------------------------------------------
ui_keys Left
see "step 17 of 32" "Left: one step back"
screen_is "$before" "the screen one step back is exactly the screen at step 17"
ui_keys Right
screen_is "$at_cutoff" "and Right again is exactly the cutoff's screen"
ui_keys h
screen_is "$before" "h steps back too"
ui_keys Home
see "step 0 of 32" "Home: step 0"
screen_is "$start_screen" "the screen as it opened"
ui_keys l l
see "step 2 of 32" "l steps on"
ui_keys 0
screen_is "$start_screen" "0 goes to the start too"

# ---- the end ---------------------------------------------------------------
ui_keys End
see "step 32 of 32" "End: the last step"
see "Done: best 1, value 3; 7 leaves, 11 nodes." "the answer: move 1, worth 3, 7 of the 9 leaves"
see " ▶ root = 3 " "the root's value in the tree"
ui_keys Home
see "step 0 of 32" "Home from the end"
ui_keys '$'
see "step 32 of 32" "\$ goes to the end too"

# ---- a node at a time, a subtree at once, and running --------------------
ui_keys Home Right Right Right
see "step 3 of 32" "in move 1 again"
ui_keys f
see "step 13 of 32" "f finishes move 1's subtree..."
see "back up 1 = 3, from 1.1" "...up to its value backed up to the root"
ui_keys j
see "step 14 of 32" "j: the next node"
see "enter 2  window (3, +inf)" "move 2"
ui_keys k
see "step 10 of 32" "k: the node entered before move 2"
see "enter 1.3  window (-inf, 3)" "move 1.3"
ui_keys Home + +
see "20 steps a second" "+ twice: 20 steps a second"
ui_keys r
see "running, 20 steps a second" "r runs"
see "step 32 of 32" "to the end by itself"
ui_gone "running"
ok $? "and stops there"

# ---- go to a step ----------------------------------------------------------
ui_keys g
see "Go to step:" "g asks for a step"
ui_keys 1 0 Enter
see "step 10 of 32" "g 10: step 10"
see "enter 1.3  window (-inf, 3)" "the tenth step in words"
ui_keys g x Enter
see "not a step number: x" "g with no number: said"
see "step 10 of 32" "and the step is unchanged"
ui_keys '?'
see "One search shown a step at a time" "? opens the help at the theatre's section"
ui_keys Escape
see "step 10 of 32" "Esc: back at the same step"

# ---- q: back to the form ---------------------------------------------------
ui_keys q
see "Beside it" "q goes back to the form"
ui_keys Escape
see "Compare algorithms" "Esc: the menu"

# ---- NegaScout beside alpha-beta on the rescout tree ----------------------
ui_keys t
see "Watch the search" "the form again"
ui_keys Down Right Right Down Right Right Right Right Down Right Right Right
rows_are 3 6 "  Game                 Game tree
    Tree               rescout
  Algorithm            negascout
  Beside it            alphabeta  ◂▸" "the rescout tree, NegaScout with alpha-beta beside it"
ui_keys Enter
see "NegaScout                 step 0 of 48 Alpha-beta                step 0 of 27" \
    "two columns: NegaScout in 48 steps, alpha-beta in 27"
ui_keys Right
see "NegaScout                 step 5 of 48 Alpha-beta                step 5 of 27" \
    "side by side a step is a leaf: both at their first leaf"
ui_keys Right Right
see "NegaScout                step 14 of 48 Alpha-beta               step 13 of 27" \
    "the third leaf: NegaScout has searched move 1 twice"
see "     1 (-inf, -1)   re-searched 1 " "NegaScout's move 1 is re-searched, with its new window"
see "leaves 3  nodes 6  cuts 0              leaves 3  nodes 6  cuts 0" "the counts of both"
three=$(ui_still)
ui_keys Right
see "step 20 of 48" "a fourth leaf"
ui_keys Left
screen_is "$three" "Left side by side: exactly the screen a leaf before"
ui_keys End
see "NegaScout                step 48 of 48 Alpha-beta               step 27 of 27" "End: both at their end"
see "Done: best 3, value 5; 9 leaves, 16" "NegaScout's answer: 9 leaves..."
see "Done: best 3, value 5; 6 leaves, 10" "...alpha-beta's: the same move and value in 6"
see " leaves 9  nodes 16  cuts 3 " "NegaScout's totals under its tree"
see " leaves 6  nodes 10  cuts 0" "alpha-beta's under its own"
see "     3 = -5 best re-searched 1 " "NegaScout's best move 3, re-searched once"
ui_keys v
see "NegaScout, natural order, to the end" "v: NegaScout alone"
see "step 48 of 48" "where it was"
ui_keys g 2 6 Enter
see "step 26 of 48" "g 26"
see "2: the null window (1, 2) failed high with 3: search again with (3, +inf)" \
    "NegaScout's re-search in words"
see "re-searches 2" "the second re-search, counted with the first (move 1's)"
ui_keys v
see "NegaScout                 step 0 of 48 Minimax" "v again: minimax beside it, from the start"
ui_keys b
see "NegaScout                 step 0 of 48 Negamax" "b: the next algorithm on the right"
ui_keys b
see "NegaScout                 step 0 of 48 Alpha-beta                step 0 of 27" "b again: alpha-beta"
ui_keys B
see "NegaScout                 step 0 of 48 Negamax" "B: the one before"
ui_keys a
see " pvs   " "a: the next algorithm on the left, PVS (by its id: its name does not fit)"
ui_keys q Escape q
see "yomi-exited-0" "quit"

# ---- from the Compare screen -----------------------------------------------
ui_start
see "Compare algorithms" "menu"
ui_keys c
see "Algorithms (Space ticks)" "the compare form"
ui_keys Right Right
see "Game tree" "the game tree"
ui_keys Enter
see "Compare: tree, start, depth 8, order best, table on" "compare on the textbook tree"
see "Done." "all four finish"
see "t step through it" "the footer names t"
ui_keys Down t
see "Search theatre" "t opens the theatre on the second row's search"
see "NegaScout, best order, depth 8" "NegaScout, as compared"
n=$(ui_screen | sed -n 's/.*step 0 of \([0-9]*\).*/\1/p')
ui_keys End
see "step $n of $n" "End"
case $(ui_screen) in *"Done: best 1, value 3; 12 leaves, 18 nodes."*)
    ok 0 "the same 12 leaves and 18 nodes as its compare row" ;;
*) ok 1 "the same 12 leaves and 18 nodes as its compare row"; ui_screen | sed 's/^/#   | /' ;; esac
ui_keys Escape
see "Compare: tree, start, depth 8, order best, table on" "Esc: back to compare"
ui_keys Up Enter
see "Alpha-beta, best order, depth 8" "Enter on the first row: alpha-beta"
ui_keys Escape
see "Done. Fewest leaves" "back to compare"
ui_keys Escape Escape
see "Watch the search" "and to the menu"
ui_keys q
see "yomi-exited-0" "quit"

# ---- from a game: the search behind the computer's last move ---------------
ui_start -- play reversi-4x4 --first human --second alphabeta:3
see "Black to move" "a game, the computer second"
ui_keys e
see "no move of yomi's own search to explain yet" "e before the computer has moved"
ui_keys q y
see "yomi-exited-0" "quit"

ui_start -- play reversi-4x4 --first alphabeta:3 --second human
see "White to move: choose" "the computer has moved"
nodes=$(ui_screen | sed -n 's/.*nodes  *\([0-9,]*\) .*/\1/p' | head -1)
leaves=$(ui_screen | sed -n 's/.*leaves \([0-9,]*\).*/\1/p' | head -1)
ui_keys e
see "Search theatre" "e opens the theatre"
see "Alpha-beta, best order, depth 3" "on the computer's own search"
ui_keys End
see "; $leaves leaves, $nodes nodes." "the same $leaves leaves and $nodes nodes as the game's panel"
ui_keys q
see "White to move: choose" "q: back to the game"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- resizing --------------------------------------------------------------
ui_start
see "Watch the search" "menu"
ui_keys t Enter
see "step 0 of 32" "the theatre"
ui_keys Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right Right
see "step 18 of 32" "at the cutoff"
ui_resize 60 16
see "Search theatre" "60x16, the theatre's minimum"
see "step 18 of 32" "the same step"
see "2.1: 2 <= alpha 3, 2 moves not searched (cutoff)" "the cutoff still in words"
see " ▶   2 Min  (3, 2)  best so far 2 " "and the Min node in the tree"
ui_resize 100 30
see "Search theatre" "100x30"
see "step 18 of 32" "the same step"
see "2.1: 2 <= alpha 3, 2 moves not searched (cutoff)" "the cutoff"
ui_keys v
see "Minimax" "v at 100x30: minimax beside it"
ui_resize 60 16
see "step 0 of 36" "side by side at 60x16"
ui_resize 40 10
see "enlarge the terminal to 60x16" "too small: asks for 60x16"
ui_resize 80 24
see "Search theatre" "80x24 again"
see "step 0 of 36" "still side by side"
not_see "yomi-exited" "no crash"
ui_keys q Escape q
see "yomi-exited-0" "quit"

# ---- ASCII -----------------------------------------------------------------
ui_start LANG=C LC_ALL=C
see "Compare algorithms" "C locale"
ui_keys t
see "up/down field  left/right change  Enter watch  Esc back" "the form's keys in ASCII"
ui_keys Enter
see "-> step  <- back  f finish  r run" "the theatre's keys in ASCII"
see " > root Max  (-inf, +inf) " "the search's place marked with >"
not_see "▶" "no UTF-8 arrow"
ui_keys Right Right Right
see " >   1 Min  (-inf, +inf) " "and it moves"
ui_keys q Escape q
see "yomi-exited-0" "quit"

done_testing
