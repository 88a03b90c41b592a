/* team.c - a search's helper threads (team.h): Lazy SMP.
 *
 * The helpers are made with the search (search_new) and sleep between
 * searches (base/workers.h): each has its own context (per-ply
 * arrays, history, killers, its own endgame solver), allocated once, so
 * nothing in the search allocates; the table is the one thing they share,
 * and table.h says why it needs no lock.  They stop as the main thread
 * does: on their own checkpoints, every STATS_PUBLISH_EVERY nodes, when
 * the stop flag is up, the deadline has passed or the team's nodes reach
 * the node limit.
 */
#include <stdlib.h>
#include <string.h>

#include "base/workers.h"
#include "engine/algos.h"
#include "engine/team.h"

typedef struct Helper {
    Ctx c;
    _Alignas(64) LiveStats live; /* its own line: the main thread's is read ten times a second */
    struct Team *team;
    int id; /* 1, 2, ...; the main thread is 0 */
    /* its deepest finished iteration of the last search (depth 0: none) */
    int done_depth, done_value, done_len;
    bool done_exact;
    Move done_pv[SEARCH_MAX_PLY];
} Helper;

struct Team {
    Helper **h;
    int n;
    Workers workers;
    /* the work, written before the helpers wake */
    bool deepen;
    int target;
    SearchConfig cfg;
    uint64_t deadline_ns;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    /* while it runs */
    atomic_int stop;
    _Atomic uint64_t nodes;
};

/* ---- Lazy SMP ------------------------------------------------------------ */

/// Lazy SMP: every helper searches the same root as the main thread, by
/// iterative deepening of its own, and all of them share the table.  What
/// one thread stores, bounds and best moves, the others find: they cut
/// where it has already searched and try its best move first, so the main
/// thread gets through each iteration faster than it would alone, and the
/// threads' different timings spread them over different parts of the
/// tree.  Helpers of odd number start one ply deeper, so that the threads
/// are not all on the same iteration; they search on past the main
/// thread's depth until it stops them.  Their work reaches the main
/// thread through the table, and a helper keeps its deepest finished
/// iteration: when the clock or the node limit stops the search, a helper
/// one ply ahead has the better answer (team_deepest).  A helper leaves
/// off where the game's solver would take the root: that
/// solve is the main thread's alone (search.c says why).
static void lazy_search(Helper *h)
{
    const Team *t = h->team;
    Ctx *c = &h->c;
    const int first = t->deepen ? 1 + (h->id & 1) : t->target;
    const int last = t->deepen ? DEPTH_SOLVE - 1 : t->target;
    int guess = c->cfg.has_guess ? c->cfg.guess : 0, swing = 0;
    Move pv[SEARCH_MAX_PLY];
    int len;
    for (int d = first; d <= last && !c->stopped; d++) {
        if (t->deepen && ctx_wants_solver(c, 0, d))
            break;
        c->horizon = 0;
        const int v = algo_iteration(c, d, guess, swing, pv, &len);
        if (c->stopped)
            break;
        h->done_depth = d;
        h->done_value = v;
        h->done_len = len;
        h->done_exact = c->horizon == 0;
        memcpy(h->done_pv, pv, (size_t)len * sizeof *pv);
        if (c->horizon == 0)
            break; /* solved: nothing deeper to find */
        swing = d > 1 ? (v > guess ? v - guess : guess - v) : 0;
        guess = v;
    }
}

/* ---- the threads ------------------------------------------------------------ */

static void helper_work(void *team, int id)
{
    Team *t = team;
    Helper *h = t->h[id];
    Ctx *c = &h->c;
    c->cfg = t->cfg;
    c->deadline_ns = t->deadline_ns;
    memset(&c->n, 0, sizeof c->n);
    c->nodes_told = 0;
    c->horizon = 0;
    c->stopped = atomic_load_explicit(&t->stop, memory_order_relaxed) != 0;
    h->done_depth = 0;
    memcpy(ctx_state(c, 0), t->root, c->g->state_size);
    lazy_search(h);
    stats_publish(c->live, &c->n);
}

void team_start_lazy(Team *t, const Ctx *main, const void *root, bool deepen, int target)
{
    t->deepen = deepen;
    t->target = target;
    t->cfg = main->cfg;
    t->deadline_ns = main->deadline_ns;
    memcpy(t->root, root, main->g->state_size);
    atomic_store_explicit(&t->stop, 0, memory_order_relaxed);
    workers_run(&t->workers, t->n);
}

bool team_deepest(const Team *t, int than, int *depth, int *value, Move *pv, int *len, bool *exact)
{
    const Helper *best = NULL;
    for (int i = 0; i < t->n; i++)
        if (t->h[i]->done_depth > (best ? best->done_depth : than) && t->h[i]->done_len > 0)
            best = t->h[i];
    if (!best)
        return false;
    *depth = best->done_depth;
    *value = best->done_value;
    *len = best->done_len;
    *exact = best->done_exact;
    memcpy(pv, best->done_pv, (size_t)best->done_len * sizeof *pv);
    return true;
}

void team_stop(Team *t) { atomic_store_explicit(&t->stop, 1, memory_order_relaxed); }

void team_finish(Team *t)
{
    team_stop(t);
    workers_wait(&t->workers);
}

/* ---- the team's life ---------------------------------------------------------- */

Team *team_new(const Game *g, const SearchConfig *asked, int helpers, Tt *tt, int history_max,
               Err *err)
{
    Team *t = calloc(1, sizeof *t);
    if (!t)
        return err_set(err, "out of memory for the search threads"), NULL;
    t->h = calloc((size_t)helpers, sizeof *t->h);
    if (!t->h) {
        team_free(t);
        return err_set(err, "out of memory for the search threads"), NULL;
    }
    const size_t size = (sizeof(Helper) + 63) / 64 * 64;
    for (int i = 0; i < helpers; i++) {
        Helper *h = aligned_alloc(64, size);
        if (!h) {
            team_free(t);
            return err_set(err, "out of memory for the search threads"), NULL;
        }
        memset(h, 0, size);
        t->h[t->n++] = h;
        if (ctx_init(&h->c, g, asked, history_max, err) != 0) {
            team_free(t);
            return NULL;
        }
        h->team = t;
        h->id = i + 1;
        h->c.tt = tt;
        h->c.live = &h->live;
        h->c.stop_request = &t->stop;
        h->c.team_nodes = &t->nodes;
    }
    if (workers_start(&t->workers, t->n, helper_work, t) != 0) {
        team_free(t);
        return err_set(err, "cannot start the search threads"), NULL;
    }
    return t;
}

void team_free(Team *t)
{
    if (!t)
        return;
    workers_end(&t->workers);
    for (int i = 0; i < t->n; i++) {
        ctx_release(&t->h[i]->c);
        free(t->h[i]);
    }
    free(t->h);
    free(t);
}

int team_size(const Team *t) { return t->n; }

void team_forget(Team *t)
{
    for (int i = 0; i < t->n; i++)
        ctx_forget(&t->h[i]->c);
}

void team_set_history(Team *t, const void *const *slots, int n)
{
    for (int i = 0; i < t->n; i++)
        ctx_set_history(&t->h[i]->c, slots, n);
}

void team_begin(Team *t, Ctx *main)
{
    atomic_store_explicit(&t->nodes, 0, memory_order_relaxed);
    main->team_nodes = &t->nodes;
    main->nodes_told = 0;
    const Counters none = {0};
    for (int i = 0; i < t->n; i++)
        stats_publish(&t->h[i]->live, &none);
}

void team_add_counters(const Team *t, SearchStats *out)
{
    for (int i = 0; i < t->n; i++) {
        LiveStats *l = &t->h[i]->live;
        out->nodes += atomic_load_explicit(&l->nodes, memory_order_relaxed);
        out->leaves += atomic_load_explicit(&l->leaves, memory_order_relaxed);
        out->probes += atomic_load_explicit(&l->probes, memory_order_relaxed);
        out->hits += atomic_load_explicit(&l->hits, memory_order_relaxed);
        out->cutoffs += atomic_load_explicit(&l->cutoffs, memory_order_relaxed);
        out->researches += atomic_load_explicit(&l->researches, memory_order_relaxed);
        out->mtd_passes += atomic_load_explicit(&l->mtd_passes, memory_order_relaxed);
    }
}
