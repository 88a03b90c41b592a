/* mtdf.c - MTD(f): the value squeezed out by null-window passes. */
#include <string.h>

#include "engine/algos.h"

static void trace_pass(Ctx *c, TraceKind kind, int depth, int bound, int lower, int upper,
                       int value)
{
    ctx_trace(c, &(TraceEvent){.kind = kind, .depth = depth, .alpha = lower, .beta = upper,
                               .value = value, .bound = bound});
}

/// MTD(f) (seed 001): instead of one search with a wide window, a series
/// of null-window searches (bound - 1, bound), each answering only "is the
/// value below bound?", that squeeze [lower, upper] around the value until
/// the two meet.  Every pass revisits the same tree, so it only pays with a
/// table that remembers the bounds from the passes before; and the closer
/// the first guess f, the fewer passes.  The best move is the one of the
/// last pass that failed high: that pass proved the final lower bound.
/// The trace sees each pass asked and answered, with [lower, upper].
int mtdf(Ctx *c, int depth, int guess, Move *best_pv, int *best_len)
{
    int lower = -INF, upper = INF, bound = guess, v = guess;
    *best_len = 0;
    do {
        c->n.mtd_passes++;
        if (ctx_tracing(c))
            trace_pass(c, TRACE_MTD_PASS, depth, bound, lower, upper, 0);
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
        if (ctx_tracing(c))
            trace_pass(c, TRACE_MTD_RESULT, depth, bound, lower, upper, v);
        bound = lower == v ? v + 1 : v;
    } while (lower < upper);
    return v;
}
