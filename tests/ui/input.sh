#!/bin/sh
# Typed input: a move in each game's notation at the : prompt, Kalah's pits
# by their digits, the board turned round (by f, and by itself for the
# player of the second side) with clicks still landing on their squares,
# the principal variation in the panel, gogo's last move marked at both
# ends, and a form's number fields typed.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# The board's rows as the terminal shows them, with their colours.
escaped() { T capture-pane -e -p -t ui 2>/dev/null; }

# ---- reversi: typed moves, and where they are refused ----------------------
ui_start -- play reversi --second human
see "Black to move" "a reversi game between two people"
ui_keys :
see "Move for Black (e.g. d3):" ": asks for a move, with an example in the notation"
ui_keys z9 Enter
see "'z9' is off the 8x8 board" "a square off the board: the game's own reason"
see "Black to move" "and the game goes on"
ui_keys : a1 Enter
see "a1 is not legal" "an illegal square: said in the status line"
ui_keys : pass Enter
see "cannot pass: X (black) has 4 legal moves" "pass with moves to play: refused"
ui_keys : " d3 " Enter
see "1.d3" "d3 typed (blanks around it too) is played"
see "White to move" "and it is White's turn"
ui_keys :
see "Move for White" "the prompt again"
ui_keys Escape
ui_gone "Move for White"
ok $? "Esc closes it"
ui_keys q y
see "yomi-exited-0" "quit"

# Not the person's turn: the prompt does not open, and the status says why;
# meanwhile the panel shows the line the computer expects.
ui_start -- play reversi --second yomi:40,time=6000
see "Black to move" "against a computer that thinks six seconds"
ui_keys : d3 Enter
see "White is thinking..." "the typed move is played and the computer thinks"
ui_keys :
see "wait: the computer is thinking" ": while the computer thinks: why not"
not_see "Move for" "and no prompt"
ui_wait_re "line +[a-h][1-8]( [a-h][1-8])+" 10
ok $? "while it thinks the panel shows its line in the game's notation"
ui_keys q y
see "yomi-exited-0" "quit"

# One thread: the line of a depth-4 search, whole (with helpers beside it,
# the table they fill may end a line early, as it may in any engine).
ui_start -- play reversi --second negascout:4,threads=1
ui_keys : d3 Enter
see "Last search: White" "the computer has moved"
ui_wait_re "line +[a-h][1-8] [a-h][1-8] [a-h][1-8]" 15
ok $? "after its move the panel keeps the line it expected"
ui_keys q y
see "yomi-exited-0" "quit"

# the game is over: nothing to type
ui_start -- play tree --tree textbook --first human --second human
ui_keys : 1 Enter : 2 Enter
see "Game over" "the tree game typed to its end"
ui_keys :
see "the game is over" ": after the end: why not"
ui_keys f
see "this board has no sides to turn round" "f where there is nothing to turn"
ui_keys q
see "yomi-exited-0" "quit"

# ---- gogo: USI moves, and their marks ---------------------------------------
ui_start -- play gogo --second human
see "Sente to move" "a gogo game between two people"
ui_keys : P*3c Enter
see "P*3c is illegal" "a drop with nothing in hand: refused with the reason"
ui_keys : 2b3a+ Enter
see "2b3a+ is illegal" "a promotion of a piece not there: refused"
ui_keys : 5d5c Enter
see "1.5d5c" "5d5c typed is played"
# the last move is marked on both squares, 5d and 5c (rows c and d of the
# board, lines 8 and 9 of the screen), by its colour (black on yellow)
marked=$(escaped | sed -n 6,10p | grep -n '\[43m' | cut -d: -f1 | tr '\n' ' ')
is "$marked" "3 4 " "the last move's from- and to-square are marked, no other"
ui_keys : 2a2b Enter : 5c5b Enter : 2b2c Enter
see "4.2b2c" "moves typed for both sides"
ui_keys : 5b5a+ Enter
see "5.5b5a+" "a promotion typed with +"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- Kalah: pit numbers typed, and digits --------------------------------------
ui_start -- play kalah --second human
see "South to move" "a Kalah game between two people"
ui_keys : 9 Enter
see "pit 9 does not exist (1..6)" "a pit that is not there: refused"
ui_keys : 3 Enter
see "1.3" "pit 3 typed"
see "North to move" "North's turn"
ui_keys 9
see "there is no pit 9: the pits are numbered 1 to 6" "the digit 9 with six pits: said plainly"
ui_keys 4
see "2.4" "the digit 4 plays North's pit 4"
see "South to move" "South's turn"
ui_keys q y
see "yomi-exited-0" "quit"

ui_start -- play kalah-4x3 --second human
ui_keys 5
see "there is no pit 5: the pits are numbered 1 to 4" "4 pits: the digit 5 is none"
ui_keys 1
see "1.1" "South's pit 1 by its digit"
ui_keys 1
see "2.1" "North's pit 1 by its digit"
ui_keys 1
see "pit 1 is empty" "an empty pit by its digit: the board's own message"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- turning the board -----------------------------------------------------------
# Reversi's d3 is on row 6, column 15 of the screen; turned round, on row 9,
# column 18, where e6 is when it is not (both are first moves for Black).
ui_start -- play reversi --second human
see "a  b  c  d  e  f  g  h" "the board the right way up"
ui_keys f
see "h  g  f  e  d  c  b  a" "f turns it round: the labels follow"
see "the board is turned round" "and says so"
ui_click 9 18
see "1.d3" "a click where d3 now shows plays d3"
ui_keys u f
see "a  b  c  d  e  f  g  h" "f again turns it back"
see "none yet" "(d3 taken back)"
ui_click 9 18
see "1.e6" "the same place is e6 again"
ui_keys q y
see "yomi-exited-0" "quit"

# the person plays the second side only: turned from the start
ui_start -- play reversi --first negascout:2 --second human
see "White to move" "the computer opened"
see "h  g  f  e  d  c  b  a" "the human plays second: the board starts turned round"
ui_keys q y
see "yomi-exited-0" "quit"

# ... unless the setting says no
mkdir -p "$ui_tmp/state/yomi"
printf 'flip-second=0\n' >"$ui_tmp/state/yomi/settings"
ui_start -- play reversi --first negascout:2 --second human
see "White to move" "the computer opened"
see "a  b  c  d  e  f  g  h" "Settings: flip if I play 2nd, no: the right way up"
ui_keys q y
see "yomi-exited-0" "quit"
rm -f "$ui_tmp/state/yomi/settings"

# the watch screen shares the board: f there too
ui_start
ui_keys w Enter
see "Watch: Reversi" "the watch screen"
ui_keys Space f
see "h  g  f  e  d  c  b  a" "f turns the watched board round"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- number fields: typed, PgUp/PgDn, Home/End (Settings) ---------------------------
ui_start
see "New game" "menu"
ui_keys s
see "Flip if I play 2nd" "Settings offer the flip"
ui_keys Down Down Down Left
see "Flip if I play 2nd   no" "and it can be turned off"
ui_keys Down 2 5 0
see "Watch delay (ms)     250" "digits typed replace the watch delay"
ui_keys 0 0 0
see "Watch delay (ms)     2500" "one past the top is refused..."
see "Watch delay (ms) goes from 0 to 10000" "...with the range"
ui_keys BSpace BSpace
see "Watch delay (ms)     25 " "Backspace edits the number"
ui_keys PPage
see "Watch delay (ms)     1025 " "PgUp: a big step up"
ui_keys NPage NPage
see "Watch delay (ms)     0 " "PgDn: down, no further than the bottom"
ui_keys End
see "Watch delay (ms)     10000" "End: the top of the range"
ui_keys Home
see "Watch delay (ms)     0 " "Home: the bottom"
ui_keys Down BSpace
see "Hint depth           " "Backspace on the hint depth leaves nothing typed"
ui_keys Enter
see "Hint depth goes from 1 to 30: kept 6" "Enter with nothing typed: the old value kept, and said"
ui_keys 1 2 Enter
see "New game" "Enter saves and goes back"
settings=$ui_tmp/state/yomi/settings
grep -q '^flip-second=0$' "$settings" && grep -q '^watch-delay=0$' "$settings" &&
    grep -q '^hint-depth=12$' "$settings"
ok $? "the settings file has what was typed"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
