#!/bin/sh
# yomi analyse (doc/cli.md): every position of a game searched again, one
# line per move, where the numbers are known (trees checked by hand, a
# small Kalah solved), in text and tsv; bad input exits 2.
. "$TESTLIB"

# The textbook tree: Max's third child is worth 2 against the first's 3
# (an inaccuracy); Min's third leaf there, 2, is its best.
run_yomi analyse tree --moves 3,3 --format tsv
is "$out" "$(printf '%s\n' \
    'ply	side	move	value	best	best_value	loss	class	depth' \
    '1	first	3	2	1	3	1	inaccuracy	exact' \
    '2	second	3	2	3	2	0	best	exact')" "tsv: a header and one row per move"
is "$err" "" "piped: no progress line"

# Min's 12 instead of 3 gives Max 9 more: a blunder of the second player
run_yomi analyse tree --moves 1,2 --format tsv --algo alphabeta --depth 3
is "$(printf '%s\n' "$out" | sed -n 3p)" "2	second	2	12	1	3	9	blunder	exact" \
    "the second player's loss, from its own view"

# The same in text: aligned columns, marks on the moves, each side's
# totals and the result.
run_yomi analyse tree --moves 1,2
ok $rc "text exits 0"
is "$(printf '%s\n' "$out" | sed -n 1,3p)" "$(printf '%s\n' 'game: tree' \
    'search: yomi, depth 10' "values: the first player's; loss: the mover's")" "text: what was searched"
is "$(printf '%s\n' "$out" | sed -n 6p)" "  2  second  2??     +12  1             +3     9  blunder  exact" \
    "text: the blunder marked ??"
is "$(printf '%s\n' "$out" | sed -n '7,$p')" "$(printf '%s\n' \
    'first: 1 move, 0 inaccuracies, 0 mistakes, 0 blunders' \
    'second: 1 move, 0 inaccuracies, 0 mistakes, 1 blunder' \
    'result: value 12 (no moves left)')" "text: each side's totals and the result"

# Kalah solved: 2 keeps the turn, 1 then throws 4 seeds away (a mistake).
run_yomi analyse kalah-3x2 --moves '2 1 3' --solve --algo pvs --format tsv
is "$(printf '%s\n' "$out" | cut -f1-8)" "$(printf '%s\n' \
    'ply	side	move	value	best	best_value	loss	class' \
    '1	first	2	4	2	4	0	best' \
    '2	first	1	0	3	4	4	mistake' \
    '3	second	3	0	3	0	0	best')" "Kalah: an extra turn, a mistake of 4 seeds"

# A whole game: the result with the final count.
run_yomi analyse reversi-4x4 --moves b1,a1,a2,c1,d1,a3,a4,d3,pass,c4
is "$(printf '%s\n' "$out" | tail -1)" "result: second wins by 9 (no moves left; discs 2-11)" \
    "a finished reversi game: who won, how, and the discs"
run_yomi analyse reversi-4x4 --moves b1,a1,a2,c1,d1,a3,a4,d3,pass,c4 --format tsv
is "$(printf '%s\n' "$out" | sed -n 10p | cut -f1-5)" "9	first	pass	-9	pass" "a pass is a move too"

# No moves: nothing to judge, but not an error; a depth limit by time.
run_yomi analyse reversi-4x4 --format tsv
is "$out" "ply	side	move	value	best	best_value	loss	class	depth" "no moves: the header alone"
run_yomi analyse reversi-4x4 --moves b1 --time 100 --format tsv
is "$(printf '%s\n' "$out" | sed -n 2p | cut -f1-3)" "1	first	b1" "--time: a time per position"

# gogo: the position is SFEN, the moves USI; a mate is decided
run_yomi analyse gogo --position '4k/5/4P/5/KG3 b G 1' --moves G*1b --format tsv
is "$(printf '%s\n' "$out" | sed -n 2p | cut -f1-3,7,8)" "1	first	G*1b	0	best" "gogo: a mate in one found"

bad_input "no game" analyse
bad_input "unknown game" analyse nogame
bad_input "an illegal move" analyse tree --moves 1,9
bad_input "a move after the end" analyse tree --moves 1,1,1
bad_input "a move that is not one" analyse reversi --moves d3,zz
bad_input "json" analyse tree --format json
bad_input "unknown option" analyse tree --bogus
bad_input "--moves without its value" analyse tree --moves
bad_input "depth 0" analyse tree --depth 0
bad_input "a bad depth" analyse tree --depth x
bad_input "--algos" analyse tree --algos pvs
bad_input "a bad position" analyse reversi --position XX

run_yomi analyse --help
case $out in *"usage: yomi analyse GAME"*"--moves M1,M2"*) ok 0 "--help" ;; *) ok 1 "--help" ;; esac
run_yomi --help
case $out in *"yomi analyse GAME"*) ok 0 "yomi --help lists analyse" ;; *) ok 1 "yomi --help lists analyse" ;; esac

done_testing
