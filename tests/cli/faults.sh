#!/bin/sh
# Faults from outside: memory that runs out.  A table too big for the
# memory there is must be an error message, never a crash (issue 9).
. "$TESTLIB"

# Address-space limits break sanitizer builds before main(): skip there.
if ! (ulimit -v 1000000 && "$YOMI" --version) >/dev/null 2>&1; then
    echo "1..0 # SKIP this build cannot run under ulimit -v (sanitizers)"
    exit 0
fi

# (A solve's table is the game solver's; Kalah's solver sizes it to the
# boards the game can reach, so only a big board asks for the 4 GB.)
for cmd in "search reversi --depth 2" "search gogo --depth 2" "solve reversi-4x4" "solve kalah-6x6"; do
    # shellcheck disable=SC2086
    err=$( (ulimit -v 1000000; "$YOMI" $cmd --table-mb 4096) 2>&1 >/dev/null)
    rc=$?
    is "$rc" "2" "$cmd, table 4 GB in 1 GB: exits 2"
    case $err in "yomi: out of memory for the search (table 4096 MB)") ok 0 "$cmd: says so" ;;
        *) ok 1 "$cmd: says so"; echo "#   got: $err" ;; esac
done
bad_input "a table beyond the limit" search reversi --depth 1 --table-mb 70000
bad_input "a table of no size" search reversi --depth 1 --table-mb 0

done_testing
