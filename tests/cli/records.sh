#!/bin/sh
# Game records (src/records/, doc/records.md): yomi convert between every
# format of a game and back, --record wherever a position is taken, match
# --record DIR/ writing a record per game, and every bad record refused
# with one line naming it, exit 2.
. "$TESTLIB"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
rec=$TESTDATA/records
tap_timeout=60

# refused NAME WANT ARGS...: one line, exit 2, and the message says WANT
refused() {
    name=$1 want=$2
    shift 2
    bad_input "$name" "$@"
    case $err in *"$want"*) ok 0 "$name: says '$want'" ;;
        *) ok 1 "$name: says '$want' ($err)" ;; esac
}

# final ARGS...: the position `yomi show` prints last
final() { run_yomi show "$@"; printf '%s\n' "$out" | sed -n 's/^position: //p'; }

# ---- every format to every other of its game, and back -------------------
for f in gogo-game.kifu gogo-sjis.kif gogo-board.kifu gogo-game.csa gogo-board.csa; do
    want=$(final --record "$rec/$f")
    for ext in kifu kif csa; do
        run_yomi convert "$rec/$f" "$dir/out.$ext"
        ok $rc "convert $f to .$ext"
        is "$(final --record "$dir/out.$ext")" "$want" "$f as .$ext: the same game"
    done
done
for f in reversi-game.ggf reversi-setup.ggf reversi-game.txt reversi-6x6.ggf \
         reversi-6x6-parallel.txt; do
    want=$(final --record "$rec/$f")
    run_yomi convert "$rec/$f" "$dir/out.ggf"
    ok $rc "convert $f to GGF"
    is "$(final --record "$dir/out.ggf")" "$want" "$f as GGF: the same game"
done
run_yomi convert "$rec/reversi-6x6.ggf" "$dir/six.txt"
is "$(head -2 "$dir/six.txt" | tr '\n' ';')" "# game reversi-6x6;# option start parallel;" \
    "a 6x6 transcript says its game and start"
is "$(final --record "$dir/six.txt")" "$(final --record "$rec/reversi-6x6.ggf")" \
    "and reads back as that game"
run_yomi convert "$rec/kalah-6x4.kalah" "$dir/k.kalah"
is "$(final --record "$dir/k.kalah")" "$(final --record "$rec/kalah-6x4.kalah")" \
    "the Kalah record round-trips"
grep -q '^\[Result "32-16"\]$' "$dir/k.kalah"
ok $? "and says the result"

# - is the standard output; the format is the game's own, or --to's
run_yomi convert "$rec/gogo-game.csa" -
case $out in *"手合割：5五将棋"*) ok 0 "convert to -: gogo as KIF" ;; *) ok 1 "convert to -: gogo as KIF" ;; esac
run_yomi convert "$rec/reversi-game.txt" - --to ggf
case $out in "(;GM[Othello]"*) ok 0 "--to ggf" ;; *) ok 1 "--to ggf ($out)" ;; esac
run_yomi convert "$rec/gogo-game.kifu" - --to kif
printf '%s' "$out" | iconv -f CP932 -t UTF-8 >/dev/null 2>&1
ok $? "--to kif writes Shift_JIS"
run_yomi convert f5d6c3 -
case $out in *"B[f5]W[d6]B[c3]"*) ok 0 "a record given as text" ;; *) ok 1 "a record given as text ($out)" ;; esac
run_yomi convert reversi-6x6 c2 - --to transcript
is "$out" "# game reversi-6x6
c2" "GAME tells a transcript's board"

# ---- --record wherever a position is taken -------------------------------------
run_yomi show --record "$rec/reversi-game.txt"
case $out in *"game over: O (white) wins by 6"*) ok 0 "show --record" ;; *) ok 1 "show --record ($out)" ;; esac
run_yomi search --record f5d6c3 --depth 2 --format tsv
is "$(printf '%s\n' "$out" | cut -f1,3 | tail -1)" "reversi	2" "search --record TEXT"
run_yomi search gogo --record "$rec/gogo-sjis.kif" --depth 1
ok $rc "search GAME --record (the game named too)"
run_yomi perft --record "$rec/kalah-6x4.kalah" --depth 1
is "$out" "nodes: 0" "perft --record: the record's last position"
near_end=$(sed -n '3,4p' "$rec/reversi-game.txt" | tr -d '\n' | cut -c1-104)
run_yomi solve --record "$near_end" --format tsv
is "$(printf '%s\n' "$out" | cut -f1,3 | tail -1)" "reversi	solve" "solve --record, 8 empties from the end"
run_yomi compare --record "$rec/kalah-6x4.kalah" --algos negamax,alphabeta --depth 1
ok $rc "compare --record"
run_yomi trace --record f5d6 --depth 1
ok $rc "trace --record"
run_yomi grid --record f5d6c3 --algos alphabeta --depths 1-1
ok $rc "grid --record"

run_yomi analyse --record "$rec/kalah-6x4.kalah" --depth 1 --format tsv
is "$(printf '%s\n' "$out" | grep -c '^[0-9]')" "47" "analyse --record: a line per move of the record"
refused "analyse: --record and --moves" "no --position or --moves beside it" \
    analyse --record f5d6 --moves c3

# ---- match --record DIR/: a record of each game, in the game's format ----------
run_yomi match gogo --first pvs:1 --second pvs:1 --games 2 --random-plies 2 --record "$dir/m/"
ok $rc "match --record DIR/"
is "$(ls "$dir/m" | tr '\n' ' ')" "001.kifu 002.kifu " "a KIF a game"
run_yomi show --record "$dir/m/002.kifu"
ok $rc "and each reads back"
case $(sed -n 3p "$dir/m/001.kifu") in "先手：pvs:1"*) ok 0 "named after the players" ;; *) ok 1 "named after the players" ;; esac
is "$(grep -c '( 0:00/00:00:00)$' "$dir/m/001.kifu")" "$(grep -c '^ *[0-9]' "$dir/m/001.kifu")" \
    "no clock: no times"
# On a clock each move's time goes into the KIF: pvs:60 thinks its 1.2 s in
# full, pvs:1 answers at once.
run_yomi match gogo --first pvs:60 --second pvs:1 --time 1200 --max-plies 3 --record "$dir/t/"
is "$(sed -n 's/^ *\([0-9]\) .*(\(.*\))$/\1 \2/p' "$dir/t/001.kifu" | tr '\n' ';')" \
    "1  0:01/00:00:01;2  0:00/00:00:00;3  0:01/00:00:02;" "a clock's match: each move's time, each side's sum"
run_yomi show --record "$dir/t/001.kifu"
ok $rc "and it reads back"
run_yomi match reversi-4x6 --first pvs:1 --second pvs:1 --record "$dir/m/"
is "$(ls "$dir/m" | tr '\n' ' ')" "001.kifu 001.txt 002.kifu " "reversi-4x6: a transcript (GGF is square)"
run_yomi match kalah-4x3 --first pvs:1 --second pvs:1 --record "$dir/k/"
run_yomi show --record "$dir/k/001.kalah"
ok $rc "a Kalah match's record reads back"
run_yomi match reversi --first pvs:1 --second pvs:1 --record "$dir/plain.tsv"
is "$(cut -f1,2 "$dir/plain.tsv")" "1	A-B" "--record FILE is still a line per game"

# ---- bad records: one line, exit 2, naming what is wrong ---------------------
printf '(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[d3]W[c5]B[' >"$dir/cut.ggf"
refused "truncated GGF" "cut.ggf:1: the game does not end" show --record "$dir/cut.ggf"
head -n 20 "$rec/gogo-game.kifu" >"$dir/cut.kifu"
run_yomi show --record "$dir/cut.kifu"
case $out in *"position: "*" 10") ok 0 "a KIF cut between lines is the game so far" ;;
    *) ok 1 "a KIF cut between lines is the game so far ($out)" ;; esac
head -c 300 "$rec/gogo-game.kifu" >"$dir/cut-char.kifu"
refused "a KIF cut inside a character" "cut-char.kifu: neither UTF-8 nor Shift_JIS" \
    show --record "$dir/cut-char.kifu"
printf 'f5d6c3\nd3c4a1\n' >"$dir/illegal.txt"
refused "illegal move" "illegal.txt:2: 'a1': a1 is not legal" show --record "$dir/illegal.txt"
refused "wrong game" "a reversi record, not a game of gogo" search gogo --record "$dir/illegal.txt"
refused "wrong size" "the record is a game of reversi-6x6, not reversi-4x4" \
    show reversi-4x4 --record "$rec/reversi-6x6.ggf"
head -c 2000 /dev/urandom >"$dir/binary.kif"
printf '\0' >>"$dir/binary.kif"
refused "binary" "binary.kif: a binary file" convert "$dir/binary.kif" -
awk 'BEGIN { printf "f5d6"; for (i = 0; i < 5000; i++) printf " "; print "" }' >"$dir/long.txt"
refused "huge line" "long.txt:1: line longer than 4096 bytes" show --record "$dir/long.txt"
refused "not a record" "no such file, nor a game record" show --record "$dir/nothing.kif"
printf 'hello\n' >"$dir/hello.kif"
refused "not a record either" "hello.kif: not a game record" convert "$dir/hello.kif" -
refused "--position and --record" "--position and --record" \
    search reversi --position "$(printf '%64s X' | tr ' ' '-')" --record f5
refused "convert: unknown format" "--to 'pgn' is not one of kif, kifu" convert f5d6 - --to pgn
refused "convert: unknown extension" "which format for" convert f5d6 "$dir/x.pgn"
refused "convert: a format of another game" "a CSA record holds gogo games, not reversi" \
    convert f5d6 "$dir/x.csa"
refused "convert: a set-up start as a transcript" "a transcript starts from the usual start" \
    convert "$rec/reversi-setup.ggf" "$dir/x.txt"
refused "convert: a rectangle as GGF" "GGF boards are square" convert reversi-4x6 c1 "$dir/x.ggf"
refused "9x9 shogi" "not 5x5 shogi" convert "手合割：平手
1 ７六歩(77)" -
refused "play --record: a bad record before the UI" "play: --record:" play --record "$dir/illegal.txt"
refused "match --record into nowhere" "match: --record" \
    match kalah --first pvs:1 --second pvs:1 --record "$dir/no/such/"

done_testing
