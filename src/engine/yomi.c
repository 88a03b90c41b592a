/* yomi.c - the yomi algorithm: the engine's tournament search.
 *
 * The seed algorithms reproduce textbook numbers; this one only has to
 * play well.  It is principal variation search over the same per-ply
 * context, driven by iterative deepening with aspiration windows, with a
 * move picker (movepicker.c) that tries the table's move before it even
 * scores the rest, and with the selective parts that pay in practice:
 * null-move pruning where the game allows it, late-move reductions,
 * internal iterative reduction, and where the game gives a futility
 * margin (gogo) reverse futility, futility and late-move pruning near the
 * leaves, a singular extension and a check extension; its quiescence
 * (quiesce.c) also asks the game for a mate in one where it can (gogo).
 * Each of them can be switched off (SearchConfig.features) so that
 * BENCHMARKS.md can measure what it is worth.  Values are exact whenever
 * the search reaches the end of the game: a solve never uses the null
 * move nor prunes, and a reduction that touches the depth limit marks the
 * iteration as unsolved.
 */
#include <math.h>

#include "engine/algos.h"
#include "engine/movepicker.h"

#define NULL_MOVE_MIN_DEPTH 2
#define LMR_MIN_DEPTH 3
#define PROBCUT_MIN_DEPTH 4
#define PROBCUT_T 1.5 /* cut when the shallow value is this many sigmas past the bound */
#define LMR_FIRST_MOVE 3  /* moves tried before this one are never reduced */
#define LMR_HISTORY_MIN_DEPTH 5 /* where the move's history changes its reduction */
#define ASPIRATION_MIN 8  /* the first window's half width, in the game's units */
#define REVERSE_FUTILITY_MAX_DEPTH 4
#define FUTILITY_MAX_DEPTH 3
#define LATE_MOVE_PRUNING_MAX_DEPTH 3
#define IIR_MIN_DEPTH 4
#define SINGULAR_MIN_DEPTH 8
#define SEE_PRUNING_MAX_DEPTH 3

static bool has_feature(const Ctx *c, unsigned f) { return (c->cfg.features & f) != 0; }

/* The node's static evaluation, computed on first use: reverse futility,
 * null move and futility may each want it, or none of them. */
#define EVAL_NONE INT32_MIN
static int node_eval(Ctx *c, int ply, int *eval)
{
    if (*eval == EVAL_NONE)
        *eval = c->ply[ply].static_eval = c->ops->evaluate(c->g, ctx_state(c, ply));
    return *eval;
}

/* Whether the side to move stands better than it did a move of its own
 * ago (the node two plies up), by the static evaluations: a node getting
 * better is pruned less, one getting worse more. */
static bool improving(const Ctx *c, int ply, int eval)
{
    return ply >= 2 && c->ply[ply - 2].static_eval != EVAL_NONE &&
           eval > c->ply[ply - 2].static_eval;
}

/// Reverse futility (static null move): near the leaves, a quiet node
/// whose evaluation stands above beta by more than the game's futility
/// margin for each ply left will, in all likelihood, still be above beta
/// when the search gets there, and is cut at once with that lower bound.
/// Like the null move it is a guess (never in a solve, never at PV nodes
/// or in check, never near a mate score), so it touches the horizon.
static bool reverse_futility_cuts(Ctx *c, int ply, int depth, int beta, int margin, bool better,
                                  int *eval, int *value)
{
    if (depth > REVERSE_FUTILITY_MAX_DEPTH || beta >= SCORE_WIN_MIN || beta <= -SCORE_WIN_MIN)
        return false;
    const int bound = node_eval(c, ply, eval) - margin * (depth - better);
    if (bound < beta)
        return false;
    c->horizon++;
    *value = bound;
    return true;
}

/// Futility and late-move pruning: how many of a quiet node's first moves
/// are searched whatever they are; after them only the tactical ones (the
/// table's move, captures, promotions, checks, killers, counter-move:
/// movepicker.c) are.  At a frontier node whose evaluation is below alpha
/// by more than the margin for each ply left, a quiet move can hardly lift
/// it above alpha: only the first move is searched (futility).  Otherwise
/// a node a few plies from the leaves searches 3 + depth^2 moves before
/// giving up the quiet rest, which a good order puts last (late-move
/// pruning), half as many when its side stands worse than a move ago.
/// Both trust the picker's order, so only with ORDER_BEST.
static int moves_worth_searching(Ctx *c, int ply, int depth, int alpha, int margin, bool better,
                                 int *eval)
{
    if (!margin || c->cfg.order != ORDER_BEST)
        return GAME_MAX_MOVES;
    if (depth <= FUTILITY_MAX_DEPTH && alpha > -SCORE_WIN_MIN && alpha < SCORE_WIN_MIN &&
        node_eval(c, ply, eval) + margin * depth <= alpha)
        return 1;
    return depth <= LATE_MOVE_PRUNING_MAX_DEPTH ? (3 + depth * depth) / (better ? 1 : 2)
                                                : GAME_MAX_MOVES;
}

/* The trace hears of a null-move probe before its search (bound beta, the
 * window (beta - 1, beta) in the node's view), and its pass joins the
 * path: else the path would end with the last move made from this ply, a
 * move of another position, which a watcher would play. */
static YOMI_COLD void trace_null_move(Ctx *c, int ply, int depth, int beta)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_PROBE, .ply = ply, .depth = depth,
                               .alpha = beta - 1, .beta = beta, .bound = beta,
                               .probe = TRACE_PROBE_NULL_MOVE});
    ctx_trace_step(c, ply, MOVE_NULL);
}

/// Null-move pruning: if the side to move could pass and still be at or
/// above beta after a search shallower by R, a real move would do at least
/// as well, so the node fails high without searching its moves.  That
/// "at least as well" is false in zugzwang, so only games that say when a
/// pass is a fair test (the null_move_ok hook; gogo) get it, never in
/// check, never twice in a row, never at PV nodes and never in a solve,
/// which must stay exact.  A cut made this way counts as touching the
/// depth limit: it is a guess, not a proof.
static bool null_move_cuts(Ctx *c, int ply, int depth, int beta, int *eval, int *value)
{
    const void *s = ctx_state(c, ply);
    if (beta >= SCORE_WIN_MIN || beta <= -SCORE_WIN_MIN || !c->ops->null_move_ok(c->g, s) ||
        node_eval(c, ply, eval) < beta)
        return false;
    const int unit = c->ops->futility_margin ? c->ops->futility_margin : 100;
    const int ahead = (node_eval(c, ply, eval) - beta) / unit;
    const int reduction = 3 + depth / 4 + (ahead < 2 ? ahead : 2);
    c->ops->play_null(c->g, s, ctx_state(c, ply + 1));
    c->ply[ply + 1].lead_len = 0;
    if (ctx_tracing(c))
        trace_null_move(c, ply, depth - 1 - reduction, beta);
    int v = -yomi_search(c, ply + 1, depth - 1 - reduction, -beta, -beta + 1, MOVE_NONE, false);
    if (c->stopped || v < beta)
        return false;
    c->horizon++;
    *value = v >= SCORE_WIN_MIN ? beta : v; /* a pass proves no mate */
    return true;
}

/* The trace hears of a ProbCut test before its search: (bound - 1, bound). */
static YOMI_COLD void trace_probcut(Ctx *c, int ply, int shallow, int bound)
{
    ctx_trace(c, &(TraceEvent){.kind = TRACE_PROBE, .ply = ply, .depth = shallow,
                               .alpha = bound - 1, .beta = bound, .bound = bound,
                               .probe = TRACE_PROBE_PROBCUT});
}

/// ProbCut (Buro): the value of a search d plies deep lies close to a line
/// through the value of the same node searched about d/2 plies deep (for
/// reversi's evaluation a slope of ~1, a standard deviation the game
/// measures, probcut_sigma).  So a shallow null-window search that clears
/// beta, or stays under alpha, by PROBCUT_T of those deviations makes the
/// deep one very likely to do the same, and the node is cut for the cost of
/// the shallow search.  Both sides are tried (multi-ProbCut's two tests);
/// like null move it is a guess, never used when solving.
static bool probcut_cuts(Ctx *c, int ply, int depth, int alpha, int beta, Move prev, int *value)
{
    const int sigma = c->ops->probcut_sigma(c->g);
    if (sigma <= 0)
        return false;
    const int shallow = depth / 2 + ((depth - depth / 2) & 1); /* same parity as depth */
    const int margin = (int)(PROBCUT_T * sigma * sqrt((depth - shallow) / 4.0) + 0.5);
    if (beta < SCORE_WIN_MIN - margin) {
        const int bound = beta + margin;
        if (ctx_tracing(c))
            trace_probcut(c, ply, shallow, bound);
        const int v = yomi_search(c, ply, shallow, bound - 1, bound, prev, false);
        if (c->stopped)
            return false;
        if (v >= bound) {
            c->horizon++; /* a guess: never stored or reported as exact */
            *value = beta;
            return true;
        }
    }
    if (alpha > -SCORE_WIN_MIN + margin) {
        const int bound = alpha - margin;
        if (ctx_tracing(c))
            trace_probcut(c, ply, shallow, bound + 1);
        const int v = yomi_search(c, ply, shallow, bound, bound + 1, prev, false);
        if (c->stopped)
            return false;
        if (v <= bound) {
            c->horizon++;
            *value = alpha;
            return true;
        }
    }
    return false;
}

/// Late-move reductions: with the moves well ordered, a quiet move tried
/// late (not the table's, not a killer or counter-move, not a capture,
/// promotion or check by the game's hint) almost never turns out best, so
/// it is first searched shallower by a ply, or two when very late in a deep
/// node, and searched again at full depth only when it beats alpha anyway.
/// Where the game gives a futility margin (gogo), the move's history then
/// moves that by a ply from 5 plies from the horizon (YOMI_LMR_HISTORY):
/// a move that has failed more often than it cut (a negative history:
/// history_malus) is reduced a ply more, one that has cut more often a ply
/// less, never below one.  The place in the order says only that better
/// moves came first; the history says how this move itself has done
/// elsewhere in the tree.
static int lmr_reduction(const Ctx *c, int ply, int depth, int index, bool tactical, bool check,
                         Move m)
{
    if (!has_feature(c, YOMI_LMR) || depth < LMR_MIN_DEPTH || index < LMR_FIRST_MOVE ||
        tactical || check)
        return 0;
    int r = depth >= 6 && index >= 8 ? 2 : 1;
    if (depth >= LMR_HISTORY_MIN_DEPTH && m < MOVE_PASS && has_feature(c, YOMI_LMR_HISTORY) &&
        c->ops->futility_margin) {
        const int h = ctx_history(c, ply)[m];
        if (h < 0)
            r++;
        else if (h > 0 && r > 1)
            r--;
    }
    return r;
}

/// History malus: the quiet moves tried before the one that cut did not
/// cut, and each loses what the cutting move gains (ctx_note_cutoff), so
/// a move that keeps failing sinks below the quiet moves not yet tried
/// rather than staying high on an old success.
static void history_malus(Ctx *c, int ply, int depth, const Picker *pk, int cut)
{
    int *history = ctx_history(c, ply);
    const int d = depth > 30 ? 30 : depth;
    for (int i = 0; i < cut; i++) {
        const Move m = pk->moves[i];
        if (pk->tactical[i] || m == MOVE_PASS)
            continue;
        history[m] -= d * d;
        if (history[m] < -(1 << 20))
            history[m] = -(1 << 20);
    }
}

/// Pruning by the static exchange: near the leaves, a move the picker
/// calls quiet (no capture, promotion or check, or one that loses material
/// by the exchange) is skipped when the other side wins more than a third
/// of the futility margin times the square of the plies left by taking
/// it: one ply from the horizon a move that gives away a pawn, three plies
/// from it one that gives away more than a silver.  In gogo most such
/// moves are drops next to the enemy's pieces, each of which would
/// otherwise be searched until late-move pruning stops the node.  Not the
/// node's first move, nor once every move so far loses (as late-move
/// pruning), never at the root; and only where the node may prune at all
/// (the caller's `pruning`: not in check, not in a solve, futility on).
static bool exchange_prunes(Ctx *c, int ply, int depth, Move m, bool tactical, int index, int best)
{
    if (tactical || index == 0 || ply == 0 || depth > SEE_PRUNING_MAX_DEPTH ||
        best <= -SCORE_WIN_MIN || m >= MOVE_PASS || !has_feature(c, YOMI_SEE_PRUNING) ||
        !c->ops->futility_margin || !ctx_exchange(c))
        return false;
    const int limit = -c->ops->futility_margin * depth * depth / 3;
    if (c->ops->exchange(c->g, ctx_state(c, ply), m) >= limit)
        return false;
    c->horizon++;
    return true;
}

/* Whether the check the node is in came from a move that does not lose
 * material by the static exchange: a checking piece the defender simply
 * takes is no threat worth a ply. */
static bool sound_check(const Ctx *c, int ply, Move prev)
{
    return ply == 0 || prev >= MOVE_NULL || !ctx_exchange(c) ||
           c->ops->exchange(c->g, ctx_state(c, ply - 1), prev) >= 0;
}

/// Singular extension: when the table's move was good enough for a lower
/// bound at nearly this depth, search the node again without it, half as
/// deep, against a bar a little below that bound.  If nothing else comes
/// near, the table's move is the only one that holds, and it gets a ply
/// more: a forced line is searched as deep as the quiet ones around it.
/// If another move clears the bar and the bar is above beta, two moves
/// beat beta and the node is cut on that (multi-cut).  Only where the game
/// gives a futility margin, which scales the bar (gogo); never in a solve,
/// nor traced (the test searches the node again at its own ply).
/// Returns the move to extend, or MOVE_NONE; *cut is set to the node's
/// lower bound on a multi-cut.
static Move singular_move(Ctx *c, int ply, int depth, int beta, Move prev, const Node *nd,
                          int *cut)
{
    if (ply == 0 || depth < SINGULAR_MIN_DEPTH || nd->hint == MOVE_NONE ||
        nd->tt_depth < depth - 3 || !(nd->tt_bound & BOUND_LOWER) ||
        nd->tt_value >= SCORE_WIN_MIN || nd->tt_value <= -SCORE_WIN_MIN ||
        !has_feature(c, YOMI_SINGULAR) || !c->ops->futility_margin || c->cfg.solve ||
        ctx_tracing(c) || ply >= 2 * c->root_depth)
        return MOVE_NONE;
    PlyData *p = &c->ply[ply];
    const int bar = nd->tt_value - c->ops->futility_margin * depth / 75;
    const int saved_eval = p->static_eval;
    p->excluded = nd->hint;
    const int v = yomi_search(c, ply, (depth - 1) / 2, bar - 1, bar, prev, false);
    p->static_eval = saved_eval;
    p->pv_len = 0;
    if (v < bar)
        return nd->hint;
    if (bar >= beta)
        *cut = bar;
    return MOVE_NONE;
}

/// One node of the yomi search: fail-soft PVS.  The first move gets the
/// full window, every later one a null window around the best so far and a
/// re-search only when it surprises; the table gives bounds and the first
/// move; scores of decided games are mate distances, and a window that
/// asks for more than the quickest possible mate from here is cut at once
/// (mate-distance pruning); repetition is the game's rule through the
/// history_result hook, asked at every node below the root.  A side in
/// check gets a ply more (YOMI_CHECK_EXTENSION), bounded by twice the
/// iteration depth so that perpetual checks end, so forced lines are seen
/// through; but only when the checking move does not lose material by the
/// static exchange: in gogo, where a dropped piece checks from almost
/// anywhere, extending every check spent more nodes than it saved and lost
/// at equal nodes, while extending the sound ones won (BENCHMARKS.md).
int yomi_search(Ctx *c, int ply, int depth, int alpha, int beta, Move prev, bool allow_null)
{
    PlyData *p = &c->ply[ply];
    const Move excluded = p->excluded; /* a singular-extension test's */
    p->excluded = MOVE_NONE;
    p->pv_len = 0;
    p->static_eval = EVAL_NONE;
    if ((++c->n.nodes & (STATS_PUBLISH_EVERY - 1)) == 0)
        ctx_checkpoint(c);
    if (c->stopped)
        return 0;
    if (ctx_tracing(c))
        ctx_trace_enter(c, ply, depth, alpha, beta);
    if (ply > 0) {
        int v;
        if (c->ops->history_result && ctx_repetition(c, ply, &v))
            return v;
        alpha = max_int(alpha, -SCORE_WIN + ply);
        beta = min_int(beta, SCORE_WIN - ply - 1);
        /* No mate this far from the root can beat the window: the node is
         * answered without a move, and the trace must hear so. */
        if (alpha >= beta)
            return ctx_tracing(c) ? ctx_trace_close_at(c, ply, depth, alpha, beta, alpha) : alpha;
    }
    const void *s = ctx_state(c, ply);
    if (ctx_wants_solver(c, ply, depth))
        return ctx_endgame(c, ply, alpha, beta);
    const bool check = c->ops->in_check && depth > 0 && c->ops->in_check(c->g, s);
    if (check && has_feature(c, YOMI_CHECK_EXTENSION) && ply < 2 * c->root_depth &&
        sound_check(c, ply, prev))
        depth++;
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1)
        return ctx_leaf(c, ply, alpha, beta);

    Node nd;
    nd.alpha = nd.orig_alpha = alpha;
    nd.beta = nd.orig_beta = beta;
    nd.hint = MOVE_NONE;
    nd.tt_depth = -1;
    nd.keyed = false;
    nd.horizon_before = c->horizon;
    if (excluded == MOVE_NONE && (c->tt || c->memo) && ctx_probe(c, ply, depth, &nd))
        return nd.value;
    alpha = nd.alpha;
    beta = nd.beta;
    const bool pv_node = beta - alpha > 1;
    /* Internal iterative reduction: a node the table knows no move for
     * was never searched, or searched too shallow to leave one; its order
     * is a guess, so it is searched a ply shallower, and the next
     * iteration, finding its move in the table, gives it the full depth. */
    if (depth >= IIR_MIN_DEPTH && nd.hint == MOVE_NONE && excluded == MOVE_NONE &&
        has_feature(c, YOMI_IIR) && !c->cfg.solve)
        depth--;

    int v, eval = EVAL_NONE;
    const bool pruning = !check && !c->cfg.solve && has_feature(c, YOMI_FUTILITY);
    const int margin = pruning && !pv_node ? c->ops->futility_margin : 0;
    /* Evaluated at PV nodes too, where nothing here prunes: the nodes two
     * plies below compare themselves with it. */
    const bool better =
        pruning && c->ops->futility_margin && improving(c, ply, node_eval(c, ply, &eval));
    if (margin && reverse_futility_cuts(c, ply, depth, beta, margin, better, &eval, &v))
        return node_close(c, ply, depth, &nd, v, MOVE_NONE);
    /* A singular-extension test (excluded) asks about this node's moves:
     * neither the null move nor ProbCut answers that. */
    if (allow_null && excluded == MOVE_NONE && !pv_node && !check &&
        depth >= NULL_MOVE_MIN_DEPTH && c->ops->play_null && has_feature(c, YOMI_NULL_MOVE) &&
        !c->cfg.solve && null_move_cuts(c, ply, depth, beta, &eval, &v))
        return node_close(c, ply, depth, &nd, v, MOVE_NONE);
    if (c->stopped)
        return 0;
    if (excluded == MOVE_NONE && !pv_node && !check && depth >= PROBCUT_MIN_DEPTH &&
        c->ops->probcut_sigma && has_feature(c, YOMI_PROBCUT) && !c->cfg.solve &&
        probcut_cuts(c, ply, depth, alpha, beta, prev, &v))
        return node_close(c, ply, depth, &nd, v, MOVE_NONE);
    if (c->stopped)
        return 0;

    int cut = -INF;
    const Move singular =
        excluded == MOVE_NONE ? singular_move(c, ply, depth, beta, prev, &nd, &cut) : MOVE_NONE;
    if (c->stopped)
        return 0;
    if (cut > -INF) { /* a guess, like the null move's */
        c->horizon++;
        return node_close(c, ply, depth, &nd, cut, MOVE_NONE);
    }

    const int n = c->ops->legal_moves(c->g, s, p->moves);
    if (n == 0) {
        v = nd.keyed && c->memo && c->ops->double_pass_end
                ? ctx_terminal_through_pass(c, ply, depth, &nd)
                : ctx_terminal_value(c, ply);
        return node_close(c, ply, depth, &nd, v, MOVE_NONE);
    }
    if (c->cfg.order == ORDER_STATIC && c->ops->order_static)
        c->ops->order_static(c->g, s, p->moves, n);
    Picker pk;
    picker_init(&pk, p->moves, n, c->cfg.order == ORDER_NATURAL ? MOVE_NONE : nd.hint);

    int best = -INF, index;
    Move best_move = MOVE_NONE, m;
    const int worth = moves_worth_searching(c, ply, depth, alpha, margin, better, &eval);
    while ((m = picker_next(c, ply, prev, &pk, &index)) != MOVE_NONE) {
        if (m == excluded)
            continue;
        /* Pruned: the rest are quiet too (the picker puts every tactical
         * move first), unless every move so far loses, when one of them
         * may yet save the game. */
        if (index >= worth && !pk.tactical[index] && best > -SCORE_WIN_MIN) {
            c->horizon++;
            break;
        }
        if (pruning && exchange_prunes(c, ply, depth, m, pk.tactical[index], index, best))
            continue;
        bool same;
        const int d = child_make(c, ply, m, depth, &same) + (m == singular);
        const int a = max_int(alpha, best);
        if (same) {
            v = yomi_search(c, ply + 1, d, a, beta, m, true);
        } else if (index == 0 || m == MOVE_PASS) {
            v = -yomi_search(c, ply + 1, d, -beta, -a, m, true);
        } else {
            const int r = lmr_reduction(c, ply, depth, index, pk.tactical[index], check, m);
            v = -yomi_search(c, ply + 1, d - r, -(a + 1), -a, m, true);
            if (r && v > a && !c->stopped)
                v = -yomi_search(c, ply + 1, d, -(a + 1), -a, m, true);
            if (v > a && v < beta && !c->stopped) {
                c->n.researches++;
                if (ctx_tracing(c))
                    ctx_trace(c, &(TraceEvent){.kind = TRACE_RESEARCH, .ply = ply + 1,
                                               .depth = d, .alpha = a, .beta = beta, .value = v});
                v = -yomi_search(c, ply + 1, d, -beta, -a, m, true);
            }
        }
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (best >= beta) {
                ctx_note_cutoff(c, ply, depth, m, best, beta, pk.n - index - 1);
                if (c->cfg.order == ORDER_BEST)
                    history_malus(c, ply, depth, &pk, index);
                if (prev < MOVE_PASS && m != MOVE_PASS && c->cfg.order == ORDER_BEST)
                    ctx_counters(c, ply)[prev] = m;
                break;
            }
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}

/// Aspiration windows: an iteration's value is usually close to the last
/// one's, and a narrow window (guess - delta, guess + delta) cuts far more
/// than (-inf, inf).  When the value falls outside, the search failed low
/// or high and is repeated with that side of the window widened fourfold,
/// until it lands inside (or the window is the whole range).  The first
/// iterations and decided games (mate scores) use the full window.  The
/// width starts at the last two iterations' difference, never below
/// ASPIRATION_MIN, so it follows the game's scale (discs, seeds, centipawns).
int yomi_root(Ctx *c, int depth, int guess, int swing)
{
    c->root_depth = depth;
    if (!has_feature(c, YOMI_ASPIRATION) || depth < 3 || guess >= SCORE_WIN_MIN ||
        guess <= -SCORE_WIN_MIN)
        return yomi_search(c, 0, depth, -INF, INF, MOVE_NONE, false);
    int delta = max_int(ASPIRATION_MIN, swing);
    int alpha = max_int(guess - delta, -INF), beta = min_int(guess + delta, INF);
    for (;;) {
        const int v = yomi_search(c, 0, depth, alpha, beta, MOVE_NONE, false);
        if (c->stopped || (v > alpha && v < beta))
            return v;
        c->n.researches++;
        if (ctx_tracing(c))
            ctx_trace(c, &(TraceEvent){.kind = TRACE_RESEARCH, .depth = depth, .alpha = alpha,
                                       .beta = beta, .value = v});
        delta *= 4;
        if (v <= alpha)
            alpha = delta > SCORE_WIN_MIN / 4 ? -INF : max_int(v - delta, -INF);
        else
            beta = delta > SCORE_WIN_MIN / 4 ? INF : min_int(v + delta, INF);
        if (alpha == -INF && beta == INF)
            return yomi_search(c, 0, depth, alpha, beta, MOVE_NONE, false);
    }
}
