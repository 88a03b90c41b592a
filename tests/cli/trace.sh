#!/bin/sh
# yomi trace: a search told step by step (issue 29), golden on the
# tutorials' trees: alphabeta's cutoffs on the textbook tree, NegaScout's
# re-searches on the tree where each move is better than the last, and
# MTD(f)'s passes; a search too big to tell and bad input exit 2.
. "$TESTLIB"
LC_ALL=C LANGUAGE= && export LC_ALL LANGUAGE

T='((3 12 8)(2 4 6)(14 5 2))'

run_yomi trace tree --position "$T" --algo alphabeta --order natural --table off --solve
ok $rc "trace alphabeta exits 0"
is "$out" "search to the end of the game
enter root  window (-inf, +inf)
  enter 1  window (-inf, +inf)
    leaf 1.1 = 3
    leaf 1.2 = 12
    leaf 1.3 = 8
  back up 1 = 3, from 1.1
  enter 2  window (3, +inf)
    leaf 2.1 = 2
  2.1: 2 <= alpha 3, 2 moves not searched (cutoff)
  back up 2 = 2, from 2.1
  enter 3  window (3, +inf)
    leaf 3.1 = 14
    leaf 3.2 = 5
    leaf 3.3 = 2
  3.3: 2 <= alpha 3 on the last move (cutoff)
  back up 3 = 2, from 3.3
back up root = 3, from 1
best 1, value 3, 7 leaves, 11 nodes" "alphabeta on the textbook tree, step by step"

run_yomi trace tree --tree rescout --algo negascout --order natural --table off --solve
is "$(printf '%s\n' "$out" | grep 'search again')" \
"  1: the null window (-inf, -inf+1) failed high with 1: search again with (1, +inf)
  2: the null window (1, 2) failed high with 3: search again with (3, +inf)
  3: the null window (3, 4) failed high with 5: search again with (5, +inf)" \
    "negascout: each better move is searched again"
is "$(printf '%s\n' "$out" | tail -n 1)" "best 3, value 5, 9 leaves, 16 nodes" "negascout's result"

run_yomi trace tree --position "$T" --algo mtdf --order natural --solve
is "$(printf '%s\n' "$out" | grep -i 'pass')" \
"MTD(f) pass: is the value >= 0?  window (-1, 0), known [-inf, +inf]
the pass failed high: value >= 3, so it lies in [3, +inf]
MTD(f) pass: is the value >= 4?  window (3, 4), known [3, +inf]
the pass failed low: value <= 3, so it lies in [3, 3]" "mtdf: two passes squeeze the value to 3"

run_yomi trace tree --position "$T" --algo alphabeta --order natural --table off --solve --format tsv
is "$(printf '%s\n' "$out" | head -n 1)" \
    "$(printf 'kind\tply\tpath\tside\tdepth\talpha\tbeta\tvalue\tbest\tunsearched\tbound')" "tsv header"
is "$(printf '%s\n' "$out" | grep -c '^leaf')" "7" "tsv: one line a leaf"
is "$(printf '%s\n' "$out" | grep '^cutoff' | cut -f 3,8,9,10)" \
    "$(printf '2\t-2\t2.1\t2\n3\t-2\t3.3\t0')" "tsv: the cutoffs, side to move's view"

run_yomi trace --help
case $out in *"usage: yomi trace GAME"*) ok 0 "trace --help" ;; *) ok 1 "trace --help" ;; esac

bad_input "trace: a search too big to tell" trace reversi --depth 9
bad_input "trace: no game" trace
bad_input "trace: json" trace tree --format json
bad_input "trace: unknown option" trace tree --frobnicate
bad_input "trace: bad tree" trace tree --position '((3 12 8)(2 4 6)'
done_testing
