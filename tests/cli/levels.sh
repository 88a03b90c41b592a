#!/bin/sh
# levels.sh - strength levels as players (doc/cli.md "Levels"): `level:N`
# in match, play and usi; a match with random moves replays from its seed;
# a bad level is one clear line.
. "$TESTLIB"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for game in kalah reversi gogo; do
    run_yomi match $game --first level:2 --second level:1 --games 2 --swap --seed 3
    ok $rc "match $game: level:2 against level:1"
    printf '%s\n' "$out" | grep -q "^total	A=level:2	B=level:1	"
    ok $? "match $game: the total names the levels"
done

# The weak levels' random moves come from the match's seed: the same seed
# plays the same games, move for move.
run_yomi match kalah --first level:1 --second level:1 --games 4 --seed 7 --record "$tmp/a"
run_yomi match kalah --first level:1 --second level:1 --games 4 --seed 7 --record "$tmp/b"
cmp -s "$tmp/a" "$tmp/b"
ok $? "match: level 1's random moves replay from --seed"
run_yomi match kalah --first level:1 --second level:1 --games 4 --seed 8 --record "$tmp/c"
cmp -s "$tmp/a" "$tmp/c"
ok $((!$?)) "match: another seed, other games"
run_yomi match kalah --first level:1 --second level:1 --games 4 --seed 7 --shard 2/2 --record "$tmp/d"
is "$(cat "$tmp/d")" "$(grep -E '^(2|4)	' "$tmp/a")" "match: a shard plays its games as the whole match does"

run_yomi match kalah --first alphabeta:2,random=20 --second level:1 --games 1
ok $rc "match: random=P in any spec of yomi's own"
printf '%s\n' "$out" | grep -q "A=alphabeta:2,random=20	"
ok $? "match: random=P is named in the total"

bad_input "match: level:0" match kalah --first level:0 --second level:1
bad_input "match: level:9" match kalah --first level:1 --second level:9
bad_input "match: level:x" match reversi --first level:x --second level:1
bad_input "match: a level with options" match reversi --first level:3,seed=2 --second level:1
bad_input "match: random=101" match reversi --first alphabeta:1,random=101 --second level:1
run_yomi match kalah --first level:x --second level:1
is "$err" "yomi: match: --first: player 'level:x': a level is level:N, N in 1-8 (kalah), 1-11 (reversi), 1-11 (gogo)" \
    "match: a bad level says what a level is in every game"

# Each game has its own number of levels: one past it is refused, naming
# the game's range, and its last level plays.
for case in kalah:8 reversi:11 gogo:11; do
    game=${case%:*} last=${case#*:}
    run_yomi match $game --first level:1 --second level:$((last + 1))
    is "$rc:$err" "2:yomi: match: --second: player 'level:$((last + 1))': $game has levels 1 to $last" \
        "match $game: level:$((last + 1)) is past the game's levels"
    TERM=xterm-256color timeout 10 "$YOMI" play $game --second level:$((last + 1)) </dev/null >/dev/null 2>"$tmp/err"
    is "$?:$(cat "$tmp/err")" "2:yomi: play: --second: player 'level:$((last + 1))': $game has levels 1 to $last" \
        "play $game: level:$((last + 1)) is past the game's levels"
done
run_yomi match reversi --first level:11 --second level:10 --games 1 --max-plies 2
ok $rc "match reversi: level:11, its strongest, plays"
run_yomi match gogo --first level:11 --second level:10 --games 1 --max-plies 2
ok $rc "match gogo: level:11, its strongest, plays"

# play checks its players before it takes the terminal: a level passes,
# and it stops only for want of a terminal.
TERM=xterm-256color timeout 10 "$YOMI" play reversi --second level:3 </dev/null >/dev/null 2>"$tmp/err"
is "$?" "1" "play: --second level:3 is accepted"
grep -q "needs a terminal" "$tmp/err"
ok $? "play: ...and only the terminal is missing"
bad_input "play: level:12" play reversi --second level:12
run_yomi play --help
printf '%s\n' "$out" | grep -q "level:N"
ok $? "play --help names level:N"
run_yomi match --help
printf '%s\n' "$out" | grep -q "level:N"
ok $? "match --help names level:N"

# usi: the Player option takes a level (gogo's), and refuses a bad one.
printf 'usi\nsetoption name Player value level:12\nsetoption name Player value level:4\nisready\nposition startpos\ngo btime 0 wtime 0 byoyomi 100\n' |
    timeout 60 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
grep -q "^info string .*player 'level:12': gogo has levels 1 to 11" "$tmp/out"
ok $? "usi: a level past gogo's is an info string naming the range"
grep -q "^bestmove " "$tmp/out"
ok $? "usi: level:4 plays"

done_testing
