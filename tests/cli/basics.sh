#!/bin/sh
# The command-line contract's basics: help, version, unknown input (doc/cli.md).
. "$TESTLIB"

run_yomi --help
ok $rc "--help exits 0"
case $out in *"yomi perft GAME"*) ok 0 "--help lists perft" ;; *) ok 1 "--help lists perft" ;; esac
case $out in *"games:"*"kalah (= kalah-6x6), kalah-MxN (M pits 1..8, N seeds 1..10)"*"gogo (= minishogi, gogo-shogi)"*)
    ok 0 "--help lists the games, their sizes and aliases" ;;
    *) ok 1 "--help lists the games, their sizes and aliases" ;; esac

run_yomi --version
ok $rc "--version exits 0"
case $out in "yomi "[0-9]*) ok 0 "--version prints the version" ;; *) ok 1 "--version prints the version" ;; esac
version=$(sed -n 's/^AC_INIT(\[yomi\], *\[\([^]]*\)\].*/\1/p' "$TESTDATA/../../configure.ac")
is "$out" "yomi $version" "--version is configure.ac's version ($version)"

# A terminal that cannot move the cursor gets a clear message, not a smear.
saved_term=${TERM:-}
TERM=dumb
export TERM
run_yomi
is "$rc" "1" "TERM=dumb: the UI does not start"
case $err in *"cannot move the cursor"*"yomi --help"*) ok 0 "TERM=dumb: says why and what to do" ;;
    *) ok 1 "TERM=dumb: says why and what to do" ;; esac
TERM=$saved_term

# Without a terminal on stdin the game screen cannot read a key: one line
# says so, at once, instead of a loop spinning on end of file.
TERM=xterm-256color timeout 10 "$YOMI" </dev/null >"$tap_tmp/out" 2>"$tap_tmp/err"
rc=$?
is "$rc" "1" "stdin from /dev/null: the UI refuses, promptly"
is "$(cat "$tap_tmp/err")" "yomi: the game needs a terminal on standard input; see yomi --help for the command line" \
    "stdin from /dev/null: one line says why"
is "$(cat "$tap_tmp/out")" "" "stdin from /dev/null: nothing on the terminal"

for cmd in perft show; do
    run_yomi $cmd --help
    ok $rc "$cmd --help exits 0"
    case $out in "usage: yomi $cmd"*) ok 0 "$cmd --help shows usage" ;; *) ok 1 "$cmd --help shows usage" ;; esac
done

# The commands that take a GAME end their help with each game's variant
# options, as the games describe them.
for cmd in search solve perft show play match; do
    run_yomi $cmd --help
    case $out in *"game variant options:"*"kalah "*"--capture standard|empty"*"reversi "*"--start cross|parallel"*"gogo "*"--eval material|tuned|linear|builtin|FILE"*)
        ok 0 "$cmd --help lists every game's options" ;;
        *) ok 1 "$cmd --help lists every game's options" ;; esac
done

bad_input "unknown command" frobnicate
bad_input "unknown game" perft chess --depth 1
bad_input "empty game" perft "" --depth 1
bad_input "perft without depth" perft reversi
bad_input "perft negative depth" perft reversi --depth -1
bad_input "perft depth not a number" perft reversi --depth x3
bad_input "perft depth too large" perft reversi --depth 99999999999999999999
bad_input "perft unknown option" perft reversi --depth 1 --colour red
bad_input "option without value" perft reversi --depth
bad_input "show without game" show

# The last option on the line: an unknown one is called unknown, a known
# one without its value is said to need one.
for args in "show reversi" "perft reversi --depth 1" "play reversi" "search reversi" \
            "compare reversi" "solve reversi-4x4" "grid kalah --depths 1-2" \
            "match kalah --first pvs:1 --second pvs:1" "train reversi" "train kalah" \
            "train gogo" "bench" "bench ffo" "bench kalah" "build-db kalah"; do
    # shellcheck disable=SC2086
    bad_input "$args, unknown option last" $args --colour
    case $err in *"unknown option '--colour'"*) ok 0 "$args: an unknown option last is unknown" ;;
        *) ok 1 "$args: an unknown option last is unknown ($err)" ;; esac
done
for args in "show reversi --position" "perft reversi --depth 1 --start" "play reversi --second" \
            "search reversi --position" "search reversi --format" "search reversi --order" \
            "compare reversi --algos" "match kalah --first pvs:1 --second" "train reversi --out" \
            "train kalah --out" "train gogo --out" "bench --order" "bench ffo --file"; do
    # shellcheck disable=SC2086
    bad_input "$args, no value" $args
    case $err in *"needs a value"*) ok 0 "$args: the option needs a value" ;;
        *) ok 1 "$args: the option needs a value ($err)" ;; esac
done
# A word after --help or --version is a mistake, never silently dropped.
for opt in --version -V --help -h help; do
    bad_input "$opt with an extra word" "$opt" x
done
case $err in *"'x'"*) ok 0 "the extra word is named" ;; *) ok 1 "the extra word is named ($err)" ;; esac
bad_input "show extra argument" show reversi extra

done_testing
