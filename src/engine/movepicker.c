/* movepicker.c - the staged move picker of the yomi search (yomi.c). */
#include <string.h>

#include "engine/movepicker.h"

/* Sort-key parts below the game's own hint: the hint decides, then these
 * break its ties (captures and checks before killers before the rest). */
#define KEY_HINT_SHIFT 24
#define KEY_KILLER0 (1 << 23)
#define KEY_KILLER1 (1 << 22)
#define KEY_COUNTER (1 << 21)
#define KEY_HISTORY_MAX ((1 << 21) - 1)

/// The staged picker.  Most nodes that cut do so on their first move, and
/// that move is usually the table's; so the table's move goes first before
/// anything is scored, and only when it fails to cut are the others given a
/// key: the game's cheap judgement of each move (score_moves: captures and
/// checks in gogo, corners and mobility in reversi, extra turns in kalah),
/// then the killers of this ply, the move that last refuted the opponent's
/// previous move (the counter-move), and the history score.  The next move
/// is picked by selection, so a node that cuts early never sorts the rest.
/// A capture or check that loses material by the game's static exchange
/// (YOMI_EXCHANGE, gogo) is not tactical: it goes among the quiet moves,
/// where reductions and move-count pruning reach it.  In gogo, where a
/// dropped piece checks from almost anywhere, such moves were a large part
/// of every node, never reduced nor pruned (BENCHMARKS.md).
void picker_init(Picker *pk, Move *moves, int n, Move hint)
{
    pk->moves = moves;
    pk->n = n;
    pk->next = 0;
    pk->scored = false;
    if (hint == MOVE_NONE)
        return;
    for (int i = 0; i < n; i++) {
        if (moves[i] == hint) {
            moves[i] = moves[0];
            moves[0] = hint;
            pk->tactical[0] = true; /* never reduced */
            pk->next = -1;          /* the table move is pending */
            return;
        }
    }
}

static void picker_score(Ctx *c, int ply, Move prev, Picker *pk, int from)
{
    Move *moves = pk->moves + from;
    const int n = pk->n - from;
    int hints[GAME_MAX_MOVES];
    const void *s = ctx_state(c, ply);
    const bool hinted = c->ops->score_moves != NULL;
    const bool exchange = ctx_exchange(c);
    if (hinted)
        c->ops->score_moves(c->g, s, moves, n, hints);
    else if (c->ops->order_static)
        c->ops->order_static(c->g, s, moves, n);
    const PlyData *p = &c->ply[ply];
    const int *history = ctx_history(c, ply);
    const Move counter = prev < MOVE_PASS ? ctx_counters(c, ply)[prev] : MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = moves[i];
        int64_t k = hinted ? (int64_t)hints[i] * ((int64_t)1 << KEY_HINT_SHIFT) : 0;
        /* Without hints every move is quiet; with them, the order_static
         * order is kept by the sort's tie rule (lowest index first). */
        bool special = hinted && hints[i] > 0;
        if (special && exchange && c->ops->exchange(c->g, s, m) < 0) {
            k = 0; /* it loses material: a quiet move like the rest */
            special = false;
        }
        if (m == p->killer[0])
            k += KEY_KILLER0, special = true;
        else if (m == p->killer[1])
            k += KEY_KILLER1, special = true;
        else if (m == counter)
            k += KEY_COUNTER, special = true;
        if (m != MOVE_PASS)
            k += history[m] < KEY_HISTORY_MAX ? history[m] : KEY_HISTORY_MAX;
        pk->keys[from + i] = k;
        pk->tactical[from + i] = special || m == MOVE_PASS;
    }
    pk->scored = true;
}

/* The next move to try and its index, MOVE_NONE when all are tried. */
Move picker_next(Ctx *c, int ply, Move prev, Picker *pk, int *index)
{
    if (pk->next < 0) {
        pk->next = 1;
        *index = 0;
        return pk->moves[0];
    }
    const int i = pk->next;
    if (i >= pk->n)
        return MOVE_NONE;
    if (c->cfg.order != ORDER_BEST) { /* the caller's order, as it is */
        pk->next++;
        pk->tactical[i] = false;
        *index = i;
        return pk->moves[i];
    }
    if (!pk->scored)
        picker_score(c, ply, prev, pk, i);
    int best = i;
    for (int j = i + 1; j < pk->n; j++)
        if (pk->keys[j] > pk->keys[best])
            best = j;
    if (best != i) {
        const Move m = pk->moves[best];
        const int64_t k = pk->keys[best];
        const bool t = pk->tactical[best];
        /* Shift rather than swap, so equal keys keep their order. */
        memmove(pk->moves + i + 1, pk->moves + i, (size_t)(best - i) * sizeof *pk->moves);
        memmove(pk->keys + i + 1, pk->keys + i, (size_t)(best - i) * sizeof *pk->keys);
        memmove(pk->tactical + i + 1, pk->tactical + i, (size_t)(best - i) * sizeof *pk->tactical);
        pk->moves[i] = m;
        pk->keys[i] = k;
        pk->tactical[i] = t;
    }
    pk->next++;
    *index = i;
    return pk->moves[i];
}
