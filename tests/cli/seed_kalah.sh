#!/bin/sh
# Seed 000: every line of tests/data/seed/kalah-cells.txt (whole games of Kalah
# between two depths; final stores and both players' evaluations) through
# `yomi grid` in tsv.
. "$TESTLIB"

run_yomi show kalah
if [ "$rc" -ne 0 ]; then
    echo "1..0 # SKIP kalah is not built in this tree"
    exit 0
fi

tmp=$(mktemp)
"$YOMI" grid kalah --rules seed --algos negaalpha,alphabeta-window,negascout --depths 2-5 \
    --format tsv >"$tmp"
ok $? "grid, full extra turns, depths 2-5"
"$YOMI" grid kalah --rules seed --extra-turn simplified --algos negaalpha,alphabeta-window \
    --depths 2-5 --format tsv >>"$tmp"
ok $? "grid, simplified extra turns, depths 2-5"
"$YOMI" grid kalah --rules seed --algos alphabeta-window,negascout --depths 6-8 \
    --format tsv >>"$tmp"
ok $? "grid, full extra turns, depths 6-8"

grep -v '^#' "$TESTDATA/seed/kalah-cells.txt" | sort -u | {
    while read -r turn algo d1 d2 first second evals; do
        got=$(awk -F '\t' -v t="$turn" -v a="$algo" -v d1="$d1" -v d2="$d2" \
            '$1 == t && $2 == a && $3 == d1 && $4 == d2 { print $5, $6, $7 }' "$tmp")
        is "$got" "$first $second $evals" "$turn $algo d1=$d1 d2=$d2"
    done
    rm -f "$tmp"
    done_testing
}
