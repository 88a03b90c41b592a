/* algorithm.h - the search algorithms as one table (algorithms.c), one row
 * each: what the command line, the forms and the messages show of an
 * algorithm, and how the search calls it.  Whatever lists the algorithms
 * reads the rows, so a new algorithm is its file and its row. */
#ifndef YOMI_ALGORITHM_H
#define YOMI_ALGORITHM_H

#include "engine/game.h"
#include "engine/search.h"

typedef struct Ctx Ctx; /* the search context, engine-private (ctx.h) */

/* How a row's routine is called, and how the UI offers it. */
enum {
    /* Values from the first player's view, the first maximising and the
     * second minimising (seed 002); without it, from the side to move's. */
    ALGO_MINMAX_FORM = 1u << 0,
    /* The routine takes one limit (search.limit) or a window (alpha, beta;
     * search.window); with neither, just the depth (search.plain). */
    ALGO_ONE_LIMIT = 1u << 1,
    ALGO_WINDOW = 1u << 2,
    /* Every search of the root has a null window (MTD(f)'s passes), so an
     * iteration stopped half way proves no best move. */
    ALGO_NULL_WINDOW_ROOT = 1u << 3,
    /* Ticked to begin with in the Compare screen's form. */
    ALGO_COMPARED_BY_DEFAULT = 1u << 4,
    /* Always searches to the end of the game: a search of it is a solve
     * whatever the depth asked (search_new sets cfg.solve), and it has no
     * iterations to deepen. */
    ALGO_SOLVE_ONLY = 1u << 5,
    /* Its value is the outcome only: +1, 0 or -1 (a win, a draw, a loss
     * for the side to move), and it counts the root's proof and disproof
     * numbers (SearchStats.proof, .disproof).  Compare it by sign. */
    ALGO_OUTCOME = 1u << 6,
    /* It samples (MCTS's random playouts) instead of searching a tree to a
     * depth: one run, driven by its `iteration`, whose answer stands
     * whenever it stops; its value is an estimate, never exact, so tests
     * that hold every algorithm to minimax's value leave it out; its
     * trace tells iterations (trace.h's TRACE_SAMPLE and after), not nodes
     * entered and closed; and depth, move order and the table do not
     * apply to it. */
    ALGO_SAMPLING = 1u << 7,
    /* It may run on several threads over the shared table (Lazy SMP,
     * team.c) when the search asks for them and the table is on; the
     * others always run on one, so their counts stay the textbooks'. */
    ALGO_PARALLEL = 1u << 8,
};

typedef struct Algorithm {
    const char *id;   /* the command line's name ("alphabeta-window"), never translated */
    const char *name; /* for the UI, marked N_(): "Alpha-beta with both bounds" */
    const char *help; /* one line for `yomi search --help`, marked N_() */
    unsigned flags;
    /* The recursive routine: the position in slot `ply` to `depth` plies,
     * in the form the flags say. */
    union {
        int (*plain)(Ctx *c, int ply, int depth);
        int (*limit)(Ctx *c, int ply, int depth, int limit);
        int (*window)(Ctx *c, int ply, int depth, int alpha, int beta);
    } search;
    /* For an algorithm that drives the root itself (MTD(f)'s passes, yomi's
     * aspiration windows): one iteration of the deepening from ply 0, given
     * the last iteration's value and how far it moved; returns the value
     * and leaves the line in pv.  NULL: one full-window search. */
    int (*iteration)(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len);
} Algorithm;

/* The row of `a`; NULL when `a` names none. */
const Algorithm *algorithm(Algo a);

#endif
