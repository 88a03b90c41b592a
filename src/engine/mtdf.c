/* mtdf.c - MTD(f), and the one-ply root search simplified Kalah needs. */
#include <string.h>

#include "engine/algos.h"

/// MTD(f) (seed 001): instead of one search with a wide window, a series
/// of null-window searches (bound - 1, bound), each answering only "is the
/// value below bound?", that squeeze [lower, upper] around the value until
/// the two meet.  Every pass revisits the same tree, so it only pays with a
/// table that remembers the bounds from the passes before; and the closer
/// the first guess f, the fewer passes.  The best move is the one of the
/// last pass that failed high: that pass proved the final lower bound.
int mtdf(Ctx *c, int depth, int guess, Move *best_pv, int *best_len)
{
    int lower = -INF, upper = INF, bound = guess, v = guess;
    *best_len = 0;
    do {
        c->n.mtd_passes++;
        v = failsoft(c, 0, depth, bound - 1, bound);
        if (c->stopped)
            break;
        if (v < bound) {
            upper = v;
        } else {
            lower = v;
            *best_len = c->ply[0].pv_len;
            memcpy(best_pv, c->ply[0].pv, (size_t)*best_len * sizeof *best_pv);
        }
        bound = lower == v ? v + 1 : v;
    } while (lower < upper);
    return v;
}

int algo_root_window(Ctx *c, int ply, int depth)
{
    const int sign = ctx_side(c, ply) == 0 ? 1 : -1;
    switch (c->cfg.algo) {
    case ALGO_MINIMAX:
        return sign * minimax(c, ply, depth);
    case ALGO_ALPHABETA:
        return sign * alphabeta(c, ply, depth, sign * INF);
    case ALGO_NEGAMAX:
        return negamax(c, ply, depth);
    case ALGO_NEGAALPHA:
        return negaalpha(c, ply, depth, INF);
    case ALGO_ALPHABETA_WINDOW:
        return alphabeta_window(c, ply, depth, -INF, INF);
    case ALGO_NEGASCOUT:
        return negascout(c, ply, depth, -INF, INF);
    case ALGO_PVS:
        return pvs(c, ply, depth, -INF, INF);
    case ALGO_YOMI:
        return yomi_search(c, ply, depth, -INF, INF, MOVE_NONE, false);
    case ALGO_FAILSOFT:
    case ALGO_MTDF:
    default:
        return failsoft(c, ply, depth, -INF, INF);
    }
}
