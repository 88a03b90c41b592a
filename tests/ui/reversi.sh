#!/bin/sh
# A reversi game from the menu: a human move, the computer's reply, undo and
# redo, save and load, resize, autosave and resume.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "New game" "menu"
ui_keys Enter
see "Start game" "Enter: the new-game form"
ui_keys Enter
see "Discs: Black 2  White 2" "Enter again: a reversi game at the start"
see "Black to move" "the human (Black) moves first"
ui_keys Enter
see "1.d3" "Enter plays the first legal move (d3)"
see "2." "the computer replies"
see "Last search: White" "the search panel shows the computer's search"
see "Black to move" "and it is the human's turn again"

ui_keys t
see "Hint:" "t: the hint shows"
not_see "thinking about a hint" "and the message that it is coming is gone"

ui_keys u
see "undone: move 1 is next" "u takes back the human's move and the reply"
see "none yet" "the move list is empty again"
ui_keys r
see "1.d3" "r redoes"
see "2." "...the reply too"

ui_keys s
see "Save the game to:" "s asks where to save"
ui_keys C-u
ui_keys "$ui_tmp/game.yomi" Enter
see "saved to" "saved"
ok $([ -s "$ui_tmp/game.yomi" ] && echo 0 || echo 1) "the save file exists"
grep -q '^game reversi' "$ui_tmp/game.yomi"
ok $? "the save file names the game"
grep -q '^d3$' "$ui_tmp/game.yomi"
ok $? "the save file lists the moves in the game's notation"
ok $([ -s "$ui_tmp/state/yomi/autosave.yomi" ] && echo 0 || echo 1) "autosaved under XDG_STATE_HOME"

ui_keys u
see "none yet" "undo again"
ui_keys o
see "Load a game from:" "o asks what to load"
ui_keys C-u
ui_keys "$ui_tmp/game.yomi" Enter
see "loaded" "loaded"
see "1.d3" "the loaded game has its moves"

# With a game in progress, o asks before the load replaces it; no is the
# default, and s saves first as the question offers.
ui_keys o
see "Replace the game in progress?" "o in a game in progress asks first"
ui_keys Enter
ui_gone "Replace the game in progress?"
ok $? "any key but y keeps the game"
not_see "Load a game from:" "and no load prompt opens"
see "1.d3" "the game is still there"
ui_keys o s
see "Save the game to:" "s at the question saves first"
ui_keys Escape o y
see "Load a game from:" "o y opens the load prompt"
ui_keys C-u "$ui_tmp/nonexistent" Enter
see "cannot open" "a missing file: a short message"
see "1.d3" "and the game goes on"

ui_resize 40 12
see "enlarge the terminal to 80x24" "40x12 is too small for a game"
ui_resize 80 24
see "Discs: Black" "back to 80x24: the board again"

ui_keys q
see "Quit yomi?" "q asks during a game"
ui_keys n
ui_gone "Quit yomi?"
ok $? "n keeps playing"
ui_keys q y
see "yomi-exited-0" "q y quits"

ui_start
see "Resume last game" "started again"
ui_keys r
see "1.d3" "Resume last game brings the game back"
ui_keys q y
see "yomi-exited-0" "quit"

# illegal input: a short message, the game continues
ui_start -- play reversi-4x4 --first human --second alphabeta:2
see "Discs: Black 2  White 2" "yomi play starts straight into a game"
ui_keys Left Enter
see "not a legal move" "an illegal square: a short message"
see "Black to move" "and the game goes on"
ui_keys q
see "yomi-exited-0" "q at move 0 quits without asking"

# SIGINT in the middle of a game: the terminal comes back and the game is saved
rm -f "$ui_tmp/state/yomi/autosave.yomi"
ui_start -- play reversi-6x6 --first human --second alphabeta:2
see "Black to move" "a 6x6 game"
ui_keys Enter
see "2." "a move and the reply"
kill -INT "$(ui_pid)"
see "yomi-exited-130" "SIGINT: yomi leaves through its main loop"
see "the game was saved" "and says the game was saved"
grep -q '^game reversi-6x6' "$ui_tmp/state/yomi/autosave.yomi"
ok $? "the autosave holds the game"

done_testing
