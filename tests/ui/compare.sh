#!/bin/sh
# The compare screen reproduces the seeds' numbers: 4x4 reversi solved in
# natural order without a table, negamax 60060 leaves and alphabeta 10016,
# value -8 (doc/seed-tables.md).
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "Compare algorithms" "menu"
ui_keys c
see "Algorithms (Space ticks)" "c opens the compare form"
ui_keys Down Right Right
see "4x4" "board 4x4"
ui_keys Down Down Right
see "Solve to the end     yes" "solve"
ui_keys Down Right Right Down Right
see "natural" "natural order"
ui_keys Down Down Space Down Down Down Down Down Space Down Space Down Space
ui_keys Enter
see "Compare: reversi-4x4, start, solve, order natural, table off" "the race starts with the chosen settings"
see "Done." "both finish"
row() { ui_screen | grep "^ $1 " | head -1; }
case $(row negamax) in *" -8 "*"60,060"*) ok 0 "negamax: value -8, 60060 leaves" ;;
    *) ok 1 "negamax: value -8, 60060 leaves"; ui_screen | sed 's/^/#   | /' ;; esac
case $(row alphabeta) in *" -8 "*"10,016"*) ok 0 "alphabeta: value -8, 10016 leaves" ;;
    *) ok 1 "alphabeta: value -8, 10016 leaves" ;; esac
not_see "negascout" "unticked algorithms do not run"
see "Leaves (evaluations)" "the bar chart"
ui_keys Escape Escape
see "Compare algorithms" "Esc Esc: back to the menu"

# All ten algorithms ticked: every one has its row and its bar at 80x24
# (the names counted in the table and the chart, not the title and footer).
ui_keys c
see "Algorithms (Space ticks)" "the compare form for all ten"
ui_keys Down Right Right Down Down Right Down Right Right Down Right
ui_keys Down Space Down Space Down Down Space Down Space Down Space Down Down Down Down Space
ui_keys Enter
see "Done." "all ten finish"
for a in minimax negamax alphabeta negaalpha alphabeta-window failsoft negascout pvs mtdf yomi; do
    n=$(ui_screen | sed '1d; /Done\./d' | grep -oE "(^| )$a( |\$)" | wc -l)
    is "$n" 2 "$a: a row in the table and a bar in the chart"
done
ui_resize 80 20
see "(6 more: enlarge the terminal)" "a shorter terminal: the chart says how many bars it leaves out"
ui_resize 80 24
ui_gone "more: enlarge"
ok $? "80x24 again: all bars"
ui_keys Escape Escape
see "Compare algorithms" "back to the menu"

# x stops the whole run, not only the algorithm running: minimax 14 plies
# deep on 8x8 (which would take hours) is stopped, the four queued after
# it do not start, and the footer says so.
ui_keys c
see "Algorithms (Space ticks)" "the compare form again"
ui_keys Down Down Down Down Right Right Right Right Right Right
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
ui_keys Escape Escape
see "Compare algorithms" "back to the menu"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
