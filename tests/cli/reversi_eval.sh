#!/bin/sh
# The 8x8 pattern evaluation through the command line: yomi train, the
# weight file found through $YOMI_DATADIR, --eval, and match players with
# an evaluation of their own.
. "$TESTLIB"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/data"

run_yomi train reversi --games 4 --depth 1 --out "$work/data/reversi-eval.dat"
ok $rc "train a tiny set"
case $out in "wrote $work/data/reversi-eval.dat: "*" positions, rms error "*) ok 0 "train says what it wrote" ;; *) ok 1 "train says what it wrote" ;; esac
is "$err" "" "train is quiet when stderr is not a terminal"
run_yomi train reversi --games 4 --depth 1 --threads 2 --out "$work/again.dat"
cmp -s "$work/data/reversi-eval.dat" "$work/again.dat"
ok $? "the same seed gives the same file, whatever the threads"
run_yomi train reversi --games 4 --depth 1 --seed 7 --out "$work/other.dat"
cmp -s "$work/data/reversi-eval.dat" "$work/other.dat"
[ $? -ne 0 ]
ok $? "another seed, other games"

export YOMI_DATADIR="$work/data"
run_yomi search reversi --depth 3
ok $rc "search with the trained file"
is "$err" "" "a good file: no notice"

printf 'garbage' >"$work/data/reversi-eval.dat"
run_yomi search reversi --depth 3
ok $rc "a damaged file still searches"
is "$(printf '%s\n' "$err" | grep -c '^yomi: note: pattern evaluation unavailable')" "1" "one notice names the problem"
run_yomi match reversi --first pvs:1 --second pvs:1 --second-eval mobility --games 2
is "$(printf '%s\n' "$err" | grep -c .)" "1" "the notice comes once per run"
run_yomi bench ffo --first 40 --last 40
ok $rc "bench ffo solves on the fallback"
is "$(printf '%s\n' "$err" | grep -c '^yomi: note: pattern evaluation unavailable')" "1" "bench ffo says it runs on the fallback"
unset YOMI_DATADIR

run_yomi match reversi --first pvs:1 --second pvs:1 --second-eval mobility --games 2 --swap --random-plies 4
ok $rc "match: a mobility-only player"
case $out in *"B=pvs:1 (eval mobility)"*) ok 0 "match: the player's evaluation in the totals" ;; *) ok 1 "match: the player's evaluation in the totals" ;; esac
is "$(printf '%s\n' "$out" | grep -c '^[12]	')" "2" "match: one row per game"
run_yomi match reversi-6x6 --first pvs:1 --first-eval simple --second pvs:1 --second-eval mobility --games 1
ok $rc "match: evaluations on 6x6"

bad_input "train: bad games" train reversi --games 0
bad_input "train: games not a number" train reversi --games many
bad_input "train: bad depth" train reversi --depth 99
bad_input "train: no such game" train frobnicate
bad_input "train: not 8x8" train reversi-6x6
bad_input "train: no game" train --games 4
bad_input "train: unknown option" train reversi --colour red
bad_input "train: bad positions file" train reversi --load-positions "$work/again.dat"
bad_input "train: unwritable output" train reversi --games 1 --depth 1 --out "$work/no/such/dir/x.dat"
bad_input "eval: unknown" search reversi --eval magic --depth 1
bad_input "eval: pattern is 8x8 only" search reversi-6x6 --eval pattern --depth 1
bad_input "match: bad player eval" match reversi --first pvs:1 --first-eval magic --second pvs:1
bad_input "match: bad random plies" match reversi --first pvs:1 --second pvs:1 --random-plies -1

done_testing
