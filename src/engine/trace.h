/* trace.h - a search step by step, for whoever wants to watch it (yomi
 * trace, the theatre screen).
 *
 * search_set_trace() hands the search a function it calls at each step:
 * a node entered with its window, a leaf evaluated, a table hit, a value
 * backed up, a cutoff, a null-window test that failed high and is searched
 * again, an MTD(f) pass, a selective probe; and for the search that
 * samples (mcts), each iteration's way down its tree, the node it adds,
 * the random game played from there and its result backed up.  Without one the search pays
 * one predictable branch on a NULL pointer where a step happens, nothing
 * else.  Every node the search visits is told, probes' nodes too, so the
 * leaf events are exactly stats.leaves.
 *
 * The function runs on the search thread, in the middle of the search: it
 * must not call back into the Search, but for search_stop().  The event and its path live only
 * for the call.
 */
#ifndef YOMI_TRACE_H
#define YOMI_TRACE_H

#include "engine/game.h"

typedef enum {
    TRACE_ITERATION,  /* an iteration of the deepening begins: depth */
    TRACE_ENTER,      /* a node is opened: depth, window (alpha, beta) */
    TRACE_LEAF,       /* a position evaluated (counted in stats.leaves): value */
    TRACE_HIT,        /* the table answered the node: value */
    TRACE_CLOSE,      /* the node's value is backed up: value, window, best move */
    TRACE_CUTOFF,     /* value >= beta: `unsearched` moves are not searched */
    TRACE_RESEARCH,   /* a null window (alpha, alpha + 1) failed high with
                         value: the child is searched again with (value, beta);
                         path ends with the child's move, the values are the
                         parent's (side); at ply 0, the root's window
                         (alpha, beta) missed the value (yomi's aspiration) */
    TRACE_MTD_PASS,   /* MTD(f) tests "value >= bound?": [alpha, beta] is
                         what is known before the pass */
    TRACE_MTD_RESULT, /* the pass answered value: [alpha, beta] after it */
    TRACE_PROBE,      /* the yomi algorithm tries to cut the node without
                         searching its moves (`probe` says how): a search
                         to `depth` with the null window (alpha, beta) =
                         (bound - 1, bound), side to move's view, whose
                         events follow, starting with its root's
                         TRACE_ENTER.  The node is cut when that search's
                         value is >= bound (or <= bound - 1 for ProbCut's
                         test below alpha): then its TRACE_CLOSE follows
                         with best MOVE_NONE */
    /* A sampling search (mcts.c) tells each iteration in four parts, every
     * one a step: down its tree by UCB1 (selection), one new node
     * (expansion), a random game from there (the playout) and its result
     * back up the path (backup).  Its nodes' visits N and scores are what
     * these steps say, so a replay counts them exactly as the search did. */
    TRACE_SAMPLE,     /* an iteration begins at the root: `iteration` */
    TRACE_SELECT,     /* down to a child already in the tree, the end of
                         path: the highest `ucb` of its siblings; `visits`
                         and `score` are the child's before this iteration */
    TRACE_EXPAND,     /* the end of path joins the tree, a new node;
                         `unsearched`: its parent's moves still not in it */
    TRACE_PLAYOUT,    /* random moves from the end of path to the end of
                         the game, `plies` of them (0: the game is over
                         there; MCTS_PLAYOUT_MAX_PLIES: it did not end, a
                         draw); value: the result, +1 won, 0 drawn, -1 lost */
    TRACE_BACKUP,     /* that result goes back up the path: each node on it,
                         the root too, one visit more, and the result in the
                         score of the side that moved into it; value as
                         the playout's */
    TRACE_KIND_COUNT
} TraceKind;

typedef enum {
    TRACE_PROBE_NONE,
    TRACE_PROBE_NULL_MOVE, /* the side to move passes (GameOps.play_null):
                              the probe's root is the child by MOVE_NULL,
                              searched as the other side sees it */
    TRACE_PROBE_PROBCUT,   /* the node itself, searched shallower: the same
                              path again, at the probe's depth */
} TraceProbe;

typedef struct {
    TraceKind kind;
    int ply;          /* the moves from the root to the node (0 at the root):
                         the search's ply, but where the moves of an extra
                         turn are played inside one ply (simplified Kalah,
                         --extra-turn simplified), which count here too */
    const Move *path; /* those moves, ply of them (at most SEARCH_MAX_PLY):
                         they replay from the root by the game's rules, but
                         for MOVE_NULL (yomi's null move: a null-move
                         probe hands the turn over), which
                         GameOps.play_null plays */
    int side;         /* whose view the values are in (the side to move at
                         the node; the parent's for TRACE_RESEARCH) */
    int depth;        /* plies left to search */
    int alpha, beta;  /* the window (±SCORE_INF: open) */
    int value;
    Move best;        /* TRACE_CLOSE, TRACE_CUTOFF only: the move that gave
                         value (MOVE_NONE: none) */
    int unsearched;   /* TRACE_CUTOFF: the sibling moves left out */
    int bound;        /* TRACE_MTD_PASS, TRACE_MTD_RESULT: the pass's bound;
                         TRACE_PROBE: the probe's */
    TraceProbe probe; /* TRACE_PROBE: which probe */
    int iteration;    /* TRACE_SAMPLE: its number, from 1 */
    int plies;        /* TRACE_PLAYOUT: the random moves it played */
    unsigned visits;  /* TRACE_SELECT: N, the child's visits */
    unsigned score;   /* TRACE_SELECT: its score in half points (a won
                         playout 2, a drawn one 1) for the side that moves
                         into it: its mean value Q = score / (2 N), 0..1 */
    double ucb;       /* TRACE_SELECT: UCB1, Q + C sqrt(ln N_parent / N) */
} TraceEvent;

typedef void (*TraceFn)(const TraceEvent *e, void *arg);

#endif
