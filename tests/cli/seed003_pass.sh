#!/bin/sh
# Seed 003's pass rules in the generic engine: a pass costs no depth, and a
# position where neither side can move is evaluated as the end of the game.
. "$TESTLIB"

field() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }

# Black (X) cannot move; white's d4 flips c3 and b2.  At depth 1 the pass
# must leave the whole ply to white, so the search sees the final board.
pass_pos="OXXXXXXXXXXXXXX- X"
for algo in minimax negamax alphabeta negaalpha alphabeta-window failsoft negascout pvs mtdf; do
    run_yomi search reversi-4x4 --position "$pass_pos" --depth 1 --algo "$algo" \
        --order natural --table off --score discs
    is "$(field pv) $(field value)" "pass d4 8" "$algo: a pass costs no depth"
done
run_yomi search reversi-4x4 --position "$pass_pos" --depth 1 --algo negamax --score discs
is "$(field leaves) $(field nodes)" "1 3" "negamax: one evaluation, at the final board"

# Neither side can move (no white disc left), two squares empty.
blocked="XXXXXXXXXXXXXX-- O"
run_yomi search reversi-4x4 --position "$blocked" --depth 3 --algo negamax --score discs
is "$(field value) $(field leaves) $(field move)" "-14 1 -" "a double pass ends the game and is evaluated"

done_testing
