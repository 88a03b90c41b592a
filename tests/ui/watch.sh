#!/bin/sh
# Live counters during a deep search, stopping it, and the watch screen.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

# the counters of a search that will not finish soon
ui_start -- play reversi --first negascout:40 --second human
see "Search: Black thinking" "the computer (first) starts thinking at once"
nodes_line() { ui_screen | grep -o 'nodes *[0-9,]*' | head -1; }
ui_wait "nodes " 5
a=$(nodes_line)
ui_gone "$a" 10
ok $? "the node counter moves while the search runs"
b=$(nodes_line)
ui_gone "$b" 10
ok $? "...and keeps moving"
ui_keys u
see "nothing to undo" "undo while thinking stops the search first and answers"
ui_keys q
see "yomi-exited-0" "q during a deep search quits at once"

# watch: computer against computer, pause and step
ui_start
see "Watch" "menu"
ui_keys w
see "Watch: computer against computer" "w opens the watch form"
ui_keys Enter
see "Watch: Reversi" "the watch screen"
see "3." "the computer plays itself"
see "Totals" "both sides' totals are shown"
ui_keys Space
see "Paused" "Space pauses"
last=$(ui_screen | grep -o '[0-9]*\.[a-h][1-8]' | tail -1)
ui_keys .
# wait for the step's move itself: the old last move's text going away
# proves nothing when it ends its line (no space after it)
ui_wait_re "(^| )$((${last%%.*} + 1))\.[a-h][1-8]" 10
ok $? "a single step plays one move"
see "Paused" "a single step pauses again"
ui_keys +
see "delay between moves: 250 ms" "+ makes it faster"
ui_keys Space
see "playing" "Space plays on"
ui_gone "playing" 20
ok $? "and says so only until the next move"
ui_keys Escape
see "New game" "Esc goes back to the menu"
ui_keys q
see "yomi-exited-0" "quit"

# An external USI engine as a player: yomi's own `yomi usi` stands in for
# one, so the test needs nothing installed.
ui_start -- play gogo --first "'usi:$YOMI usi,depth=2'" --second human
see "usi yomi" "the external engine is named beside its side"
see "algorithm usi" "its search shows in the panel"
see "Gote to move" "after its move it is the human's turn"
ui_keys u
see "undone" "undo takes back its move"
ui_keys q
ui_keys y
see "yomi-exited-0" "quit with an engine running"

# The watch form offers the other engines for gogo only.
ui_start
ui_keys w
see "Watch: computer against computer" "watch form"
ui_keys Right
see "Gogo shogi" "gogo chosen"
ui_keys Down Down Down
ui_keys Right
see "Fairy-Stockfish" "the second side may be Fairy-Stockfish"
ui_keys Right
see "GNU minishogi" "...or GNU minishogi"
ui_keys Escape
see "New game" "back to the menu"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
