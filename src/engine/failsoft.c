/* failsoft.c - fail-soft alpha-beta: both bounds down, the best value seen back. */
#include "engine/algos.h"

/// Fail-soft alpha-beta (seeds 000, 001): the same window, but `best`
/// starts at -infinity and the node returns the best value it saw even
/// when that is outside the window.  A fail-low then says "at most v", a
/// tighter bound than "at most alpha", which is what a table (and MTD(f))
/// can make use of.  A pass is an ordinary child here: with best still
/// -infinity its window is (-beta, -alpha), as in seed 001.
int failsoft(Ctx *c, int ply, int depth, int alpha, int beta)
{
    Node nd;
    const int n = node_open(c, ply, depth, alpha, beta, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    alpha = nd.alpha;
    beta = nd.beta;
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int a = max_int(alpha, best);
        const int v = same ? failsoft(c, ply + 1, d, a, beta) : -failsoft(c, ply + 1, d, -beta, -a);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (best >= beta) {
                ctx_note_cutoff(c, ply, depth, m, best, beta, n - i - 1);
                break;
            }
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}
