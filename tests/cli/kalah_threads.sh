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

bad_input "build-db: no threads" build-db kalah --threads 0
bad_input "build-db: too many threads" build-db kalah --threads 65
bad_input "build-db: threads not a number" build-db kalah --threads two
done_testing
