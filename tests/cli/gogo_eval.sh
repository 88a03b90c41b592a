#!/bin/sh
# gogo's evaluation on the command line: --eval, per-player evaluations in
# match, random openings, and a tiny `yomi train gogo` whose file loads.
. "$TESTLIB"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run_yomi search gogo --depth 2 --eval material
ok $rc "search with --eval material"
mat_value=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
is "$mat_value" "0" "material-only value of the start"
run_yomi search gogo --depth 2 --eval tuned
ok $rc "search with --eval tuned"
is "$err" "" "the shipped weights load without a warning"
bad_input "unknown --eval" search gogo --eval materal
bad_input "missing weight file" search gogo --eval "$dir/none.txt"
bad_input "--eval is gogo's" search reversi --eval material

# A tiny training run: a few games at depth 1, a few epochs.
run_yomi train gogo --games 6 --depth 1 --epochs 5 --seed 3 --out "$dir/w.txt"
ok $rc "train gogo exits 0"
is "$err" "" "train gogo is quiet on stderr when piped"
case $out in *"written: $dir/w.txt"*) ok 0 "train gogo says where it wrote" ;; *) ok 1 "train gogo says where it wrote" ;; esac
is "$(ls "$dir")" "w.txt" "the weight file and no temporary left over"
run_yomi search gogo --depth 2 --eval "$dir/w.txt"
ok $rc "the trained file loads as --eval FILE"
cp "$dir/w.txt" "$dir/first.txt"
run_yomi train gogo --games 6 --depth 1 --epochs 5 --seed 3 --threads 1 --out "$dir/w.txt"
cmp -s "$dir/w.txt" "$dir/first.txt"
ok $? "the same seed gives the same weights, whatever the thread count"

# The labelled positions, kept and fitted again: the same weights.
run_yomi train gogo --games 6 --depth 1 --epochs 5 --seed 3 --out "$dir/w.txt" \
    --save-positions "$dir/pos.txt"
ok $rc "train gogo --save-positions"
is "$(head -n 1 "$dir/pos.txt")" "yomi-gogo-positions 1 6" "the positions file's header"
cmp -s "$dir/w.txt" "$dir/first.txt"
ok $? "keeping the positions changes no weight"
run_yomi train gogo --load-positions "$dir/pos.txt" --epochs 5 --out "$dir/again.txt"
ok $rc "train gogo --load-positions"
grep -v '^#' "$dir/again.txt" >"$dir/again.w"
grep -v '^#' "$dir/first.txt" >"$dir/first.w"
cmp -s "$dir/again.w" "$dir/first.w"
ok $? "the loaded positions fit to the same weights"
run_yomi train gogo --load-positions "$dir/pos.txt" --load-positions "$dir/pos.txt" --epochs 1 \
    --out "$dir/twice.txt"
case $out in *"games: 12 (from positions files)"*) ok 0 "two files fit as one set of 12 games" ;;
*) ok 1 "two files fit as one set of 12 games ($out)" ;; esac
sed '3s/ [a-zA-Z0-9+/]*/ rbsk9/2' "$dir/pos.txt" >"$dir/badpos.txt"
bad_input "a damaged position in a positions file" train gogo --load-positions "$dir/badpos.txt" \
    --out "$dir/x.txt"
case $err in *"badpos.txt: line 3"*) ok 0 "the message names the file and line" ;;
*) ok 1 "the message names the file and line ($err)" ;; esac
sed '3s/^[0-9]* /999 /' "$dir/pos.txt" >"$dir/badgame.txt"
bad_input "a game past the header's count" train gogo --load-positions "$dir/badgame.txt" \
    --out "$dir/x.txt"
sed '3s/ win / won /;3s/ loss / won /;3s/ draw / won /' "$dir/pos.txt" >"$dir/badres.txt"
bad_input "a result that is not win, draw or loss" train gogo --load-positions \
    "$dir/badres.txt" --out "$dir/x.txt"
printf 'hello\n' >"$dir/notpos.txt"
bad_input "not a positions file" train gogo --load-positions "$dir/notpos.txt" --out "$dir/x.txt"
bad_input "a folder as a positions file" train gogo --load-positions "$dir" --out "$dir/x.txt"

head -c 300 "$dir/w.txt" >"$dir/cut.txt"
bad_input "truncated weight file" search gogo --eval "$dir/cut.txt"
case $err in *"cut.txt"*) ok 0 "the message names the file" ;; *) ok 1 "the message names the file" ;; esac
mkdir "$dir/data"
cp "$dir/cut.txt" "$dir/data/gogo-eval.txt"
YOMI_DATADIR="$dir/data" run_yomi search gogo --depth 2
ok $rc "a bad shipped file does not stop the game"
case $err in *"built-in evaluation weights"*) ok 0 "and is reported" ;; *) ok 1 "and is reported" ;; esac

bad_input "train gogo: bad --games" train gogo --games 0
bad_input "train gogo: unknown option" train gogo --fast 1
bad_input "train gogo: unwritable --out" train gogo --games 1 --depth 1 --epochs 1 --out "$dir/no/such/dir/w.txt"

# Match: each player its own evaluation, from random openings.
run_yomi match gogo --first pvs:2 --second pvs:2 --games 4 --swap --openings 4 --seed 5 \
    --first-eval material --second-eval tuned
ok $rc "match with --first-eval/--second-eval"
is "$(printf '%s\n' "$out" | grep -c '^[0-9]')" "4" "four games played"
run_yomi match gogo --first pvs:2 --second pvs:2 --games 4 --swap --random-plies 4 --seed 6
ok $rc "match with openings"
run_yomi match gogo --first pvs:2 --second pvs:2 --games 1 --openings 4 --seed 5
again=$(printf '%s\n' "$out" | sed -n 2p | cut -f5)
run_yomi match gogo --first pvs:2 --second pvs:2 --games 1 --openings 4 --seed 5
is "$(printf '%s\n' "$out" | sed -n 2p | cut -f5)" "$again" "an opening seed replays the same game"
bad_input "match: bad --first-eval" match gogo --first pvs:1 --second pvs:1 --first-eval nope

# --record writes each game's moves; --balanced redraws lopsided openings.
# Seed 1's first 2-ply opening, 3e2d 4a2c, leaves gote's bishop to be taken.
run_yomi match gogo --first pvs:1 --second pvs:1 --games 2 --swap --random-plies 2 --seed 1 \
    --record "$dir/plain.txt"
ok $rc "match --record"
is "$(wc -l < "$dir/plain.txt" | tr -d ' ')" "2" "--record: a line per game"
is "$(cut -f1,2 "$dir/plain.txt" | tr '\t\n' ' ;')" "1 A-B;2 B-A;" "--record: number and seats"
is "$(cut -f4 "$dir/plain.txt" | cut -d' ' -f1-2 | sort -u)" "3e2d 4a2c" \
    "--record: the pair shares its opening"
is "$(awk -F '\t' '{ print split($4, m, " ") }' "$dir/plain.txt" | tr '\n' ' ')" \
    "$(printf '%s\n' "$out" | awk -F '\t' '/^[0-9]/ { printf "%s ", $5 }')" \
    "--record: as many moves as the row's plies"
run_yomi match gogo --first pvs:1 --second pvs:1 --games 2 --swap --random-plies 2 --seed 1 \
    --balanced 150 --record "$dir/balanced.txt"
ok $rc "match --balanced"
opening=$(cut -f4 "$dir/balanced.txt" | cut -d' ' -f1-2 | sort -u)
case $opening in "3e2d 4a2c"|*"
"*) ok 1 "--balanced: a level opening shared by the pair ($opening)" ;;
*) ok 0 "--balanced: a level opening shared by the pair ($opening)" ;; esac
bad_input "match: --balanced without openings" match gogo --first pvs:1 --second pvs:1 --balanced 100
bad_input "match: unwritable --record" match gogo --first pvs:1 --second pvs:1 --record "$dir/no/x.txt"
done_testing
