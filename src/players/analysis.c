/* analysis.c - a game looked at again by the engine (analysis.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/i18n.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "players/analysis.h"
#include "players/outcome.h"

struct Analysis {
    const Game *g;
    Search *search;
    SearchConfig cfg;
    /* Every search alike (a solve, or an algorithm whose limits are not a
     * depth): the played move's search cannot be made one ply shallower. */
    bool same_limits;
    int n;
    unsigned char *states;   /* n + 1 of them, state_size apart */
    const void **state_ptr;  /* into states, for history rules */
    AnalysisPosition *pos;   /* n + 1 */
    AnalysisMove *mv;        /* n (at least one, for n = 0) */
    int at;                  /* the position being analysed */
    bool child;              /* its search done: now the move played */
    bool running;            /* a search runs (of `at`, or of its child) */
    bool stopped, finished;
    int done;
};

AnalysisClass analysis_classify(const Game *g, int loss)
{
    static const int fallback[3] = {1, 2, 4};
    const GameInfo *info = g->ops->info;
    const int *step = info && info->loss_steps[0] > 0 ? info->loss_steps : fallback;
    if (loss <= 0)
        return ANALYSIS_BEST;
    if (loss >= step[2])
        return ANALYSIS_BLUNDER;
    if (loss >= step[1])
        return ANALYSIS_MISTAKE;
    if (loss >= step[0])
        return ANALYSIS_INACCURACY;
    return ANALYSIS_GOOD;
}

static int clamp_decided(int v)
{
    return v > SCORE_WIN_MIN ? SCORE_WIN_MIN : v < -SCORE_WIN_MIN ? -SCORE_WIN_MIN : v;
}

int analysis_loss(int best, int played)
{
    const int loss = clamp_decided(best) - clamp_decided(played);
    return loss > 0 ? loss : 0;
}

const char *analysis_class_name(AnalysisClass c)
{
    static const char *const names[] = {N_("best"), N_("good"), N_("inaccuracy"), N_("mistake"),
                                        N_("blunder")};
    return (unsigned)c < sizeof names / sizeof names[0] ? names[c] : "";
}

const char *analysis_class_mark(AnalysisClass c)
{
    static const char *const marks[] = {"", "", "?!", "?", "??"};
    return (unsigned)c < sizeof marks / sizeof marks[0] ? marks[c] : "";
}

int analysis_moves(const Analysis *a) { return a->n; }

const void *analysis_state(const Analysis *a, int i) { return a->state_ptr[i]; }

const AnalysisPosition *analysis_position(const Analysis *a, int i) { return &a->pos[i]; }

const AnalysisMove *analysis_move(const Analysis *a, int i) { return &a->mv[i]; }

bool analysis_complete(const Analysis *a) { return a->finished && !a->stopped; }

/* Replay the moves, each checked, none after the end. */
static int replay(Analysis *a, const void *start, const Move *moves, Err *err)
{
    const Game *g = a->g;
    memcpy(a->states, start, g->state_size);
    for (int i = 0; i <= a->n; i++)
        a->state_ptr[i] = a->states + (size_t)i * g->state_size;
    for (int i = 0; i < a->n; i++) {
        int value;
        if (game_end(g, a->state_ptr, i + 1, &value) != GAME_GOES_ON)
            return err_set(err, "the game is over after move %d: no move %d", i, i + 1);
        if (!game_has_move(g, a->state_ptr[i], moves[i]))
            return err_set(err, "move %d is not legal", i + 1);
        g->ops->play(g, a->state_ptr[i], moves[i], a->states + (size_t)(i + 1) * g->state_size);
        a->mv[i].played = moves[i];
        a->mv[i].side = game_side(g, a->state_ptr[i]);
    }
    return 0;
}

Analysis *analysis_new(const Game *g, const void *start, const Move *moves, int n,
                       const SearchConfig *cfg, Err *err)
{
    if (n < 0 || n > ANALYSIS_MAX_PLIES)
        return err_set(err, "a game of %d moves is more than the analysis takes (%d)", n,
                       ANALYSIS_MAX_PLIES), NULL;
    Analysis *a = calloc(1, sizeof *a);
    if (!a)
        return err_set(err, "out of memory"), NULL;
    a->g = g;
    a->n = n;
    a->cfg = *cfg;
    const unsigned flags = algorithm(cfg->algo)->flags;
    a->same_limits = cfg->solve || (flags & (ALGO_SOLVE_ONLY | ALGO_SAMPLING));
    a->states = malloc((size_t)(n + 1) * g->state_size);
    a->state_ptr = calloc((size_t)n + 1, sizeof *a->state_ptr);
    a->pos = calloc((size_t)n + 1, sizeof *a->pos);
    a->mv = calloc((size_t)n + 1, sizeof *a->mv);
    if (!a->states || !a->state_ptr || !a->pos || !a->mv) {
        analysis_free(a);
        return err_set(err, "out of memory"), NULL;
    }
    if (replay(a, start, moves, err) != 0) {
        analysis_free(a);
        return NULL;
    }
    a->search = search_new(g, cfg, err);
    if (!a->search) {
        analysis_free(a);
        return NULL;
    }
    return a;
}

void analysis_free(Analysis *a)
{
    if (!a)
        return;
    search_free(a->search); /* stops and joins a search still running */
    free(a->states);
    free(a->state_ptr);
    free(a->pos);
    free(a->mv);
    free(a);
}

static int first_view(const Game *g, const void *state, int v)
{
    return game_side(g, state) == 0 ? v : -v;
}

static void judge_move(Analysis *a, int i, int value)
{
    AnalysisMove *m = &a->mv[i];
    const int best = a->pos[i].value;
    m->value = value;
    m->loss = m->side == 0 ? analysis_loss(best, value) : analysis_loss(-best, -value);
    m->cls = analysis_classify(a->g, m->loss);
    m->done = true;
}

/* Search `state` (the position `i`, or the one after its move) under the
 * limits; the history is every position before it. */
static int start_search(Analysis *a, int i, int depth, Err *err)
{
    if (!a->same_limits &&
        search_set_limits(a->search, depth, a->cfg.time_ms, a->cfg.node_limit, err) != 0)
        return -1;
    search_set_history(a->search, a->state_ptr, i);
    if (search_start(a->search, a->state_ptr[i], err) != 0)
        return -1;
    a->running = true;
    return 0;
}

/// The move played in position `at`, when it was not the best one: its
/// value as the search of `at` saw it, one ply further on (a move that
/// keeps the turn, or a pass, costs the search no depth), so that best
/// and played are measured alike.  At depth 0 that is the evaluation.
/// Returns 1 when a search was started, 0 when the move is judged.
static int start_child(Analysis *a, Err *err)
{
    const Game *g = a->g;
    const int i = a->at;
    const AnalysisMove *m = &a->mv[i];
    const AnalysisPosition *p = &a->pos[i];
    const void *after = a->state_ptr[i + 1];
    int value;
    if (m->played == p->best) {
        judge_move(a, i, p->value);
        return 0;
    }
    if (game_end(g, a->state_ptr, i + 2, &value) != GAME_GOES_ON) {
        judge_move(a, i, value);
        return 0;
    }
    /* The depth the search of `at` reached, under a time or node limit;
     * else the one asked for: a search that ends early because it has
     * solved the position (its table may know the rest from the searches
     * before it) has still looked that deep. */
    const bool limited = a->cfg.time_ms > 0 || a->cfg.node_limit > 0;
    const int reached = limited && !p->exact ? p->depth : a->cfg.depth;
    const bool free_ply = m->played == MOVE_PASS || game_side(g, after) == m->side;
    const int depth = reached - (free_ply ? 0 : 1);
    if (!a->same_limits && depth < 1) {
        judge_move(a, i, first_view(g, after, g->ops->evaluate(g, after)));
        return 0;
    }
    return start_search(a, i + 1, depth, err) == 0 ? 1 : -1;
}

/* Start the next search, judging on the way whatever needs none; the
 * work is finished when nothing is left. */
static int advance(Analysis *a, Err *err)
{
    while (!a->finished && !a->running) {
        if (a->stopped || a->at > a->n) {
            a->finished = true;
            break;
        }
        if (a->child) {
            const int r = start_child(a, err);
            if (r != 0)
                return r < 0 ? -1 : 0;
            a->child = false;
            a->at++;
            continue;
        }
        AnalysisPosition *p = &a->pos[a->at];
        int value;
        if (game_end(a->g, a->state_ptr, a->at + 1, &value) != GAME_GOES_ON) {
            *p = (AnalysisPosition){.done = true, .over = true, .value = value, .best = MOVE_NONE,
                                    .exact = true};
            a->done++;
            a->at++;
            continue;
        }
        if (start_search(a, a->at, a->cfg.depth, err) != 0)
            return -1;
    }
    return 0;
}

/* The search under way is done: take its answer. */
static void collect(Analysis *a)
{
    SearchResult r;
    search_wait(a->search, &r);
    a->running = false;
    if (a->stopped)
        return;
    const Game *g = a->g;
    if (a->child) {
        judge_move(a, a->at, first_view(g, a->state_ptr[a->at + 1], r.value));
        a->child = false;
        a->at++;
        return;
    }
    AnalysisPosition *p = &a->pos[a->at];
    *p = (AnalysisPosition){.done = true, .value = first_view(g, a->state_ptr[a->at], r.value),
                            .best = r.move, .depth = r.stats.depth, .exact = r.stats.exact};
    a->done++;
    if (a->at < a->n)
        a->child = true;
    else
        a->at++;
}

static void fill_progress(const Analysis *a, AnalysisProgress *p)
{
    memset(p, 0, sizeof *p);
    p->done = a->done;
    p->total = a->n + 1;
    p->at = a->running ? a->at : -1;
    p->finished = a->finished;
    if (a->running)
        search_poll(a->search, &p->stats);
}

int analysis_poll(Analysis *a, AnalysisProgress *p, Err *err)
{
    if (a->running && search_done(a->search))
        collect(a);
    const int rc = advance(a, err);
    if (p)
        fill_progress(a, p);
    return rc < 0 ? -1 : a->finished;
}

void analysis_stop(Analysis *a)
{
    if (a->finished)
        return; /* nothing left to stop: a finished analysis stays complete */
    a->stopped = true;
    if (a->running) {
        search_stop(a->search);
        collect(a);
    }
    a->finished = true;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {0, (long)ms * 1000000L};
    nanosleep(&ts, NULL);
}

int analysis_run(Analysis *a, bool (*progress)(void *arg, const AnalysisProgress *p), void *arg,
                 Err *err)
{
    AnalysisProgress p;
    uint64_t told = 0;
    int told_done = -1;
    for (;;) {
        const int rc = analysis_poll(a, &p, err);
        if (rc != 0)
            return rc < 0 ? -1 : 0;
        if (!progress) {
            collect(a); /* nobody to tell: just wait for it */
            continue;
        }
        const uint64_t now = clock_ms();
        if (now - told >= 100 || p.done != told_done) {
            told = now;
            told_done = p.done;
            if (!progress(arg, &p)) {
                analysis_stop(a);
                return 0;
            }
        }
        sleep_ms(2);
    }
}
