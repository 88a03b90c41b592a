/* trace_text.c - a search's steps in words (trace_text.h). */
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "engine/trace_text.h"

TraceTeller trace_teller(const Game *g, const void *root, const SearchConfig *cfg)
{
    return (TraceTeller){.game = g,
                         .root = root,
                         .minmax = (algorithm(cfg->algo)->flags & ALGO_MINMAX_FORM) != 0,
                         .solve = cfg->solve};
}

void trace_text_path(const TraceTeller *t, const Move *path, int len, char *buf, size_t size)
{
    if (len <= 0) {
        snprintf(buf, size, "%s", _("root"));
        return;
    }
    const Game *g = t->game;
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, t->root, g->state_size);
    bool known = true; /* a holds the position before path[i] */
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && used < size; i++) {
        char move[32];
        /* The games play only their own legal moves (gogo's play of
         * another position's move writes out of its arrays), so a move
         * the position does not have is named, never played: MOVE_NULL is
         * yomi's null move, "--" as chess programs write it, and the
         * position after it is known when the game can hand the turn
         * over; any other stranger is "?" and ends what can be played. */
        if (known && path[i] == MOVE_NULL && g->ops->play_null) {
            snprintf(move, sizeof move, "--");
            g->ops->play_null(g, a, b);
        } else if (known && game_has_move(g, a, path[i])) {
            g->ops->format_move(g, a, path[i], move, sizeof move);
            g->ops->play(g, a, path[i], b);
        } else {
            snprintf(move, sizeof move, "%s", path[i] == MOVE_NULL ? "--" : "?");
            known = false;
        }
        if (known)
            memcpy(a, b, g->state_size);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "." : "", move);
    }
}

void trace_text_child(const TraceTeller *t, const Move *path, int len, Move m, char *buf,
                      size_t size)
{
    Move child[SEARCH_MAX_PLY + 2];
    if (len < 0)
        len = 0;
    if (len > SEARCH_MAX_PLY)
        len = SEARCH_MAX_PLY;
    memcpy(child, path, (size_t)len * sizeof *path);
    child[len] = m;
    trace_text_path(t, child, len + 1, buf, size);
}

void trace_text_value(int v, char *buf, size_t size)
{
    if (v >= SCORE_INF)
        snprintf(buf, size, "+inf");
    else if (v <= -SCORE_INF)
        snprintf(buf, size, "-inf");
    else if (v == SCORE_INF - 1)
        snprintf(buf, size, "+inf-1");
    else if (v == -SCORE_INF + 1)
        snprintf(buf, size, "-inf+1");
    else
        snprintf(buf, size, "%d", v);
}

static bool flipped(const TraceTeller *t, int side) { return t->minmax && side == 1; }

int trace_shown(const TraceTeller *t, int side, int v) { return flipped(t, side) ? -v : v; }

void trace_shown_window(const TraceTeller *t, int side, int alpha, int beta, int *lo, int *hi)
{
    *lo = flipped(t, side) ? -beta : alpha;
    *hi = flipped(t, side) ? -alpha : beta;
}

/* Shown values as text. */
static void shown_text(const TraceTeller *t, int side, int v, char *buf)
{
    trace_text_value(trace_shown(t, side, v), buf, 16);
}

enum { PATH_MAX_TEXT = 512 };

/* The node's name and its window as shown, for the sentences that give
 * both. */
static void path_and_window(const TraceTeller *t, const TraceEvent *e, char *path, char *lo,
                            char *hi)
{
    int l, h;
    trace_text_path(t, e->path, e->ply, path, PATH_MAX_TEXT);
    trace_shown_window(t, e->side, e->alpha, e->beta, &l, &h);
    trace_text_value(l, lo, 16);
    trace_text_value(h, hi, 16);
}

static void tell_enter(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], lo[16], hi[16];
    path_and_window(t, e, path, lo, hi);
    if (t->solve)
        snprintf(buf, size, _("enter %s  window (%s, %s)"), path, lo, hi);
    else
        snprintf(buf, size, _("enter %s  depth %d, window (%s, %s)"), path, e->depth, lo, hi);
}

static void tell_answer(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], v[16];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    shown_text(t, e->side, e->value, v);
    if (e->kind == TRACE_LEAF)
        snprintf(buf, size, _("leaf %s = %s"), path, v);
    else
        snprintf(buf, size, _("table %s = %s, known from before"), path, v);
}

static void tell_close(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], best[PATH_MAX_TEXT], v[16];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    shown_text(t, e->side, e->value, v);
    if (e->best == MOVE_NONE) {
        snprintf(buf, size, _("back up %s = %s"), path, v);
        return;
    }
    trace_text_child(t, e->path, e->ply, e->best, best, sizeof best);
    snprintf(buf, size, _("back up %s = %s, from %s"), path, v, best);
}

static void tell_cutoff(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], v[16], limit[16];
    trace_text_child(t, e->path, e->ply, e->best, path, sizeof path);
    shown_text(t, e->side, e->value, v);
    shown_text(t, e->side, e->beta, limit);
    const bool min = flipped(t, e->side);
    /* The engine counts a bound met on the last move as a cutoff too;
     * "0 moves not searched" would read as nothing happening. */
    if (e->unsearched == 0)
        snprintf(buf, size,
                 min ? _("%s: %s <= alpha %s on the last move (cutoff)")
                     : _("%s: %s >= beta %s on the last move (cutoff)"),
                 path, v, limit);
    else if (min)
        snprintf(buf, size,
                 ngettext("%s: %s <= alpha %s, %d move not searched (cutoff)",
                          "%s: %s <= alpha %s, %d moves not searched (cutoff)",
                          (unsigned long)e->unsearched),
                 path, v, limit, e->unsearched);
    else
        snprintf(buf, size,
                 ngettext("%s: %s >= beta %s, %d move not searched (cutoff)",
                          "%s: %s >= beta %s, %d moves not searched (cutoff)",
                          (unsigned long)e->unsearched),
                 path, v, limit, e->unsearched);
}

static void tell_research(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], lo[16], hi[16], v[16], above[16];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    trace_text_value(e->alpha, lo, sizeof lo);
    trace_text_value(e->beta, hi, sizeof hi);
    trace_text_value(e->value, v, sizeof v);
    if (e->ply == 0) {
        snprintf(buf, size, _("root: %s is outside the window (%s, %s): search again, wider"), v,
                 lo, hi);
        return;
    }
    trace_text_value(e->alpha + 1, above, sizeof above);
    snprintf(buf, size,
             _("%s: the null window (%s, %s) failed high with %s: search again with (%s, %s)"),
             path, lo, above, v, v, hi);
}

static void tell_pass(const TraceEvent *e, char *buf, size_t size)
{
    char bound[16], below[16], lo[16], hi[16], v[16];
    trace_text_value(e->bound, bound, sizeof bound);
    trace_text_value(e->bound - 1, below, sizeof below);
    trace_text_value(e->alpha, lo, sizeof lo);
    trace_text_value(e->beta, hi, sizeof hi);
    trace_text_value(e->value, v, sizeof v);
    if (e->kind == TRACE_MTD_PASS)
        snprintf(buf, size, _("MTD(f) pass: is the value >= %s?  window (%s, %s), known [%s, %s]"),
                 bound, below, bound, lo, hi);
    else if (e->value < e->bound)
        snprintf(buf, size, _("the pass failed low: value <= %s, so it lies in [%s, %s]"), v, lo,
                 hi);
    else
        snprintf(buf, size, _("the pass failed high: value >= %s, so it lies in [%s, %s]"), v, lo,
                 hi);
}

/* A probe at the node, before its search: which, how deep, the null window
 * around its bound. */
static void tell_probe(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT], lo[16], hi[16];
    path_and_window(t, e, path, lo, hi);
    if (e->probe == TRACE_PROBE_NULL_MOVE)
        snprintf(buf, size, _("null-move probe at %s: depth %d, window (%s, %s)"), path,
                 e->depth, lo, hi);
    else
        snprintf(buf, size, _("ProbCut probe at %s: depth %d, window (%s, %s)"), path, e->depth,
                 lo, hi);
}

/* A sampling search's steps (mcts): down its tree, a new node, a random
 * game, and its result back up.  Q is a node's mean result for the side
 * that moved into it, 0 (all lost) to 1 (all won). */
static void tell_down(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    if (e->kind == TRACE_SELECT) {
        const double q = search_mean(e->score, e->visits);
        snprintf(buf, size, _("select %s, the highest UCB1: Q %.2f + %.2f to explore = %.2f (N %u)"),
                 path, q, e->ucb - q, e->ucb, e->visits);
        return;
    }
    snprintf(buf, size,
             ngettext("expand %s: a new node in the tree; %d move of its parent still untried",
                      "expand %s: a new node in the tree; %d moves of its parent still untried",
                      (unsigned long)e->unsearched),
             path, e->unsearched);
}

/* Who won a playout whose result is e->value for e->side: 0 or 1, or -1
 * for a draw. */
static int playout_winner(const TraceEvent *e)
{
    return e->value > 0 ? e->side : e->value < 0 ? 1 - e->side : -1;
}

static void tell_playout(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    const int w = playout_winner(e);
    const char *result = w == 0 ? _("the first player wins") : w == 1 ? _("the second player wins")
                                                                      : _("a draw");
    if (e->plies == 0)
        snprintf(buf, size, _("%s is the end of the game: %s"), path, result);
    else if (e->plies >= MCTS_PLAYOUT_MAX_PLIES)
        snprintf(buf, size, _("playout from %s: %d random moves and no end, counted a draw"), path,
                 e->plies);
    else
        snprintf(buf, size,
                 ngettext("playout from %s: %d random move to the end, %s",
                          "playout from %s: %d random moves to the end, %s",
                          (unsigned long)e->plies),
                 path, e->plies, result);
}

static void tell_backup(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    char path[PATH_MAX_TEXT];
    trace_text_path(t, e->path, e->ply, path, sizeof path);
    const int w = playout_winner(e);
    if (w == 0)
        snprintf(buf, size, _("back up from %s: N + 1 on each node to the root; a win for the "
                              "first player's moves, a loss for the second's"),
                 path);
    else if (w == 1)
        snprintf(buf, size, _("back up from %s: N + 1 on each node to the root; a win for the "
                              "second player's moves, a loss for the first's"),
                 path);
    else
        snprintf(buf, size, _("back up from %s: N + 1 on each node to the root; a draw, half a "
                              "win, for every move"),
                 path);
}

void trace_text_event(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size)
{
    buf[0] = '\0';
    switch (e->kind) {
    case TRACE_ITERATION:
        if (t->solve)
            snprintf(buf, size, "%s", _("search to the end of the game"));
        else
            snprintf(buf, size, _("iteration to depth %d"), e->depth);
        break;
    case TRACE_ENTER:
        tell_enter(t, e, buf, size);
        break;
    case TRACE_LEAF:
    case TRACE_HIT:
        tell_answer(t, e, buf, size);
        break;
    case TRACE_CLOSE:
        tell_close(t, e, buf, size);
        break;
    case TRACE_CUTOFF:
        tell_cutoff(t, e, buf, size);
        break;
    case TRACE_RESEARCH:
        tell_research(t, e, buf, size);
        break;
    case TRACE_MTD_PASS:
    case TRACE_MTD_RESULT:
        tell_pass(e, buf, size);
        break;
    case TRACE_PROBE:
        tell_probe(t, e, buf, size);
        break;
    case TRACE_SAMPLE:
        snprintf(buf, size, _("iteration %d: from the root, down the tree by UCB1"), e->iteration);
        break;
    case TRACE_SELECT:
    case TRACE_EXPAND:
        tell_down(t, e, buf, size);
        break;
    case TRACE_PLAYOUT:
        tell_playout(t, e, buf, size);
        break;
    case TRACE_BACKUP:
        tell_backup(t, e, buf, size);
        break;
    case TRACE_KIND_COUNT:
        break;
    }
}
