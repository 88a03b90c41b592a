#!/bin/sh
# Save files from outside: a load that cannot be read says why and keeps
# the game; a save file never starts a program unasked; stale temporary
# files of the autosave are cleaned up.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

state=$ui_tmp/state/yomi
mkdir -p "$state"

# wait_file FILE: 0 when FILE exists within ten seconds
wait_file() {
    i=0
    while [ ! -e "$1" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -e "$1" ]
}

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
ui_keys o
see "Replace the game in progress?" "o in a game in progress asks first"
ui_keys y C-u /dev/zero Enter
see "/dev/zero: not a regular file" "o on /dev/zero: refused at once"
see "1.d3" "the game on screen is kept"
ui_keys u
see "undone: move 1 is next" "and it still takes keys"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- a message longer than the status line wraps onto the row above --------
printf 'yomi-save 1\ngame kalah-4x3\nposition 1 1 1 1 0 3 3 3 3 0 1\nmoves\n' >"$ui_tmp/seeds.yomi"
ui_start
see "Resume last game" "menu"
ui_keys n
see "Start game" "a new game..."
ui_keys Enter
see "Discs: Black 2  White 2" "...of reversi"
ui_keys o C-u "$ui_tmp/seeds.yomi" Enter
see "the seeds add up to 16, but kalah-4x3 has 24" "a bad Kalah save: why, at 80x24"
see "4 pits x 3 seeds)" "and all of it: the end of the message, once cut at 80 columns"
see "Discs: Black 2  White 2" "the game on screen is kept"
# a message longer than two rows keeps its start and its end
deep=$ui_tmp/$(printf 'd%.0s' $(seq 1 90))/$(printf 'e%.0s' $(seq 1 80))
mkdir -p "$deep"
mkfifo "$deep/p.yomi"
ui_keys o C-u "$deep/p.yomi" Enter
see "$ui_tmp/ddd" "a message too long for two rows: its start shows"
see ": not a regular file (a pipe or a device)" "and its end, the reason"
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

# ---- a save file that names a program: started only when the player says so
owned=$ui_tmp/owned
cat >"$ui_tmp/runs.yomi" <<EOF2
yomi-save 1
game gogo
first usi:sh -c echo\${IFS}owned>$owned
second human
moves
EOF2
ui_start
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/runs.yomi" Enter
see "This save file runs a program:" "Load game on a file with usi:COMMAND asks first"
see 'first usi:sh -c echo${IFS}owned>' "and shows the exact command"
see "Start it? y/N" "no unless the player types y"
ok "$([ -e "$owned" ] && echo 1 || echo 0)" "nothing ran while the question is up"
ui_keys n
see "was not started" "n: a notice in the status line"
see "yomi" "the first side is yomi's own computer player"
see "Gote to move" "which plays its move"
ok "$([ -e "$owned" ] && echo 1 || echo 0)" "n: the program never ran"
wait_file "$state/autosave.yomi" && grep -q '^first yomi:' "$state/autosave.yomi"
ok $? "the autosave names yomi's player, not the program"
ui_keys q y
see "yomi-exited-0" "quit"
ok "$([ -e "$owned" ] && echo 1 || echo 0)" "and still never ran"

# the same file as the autosave (edited by someone else): Resume asks too,
# and Enter, the default, is no
cp "$ui_tmp/runs.yomi" "$state/autosave.yomi"
ui_start
see "Resume last game" "menu"
ui_keys Down Down Down Down
see "Carry on with gogo after 0 moves" "the autosave names a program"
ui_keys r
see "Start it? y/N" "Resume asks before starting it"
ui_keys Enter
see "was not started" "Enter: no, with the notice"
ok "$([ -e "$owned" ] && echo 1 || echo 0)" "Enter: the program never ran"
# and the game screen's o: Esc is no too
ui_keys o
see "Load a game from:" "o in a game"
ui_keys C-u "$ui_tmp/runs.yomi" Enter
see "Start it? y/N" "o asks before starting the program"
ui_keys Escape
see "was not started" "Esc: no, with the notice"
ok "$([ -e "$owned" ] && echo 1 || echo 0)" "Esc: the program never ran"
ui_keys q y
see "yomi-exited-0" "quit"

# y: the program is started (here a harmless one that leaves a file)
ui_start
see "Resume last game" "menu"
ui_keys o C-u "$ui_tmp/runs.yomi" Enter
see "Start it? y/N" "asked again"
ui_keys y
wait_file "$owned"
ok $? "y: the program is started"
not_see "was not started" "y: no notice"
ui_keys q y
see "yomi-exited" "quit"

# y with a real engine: it plays (skipped without fairy-stockfish)
fs=/usr/games/fairy-stockfish
if [ -x "$fs" ]; then
    printf 'yomi-save 1\ngame gogo\nfirst usi:%s,movetime=on,time=200\nsecond human\nmoves\n' "$fs" \
        >"$ui_tmp/engine.yomi"
    ui_start
    see "Resume last game" "menu"
    ui_keys o C-u "$ui_tmp/engine.yomi" Enter
    see "first usi:$fs,movetime=on,time=200" "fairy-stockfish: the question shows its command"
    ui_keys y
    see "usi fairy-stockfish" "y: fairy-stockfish plays the first side"
    see "Gote to move" "and makes its move"
    ui_keys q y
    see "yomi-exited" "quit"
else
    tap_n=$((tap_n + 1))
    echo "ok $tap_n # SKIP fairy-stockfish: not installed"
fi

# ---- the autosave's temporaries that a kill -9 left behind ------------------
rm -f "$state"/autosave.yomi*
printf 'yomi-save 1\n' >"$state/autosave.yomi.Ab3xZ9"
touch -d '2 minutes ago' "$state/autosave.yomi.Ab3xZ9"
printf 'yomi-save 1\n' >"$state/autosave.yomi.Qw7Er1" # another yomi writing now
printf 'mine\n' >"$state/autosave.yomi.notes"           # not a temporary
touch -d '2 minutes ago' "$state/autosave.yomi.notes"
ui_start
see "Resume last game" "started with temporaries left in the state folder"
ok "$([ -e "$state/autosave.yomi.Ab3xZ9" ] && echo 1 || echo 0)" "a stale temporary is removed at start"
ok "$([ -e "$state/autosave.yomi.Qw7Er1" ] && echo 0 || echo 1)" "a fresh one (another yomi's write) is kept"
ok "$([ -e "$state/autosave.yomi.notes" ] && echo 0 || echo 1)" "a file not named like a temporary is kept"
ui_keys q
see "yomi-exited-0" "quit"

done_testing
