/* minimax.c - minimax in the two-player form of seed 002: the first player
 * maximises the first player's value, the second minimises it. */
#include "engine/algos.h"

/// Minimax, the form a reader meets first (seed 002): one value for the
/// whole tree, the first player's; the first player takes the largest child,
/// the second the smallest.  No pruning: it visits every position to the
/// horizon, which is what makes it the yardstick the other algorithms
/// are measured against.
int minimax(Ctx *c, int ply, int depth)
{
    Node nd;
    const int sign = view_sign(c, ply);
    const int n = node_open(c, ply, depth, -INF, INF, &nd);
    if (n < 0)
        return sign * nd.value;
    if (n == 0)
        return sign * node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    int best = sign > 0 ? -INF : INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int v = minimax(c, ply + 1, d);
        if (c->stopped)
            return 0;
        if (sign > 0 ? v > best : v < best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
        }
    }
    return sign * node_close(c, ply, depth, &nd, sign * best, best_move);
}
