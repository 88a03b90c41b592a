#!/bin/sh
# Save files from outside: a load that cannot be read says why and keeps
# the game; a save file never starts a program unasked; stale temporary
# files of the autosave are cleaned up.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

state=$ui_tmp/state/yomi
mkdir -p "$state"

# ---- what is not a regular file: refused at once, the keys still work ----
mkfifo "$ui_tmp/fifo.yomi"
ui_start
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/fifo.yomi" Enter
see "fifo.yomi: not a regular file" "Load game on a FIFO: refused, not waited on"
ui_keys '?'
see "1 Keys" "and the keys still work"
ui_keys Escape
ui_keys o C-u "$ui_tmp" Enter
see "a folder, not a file" "Load game on a folder: says so"

ui_keys n
see "Start game" "a new game..."
ui_keys Enter
see "Discs: Black 2  White 2" "...of reversi"
ui_keys Enter
see "1.d3" "one move"
ui_keys o C-u /dev/zero Enter
see "/dev/zero: not a regular file" "o on /dev/zero: refused at once"
see "1.d3" "the game on screen is kept"
ui_keys u
see "undone: move 1 is next" "and it still takes keys"
ui_keys q y
see "yomi-exited-0" "quit"

# the autosave itself made a FIFO: the menu starts and Resume says why
rm -f "$state/autosave.yomi"
mkfifo "$state/autosave.yomi"
ui_start
see "Resume last game" "an autosave that is a FIFO: the menu still starts"
ui_keys r
see "autosave.yomi: not a regular file" "Resume says why it cannot"
ui_keys q
see "yomi-exited-0" "quit"
rm -f "$state/autosave.yomi"

done_testing
