#!/bin/sh
# Kalah on the command line (doc/cli.md): show, perft, and bad input exiting 2.
. "$TESTLIB"

run_yomi show kalah
ok $rc "show kalah exits 0"
case $out in *"position: 6 6 6 6 6 6 0 6 6 6 6 6 6 0 1"*) ok 0 "show kalah prints the start" ;;
    *) ok 1 "show kalah prints the start" ;; esac
case $out in *"to move: first"*) ok 0 "show kalah names the side to move" ;;
    *) ok 1 "show kalah names the side to move" ;; esac

run_yomi show kalah-4x3 --position "0 1 2 3 4 5 6 0 0 3 2" --rules seed --capture empty
ok $rc "show kalah-4x3 with a position and options exits 0"
case $out in *"position: 0 1 2 3 4 5 6 0 0 3 2"*) ok 0 "show round-trips the position" ;;
    *) ok 1 "show round-trips the position" ;; esac

# counted by yomi and by the naive Kalah in tests/unit/test_kalah_tree.c
run_yomi perft kalah --depth 4
is "$out" "nodes: 1056" "perft kalah depth 4"
run_yomi perft kalah --depth 6 --capture empty
is "$out" "nodes: 32243" "perft kalah depth 6, empty capture"
run_yomi perft kalah-4x3 --depth 8
is "$out" "nodes: 14102" "perft kalah-4x3 depth 8"
run_yomi perft kalah --depth 3 --rules seed --position "0 0 0 2 1 1 33 2 0 3 1 0 2 27 1"
is "$out" "nodes: 18" "perft near the end under the seed rules"
run_yomi perft kalah --depth 2 --divide
is "$(printf '%s\n' "$out" | tr '\n' ' ')" "1: 5 2: 6 3: 6 4: 6 5: 6 6: 6 nodes: 35 " "perft --divide names pits 1..6"

bad_input "kalah-0x3" perft kalah-0x3 --depth 1
bad_input "kalah-9x1" perft kalah-9x1 --depth 1
bad_input "kalah-6x" perft kalah-6x --depth 1
bad_input "kalah-6x11" perft kalah-6x11 --depth 1
bad_input "--start on kalah" show kalah --start cross
bad_input "--rules value" show kalah --rules fast
bad_input "--capture value" show kalah --capture never
bad_input "too few counts" show kalah --position "6 6 6 6 6 6 0 6 6 6 6 6 6 0"
bad_input "not a number" show kalah --position "6 6 x 6 6 6 0 6 6 6 6 6 6 0 1"
bad_input "negative count" show kalah --position "-6 6 6 6 6 6 0 6 6 6 6 6 6 0 1"
bad_input "wrong seed total" show kalah --position "6 6 6 6 6 6 0 6 6 6 6 6 6 6 1"
bad_input "side 3" show kalah --position "6 6 6 6 6 6 0 6 6 6 6 6 6 0 3"
bad_input "trailing junk" show kalah --position "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1 junk"
bad_input "too long" show kalah --position "$(printf '%0300d' 0)"
run_yomi show kalah --position "6 6 6 6 6 6 0 6 6 6 6 6 6 6 1"
case $err in *"add up to 78, but kalah has 72"*) ok 0 "the seed total is named" ;;
    *) ok 1 "the seed total is named"; echo "# $err" ;; esac
run_yomi show kalah --start cross
is "$err" "yomi: --start does not apply to kalah (its options: --rules, --capture, --eval)" "other families' options are named"

# The tuned evaluation: a tiny `yomi train kalah`, reproducible, loadable,
# and bad or missing weight files named, never fatal when shipped.
kdir=$(mktemp -d)
run_yomi train kalah --games 20 --depth 2 --exact 8 --seed 3 --out "$kdir/w.txt"
ok $rc "train kalah exits 0"
is "$err" "" "train kalah is quiet on stderr when piped"
case $out in *"written: $kdir/w.txt"*) ok 0 "train kalah says where it wrote" ;;
    *) ok 1 "train kalah says where it wrote" ;; esac
is "$(ls "$kdir")" "w.txt" "the weight file and no temporary left over"
cp "$kdir/w.txt" "$kdir/first.txt"
run_yomi train kalah --games 20 --depth 2 --exact 8 --seed 3 --out "$kdir/w.txt"
cmp -s "$kdir/w.txt" "$kdir/first.txt"
ok $? "the same options give the same weights"
run_yomi search kalah --depth 4 --eval "$kdir/w.txt"
ok $rc "the trained file loads as --eval FILE"
run_yomi search kalah --depth 6 --eval simple
simple_out=$out
run_yomi search kalah --depth 6 --eval tuned
ok "$([ "$rc" -eq 0 ] && [ -z "$err" ]; echo $?)" "the shipped weights load quietly"
head -c 20 "$kdir/w.txt" >"$kdir/cut.txt"
bad_input "truncated kalah weight file" search kalah --eval "$kdir/cut.txt"
case $err in *"cut.txt"*) ok 0 "the message names the file" ;; *) ok 1 "the message names the file ($err)" ;; esac
bad_input "unknown kalah --eval" search kalah --eval best
bad_input "train kalah: bad depth" train kalah --depth 99
bad_input "train kalah: unknown option" train kalah --epochs 3
mkdir "$kdir/data"
cp "$kdir/cut.txt" "$kdir/data/kalah-eval.txt"
YOMI_DATADIR="$kdir/data" run_yomi search kalah --depth 6
ok $rc "a bad shipped file does not stop the game"
is "$(printf '%s\n' "$out" | grep '^nodes:')" "$(printf '%s\n' "$simple_out" | grep '^nodes:')" \
    "it plays on with the untuned evaluation (the same search as --eval simple)"
case $err in *"untuned evaluation"*) ok 0 "and is reported" ;; *) ok 1 "and is reported ($err)" ;; esac
rm -rf "$kdir"

# Simplified extra turns (seed 000) in the trace: pit 2 keeps the turn, the
# one-ply look plays pit 1 after it, and the search goes on from 2.1, two
# moves from the root; its best child is the line the search plays.
extra="kalah-4x3 --extra-turn simplified --depth 2 --algo negamax --order natural --table off"
run_yomi trace $extra --format jsonl
is "$(printf '%s\n' "$out" | sed -n '28,30p' | sed 's/,"alpha".*//')" \
'{"kind":"close","ply":1,"path":["2"],"side":0,"depth":1
{"kind":"enter","ply":2,"path":["2","1"],"side":1,"depth":1
{"kind":"enter","ply":3,"path":["2","1","1"],"side":0,"depth":0' \
    "trace: after an extra turn played in one ply, the path holds its moves"
is "$(printf '%s\n' "$out" | sed -n 's/^{"kind":"close","ply":2,"path":\["2","1"\],.*"best":"\([^"]*\)"}$/\1/p')" \
    "2" "trace: the node after the extra turn backs up from 2.1.2"
run_yomi search $extra
is "$(printf '%s\n' "$out" | sed -n 's/^pv: //p' | cut -d' ' -f1-3)" "2 1 2" \
    "the search plays that line: 2, 1, then 2"

done_testing
