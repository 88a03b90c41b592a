# tmux-lib.sh - drive the real yomi binary in a private tmux server and read
# its screen (sourced by tests/ui/*.sh after tests/lib.sh).
#
# Every check polls `capture-pane` until the expected text shows up or a
# deadline passes: no fixed sleeps, so slow machines are slow, not flaky.
# Without tmux the whole file is skipped (TAP's "1..0 # SKIP", the TAP
# driver's way of saying what exit status 77 says to the plain one).
if ! command -v tmux >/dev/null 2>&1; then
    echo "1..0 # SKIP tmux is not installed"
    exit 0
fi
ui_tmp=$(mktemp -d)
# tmux's sockets go in the temp folder too, so nothing is left behind
TMUX_TMPDIR=$ui_tmp
export TMUX_TMPDIR
ui_n=0
ui_sock="yomi-test-$$-$ui_n"
mkdir -p "$ui_tmp/home" "$ui_tmp/state"
# At the end no process of the test may outlive it: a yomi built with the
# sanitizers has been seen to hang in LeakSanitizer's check at exit (its
# tracer and the process waiting on each other, spinning on a core for
# good), and an engine may be left by a failed check.
ui_kill_left() {
    for ui_name in yomi gnuminishogi fairy-stockfish; do
        for ui_left in $(ui_procs "$ui_name"); do
            kill -9 "$ui_left" 2>/dev/null
        done
    done
}
trap 'T kill-server >/dev/null 2>&1; sleep 0.2; ui_kill_left; rm -rf "$ui_tmp"' EXIT

T() { tmux -L "$ui_sock" -f /dev/null "$@"; }

# ui_start [VAR=VALUE...] -- [yomi args...]: a fresh 80x24 session running yomi
# with HOME and XDG_STATE_HOME in the temp folder, LANG=C.UTF-8 and
# TERM=screen unless given, and moves shown at once (YOMI_ANIMATION=0: the
# Animation setting's default, which a settings file still overrides).
ui_start() {
    envs="LANG=C.UTF-8 LC_ALL= HOME=$ui_tmp/home XDG_STATE_HOME=$ui_tmp/state YOMI_ANIMATION=0"
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
        envs="$envs $1"
        shift
    done
    [ "${1:-}" = "--" ] && shift
    # a new server each time: reusing a socket races with the old server's exit
    T kill-server >/dev/null 2>&1
    ui_n=$((ui_n + 1))
    ui_sock="yomi-test-$$-$ui_n"
    T new-session -d -s ui -x 80 -y 24 \
        "env -u NO_COLOR TERM=screen $envs $YOMI $*; echo yomi-exited-\$?; sleep 60"
}

ui_screen() { T capture-pane -p -t ui 2>/dev/null; }

ui_keys() { T send-keys -t ui "$@"; }

# ui_click ROW COL [x10|sgr [BUTTON]]: a click on the 0-based cell as a
# terminal sends it, the press and then the release, of the left button or
# of BUTTON (0 left, 1 middle, 2 right): in the X10 mouse encoding (ESC [ M
# and three bytes, what TERM=screen asks for) or in SGR's (ESC [ < B;X;Y M,
# then m; TERM=xterm-256color).
ui_click() {
    ui_button=${4:-0}
    if [ "${3:-x10}" = sgr ]; then
        ui_keys -l "$(printf '\033[<%d;%d;%dM' "$ui_button" $(($2 + 1)) $(($1 + 1)))"
        ui_keys -l "$(printf '\033[<%d;%d;%dm' "$ui_button" $(($2 + 1)) $(($1 + 1)))"
    else
        ui_xy=$(printf '\\%03o\\%03o' $(($2 + 33)) $(($1 + 33)))
        ui_keys -l "$(printf '\033[M%b%b' "$(printf '\\%03o' $((ui_button + 32)))" "$ui_xy")"
        ui_keys -l "$(printf '\033[M#%b' "$ui_xy")"
    fi
}

# ui_wait TEXT [SECONDS]: 0 when TEXT appears on the screen in time.
ui_wait() { ui_poll -F "$@"; }

# ui_wait_re REGEX [SECONDS]: 0 when the extended REGEX matches in time.
ui_wait_re() { ui_poll -E "$@"; }

ui_poll() {
    ui_deadline=$(($(date +%s) + ${3:-10}))
    while :; do
        if ui_screen | grep -q "$1" -- "$2"; then
            return 0
        fi
        [ "$(date +%s)" -ge "$ui_deadline" ] && return 1
        sleep 0.1
    done
}

# ui_gone TEXT [SECONDS]: 0 when TEXT has left the screen in time.
ui_gone() {
    ui_deadline=$(($(date +%s) + ${2:-10}))
    while ui_screen | grep -qF -- "$1"; do
        [ "$(date +%s)" -ge "$ui_deadline" ] && return 1
        sleep 0.1
    done
    return 0
}

# see TEXT NAME [SECONDS]: a TAP check that TEXT shows up; dumps the screen if not.
see() {
    if ui_wait "$1" "${3:-10}"; then
        ok 0 "$2"
    else
        ok 1 "$2"
        echo "#   wanted on screen: $1"
        ui_screen | sed 's/^/#   | /'
    fi
}

# see_wrapped TEXT NAME [SECONDS]: like see, for a message the screen may
# wrap (one naming a file, whose folder's length depends on the checkout):
# the lines are read as one text, each line's edges trimmed.
see_wrapped() {
    i=0
    while [ $i -lt $((${3:-10} * 10)) ]; do
        if ui_screen | sed 's/^ *//; s/ *$//' | tr '\n' ' ' | grep -qF -- "$1"; then
            ok 0 "$2"
            return
        fi
        sleep 0.1
        i=$((i + 1))
    done
    ok 1 "$2"
    echo "#   wanted on screen (maybe wrapped): $1"
    ui_screen | sed 's/^/#   | /'
}

# not_see TEXT NAME: TEXT is not on the screen now.
not_see() {
    if ui_screen | grep -qF -- "$1"; then
        ok 1 "$2"
        ui_screen | sed 's/^/#   | /'
    else
        ok 0 "$2"
    fi
}

# ui_procs NAME: the process ids of this test's processes called NAME (yomi,
# or an engine it started): those whose environment has the test's HOME.
# Read from /proc, as procps (ps, pgrep) may not be installed.
ui_procs() {
    for ui_proc in /proc/[0-9]*; do
        [ "$(cat "$ui_proc/comm" 2>/dev/null)" = "$1" ] || continue
        tr '\0' '\n' 2>/dev/null <"$ui_proc/environ" | grep -qxF "HOME=$ui_tmp/home" || continue
        echo "${ui_proc#/proc/}"
    done
}

# ui_children PID: the processes whose parent is PID, zombies too (one not
# reaped shows here, though it has no environment for ui_procs), a
# "PID STATE" line each.
ui_children() {
    for ui_proc in /proc/[0-9]*; do
        # stat is "pid (comm) state ppid ...", and comm may hold spaces
        ui_stat=$(sed 's/.*) //' "$ui_proc/stat" 2>/dev/null) || continue
        [ "$(echo "$ui_stat" | cut -d' ' -f2)" = "$1" ] || continue
        echo "${ui_proc#/proc/} $(echo "$ui_stat" | cut -d' ' -f1)"
    done
}

# ui_procs_gone NAME [SECONDS]: 0 when none of the test's NAME processes is
# left in time (a zombie, not reaped, has no environment and is not seen).
ui_procs_gone() {
    ui_deadline=$(($(date +%s) + ${2:-10}))
    while [ -n "$(ui_procs "$1")" ]; do
        [ "$(date +%s)" -ge "$ui_deadline" ] && return 1
        sleep 0.1
    done
}

# ui_pid: the process id of yomi in the pane.
ui_pid() { ui_procs yomi | head -1; }

ui_resize() { T resize-window -t ui -x "$1" -y "$2"; }
