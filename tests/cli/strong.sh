#!/bin/sh
# The yomi algorithm through the command line: selectable by name in every
# command that takes an algorithm, exact in solved positions, its switches
# are options, and a short match against the seeds' negascout.
. "$TESTLIB"

run_yomi search reversi-4x4 --solve --algo yomi --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $2, $4 }')" "yomi -8" \
    "yomi solves 4x4 reversi to the seeds' value"
run_yomi search reversi-4x4 --solve --algo yomi --aspiration off --null-move off --lmr off \
    --check-extension off --exchange off --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4 }')" "-8" "and with every switch off"

# The static exchange: losing captures and checks are quiet moves, so the
# same depth takes fewer positions than without it.
run_yomi search gogo --algo yomi --depth 9 --format tsv
with=$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $7 }')
run_yomi search gogo --algo yomi --depth 9 --exchange off --format tsv
without=$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $7 }')
[ -n "$with" ] && [ -n "$without" ] && [ "$with" -lt "$without" ]
ok $? "gogo depth 9: fewer positions with the static exchange ($with) than without ($without)"

run_yomi search gogo --position '4k/5/5/5/K4 b 2G 1' --algo yomi --depth 6 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4 }')" "29997" \
    "gogo: a mate in two moves scores SCORE_WIN - 3"
run_yomi search gogo --position '4k/5/5/5/K4 b 2G 1' --algo yomi --depth 3 --eval linear \
    --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4 }')" "29997" \
    "gogo: the linear evaluation alone finds it three plies deep"
run_yomi search gogo --position '4k/5/4G/5/K4 b G 1' --algo yomi --depth 4 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4, $5 }')" "29999 G*2b" \
    "gogo: the mate in one, found at once"

# The mate probe: gogo's quiescence sees a drop mate past the horizon.
# Gote taking the silver on 3b would let sente drop a gold on 2b, guarded
# by the rook: one ply deep, only the probe sees it.
run_yomi search gogo --position '2s1k/2S1p/5/P4/1K1RB w RGbg 16' --algo yomi --depth 1 \
    --mate-probe off --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $5 }')" "3a3b" \
    "gogo: without the mate probe, depth 1 takes the silver into a drop mate"
run_yomi search gogo --position '2s1k/2S1p/5/P4/1K1RB w RGbg 16' --algo yomi --depth 1 --format tsv
mv=$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $5 }')
[ -n "$mv" ] && [ "$mv" != "3a3b" ]
ok $? "and with it, it does not ($mv)"
run_yomi search gogo --position '2s1k/2S1p/5/P4/1K1RB w RGbg 16' --algo alphabeta --depth 1 --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $5 }')" "3a3b" \
    "the seed algorithms' quiescence stays the seeds' (no probe)"

run_yomi search kalah-4x3 --solve --algo yomi --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $4 }')" "6" "Kalah(4,3) = +6 (solved.txt)"

run_yomi compare reversi-4x4 --algos pvs,yomi --solve --format tsv
is "$(printf '%s\n' "$out" | awk -F '\t' 'NR > 1 { print $2, $4 }' | tr '\n' ';')" "pvs -8;yomi -8;" \
    "compare takes yomi"

run_yomi search gogo --algo yomi --time 200 --depth 60 --format tsv
ok $rc "a time-limited yomi search answers"

# The parts below are the game's to ask for (a futility margin in its
# GameOps).  gogo_switch SWITCH GOGO_DEPTH REVERSI_DEPTH: the nodes of
# gogo's search from the start with the switch on ($on) and off ($off);
# reversi, which gives no margin, must search the very same tree either way.
# Gogo with its linear weights alone, so that a network trained again does
# not move these trees.
nodes() { printf '%s\n' "$out" | awk -F '\t' 'NR == 2 { print $7 }'; }
gogo_switch() {
    run_yomi search gogo --algo yomi --depth "$2" --eval linear --format tsv
    on=$(nodes)
    run_yomi search gogo --algo yomi --depth "$2" --eval linear "--$1" off --format tsv
    off=$(nodes)
    run_yomi search reversi --algo yomi --depth "$3" --format tsv
    reversi_on=$(nodes)
    run_yomi search reversi --algo yomi --depth "$3" "--$1" off --format tsv
    is "$reversi_on" "$(nodes)" "reversi: --$1 changes nothing, the same tree on or off"
}

# Futility pruning: fewer nodes to the same depth.
gogo_switch futility 10 8
ok $([ -n "$on" ] && [ "$on" -lt "$off" ] && echo 0 || echo 1) \
    "gogo: futility pruning searches fewer nodes ($on against $off)"

# The singular extension (the margin scales its test): a node from depth 8
# whose table move alone holds searches that move a ply deeper, another
# tree to the same depth.
gogo_switch singular 11 10
ok $([ -n "$on" ] && [ -n "$off" ] && [ "$on" != "$off" ] && echo 0 || echo 1) \
    "gogo: the singular extension searches another tree ($on against $off)"

# Pruning by the static exchange skips the moves that give material away
# near the leaves: fewer nodes to the same depth.
gogo_switch see-pruning 12 8
ok $([ -n "$on" ] && [ "$on" -lt "$off" ] && echo 0 || echo 1) \
    "gogo: pruning by the static exchange searches fewer nodes ($on against $off)"
# The history's turn on late-move reductions changes the tree.
gogo_switch lmr-history 12 8
ok $([ -n "$on" ] && [ "$on" != "$off" ] && echo 0 || echo 1) \
    "gogo: the history moves late-move reductions ($on nodes against $off)"

bad_input "a bad switch value" search reversi --algo yomi --lmr sometimes
bad_input "a bad switch in a player" match reversi --first yomi:2,null-move=x --second negascout:2

# Deterministic players (nodes, not time), so the result is fixed: with
# the same nodes a move, yomi must win most of ten games (five openings,
# colours swapped) against the seeds' negascout.  Not at the same depth:
# yomi prunes, so a ply of it sees less (BENCHMARKS.md).
run_yomi match gogo --first yomi:60,nodes=20000 --second negascout:60,nodes=20000 --games 10 \
    --swap --random-plies 2 --balanced 150 --seed 1
total=$(printf '%s\n' "$out" | awk -F '\t' '$1 == "total" { print $4 }')
a=$(printf '%s\n' "$total" | sed -n 's/^A \([0-9]*\), B \([0-9]*\).*/\1/p')
ok $([ -n "$a" ] && [ "$a" -ge 6 ] && echo 0 || echo 1) \
    "gogo: yomi wins most games against negascout at equal nodes ($total)"

done_testing
