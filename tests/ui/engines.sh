#!/bin/sh
# Other engines as the computer in gogo.  GNU minishogi, through the xshogi
# protocol, has no stop: its depth starts sane in the new-game form, the UI
# never waits for it (undo, Esc, quit while it thinks answer at once), and
# no process of it is left thinking for nothing or unreaped.  A USI engine
# is told to stop without being waited for, and its late answer is skipped.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

gnu=/usr/games/gnuminishogi
fairy=/usr/games/fairy-stockfish
if [ ! -x "$gnu" ] && [ ! -x "$fairy" ]; then
    echo "1..0 # SKIP neither gnuminishogi nor fairy-stockfish is installed"
    exit 0
fi
skip() { tap_n=$((tap_n + 1)); echo "ok $tap_n # SKIP $1"; }

# childless PID: 0 when PID has no child process left, zombies included,
# within 5 s.
childless() {
    deadline=$(($(date +%s) + 5))
    while [ -n "$(ui_children "$1")" ]; do
        [ "$(date +%s)" -ge "$deadline" ] && return 1
        sleep 0.1
    done
}

if [ -x "$gnu" ]; then
    # the new-game form: a depth that answers in seconds, and an answer
    ui_start
    ui_keys n
    see "Start game" "the new-game form"
    # End is Start; Up the Clock, then up the second player's level to its choice
    ui_keys Right End Up Up Up Right Right
    see "GNU minishogi" "the second player is GNU minishogi"
    ui_screen | grep -qE 'Depth +6( |$)'
    ok $? "its depth starts at 6, not the 40 of yomi's own search"
    ui_keys Enter
    see "Sente to move" "a gogo game against it"
    ui_keys Up Enter Up Enter
    see "1.5d5c" "a pawn move"
    ui_wait_re '1\.5d5c 2\.[1-5]' 30
    ok $? "GNU minishogi replies"
    ui_keys q y
    see "yomi-exited-0" "quit"

    # (quoted again for the pane's shell) thinks for a minute or more a move
    deep="'xshogi:$gnu -X,depth=40'"

    # undo while it thinks
    ui_start -- play gogo --second "$deep"
    see "Sente to move" "a game against GNU minishogi at depth 40"
    ui_keys Up Enter Up Enter
    see "Gote is thinking" "it thinks"
    yomi=$(ui_pid)
    [ -n "$(ui_children "$yomi")" ]
    ok $? "its process runs"
    ui_keys u
    see "undone: move 1 is next" "u while it thinks answers at once" 5
    childless "$yomi"
    ok $? "the search given up is not left running: its process is ended and reaped"

    # Esc while it thinks
    ui_keys r
    see "Gote is thinking" "the move redone, it thinks again, in a fresh process"
    ui_keys Escape
    see "Resume last game" "Esc while it thinks: the menu at once" 5
    childless "$yomi"
    ok $? "leaving the game ends the process"

    # quit while it thinks
    ui_start -- play gogo --second "$deep"
    see "Sente to move" "again"
    ui_keys Up Enter Up Enter
    see "Gote is thinking" "it thinks"
    ui_keys q
    see "Quit yomi?" "q asks"
    ui_keys y
    see "yomi-exited-0" "y quits at once" 5
    ui_procs_gone gnuminishogi 5
    ok $? "no GNU minishogi is left behind"
else
    skip "GNU minishogi: not installed"
fi

if [ -x "$fairy" ]; then
    # undo while it thinks, then another move: the answer is to that one
    ui_start -- play gogo --second "usi:$fairy,time=3000"
    see "Sente to move" "a game against Fairy-Stockfish, 3 s a move"
    ui_keys Up Enter Up Enter
    see "Gote is thinking" "it thinks"
    ui_keys u
    see "undone: move 1 is next" "u while it thinks answers at once" 5
    ui_keys Down Down Enter Up Right Enter
    see "1.5e4d" "another first move"
    ui_wait_re '1\.5e4d 2\.[1-5]' 15
    ok $? "Fairy-Stockfish replies to it"
    not_see "engine:" "with no error: the stopped search's late answer was skipped"
    ui_keys q y
    see "yomi-exited-0" "quit"
else
    skip "Fairy-Stockfish: not installed"
fi

done_testing
