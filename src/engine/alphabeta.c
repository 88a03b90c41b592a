/* alphabeta.c - alpha-beta in the two-player form of seed 002, with one
 * limit passed down. */
#include "engine/algos.h"

/// Alpha-beta in seed 002's form: each side's routine gets ONE limit, the
/// best value its parent has found so far.  Once a child is at least as
/// good for the mover as that limit, the parent will never choose this
/// position, so the rest is cut (the first player cuts when v >= limit,
/// the second when v <= limit).  Only shallow cutoffs: the limit does not
/// travel further down.  A move that keeps the turn passes the limit on
/// unchanged (it is still the same player's choice); a pass hands over the
/// node's own best, which is still its initial value.
int alphabeta(Ctx *c, int ply, int depth, int limit)
{
    Node nd;
    const int sign = view_sign(c, ply);
    /* In the mover's own view this is the window (-inf, sign * limit). */
    const int n = node_open(c, ply, depth, -INF, sign * limit, &nd);
    if (n < 0)
        return sign * nd.value;
    if (n == 0)
        return sign * node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    limit = sign * nd.beta;
    int best = sign > 0 ? -INF : INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int v = alphabeta(c, ply + 1, d, same ? limit : best);
        if (c->stopped)
            return 0;
        if (sign > 0 ? v > best : v < best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (sign > 0 ? v >= limit : v <= limit) {
                ctx_note_cutoff(c, ply, depth, m, sign * v, sign * limit, n - i - 1);
                break;
            }
        }
    }
    return sign * node_close(c, ply, depth, &nd, sign * best, best_move);
}
