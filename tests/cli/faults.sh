#!/bin/sh
# Faults from outside: memory that runs out, a folder that cannot take the
# file a long run ends with.  Each must be an error message, never a crash
# (issue 9), and said before the work, not after it (issue 27).
. "$TESTLIB"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

# --- the output file, checked before the training or the build ------------
# Work for hours if it started: a refusal within the time limit came first.
# ($dir/file is a file, so nothing can be made under it, even by root.)
: >"$dir/file"
tap_timeout=60
for cmd in "train reversi --out" "train kalah --out" "train gogo --out" \
           "train reversi --save-positions"; do
    for path in "$dir/no/such/folder/f" "$dir/file/f" "$dir"; do
        # shellcheck disable=SC2086
        bad_input "$cmd $path: refused before the work" ${cmd% *} --games 1000000 ${cmd##* } "$path"
        case $err in *"cannot write $path: "*) ok 0 "the message names $path" ;;
            *) ok 1 "the message names $path ($err)" ;; esac
    done
done
mkdir "$dir/cache"
: >"$dir/cache/yomi" # the cache folder a file
XDG_CACHE_HOME=$dir/cache
export XDG_CACHE_HOME
bad_input "build-db: a cache that cannot take the database, refused before the build" \
    build-db kalah --pits 6 --seeds 20
case $err in *"cannot write $dir/cache/yomi/kalah-m6-standard.db: "*) ok 0 "the message names the database" ;;
    *) ok 1 "the message names the database ($err)" ;; esac
unset XDG_CACHE_HOME
tap_timeout=
is "$(ls "$dir" | tr '\n' ' ')" "cache file " "no temporary file left behind"

# --- memory ---------------------------------------------------------------
# Address-space limits break sanitizer builds before main(): skip there.
if ! (ulimit -v 1000000 && "$YOMI" --version) >/dev/null 2>&1; then
    tap_n=$((tap_n + 1))
    echo "ok $tap_n # SKIP this build cannot run under ulimit -v (sanitizers)"
    done_testing
    exit
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
