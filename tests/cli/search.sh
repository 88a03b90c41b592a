#!/bin/sh
# The searching commands' contract (doc/cli.md): fields, formats, bad input.
. "$TESTLIB"

run_yomi search reversi-4x4 --solve --algo negascout --order natural --table off --score discs
ok $rc "search exits 0"
for f in game algo depth value move pv nodes leaves table_hits time_ms nps; do
    case $out in *"
$f: "*|"$f: "*) ok 0 "text has $f" ;; *) ok 1 "text has $f" ;; esac
done

run_yomi search reversi-4x4 --solve --format tsv --score discs
is "$(printf '%s\n' "$out" | head -1 | cut -f1-11)" \
    "$(printf 'game\talgo\tdepth\tvalue\tmove\tpv\tnodes\tleaves\ttable_hits\ttime_ms\tnps')" "tsv header"
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $1, $4 }')" "reversi-4x4 -8" \
    "yomi's own best configuration gives the seed's value"

run_yomi search reversi-4x4 --solve --format json --score discs
case $out in '{"game": "reversi-4x4", "algo": "negascout", "depth": "solve", "value": -8,'*)
    ok 0 "json object" ;; *) ok 1 "json object" ;; esac
case $out in *'"mtd_passes": 0, "ebf": '[0-9]*'.'[0-9][0-9]', "proof": null, "disproof": null}')
    ok 0 "json: ebf a number, then pns's proof numbers, none here" ;;
    *) ok 1 "json: ebf a number, then pns's proof numbers, none here ($out)" ;; esac
run_yomi search reversi --depth 30 --time 50 --format json
case $out in *'"ebf": null, "proof": null, "disproof": null}') ok 0 "json: no ebf for a search the clock cut short" ;;
    *) ok 1 "json: no ebf for a search the clock cut short ($out)" ;; esac

run_yomi compare reversi-4x4 --algos minimax,alphabeta,pvs --solve --order natural --table off \
    --score discs --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR > 1 { print $2, $4, $8 }' | tr '\n' ';')" \
    "minimax -8 60060;alphabeta -8 10016;pvs -8 $(printf '%s\n' "$out" | awk -F '\t' 'NR == 4 { print $8 }');" \
    "compare: one row per algorithm"
# The columns that say why, appended after nps (doc/cli.md): cutoffs,
# re-searches, MTD(f) passes and the effective branching factor, the b
# with b + ... + b^d = nodes below the root (a solve's d: its line's plies).
is "$(printf '%s\n' "$out" | head -1)" \
    "$(printf 'game\talgo\tdepth\tvalue\tmove\tpv\tnodes\tleaves\ttable_hits\ttime_ms\tnps\tprobes\tcutoffs\tresearches\tmtd_passes\tebf\tproof\tdisproof')" \
    "compare tsv: the golden columns, new ones at the end"
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR > 1 { print $2, $7, $13, $14, $15, $16 }' | tr '\n' ';')" \
    "minimax 224821 0 0 0 3.31;alphabeta 39563 6193 0 0 2.76;pvs 4724 2137 4 0 2.19;" \
    "compare tsv: nodes, cutoffs, re-searches, passes and ebf of each row"
run_yomi compare reversi --algos minimax,pvs,mtdf --depth 6 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR > 1 { print $2, $3, $7, $13, $14, $15, $16 }' | tr '\n' ';')" \
    "minimax 6 11294 0 0 0 4.54;pvs 6 1606 396 14 0 3.22;mtdf 6 1847 514 0 18 3.30;" \
    "compare tsv at depth 6: the ebf over 6 plies, MTD(f)'s passes"
run_yomi compare reversi-4x4 --algos negamax,mtdf --solve --table exact --score discs
ok $rc "compare as a text table"
# As text, compare keeps to 80 columns: after algo..leaves, the columns
# that say why while they fit, none that is 0 or - in every row, then each
# row's line under the table (doc/cli.md).
run_yomi compare reversi-4x4 --algos minimax,alphabeta,pvs,mtdf --depth 4 --order natural --table off
# (the time, last in the table, is the machine's: left out of the golden)
is "$(printf '%s\n' "$out" | sed -E '2,6s/ +[^ ]+$//')" "game: reversi-4x4
algo       depth  value  move  nodes  leaves  cutoffs  passes   ebf
minimax        4    -13    b1    189     128        0       0  3.40
alphabeta      4    -13    b1    113      68       22       0  2.94
pvs            4    -13    b1     66      33       20       0  2.52
mtdf           4    -13    b1     87      44       30       2  2.73
pv:
minimax    b1 a1 a2 c1
alphabeta  b1 a1 a2 c1
pvs        b1 a1 a2 c1
mtdf       b1 a1 a2 c1" "compare text: cutoffs, passes, the ebf and the time; no re-search column, all 0"
run_yomi compare reversi-4x4 --algos negascout,pns --solve --score discs
is "$(printf '%s\n' "$out" | sed -n 2,4p)" \
"algo       depth  value  move  nodes  leaves  cutoffs  re-search   ebf   pn  dn
negascout  solve     -8    b1    646      77      280          3  1.76    -   -
pns        solve     -1    d3    772      35        0          0  1.79  inf   0" \
    "compare text: pns's proof and disproof numbers, pn and dn, take the time's room"
run_yomi compare reversi-4x6 --algos alphabeta-window,pns --solve
is "$(printf '%s\n' "$out" | sed -n '/^pv:/,$p')" "pv:
alphabeta-window  c1 b1 a1 c4 b2 e1 e4 e2 e3 d1 f1 f4 d4 b3 a4 a2 a3 pass f2 f3
                  b4
pns               d4 e2 d1 c4 b4 b3 c1 b2 a1 a2 e1 pass b1 a3 a4 pass f1 e3 f4
                  f3 f2 pass e4" "compare text: a long line wraps at 80 columns under itself"
is "$(printf '%s\n' "$out" | awk 'length($0) > 80' | wc -l)" "0" "compare text: no line over 80 columns"
run_yomi compare reversi --algos minimax,pvs,mtdf --depth 6 --wide
is "$(printf '%s\n' "$out" | sed -n 2p | tr -s ' ')" \
    "algo depth value move nodes leaves cutoffs re-search passes ebf pn dn hits time_ms probes nps pv" \
    "compare --wide: every column, the line last"
is "$(printf '%s\n' "$out" | sed -n 3p | awk '{ print $1, $5, $7, $8, $9, $10, $11, $12, $13, $NF }')" \
    "minimax 11294 0 0 0 4.54 - - 70 b3" "compare --wide: minimax's row, zeros and dashes too"

# pns proves the outcome only (+1, 0, -1 for the side to move), always to
# the end, with the root's proof and disproof numbers; the others have none.
columns() { # columns NAME...: those fields of every tsv row, rows joined by ;
    printf '%s\n' "$out" | awk -F '\t' -v want="$*" '
        NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; n = split(want, w, " ") }
        NR > 1 { line = ""; for (k = 1; k <= n; k++) line = line (k > 1 ? " " : "") $col[w[k]]; print line }' |
        tr '\n' ';'
}
run_yomi compare reversi-4x4 --algos negascout,pns --solve --score discs --format tsv
is "$(columns algo depth value proof disproof)" "negascout solve -8 - -;pns solve -1 inf 0;" \
    "compare: pns proves 4x4 a loss, with its numbers"
run_yomi search kalah-3x1 --algo pns --format tsv
is "$(columns depth value proof disproof)" "solve 0 0 inf;" \
    "pns: Kalah(3,1) a draw (a win disproved, then a draw proved), --solve implied"
run_yomi search kalah-4x3 --algo pns --depth 3 --format json
case $out in *'"depth": "solve", "value": 1,'*'"proof": 0, "disproof": "inf"}') ok 0 "pns json: a depth is a solve, inf a string" ;;
    *) ok 1 "pns json: a depth is a solve, inf a string"; printf '#   %s\n' "$out" ;; esac
run_yomi search reversi --algo pns --nodes 3000 --format tsv
is "$rc $(columns depth value)" "0 0 -;" "pns out of nodes: no value, no depth"
run_yomi solve kalah-3x1 --algo pns --divide
is "$(printf '%s\n' "$out" | sed -n 's/^\([0-9]\): /\1=/p; s/^value: /value=/p' | tr '\n' ' ')" "1=0 2=-1 3=0 value=0 " \
    "solve --algo pns --divide: each move's outcome (solved.txt: 1:+0, 2:-4, 3:+0x)"

run_yomi solve reversi-4x4 --score discs
is "$(printf '%s\n' "$out" | sed -n 's/^value: //p')" "-8" "solve 4x4 cross"
run_yomi solve reversi-4x4 --start parallel --score discs
is "$(printf '%s\n' "$out" | sed -n 's/^value: //p')" "-3" "solve 4x4 parallel"

run_yomi grid reversi-4x4 --algos negaalpha,negascout --depths 1-2
ok $rc "grid on reversi"
case $out in *"negaalpha / negascout"*) ok 0 "grid names its algorithms" ;; *) ok 1 "grid names its algorithms" ;; esac
case $out in *"each cell: final discs (first, second)"*) ok 0 "reversi's grid counts discs" ;; *) ok 1 "reversi's grid counts discs" ;; esac

run_yomi match reversi-4x4 --first alphabeta:2 --second negascout:3,order=natural --games 2 --swap
ok $rc "match exits 0"
is "$(printf '%s\n' "$out" | grep -c '^[12]	')" "2" "match: one row per game"
case $out in *"total	"*) ok 0 "match: totals" ;; *) ok 1 "match: totals" ;; esac
# The Elo of the score line: no finite estimate for a perfect or a nil
# score, a range that admits what a few games cannot rule out, never "-0".
elo() { printf '%s\n' "$out" | sed -n 's/^score	.*	\(Elo [^	]*\)	.*/\1/p'; }
run_yomi match kalah-4x3 --first pvs:6 --second minimax:1 --games 2 --swap
case $(elo) in "Elo +inf [-"[0-9]*", +inf]") ok 0 "match: all won is Elo +inf, its range open below" ;;
    *) ok 1 "match: all won is Elo +inf, its range open below ($(elo))" ;; esac
run_yomi match kalah-4x3 --first minimax:1 --second pvs:6 --games 2 --swap
case $(elo) in "Elo -inf [-inf, +"[0-9]*"]") ok 0 "match: all lost is Elo -inf, its range open above" ;;
    *) ok 1 "match: all lost is Elo -inf, its range open above ($(elo))" ;; esac
run_yomi match kalah --first pvs:6 --second minimax:1
case $out in *"draws 1"*) ok 0 "match: a drawn game" ;; *) ok 1 "match: a drawn game" ;; esac
case $(elo) in "Elo +0 [-"[0-9]*", +"[0-9]*"]") ok 0 "match: one draw is Elo +0 with a wide range" ;;
    *) ok 1 "match: one draw is Elo +0 with a wide range ($(elo))" ;; esac
run_yomi match reversi-4x4 --first pvs:4 --second minimax:1 --games 2 --swap
e=$(elo)
case $e in Elo*) ! printf '%s\n' "$e" | grep -q -- '-0\([^0-9]\|$\)' ;; *) false ;; esac
ok $? "match: no -0 in the Elo at an even score ($e)"

# mcts: the forced win of a small tree found and its line, the whole tree
# (19 nodes) grown, one leaf a random game; the same again with its seed.
forced='((9 9 9 9 -1) ((1 -1)(1 -1)) (-5 (3 -2)))'
run_yomi search tree --position "$forced" --algo mcts --iterations 2000 --seed 1 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $2, $3, $4, $5, $6, $7, $8 }')" \
    "mcts 3 98 2 2 2 1 19 2000" "mcts finds the forced win (golden line)"
run_yomi search kalah --algo mcts --iterations 3000 --seed 5 --format tsv
first=$(printf '%s\n' "$out" | cut -f1-9)
run_yomi search kalah --algo mcts --iterations 3000 --seed 5 --format tsv
is "$(printf '%s\n' "$out" | cut -f1-9)" "$first" "mcts: the same seed, the same search"
run_yomi search kalah --algo mcts --time 100 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print ($8 > 0 && $5 != "-") }')" "1" \
    "mcts under --time answers with the games it had time for"
run_yomi match kalah-4x3 --first mcts:0,iterations=500,seed=3 --second minimax:1 --games 2 --swap
ok $rc "match: mcts plays, its options in the player"
case $out in *"A=mcts:0,iterations=500,seed=3"*) ok 0 "match: mcts's player spec" ;;
    *) ok 1 "match: mcts's player spec" ;; esac

for cmd in search compare solve grid match bench; do
    run_yomi $cmd --help
    case $out in "usage: yomi $cmd"*) ok 0 "$cmd --help" ;; *) ok 1 "$cmd --help" ;; esac
done

bad_input "search: unknown algo" search reversi --algo quicksort
bad_input "search: bad depth" search reversi --depth -3
bad_input "search: bad order" search reversi --order random
bad_input "search: bad table" search reversi --table maybe
bad_input "search: bad table-mb" search reversi --table-mb 0
bad_input "search: bad format" search reversi --format xml
bad_input "search: bad position" search reversi-4x4 --position "XXO"
bad_input "search: unknown option" search reversi --colour red
bad_input "search: no game" search
bad_input "search: option without value" search reversi --depth
bad_input "search: no iterations" search kalah --algo mcts --iterations 0
bad_input "search: exploration not a number" search kalah --algo mcts --exploration much
bad_input "search: exploration below 0" search kalah --algo mcts --exploration -1
bad_input "search: bad seed" search kalah --algo mcts --seed x
bad_input "compare: no algos" compare reversi
bad_input "compare: bad algo list" compare reversi --algos negamax,,nope
bad_input "solve: fixed option" solve reversi-4x4 --algo minimax
bad_input "grid: no depths" grid kalah-4x3 --algos negamax
bad_input "grid: bad depths" grid reversi-4x4 --algos negamax --depths 5-2
bad_input "match: bad player" match reversi --first negascout --second pvs:2
bad_input "match: human" match reversi --first human --second pvs:2
bad_input "match: missing second" match reversi --first pvs:2
bad_input "bench: unknown option" bench --frobnicate 3

done_testing
