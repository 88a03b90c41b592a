#!/bin/sh
# Seeds 001 and 002: every line of tests/data/seed/reversi-cells.txt through the
# real CLI; value, leaves and table hits must match to the digit.
. "$TESTLIB"

grep -v '^#' "$TESTDATA/seed/reversi-cells.txt" | {
    while read -r board start order algo table guess value leaves hits; do
        [ -n "$board" ] || continue
        set -- search "reversi-$board" --start "$start" --order "$order" --algo "$algo" \
            --table "$table" --solve --score discs --format tsv
        [ "$guess" != "-" ] && set -- "$@" --guess "$guess"
        [ "$hits" = "-" ] && hits=0
        run_yomi "$@"
        got=$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4, $8, $9 }')
        is "$got" "$value $leaves $hits" "$board $start $order $algo table=$table guess=$guess"
    done
    done_testing
}
