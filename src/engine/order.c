/* order.c - move ordering: the game's fixed priority table, or the
 * engine's dynamic order. */
#include "engine/ctx.h"

/// ORDER_BEST: alpha-beta does least work when the best move comes first,
/// so try first what most likely refutes: the table's move (the best move
/// of an earlier search of this very position), then the game's own cheap
/// judgement of each move, with the killers (moves that cut at this ply
/// in sibling positions) and the history score (moves that cut anywhere)
/// breaking its ties.  One sort key per move, a stable insertion sort:
/// move lists are short and mostly nearly sorted already.
static void order_best(Ctx *c, int ply, Move *moves, int n, Move hint)
{
    int hints[GAME_MAX_MOVES];
    int64_t keys[GAME_MAX_MOVES];
    const void *s = ctx_state(c, ply);
    if (c->ops->score_moves)
        c->ops->score_moves(c->g, s, moves, n, hints);
    else if (c->ops->order_static)
        c->ops->order_static(c->g, s, moves, n);
    const PlyData *p = &c->ply[ply];
    const int *history = ctx_history(c, ply);
    for (int i = 0; i < n; i++) {
        const Move m = moves[i];
        int64_t k = c->ops->score_moves ? (int64_t)hints[i] * (1 << 24) : 0;
        if (m == hint)
            k = INT64_MAX;
        else if (m == p->killer[0])
            k += 1 << 23;
        else if (m == p->killer[1])
            k += 1 << 22;
        if (m != MOVE_PASS && m != hint)
            k += history[m] < (1 << 22) ? history[m] : (1 << 22) - 1;
        keys[i] = k;
    }
    for (int i = 1; i < n; i++) {
        const Move m = moves[i];
        const int64_t k = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
        }
        moves[j] = m;
        keys[j] = k;
    }
}

void order_moves(Ctx *c, int ply, Move *moves, int n, Move hint)
{
    if (n < 2)
        return;
    if (c->cfg.order == ORDER_STATIC) {
        if (c->ops->order_static)
            c->ops->order_static(c->g, ctx_state(c, ply), moves, n);
        return;
    }
    order_best(c, ply, moves, n, hint);
}
