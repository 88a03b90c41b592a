/* engine_stub.c - TEMPORARY stand-in for src/engine/search.c so the UI can
 * be built and played before the engine lands on main.  A plain
 * iterative-deepening alpha-beta on a thread, honouring search.h's
 * contract (poll/stop/wait).  Delete this file (and its Makefile.am line)
 * when the engine arrives. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/search.h"

static const char *const names[ALGO_COUNT] = {
    "minimax", "negamax", "alphabeta", "negaalpha", "alphabeta-window",
    "failsoft", "negascout", "pvs", "mtdf",
};

void search_config_default(SearchConfig *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->algo = ALGO_NEGASCOUT;
    cfg->depth = 6;
    cfg->order = ORDER_BEST;
    cfg->table = TABLE_ON;
    cfg->table_mb = 16;
    cfg->quiescence = true;
}

const char *algo_name(Algo a) { return a < ALGO_COUNT ? names[a] : "?"; }

int algo_parse(const char *name, Algo *a, Err *err)
{
    for (int i = 0; i < ALGO_COUNT; i++)
        if (strcmp(name, names[i]) == 0) {
            *a = (Algo)i;
            return 0;
        }
    return err_set(err, "unknown algorithm '%.40s'", name);
}

struct Search {
    const Game *g;
    SearchConfig cfg;
    pthread_t thread;
    bool started;
    atomic_bool stop, done;
    _Atomic uint64_t nodes, leaves;
    _Atomic int depth, value;
    _Atomic unsigned best;
    uint64_t t0;
    _Atomic uint64_t elapsed;
    unsigned char root[GAME_MAX_STATE];
    SearchResult res;
};

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

Search *search_new(const Game *g, const SearchConfig *cfg, Err *err)
{
    Search *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "out of memory");
        return NULL;
    }
    s->g = g;
    s->cfg = *cfg;
    return s;
}

void search_free(Search *s)
{
    if (!s)
        return;
    if (s->started) {
        atomic_store(&s->stop, true);
        pthread_join(s->thread, NULL);
    }
    free(s);
}

void search_set_history(Search *s, const void *const *states, int n) { (void)s, (void)states, (void)n; }
void search_clear(Search *s) { (void)s; }

static int ab(Search *s, const void *st, int depth, int alpha, int beta, int ply)
{
    const Game *g = s->g;
    atomic_fetch_add_explicit(&s->nodes, 1, memory_order_relaxed);
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, st, moves);
    if (n == 0) {
        atomic_fetch_add_explicit(&s->leaves, 1, memory_order_relaxed);
        int v = g->ops->final_score(g, st);
        if (v >= SCORE_WIN)
            v = SCORE_WIN - ply;
        else if (v <= -SCORE_WIN)
            v = -SCORE_WIN + ply;
        return v;
    }
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 2 || atomic_load_explicit(&s->stop, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&s->leaves, 1, memory_order_relaxed);
        return g->ops->evaluate(g, st);
    }
    int best = -SCORE_INF, side = g->ops->side_to_move(g, st);
    _Alignas(16) unsigned char child[GAME_MAX_STATE];
    for (int i = 0; i < n; i++) {
        g->ops->play(g, st, moves[i], child);
        bool same = g->ops->side_to_move(g, child) == side;
        int v = same ? ab(s, child, depth - (moves[i] != MOVE_PASS), alpha, beta, ply + 1)
                     : -ab(s, child, depth - (moves[i] != MOVE_PASS), -beta, -alpha, ply + 1);
        if (v > best) {
            best = v;
            if (ply == 0 && !atomic_load(&s->stop)) {
                atomic_store(&s->best, moves[i]);
                atomic_store(&s->value, v);
            }
        }
        if (best > alpha)
            alpha = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

static void *run(void *arg)
{
    Search *s = arg;
    int max = s->cfg.solve ? 60 : s->cfg.depth;
    if (s->cfg.time_ms && !s->cfg.solve)
        max = s->cfg.depth > 0 ? s->cfg.depth : 60;
    Move moves[GAME_MAX_MOVES];
    int n = s->g->ops->legal_moves(s->g, s->root, moves);
    s->res.move = n ? moves[0] : MOVE_NONE;
    for (int d = 1; d <= max && n; d++) {
        unsigned prev = atomic_load(&s->best);
        ab(s, s->root, d, -SCORE_INF, SCORE_INF, 0);
        if (atomic_load(&s->stop)) {
            atomic_store(&s->best, prev);
            break;
        }
        atomic_store(&s->depth, d);
        s->res.move = (Move)atomic_load(&s->best);
        s->res.value = atomic_load(&s->value);
        if (s->cfg.time_ms && now_ms() - s->t0 > (uint64_t)s->cfg.time_ms / 2)
            break;
    }
    atomic_store(&s->elapsed, now_ms() - s->t0);
    atomic_store(&s->done, true);
    return NULL;
}

int search_start(Search *s, const void *root, Err *err)
{
    if (s->started) {
        pthread_join(s->thread, NULL);
        s->started = false;
    }
    memcpy(s->root, root, s->g->state_size);
    atomic_store(&s->stop, false);
    atomic_store(&s->done, false);
    atomic_store(&s->nodes, 0);
    atomic_store(&s->leaves, 0);
    atomic_store(&s->depth, 0);
    atomic_store(&s->best, MOVE_NONE);
    atomic_store(&s->value, 0);
    memset(&s->res, 0, sizeof s->res);
    s->t0 = now_ms();
    if (pthread_create(&s->thread, NULL, run, s) != 0)
        return err_set(err, "cannot start the search thread");
    s->started = true;
    return 0;
}

void search_stop(Search *s) { atomic_store(&s->stop, true); }
bool search_done(const Search *s) { return atomic_load(&((Search *)s)->done); }

void search_poll(const Search *cs, SearchStats *out)
{
    Search *s = (Search *)cs;
    memset(out, 0, sizeof *out);
    out->nodes = atomic_load_explicit(&s->nodes, memory_order_relaxed);
    out->leaves = atomic_load_explicit(&s->leaves, memory_order_relaxed);
    out->depth = atomic_load(&s->depth);
    out->value = atomic_load(&s->value);
    out->best = (Move)atomic_load(&s->best);
    out->running = !atomic_load(&s->done);
    out->elapsed_ms = out->running ? now_ms() - s->t0 : atomic_load(&s->elapsed);
    out->nps = out->elapsed_ms ? out->nodes * 1000 / out->elapsed_ms : 0;
    if (s->cfg.time_ms && out->running && out->elapsed_ms > (uint64_t)s->cfg.time_ms)
        atomic_store(&s->stop, true);
}

void search_wait(Search *s, SearchResult *out)
{
    if (s->started) {
        pthread_join(s->thread, NULL);
        s->started = false;
    }
    s->res.pv[0] = s->res.move;
    s->res.pv_len = 1;
    s->res.turn[0] = s->res.move;
    s->res.turn_len = 1;
    search_poll(s, &s->res.stats);
    s->res.stopped = atomic_load(&s->stop);
    *out = s->res;
}

int search_run(Search *s, const void *root, SearchResult *out, Err *err)
{
    if (search_start(s, root, err) != 0)
        return -1;
    search_wait(s, out);
    return 0;
}
