/* quiesce.c - quiescence search at the depth limit (seed 004). */
#include "engine/ctx.h"

/// Quiescence: a position in the middle of an exchange is a bad place to
/// believe a static evaluation (seed 004: the one-ply player "sells" pieces
/// because it cannot see the recapture).  So at the depth limit, keep
/// searching the noisy moves only: captures when not in check, with the
/// option of standing pat on the evaluation (the side to move is never
/// forced to capture); every evasion when in check, where standing pat
/// would be a lie and no move at all is mate.  Fail-soft alpha-beta; the
/// captures run out, so it ends without a depth limit of its own.  For the
/// yomi algorithm (YOMI_EXCHANGE), a capture that loses material by the
/// game's static exchange is not searched when not in check: it would
/// rarely raise the stand-pat value, and the exchanges it starts are
/// most of a gogo quiescence search (BENCHMARKS.md).  And where it would
/// stand pat below beta, it first asks the game for a mate in one
/// (YOMI_MATE_PROBE): in gogo a quiet drop mates from almost anywhere
/// near the king, which the captures never show, so a line that leaves
/// the king open to one would otherwise be judged by the material.
int quiesce(Ctx *c, int ply, int alpha, int beta)
{
    const void *s = ctx_state(c, ply);
    Move *moves = c->ply[ply].moves;
    const bool check = c->ops->in_check(c->g, s);
    int n, best;
    if (check || ply >= SEARCH_MAX_PLY - 1) {
        n = c->ops->legal_moves(c->g, s, moves);
        if (n == 0)
            return ctx_terminal_value(c, ply);
        if (ply >= SEARCH_MAX_PLY - 1)
            return ctx_leaf_value(c, ply, c->ops->evaluate(c->g, s));
        best = -INF;
        c->horizon++; /* evasions were cut to what quiescence looks at */
    } else {
        c->horizon++;
        best = ctx_leaf_value(c, ply, c->ops->evaluate(c->g, s));
        if (best >= beta)
            return best;
        Move mate;
        if (ctx_mate_probe(c) && c->ops->mate_in_one(c->g, s, &mate))
            return SCORE_WIN - ply - 1;
        n = c->ops->noisy_moves(c->g, s, moves);
    }
    if (n > 1 && c->cfg.order != ORDER_NATURAL)
        order_moves(c, ply, moves, n, MOVE_NONE);
    const int mover = c->ops->side_to_move(c->g, s);
    const bool exchange = !check && ctx_exchange(c);
    for (int i = 0; i < n; i++) {
        if (exchange && c->ops->exchange(c->g, s, moves[i]) < 0)
            continue;
        c->ply[ply].pv_len = 0;
        if ((++c->n.nodes & (STATS_PUBLISH_EVERY - 1)) == 0)
            ctx_checkpoint(c);
        if (c->stopped)
            return 0;
        c->ops->play(c->g, s, moves[i], ctx_state(c, ply + 1));
        if (ctx_tracing(c))
            ctx_trace_step(c, ply, moves[i]);
        c->ply[ply + 1].pv_len = 0;
        c->ply[ply + 1].lead_len = 0;
        const int a = max_int(alpha, best);
        int v;
        if (c->ops->side_to_move(c->g, ctx_state(c, ply + 1)) == mover)
            v = quiesce(c, ply + 1, a, beta);
        else
            v = -quiesce(c, ply + 1, -beta, -a);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (best >= beta) {
                c->n.cutoffs++;
                if (ctx_tracing(c))
                    ctx_trace(c, &(TraceEvent){.kind = TRACE_CUTOFF, .ply = ply, .alpha = -INF,
                                               .beta = beta, .value = best, .best = moves[i],
                                               .unsearched = n - i - 1});
                break;
            }
        }
    }
    return best;
}
