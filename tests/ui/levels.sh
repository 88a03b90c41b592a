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
see "Level              8 Strongest" "a computer side offers its level, 8 to begin with"
not_see "Algorithm" "a level hides the search's fields"
ui_keys End Up Up
see "how strong the computer plays" "the level's help line"
ui_keys Right
see "Level              Custom" "after 8 Strongest comes Custom"
see "Algorithm          yomi" "Custom shows the algorithm"
see "Time per move" "...and its limits"
ui_keys Left Left Left Left Left Left
see "Level              3 Casual" "left goes down the levels"
not_see "Algorithm" "a level again: the search's fields are gone"
ui_keys Enter
see "White  Level 3" "the side label shows the level"
ui_keys Enter
see "Last search: White" "level 3 replies"
ui_keys s C-u "$ui_tmp/level.yomi" Enter
see "saved to" "saved"
grep -q '^second level:3$' "$ui_tmp/level.yomi"
ok $? "the save file keeps the level as the player"
ui_keys q y
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
see "White  Level 3" "a loaded game keeps the level"
ui_keys q y
see "yomi-exited-0" "quit"

done_testing
