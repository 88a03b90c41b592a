#!/bin/sh
# reversi through the command line: perft, divide, show, and bad input (doc/cli.md).
. "$TESTLIB"

run_yomi perft reversi --depth 5
is "$out" "nodes: 1396" "perft reversi depth 5"
run_yomi perft reversi-8x8 --depth 6
is "$out" "nodes: 8200" "reversi-8x8 is reversi"
run_yomi perft reversi-6x6 --depth 7
is "$out" "nodes: 47740" "perft reversi-6x6 depth 7"
run_yomi perft reversi-4x4 --depth 11
is "$out" "nodes: 50268" "perft reversi-4x4 depth 11 (passes and ended games)"
run_yomi perft reversi-4x6 --start parallel --depth 8
is "$out" "nodes: 82222" "perft reversi-4x6 parallel start depth 8"
run_yomi perft reversi --start parallel --depth 6
is "$out" "nodes: 9696" "perft reversi parallel start depth 6"

# A position whose side to move must pass: the pass is one ply.
pos='-X----O-OXO--O---X--OOO-XXOOO------OO-------O-------O----------- O'
run_yomi perft reversi --position "$pos" --depth 4
is "$out" "nodes: 119" "perft from a position that must pass"
run_yomi perft reversi --position "$pos" --depth 1 --divide
is "$out" "pass: 1
nodes: 1" "divide shows the pass"

run_yomi perft reversi --depth 3 --divide
is "$out" "d3: 14
c4: 14
f5: 14
e6: 14
nodes: 56" "divide: MOVE: N lines in board order, then nodes"
ok $rc "divide exits 0"

run_yomi show reversi-4x4 --start parallel
ok $rc "show reversi-4x4 --start parallel exits 0"
is "$(printf '%s\n' "$out" | sed -n 1,5p)" "   a b c d
 1 * . . .
 2 * O X .
 3 * O X .
 4 * . . ." "show draws the parallel start with the legal moves"
case $out in *"position: -----OX--OX----- X"*) ok 0 "show prints the position" ;; *) ok 1 "show prints the position" ;; esac

run_yomi show reversi --position "$pos"
case $out in *"must pass"*) ok 0 "show says the side must pass" ;; *) ok 1 "show says the side must pass" ;; esac
run_yomi show reversi-4x4 --position 'XXXXXXXX-------- O' --score standard
case $out in *"X (black) wins by 16"*) ok 0 "show scores a finished game" ;; *) ok 1 "show scores a finished game" ;; esac

bad_input "reversi-9x9" perft reversi-9x9 --depth 1
bad_input "reversi-6x" perft reversi-6x --depth 1
bad_input "reversi-5x6" show reversi-5x6
bad_input "bad start" show reversi --start diagonal
bad_input "bad score" show reversi --score points
bad_input "capture is kalah's" show reversi --capture empty
bad_input "rules is kalah's" perft reversi --rules seed --depth 1
bad_input "position too short" show reversi-4x4 --position '-----OX--XO---- X'
bad_input "position too long" show reversi-4x4 --position '-----OX--XO------ X'
bad_input "position bad character" show reversi-4x4 --position '-----OX--XQ----- X'
bad_input "position without side" show reversi-4x4 --position '-----OX--XO-----'
bad_input "position bad side" show reversi-4x4 --position '-----OX--XO----- W'
bad_input "position trailing junk" show reversi-4x4 --position '-----OX--XO----- X more'
bad_input "position empty" perft reversi --position '' --depth 1

run_yomi show reversi --capture empty
case $err in *"--capture does not apply to reversi"*) ok 0 "names the foreign option" ;; *) ok 1 "names the foreign option" ;; esac
run_yomi show reversi-9x9
case $err in *"4, 6 or 8"*) ok 0 "says which sizes exist" ;; *) ok 1 "says which sizes exist" ;; esac

done_testing
