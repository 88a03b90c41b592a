/* negaalpha.c - seed 002's one-limit alpha-beta in negamax form. */
#include "engine/algos.h"

/// Nega-alpha (seed 000): seed 002's one-limit alpha-beta in negamax form.
/// The limit is the parent's best so far seen from this side, -best; once
/// this node's best reaches it the parent cannot want this position.  A
/// child that keeps the turn inherits the limit unchanged; a pass hands
/// over -(-inf), i.e. no limit.  Counts equal seed 002's alphabeta.
int negaalpha(Ctx *c, int ply, int depth, int limit)
{
    Node nd;
    const int n = node_open(c, ply, depth, -INF, limit, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    limit = nd.beta;
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int v = same ? negaalpha(c, ply + 1, d, limit) : -negaalpha(c, ply + 1, d, -best);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (best >= limit) {
                ctx_note_cutoff(c, ply, depth, m, best, limit, n - i - 1);
                break;
            }
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}
