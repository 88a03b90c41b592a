# lib.sh - a tiny TAP library for the shell tests (sourced, not run).
# Each check prints "ok N - name" or "not ok N - name"; done_testing prints
# the plan.  $YOMI is the binary under test, $TESTDATA the data folder.
: "${YOMI:?run through make check (YOMI unset)}"
tap_n=0
tap_failed=0

ok() { # ok CONDITION-EXIT-STATUS NAME
    tap_n=$((tap_n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $tap_n - $2"
    else
        echo "not ok $tap_n - $2"
        tap_failed=$((tap_failed + 1))
    fi
}

# is GOT WANT NAME
is() {
    if [ "$1" = "$2" ]; then
        ok 0 "$3"
    else
        ok 1 "$3"
        printf '#   got:  %s\n#   want: %s\n' "$1" "$2" | head -20
    fi
}

# replay_tap FILE: the checks a subshell wrote to FILE (a loop piped or
# redirected runs in one, so its `ok`s are lost to this shell's count),
# counted again here; other lines (diagnostics) pass through.
replay_tap() {
    while read -r line; do
        case $line in
            "ok "*) ok 0 "${line#ok * - }" ;;
            "not ok "*) ok 1 "${line#not ok * - }" ;;
            *) echo "$line" ;;
        esac
    done < "$1"
}

# run_yomi ARGS...: sets $out, $err, $rc.  With $tap_timeout set, yomi is
# stopped after that many seconds (rc 124): for a check that a command
# which would otherwise work for hours refuses at once.
run_yomi() {
    tap_tmp=${tap_tmp:-$(mktemp -d)}
    ${tap_timeout:+timeout "$tap_timeout"} "$YOMI" "$@" >"$tap_tmp/out" 2>"$tap_tmp/err"
    rc=$?
    out=$(cat "$tap_tmp/out")
    err=$(cat "$tap_tmp/err")
}

# bad_input NAME ARGS...: yomi must exit 2 with exactly one line on stderr,
# nothing on stdout, and no crash.
bad_input() {
    name=$1
    shift
    run_yomi "$@"
    lines=$(printf '%s\n' "$err" | grep -c .)
    if [ "$rc" -eq 2 ] && [ "$lines" -eq 1 ] && [ -z "$out" ]; then
        ok 0 "bad input: $name"
    else
        ok 1 "bad input: $name"
        printf '#   rc=%s stderr=%s stdout=%s\n' "$rc" "$err" "$(printf '%s' "$out" | head -3)"
    fi
}

done_testing() {
    echo "1..$tap_n"
    [ -n "${tap_tmp:-}" ] && rm -rf "$tap_tmp"
    [ "$tap_failed" -eq 0 ]
}
