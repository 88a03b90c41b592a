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
ui_keys q
see "yomi-exited-0" "quit"

done_testing
