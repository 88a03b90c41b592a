#!/bin/sh
# The tree game on the command line (doc/cli.md): the textbook tree's value
# and leaf counts, every command on a typed tree, and bad trees exiting 2.
. "$TESTLIB"

T='((3 12 8)(2 4 6)(14 5 2))'
field() { printf '%s\n' "$out" | sed -n "s/^$1: //p"; }

run_yomi search tree --position "$T" --algo minimax --order natural --table off --solve
is "$(field value) $(field leaves)" "3 9" "minimax: value 3, 9 leaves"
run_yomi search tree --position "$T" --algo alphabeta --order natural --table off --solve
is "$(field value) $(field leaves)" "3 7" "alphabeta, natural order: value 3, 7 leaves"
run_yomi search tree --tree ordering --algo alphabeta --order natural --table off --solve
is "$(field value) $(field leaves) $(field move)" "3 9 3" "best move last: no cut saves a leaf"
# Each move better than the last: PVS searches moves 2 and 3 again; yomi's
# NegaScout (the seeds') scouts the first move too, so once more.
run_yomi search tree --tree rescout --algo pvs --order natural --table off --solve
is "$(field value) $(field researches)" "5 2" "each move better: PVS searches twice again"
run_yomi search tree --tree rescout --algo negascout --order natural --table off --solve
is "$(field value) $(field researches)" "5 3" "each move better: NegaScout three times"
run_yomi search tree --position '(3 (4 5) ((1 2) 6))' --algo negamax --solve
is "$(field value)" "4" "leaves at different depths"

run_yomi compare tree --position "$T" --algos minimax,alphabeta --order natural --table off --solve
ok $rc "compare on a typed tree exits 0"
run_yomi perft tree --position "$T" --depth 2
is "$out" "nodes: 9" "perft counts the leaves two plies down"
run_yomi show tree --position 3
ok $rc "show a node by its path"
case $out in *"position: 3"*"2: 5"*) ;; *"2: 5"*"position: 3"*) ;; *) false ;; esac
ok $? "show lists the node's children"
run_yomi grid tree --position "$T" --algos minimax,alphabeta --depths 1-2
ok $rc "grid on a typed tree exits 0"
# A tree counts no stores: its cells give the value Max ends with.
is "$(printf '%s\n' "$out" | sed -n 3p)" \
    "each cell: the final value for the first player, then minimax / alphabeta" \
    "grid names what its cells give: the final value, not stores"
is "$(printf '%s\n' "$out" | sed -n 7p)" "    1  :      3  :      3  " "grid: the cells' value"
case $out in *stores*) ok 1 "grid speaks of no stores" ;; *) ok 0 "grid speaks of no stores" ;; esac
run_yomi grid tree --position "$T" --algos minimax --depths 1-2 --format tsv
is "$(printf '%s\n' "$out" | sed -n '1p;2p')" "$(printf 'extra_turn\talgo\td1\td2\tfirst\tsecond\tleaves\tnodes\tvalue\nfull\tminimax\t1\t1\t-\t-\t6\t8\t3')" \
    "grid tsv: no counts (-), the final value"

bad_input "unbalanced" search tree --position '((3 12 8)(2 4 6)'
bad_input "closes nothing" show tree --position '(1 2))'
bad_input "not an integer" show tree --position '(3 x)'
bad_input "empty node" show tree --position '()'
bad_input "out of range" show tree --position '(1 123456)'
bad_input "no such child" show tree --position 4
bad_input "not a path" show tree --position 'left'
bad_input "--tree value" show tree --tree bushy
bad_input "tree has no sizes" show tree-3x3
bad_input "no such move" search tree --position 2.1 --solve --moves 1 2>/dev/null

# The trap: random playouts favour move 1, whose one refutation among 20
# replies alpha-beta at depth 3 sees; mcts falls for it at 200
# iterations and finds the draw given 5000.
run_yomi search tree --tree trap --algo alphabeta --depth 3 --order natural --table off --format tsv
is "$(printf '%s\n' "$out" | tail -n 1 | cut -f 4,5)" "$(printf '0\t2')" "trap: alphabeta depth 3 plays the draw"
run_yomi search tree --tree trap --algo mcts --iterations 200 --seed 1 --format tsv
is "$(printf '%s\n' "$out" | tail -n 1 | cut -f 5)" "1" "trap: mcts at 200 iterations plays the trap"
run_yomi search tree --tree trap --algo mcts --iterations 5000 --seed 1 --format tsv
is "$(printf '%s\n' "$out" | tail -n 1 | cut -f 5)" "2" "trap: mcts at 5000 iterations finds the draw"

done_testing
