#!/bin/sh
# yomi explain: the search theatre from the command line.  The screen itself
# is tests/ui/theatre.sh's; here, what is refused before the terminal is
# taken over, each with one line and exit 2 (mcts too many iterations to
# show), and the help.
. "$TESTLIB"
LC_ALL=C LANGUAGE= && export LC_ALL LANGUAGE

run_yomi explain --help
case $out in *"usage: yomi explain GAME"*"--versus"*"more than 20000"*) ok 0 "explain --help" ;;
    *) ok 1 "explain --help" ;; esac

bad_input "explain: a search too big to show" explain reversi --depth 9
run_yomi explain reversi --depth 9
case $err in *"more than 20000 steps"*) ok 0 "too big: the limit is named" ;;
    *) ok 1 "too big: the limit is named"; printf '#   %s\n' "$err" ;; esac
bad_input "explain: the second search too big" explain reversi-4x4 --depth 2 --versus minimax --solve
bad_input "explain: no game" explain
bad_input "explain: --versus without a value" explain tree --versus
bad_input "explain: --versus names no algorithm" explain tree --versus quicksort
bad_input "explain: --algos" explain tree --algos minimax,alphabeta
bad_input "explain: --format" explain tree --format json
bad_input "explain: unknown option" explain tree --speed 3
bad_input "explain: bad position" explain tree --position '((1 2)'
bad_input "explain: mcts's default 10000 iterations are too many steps" explain tree --algo mcts
case $err in *"--iterations"*) ok 0 "mcts too big: fewer --iterations, it says" ;;
    *) ok 1 "mcts too big: fewer --iterations, it says"; printf '#   %s\n' "$err" ;; esac
bad_input "explain: nor beside another" explain tree --versus mcts

# Without a terminal the theatre cannot open: it says so instead of
# drawing into a pipe.
run_yomi explain tree --tree textbook --solve </dev/null
case $err in *terminal*) ok 0 "no terminal: said" ;; *) ok 1 "no terminal: said" ;; esac
[ "$rc" -ne 0 ]; ok $? "no terminal: not a success"
# mcts's iterations, few enough, are shown: only the terminal is missing.
run_yomi explain tree --tree trap --algo mcts --iterations 50 </dev/null
case $err in *terminal*) ok 0 "mcts: its 50 iterations pass the checks" ;;
    *) ok 1 "mcts: its 50 iterations pass the checks"; printf '#   %s\n' "$err" ;; esac
run_yomi explain tree --tree trap --algo alphabeta --depth 3 --versus mcts --iterations 50 </dev/null
case $err in *terminal*) ok 0 "mcts beside alpha-beta passes the checks" ;;
    *) ok 1 "mcts beside alpha-beta passes the checks"; printf '#   %s\n' "$err" ;; esac

done_testing
