#!/bin/sh
# The terminal goes away in the middle of a game: yomi saves the game and
# exits, instead of spinning on a getch() that fails at once for ever.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# setsid puts yomi in a session of its own, so the hangup sends it no SIGHUP
# (which it handles already): it meets the closed terminal only in its reads.
if ! command -v setsid >/dev/null 2>&1; then
    echo "1..0 # SKIP setsid is not installed"
    exit 0
fi

rm -f "$ui_tmp/state/yomi/autosave.yomi"
YOMI="setsid $YOMI" ui_start -- play reversi --second alphabeta:2 "2>$ui_tmp/err"
see "Black to move" "a reversi game"
ui_keys Enter
see "2." "a move and the reply"
[ -n "$(ui_pid)" ]
ok $? "yomi runs"
T kill-server
ui_procs_gone yomi 10
ok $? "the terminal closed: yomi exits"
for pid in $(ui_procs yomi); do kill -KILL "$pid"; done # an old yomi spins for ever
grep -q "the terminal went away; the game was saved" "$ui_tmp/err"
ok $? "and says the game was saved"
grep -qx 'd3' "$ui_tmp/state/yomi/autosave.yomi"
ok $? "the autosave holds the game"

done_testing
