/* algorithms.c - the table of the search algorithms (algorithm.h), and what
 * reads it inside the engine: names, parsing, and calling a row's routine. */
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "engine/algos.h"

/* yomi's node and iteration, MTD(f)'s and MCTS's, in the table's forms. */
static int yomi_node(Ctx *c, int ply, int depth, int alpha, int beta)
{
    return yomi_search(c, ply, depth, alpha, beta, MOVE_NONE, false);
}

static int yomi_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len)
{
    const int v = yomi_root(c, depth, guess, swing);
    ctx_root_pv(c, pv, pv_len);
    return v;
}

static int mcts_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len)
{
    (void)guess, (void)swing; /* nothing carries over between runs */
    const int v = mcts(c, 0, depth);
    ctx_root_pv(c, pv, pv_len);
    return v;
}

static int mtdf_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len)
{
    (void)swing; /* MTD(f) starts from the guess alone */
    const int v = mtdf(c, depth, guess, pv, pv_len);
    if (*pv_len == 0 && !c->stopped) /* no pass failed high: cannot happen, but be safe */
        ctx_root_pv(c, pv, pv_len);
    return v;
}

/* One row per algorithm, in the order the forms and lists show them; the
 * command line, the help, the messages, the forms and the Compare screen
 * all read these rows.  To add an algorithm: write src/engine/NAME.c (the
 * routine, declared in algos.h), give it an Algo in search.h, add its row
 * here, and list the file in Makefile.am's engine sources.  Its name and
 * help line then want a translation in po/ja.po, and the help screen
 * (assets/help.txt, help.ja.txt) a paragraph on it. */
static const Algorithm algorithms[ALGO_COUNT] = {
    [ALGO_MINIMAX] = {"minimax", N_("Minimax"), N_("every position to the depth (min/max form)"),
                      ALGO_MINMAX_FORM, .search.plain = minimax, NULL},
    [ALGO_NEGAMAX] = {"negamax", N_("Negamax"), N_("minimax in one function, from the mover's view"),
                      0, .search.plain = negamax, NULL},
    [ALGO_ALPHABETA] = {"alphabeta", N_("Alpha-beta"), N_("min/max form with one limit passed down"),
                        ALGO_MINMAX_FORM | ALGO_ONE_LIMIT | ALGO_COMPARED_BY_DEFAULT,
                        .search.limit = alphabeta, NULL},
    [ALGO_NEGAALPHA] = {"negaalpha", N_("Nega-alpha"), N_("one limit passed down, negamax form"),
                        ALGO_ONE_LIMIT, .search.limit = negaalpha, NULL},
    [ALGO_ALPHABETA_WINDOW] = {"alphabeta-window", N_("Alpha-beta with both bounds"),
                               N_("both bounds passed down, fail-hard"),
                               ALGO_WINDOW, .search.window = alphabeta_window, NULL},
    [ALGO_FAILSOFT] = {"failsoft", N_("Fail-soft nega-alpha"), N_("fail-soft: returns the best value it saw"),
                       ALGO_WINDOW, .search.window = failsoft, NULL},
    [ALGO_NEGASCOUT] = {"negascout", N_("NegaScout"), N_("a null window on every child, re-search if better"),
                        ALGO_WINDOW | ALGO_COMPARED_BY_DEFAULT | ALGO_PARALLEL, .search.window = negascout, NULL},
    [ALGO_PVS] = {"pvs", N_("Principal variation search"), N_("full window on the first child, null on the rest"),
                  ALGO_WINDOW | ALGO_COMPARED_BY_DEFAULT | ALGO_PARALLEL, .search.window = pvs, NULL},
    /* Its nodes are fail-soft: that is what a pass's bound needs. */
    [ALGO_MTDF] = {"mtdf", N_("MTD(f)"), N_("null-window passes closing in on --guess"),
                   ALGO_WINDOW | ALGO_NULL_WINDOW_ROOT | ALGO_COMPARED_BY_DEFAULT | ALGO_PARALLEL,
                   .search.window = failsoft, mtdf_iteration},
    [ALGO_YOMI] = {"yomi", N_("yomi's own search"), N_("the engine's own, for playing: PVS with pruning"),
                   ALGO_WINDOW | ALGO_PARALLEL, .search.window = yomi_node, yomi_iteration},
    /* It keeps its own table (--table-mb), whatever --table says. */
    [ALGO_PNS] = {"pns", N_("Proof-number search"), N_("proves win, draw or loss (+1/0/-1); always solves"),
                  ALGO_SOLVE_ONLY | ALGO_OUTCOME, .search.plain = pns_search, pns_iteration},
    /* The whole search is one run of playouts (mcts.c), not a deepening. */
    [ALGO_MCTS] = {"mcts", N_("Monte Carlo tree search (UCT)"),
                   N_("random playouts to the end, the tree grown by UCB1"),
                   ALGO_SAMPLING, .search.plain = mcts, mcts_iteration},
};

const Algorithm *algorithm(Algo a) { return (unsigned)a < ALGO_COUNT ? &algorithms[a] : NULL; }

const char *algo_name(Algo a) { return (unsigned)a < ALGO_COUNT ? algorithms[a].id : "?"; }

int algo_parse(const char *name, Algo *a, Err *err)
{
    char ids[ERR_MSG_MAX];
    size_t n = 0;
    ids[0] = '\0';
    for (int i = 0; i < ALGO_COUNT; i++) {
        if (name && strcmp(name, algorithms[i].id) == 0) {
            *a = (Algo)i;
            return 0;
        }
        if (n < sizeof ids)
            n += (size_t)snprintf(ids + n, sizeof ids - n, "%s%s", i ? ", " : "", algorithms[i].id);
    }
    return err_set(err, "unknown algorithm '%.40s' (one of: %s)", name ? name : "", ids);
}

/// A search of the node at `ply` with the whole window and the configured
/// algorithm, from the side to move's view whatever the algorithm's own:
/// the root of an iteration, and the one-ply look simplified Kalah takes
/// at an extra turn.  The min/max forms want the limit that never cuts for
/// the side to move, +inf for the first player and -inf for the second.
int algo_search_node(Ctx *c, int ply, int depth)
{
    const Algorithm *a = &algorithms[c->cfg.algo];
    if (a->flags & ALGO_WINDOW)
        return a->search.window(c, ply, depth, -INF, INF);
    const int sign = a->flags & ALGO_MINMAX_FORM ? view_sign(c, ply) : 1;
    if (a->flags & ALGO_ONE_LIMIT)
        return sign * a->search.limit(c, ply, depth, sign * INF);
    return sign * a->search.plain(c, ply, depth);
}

int algo_iteration(Ctx *c, int depth, int guess, int swing, Move *pv, int *pv_len)
{
    const Algorithm *a = &algorithms[c->cfg.algo];
    if (a->iteration)
        return a->iteration(c, depth, guess, swing, pv, pv_len);
    const int v = c->search_node(c, 0, depth);
    ctx_root_pv(c, pv, pv_len);
    return v;
}
