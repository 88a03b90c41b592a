#!/bin/sh
# Files named on the command line, or found where yomi keeps its data: a
# FIFO, a folder or a device is refused at once with one line naming it (a
# FIFO used to block yomi for ever), a file far larger than any real one is
# refused, and an over-long line or a NUL byte is an error, never split.
. "$TESTLIB"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

mkfifo "$dir/fifo"
mkdir "$dir/folder"
# A blocked read would stall the suite: stopped, it exits 124 and fails.
tap_timeout=20

# refused NAME WANT ARGS...: one line, exit 2, and the message says WANT
refused() {
    name=$1 want=$2
    shift 2
    bad_input "$name" "$@"
    case $err in *"$want"*) ok 0 "$name: says '$want'" ;;
        *) ok 1 "$name: says '$want' ($err)" ;; esac
}

# refuses_non_files ARGS...: ARGS and then a FIFO, a folder, /dev/zero
refuses_non_files() {
    refused "$* FIFO" "$dir/fifo: not a regular file" "$@" "$dir/fifo"
    refused "$* folder" "$dir/folder: a folder, not a file" "$@" "$dir/folder"
    refused "$* /dev/zero" "/dev/zero: not a regular file" "$@" /dev/zero
}

long=$(printf '%05000d' 0)

# --- weight files: --eval FILE -----------------------------------------------
refuses_non_files search gogo --depth 1 --eval
refuses_non_files search kalah --depth 1 --eval
# A good weight file padded with comments past the cap: no weight file is
# that large, so it is not read (it used to be, to the end).
{ cat "$(dirname "$0")/../../assets/gogo-eval.txt"
  awk 'BEGIN { for (i = 0; i < 33000; i++)
      print "# padding padding padding padding padding padding padding padding" }'
} >"$dir/big-gogo.txt"
refused "gogo --eval: a file past the size cap" "big-gogo.txt: larger than" \
    search gogo --depth 1 --eval "$dir/big-gogo.txt"
printf 'yomi-gogo-eval 1\n# %s\n' "$long" >"$dir/long-gogo.txt"
refused "gogo --eval: an over-long line" "long-gogo.txt:2: line longer than" \
    search gogo --depth 1 --eval "$dir/long-gogo.txt"
printf 'yomi-kalah-eval 1\n# %s\n' "$long" >"$dir/long-kalah.txt"
refused "kalah --eval: an over-long line" "long-kalah.txt:2: line longer than" \
    search kalah --depth 1 --eval "$dir/long-kalah.txt"
# A NUL byte used to read as the end of the line.
printf 'yomi-kalah-eval 1\nweights 1\000 2 3 4 5 6\n' >"$dir/nul-kalah.txt"
refused "kalah --eval: a NUL byte" "nul-kalah.txt:2: a NUL byte" \
    search kalah --depth 1 --eval "$dir/nul-kalah.txt"

# --- yomi's own data: a FIFO where a weight file should be -------------------
# The game starts without it and says why; it used to wait for ever.
mkdir "$dir/data"
for f in reversi-eval.dat gogo-eval.txt kalah-eval.txt; do mkfifo "$dir/data/$f"; done
for game in reversi gogo kalah; do
    YOMI_DATADIR=$dir/data run_yomi search $game --depth 1
    is "$rc" 0 "$game: a FIFO for its weight file does not stop a search"
    case $err in *"$dir/data/"*"-eval."*": not a regular file"*) ok 0 "$game: the note names it" ;;
        *) ok 1 "$game: the note names it ($err)" ;; esac
done

# --- train --load-positions ----------------------------------------------------
refuses_non_files train reversi --load-positions
# A positions file (native byte order: made here) loads; cut short, it
# announces more positions than it holds, said before their memory is taken.
run_yomi train reversi --games 2 --depth 1 --save-positions "$dir/good.pos" --out "$dir/w.dat"
is "$rc" 0 "train: positions saved"
run_yomi train reversi --load-positions "$dir/good.pos" --out "$dir/w.dat"
is "$rc" 0 "train --load-positions: a whole file loads"
# Runs with other seeds (other machines) fit as one set: their positions
# add up, and a bad file among them is named.
run_yomi train reversi --games 2 --depth 1 --seed 2 --save-positions "$dir/other.pos" \
    --out "$dir/w.dat"
positions() { printf '%s\n' "$out" | sed -n 's/^wrote .*: \([0-9]*\) positions.*/\1/p'; }
run_yomi train reversi --load-positions "$dir/good.pos" --out "$dir/w.dat"
one=$(positions)
run_yomi train reversi --load-positions "$dir/other.pos" --out "$dir/w.dat"
other=$(positions)
run_yomi train reversi --load-positions "$dir/good.pos" --load-positions "$dir/other.pos" \
    --out "$dir/w.dat"
is "$rc $(positions)" "0 $((one + other))" "train --load-positions twice: both files' positions"
head -c 100 "$dir/good.pos" >"$dir/short.pos"
refused "train --load-positions: fewer positions than announced" \
    "positions announced in 100 bytes" train reversi --load-positions "$dir/short.pos"
refused "train --load-positions: the bad one of two files is named" \
    "short.pos: " train reversi \
    --load-positions "$dir/good.pos" --load-positions "$dir/short.pos"

# --- bench ffo --file ------------------------------------------------------------
refuses_non_files bench ffo --file
printf '# %s\n' "$long" >"$dir/long.ffo"
refused "bench ffo --file: an over-long line" "long.ffo:1: line longer than" \
    bench ffo --file "$dir/long.ffo"

# --- the Kalah database cache: a FIFO in its place is rebuilt over -------------
mkdir -p "$dir/cache/yomi"
mkfifo "$dir/cache/yomi/kalah-m2-standard.db"
XDG_CACHE_HOME=$dir/cache run_yomi solve kalah-2x2
is "$rc" 0 "solve: a FIFO for the cached database does not stop it"
[ -f "$dir/cache/yomi/kalah-m2-standard.db" ]
ok $? "and a database file takes its place"

tap_timeout=
done_testing
