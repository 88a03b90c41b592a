/* algos.h - the search algorithms' routines, each as the seeds describe it
 * (see doc/seed-tables.md) and each in the file named after it; the table
 * (algorithms.c) says how the search calls them.  Engine-private.
 * Every routine searches the position in slot `ply` of the context to
 * `depth` plies and returns its value; the min/max forms (minimax,
 * alphabeta) return it from the first player's view, the others from the
 * side to move's. */
#ifndef YOMI_ALGOS_H
#define YOMI_ALGOS_H

#include "engine/ctx.h"

/* The first player's view of a side-to-move value, and back. */
static inline int view_sign(const Ctx *c, int ply) { return ctx_side(c, ply) == 0 ? 1 : -1; }

int minimax(Ctx *c, int ply, int depth);
int alphabeta(Ctx *c, int ply, int depth, int limit);
int negamax(Ctx *c, int ply, int depth);
int negaalpha(Ctx *c, int ply, int depth, int limit);
int alphabeta_window(Ctx *c, int ply, int depth, int alpha, int beta);
int failsoft(Ctx *c, int ply, int depth, int alpha, int beta);
int negascout(Ctx *c, int ply, int depth, int alpha, int beta);
int pvs(Ctx *c, int ply, int depth, int alpha, int beta);
/* scouting.c: the loop negascout and pvs share; `self` is the caller. */
int scouting(Ctx *c, int ply, int depth, int alpha, int beta, bool scout_first,
             int (*self)(Ctx *, int, int, int, int));
/* algorithms.c: a full-window search of the node at `ply` with the
 * configured algorithm, side to move's view (Ctx.search_node). */
int algo_search_node(Ctx *c, int ply, int depth);
/* One complete search of the root (ply 0) to `depth` with the configured
 * algorithm, given the last iteration's value and swing (algorithm.h
 * `iteration`); the value from the side to move at the root, its line in
 * pv. */
int algo_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len);
/* mtdf.c: a whole MTD(f) search from the root (ply 0); the best move of its
 * last fail-high pass is left in *best_pv / *best_len. */
int mtdf(Ctx *c, int depth, int guess, Move *best_pv, int *best_len);
/* yomi.c: the yomi algorithm.  yomi_search is one node (prev: the move
 * into it, for the counter-move; allow_null: no null move just before);
 * yomi_root one iteration from ply 0 with aspiration around guess, the
 * window's half width starting at swing. */
int yomi_search(Ctx *c, int ply, int depth, int alpha, int beta, Move prev, bool allow_null);
int yomi_root(Ctx *c, int depth, int guess, int swing);
/* pns.c: proof-number search.  pns_new makes its table of table_mb MB and
 * its per-ply arrays (NULL when memory is short), pns_clear forgets every
 * position; pns_search proves the outcome of the node at `ply` to the end
 * of the game, whatever the depth: +1, 0 or -1 for its side to move;
 * pns_iteration does it from the root and leaves the line in pv. */
Pns *pns_new(int table_mb);
void pns_free(Pns *p);
void pns_clear(Pns *p);
int pns_search(Ctx *c, int ply, int depth);
int pns_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len);
/* mcts.c: Monte Carlo tree search from the node at `ply` (depth unused:
 * its playouts go to the end of the game), under the configured limits;
 * the most visited line is left in c->ply[ply].pv, the deepest ply the
 * tree reached in c->reached.  Its tree: made by search_new (mcts_new
 * sizes it from the iteration limit and table_mb), freed with the search. */
int mcts(Ctx *c, int ply, int depth);
struct Mcts *mcts_new(const SearchConfig *cfg);
void mcts_free(struct Mcts *t);

#endif
