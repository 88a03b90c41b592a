/* node.c - the steps every search node shares (see ctx.h), kept out of
 * line when they are not on the hot path of every node. */
#include <time.h>

#include "base/clock.h"
#include "engine/ctx.h"

/* Every STATS_PUBLISH_EVERY nodes: let readers see the counters, and look
 * at the stop request and the limits.  At millions of nodes a second this
 * runs thousands of times a second, so a stop takes effect in well under a
 * millisecond.  A node limit counts the nodes of every thread. */
void ctx_checkpoint(Ctx *c)
{
    stats_publish(c->live, &c->n);
    uint64_t nodes = c->n.nodes;
    if (c->team_nodes) {
        const uint64_t fresh = c->n.nodes - c->nodes_told;
        nodes = atomic_fetch_add_explicit(c->team_nodes, fresh, memory_order_relaxed) + fresh;
        c->nodes_told = c->n.nodes;
    }
    if (atomic_load_explicit(c->stop_request, memory_order_relaxed) ||
        (c->cfg.node_limit && nodes >= c->cfg.node_limit) ||
        (c->deadline_ns && clock_ns() >= c->deadline_ns))
        c->stopped = true;
}

/* Scores of decided games count the plies to the end, so the search
 * prefers the quicker win and the slower loss (seed 004's mated_in). */
static int mate_distance(int v, int ply)
{
    if (v >= SCORE_WIN)
        return SCORE_WIN - ply;
    if (v <= -SCORE_WIN)
        return -SCORE_WIN + ply;
    return v;
}

/* The seeds count every call of their evaluation function, final
 * positions included: both are leaves here. */
int ctx_terminal_value(Ctx *c, int ply)
{
    return ctx_leaf_value(c, ply, mate_distance(c->ops->final_score(c->g, ctx_state(c, ply)), ply));
}

int ctx_leaf(Ctx *c, int ply, int alpha, int beta)
{
    const void *s = ctx_state(c, ply);
    if (c->quiescence) {
        const int v = quiesce(c, ply, alpha, beta);
        /* Quiescence answers the node through captures it never enters,
         * so its first leaf (the static value) need not be the node's
         * value: the trace hears the value the node returns, as a close. */
        return ctx_tracing(c) && !c->stopped ? ctx_trace_close_at(c, ply, 0, alpha, beta, v) : v;
    }
    if (c->ops->is_terminal(c->g, s))
        return ctx_terminal_value(c, ply);
    c->horizon++;
    return ctx_leaf_value(c, ply, c->ops->evaluate(c->g, s));
}

/* The solver counts its own positions; they join the search's nodes at
 * each checkpoint so the live panel keeps moving while it works. */
typedef struct {
    Ctx *c;
    uint64_t reported;
} EndgamePoll;

static bool endgame_checkpoint(void *arg, uint64_t nodes)
{
    EndgamePoll *p = arg;
    if (nodes > p->reported) {
        p->c->n.nodes += nodes - p->reported;
        p->reported = nodes;
    }
    ctx_checkpoint(p->c);
    return p->c->stopped;
}

/* Near the end the game's own solver is far faster than the generic
 * search: it answers the node exactly (fail-soft in the window) and its
 * best move starts the PV so a root handed to it still has a move.  A
 * root it takes is the main thread's alone (search_iterate), so the
 * solver may spend the search's threads on it; below the root each
 * thread's solver runs on that thread. */
int ctx_endgame(Ctx *c, int ply, int alpha, int beta)
{
    EndgamePoll p = {c, 0};
    /* Only the root's solve spreads over the threads: below it the
     * search's own helpers are busy, each with a solver of its own. */
    const SolverPoll poll = {endgame_checkpoint, &p, ply == 0 ? c->solver_threads : 1};
    Move best = MOVE_NONE;
    const int v = c->ops->solver_search(c->solver, ctx_state(c, ply), alpha, beta, &best, &poll);
    ctx_leaf_value(c, ply, v);
    if (best != MOVE_NONE && v > alpha) {
        c->ply[ply].pv[0] = best;
        c->ply[ply].pv_len = 1;
    }
    return v;
}

bool ctx_repetition(Ctx *c, int ply, int *value)
{
    int v;
    if (!c->ops->history_result(c->g, c->path, c->history_len + ply + 1, &v))
        return false;
    *value = ctx_leaf_value(c, ply, mate_distance(v, ply));
    return true;
}

/* Mate scores are stored relative to the node, read back relative to the
 * root; the infinities are not scores and stay as they are. */
static int to_table(int v, int ply)
{
    if (v >= SCORE_WIN_MIN && v <= SCORE_WIN)
        return v + ply;
    if (v <= -SCORE_WIN_MIN && v >= -SCORE_WIN)
        return v - ply;
    return v;
}

static int from_table(int v, int ply)
{
    if (v >= SCORE_WIN_MIN && v <= SCORE_WIN + SEARCH_MAX_PLY)
        return v - ply;
    if (v <= -SCORE_WIN_MIN && v >= -SCORE_WIN - SEARCH_MAX_PLY)
        return v + ply;
    return v;
}

/* Returns true, the hit's answer, so that the probe ends in a tail call. */
static YOMI_COLD bool trace_hit(Ctx *c, int ply, int depth, const Node *nd)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_HIT, .ply = ply, .depth = depth, .alpha = nd->alpha,
                               .beta = nd->beta, .value = nd->value});
    return true;
}

/* The exact memo, as seed 001's memoize-ab: a hit when the stored bounds
 * decide the window, else the window narrows to them.  The key is the
 * game's exact key plus the depth still to search (a memo of the search
 * function of both); to the end of the game the depth does not matter. */
static bool probe_memo(Ctx *c, int ply, int depth, Node *nd)
{
    const void *s = ctx_state(c, ply);
    if (c->ops->memo_skip && c->ops->memo_skip(c->g, s))
        return false;
    int len = c->ops->exact_key(c->g, s, nd->key);
    const int d = c->cfg.solve ? DEPTH_SOLVE : depth;
    nd->key[len++] = (uint8_t)(d & 0xff);
    nd->key[len++] = (uint8_t)(d >> 8);
    nd->key_len = len;
    nd->keyed = true;
    nd->memo_lower = -INF;
    nd->memo_upper = INF;
    c->n.probes++;
    MemoEntry e;
    if (!memo_find(c->memo, nd->key, len, &e))
        return false;
    const int lower = from_table(e.lower, ply), upper = from_table(e.upper, ply);
    nd->hint = e.move;
    if (lower >= nd->beta || upper <= nd->alpha || upper == lower) {
        c->n.hits++;
        nd->value = lower >= nd->beta ? lower : upper;
        nd->keyed = false; /* storing it again would change nothing */
        if (e.move != MOVE_NONE) {
            c->ply[ply].pv[0] = e.move;
            c->ply[ply].pv_len = 1;
        }
        return !ctx_tracing(c) || trace_hit(c, ply, depth, nd);
    }
    nd->memo_lower = lower;
    nd->memo_upper = upper;
    nd->alpha = max_int(nd->alpha, lower);
    nd->beta = min_int(nd->beta, upper);
    return false;
}

/* yomi's table: an entry answers when it is deep enough and its bound
 * decides the window.  Never at the root, which must produce a move. */
static bool probe_tt(Ctx *c, int ply, int depth, Node *nd)
{
    nd->hash = c->ops->hash(c->g, ctx_state(c, ply));
    nd->keyed = true;
    c->n.probes++;
    TtEntry e;
    if (!tt_find(c->tt, nd->hash, &e))
        return false;
    nd->hint = e.move;
    nd->tt_depth = e.depth;
    nd->tt_bound = e.bound;
    nd->tt_value = from_table(e.value, ply);
    if (ply == 0 || (e.depth < depth && e.depth != DEPTH_EXACT))
        return false;
    const int v = nd->tt_value;
    if (e.bound == BOUND_EXACT || (e.bound == BOUND_LOWER && v >= nd->beta) ||
        (e.bound == BOUND_UPPER && v <= nd->alpha)) {
        c->n.hits++;
        if (e.depth != DEPTH_EXACT)
            c->horizon++; /* the answer came from a depth-limited search */
        nd->value = v;
        nd->keyed = false;
        if (e.move != MOVE_NONE) {
            c->ply[ply].pv[0] = e.move;
            c->ply[ply].pv_len = 1;
        }
        return !ctx_tracing(c) || trace_hit(c, ply, depth, nd);
    }
    return false;
}

bool ctx_probe(Ctx *c, int ply, int depth, Node *nd)
{
    return c->memo ? probe_memo(c, ply, depth, nd) : probe_tt(c, ply, depth, nd);
}

/* Seed 001 ends a blocked game through a pass: the side that cannot move
 * passes, and the other side, blocked too, is evaluated; its memo sees the
 * passed position as well (same board, other side to move).  yomi's games
 * end such a game at once, so for the exact memo's counts to match, the
 * passed position is looked up and stored here as the seed's would be. */
int ctx_terminal_through_pass(Ctx *c, int ply, int depth, const Node *nd)
{
    c->ops->play(c->g, ctx_state(c, ply), MOVE_PASS, ctx_state(c, ply + 1));
    if (ctx_tracing(c))
        ctx_trace_step(c, ply, MOVE_PASS);
    c->n.nodes++;
    Node passed;
    passed.alpha = passed.orig_alpha = -nd->beta;
    passed.beta = passed.orig_beta = -nd->alpha;
    passed.hint = MOVE_NONE;
    passed.keyed = false;
    passed.horizon_before = c->horizon;
    if (probe_memo(c, ply + 1, depth, &passed))
        return -passed.value;
    const int v = ctx_terminal_value(c, ply + 1);
    if (passed.keyed)
        ctx_store(c, ply + 1, depth, &passed, v, MOVE_NONE);
    return -v;
}

void ctx_store(Ctx *c, int ply, int depth, const Node *nd, int value, Move best)
{
    if (c->memo) {
        MemoEntry e = {nd->memo_lower, nd->memo_upper, best};
        if (value <= nd->alpha)
            e.upper = value;
        else if (value >= nd->beta)
            e.lower = value;
        else
            e.lower = e.upper = value;
        e.lower = to_table(e.lower, ply);
        e.upper = to_table(e.upper, ply);
        if (e.move == MOVE_NONE)
            e.move = nd->hint;
        (void)memo_put(c->memo, nd->key, nd->key_len, &e); /* out of memory: lost */
        return;
    }
    const int bound = value <= nd->orig_alpha ? BOUND_UPPER
                      : value >= nd->orig_beta ? BOUND_LOWER
                                               : BOUND_EXACT;
    /* No depth limit cut anything below: the value holds at any depth. */
    const int d = c->horizon == nd->horizon_before ? DEPTH_EXACT : depth;
    tt_store(c->tt, nd->hash, to_table(value, ply), d, bound, best);
}

/* One more move on the trace's path to the node at ply.  A path is cut at
 * TRACE_MAX_PATH moves, far deeper than any search small enough to watch. */
static void trace_extend(Ctx *c, int ply, Move m)
{
    if (c->trace_len[ply] < TRACE_MAX_PATH)
        c->trace_path[c->trace_len[ply]++] = m;
}

/* Seed 000's simplified Kalah: after a move that keeps the turn, the mover
 * looks ONE ply ahead with the same algorithm, plays what that finds, and
 * only then does the turn pass, at depth - 1 as after an ordinary move.
 * The moves played are kept as the child's lead for the PV, and join the
 * trace's path: the node at ply + 1 is now that many moves further on. */
int ctx_extra_turn_simplified(Ctx *c, int ply, int depth, bool *same)
{
    const int mover = ctx_side(c, ply);
    c->search_node(c, ply + 1, 1);
    PlyData *child = &c->ply[ply + 1];
    Move turn[SEARCH_MAX_PLY];
    const int n = ctx_turn_moves(c, ctx_state(c, ply + 1), child->pv, child->pv_len, turn);
    for (int i = 0; i < n; i++) {
        c->ops->play(c->g, ctx_state(c, ply + 1), turn[i], ctx_state(c, ply + 2));
        memcpy(ctx_state(c, ply + 1), ctx_state(c, ply + 2), c->g->state_size);
        if (ctx_tracing(c))
            trace_extend(c, ply + 1, turn[i]);
    }
    memcpy(child->lead, turn, (size_t)n * sizeof turn[0]);
    child->lead_len = n;
    child->pv_len = 0;
    *same = ctx_side(c, ply + 1) == mover;
    return depth - 1;
}

void ctx_pv_update(Ctx *c, int ply, Move m)
{
    PlyData *p = &c->ply[ply], *child = &c->ply[ply + 1];
    int n = 0;
    p->pv[n++] = m;
    for (int i = 0; i < child->lead_len && n < SEARCH_MAX_PLY; i++)
        p->pv[n++] = child->lead[i];
    for (int i = 0; i < child->pv_len && n < SEARCH_MAX_PLY; i++)
        p->pv[n++] = child->pv[i];
    p->pv_len = n;
}

/* Killers and history remember the moves that cut, for ORDER_BEST. */
static inline void remember_cutoff(Ctx *c, int ply, int depth, Move m)
{
    c->n.cutoffs++;
    if (c->cfg.order != ORDER_BEST || m == MOVE_PASS)
        return;
    PlyData *p = &c->ply[ply];
    if (p->killer[0] != m) {
        p->killer[1] = p->killer[0];
        p->killer[0] = m;
    }
    int *h = &ctx_history(c, ply)[m];
    const int d = depth > 30 ? 30 : depth;
    *h += d * d;
    if (*h > (1 << 20))
        for (int i = 0; i < 2 * CTX_MOVE_SLOTS; i++)
            c->history[i] /= 2;
}

static YOMI_COLD void traced_cutoff(Ctx *c, int ply, int depth, Move m, int value, int beta,
                                    int unsearched)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_CUTOFF, .ply = ply, .depth = depth, .alpha = -INF,
                               .beta = beta, .value = value, .best = m,
                               .unsearched = unsearched});
    remember_cutoff(c, ply, depth, m);
}

/* The trace hears of the cut (value >= beta, side to move's view) and of
 * the moves it spared; watched, the whole step is the cold function's, so
 * the unwatched one keeps nothing alive across a call. */
void ctx_note_cutoff(Ctx *c, int ply, int depth, Move m, int value, int beta, int unsearched)
{
    if (ctx_tracing(c)) {
        traced_cutoff(c, ply, depth, m, value, beta, unsearched);
        return;
    }
    remember_cutoff(c, ply, depth, m);
}

/* The moves the side to move at `from` plays this turn: the PV while the
 * turn stays with it (a Kalah extra-turn chain), ending with the move that
 * hands the turn over. */
int ctx_turn_moves(const Ctx *c, const void *from, const Move *pv, int n, Move *out)
{
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, from, c->g->state_size);
    const int mover = c->ops->side_to_move(c->g, a);
    Move legal[GAME_MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (c->ops->side_to_move(c->g, a) != mover)
            break;
        const int nl = c->ops->legal_moves(c->g, a, legal);
        int j = 0;
        while (j < nl && legal[j] != pv[i])
            j++;
        if (j == nl)
            break; /* a stale table move: the turn ends here */
        out[k++] = pv[i];
        c->ops->play(c->g, a, pv[i], b);
        memcpy(a, b, c->g->state_size);
    }
    return k;
}

/* The routines speak of the search's plies; the event of the moves from
 * the root, which an extra turn played inside a ply makes more. */
void ctx_trace(Ctx *c, TraceEvent *e)
{
    const int at = e->kind == TRACE_RESEARCH && e->ply > 0 ? e->ply - 1 : e->ply;
    e->side = ctx_side(c, at);
    e->path = c->trace_path;
    e->ply = c->trace_len[e->ply];
    c->trace(e, c->trace_arg);
}

void ctx_trace_enter(Ctx *c, int ply, int depth, int alpha, int beta)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_ENTER, .ply = ply, .depth = depth, .alpha = alpha,
                               .beta = beta});
}

int ctx_trace_leaf(Ctx *c, int ply, int value)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_LEAF, .ply = ply, .value = value});
    return value;
}

int ctx_trace_close(Ctx *c, int ply, int depth, const Node *nd, int value, Move best)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_CLOSE, .ply = ply, .depth = depth,
                               .alpha = nd->alpha, .beta = nd->beta, .value = value,
                               .best = best});
    return value;
}

int ctx_trace_close_at(Ctx *c, int ply, int depth, int alpha, int beta, int value)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_CLOSE, .ply = ply, .depth = depth, .alpha = alpha,
                               .beta = beta, .value = value, .best = MOVE_NONE});
    return value;
}

void ctx_trace_step(Ctx *c, int ply, Move m)
{
    c->trace_len[ply + 1] = c->trace_len[ply];
    trace_extend(c, ply + 1, m);
}
