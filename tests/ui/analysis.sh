#!/bin/sh
# After the game, at 80x24: the game-over summary, the analysis with its
# graph and marks, the move list browsed to any position, and the game
# played on from there; the analysis during a game (a), and stopped (Esc).
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# ---- a game finished by the person's last move: the summary, browsing ----
# Reversi 4x4, White (the person) to play the last move after Black's pass.
printf 'yomi-save 1\ngame reversi-4x4\nfirst alphabeta:4\nsecond human\nposition -----OX--XO----- X\nmoves\nb1\na1\na2\nc1\nd1\na3\na4\nd3\npass\n' \
    >"$ui_tmp/end.yomi"
ui_start
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/end.yomi" Enter
see "9.pass" "a game one move from its end"
ui_keys t
see "Hint:" "the hint puts the cursor on the best move"
ui_keys Enter
see "Game over" "the last move: the summary"
see "Ending: no moves left" "the summary says how the game ended"
see "Discs: Black 2  White 11" "the final count"
see "Moves: 10" "the number of moves"
see "Browse moves" "and what next"
see "Game over: you win (White by 9)." "the status line still says who won"

ui_keys m
see "Moves: Reversi 4x4" "m: the moves browsed"
see "Move 10 of 10: White c4" "at the last move"
ui_keys Home
see "Start: Black to move" "Home: the start"
ui_keys Right Right
see "Move 2 of 10: White a1" "the arrows step through the game"
ui_keys End
see "Move 10 of 10" "End: the last move"
ui_keys 4
see "Go to move: 4" "a move number typed"
ui_keys Enter
see "Move 4 of 10: White c1" "Enter goes there"
ui_keys Enter
see "Play on from move 4?" "Enter: play on from here, asked first"
see "6 moves after it are dropped" "saying what goes"
ui_keys n
see "Move 4 of 10: White c1" "n: still browsing"
ui_keys Enter
see "Play on from move 4?" "asked again"
ui_keys y
see "back to move 4: play on from here" "y: the game goes back to move 4"
see "5." "and the computer (Black) plays on from there"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- the analysis: a mistake marked, its loss, the best move, the graph ----
# Kalah 3x2 solved: South's second move (pit 1 after the extra turn) gives
# away 4 seeds: a mistake.  South (the computer) ends the game.
printf 'yomi-save 1\ngame kalah-3x2\nfirst alphabeta:4\nsecond human\nposition 2 2 2 0 2 2 2 0 1\nmoves\n2\n1\n3\n1\n2\n3\n1\n' \
    >"$ui_tmp/kalah.yomi"
ui_start
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/kalah.yomi" Enter
see "Game over" "the computer's last move: the summary"
see "In store: South" "the final count: the stores"
see "Time used: South" "the time each side used"
ui_keys a
see "Analysis: Kalah 3x2" "a: the analysis screen"
see "Analysis done: blunders 0, mistakes 1, inaccuracies 0" "it runs to the end and counts the marks"
see "2.1?" "the mistake marked in the move list"
see "+8" "the graph's scale"
ui_keys Home n
see "Move 2 of" "n: the next marked move"
see "mistake: lost 4" "its loss, in seeds"
see "best was 3 (South +4)" "and the best move instead"
see "value South 0, exact" "the position it led to"
not_see "enlarge the terminal" "all of it at 80x24"
ui_click 16 9
see "Start: South to move" "a click on the graph's first column: the start"
ui_keys Escape
see "Game over: a draw." "Esc: back to the game"
ui_keys q
see "yomi-exited-0" "quit"

# ---- during a game: a analyses the game so far; Esc goes back to it -------
ui_start -- play reversi-4x4 --first human --second alphabeta:2
see "Black to move" "a game"
ui_keys Enter
see "2." "a move and the reply"
see "Black to move" "the person's turn again"
ui_keys a
see "Analysis: Reversi 4x4" "a during the game: the game so far"
see "Analysis done" "analysed"
see "Move 2 of 2" "at the position on the board"
ui_keys Escape
see "Black to move: choose with the arrows" "Esc: the game goes on"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- a long analysis stopped (Esc), in the ASCII of the C locale ----------
moves='2e4c 3a4b 4c2a+ 1a2a 1e2e B*2b 2e2b 2a2b B*4d R*3c 3e2d 4a3b G*3d 2b1a 3d3c 5a5d 4e5d 4b3c 4d3c P*2b R*5a G*2a S*3a 3b4a 5a4a+ 2a3a 4a3a S*2a 3c2b'
{ printf 'yomi-save 1\ngame gogo\nfirst human\nsecond yomi:40,time=300\nposition rbsgk/4p/5/P4/KGSBR b - 1\nmoves\n'
  printf '%s\n' $moves; } >"$ui_tmp/gogo.yomi"
ui_start LANG=C LC_ALL=C --
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/gogo.yomi" Enter
see "Ending: checkmate" "a finished gogo game: checkmate"
ui_keys a
see "Analysing: position" "the analysis under way"
ui_keys Escape
see "analysis stopped at position" "Esc stops it"
see "Analysis: Gogo shogi" "...and the screen stays" 1
not_see "Analysing:" "nothing runs"
ui_keys Escape
see "Game over: you win (Sente)." "Esc again: back to the game"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
