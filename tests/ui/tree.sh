#!/bin/sh
# A tree game from the menu: the New game form offers it, the board lists
# the root's children, a human plays a child number, the computer answers.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "New game" "menu"
ui_keys n
see "Start game" "the new-game form"
ui_keys Right Right
see "Tree" "right arrow twice chooses the game tree, with its tree"
ui_keys Enter
see "At root: Max to move" "a tree game at the root"
see "(3 12 8)" "the root's children are listed"
see "Leaves below: 9" "the textbook tree has nine leaves"
ui_keys Enter
see "At 1: Min to move" "the human plays child 1"
see "Leaf value 3 (for Max)" "the computer answers with the least leaf, its value said whole"
ui_keys q y
see "yomi-exited-0" "quit"

ui_start -- play tree --tree rescout --first human --second alphabeta:2
see "(5 6)" "yomi play tree --tree rescout"
ui_keys Down Down Enter
see "Leaf value 5 (for Max)" "the third child, then the computer's reply"
ui_keys q y
see "yomi-exited-0" "quit"

# A tree's value is what Max gets: nobody wins it or loses by it, whichever
# side solved it (the computer here is Min).
ui_start -- play tree --first human --second alphabeta:2
see "(2 4 6)" "the textbook tree"
ui_keys Down Enter
see "Ending: no moves left" "the game is over: the summary says how"
ui_keys Space
see "solved: value 2 (for Max)" "the panel gives a tree's exact value as Max's"
not_see "loss by" "not as Min's loss"
see "Game over: value 2 (for Max)" "the end says what Max got, not who won"
ui_keys n q
see "yomi-exited-0" "quit"

done_testing
