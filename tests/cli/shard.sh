#!/bin/sh
# A match cut into shards: each shard plays its slice of the very games
# the whole match plays (same numbers, openings and seats), and --merge
# puts the shards' reports back into the report one run prints, to the
# byte.  Then the same with GNU parallel, as the README runs it (skipped
# without parallel), and what --merge refuses.
. "$TESTLIB"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
set -- kalah-4x3 --first alphabeta:2 --second negascout:4 --games 9 --swap --random-plies 3 \
    --seed 5

"$YOMI" match "$@" >"$tmp/whole.tsv" 2>/dev/null
ok $? "the whole match"
for k in 1 2 3 4; do
    "$YOMI" match "$@" --shard "$k/4" >"$tmp/part$k.tsv" 2>/dev/null
done
is "$(cat "$tmp"/part?.tsv | grep -c '^[0-9]')" "9" "four shards play the nine games between them"
is "$(awk -F '\t' '/^[0-9]/ { print $1 }' "$tmp/part2.tsv" | tr '\n' ' ')" "3 4 " \
    "with --swap a shard takes whole pairs (shard 2 of 4: games 3 and 4)"
"$YOMI" match --merge "$tmp/part3.tsv" "$tmp/part1.tsv" "$tmp/part4.tsv" "$tmp/part2.tsv" \
    >"$tmp/merged.tsv"
ok $? "the shards merge"
cmp -s "$tmp/whole.tsv" "$tmp/merged.tsv"
ok $? "into the whole match's report, to the byte (rows, totals, score)"

if command -v parallel >/dev/null 2>&1; then
    (cd "$tmp" && parallel --will-cite -j 2 "'$YOMI' match $* --shard {}/3 >par{}.tsv" ::: 1 2 3 \
        && "$YOMI" match --merge par1.tsv par2.tsv par3.tsv >par.tsv)
    ok $? "GNU parallel runs the shards"
    cmp -s "$tmp/whole.tsv" "$tmp/par.tsv"
    ok $? "and they merge to the same report"
else
    echo "ok $((tap_n += 1)) # SKIP GNU parallel is not installed"
    echo "ok $((tap_n += 1)) # SKIP GNU parallel is not installed"
fi

bad_input "--merge: a shard left out" match --merge "$tmp/part1.tsv" "$tmp/part3.tsv"
is "$err" "yomi: match --merge: game 3 is missing (a shard left out?)" "names the first game missing"
bad_input "--merge: a shard twice" match --merge "$tmp/part1.tsv" "$tmp/part1.tsv" \
    "$tmp/part2.tsv" "$tmp/part3.tsv" "$tmp/part4.tsv"
"$YOMI" match kalah-4x3 --first alphabeta:1 --second negascout:4 --games 2 --swap --shard 1/2 \
    >"$tmp/other.tsv" 2>/dev/null
bad_input "--merge: shards of other players" match --merge "$tmp/other.tsv" "$tmp/part2.tsv"
printf 'hello\n' >"$tmp/hello.tsv"
bad_input "--merge: not a report" match --merge "$tmp/hello.tsv"
bad_input "--merge: a device" match --merge /dev/zero
bad_input "--merge: no file" match --merge
bad_input "--merge: a missing file" match --merge "$tmp/none.tsv"
sed 's/^3\t/3x\t/' "$tmp/part2.tsv" >"$tmp/mangled.tsv"
bad_input "--merge: a mangled row" match --merge "$tmp/part1.tsv" "$tmp/mangled.tsv"
bad_input "--shard 0/4" match kalah-4x3 --first alphabeta:1 --second alphabeta:1 --shard 0/4
bad_input "--shard 5/4" match kalah-4x3 --first alphabeta:1 --second alphabeta:1 --shard 5/4
bad_input "--shard x" match kalah-4x3 --first alphabeta:1 --second alphabeta:1 --shard x
done_testing
