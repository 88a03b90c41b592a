#!/bin/sh
# Mouse clicks as a terminal sends them, a press and then a release, in the
# X10 encoding (TERM=screen) and in SGR's (TERM=xterm-256color): a click
# plays once, and the loop goes on without another key, so the computer's
# reply shows and the watch screen keeps playing.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# Reversi's d3, a first move for Black, is on row 6, column 15 of the screen.
for enc in x10 sgr; do
    if [ $enc = sgr ]; then term=xterm-256color; else term=screen; fi
    ui_start TERM=$term -- play reversi
    see "Black to move" "$enc: a reversi game"
    ui_click 6 15 $enc
    see "1.d3" "$enc: a click on d3 plays it"
    ui_click 10 20 $enc 2 # the right button, while the computer thinks: ignored
    see "Black to move: choose" "$enc: the computer replies with no key pressed"
    ui_screen | grep -qE '1\.d3 2\.[a-h][1-8]'
    ok $? "$enc: its reply is in the move list"
    not_see "the computer is thinking" "$enc: the release did not act as a second click"
    ui_keys q y
    see "yomi-exited-0" "$enc: quit"
done

# the watch screen keeps playing after a click
ui_start
ui_keys w Enter
see "3." "watch: the computer plays itself"
ui_click 6 15
last=$(ui_screen | grep -oE '[0-9]+\.[a-z]' | tail -1 | cut -d. -f1)
ui_wait_re "(^| )$((last + 2))\.[a-z]" 10
ok $? "watch: after a click the moves go on"
ui_keys q y
see "yomi-exited-0" "watch: quit"

done_testing
