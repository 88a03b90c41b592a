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

done_testing
