/* negamax.c - minimax in the one-function form: every node maximises its own
 * value and a child's value is negated when the turn changes. */
#include "engine/algos.h"

/// Negamax (seeds 000, 003): minimax written once.  A position's value for
/// the side to move is the largest of its children's values for that same
/// side, which is minus the child's value when the turn passes (and the
/// child's value itself when the same side moves again).  Same tree, same
/// count as minimax; the first reason the other routines are short.
int negamax(Ctx *c, int ply, int depth)
{
    Node nd;
    const int n = node_open(c, ply, depth, -INF, INF, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        int v = negamax(c, ply + 1, d);
        if (c->stopped)
            return 0;
        if (!same)
            v = -v;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}
