#!/bin/sh
# Kalah's database build and exact solver on several threads (doc/cli.md
# build-db, --threads): the database file is byte for byte the one built
# on one thread, grown or built from nothing, and the solver's values are
# the one thread's.  The cache folder is the test's own.
. "$TESTLIB"

tap_tmp=$(mktemp -d)
XDG_CACHE_HOME=$tap_tmp/cache
export XDG_CACHE_HOME
db=$XDG_CACHE_HOME/yomi/kalah-m6-standard.db
field() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }

# 12 seeds over 12 pits: 2.7 M positions, the 12-seed level alone many
# chunks for the threads to share.
run_yomi build-db kalah --pits 6 --seeds 12 --threads 1
ok $rc "build-db --seeds 12 on one thread"
mv "$db" "$tap_tmp/one.db"
run_yomi build-db kalah --pits 6 --seeds 12 --threads 2
is "$rc $(field entries)" "0 2704156" "build-db --seeds 12 on two threads: C(24,12) positions"
cmp -s "$db" "$tap_tmp/one.db"
ok $? "two threads build the same file as one"
rm "$db"
run_yomi build-db kalah --pits 6 --seeds 12 --threads all
cmp -s "$db" "$tap_tmp/one.db"
ok $((rc + $?)) "--threads all builds the same file"
rm "$db"
run_yomi build-db kalah --pits 6 --seeds 9 --threads 1
run_yomi build-db kalah --pits 6 --seeds 12 --threads 2
cmp -s "$db" "$tap_tmp/one.db"
ok $((rc + $?)) "two threads grow a 9-seed database into the same file"
run_yomi build-db kalah --capture empty --pits 4 --seeds 14 --threads 1
mv "$XDG_CACHE_HOME/yomi/kalah-m4-empty.db" "$tap_tmp/empty.db"
run_yomi build-db kalah --capture empty --pits 4 --seeds 14 --threads 3
cmp -s "$XDG_CACHE_HOME/yomi/kalah-m4-empty.db" "$tap_tmp/empty.db"
ok $((rc + $?)) "empty capture, 4 pits, three threads: the same file"

# The solver on two threads: every line of tests/data/kalah/solved.txt, its
# value and a best move among the line's (the threads may pick another of
# equal value).
grep -v '^#' "$TESTDATA/kalah/solved.txt" | while read -r pits seeds rule value best rest; do
    [ -n "$pits" ] || continue
    capture=standard
    [ "$rule" = empty-capture ] && capture=empty
    run_yomi solve "kalah-${pits}x$seeds" --capture $capture --threads 2
    got=$(field move)
    case ",$best," in *",$got,"*) in_best=yes ;; *) in_best="no ($got)" ;; esac
    is "$rc $(field value) $in_best" "0 ${value#+} yes" \
        "kalah-${pits}x$seeds --capture $capture on two threads: $value by one of $best"
done > "$tap_tmp/lines.tap"
replay_tap "$tap_tmp/lines.tap" # the loop ran in a subshell

# Seeds in the stores, either side to move: two threads, the generic
# engine's value.
for pos in "0 1 1 1 10 0 2 0 1 8 1" "2 0 3 1 5 1 0 0 4 8 2" "1 1 1 1 12 1 1 1 1 4 2"; do
    run_yomi search kalah-4x3 --position "$pos" --solve --algo pvs --table on
    generic=$(field value)
    run_yomi solve kalah-4x3 --position "$pos" --threads 2
    is "$rc $(field value)" "0 $generic" "position $pos on two threads: the generic search's $generic"
done

# One thread visits what it did before the solver had threads (76,449
# positions for Kalah(4,4) with the database built at first use).
run_yomi solve kalah-4x4 --threads 1
is "$(field nodes)" "76449" "kalah-4x4 on one thread: the same positions as ever"
run_yomi solve kalah-5x3 --divide --threads 2
is "$rc $(printf '%s\n' "$out" | grep -c '^[1-5]: ')" "0 5" "solve --divide on two threads: a line per move"
# A search whose root the solver takes gives it the search's threads.
run_yomi search kalah-5x3 --algo yomi --depth 40 --endgame all --threads 2
is "$rc $(field value) $(field move)" "0 6 3" "search --endgame all on two threads: +6 by 3, as solved"

bad_input "build-db: no threads" build-db kalah --threads 0
bad_input "build-db: too many threads" build-db kalah --threads 65
bad_input "build-db: threads not a number" build-db kalah --threads two
done_testing
