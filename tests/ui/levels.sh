#!/bin/sh
# Strength levels in the New game form: a computer side offers its level
# first, Custom shows the search's own fields, the side label names the
# level, and a save file keeps `level:N`.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "New game" "menu"
ui_keys n
see "Start game" "the new-game form"
see "Level              11 Strongest" "a computer side offers its level, reversi's strongest (11) to begin with"
not_see "Algorithm" "a level hides the search's fields"
ui_keys End Up Up
see "how strong the computer plays" "the level's help line"
ui_keys Right
see "Level              Custom" "after 11 Strongest comes Custom"
see "Algorithm          yomi" "Custom shows the algorithm"
see "Time per move" "...and its limits"
ui_keys Left Left Left Left Left Left
see "Level              6 Strong" "left goes down the levels"
not_see "Algorithm" "a level again: the search's fields are gone"
ui_keys Enter
see "White  Level 6" "the side label shows the level"
ui_keys Enter
see "Last search: White" "level 6 replies"
ui_keys s C-u "$ui_tmp/level.yomi" Enter
see "saved to" "saved"
grep -q '^second level:6$' "$ui_tmp/level.yomi"
ok $? "the save file keeps the level as the player"
ui_keys q y
see "yomi-exited-0" "quit"

# Each game lists its own levels: Kalah has 8, gogo 11; the strongest
# stays the strongest and Custom stays Custom from one game to another,
# any other level keeps its number where the game has it.
ui_start
see "New game" "menu"
ui_keys n
see "Level              11 Strongest" "reversi: 11 levels"
ui_keys Left
see "Level              8 Strongest" "Kalah: its strongest is level 8"
ui_keys Right Right
see "Level              11 Strongest" "gogo: its strongest is level 11"
ui_keys End Up Up Left Left Left Left Left
see "Level              6 Strong" "gogo level 6"
ui_keys Home Left
see "Level              6 Strong" "reversi keeps level 6"
ui_keys End Up Up Right Right Right Right Right Right
see "Level              Custom" "reversi: Custom after 11 Strongest"
ui_keys Home Left
see "Level              Custom" "Kalah keeps Custom"
see "Algorithm          yomi" "...and its search fields"
ui_keys Down Down Down Down Down Down Down Left Left
see "Level              7 Expert" "Kalah: left from Custom goes down from 8 Strongest"
ui_keys Escape
see "New game" "back at the menu"
ui_keys q
see "yomi-exited-0" "quit"

# A custom search is labelled by its algorithm and limits.
ui_start
see "New game" "menu"
ui_keys n
see "Start game" "the new-game form again"
ui_keys End Up Up Right Enter
see "White  yomi 1.0s" "Custom: the label shows algorithm and time"
ui_keys q y
see "yomi-exited-0" "quit"

# From the command line, and from the save file.
ui_start -- play kalah --first level:2 --second human
see "South  Level 2" "yomi play --first level:2"
ui_keys q y
see "yomi-exited-0" "quit"
ui_start
see "New game" "menu"
ui_keys o
see "Load game from:" "load prompt"
ui_keys C-u "$ui_tmp/level.yomi" Enter
see "White  Level 6" "a loaded game keeps the level"
ui_keys q y
see "yomi-exited-0" "quit"

done_testing
