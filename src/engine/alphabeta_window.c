/* alphabeta_window.c - alpha-beta that passes both bounds down, fail-hard. */
#include "engine/algos.h"

/// Alpha-beta with a window, fail-hard (seed 000's "improved nega-alpha"):
/// both bounds travel down, so a cutoff found deep in the tree can prune
/// anywhere below where it was found (the one-limit form only prunes one
/// level down).  `best` starts at alpha and a node that finds nothing
/// better returns alpha itself: all its parent needs to know is "no
/// better than alpha".  A child that keeps the turn is searched with
/// (best, beta), one that hands it over with (-beta, -best).
int alphabeta_window(Ctx *c, int ply, int depth, int alpha, int beta)
{
    Node nd;
    const int n = node_open(c, ply, depth, alpha, beta, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    alpha = nd.alpha;
    beta = nd.beta;
    int best = alpha;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int v = same ? alphabeta_window(c, ply + 1, d, best, beta)
                           : -alphabeta_window(c, ply + 1, d, -beta, -best);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
        }
        if (best >= beta) {
            ctx_note_cutoff(c, ply, depth, m, best, beta, n - i - 1);
            break;
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}
