#!/bin/sh
# A gogo shogi game from the menu: pick a piece, move it, the reply; the
# ASCII board in the C locale; a promotion question.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "New game" "menu"
ui_keys n
see "Start game" "the new-game form"
ui_keys Right
see "Gogo shogi (5x5)" "right arrow chooses gogo"
ui_keys Enter
see "v飛 v角 v銀 v金 v玉" "a gogo game with kanji pieces"
see "Sente to move" "sente (the human) to move"
ui_keys Up Enter
see "now choose where it goes" "Enter picks up the pawn"
ui_keys Up Enter
see "1.5d5c" "the pawn moves"
see "2." "the computer replies"
see "Last search: Gote" "with its search shown"
ui_keys '?'
see "1 Keys" "? opens help during the game"
ui_keys q
see "Quit yomi?" "q in help asks, since a game is in progress"
ui_keys n Escape
see "Last search: Gote" "n, Esc: back in the game"
ui_keys u
see "none yet" "undo takes both back"
ui_keys q
see "yomi-exited-0" "quit"

ui_start LANG=C LC_ALL=C -- play gogo --second alphabeta:2
see "| r  b  s  g  k | a" "C locale: the ASCII board"
see "| K  G  S  B  R | e" "C locale: sente's pieces in capitals"
ui_keys q
see "yomi-exited-0" "quit"

# a silver one step from the last rank: promotion is a question
ui_start
ui_keys o
see "Load game from:" "load prompt"
printf 'yomi-save 1\ngame gogo\nfirst human\nsecond alphabeta:2\nposition 4k/2S2/5/5/K4 b P 1\nmoves\n' >"$ui_tmp/promo.yomi"
ui_keys C-u "$ui_tmp/promo.yomi" Enter
see "Sente to move" "the position is loaded"
ui_keys Up Up Up Right Right Enter Up Enter
see "Promote this piece?" "moving into the far rank asks about promotion"
ui_keys y
see "1.3b3a+" "y promotes"
ui_keys q y
see "yomi-exited-0" "quit"

# The panel's best move keeps its value whole at 80 columns: gote's
# computer finds the mate G*5d, "(Gote win in 1)".
printf 'yomi-save 1\ngame gogo\nfirst human\nsecond alphabeta:4\nposition 4k/5/5/1r3/K4 w g 1\nmoves\n' >"$ui_tmp/mate.yomi"
ui_start
ui_keys o
see "Load game from:" "load prompt"
ui_keys C-u "$ui_tmp/mate.yomi" Enter
see "1.G*5d" "gote mates"
see "Ending: checkmate" "the game is over: the summary says how"
ui_keys Space
see "G*5d (Gote win in 1)" "the best move and its value fit on the panel"
see "algorithm alphabeta" "the algorithm has a row of its own"
ui_keys q
see "yomi-exited-0" "quit"

# A picked piece's targets are all marked, the enemy piece it can take
# too, and without colour: the rook on 3c can take the pawn on 3b.
printf 'yomi-save 1\ngame gogo\nfirst human\nsecond alphabeta:2\nposition 4k/2p2/2R2/5/K4 b - 1\nmoves\n' >"$ui_tmp/take.yomi"
ui_start NO_COLOR=1
ui_keys o
see "Load game from:" "NO_COLOR: load prompt"
ui_keys C-u "$ui_tmp/take.yomi" Enter
see "Sente to move" "a rook facing a pawn"
not_see "v歩*" "nothing is marked before a piece is picked"
ui_keys Up Up Right Right Enter
see "now choose where it goes" "the rook is picked"
see "│ ・  ・ v歩* ・  ・ │ b" "the pawn it can take is marked"
see "│ ＊  ＊  飛  ＊  ＊ │ c" "and the empty squares it can reach"
ui_keys q y
see "yomi-exited-0" "quit"

done_testing
