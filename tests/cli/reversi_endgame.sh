#!/bin/sh
# reversi's endgame solver through the command line: yomi solve hands the
# whole search to it; its values must equal the generic exact search's, and
# FFO #40 must come out with the known score and one of the best moves.
. "$TESTLIB"

field() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }

# solve (the solver) against search --solve --algo pvs (the generic search)
cross_check() { # GAME POSITION NAME
    run_yomi search "$1" --position "$2" --solve --algo pvs
    generic=$(field value)
    run_yomi solve "$1" --position "$2"
    ok $rc "$3: solve exits 0"
    is "$(field value)" "$generic" "$3: solver value = generic pvs value ($generic)"
}

run_yomi search reversi-4x4 --solve --algo pvs
generic=$(field value)
run_yomi solve reversi-4x4
is "$(field value)" "$generic" "reversi-4x4 from the start (discs scoring)"
case $(field move) in [a-d][1-4]) ok 0 "reversi-4x4: solve names a move" ;; *) ok 1 "reversi-4x4: solve names a move" ;; esac

cross_check reversi-6x6 '-X--OX-XX-O-OXXXO-OOXXO-XXXXO-X-O-O- X' "6x6, 12 empties"
cross_check reversi-6x6 'O----OOOXXXXO-OXX-XOXX-O--XXX--OOO-X X' "6x6, 12 empties (b)"
cross_check reversi-6x6 'OX-----O--X--OOXX-XOOXXO-XOOOOX-XXOO X' "6x6, 12 empties (c)"
cross_check reversi '--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O' "8x8, 13 empties"
cross_check reversi '-XXX----XXXXXXXX--OXXOXXOOOXXXOXOOOXXXOOOOOOOOX--OOOOOOX--O-X-XO O' "8x8, 13 empties (b)"

# FFO #40 (20 empties): +38, and a2 is the only best move
line=$(grep 'FFO #40,' "$TESTDATA/reversi/ffo-40-59.txt")
set -- $line
run_yomi solve reversi --position "$1 $2"
ok $rc "FFO #40: solve exits 0"
is "$(field value)" "38" "FFO #40: exact score +38"
is "$(field move)" "a2" "FFO #40: the best move a2"

# a solve cut short by --time shows how far it got, never a made-up value
run_yomi solve reversi --position "$1 $2" --time 1
ok $rc "FFO #40 --time 1: exits 0"
is "$(field depth)" "0" "FFO #40 --time 1: depth 0, not 'solve'"
is "$(field value)" "-" "FFO #40 --time 1: no value"
is "$(field move)" "-" "FFO #40 --time 1: no move"
run_yomi solve reversi --position "$1 $2" --time 1 --format json
case $out in *'"value": null'*) ok 0 "--time 1 json: value null" ;; *) ok 1 "--time 1 json: value null" ;; esac
run_yomi solve gogo --time 200
case $(field depth) in solve | '' | *[!0-9]*) ok 1 "gogo --time 200: depth is a number" ;; *) ok 0 "gogo --time 200: depth is a number" ;; esac

# the engine's endgame option hands positions to the solver mid-search
run_yomi search reversi --position "$1 $2" --depth 3 --endgame 20
is "$(field value)" "38" "search --endgame 20 at 20 empties is exact"

# yomi bench ffo: the suite's own check, on its quickest position
run_yomi bench ffo --first 40 --last 40
ok $rc "bench ffo #40 exits 0"
case $out in *"#40	20	"*"	+38	a2	ok"*) ok 0 "bench ffo prints #40: 20 empties, +38, a2, ok" ;;
    *) ok 1 "bench ffo prints #40: 20 empties, +38, a2, ok" ;; esac
# #44 has 23 empties: the root runs two selective passes (margins 9 and
# 15 discs) before the exact one, which goes around the second's value
run_yomi bench ffo --first 44 --last 44
ok $rc "bench ffo #44 exits 0"
case $out in *"#44	23	"*"	-14	"[bd][82]"	ok"*) ok 0 "bench ffo #44: -14 by d2 or b8" ;;
    *) ok 1 "bench ffo #44: -14 by d2 or b8" ;; esac
bad_input "bench ffo: position out of the suite" bench ffo --first 39
bad_input "bench ffo: first after last" bench ffo --first 45 --last 44
bad_input "bench ffo: unknown option" bench ffo --depth 3

# bench ffo --file: the tests' line format and Edax's .obf, numbered from 1;
# the 13-empties position has two best moves, a3 and g7 (-36)
set_file="$tap_tmp/set.obf"
{
    echo "# a comment, then a blank line"
    echo
    grep 'FFO #40,' "$TESTDATA/reversi/ffo-40-59.txt"
    echo "--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O; f6:-46; G7:-36; A3:-36; g6:-38;"
} >"$set_file"
run_yomi bench ffo --file "$set_file"
ok $rc "bench ffo --file exits 0 when every answer is right"
case $out in *"#1	20	"*"	+38	a2	ok"*) ok 0 "bench ffo --file: #1 is FFO #40 (tests' format)" ;;
    *) ok 1 "bench ffo --file: #1 is FFO #40 (tests' format)" ;; esac
case $out in *"#2	13	"*"	-36	"[ag][37]"	ok"*) ok 0 "bench ffo --file: #2 from .obf, -36 by a3 or g7" ;;
    *) ok 1 "bench ffo --file: #2 from .obf, -36 by a3 or g7" ;; esac
run_yomi bench ffo --file "$set_file" --first 2 --last 2
case $out in *"#1	"*) ok 1 "bench ffo --file --first 2 solves #2 only" ;;
    *"#2	"*) ok 0 "bench ffo --file --first 2 solves #2 only" ;; *) ok 1 "bench ffo --file --first 2 solves #2 only" ;; esac
echo "--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O; f6:-34; a3:-36;" >"$set_file"
run_yomi bench ffo --file "$set_file"
is "$rc" 1 "bench ffo --file: a wrong listed answer exits 1"
case $out in *"WRONG"*) ok 0 "bench ffo --file: and says WRONG" ;; *) ok 1 "bench ffo --file: and says WRONG" ;; esac
bad_input "bench ffo --file: no such file" bench ffo --file "$tap_tmp/missing.obf"
echo "--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O; f6" >"$set_file"
bad_input "bench ffo --file: a move without a score" bench ffo --file "$set_file"
echo "--OOO-OXOOOOOOXX O 4 a3" >"$set_file"
bad_input "bench ffo --file: a short board" bench ffo --file "$set_file"
echo "--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O -36" >"$set_file"
bad_input "bench ffo --file: a score without moves" bench ffo --file "$set_file"
echo "--OOO-OXOOOOOOXX-OXXOXOXXXXOXOXXOOOOOOOX-OOXX---OOOOOX-----OOOOO O; a3:-36;" >"$set_file"
bad_input "bench ffo --file: --last beyond the file" bench ffo --file "$set_file" --last 3
echo "# nothing here" >"$set_file"
bad_input "bench ffo --file: no position" bench ffo --file "$set_file"

# A long solve says where it is on a terminal, and nothing when piped.
line=$(grep 'FFO #45,' "$TESTDATA/reversi/ffo-40-59.txt")
set -- $line
pos45="$1 $2"
run_yomi solve reversi --position "$(grep 'FFO #40,' "$TESTDATA/reversi/ffo-40-59.txt" | cut -d' ' -f1-2)"
is "$err" "" "solve is quiet on stderr when piped"
if command -v script >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1; then
    tty_out=$(script -qc "timeout 3 '$YOMI' solve reversi --position '$pos45'" /dev/null 2>&1 | tr '\r' '\n')
    case $tty_out in *"searching: "*" positions, "*" M/s, "*) ok 0 "on a terminal a long solve shows a progress line" ;;
        *) ok 1 "on a terminal a long solve shows a progress line"; printf '# %s\n' "$tty_out" | head -5 ;; esac
else
    ok 0 "# SKIP no script(1) to give yomi a terminal"
fi

done_testing
