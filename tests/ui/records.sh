#!/bin/sh
# Game records through the UI: Load game reads a KIF and a GGF by their
# content as games to play on (the default players, a notice saying so,
# the moves kept for undo), Save writes a record when the name ends in a
# record's extension, and a bad record is named in the status line while
# the game on screen is kept.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

rec=$TESTDATA/records

# wait_file FILE: 0 when FILE exists within ten seconds
wait_file() {
    i=0
    while [ ! -s "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s "$1" ]
}

ui_start
see "Load game" "menu"
ui_keys o C-u "$rec/gogo-game.kifu" Enter
see_wrapped "a KIF record of 54 moves" "Load game reads a KIF"
see_wrapped "you play first, the computer second" "and says who plays"
see "54.G*4d" "every move of it"
see "Gogo shogi" "as gogo"
ui_keys u
see "Moves (2 to redo)" "its moves can be undone, back to the player's turn"

# Save as a record: the extension says which
ui_keys s C-u "$ui_tmp/again.csa" Enter
see_wrapped "saved to $ui_tmp/again.csa" "s saves to a .csa name"
wait_file "$ui_tmp/again.csa"
grep -q '^P5' "$ui_tmp/again.csa" && grep -q '^-0044KI$' "$ui_tmp/again.csa"
ok $? "as a CSA record, every move played (undone ones too)"
run_yomi show --record "$ui_tmp/again.csa"
is "$(printf '%s\n' "$out" | tail -1)" "position: 1r2k/5/Ps2p/1g3/1KB+r1 b bgs 55" \
    "which reads back as the same game"

# a bad record: named with its line, the game kept
printf 'f5d6c3\nd3c4a1\n' >"$ui_tmp/bad.txt"
ui_keys o
ui_keys y 2>/dev/null
ui_keys C-u "$ui_tmp/bad.txt" Enter
see_wrapped "bad.txt:2: 'a1': a1 is not legal" "a bad record: its line and why"
see "Gogo shogi" "the game on screen is kept"

# a GGF, from the menu
ui_keys Escape
see "Load game" "back at the menu"
ui_keys o C-u "$rec/reversi-game.ggf" Enter
see_wrapped "a GGF record of 59 moves" "Load game reads a GGF"
see "59.a8" "every move of it"
see "Discs: Black 33  White 30" "the board after them"
ui_keys s C-u "$ui_tmp/game.txt" Enter
see_wrapped "saved to $ui_tmp/game.txt" "s saves a transcript"
wait_file "$ui_tmp/game.txt"
is "$(cut -c1-12 "$ui_tmp/game.txt")" "d3c5e6f7b6f5" "the transcript's moves"
ui_keys s C-u "$ui_tmp/wrong.kifu" Enter
see_wrapped "a KIF record holds gogo games, not reversi" "a format of another game: said, nothing written"
ui_keys q y
see "yomi-exited-0" "quit"

done_testing
