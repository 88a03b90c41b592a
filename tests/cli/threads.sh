#!/bin/sh
# --threads N (doc/cli.md): every command that searches takes it, a player
# spec takes threads=N; the value of a solve is the same on any number of
# threads; one thread, the default, keeps yomi bench's deterministic
# signature; the seed algorithms and Kalah's exact solver stay on one
# thread whatever is asked, reversi's takes the threads from 16 empties.
. "$TESTLIB"

field() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }

# FFO #40: 20 empties, black to move, +38 by a2 (tests/data/reversi/ffo-40-59.txt)
ffo40="O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"

for t in 1 2; do
    run_yomi solve reversi --position "$ffo40" --threads $t
    is "$rc $(field value) $(field move) $(field depth)" "0 38 a2 solve" \
        "solve FFO #40 on $t thread(s): +38 by a2, exact"
    [ $t = 1 ] && one=$(field nodes)
done
run_yomi solve reversi --position "$ffo40" --threads 1
is "$(field nodes)" "$one" "the reversi solver on one thread: the same nodes every time"
run_yomi search reversi --position "$ffo40" --algo yomi --depth 12 --endgame 14 --threads 2
is "$rc $(field value) $(field move)" "0 38 a2" \
    "yomi --endgame 14 on 2 threads, each with its solver below 14 empties: +38 by a2"
run_yomi solve reversi --position "$ffo40" --threads 2 --divide
is "$(printf '%s\n' "$out" | grep -c '^[a-h][1-8]: ')" "10" "solve --divide --threads 2: a line per move"
is "$(printf '%s\n' "$out" | sed -n 's/^a2: //p')" "38" "and a2's value is the root's"

# Reversi's solver spreads a solve of 16 empties or more over the threads
# (its own helpers, its one table): the exact answers of the quickest FFO
# positions (tests/data/reversi/ffo-40-59.txt), checked by bench ffo itself.
run_yomi bench ffo --first 40 --last 42 --threads 2
is "$rc $(printf '%s\n' "$out" | grep -c '^#4[0-2]	.*	ok$') $(printf '%s\n' "$out" | grep -c '^total	.*	ok$')" \
    "0 3 1" "bench ffo #40-#42 on 2 threads: every answer exact"
bad_input "bench ffo --threads 0" bench ffo --first 40 --last 40 --threads 0
run_yomi search reversi --position "$ffo40" --algo yomi --depth 30 --endgame all --threads 2
is "$rc $(field value) $(field move)" "0 38 a2" "yomi --endgame all on 2 threads: the solver takes the root on both, +38 by a2"

run_yomi solve kalah-4x3 --threads 1
one="$(field value)"
run_yomi solve kalah-4x3 --threads 2
is "$rc $(field value)" "0 $one" "solve kalah-4x3: the same value on 2 threads ($one)"
run_yomi solve gogo --position "rbsgk/4p/5/P4/KGSBR b - 1" --time 300 --threads 2
is "$rc" "0" "solve gogo --time on 2 threads (Lazy SMP, no game solver): exit 0"

for spec in "--algo yomi --depth 6" "--algo pvs --depth 5" "--algo mtdf --depth 5" \
            "--algo negascout --time 200" "--algo yomi --depth 5 --threads all"; do
    for game in reversi gogo kalah; do
        # shellcheck disable=SC2086
        run_yomi search $game --threads 2 $spec
        mv=$(field move)
        "$YOMI" perft $game --depth 1 --divide | cut -d: -f1 | grep -qx "$mv"
        ok $? "search $game $spec --threads 2: exit $rc, a legal move ($mv)"
    done
done

run_yomi analyse gogo --moves 2e3d --depth 6 --threads 2
# Its class (and so a mark after the move) may change from run to run:
# helper threads make depth-limited values vary, as Lazy SMP's do.
is "$rc $(printf '%s\n' "$out" | grep -c '^ *1  first  2e3d')" "0 1" "analyse --threads 2: a line for the move"

# The seed algorithms keep their counts on any number of threads.
run_yomi search kalah --algo alphabeta --depth 6 --threads 1
one="$(field nodes) $(field leaves)"
run_yomi search kalah --algo alphabeta --depth 6 --threads 4
is "$(field nodes) $(field leaves)" "$one" "alphabeta on --threads 4: the same nodes and leaves"
run_yomi search reversi-4x4 --algo negascout --table exact --solve --threads 4
is "$(field nodes)" "$("$YOMI" search reversi-4x4 --algo negascout --table exact --solve | sed -n 's/^nodes: //p')" \
    "negascout with the exact memo on --threads 4: the same nodes"
run_yomi compare reversi-6x6 --algos alphabeta,pvs --depth 5 --threads 2 --format tsv
is "$rc $(printf '%s\n' "$out" | grep -c '^reversi-6x6	')" "0 2" "compare --threads 2: a row per algorithm"

# yomi bench: one thread is the default and the signature of one thread.
sig() { printf '%s\n' "$out" | sed -n 's/^signature: //p'; }
run_yomi bench
plain=$(sig)
run_yomi bench --threads 1
is "$(sig)" "$plain" "bench --threads 1: the default's signature"
run_yomi bench --threads 2
is "$rc $(printf '%s\n' "$out" | grep -c '^total')" "0 1" "bench --threads 2 runs the suite"

# Players: threads=N in a spec, in a match.
run_yomi match kalah --first yomi:4,threads=2 --second yomi:4 --games 2 --swap
is "$rc" "0" "match with a yomi:4,threads=2 player"

bad_input "search --threads 0" search reversi --threads 0
bad_input "search --threads 65" search reversi --threads 65
bad_input "search --threads x" search reversi --threads x
bad_input "search --threads last" search reversi --threads
bad_input "solve --threads 0" solve reversi-4x4 --threads 0
bad_input "bench --threads 0" bench --threads 0
bad_input "a player's threads=0" match kalah --first yomi:2,threads=0 --second yomi:2
run_yomi search reversi --threads 65
case $err in *threads*65*1..64*) ok 0 "the message names threads and the range" ;;
*) ok 1 "the message names threads and the range ($err)" ;; esac

done_testing
