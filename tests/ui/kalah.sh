#!/bin/sh
# A Kalah game from the menu: an extra turn, the computer's reply, the
# ASCII board in the C locale.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "New game" "menu"
ui_keys n
see "Start game" "the new-game form"
ui_keys Left
see "Pits per side" "left arrow chooses Kalah, with pits and seeds"
ui_keys Enter
see "In store: South 0  North 0" "a Kalah game"
see "South to move" "South (the human) moves first"
ui_keys Enter
see "South moves again" "pit 1's last seed lands in the store: another turn"
see "1.1" "the move is listed"
ui_keys Left Enter
see "pit 1 is empty" "an empty pit: a short message"
ui_keys Right Enter
see "2.2" "pit 2"
see "Last search: North" "the computer replies"
ui_keys u
see "undone" "undo"
ui_keys q y
see "yomi-exited-0" "quit"

# The computer's extra turn is announced, and the announcement comes down
# when the turn passes: South (the computer) plays pit 4 into its store,
# then pit 2, and it is North's turn with no "South moves again" left.
printf 'yomi-save 1\ngame kalah-4x3\nfirst alphabeta:4\nsecond human\nposition 0 5 0 1 8 3 3 3 1 0 1\nmoves\n' >"$ui_tmp/again.yomi"
ui_start
ui_keys o
see "Load game from:" "load prompt"
ui_keys C-u "$ui_tmp/again.yomi" Enter
see "1.4 2.2" "the computer takes its extra turn, then plays on"
see "North to move" "North's turn"
not_see "South moves again" "the extra turn's message is gone on North's turn"
ui_keys q y
see "yomi-exited-0" "quit"

ui_start LANG=C LC_ALL=C -- play kalah-4x3 --second alphabeta:2
see "|  3 |  3 |  3 |  3 |" "C locale: the ASCII board"
ui_keys q
see "yomi-exited-0" "quit"

# Near the end the computer's search is the exact solve, and the panel says so.
ui_start -- play kalah-4x2 --first yomi:40,time=200 --second human
see "solved: win by 6 (South)" "the panel gives the exact outcome once solved"
ui_keys q
ui_keys y
see "yomi-exited-0" "quit"

done_testing
