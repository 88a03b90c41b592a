/* endgame_team.c - the reversi solver on several threads: helpers that
 * solve the same root beside the main thread, over the one table
 * (endgame_table.c's slots are read and written by all of them at once).
 * How they spread over the tree is endgame.c's (search_child: simplified
 * ABDADA); here are the threads, made once and asleep between solves, so
 * that nothing allocates while a solve runs.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "games/reversi/endgame_impl.h"

enum { FAR_GROW_MIN = 24 }; /* a solve of this many empties grows the far table first */

typedef struct {
    struct SolverTeam *team;
    GameSolver *s; /* a copy of the main solver: its own search state, the same tables */
    int id;        /* 0, 1, ...: the main thread is not one */
    pthread_t thread;
} Helper;

typedef struct SolverTeam {
    Helper *helper;
    int n, started;
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    /* under mu */
    unsigned job; /* bumped for each solve */
    int active;   /* helpers the solve uses */
    int working;  /* of them, still on it */
    bool quit;
    bool solved;  /* a helper finished first: its answer */
    int value, sq;
    /* the solve, written under mu before `job` is bumped */
    uint64_t p, o;
    int alpha, beta;
    /* while it runs */
    atomic_int halt;
    _Atomic uint64_t busy[1 << BUSY_BITS];
} SolverTeam;

/* A helper's solve of the root: the whole procedure, as the main thread
 * runs it.  The first thread to finish has the answer and halts the rest. */
static void helper_solve(Helper *h)
{
    SolverTeam *t = h->team;
    GameSolver *s = h->s;
    int sq = NO_SQUARE;
    const int v = endgame_root(s, t->p, t->o, t->alpha, t->beta, &sq);
    atomic_store_explicit(&s->told_nodes, s->nodes, memory_order_relaxed);
    pthread_mutex_lock(&t->mu);
    if (!s->stopped && !t->solved) {
        t->solved = true;
        t->value = v;
        t->sq = sq;
        atomic_store_explicit(&t->halt, 1, memory_order_relaxed);
    }
    pthread_mutex_unlock(&t->mu);
}

static void *helper_main(void *arg)
{
    Helper *h = arg;
    SolverTeam *t = h->team;
    unsigned seen = 0;
    pthread_mutex_lock(&t->mu);
    for (;;) {
        while (!t->quit && t->job == seen)
            pthread_cond_wait(&t->wake, &t->mu);
        if (t->quit)
            break;
        seen = t->job;
        if (h->id >= t->active)
            continue;
        pthread_mutex_unlock(&t->mu);
        helper_solve(h);
        pthread_mutex_lock(&t->mu);
        if (--t->working == 0)
            pthread_cond_broadcast(&t->idle);
    }
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

/* The helper starts from the main solver as it stands before the solve:
 * the same tables, generation and geometry, a search state of its own. */
static void helper_ready(SolverTeam *t, Helper *h, const GameSolver *main)
{
    memcpy(h->s, main, sizeof *h->s);
    GameSolver *s = h->s;
    s->team = NULL;
    s->poll = NULL;
    s->nodes = 0;
    s->next_poll = 0; /* its first node polls: it may be halted already */
    s->stopped = false;
    s->busy = t->busy;
    s->halt = &t->halt;
    atomic_store_explicit(&s->told_nodes, 0, memory_order_relaxed);
}

int endgame_team_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int *sq,
                      int threads)
{
    SolverTeam *t = s->team;
    /* No table grows while other threads read it (tt_grow's doubling
     * moves every entry): the far one first takes about the size one
     * thread's grows to in a solve of this many empties (FFO #20-#44 never
     * beyond their first size, #45-#49 one doubling from 24 empties), then
     * keeps it.  Taking the whole of it at once cost a solve the kernel's
     * zeroing of every page its probes touch (0.29 s of system time in
     * `yomi solve` of FFO #40, a 0.2 s solve). */
    const int empties = bb_count(s->valid & ~(p | o));
    if (empties >= FAR_GROW_MIN)
        endgame_tt_reserve(s, s->far.bits_start + 1 + (empties - FAR_GROW_MIN) / 3);
    const int far_max = s->far.bits_max;
    s->far.bits_max = s->far.bits;
    const int helpers = threads - 1 < t->n ? threads - 1 : t->n;
    pthread_mutex_lock(&t->mu);
    t->p = p;
    t->o = o;
    t->alpha = alpha;
    t->beta = beta;
    t->active = t->working = helpers;
    t->solved = false;
    atomic_store_explicit(&t->halt, 0, memory_order_relaxed);
    for (int i = 0; i < 1 << BUSY_BITS; i++)
        atomic_store_explicit(&t->busy[i], 0, memory_order_relaxed);
    for (int i = 0; i < helpers; i++)
        helper_ready(t, &t->helper[i], s);
    t->job++;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);

    s->busy = t->busy;
    s->halt = &t->halt;
    int v = endgame_root(s, p, o, alpha, beta, sq);
    atomic_store_explicit(&t->halt, 1, memory_order_relaxed);
    pthread_mutex_lock(&t->mu);
    while (t->working > 0)
        pthread_cond_wait(&t->idle, &t->mu);
    if (s->stopped && t->solved) {
        /* halted by a helper that had the answer */
        v = t->value;
        *sq = t->sq;
        s->stopped = false;
    }
    pthread_mutex_unlock(&t->mu);
    for (int i = 0; i < helpers; i++)
        s->nodes += t->helper[i].s->nodes;
    s->busy = NULL;
    s->halt = NULL;
    s->far.bits_max = far_max;
    return v;
}

uint64_t endgame_team_nodes(const GameSolver *s)
{
    if (!s->team || !s->halt)
        return 0;
    uint64_t n = 0;
    for (int i = 0; i < s->team->active; i++)
        n += atomic_load_explicit(&s->team->helper[i].s->told_nodes, memory_order_relaxed);
    return n;
}

int endgame_team_size(const GameSolver *s)
{
    return s->team ? s->team->n : 0;
}

bool endgame_team_new(GameSolver *s, int helpers, Err *err)
{
    SolverTeam *t = calloc(1, sizeof *t);
    Helper *h = calloc((size_t)helpers, sizeof *h);
    if (!t || !h) {
        free(t);
        free(h);
        err_set(err, "out of memory for the search threads");
        return false;
    }
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->wake, NULL);
    pthread_cond_init(&t->idle, NULL);
    t->helper = h;
    s->team = t;
    for (; t->n < helpers; t->n++) {
        h[t->n].team = t;
        h[t->n].id = t->n;
        h[t->n].s = calloc(1, sizeof(GameSolver));
        if (!h[t->n].s) {
            endgame_team_free(s);
            err_set(err, "out of memory for the search threads");
            return false;
        }
    }
    for (; t->started < t->n; t->started++)
        if (pthread_create(&h[t->started].thread, NULL, helper_main, &h[t->started]) != 0) {
            endgame_team_free(s);
            err_set(err, "cannot start the search threads");
            return false;
        }
    return true;
}

void endgame_team_free(GameSolver *s)
{
    SolverTeam *t = s->team;
    if (!t)
        return;
    pthread_mutex_lock(&t->mu);
    t->quit = true;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);
    for (int i = 0; i < t->started; i++)
        pthread_join(t->helper[i].thread, NULL);
    for (int i = 0; i < t->n; i++)
        free(t->helper[i].s);
    free(t->helper);
    pthread_cond_destroy(&t->idle);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->mu);
    free(t);
    s->team = NULL;
}
