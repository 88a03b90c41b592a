#!/bin/sh
# gogo's network: a tiny `yomi train gogo-net` whose file loads and plays,
# the same network from the same seed and positions, the positions kept
# with their scores, and damaged network sections refused.
. "$TESTLIB"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

run_yomi train gogo-net --games 12 --depth 1 --label-depth 2 --epochs 2 --seed 3 \
    --out "$dir/n.txt" --save-positions "$dir/pos.txt"
ok $rc "train gogo-net exits 0"
is "$err" "" "train gogo-net is quiet on stderr when piped"
case $out in *"written: $dir/n.txt"*) ok 0 "train gogo-net says where it wrote" ;;
*) ok 1 "train gogo-net says where it wrote ($out)" ;; esac
case $out in *"held-out loss against the searches: "*) ok 0 "it reports the check" ;;
*) ok 1 "it reports the check ($out)" ;; esac
is "$(grep -c '^yomi-gogo-eval 3$' "$dir/n.txt")" "1" "the file has the linear weights"
is "$(grep -c '^yomi-gogo-net 1$' "$dir/n.txt")" "1" "and a network section"
is "$(head -n 1 "$dir/pos.txt")" "yomi-gogo-positions 2 12" "the positions keep their scores"
is "$(sed -n 2p "$dir/pos.txt" | awk '{ print ($3 ~ /^-?[0-9]+$/) }')" "1" \
    "a position's line has its score"

run_yomi search gogo --depth 3 --eval "$dir/n.txt"
ok $rc "the network file loads as --eval FILE"
net_value=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
grep -v '^yomi-gogo-net\|^hidden\|^output\|^bias\|^input' "$dir/n.txt" >"$dir/linear.txt"
run_yomi search gogo --depth 3 --eval "$dir/linear.txt"
ok $rc "its linear part alone loads too"
linear_value=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
[ "$net_value" != "$linear_value" ]
ok $? "the network changes the evaluation ($net_value against $linear_value)"

run_yomi train gogo-net --load-positions "$dir/pos.txt" --label-depth 2 --epochs 2 --seed 3 \
    --threads 1 --out "$dir/again.txt"
ok $rc "train gogo-net --load-positions"
case $out in *"searched: 0 positions"*) ok 0 "scored positions are not searched again" ;;
*) ok 1 "scored positions are not searched again ($out)" ;; esac
grep -v '^#' "$dir/again.txt" >"$dir/again.w"
grep -v '^#' "$dir/n.txt" >"$dir/first.w"
cmp -s "$dir/again.w" "$dir/first.w"
ok $? "the same positions and seed give the same network, whatever the thread count"
run_yomi train gogo --load-positions "$dir/pos.txt" --epochs 1 --out "$dir/lin.txt"
ok $rc "train gogo reads positions with scores too"

# Labels searched with the network just made: every position again.
first_searched=$(grep -c . "$dir/pos.txt") # an upper bound: copies are searched once
run_yomi train gogo-net --load-positions "$dir/pos.txt" --label-depth 2 --epochs 2 --seed 3 \
    --label-eval "$dir/n.txt" --out "$dir/relabelled.txt" --save-positions "$dir/pos2.txt"
ok $rc "train gogo-net --label-eval FILE"
searched=$(printf '%s\n' "$out" | sed -n 's/^searched: \([0-9]*\) positions$/\1/p')
[ "${searched:-0}" -gt 0 ] && [ "$searched" -lt "$first_searched" ]
ok $? "loaded scores are searched again with another evaluation ($searched)"
is "$(grep -c -- "--label-eval $dir/n.txt" "$dir/relabelled.txt")" "1" \
    "the file's comment names the labels' evaluation"
cut -d' ' -f3 "$dir/pos.txt" >"$dir/s1"
cut -d' ' -f3 "$dir/pos2.txt" >"$dir/s2"
! cmp -s "$dir/s1" "$dir/s2"
ok $? "the network's searches score the positions otherwise"
bad_input "train gogo-net: a --label-eval file that is not there" train gogo-net \
    --load-positions "$dir/pos.txt" --label-eval "$dir/none.txt" --out "$dir/x.txt"
case $err in *"--label-eval"*) ok 0 "the message names --label-eval" ;;
*) ok 1 "the message names --label-eval ($err)" ;; esac
bad_input "train gogo: --label-eval is gogo-net's" train gogo --label-eval tuned

# Games played with the network just made: other games, other positions.
run_yomi train gogo-net --games 12 --depth 1 --label-depth 2 --epochs 2 --seed 3 \
    --play-eval "$dir/n.txt" --out "$dir/played.txt" --save-positions "$dir/pos3.txt"
ok $rc "train gogo-net --play-eval FILE"
is "$(grep -c -- "--play-eval $dir/n.txt" "$dir/played.txt")" "1" \
    "the file's comment names the games' evaluation"
! cmp -s "$dir/pos.txt" "$dir/pos3.txt"
ok $? "the network plays other games"
bad_input "train gogo-net: a --play-eval that is no evaluation" train gogo-net \
    --games 1 --play-eval nonesuch --out "$dir/x.txt"
case $err in *"--play-eval"*) ok 0 "the message names --play-eval" ;;
*) ok 1 "the message names --play-eval ($err)" ;; esac
bad_input "train gogo: --play-eval is gogo-net's" train gogo --play-eval tuned

bad_input "train gogo-net: a network to start from" train gogo-net --eval "$dir/n.txt" \
    --games 1 --depth 1 --out "$dir/x.txt"
bad_input "train gogo-net: bad --label-depth" train gogo-net --label-depth 0
bad_input "train gogo: --label-depth is gogo-net's" train gogo --label-depth 3
sed '2s/ -*[0-9][0-9]* / many /' "$dir/pos.txt" >"$dir/badscore.txt"
bad_input "a position's score that is not a number" train gogo-net \
    --load-positions "$dir/badscore.txt" --out "$dir/x.txt"
# 2^32 + 100 past an int: refused, never read as the 100 it wraps to.
sed '2s/ -*[0-9][0-9]* / 4294967396 /' "$dir/pos.txt" >"$dir/hugescore.txt"
bad_input "a position's score past an int" train gogo-net \
    --load-positions "$dir/hugescore.txt" --out "$dir/x.txt"
case $err in *"score 4294967396 out of range"*) ok 0 "the huge score is named as it was written" ;;
*) ok 1 "the huge score is named as it was written ($err)" ;; esac
sed '1s/$/ junk/' "$dir/pos.txt" >"$dir/badhead.txt"
bad_input "text after a positions file's header" train gogo-net \
    --load-positions "$dir/badhead.txt" --out "$dir/x.txt"

# Damaged network sections: each refused, the message naming the line.
damaged() { # NAME SED-SCRIPT
    sed "$2" "$dir/n.txt" >"$dir/bad.txt"
    bad_input "$1" search gogo --depth 1 --eval "$dir/bad.txt"
}
damaged "another network version" 's/^yomi-gogo-net 1$/yomi-gogo-net 7/'
damaged "another hidden size" 's/^hidden 32$/hidden 16/'
damaged "an output line one short" '/^output/s/ [-0-9]*$//'
damaged "a bias line one long" '/^bias/s/$/ 5/'
damaged "an input weight past 16 bits" '0,/^input/s/^\(input [0-9]*\) [-0-9]*/\1 40000/'
awk '/^input/ && ++n == 2 { $2 = 0 } { print }' "$dir/n.txt" >"$dir/bad.txt"
bad_input "inputs out of order" search gogo --depth 1 --eval "$dir/bad.txt"
damaged "an input past the last" '$s/^input [0-9]*/input 99999/'
damaged "the section cut after the output" '/^bias/,$d'
damaged "a word that is not the section's" '/^bias/s/^bias/bais/'
case $err in *"bad.txt: line "*) ok 0 "the message names the file and line" ;;
*) ok 1 "the message names the file and line ($err)" ;; esac
# A network on a version 2 file (before the attacked pieces) cannot be.
sed -e 's/^yomi-gogo-eval 3$/yomi-gogo-eval 2/' -e '/^attacked\./d' -e '/^hanging\./d' \
    "$dir/n.txt" >"$dir/v2.txt"
bad_input "a network on version 2 weights" search gogo --depth 1 --eval "$dir/v2.txt"
done_testing
