#!/bin/sh
# Kalah's exact solver against tests/data/kalah/solved.txt: every line is
# solved with `yomi solve --divide`, which must give the line's value, each
# first move's value, and a best move among the line's.  On the biggest
# (Kalah(5,4), Kalah(6,3): a second or two each) each first move's value is
# left to KALAH_SOLVE_ALL=1 (`yomi bench kalah` times them).  The cache
# folder is the test's own.
. "$TESTLIB"

tap_tmp=$(mktemp -d)
XDG_CACHE_HOME=$tap_tmp/cache
export XDG_CACHE_HOME

# "1:+0x,2:-2" -> "1:0,2:-2": the file marks extra turns and signs values.
plain_moves() {
    printf '%s\n' "$1" | tr ',' '\n' | sed -e 's/x$//' -e 's/:+/:/' | paste -sd, -
}

grep -v '^#' "$TESTDATA/kalah/solved.txt" | while read -r pits seeds rule value best moves check; do
    [ -n "$pits" ] || continue
    capture=standard
    [ "$rule" = empty-capture ] && capture=empty
    name="kalah-${pits}x$seeds --capture $capture"
    # The biggest lines (a second or two each) check the value and the best
    # move; each first move's value as well costs one solve per move, so
    # only KALAH_SOLVE_ALL=1 asks for it there.
    divide=--divide
    [ $((pits * seeds)) -gt 16 ] && [ -z "${KALAH_SOLVE_ALL:-}" ] && divide=
    run_yomi solve "kalah-${pits}x$seeds" --capture "$capture" $divide
    ok $rc "$name: solves"
    got_value=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
    is "$got_value" "$(printf '%s' "$value" | sed 's/^+//')" "$name: value $value"
    if [ -n "$divide" ]; then
        got_moves=$(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\): \(.*\)$/\1:\2/p' | paste -sd, -)
        is "$got_moves" "$(plain_moves "$moves")" "$name: every first move's value"
    fi
    got_move=$(printf '%s\n' "$out" | sed -n 's/^move: //p')
    case ",$best," in *",$got_move,"*) ok 0 "$name: best move $got_move is one of $best" ;;
        *) ok 1 "$name: best move $got_move is one of $best" ;; esac
done > "$tap_tmp/lines.tap"
replay_tap "$tap_tmp/lines.tap" # the loop ran in a subshell

# The generic engine (no solver: plain `search --solve`) agrees on small boards.
for shape in 3x2 3x3 4x2 2x4; do
    for capture in standard empty; do
        run_yomi search "kalah-$shape" --capture $capture --solve --algo pvs --table on
        generic=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
        run_yomi solve "kalah-$shape" --capture $capture
        solver=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
        is "$solver" "$generic" "kalah-$shape --capture $capture: solver = generic search ($generic)"
    done
done

# Without the database the search alone finds the same values.
for shape in 4x3 3x4; do
    run_yomi solve "kalah-$shape" --capture empty
    with_db=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
    YOMI_KALAH_DB=off run_yomi solve "kalah-$shape" --capture empty
    without=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
    is "$without" "$with_db" "kalah-$shape: same value with and without the database"
done

# Positions with seeds in the stores, either side to move: the stores
# shift the value, and the generic search agrees.
for pos in "0 1 1 1 10 0 2 0 1 8 1" "2 0 3 1 5 1 0 0 4 8 2" "1 1 1 1 12 1 1 1 1 4 2"; do
    run_yomi search kalah-4x3 --position "$pos" --solve --algo pvs --table on
    generic=$(printf '%s\n' "$out" | sed -n 's/^value: //p')
    run_yomi solve kalah-4x3 --position "$pos"
    is "$rc $(printf '%s\n' "$out" | sed -n 's/^value: //p')" "0 $generic" "position $pos: solver = generic ($generic)"
done

# The seed rules are not the solver's: the engine solves them itself.
run_yomi solve kalah-3x2 --rules seed
ok $rc "solve under the seed rules"

# build-db: a small database, its file, and the cache reused.
run_yomi build-db kalah --pits 3 --seeds 6
ok $rc "build-db kalah --pits 3 --seeds 6"
is "$(printf '%s\n' "$out" | sed -n 's/^entries: //p')" "924" "up to 6 seeds over 6 pits: C(12,6) positions"
[ -s "$XDG_CACHE_HOME/yomi/kalah-m3-standard.db" ]
ok $? "the database is in the cache folder"
ls "$XDG_CACHE_HOME/yomi" | grep -q tmp
ok $((!$?)) "no temporary file left behind"
# A damaged database is rebuilt, never trusted.
db=$XDG_CACHE_HOME/yomi/kalah-m3-standard.db
cp "$db" "$tap_tmp/good.db"
# A smaller database is grown, its levels reused: the same bytes as a build
# from nothing.
rm "$db"
run_yomi build-db kalah --pits 3 --seeds 4
is "$(printf '%s\n' "$out" | sed -n 's/^entries: //p')" "210" "up to 4 seeds over 6 pits: C(10,6)"
run_yomi build-db kalah --pits 3 --seeds 6
ok $rc "build-db grows a 4-seed database to 6 seeds"
cmp -s "$db" "$tap_tmp/good.db"
ok $((!$?)) "the grown database is the one built from nothing"
printf 'XXXXXXXX' | dd of="$db" bs=1 seek=900 conv=notrunc 2>/dev/null
run_yomi build-db kalah --pits 3 --seeds 6
cmp -s "$db" "$tap_tmp/good.db"
ok $((!$?)) "the damaged database was rebuilt (no different from the first build)"
printf 'XXXXXXXX' | dd of="$db" bs=1 seek=900 conv=notrunc 2>/dev/null
run_yomi solve kalah-3x3 --divide
is "$(printf '%s\n' "$out" | sed -n 's/^value: //p')" "2" "kalah-3x3 solves right over a damaged database"
head -c 100 "$tap_tmp/good.db" > "$db"
run_yomi solve kalah-3x4
is "$(printf '%s\n' "$out" | sed -n 's/^value: //p')" "2" "kalah-3x4 solves right over a truncated database"

bad_input "build-db: unknown game" build-db reversi
bad_input "build-db: too large" build-db kalah --pits 8 --seeds 40
bad_input "build-db: bad capture" build-db kalah --capture sometimes
bad_input "build-db: bad option" build-db kalah --depth 3
bad_input "build-db: bad number" build-db kalah --seeds x
done_testing
