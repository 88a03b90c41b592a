#!/bin/sh
# gogo (5x5 shogi) on the command line: perft, divide, show, bad positions.
. "$TESTLIB"

run_yomi perft gogo --depth 3
ok $rc "perft gogo exits 0"
is "$out" "nodes: 2512" "perft gogo --depth 3"

for id in minishogi gogo-shogi; do
    run_yomi perft $id --depth 2
    is "$out" "nodes: 181" "perft $id --depth 2"
done

run_yomi perft gogo --depth 2 --divide
is "$(printf '%s\n' "$out" | head -1)" "5d5c: 13" "divide starts with the first move in board order"
is "$(printf '%s\n' "$out" | grep -c ': ')" "15" "divide: 14 moves and the total"
is "$(printf '%s\n' "$out" | tail -1)" "nodes: 181" "divide total"
sum=$(printf '%s\n' "$out" | grep -v nodes | awk -F': ' '{s += $2} END {print s}')
is "$sum" "181" "divide lines add up to the total"

run_yomi perft gogo --depth 4 --position "r1bG1/2kpB/1R3/1S3/1K3 b GSP 37"
is "$out" "nodes: 175258" "perft from a position with drops and uchifuzume"

run_yomi perft gogo --depth 3 --position "1+SRbk/P2g1/1G2R/1B1S1/K4 w P 24"
is "$out" "nodes: 0" "perft of a checkmate is 0"

run_yomi show gogo
ok $rc "show gogo exits 0"
expected='gote (w) in hand: -
    5  4  3  2  1
  +---------------+
  | r  b  s  g  k | a
  | .  .  .  .  p | b
  | .  .  .  .  . | c
  | P  .  .  .  . | d
  | K  G  S  B  R | e
  +---------------+
sente (b) in hand: -
sente (b) to move
position: rbsgk/4p/5/P4/KGSBR b - 1'
is "$out" "$expected" "show gogo prints the start"

run_yomi show minishogi --position "+P3k/1+Bbg1/3rp/1G3/KS1+r1 w s 30"
ok $rc "show minishogi --position exits 0"
case $out in *"|+P  .  .  .  k | a"*) ok 0 "show marks promoted pieces" ;; *) ok 1 "show marks promoted pieces" ;; esac
case $out in *"position: +P3k/1+Bbg1/3rp/1G3/KS1+r1 w s 30"*) ok 0 "show prints the SFEN back" ;; *) ok 1 "show prints the SFEN back" ;; esac

run_yomi show gogo --position "r3k/5/5/5/K4 b G 1"
case $out in *"sente (b) to move, in check"*) ok 0 "show says check" ;; *) ok 1 "show says check" ;; esac

bad_input "gogo with --start" perft gogo --depth 1 --start cross
bad_input "unknown gogo variant" perft gogo-7x7 --depth 1
bad_input "empty position" show gogo --position ""
bad_input "wrong character" show gogo --position "rbsgk/4p/5/P4/KGSBX b - 1"
bad_input "too few ranks" show gogo --position "rbsgk/4p/5/P4 b - 1"
bad_input "short rank" show gogo --position "rbsgk/4p/4/P4/KGSBR b - 1"
bad_input "two kings" perft gogo --depth 1 --position "rbsgk/4p/5/P3K/KGSBR b - 1"
bad_input "missing king" show gogo --position "rbsg1/4p/5/P4/KGSBR b G 1"
bad_input "three rooks" show gogo --position "rbsgk/4p/5/P4/KGSBR b R 1"
bad_input "pawn on its last rank" show gogo --position "Pbsgk/4p/5/5/KGSBR b r 1"
bad_input "nifu" show gogo --position "rbsgk/4p/4p/5/KGSBR b - 1"
bad_input "bad side" show gogo --position "rbsgk/4p/5/P4/KGSBR x - 1"
bad_input "bad hand count" show gogo --position "rbsgk/4p/5/5/KGSBR b 3P 1"
bad_input "side not to move in check" show gogo --position "4k/4R/5/5/K4 b - 1"
run_yomi show gogo --position "rbsgk/4p/4p/5/KGSBR b - 1"
case $err in "yomi: bad --position for gogo: "*nifu*) ok 0 "the message names the rule" ;; *) ok 1 "the message names the rule" ;; esac

done_testing
