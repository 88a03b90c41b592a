#!/bin/sh
# Moves shown step by step (Settings: Animation): the setting is kept, a
# move ends on its own position, a key shows that end at once and is then
# acted on.  No timing is asserted: a frame is read only when a step lasts
# ten seconds, and the end only when the rest would take a minute.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

settings=$ui_tmp/state/yomi/settings

# ---- the setting, turned on and kept ---------------------------------------
ui_start
see "Settings" "menu"
ui_keys s
see "Animation            off" "the tests' default: off (YOMI_ANIMATION=0)"
ui_keys Down Down Down Down Down Down Down
see "moves shown step by step" "the Animation field says what it does"
ui_keys Right
see "Animation            slow" "slow"
ui_keys Right
see "Animation            fast" "fast"
ui_keys Enter
see "New game" "saved, back at the menu"
grep -q '^animation=80$' "$settings"
ok $? "the settings file has animation=80"
ui_keys q
see "yomi-exited-0" "quit"

ui_start
ui_keys s
see "Animation            fast" "the setting is read back (the file wins over the default)"
ui_keys Escape q
see "yomi-exited-0" "quit"

# ---- a move animated ends on its own position --------------------------------
ui_start -- play reversi --first human --second human
see "Black to move" "a reversi game"
ui_keys : d3 Enter
see "Discs: Black 4  White 1  (59 empty)" "d3 turns d4: the final board"
see "White to move" "and White is to move"
see "1.d3" "the move is listed"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- a frame, then a key: the end at once, and the key acted on -------------
# ten seconds a step (the file may ask for any speed up to that)
printf 'animation=10000\n' >"$settings"
ui_start -- play kalah --first human --second human
see "South to move" "a Kalah game, ten seconds a step"
ui_keys 3
see "│  6 │  6 │  0 │  6 │  6 │  6 │" "the seeds leave pit 3 (the first frame)"
see "In store: South 0  North 0" "none sown yet"
ui_keys Right
see "│  6 │  6 │  0 │  7 │  7 │  7 │" "a key: the move's end at once"
see "In store: South 1  North 0" "with the seed in the store"
see "North to move" "North is to move"
# North's pit 1 (now 7 seeds); u during its first frame ends it and undoes it
ui_keys 1
see "│  6 │  6 │  6 │  6 │  7 │  0 │" "North's seeds leave pit 1"
ui_keys u
see "undone: move 2 is next" "u during the animation undoes the move"
see "│  6 │  6 │  0 │  7 │  7 │  7 │" "the board before North's move"
ui_keys q y
see "yomi-exited-0" "quit"
rm -f "$settings"
done_testing
