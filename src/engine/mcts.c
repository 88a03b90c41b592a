/* mcts.c - Monte Carlo tree search: UCT, with UCB1 choosing the child and
 * uniformly random playouts to the end of the game. */
#include <math.h>
#include <stdlib.h>

#include "base/rng.h"
#include "engine/algos.h"

/* One node of the tree: a position reached by `move` from its parent.  The
 * tree lives in one pool made by search_new; a node's children are a list
 * (child, then each one's sibling), index 0 being the root, nobody's child. */
typedef struct {
    uint32_t child, sibling; /* 0: none */
    uint32_t visits;
    uint32_t score;          /* half points of the side that moved into it:
                                a won playout 2, a drawn one 1 */
    Move move;
    uint16_t expanded;       /* children made so far */
    uint16_t moves;          /* its legal moves; NOT_LOOKED before its first visit */
    int8_t outcome;          /* moves == 0: the end, for the side to move:
                                +1 won, 0 drawn, -1 lost */
} McNode;

#define NOT_LOOKED 0xffffu
#define DRAW 2                 /* a playout's winner: side 0, side 1, or this */
#define POOL_MAX 0x7fffffffu   /* uint32_t indices */

struct Mcts {
    McNode *pool;
    uint32_t cap, used;
    uint64_t rng;
};

/// The pool holds one node per iteration at most (each adds one), so a
/// run of N iterations needs N + 1; without an iteration limit (under a
/// clock) it takes table_mb, the memory the alpha-beta searches give their
/// table.  malloc, not calloc: pages a short run never reaches are never
/// touched, and each run starts the tree afresh.
struct Mcts *mcts_new(const SearchConfig *cfg)
{
    struct Mcts *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t cap = ((uint64_t)(cfg->table_mb > 0 ? cfg->table_mb : 1) << 20) / sizeof(McNode);
    if (cfg->iterations > 0 && (uint64_t)cfg->iterations + 1 < cap)
        cap = (uint64_t)cfg->iterations + 1;
    if (cap > POOL_MAX)
        cap = POOL_MAX;
    if (cap < 2)
        cap = 2;
    t->cap = (uint32_t)cap;
    t->pool = malloc((size_t)cap * sizeof *t->pool);
    if (!t->pool) {
        free(t);
        return NULL;
    }
    return t;
}

void mcts_free(struct Mcts *t)
{
    if (!t)
        return;
    free(t->pool);
    free(t);
}

static uint32_t new_node(struct Mcts *t, Move m)
{
    const uint32_t i = t->used++;
    t->pool[i] = (McNode){.move = m, .moves = NOT_LOOKED};
    return i;
}

/* A uniform draw from 0..n-1 (n small: the bias of the modulo is below
 * one part in 2^50). */
static int draw(struct Mcts *t, int n) { return (int)(rng_next(&t->rng) % (uint64_t)n); }

/* The winner of a game that ended in `state` (legal_moves gave none). */
static int winner(const Ctx *c, const void *state)
{
    const int v = c->ops->final_score(c->g, state);
    const int side = c->ops->side_to_move(c->g, state);
    return v > 0 ? side : v < 0 ? 1 - side : DRAW;
}

/* A node's first visit: its moves counted, and whether the game ended
 * there, by the rules or (gogo) by the history of the game and the path. */
static void look(Ctx *c, McNode *nd, int ply, int base)
{
    const void *s = ctx_state(c, ply);
    int v;
    nd->moves = (uint16_t)c->ops->legal_moves(c->g, s, c->ply[ply].moves);
    if (nd->moves == 0) {
        const int w = winner(c, s), side = ctx_side(c, ply);
        nd->outcome = (int8_t)(w == DRAW ? 0 : w == side ? 1 : -1);
    } else if (ply > base && c->ops->history_result &&
               c->ops->history_result(c->g, c->path, c->history_len + ply + 1, &v)) {
        nd->moves = 0;
        nd->outcome = (int8_t)(v > 0 ? 1 : v < 0 ? -1 : 0);
    }
}

/* The playout: uniformly random legal moves from the position at `ply` to
 * the end of the game (repetitions are not looked for: a game that long
 * stops at MCTS_PLAYOUT_MAX_PLIES, a draw).  Returns the winner; the moves
 * it played in *plies. */
static int playout(Ctx *c, struct Mcts *t, int ply, int *plies)
{
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    unsigned char *s = a, *next = b;
    memcpy(s, ctx_state(c, ply), c->g->state_size);
    for (int p = 0; p < MCTS_PLAYOUT_MAX_PLIES; p++) {
        const int n = c->ops->legal_moves(c->g, s, moves);
        if (n == 0) {
            *plies = p;
            return winner(c, s);
        }
        c->ops->play(c->g, s, moves[draw(t, n)], next);
        unsigned char *x = s;
        s = next;
        next = x;
    }
    *plies = MCTS_PLAYOUT_MAX_PLIES;
    return DRAW;
}

/* The node's next child to make: the `expanded`-th move of an order of its
 * legal moves shuffled once for the node (the shuffle is drawn again, the
 * same, from the node's own seed, so the node keeps no list). */
static Move next_untried(Ctx *c, const struct Mcts *t, uint32_t x, int ply)
{
    const McNode *nd = &t->pool[x];
    const Move *moves = c->ply[ply].moves;
    int order[GAME_MAX_MOVES];
    for (int i = 0; i < nd->moves; i++)
        order[i] = i;
    uint64_t r = c->cfg.seed ^ ((uint64_t)x * 0x9e3779b97f4a7c15ULL);
    for (int i = 0; i <= nd->expanded; i++) {
        const int j = i + (int)(rng_next(&r) % (uint64_t)(nd->moves - i));
        const int k = order[i];
        order[i] = order[j];
        order[j] = k;
    }
    return moves[order[nd->expanded]];
}

/* UCB1 of a child visited at least once, log_n the log of its parent's
 * visits: its mean result for the side choosing plus C * sqrt(ln N / n). */
static double ucb1(const Ctx *c, const McNode *ch, double log_n)
{
    return search_mean(ch->score, ch->visits) + c->cfg.exploration * sqrt(log_n / ch->visits);
}

/* The child with the highest UCB1 (the first of equals). */
static uint32_t select_child(const Ctx *c, const struct Mcts *t, uint32_t x)
{
    const McNode *nd = &t->pool[x];
    const double log_n = log((double)nd->visits);
    uint32_t best = 0;
    double best_ucb = -1.0;
    for (uint32_t k = nd->child; k; k = t->pool[k].sibling) {
        const double ucb = ucb1(c, &t->pool[k], log_n);
        if (ucb > best_ucb) {
            best_ucb = ucb;
            best = k;
        }
    }
    return best;
}

/* The child visited most (on equal visits the better scored, then the
 * first): the move MCTS answers, and its line. */
static uint32_t most_visited(const struct Mcts *t, uint32_t x)
{
    uint32_t best = 0;
    for (uint32_t k = t->pool[x].child; k; k = t->pool[k].sibling) {
        const McNode *ch = &t->pool[k], *b = &t->pool[best];
        if (!best || ch->visits > b->visits || (ch->visits == b->visits && ch->score > b->score))
            best = k;
    }
    return best;
}

/* The line of most visited children from the root into c->ply[ply].pv, and
 * the value: the chosen child's mean playout result for the side to move
 * at the root (win +1, draw 0, loss -1) times 100. */
static int answer(Ctx *c, const struct Mcts *t, int ply)
{
    PlyData *p = &c->ply[ply];
    p->pv_len = 0;
    const uint32_t first = most_visited(t, 0);
    if (!first)
        return 0;
    for (uint32_t x = first; x && p->pv_len < SEARCH_MAX_PLY; x = most_visited(t, x))
        p->pv[p->pv_len++] = t->pool[x].move;
    const McNode *b = &t->pool[first];
    return (int)lround(100.0 * ((double)b->score - b->visits) / b->visits);
}

/* The trace's steps (trace.h), out of line and cold: a search nobody
 * watches pays only the ctx_tracing() tests. */

/* Down from the node `parent` at ply to its child x (already played into
 * ply + 1): a selection, or the expansion that made x. */
static YOMI_COLD void trace_down(Ctx *c, const struct Mcts *t, TraceKind kind, uint32_t parent,
                                 uint32_t x, int ply)
{
    const McNode *p = &t->pool[parent], *ch = &t->pool[x];
    ctx_trace_step(c, ply, ch->move);
    TraceEvent e = {.kind = kind, .ply = ply + 1};
    if (kind == TRACE_SELECT) {
        e.visits = ch->visits;
        e.score = ch->score;
        e.ucb = ucb1(c, ch, log((double)p->visits));
    } else {
        e.unsearched = p->moves - p->expanded;
    }
    ctx_trace(c, &e);
}

/* The playout from the node at ply, or its backup: the winner w as the
 * side to move there sees it. */
static YOMI_COLD void trace_result(Ctx *c, TraceKind kind, int ply, int w, int plies)
{
    const int side = ctx_side(c, ply);
    ctx_trace(c, &(TraceEvent){.kind = kind, .ply = ply, .plies = plies,
                               .value = w == DRAW ? 0 : w == side ? 1 : -1});
}

static YOMI_COLD void trace_sample(Ctx *c, int ply, uint64_t number)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_SAMPLE, .ply = ply, .iteration = (int)number});
}

/* One iteration: down the tree by UCB1 to a node with an untried move,
 * that child made, one playout from it, its result backed up the path.
 * A full pool makes no more nodes: the playout starts at the leaf reached. */
static void iterate(Ctx *c, struct Mcts *t, int base)
{
    uint32_t path[SEARCH_MAX_PLY];
    int mover[SEARCH_MAX_PLY]; /* who moved into path[i] (for the root: unused) */
    int len = 0, ply = base, w, plies = 0;
    uint32_t x = 0;
    path[len] = 0;
    mover[len++] = -1;
    for (;;) {
        McNode *nd = &t->pool[x];
        if (nd->moves == NOT_LOOKED)
            look(c, nd, ply, base);
        else if (nd->expanded < nd->moves && t->used < t->cap)
            c->ops->legal_moves(c->g, ctx_state(c, ply), c->ply[ply].moves);
        if (nd->moves == 0) { /* the game is over here: its result, no playout */
            const int side = ctx_side(c, ply);
            w = nd->outcome == 0 ? DRAW : nd->outcome > 0 ? side : 1 - side;
            break;
        }
        const bool deep = ply >= SEARCH_MAX_PLY - 1 || len >= SEARCH_MAX_PLY;
        if (!deep && nd->expanded < nd->moves && t->used < t->cap) {
            const Move m = next_untried(c, t, x, ply);
            const uint32_t k = new_node(t, m);
            nd = &t->pool[x];
            t->pool[k].sibling = nd->child;
            nd->child = k;
            nd->expanded++;
            c->n.nodes++;
            mover[len] = ctx_side(c, ply);
            path[len++] = k;
            c->ops->play(c->g, ctx_state(c, ply), m, ctx_state(c, ply + 1));
            if (ctx_tracing(c))
                trace_down(c, t, TRACE_EXPAND, x, k, ply);
            ply++;
            w = playout(c, t, ply, &plies);
            break;
        }
        if (deep || nd->expanded == 0) { /* no room to grow below: play out */
            w = playout(c, t, ply, &plies);
            break;
        }
        const uint32_t parent = x;
        x = select_child(c, t, x);
        mover[len] = ctx_side(c, ply);
        path[len++] = x;
        c->ops->play(c->g, ctx_state(c, ply), t->pool[x].move, ctx_state(c, ply + 1));
        if (ctx_tracing(c))
            trace_down(c, t, TRACE_SELECT, parent, x, ply);
        ply++;
    }
    if (ctx_tracing(c))
        trace_result(c, TRACE_PLAYOUT, ply, w, plies);
    if (ply - base > c->reached)
        c->reached = ply - base;
    c->n.leaves++;
    for (int i = 0; i < len; i++) {
        McNode *nd = &t->pool[path[i]];
        nd->visits++;
        nd->score += w == DRAW ? 1u : w == mover[i] ? 2u : 0u;
    }
    if (ctx_tracing(c))
        trace_result(c, TRACE_BACKUP, ply, w, 0);
}

/* Whether root move a goes before b in the live list: more visits, then
 * more score (most_visited's order). */
static bool shown_before(const McNode *a, const SearchRootMove *b)
{
    return a->visits > b->visits || (a->visits == b->visits && a->score > b->score);
}

/* The root's most visited moves, for the live panel (search_poll_roots). */
static void publish_roots(Ctx *c, const struct Mcts *t)
{
    SearchRootMove top[LIVE_ROOT_MAX];
    int n = 0;
    for (uint32_t k = t->pool[0].child; k; k = t->pool[k].sibling) {
        const McNode *ch = &t->pool[k];
        int i = n < LIVE_ROOT_MAX ? n++ : LIVE_ROOT_MAX;
        for (; i > 0 && shown_before(ch, &top[i - 1]); i--)
            if (i < LIVE_ROOT_MAX)
                top[i] = top[i - 1];
        if (i < LIVE_ROOT_MAX)
            top[i] = (SearchRootMove){ch->move, ch->visits, ch->score};
    }
    stats_publish_roots(c->live, top, n);
}

/// Monte Carlo tree search, UCT (Kocsis and Szepesvári, 2006): no
/// evaluation, no depth.  A position is judged by playing it out to the
/// end at random many times; the tree grows one node an iteration where
/// the results are most worth refining.  Going down, each node picks the
/// child with the highest UCB1 score, its mean result for the side
/// choosing plus C * sqrt(ln N / n): the first term follows the moves that
/// have done well, the second grows for the ones tried least, so no move
/// is starved and a good one is tried ever more often.  UCB1 is the rule
/// that keeps a bandit's regret logarithmic; applied at every node, the
/// visits concentrate on the best move, and with enough iterations the
/// root's most visited child is the minimax move.  Results are counted for
/// the side that made each move, so a Kalah extra turn or a reversi pass
/// needs no negation.  The answer is the most visited child (the most
/// tried, not the luckiest), and it stands whenever the run stops.
int mcts(Ctx *c, int ply, int depth)
{
    (void)depth; /* playouts go to the end of the game */
    struct Mcts *t = c->mcts;
    const SearchConfig *cfg = &c->cfg;
    const uint64_t limit = cfg->iterations > 0                        ? (uint64_t)cfg->iterations
                           : cfg->time_ms > 0 || cfg->node_limit > 0 ? MCTS_MAX_ITERATIONS
                                                                     : MCTS_DEFAULT_ITERATIONS;
    t->rng = cfg->seed;
    t->used = 0;
    new_node(t, MOVE_NONE);
    c->n.nodes++;
    c->reached = 0;
    c->ply[ply].pv_len = 0;
    for (uint64_t i = 0; i < limit; i++) {
        ctx_checkpoint(c);
        if (c->stopped)
            break;
        if (ctx_tracing(c))
            trace_sample(c, ply, i + 1);
        iterate(c, t, ply);
        if ((i & 255) == 255) { /* the live panel's line, value and root moves */
            const int v = answer(c, t, ply);
            stats_publish(c->live, &c->n);
            stats_publish_best(c->live, c->reached, v, c->ply[ply].pv, c->ply[ply].pv_len);
            publish_roots(c, t);
        }
    }
    publish_roots(c, t);
    return answer(c, t, ply);
}
