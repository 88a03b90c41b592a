#!/bin/sh
# The compare screen reproduces the seeds' numbers: 4x4 reversi solved in
# natural order without a table, negamax 60060 leaves and alphabeta 10016,
# value -8 (doc/seed-tables.md).  It draws them on a log scale, says how
# many times fewer, shows the columns that say why (Tab), flips the move
# order (o), sweeps depths (s), stops (x), and takes any position: a typed
# one, a tree.  Numbers are read off the screen and checked against
# `yomi compare`'s.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# Every algorithm, in the form's order, and those ticked to begin with
# (ALGO_COMPARED_BY_DEFAULT): a new algorithm is one more word in $algos.
algos="minimax negamax alphabeta negaalpha alphabeta-window failsoft negascout pvs mtdf yomi pns mcts"
ticked="alphabeta negascout pvs mtdf"
nalgos=$(echo $algos | wc -w)

row() { ui_screen | sed 1d | grep "^ $1 " | head -1; }  # not the title, " yomi · ..."
# row_is ALGO REGEX NAME: the table's row of ALGO matches the extended REGEX.
row_is() {
    if row "$1" | grep -qE -- "$2"; then
        ok 0 "$3"
    else
        ok 1 "$3"
        echo "#   wanted: $2"
        ui_screen | sed 's/^/#   | /'
    fi
}
# col LINE TEXT: the column where TEXT starts in LINE (one column a character).
col() {
    prefix=${1%%"$2"*}
    printf '%s' "$prefix" | LC_ALL=C.UTF-8 wc -m
}
# bar_end ALGO: the column after the last cell of ALGO's bar.
bar_end() {
    line=$(row "$1")
    bar=$(printf '%s\n' "$line" | grep -oE '[█▏▎▍▌▋▊▉]+' | head -1)
    echo $(($(col "$line" "$bar") + $(printf '%s' "$bar" | LC_ALL=C.UTF-8 wc -m)))
}
# tick COLUMN-LABEL: the column of the axis label (its tick is above it).
tick() {
    line=$(ui_screen | grep "each step ten times more" | head -1)
    col "$line " " $1 " | awk '{ print $1 + 1 }'
}
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
# From Table, tick every algorithm not ticked to begin with.
tick_all() {
    for a in $algos; do
        ui_keys Down
        case " $ticked " in *" $a "*) ;; *) ui_keys Space ;; esac
    done
}
# The form to 4x4 reversi, solved, natural order, table off; ends on Table.
form_4x4_solve_natural() {
    ui_keys Down Right Right
    see "4x4" "board 4x4"
    ui_keys Down Down Down Right
    see "Solve to the end     yes" "solve"
    ui_keys Down Right Right Down Right
    see "natural" "natural order"
}

ui_start
see "Compare algorithms" "menu"
ui_keys c
see "Algorithms (Space ticks)" "c opens the compare form"
form_4x4_solve_natural
# negamax ticked, negascout unticked: negamax, alphabeta, pvs, mtdf
ui_keys Down Down Space Down Down Down Down Down Space
ui_keys Enter
see "Compare: reversi-4x4, start, solve, order natural, table off" "the race starts with the chosen settings"
see "Done." "all four finish"
case $(row negamax) in *" -8 "*"60,060"*) ok 0 "negamax: value -8, 60060 leaves" ;;
    *) ok 1 "negamax: value -8, 60060 leaves"; ui_screen | sed 's/^/#   | /' ;; esac
case $(row alphabeta) in *" -8 "*"10,016"*) ok 0 "alphabeta: value -8, 10016 leaves" ;;
    *) ok 1 "alphabeta: value -8, 10016 leaves" ;; esac
not_see "negascout" "unticked algorithms do not run"

# ---- leaves on a log scale, and how many times fewer ---------------------
see "leaves on a log scale" "the bars' heading says the scale"
see "1    10    100  1k    10k  100k" "the axis: a tick at each power of ten, labelled"
t10k=$(tick 10k) t100k=$(tick 100k)
e=$(bar_end alphabeta)
[ $((e - t10k)) -le 1 ] && [ $((t10k - e)) -le 1 ]
ok $? "alphabeta's bar (10,016 leaves) ends at the 10k tick (bar to $e, tick $t10k)"
e=$(bar_end negamax)
[ "$e" -gt $((t10k + 2)) ] && [ "$e" -le "$t100k" ]
ok $? "negamax's bar (60,060) ends between 10k and 100k, nearer 100k (bar to $e, ticks $t10k $t100k)"
e=$(bar_end pvs)
[ "$e" -gt "$(tick 100)" ] && [ "$e" -lt "$t10k" ]
ok $? "pvs's bar (993) ends between the 100 and 10k ticks (bar to $e)"
row_is negamax ' ×1\.0$' "negamax has the most leaves: x1.0"
row_is alphabeta ' ×6\.0$' "alphabeta: 6.0 times fewer (60060 / 10016)"
row_is pvs ' ×60$' "pvs: 60 times fewer (60060 / 993)"
row_is mtdf ' ×15$' "mtdf: 15 times fewer (60060 / 4022)"
see "fewer: how many times fewer leaves than negamax's 60,060" "the legend says fewer than what"

# ---- the columns that say why --------------------------------------------
ui_keys Tab
see "cutoffs re-search passes   hits    ebf    time" "Tab: the columns that say why"
# the same numbers as yomi compare --format tsv's
tsv=$($YOMI compare reversi-4x4 --algos negamax,alphabeta,pvs,mtdf --solve --order natural --table off \
    --format tsv)
for a in negamax alphabeta pvs mtdf; do
    want=$(printf '%s\n' "$tsv" | awk -F '\t' -v a="$a" '
        function commas(n, s) { for (s = ""; length(n) > 3; n = substr(n, 1, length(n) - 3))
                                    s = "," substr(n, length(n) - 2) s; return n s }
        $2 == a { printf " %s +%s +%s +%s +%s +%s ", commas($7), commas($13), $14, $15, $9, $16 }')
    row_is "$a" "$want" "$a: nodes, cutoffs, re-searches, passes, hits and ebf as the command line's ($want)"
done
see "ebf: the b with b + b^2 + ... + b^d = nodes below the root" "the legend defines the ebf"
ui_keys Tab
see "leaves on a log scale" "Tab again: the leaves"

# ---- o: the other move order --------------------------------------------
ui_keys o
see "Compare: reversi-4x4, start, solve, order best, table off" "o: best order, run again"
see "Done." "the best order's race finishes"
row_is alphabeta ' 1,490 ' "alphabeta in the best order: 1,490 leaves, not 10,016"
row_is pvs ' 207 ' "pvs in the best order: 207 leaves"
see "│ the leaves in natural order, before o" "the old order's leaves are marked, and said so"
line=$(row alphabeta)
m=$(col "$line" "│")
[ $((m - t10k)) -le 1 ] && [ $((t10k - m)) -le 1 ]
ok $? "alphabeta's mark stands where its 10,016 natural-order leaves ended (mark $m, tick $t10k)"
ui_keys o
see "Compare: reversi-4x4, start, solve, order natural, table off" "o again: natural order"
see "Done." "and done"
row_is alphabeta ' 10,016 ' "alphabeta: 10,016 leaves again"
see "│ the leaves in best order, before o" "the marks are the best order's now"

# ---- s: the depth sweep -----------------------------------------------------
ui_keys s
see "Nodes at depths 1..8, on a log scale" "s: a sweep of depths 1..8 (the form's depth)"
see "Swept: the steeper a line" "the sweep finishes"
sweep_nodes() { # ALGO: "1:N 2:N ..." as the command line counts them
    for d in 1 2 3 4 5 6 7 8; do
        $YOMI compare reversi-4x4 --algos "$1" --depth $d --order natural --table off --format tsv |
            awk -F '\t' -v d=$d 'NR == 2 { n = $7
                printf " %d:%s", d, n < 10000 ? n : sprintf("%.1fk", n / 1000) }'
    done
}
see "negamax, nodes by depth:$(sweep_nodes negamax)" "the cursor's algorithm's nodes at each depth, as yomi compare counts them"
ebf8() { $YOMI compare reversi-4x4 --algos "$1" --depth 8 --order natural --table off --format tsv |
    awk -F '\t' 'NR == 2 { print $16 }'; }
see_re "A negamax +$(ebf8 negamax)\$" "the legend: negamax's letter and its ebf at depth 8"
see_re "B alphabeta +$(ebf8 alphabeta)\$" "alphabeta's letter and ebf: the smaller branching factor"
case $(ui_screen | grep '^ *16k ┤') in *A*) ok 0 "the chart's top is negamax's 15,645 nodes, marked A" ;;
    *) ok 1 "the chart's top is negamax's 15,645 nodes, marked A"; ui_screen | sed 's/^/#   | /' ;; esac
for label in " 10k ┤" "  1k ┤" " 100 ┤" "  10 ┤" "   1 ┤"; do
    see "$label" "the log axis has '$label'"
done
see "1    2    3    4    5    6    7    8" "depths along the bottom"
ui_keys Down
see "alphabeta, nodes by depth:$(sweep_nodes alphabeta)" "Down: alphabeta's nodes by depth"
ui_keys s
see "leaves on a log scale" "s again: the table"
ui_keys Escape Escape
see "New game" "Esc Esc: back to the menu"

# ---- every algorithm ticked: all rows at 80x24 ---------------------------------
ui_keys c
see "Algorithms (Space ticks)" "the compare form for all $nalgos"
form_4x4_solve_natural
tick_all
ui_keys Enter
# All of them, the ones that cut nothing too, and mcts's 10,000 games: a
# few seconds in a ThreadSanitizer build alone, more than 10 beside the
# threaded tests that check-threads runs with it, so the waits for this
# race and its sweep are long.  They test that the work ends, not how fast.
see "Done." "all $nalgos finish" 180
for a in $algos; do
    row_is "$a" '[█▏▎▍▌▋▊▉]' "$a: a row with its bar at 80x24"
done
not_see "more: enlarge" "all $nalgos rows fit 80x24"
row_is mcts ' 10,000 ' "mcts: its 10,000 random games are its leaves"
ui_keys Tab
see "cutoffs re-search" "Tab: the why columns of all $nalgos"
for a in $algos; do
    row_is "$a" '[0-9] +([0-9.]+|-) +[0-9]+\.[0-9][0-9] s$' "$a: its why columns, ebf and time, at 80x24"
done
ui_keys s
see "Swept" "the sweep of all $nalgos finishes" 180
# Every algorithm a letter and an ebf, but mcts and pns, which take no
# depth: "-" there, mcts swept by iterations instead and pns searched once.
n=0
for a in $algos; do
    case $a in mcts | pns) ebf='-' ;; *) ebf='[0-9]+\.[0-9][0-9]' ;; esac
    ui_screen | grep -qE "^ .* [A-Z] $a +$ebf\$" && n=$((n + 1))
done
is "$n" "$nalgos" "the sweep's legend has every algorithm, a letter and an ebf each (- for mcts, pns)"
see "iterations, mcts" "a row of mcts's iterations under the depths, labelled"
see_re "^ +10 +100 +1k +10k +100k +iterations, mcts" "mcts: 10 to 100k iterations"
see_re "1 +2 +3 +4 +5 +6 +7 +8 +end +depth" "and an end column, where pns's one solve is drawn"
sample_nodes() { # "10:N 100:N ..." as yomi search counts mcts's tree
    for it in 10 100 1000 10000 100000; do
        $YOMI search reversi-4x4 --algo mcts --iterations $it --format tsv |
            awk -F '\t' -v it=$it 'NR == 2 { n = $7
                printf " %s:%s", it < 1000 ? it : it / 1000 "k", n < 10000 ? n : sprintf("%.1fk", n / 1000) }'
    done
}
ui_keys Up
see "mcts, tree nodes by iterations:$(sample_nodes)" "mcts's tree nodes at each count of iterations, as yomi search counts them"
ui_keys Up
pns_nodes=$($YOMI search reversi-4x4 --algo pns --order natural --table off --format tsv |
    awk -F '\t' 'NR == 2 { print $7 }')
see "pns solves whatever the depth: one search, $(echo "$pns_nodes" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta') nodes" \
    "pns: one solve, its nodes"
ui_keys Down Down
ui_keys Tab
see "leaves on a log scale" "Tab from the sweep: the table, its leaves columns"
ui_resize 80 16
see "($((nalgos - 7)) more: enlarge the terminal; ↑↓ scroll)" "80x16: the table says how many rows it leaves out"
ui_keys Up
case $(row "$(echo $algos | awk '{ print $NF }')") in "") ok 1 "Up from the first row: the last, scrolled into view" ;;
    *) ok 0 "Up from the first row: the last, scrolled into view" ;; esac
ui_resize 80 24
ui_gone "more: enlarge"
ok $? "80x24 again: all rows"
ui_keys Escape Escape
see "New game" "back to the menu"

# ---- x stops the whole run -------------------------------------------------
# x stops the whole run, not only the algorithm running: minimax 14 plies
# deep on 8x8 (which would take hours) is stopped, the four queued after
# it do not start, and the footer says so.
ui_keys c
see "Algorithms (Space ticks)" "the compare form again"
ui_keys Down Down Down Down Down Right Right Right Right Right Right
see "Depth                14" "depth 14"
ui_keys Down Down Down Space Enter
see "Compare: reversi, start, depth 14" "five algorithms race, minimax first"
see "Searching: 0 of 5 done" "minimax runs"
ui_keys x
see "Stopped: 0 of 5 done" "x: the footer says the run stopped"
not_see "Searching" "and nothing searches on"
case $(ui_screen | grep -c "not run") in 4) ok 0 "the four queued algorithms are marked not run" ;;
    *) ok 1 "the four queued algorithms are marked not run"; ui_screen | sed 's/^/#   | /' ;; esac
ui_keys r
see "Searching: 0 of 5 done" "r runs them again"
ui_keys x
see "Stopped: 0 of 5 done" "and x stops them again"
# The sweep of 1..14 reaches a depth minimax takes minutes over: x stops it.
ui_keys s
see "Nodes at depths 1..14" "s: the sweep, depths 1..14"
see "minimax, nodes by depth: 1:5 2:22 3:95 4:408 5:2065" "the sweep climbs, the screen drawn while it runs" 20
ui_keys x
see "Stopped: " "x stops the sweep"
not_see "Sweeping" "and nothing sweeps on"
ui_keys r
see_re "Sweeping: [0-9]+ of 70 searches done" "r sweeps again from depth 1"
ui_keys x
see "Stopped: " "and x stops it again"
ui_keys Escape Escape
see "New game" "back to the menu"

# ---- any position: typed, or a tree -----------------------------------------
ui_keys c
ui_keys Down Right Right Down Down
see "Position             the game's start" "the Position field"
ui_keys Enter
see "Position, in the game's notation:" "Enter on Position asks for one"
see "-----OX--XO----- X" "starting from the position chosen, written out"
ui_keys C-u
ui_keys -l "nonsense"
ui_keys Enter
see "not a position of this game" "a position that is not one is refused, and why"
ui_keys Enter
see "nonsense" "Enter again: what was typed, to mend"
ui_keys C-u
ui_keys -l -- "-----OX--XO----- O"
ui_keys Enter
see "Position             -----OX--XO----- O" "the typed position is the field's choice"
ui_keys Down Enter
see "Compare: reversi-4x4, this position, depth 8, order best, table on" "compare on the typed position"
see "Done." "done"
want=$($YOMI compare reversi-4x4 --position "-----OX--XO----- O" --algos alphabeta --depth 8 --format tsv |
    awk -F '\t' 'NR == 2 { print $8 }')
row_is alphabeta " $want " "alphabeta: the command line's $want leaves on the typed position"
ui_keys Escape Escape

ui_keys c Right Right
see "Game tree" "the tree game"
ui_keys Down Down Enter
see "A tree, e.g." "Enter on Position: a tree to type"
ui_keys -l "((3 12 8)(2 4 6)(14 5 2)(1 7))"
ui_keys Enter
see "Position             ((3 12 8)(2 4 6)(14 5 2)(1 7))" "the typed tree"
ui_keys Down Right Down Right Right Down Right Down Space Enter
see "Compare: tree, this position, solve, order natural, table off" "compare on the typed tree"
see "Done." "done"
row_is minimax " \+3 1 +11 " "minimax: value 3, move 1, the typed tree's 11 leaves"
row_is alphabeta " \+3 1 +8 " "alphabeta: 8 leaves"
ui_keys Down t
see "Alpha-beta, natural order, to the end" "t: the theatre on the typed tree"
ui_keys End
see "8 leaves, 13 nodes." "the theatre searched the same tree"
ui_keys Escape
see "Compare: tree, this position" "back to compare"
ui_keys Escape Escape
see "New game" "back to the menu"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
