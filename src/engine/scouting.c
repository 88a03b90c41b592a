/* scouting.c - the null-window loop NegaScout (negascout.c) and principal
 * variation search (pvs.c) share. */
#include "engine/algos.h"

/* One child of a scouting node: a null window around a = max(alpha, best)
 * only asks "is it better than a?"; only a child that says yes, and is not
 * already good enough to cut, is searched again with (v, beta).  That
 * second search is the price of a wrong guess, so the trace shows it. */
static int scout_child(Ctx *c, int ply, int d, int a, int beta,
                       int (*search)(Ctx *, int, int, int, int))
{
    int v = -search(c, ply + 1, d, -(a + 1), -a);
    if (!c->stopped && a < v && v < beta) {
        c->n.researches++;
        if (ctx_tracing(c))
            ctx_trace(c, &(TraceEvent){.kind = TRACE_RESEARCH, .ply = ply + 1, .depth = d,
                                       .alpha = a, .beta = beta, .value = v});
        v = -search(c, ply + 1, d, -beta, -v);
    }
    return v;
}

/* The loop negascout and pvs share; they differ only in whether the first
 * child is scouted too (`scout_first`).  `self` is the caller, so each
 * recursion stays in its own algorithm. */
int scouting(Ctx *c, int ply, int depth, int alpha, int beta, bool scout_first,
             int (*self)(Ctx *, int, int, int, int))
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
        int v;
        if (same)
            v = self(c, ply + 1, d, a, beta);
        else if ((i == 0 && !scout_first) || m == MOVE_PASS)
            v = -self(c, ply + 1, d, -beta, -a);
        else
            v = scout_child(c, ply, d, a, beta, self);
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
