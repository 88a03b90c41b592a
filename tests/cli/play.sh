#!/bin/sh
# yomi play: bad arguments are caught before the terminal is taken over.
. "$TESTLIB"

run_yomi play --help
ok $rc "play --help exits 0"
case $out in "usage: yomi play"*) ok 0 "play --help shows usage" ;; *) ok 1 "play --help shows usage" ;; esac
bad_input "play without a game" play
bad_input "play an unknown game" play chess
bad_input "play two games" play reversi kalah
bad_input "play with a bad player" play reversi --first robot
bad_input "play with a bad depth" play reversi --second negascout:x
bad_input "play with a bad key" play reversi --second negascout:6,colour=red
bad_input "play with an unknown option" play reversi --colour red
bad_input "play option without value" play reversi --first
bad_input "play with a bad variant option" play reversi --start diagonal

# stdin at end of file: refused at once, not a loop spinning on it
tap_tmp=${tap_tmp:-$(mktemp -d)}
TERM=xterm-256color timeout 10 "$YOMI" play reversi </dev/null >"$tap_tmp/out" 2>"$tap_tmp/err"
is "$?" "1" "play with stdin from /dev/null: refused, promptly"
grep -q "needs a terminal on standard input" "$tap_tmp/err"
ok $? "play with stdin from /dev/null: says why"
echo d3 | TERM=xterm-256color timeout 10 "$YOMI" play reversi >/dev/null 2>&1
is "$?" "1" "play with stdin from a pipe: refused, promptly"

done_testing
