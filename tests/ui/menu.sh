#!/bin/sh
# The main menu, help, settings, resizing, colours and the ASCII fallback.
. "$TESTLIB"
. "$(dirname "$0")/tmux-lib.sh"

ui_start
see "Compare algorithms" "the main menu shows"
see "Watch the search     t" "the search theatre's item and its key"
see "読 み" "UTF-8 locale: the banner has its kanji"
ui_keys Escape
see "this is the main menu: q quits" "Esc at the main menu does not quit, it says what does"
not_see "yomi-exited" "yomi is still running"
ui_keys '?'
see "1 Keys" "? opens help"
ui_keys Right
see "Two rows of pits" "right arrow: the Kalah rules"
ui_keys Right Right
see "5五将棋" "the gogo rules show kanji in UTF-8"
ui_keys Right
see "A game tree typed in parentheses" "the game tree's section"
ui_keys Right
see "One search shown a step at a time" "the search theatre's section"
ui_keys Right
see "All of them but yomi find the same best value" "the algorithms section"
see "MTD(f)" "which names MTD(f)"
ui_keys Escape
see "New game" "Esc goes back to the menu"
ui_keys s
see "Pieces and lines" "settings open"
ui_keys Escape
see "Watch" "and back"

ui_resize 40 12
# nine items: the last must stay clear of the key line at the menu's minimum
see "Watch the search     t" "40x12: the theatre's item with its key"
see "Quit                 q" "the menu still fits at 40x12, Quit whole above the key line"
ui_resize 20 5
see "enlarge the terminal" "below the minimum: asks for a bigger terminal"
see "q quits" "and says how to leave"
ui_keys Escape
ui_resize 1 1
ui_resize 80 24
see "Compare algorithms" "back at 80x24 after 1x1 and Esc, still alive: Esc does not quit"
ui_keys q
see "yomi-exited-0" "q quits at the menu with status 0"

# a game on a terminal too small for it: Esc is not quit either, and q asks
ui_start
see "New game" "menu"
ui_keys n
see "Start game" "a new game..."
ui_keys Enter Enter
see "1.d3" "...with a move"
ui_resize 60 20
see "enlarge the terminal to 80x24" "the game needs 80x24"
ui_keys Escape q
see "Quit yomi? The game is saved for Resume." "q asks, and the question shows on the small screen"
ui_keys n
ui_resize 80 24
see "1.d3" "n: the game is still there (Esc before q did not quit)"
ui_keys q y
see "yomi-exited-0" "quit"

# ---- the settings file: one that cannot be read never stops yomi -----------
settings=$ui_tmp/state/yomi/settings
mkdir -p "$ui_tmp/state/yomi"
mkfifo "$settings"
ui_start
see "Compare algorithms" "settings a FIFO: yomi starts, not waiting on it"
see "settings: not a regular file" "and says why the settings were not read"
see "default settings" "and that it uses the defaults"
# saving puts a settings file in the FIFO's place (writing into it blocked)
ui_keys s
see "Save and go back" "settings open"
ui_keys Enter
see "Compare algorithms" "Enter saves and goes back"
ui_keys q
see "yomi-exited-0" "quits"
[ -f "$settings" ] && grep -q '^glyphs=0$' "$settings"
ok $? "the settings are saved as a file where the FIFO was"
grep -q '^threads=0$' "$settings"; ok $? "search threads: one per core by default"
rm -f "$settings"
printf 'glyphs=1\n# %0200d\n' 0 >"$settings"
ui_start
see "line longer than 128 bytes" "a settings line too long: said, not split"
see "読 み" "and the defaults, not half the file, are used (UTF-8 glyphs)"
ui_keys q
see "yomi-exited-0" "quits"
printf 'glyphs=1\n' >"$settings"
ui_start
see "y o m i" "a good settings file is read (ASCII glyphs)"
not_see "読" "no kanji then"
ui_keys q
see "yomi-exited-0" "quits"
rm -f "$settings"

# the computer players' search threads: one per core, or a number
ui_start
ui_keys s
cores=$(getconf _NPROCESSORS_ONLN)
see "Search threads" "settings: the search threads"
see "all ($cores cores)" "one per core to begin with, saying how many"
ui_keys Down Down Down Down Down Down
see "computer players and hints; a threads=N in a player wins" "its help line"
ui_keys Right Enter
see "Compare algorithms" "saved"
ui_keys q
see "yomi-exited-0" "quits"
grep -q '^threads=1$' "$settings"; ok $? "threads=1 saved"
printf 'threads=65\n' >"$settings"
ui_start
ui_keys s
see "all ($cores cores)" "threads beyond the engine's 64 in the file: the default"
ui_keys q
see "yomi-exited-0" "quits"
rm -f "$settings"

# a FIFO where the help file should be: the built-in help, not a hang
mkdir -p "$ui_tmp/data"
mkfifo "$ui_tmp/data/help.txt"
ui_start YOMI_DATADIR="$ui_tmp/data"
see "Compare algorithms" "a FIFO for help.txt: the menu shows"
ui_keys '?'
see "1 Keys" "and ? shows the built-in help"
ui_keys Escape q
see "yomi-exited-0" "quits"

# no colour support or NO_COLOR: still works (monochrome styles)
ui_start NO_COLOR=1
see "Compare algorithms" "NO_COLOR: the menu shows"
ui_keys q
see "yomi-exited-0" "NO_COLOR: quits cleanly"

# C locale: ASCII only
ui_start LANG=C LC_ALL=C
see "y o m i" "C locale: the banner"
not_see "読" "C locale: no kanji"
see "up/down choose" "C locale: ASCII key names"
ui_keys q
see "yomi-exited-0" "C locale: quits cleanly"

# SIGTERM: the terminal is restored and yomi says why it stopped
ui_start
see "Compare algorithms" "started again"
kill -TERM "$(ui_pid)"
see "yomi-exited-143" "SIGTERM: a clean exit through the main loop"
see "stopped by signal 15" "SIGTERM: says so"
not_see "the game was saved" "SIGTERM at the menu: no game to claim saved"


# Ctrl-Z and fg under a job-control shell (the other tests run yomi in an
# orphaned process group, where the terminal's stop signal is discarded).
T kill-server >/dev/null 2>&1
ui_n=$((ui_n + 1))
ui_sock="yomi-test-$$-$ui_n"
T new-session -d -s ui -x 80 -y 24 \
    "env -u NO_COLOR LANG=C.UTF-8 LC_ALL= HOME=$ui_tmp/home XDG_STATE_HOME=$ui_tmp/state PS1='sh> ' bash --norc --noprofile -i"
ui_wait "sh>" 10
ui_keys "TERM=screen $YOMI" Enter
see "Compare algorithms" "yomi started from an interactive shell"
ui_keys C-z
see "Stopped" "Ctrl-Z suspends yomi and gives the shell its terminal back"
not_see "Compare algorithms" "the menu is off the screen while suspended"
ui_keys fg Enter
see "Compare algorithms" "fg: yomi draws its screen again"
ui_keys q
ui_keys 'echo "yomi-exited-$?"' Enter
see "yomi-exited-0" "and quits normally after being resumed"

done_testing
