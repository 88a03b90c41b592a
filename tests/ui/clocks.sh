#!/bin/sh
# Game clocks from the New game form: a person who does not move loses on
# time, the clocks show by the players and stop while the help is open, and
# a save file keeps them through a load.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# see_re REGEX NAME [SECONDS]: see, for an extended regular expression.
see_re() {
    if ui_wait_re "$1" "${3:-10}"; then
        ok 0 "$2"
    else
        ok 1 "$2"
        echo "#   wanted on screen: /$1/"
        ui_screen | sed 's/^/#   | /'
    fi
}

# ---- 0 minutes + 5 s byoyomi: the human does nothing ----------------------
ui_start
see "New game" "menu"
ui_keys Enter
see "Start game" "the new-game form"
ui_keys End Up
see_re "Clock +none" "a Clock field above Start, none to begin with"
see "who runs out loses" "with a line saying what it is"
ui_keys Left
see "Byoyomi (s)" "Left from none: custom, with minutes, increment and byoyomi"
ui_keys Down Left Left Left Left Left Down Down Right Right Right Right Right
see_re "Byoyomi \(s\) +5" "0 minutes and 5 s of byoyomi"
# the help goes up at once, before Black's 5 s are gone
ui_keys Enter '?'
see "1 Keys" "the game starts and the help opens over it"
sleep 6 # longer than Black has: the clock must stand still meanwhile
ui_keys Escape
see_re "White +Level 11.* byo 00:05\.0" "both clocks by the player labels: White's byoyomi whole"
see "Black to move" "the help stopped Black's clock: the game goes on"
not_see "Game over" "and nobody lost on time while it was open"
see "you lose (White wins), by running out of time" "then Black, who does not move, loses on time" 15
see_re "Black +You +byo 00:00\.0" "with nothing left on Black's clock"
grep -q '^clock-flag first$' "$ui_tmp/state/yomi/autosave.yomi"
ok $? "the autosave says who ran out of time"
grep -q '^clock 0 0 5000$' "$ui_tmp/state/yomi/autosave.yomi"
ok $? "and the clock it was played under"
ui_keys q
see "yomi-exited-0" "quit"

# ---- 1+0: a move each, then save and load --------------------------------
ui_start
see "New game" "menu"
ui_keys Enter
see "Start game" "the new-game form"
ui_keys End Up Right
see "1+0: 1 min" "the first preset: a minute each"
ui_keys Enter
see_re "Black +You +0[01]:[0-9][0-9] *$" "Black's clock shows minutes and seconds"
ui_keys Enter
see "1.d3" "Black plays"
see "2." "the computer replies on its clock"
see "Black to move" "Black's turn again"
ui_keys s
see "Save the game to:" "s asks where to save"
ui_keys C-u "$ui_tmp/clocked.yomi" Enter
see "saved to" "saved"
grep -q '^clock 60000 0 0$' "$ui_tmp/clocked.yomi"
ok $? "the save file has the clock"
left=$(sed -n 's/^clock-left \([0-9]*\) \([0-9]*\)$/\1 \2/p' "$ui_tmp/clocked.yomi")
set -- $left
ok $([ $# -eq 2 ] && [ "$1" -lt 60000 ] && [ "$2" -lt 60000 ] && echo 0 || echo 1) \
    "and the time each side has left, less than a minute now"
grep -q '^time-used [0-9]* [0-9]*$' "$ui_tmp/clocked.yomi"
ok $? "and the time each side used"
ui_keys u
see "none yet" "undone: the game differs from the file"
ui_keys o
see "Load a game from:" "o: the load prompt"
ui_keys C-u "$ui_tmp/clocked.yomi" Enter
see "loaded" "loaded"
see "1.d3" "the loaded game has its moves"
see_re "White +Level 11.* 00:[0-5][0-9] *$" "and its clocks, short of the minute they started with"
ui_keys q y
see "yomi-exited-0" "quit"

done_testing
