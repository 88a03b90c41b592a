#!/bin/sh
# yomi trace: a search event by event (issue 29).  Golden on the tutorials'
# trees in words: alphabeta's cutoffs on the textbook tree, NegaScout's
# re-searches on the tree where each move is better than the last, and
# MTD(f)'s passes, and mcts's iterations.  As jsonl: every line one event
# of doc/cli.md's shape,
# and its leaf events exactly the `leaves` of `yomi search` with the same
# options: on the tree game for every algorithm, order and table, where a
# game's solver or quiescence counts the leaves, and on the seed cells of
# tests/data/seed/reversi-cells.txt.  A search over --max-steps and bad
# input exit 2.
. "$TESTLIB"
LC_ALL=C LANGUAGE= && export LC_ALL LANGUAGE

T='((3 12 8)(2 4 6)(14 5 2))'

run_yomi trace tree --position "$T" --algo alphabeta --order natural --table off --solve
ok $rc "trace alphabeta exits 0"
is "$out" "search to the end of the game
enter root  window (-inf, +inf)
  enter 1  window (-inf, +inf)
    leaf 1.1 = 3
    leaf 1.2 = 12
    leaf 1.3 = 8
  back up 1 = 3, from 1.1
  enter 2  window (3, +inf)
    leaf 2.1 = 2
  2.1: 2 <= alpha 3, 2 moves not searched (cutoff)
  back up 2 = 2, from 2.1
  enter 3  window (3, +inf)
    leaf 3.1 = 14
    leaf 3.2 = 5
    leaf 3.3 = 2
  3.3: 2 <= alpha 3 on the last move (cutoff)
  back up 3 = 2, from 3.3
back up root = 3, from 1
best 1, value 3, 7 leaves, 11 nodes" "alphabeta on the textbook tree, step by step"

run_yomi trace tree --tree rescout --algo negascout --order natural --table off --solve
is "$(printf '%s\n' "$out" | grep 'search again')" \
"  1: the null window (-inf, -inf+1) failed high with 1: search again with (1, +inf)
  2: the null window (1, 2) failed high with 3: search again with (3, +inf)
  3: the null window (3, 4) failed high with 5: search again with (5, +inf)" \
    "negascout: each better move is searched again"
is "$(printf '%s\n' "$out" | tail -n 1)" "best 3, value 5, 9 leaves, 16 nodes" "negascout's result"

run_yomi trace tree --position "$T" --algo mtdf --order natural --solve
is "$(printf '%s\n' "$out" | grep -i 'pass')" \
"MTD(f) pass: is the value >= 0?  window (-1, 0), known [-inf, +inf]
the pass failed high: value >= 3, so it lies in [3, +inf]
MTD(f) pass: is the value >= 4?  window (3, 4), known [3, +inf]
the pass failed low: value <= 3, so it lies in [3, 3]" "mtdf: two passes squeeze the value to 3"

# ---- jsonl ------------------------------------------------------------------

# The lines of $1 that are not one event as doc/cli.md writes it.  A
# pattern, not a parser, so that this check runs on any machine.
n='(-?[0-9]+|null)'
move='"[^"\\]*"'
event='^\{"kind":"(iteration|enter|leaf|hit|close|cutoff|research|mtd-pass|mtd-result|probe|sample|select|expand|playout|backup)"'
event="$event,\"ply\":[0-9]+,\"path\":\\[($move(,$move)*)?\\],\"side\":[01]"
event="$event,\"depth\":$n,\"alpha\":$n,\"beta\":$n,\"value\":$n"
event="$event(,\"best\":($move|null))?(,\"unsearched\":[0-9]+)?(,\"bound\":-?[0-9]+)?"
event="$event(,\"probe\":\"(null-move|probcut)\")?(,\"iteration\":[0-9]+)?(,\"plies\":[0-9]+)?"
event="$event(,\"visits\":[0-9]+,\"score\":[0-9]+,\"q\":[0-9]+\\.[0-9]{4},\"ucb\":[0-9]+\\.[0-9]{4})?\\}\$"
not_events() { printf '%s\n' "$1" | grep -v -E "$event"; }

# Whether $1 parses as JSON, a line at a time, with the keys of each kind
# (doc/cli.md), by python3 or else jq; prints why not.  Status 77: neither
# is here (the pattern above still holds the lines to their shape).
json_parses() {
    if python3 -c '' 2>/dev/null; then
        printf '%s\n' "$1" | python3 -c '
import json, sys
always = ["kind", "ply", "path", "side", "depth", "alpha", "beta", "value"]
numbers = {"iteration": "depth", "enter": "depth alpha beta", "leaf": "value",
           "hit": "depth alpha beta value", "close": "depth alpha beta value",
           "cutoff": "depth beta value", "research": "depth alpha beta value",
           "mtd-pass": "depth alpha beta", "mtd-result": "depth alpha beta value",
           "probe": "depth alpha beta", "sample": "", "select": "", "expand": "",
           "playout": "value", "backup": "value"}
extra = {"close": ["best"], "cutoff": ["best", "unsearched"],
         "mtd-pass": ["bound"], "mtd-result": ["bound"], "probe": ["bound", "probe"],
         "sample": ["iteration"], "select": ["visits", "score", "q", "ucb"],
         "expand": ["unsearched"], "playout": ["plies"]}
for i, line in enumerate(sys.stdin, 1):
    e = json.loads(line)
    kind = e["kind"]
    wrong = list(e) != always + extra.get(kind, [])
    wrong |= not all(isinstance(m, str) for m in e["path"]) or len(e["path"]) != e["ply"]
    for key in ["depth", "alpha", "beta", "value"]:
        wrong |= (key in numbers[kind].split()) != isinstance(e[key], int)
    if wrong:
        sys.exit("line %d: %s" % (i, line.strip()))
'
    elif command -v jq >/dev/null 2>&1; then
        printf '%s\n' "$1" | jq -e . >/dev/null
    else
        return 77
    fi
}

# check_jsonl NAME: $out is jsonl through and through
check_jsonl() {
    is "$(not_events "$out" | head -n 3)" "" "$1: every line is one event"
    why=$(json_parses "$out" 2>&1)
    case $? in
    0) ok 0 "$1: parses as JSON" ;;
    77) echo "ok $((tap_n += 1)) - $1: parses as JSON # SKIP neither python3 nor jq" ;;
    *) ok 1 "$1: parses as JSON"; echo "#   $why" | head -n 3 ;;
    esac
}

run_yomi trace tree --position "$T" --algo alphabeta --order natural --table off --solve --format jsonl
ok "$rc" "jsonl exits 0"
check_jsonl "jsonl, alphabeta"
# With --solve the depth counts down from the engine's 250, "to the end".
is "$(printf '%s\n' "$out" | head -n 2)" \
'{"kind":"iteration","ply":0,"path":[],"side":0,"depth":250,"alpha":null,"beta":null,"value":null}
{"kind":"enter","ply":0,"path":[],"side":0,"depth":250,"alpha":-32000,"beta":32000,"value":null}' \
    "jsonl: the iteration, then the root with the open window -32000, 32000"
is "$(printf '%s\n' "$out" | grep -c '"kind":"leaf"')" "7" "jsonl: one line a leaf"
is "$(printf '%s\n' "$out" | grep '"kind":"cutoff"')" \
'{"kind":"cutoff","ply":1,"path":["2"],"side":1,"depth":249,"alpha":null,"beta":-3,"value":-2,"best":"1","unsearched":2}
{"kind":"cutoff","ply":1,"path":["3"],"side":1,"depth":249,"alpha":null,"beta":-3,"value":-2,"best":"3","unsearched":0}' \
    "jsonl: the cutoffs, side to move's view"
is "$(printf '%s\n' "$out" | tail -n 1)" \
    '{"kind":"close","ply":0,"path":[],"side":0,"depth":250,"alpha":-32000,"beta":32000,"value":3,"best":"1"}' \
    "jsonl: the root backs up 3 from move 1"
is "$(printf '%s\n' "$out" | grep -c .)" "32" "jsonl: 32 events"

run_yomi trace tree --position "$T" --algo mtdf --order natural --solve --format jsonl
check_jsonl "jsonl, mtdf"
is "$(printf '%s\n' "$out" | grep '"kind":"mtd-' | sed 's/.*"alpha"//')" \
':-32000,"beta":32000,"value":null,"bound":0}
:3,"beta":32000,"value":3,"bound":0}
:3,"beta":32000,"value":null,"bound":4}
:3,"beta":3,"value":3,"bound":4}' "jsonl: the passes ask, then answer"

run_yomi trace tree --tree rescout --algo pvs --order best --table on --solve --format jsonl
check_jsonl "jsonl, pvs with the table"
is "$(printf '%s\n' "$out" | grep -c '"kind":"research"')" "2" "jsonl: PVS's two re-searches"

run_yomi trace reversi-4x4 --depth 3 --format jsonl
check_jsonl "jsonl, reversi moves"
case $out in *'"path":["b1","a1","a2"]'*) ok 0 "jsonl: paths name the moves as the game writes them" ;;
             *) ok 1 "jsonl: paths name the moves as the game writes them" ;; esac

# yomi's null move on gogo: "--" in the path, and the moves after it play
# from the position it hands over, so no move is a stranger ("?").  The
# linear weights alone, so that a network trained again leaves these trees be.
run_yomi trace gogo --algo yomi --depth 4 --max-steps 0 --format jsonl --eval linear
check_jsonl "jsonl, yomi's null moves"
is "$(printf '%s\n' "$out" | grep -m 1 '"path":\[[^]]*"--",')" \
    '{"kind":"leaf","ply":3,"path":["2e5b","--","5b4a+"],"side":1,"depth":null,"alpha":null,"beta":null,"value":-1821}' \
    "jsonl: a null move is \"--\", and the path plays on after it"
is "$(printf '%s\n' "$out" | grep -c '"?"')" "0" "jsonl: no move of the null-move searches is unknown"
# Each null move is a probe, told before its search: the node's window
# (bound - 1, bound), the probe's depth, then its root, the child by "--".
is "$(printf '%s\n' "$out" | grep -m 1 -A 1 '"kind":"probe"')" \
'{"kind":"probe","ply":1,"path":["4e4d"],"side":1,"depth":-3,"alpha":-169,"beta":-168,"value":null,"bound":-168,"probe":"null-move"}
{"kind":"enter","ply":2,"path":["4e4d","--"],"side":0,"depth":-3,"alpha":168,"beta":169,"value":null}' \
    "jsonl: a null-move probe, then its root"
is "$(printf '%s\n' "$out" | grep -c '"kind":"probe"')" "$(printf '%s\n' "$out" | grep -c '"kind":"enter","ply":[0-9]*,"path":\[[^]]*"--"\]')" \
    "jsonl: as many null-move probes as null moves entered"
run_yomi trace gogo --algo yomi --depth 4 --max-steps 0 --eval linear
is "$(printf '%s\n' "$out" | grep -m 1 'probe')" "  null-move probe at 4e4d: depth -3, window (-169, -168)" \
    "text: the null-move probe in words"
run_yomi trace reversi --algo yomi --depth 7 --probcut on --max-steps 0
is "$(printf '%s\n' "$out" | grep -m 1 -A 1 'ProbCut')" "  ProbCut probe at c4: depth 2, window (2, 3)
  enter c4  depth 2, window (2, 3)" "text: a ProbCut probe searches its node again, shallower"
run_yomi trace reversi --algo yomi --depth 7 --probcut on --max-steps 0 --format jsonl
check_jsonl "jsonl, ProbCut"
is "$(printf '%s\n' "$out" | grep -c '"probe":"probcut"')" "61" "jsonl: reversi's 61 ProbCut probes"

# ---- mcts: its iterations, a step at a time ------------------------------------

# The trap tree (tests/cli/tree.sh): each iteration goes down the tree by
# UCB1, adds a node, plays a random game from it and backs its result up.
run_yomi trace tree --tree trap --algo mcts --iterations 4 --seed 1
ok "$rc" "trace mcts exits 0"
is "$out" "iteration 1: from the root, down the tree by UCB1
  expand 2: a new node in the tree; 1 move of its parent still untried
  playout from 2: 2 random moves to the end, a draw
  back up from 2: N + 1 on each node to the root; a draw, half a win, for every move
iteration 2: from the root, down the tree by UCB1
  expand 1: a new node in the tree; 0 moves of its parent still untried
  playout from 1: 2 random moves to the end, the first player wins
  back up from 1: N + 1 on each node to the root; a win for the first player's moves, a loss for the second's
iteration 3: from the root, down the tree by UCB1
  select 1, the highest UCB1: Q 1.00 + 1.18 to explore = 2.18 (N 1)
    expand 1.11: a new node in the tree; 19 moves of its parent still untried
    playout from 1.11: 1 random move to the end, the first player wins
    back up from 1.11: N + 1 on each node to the root; a win for the first player's moves, a loss for the second's
iteration 4: from the root, down the tree by UCB1
  select 1, the highest UCB1: Q 1.00 + 1.05 to explore = 2.05 (N 2)
    expand 1.15: a new node in the tree; 18 moves of its parent still untried
    playout from 1.15: 1 random move to the end, the first player wins
    back up from 1.15: N + 1 on each node to the root; a win for the first player's moves, a loss for the second's
best 1 (the most visited), value 100, 4 playouts, 5 tree nodes" "mcts on the trap tree, iteration by iteration"
run_yomi trace tree --tree trap --algo mcts --iterations 4 --seed 1 --format jsonl
check_jsonl "jsonl, mcts"
is "$(printf '%s\n' "$out" | sed -n '1p;10p;12p')" \
'{"kind":"sample","ply":0,"path":[],"side":0,"depth":null,"alpha":null,"beta":null,"value":null,"iteration":1}
{"kind":"select","ply":1,"path":["1"],"side":1,"depth":null,"alpha":null,"beta":null,"value":null,"visits":1,"score":2,"q":1.0000,"ucb":2.1774}
{"kind":"playout","ply":2,"path":["1","11"],"side":0,"depth":null,"alpha":null,"beta":null,"value":1,"plies":1}' \
    "jsonl: an iteration's number, a selection's N, score, Q and UCB1, a playout's result and plies"
# A search of many iterations: one sample, playout and backup each, the
# playouts the leaves `yomi search` counts, and the same seed the same trace.
run_yomi trace kalah --algo mcts --iterations 300 --seed 3 --max-steps 0 --format jsonl
check_jsonl "jsonl, mcts on Kalah"
for kind in sample playout backup; do
    is "$(printf '%s\n' "$out" | grep -c "^{\"kind\":\"$kind\"")" "300" "mcts: 300 $kind events"
done
is "$(printf '%s\n' "$out" | grep -c '^{"kind":"expand"')" \
    "$(($("$YOMI" search kalah --algo mcts --iterations 300 --seed 3 --format tsv |
          awk -F '\t' 'NR == 2 { print $7 }') - 1))" "mcts: an expansion a tree node, the root aside"
first=$out
run_yomi trace kalah --algo mcts --iterations 300 --seed 3 --max-steps 0 --format jsonl
is "$(printf '%s\n' "$out" | cksum)" "$(printf '%s\n' "$first" | cksum)" "mcts: the same seed, the same trace"
bad_input "trace: mcts's default 10000 iterations are too many steps" trace tree --algo mcts
case $err in *"--iterations"*) ok 0 "the refusal names --iterations" ;;
             *) ok 1 "the refusal names --iterations ($err)" ;; esac

# ---- leaf events = search's leaves -------------------------------------------

# search_leaves ARGS...: the leaves field of `yomi search ARGS`, by name
search_leaves() {
    "$YOMI" search "$@" --format tsv 2>/dev/null |
        awk -F '\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "leaves") f = i }
                     NR == 2 { print $f }'
}
# trace_leaves ARGS...: the leaf events of the whole trace (a piped count:
# some traces are a gigabyte); a trace that fails counts none
trace_leaves() {
    "$YOMI" trace "$@" --format jsonl --max-steps 0 2>/dev/null | grep -c '^{"kind":"leaf"'
}

# The tree game: every algorithm, both orders, every table; all but mcts,
# whose playouts, one an iteration, are its leaves (above).
algos=$("$YOMI" search --help | sed -n '/--algo NAME/,/--depth N/p' | awk 'NR > 1 && /^    [a-z]/ { print $1 }')
nalgos=$(printf '%s\n' "$algos" | grep -c .)
ok "$([ "$nalgos" -ge 11 ]; echo $?)" "search --help lists the algorithms ($nalgos)"
algos=$(printf '%s\n' "$algos" | grep -vx mcts)
for tree in textbook ordering rescout; do
    for algo in $algos; do
        want="" got=""
        for order in natural best; do
            for table in off on exact; do
                set -- tree --tree "$tree" --algo "$algo" --order "$order" --table "$table" --solve
                want="$want $order/$table:$(search_leaves "$@")"
                got="$got $order/$table:$(trace_leaves "$@")"
            done
        done
        is "$got" "$want" "tree $tree, $algo: leaf events = leaves"
    done
done

# The leaves counted elsewhere than at the depth limit: the game's exact
# solver (one leaf a solve) and gogo's quiescence search.
for args in "reversi-4x6 --algo yomi --solve" "kalah-4x3 --algo yomi --solve" \
            "gogo --depth 3" "gogo --algo yomi --depth 3"; do
    # shellcheck disable=SC2086
    is "$(trace_leaves $args)" "$(search_leaves $args)" "$args: leaf events = leaves"
done

# The seed cells: those whose search has at most a million leaves, which
# run in a second or less (all of seeds 001 and 002 today; a trace is
# about a hundred times the search's work, so bigger ones would take the
# test too long).
cells=0
while read -r board start order algo table guess value leaves hits; do
    case $board in '#'* | '') continue ;; esac
    [ "$leaves" -le 1000000 ] || continue
    set -- "reversi-$board" --start "$start" --order "$order" --algo "$algo" \
        --table "$table" --solve --score discs
    [ "$guess" != "-" ] && set -- "$@" --guess "$guess"
    cells=$((cells + 1))
    is "$(trace_leaves "$@") $(search_leaves "$@")" "$leaves $leaves" \
        "$board $start $order $algo table=$table guess=$guess: leaf events = leaves = $leaves"
done <"$TESTDATA/seed/reversi-cells.txt"
ok "$([ "$cells" -ge 24 ]; echo $?)" "every seed cell of 001 and 002 traced ($cells)"

# ---- the step limit, help and bad input --------------------------------------

run_yomi trace tree --position "$T" --algo alphabeta --order natural --table off --solve --max-steps 32
is "$(printf '%s\n' "$out" | tail -n 1)" "best 1, value 3, 7 leaves, 11 nodes" \
    "--max-steps 32 lets a search of 32 events through"
bad_input "trace: one event over --max-steps" trace tree --position "$T" --algo alphabeta \
    --order natural --table off --solve --max-steps 31 --format jsonl
bad_input "trace: a search too big to tell" trace reversi --depth 9
case $err in *"--max-steps"*) ok 0 "the refusal says how to raise the limit" ;;
             *) ok 1 "the refusal says how to raise the limit ($err)" ;; esac
run_yomi trace reversi-4x4 --depth 4 --max-steps 0
ok "$rc" "--max-steps 0: no limit"

run_yomi trace --help
case $out in *"usage: yomi trace GAME"*"jsonl"*"32000"*"--max-steps"*) ok 0 "trace --help" ;;
             *) ok 1 "trace --help names jsonl, the infinities and --max-steps" ;; esac

bad_input "trace: no game" trace
bad_input "trace: --format json" trace tree --format json
case $err in *"text, jsonl"*) ok 0 "--format json: the choices are named" ;;
             *) ok 1 "--format json: the choices are named ($err)" ;; esac
bad_input "trace: --format tsv" trace tree --format tsv
bad_input "trace: --format without a value" trace tree --format
bad_input "trace: --max-steps not a number" trace tree --max-steps many
bad_input "trace: --max-steps negative" trace tree --max-steps -1
bad_input "trace: --max-steps without a value" trace tree --max-steps
bad_input "trace: --algos" trace tree --algos minimax,negamax
bad_input "trace: unknown option" trace tree --frobnicate
bad_input "trace: bad tree" trace tree --position '((3 12 8)(2 4 6)'
done_testing
