#!/bin/sh
# usi.sh - `yomi usi` driven through a pipe, and external USI engines as
# players in `yomi match` (yomi usi itself, and fake engines that misbehave).
. "$TESTLIB"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# usi_session FILE: play the lines of FILE to yomi usi; stdout in $tmp/out.
# "sleep N" pauses; "await N" waits (up to 60 s) until N bestmove lines
# have come, so slow machines only make the test slower, never wrong.
usi_session() {
    : >"$tmp/out"
    while IFS= read -r line; do
        case $line in
            sleep*) sleep "${line#sleep }" ;;
            await*)
                tries=0
                while [ "$(grep -c '^bestmove' "$tmp/out")" -lt "${line#await }" ] && [ $tries -lt 600 ]; do
                    sleep 0.1
                    tries=$((tries + 1))
                done ;;
            *) printf '%s\n' "$line" ;;
        esac
    done <"$1" | timeout 120 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
    rc=$?
}

bestmoves() { grep '^bestmove ' "$tmp/out" | cut -d' ' -f2; }

# --- handshake, a fixed-depth search from the start, quit ------------------
cat >"$tmp/in" <<'EOF'
usi
isready
usinewgame
position startpos
go depth 3
await 1
quit
EOF
usi_session "$tmp/in"
ok $rc "usi: exits 0 on quit"
grep -q '^id name yomi' "$tmp/out"; ok $? "usi: id name"
grep -q '^option name USI_Hash type spin' "$tmp/out"; ok $? "usi: USI_Hash option"
grep -q '^option name Algorithm type combo default yomi' "$tmp/out"; ok $? "usi: Algorithm option"
grep -q '^usiok$' "$tmp/out"; ok $? "usi: usiok"
grep -q '^readyok$' "$tmp/out"; ok $? "usi: readyok"
grep -q '^info depth 3 seldepth [0-9]* score cp -*[0-9]* nodes [0-9]* nps [0-9]* time [0-9]* pv ' "$tmp/out"
ok $? "usi: info line with depth, score, nodes, nps, time, pv"
is "$(grep -c '^info depth 3 ' "$tmp/out")" "1" "usi: the last iteration's info line comes once"
best=$(bestmoves)
"$YOMI" perft gogo --depth 1 --divide | cut -d: -f1 >"$tmp/legal"
grep -qx "$best" "$tmp/legal"; ok $? "usi: bestmove '$best' is legal at the start"
[ -s "$tmp/err" ]; ok $((!$?)) "usi: nothing on stderr"

# --- while it thinks: each finished iteration's whole line ----------------
cat >"$tmp/in" <<'EOF'
position startpos
go movetime 700
await 1
EOF
usi_session "$tmp/in"
grep '^info depth' "$tmp/out" | sed '$d' >"$tmp/live"
awk '{ for (i = 1; i <= NF; i++) if ($i == "pv" && NF - i >= 3) n++ } END { exit !(n > 0) }' "$tmp/live"
ok $? "usi: info lines while searching carry a line of several moves, not just the best"
first=$(tail -1 "$tmp/live" | sed 's/.* pv //; s/ .*//')
grep -qx "$first" "$tmp/legal"; ok $? "usi: the live line starts with a legal move ($first)"

# --- a game in progress: the answer must be legal after the moves ----------
cat >"$tmp/in" <<'EOF'
position startpos moves 5e4d 1a2b 2e3d 3a4b
go depth 2
await 1
EOF
usi_session "$tmp/in"
best=$(bestmoves)
ok $(test -n "$best"; echo $?) "usi: bestmove after position with moves"
# yomi usi checks every move of a position: replaying the answer must not
# be refused.
printf 'position startpos moves 5e4d 1a2b 2e3d 3a4b %s\ngo depth 1\nawait 1\n' "$best" >"$tmp/in"
usi_session "$tmp/in"
grep -q 'info string' "$tmp/out"; ok $((!$?)) "usi: the bestmove is legal in that position"
ok $(bestmoves | grep -qc . ; echo $?) "usi: and the game goes on from there"

# --- options, sfen, movetime -------------------------------------------------
cat >"$tmp/in" <<'EOF'
setoption name USI_Hash value 4
setoption name Algorithm value negascout
setoption name Depth value 2
setoption name Quiescence value false
setoption name Table value off
isready
position sfen rbsgk/4p/5/P4/KGSBR b - 1
go
await 1
setoption name Player value alphabeta:2,order=natural,table=off
position startpos moves 5e4d
go btime 0 wtime 0 byoyomi 200
await 2
EOF
usi_session "$tmp/in"
grep -q 'info string' "$tmp/out"; ok $((!$?)) "usi: every option accepted"
is "$(bestmoves | grep -c .)" "2" "usi: two searches under options, two bestmoves"
grep -q '^info depth 2 seldepth' "$tmp/out"; ok $? "usi: Depth option limits the search"

# --- Threads: the search's helpers; out of range is refused, as any option ---
cat >"$tmp/in" <<'EOF'
usi
setoption name Threads value 2
isready
position startpos
go depth 4
await 1
setoption name Threads value 0
setoption name Threads value 65
EOF
usi_session "$tmp/in"
grep -q '^option name Threads type spin default 1 min 1 max 64$' "$tmp/out"; ok $? "usi: Threads option"
best=$(bestmoves)
grep -qx "$best" "$tmp/legal"; ok $? "usi: Threads 2 plays a legal move ('$best')"
is "$(grep -c '^info string setoption: threads' "$tmp/out")" "2" "usi: Threads 0 and 65 refused"

# --- mcts: no depth to stop at, so `go depth N` plays its iterations (not a
# day of them), a clock its time ----------------------------------------------
cat >"$tmp/in" <<'EOF'
setoption name Player value mcts:0,iterations=300
isready
position startpos
go depth 3
await 1
setoption name Algorithm value mcts
position startpos moves 5e4d
go btime 0 wtime 0 byoyomi 200
await 2
EOF
usi_session "$tmp/in"
is "$(bestmoves | grep -c .)" "2" "usi: mcts answers go depth and a clock"
grep -q '^info depth [0-9]* seldepth [0-9]* score cp -*[0-9]* nodes 301 ' "$tmp/out"
ok $? "usi: mcts under go depth: its 300 iterations, a tree of 301 nodes"
grep -q 'info string' "$tmp/out"; ok $((!$?)) "usi: mcts's options accepted"

# --- stop and infinite; mated and finished positions ----------------------------
cat >"$tmp/in" <<'EOF'
position startpos
go infinite
sleep 0.4
isready
stop
await 1
position sfen 4k/4G/4P/5/K4 w - 1
go depth 3
await 2
EOF
usi_session "$tmp/in"
is "$(bestmoves | head -1 | grep -c .)" "1" "usi: stop ends go infinite with a bestmove"
is "$(grep '^info depth' "$tmp/out" | cut -d' ' -f3 | uniq -d)" "" "usi: no depth's info line twice"
grep -q '^readyok$' "$tmp/out"; ok $? "usi: isready answered while searching"
is "$(bestmoves | tail -1)" "resign" "usi: a mated side resigns"

# --- commands during a search, and the end of input -------------------------
# Piped, with no stop and no quit: a search with a limit runs to it and
# answers before the next command (or the end of input) is handled; one
# without (infinite) is stopped, answered, and the command then handled.
printf 'usi\nposition startpos\ngo depth 4\n' | timeout 60 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
ok $? "usi: a piped go depth ends cleanly"
is "$(bestmoves | grep -c .)" "1" "usi: at the end of input, the search under way still answers"
grep -q '^info depth 4 ' "$tmp/out"; ok $? "usi: and it searched to the depth asked"
printf 'position startpos\ngo infinite\n' | timeout 60 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
ok $? "usi: a piped go infinite ends at the end of input"
is "$(bestmoves | grep -c .)" "1" "usi: stopped, and answered"
printf 'position startpos\ngo depth 4\nposition startpos moves 2e4c\ngo depth 4\nsetoption name Depth value 2\ngo\nquit\n' |
    timeout 60 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
grep -q '^info string' "$tmp/out"; ok $((!$?)) "usi: position, go, setoption during a search are not refused"
is "$(grep -c '^info depth 4 ' "$tmp/out")" "2" "usi: each piped search runs to its depth"
# The third search's lines (after the second answer) stop at depth 2; the
# first two may tell depth 3 on their way to 4, as a slow machine shows.
awk '/^bestmove/ {n++; next} n == 2' "$tmp/out" | grep -q '^info depth [3-9]'
ok $((!$?)) "usi: setoption applies from the next go"
# shellcheck disable=SC2046
set -- $(bestmoves)
is "$#" "3" "usi: three searches, three answers"
grep -qx "$1" "$tmp/legal"; ok $? "usi: the first answers the start"
printf 'position startpos moves 2e4c %s\nposition startpos moves 2e4c %s\n' "${2:-}" "${3:-}" |
    timeout 60 "$YOMI" usi | grep -q 'info string'
ok $((!$?)) "usi: the others answer the position after 2e4c"
cat >"$tmp/in" <<'EOF'
position startpos
go infinite
sleep 0.4
position startpos moves 2e4c
go depth 2
await 2
quit
EOF
usi_session "$tmp/in"
is "$(bestmoves | grep -c .)" "2" "usi: position during go infinite stops it: its bestmove, then the new go's"
printf 'position startpos moves 2e4c %s\ngo depth 1\n' "$(bestmoves | tail -1)" |
    timeout 60 "$YOMI" usi >"$tmp/out" 2>"$tmp/err"
grep -q '^info string' "$tmp/out"; ok $((!$?)) "usi: the second answer is a move of the new position"
printf 'position startpos\ngo infinite\nsleep 0.4\nquit\n' >"$tmp/in"
usi_session "$tmp/in"
is "$(bestmoves | grep -c .)" "1" "usi: quit during a search still answers it"

# --- movetime 0 is "move now"; a negative one is named and read as 0 --------
# The bestmove must come unasked: before the readyok of an isready sent
# three seconds later (and not only at the end of input).
for mt in 0 -5; do
    printf 'position startpos\ngo movetime %s\nsleep 3\nisready\nsleep 0.5\n' "$mt" >"$tmp/in"
    usi_session "$tmp/in"
    is "$(grep -E '^(bestmove|readyok)' "$tmp/out" | cut -d' ' -f1 | tr '\n' ' ')" "bestmove readyok " \
        "usi: go movetime $mt answers at once"
done
case $(grep '^info string' "$tmp/out") in *"movetime"*) ok 0 "usi: a negative movetime is named" ;;
    *) ok 1 "usi: a negative movetime is named" ;; esac

# --- malformed input: info string, never a crash --------------------------------
printf 'bogus\ngo depth x\ngo depth 0\nposition sfen nonsense\nposition startpos moves 5e5e\nsetoption name NoSuchOption value 3\nsetoption name USI_Hash value lots\nposition startpos moves %s\n\001\002\377\nisready\ngo depth 1\n' \
    "$(printf '2e2d %.0s' $(seq 1 1100))" >"$tmp/in"
echo "await 1" >>"$tmp/in"
usi_session "$tmp/in"
ok $rc "usi: malformed lines do not end the engine"
is "$(grep -c '^info string' "$tmp/out")" "9" "usi: one info string per malformed line"
grep -q '^readyok$' "$tmp/out"; ok $? "usi: still answers after bad lines"
is "$(bestmoves | grep -c .)" "1" "usi: and still searches"
awk 'BEGIN { s = "position startpos moves"; for (i = 0; i < 20000; i++) s = s " 2e2d"; print s; print "isready" }' \
    >"$tmp/in"
usi_session "$tmp/in"
grep -q 'too long' "$tmp/out"; ok $? "usi: an over-long line is refused"
grep -q '^readyok$' "$tmp/out"; ok $? "usi: and the next line is heard"
: | timeout 10 "$YOMI" usi >/dev/null 2>&1
ok $? "usi: end of input ends it cleanly"
bad_input "usi: no arguments" usi extra

# --- yomi as a USI client ---------------------------------------------------------
run_yomi match gogo --first pvs:2 --second "usi:$YOMI usi,Depth=2,USI_Hash=4" --games 2 --swap --random-plies 2
ok $rc "match: against yomi usi as an external engine"
is "$(printf '%s\n' "$out" | grep -c '^[12]	')" "2" "match: one row per game"
case $out in *"score	A "*) ok 0 "match: score with a margin" ;; *) ok 1 "match: score with a margin" ;; esac
run_yomi match gogo --first pvs:60 --second "usi:$YOMI usi" --time 20 --games 1 --max-plies 6
ok $rc "match: per-move time with an external engine"
bad_input "match: engine that cannot start" match gogo --first pvs:2 --second usi:/nonexistent/engine
bad_input "match: external engine on another game" match reversi --first pvs:2 --second "usi:$YOMI usi"
bad_input "match: bad usi spec" match gogo --first pvs:2 --second "usi:$YOMI usi,time=soon"

# A fake engine: handshakes, then either plays nonsense or never answers.
cat >"$tmp/fake.sh" <<'EOF'
#!/bin/sh
while read -r line; do
    case $line in
        usi) echo "id name fake"; echo usiok ;;
        isready) echo readyok ;;
        go*) [ "$1" = illegal ] && echo "bestmove 5a1e" ;;
        quit) exit 0 ;;
    esac
done
EOF
chmod +x "$tmp/fake.sh"
run_yomi match gogo --first "usi:$tmp/fake.sh illegal" --second pvs:2 --games 1
ok $rc "match: an illegal move loses the game, the match goes on"
case $out in *"B wins (-30000, A illegal move)"*) ok 0 "match: illegal move reported" ;; *) ok 1 "match: illegal move reported" ;; esac
run_yomi match gogo --first "usi:$tmp/fake.sh silent,timeout=200" --second pvs:2 --time 20 --games 1
is "$rc" "1" "match: a silent engine is an error, not a hang"
case $err in *"no bestmove"*) ok 0 "match: says the engine did not answer" ;; *) ok 1 "match: says the engine did not answer" ;; esac
bad_input "match: engine that exits at once" match gogo --first pvs:2 --second usi:false
# running TEXT: 0 when some process's command line holds TEXT (from /proc:
# procps, with pgrep, may not be installed)
running() {
    for cmdline in /proc/[0-9]*/cmdline; do
        case $(tr '\0' ' ' 2>/dev/null <"$cmdline") in *"$1"*) return 0 ;; esac
    done
    return 1
}
sleep 1.5
running "$tmp/fake.sh"
ok $((!$?)) "match: no engine process left behind"

# --- a game clock: the same arithmetic as the UI's (players/game_clock.c) ------
# An engine that takes a second a move against 100 ms of main time loses on time.
cat >"$tmp/slow.sh" <<'EOF'
#!/bin/sh
while read -r line; do
    case $line in
        usi) echo "id name slow"; echo usiok ;;
        isready) echo readyok ;;
        go*) sleep 1; echo "bestmove 5e4d" ;;
        quit) exit 0 ;;
    esac
done
EOF
chmod +x "$tmp/slow.sh"
run_yomi match gogo --first "usi:$tmp/slow.sh" --second pvs:2 --game-time 100 --games 1
ok $rc "match: a game clock that runs out ends the game, not the match"
case $out in *"B wins (-30000, A time)"*) ok 0 "match: loss on time reported" ;; *) ok 1 "match: loss on time reported" ;; esac
run_yomi match kalah --first pvs:3 --second pvs:3 --game-time 60000 --inc 100 --byoyomi 1000 --games 1
case $out in *", A time"*|*", B time"*) ok 1 "match: a minute's clock for a shallow search" ;; *) ok $rc "match: a minute's clock for a shallow search" ;; esac
bad_input "match: --inc alone" match kalah --first pvs:1 --second pvs:1 --inc 100
bad_input "match: --time with a game clock" match kalah --first pvs:1 --second pvs:1 --time 100 --game-time 1000

# --- xshogi:COMMAND (GNU minishogi's raw protocol) ----------------------------------
cat >"$tmp/fakex.sh" <<'EOF2'
#!/bin/sh
echo "GNU Shogi (fake)"
while read -r line; do
    case $line in
        switch|[1-5]*|[PSGBR]\**) echo "1. ... 9z9z 300000" ;;
        quit) exit 0 ;;
    esac
done
EOF2
chmod +x "$tmp/fakex.sh"
run_yomi match gogo --first pvs:2 --second "xshogi:$tmp/fakex.sh" --games 2 --swap
ok $rc "xshogi: a fake program's nonsense loses, the match goes on"
is "$(printf '%s\n' "$out" | grep -c 'B illegal move')" "2" "xshogi: both games lost by the illegal move"
bad_input "xshogi: options are refused" match gogo --first pvs:2 --second "xshogi:$tmp/fakex.sh,Threads=2"
bad_input "xshogi: a program that cannot start" match gogo --first pvs:2 --second xshogi:/nonexistent/gnushogi

# --- the real engines, when installed (not needed for the suite) ------------------
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $1"; }
if [ -x /usr/games/fairy-stockfish ]; then
    run_yomi match gogo --first pvs:2 --second usi:/usr/games/fairy-stockfish,depth=2 --games 2 --swap --max-plies 12
    ok $rc "fairy-stockfish: two short games"
else
    skip "fairy-stockfish: not installed"
fi
if [ -x /usr/games/gnuminishogi ]; then
    run_yomi match gogo --first pvs:2 --second "xshogi:/usr/games/gnuminishogi -X,depth=1" --games 2 --swap --max-plies 12
    ok $rc "gnuminishogi: two short games"
else
    skip "gnuminishogi: not installed"
fi

bad_input "play: an external engine on reversi" play reversi --second usi:/usr/games/fairy-stockfish
bad_input "play: a bad external spec" play gogo --second "usi:engine,time=soon"
done_testing
