/* endgame_team.c - the reversi solver on several threads: helpers that
 * solve the same root beside the main thread, over the one table
 * (endgame_table.c's slots are read and written by all of them at once).
 * How they spread over the tree is endgame.c's (search_child: simplified
 * ABDADA); here are the threads, made once and asleep between solves, so
 * that nothing allocates while a solve runs.
 */
#include <stdlib.h>
#include <string.h>

#include "base/workers.h"
#include "games/reversi/endgame_impl.h"

enum { FAR_GROW_MIN = 24 }; /* a solve of this many empties grows the far table first */

typedef struct {
    GameSolver *s; /* a copy of the main solver: its own search state, the same tables */
} Helper;

typedef struct SolverTeam {
    Helper *helper;
    int n;
    int active; /* helpers the solve uses */
    Workers workers;
    atomic_int solved; /* a helper finished first: its answer */
    int value, sq;
    /* the solve, written before the helpers wake */
    uint64_t p, o;
    int alpha, beta;
    /* while it runs */
    atomic_int halt;
    atomic_int passes_done;
    SolverLane *lanes; /* [0] the main thread's, [1 + i] helper i's */
    _Atomic uint64_t busy[1 << BUSY_BITS];
} SolverTeam;

/* A helper's solve of the root: the whole procedure, as the main thread
 * runs it.  The first thread to finish has the answer and halts the rest. */
static void helper_solve(void *team, int id)
{
    SolverTeam *t = team;
    Helper *h = &t->helper[id];
    GameSolver *s = h->s;
    int sq = NO_SQUARE;
    const int v = endgame_root(s, t->p, t->o, t->alpha, t->beta, &sq);
    atomic_store_explicit(&s->told_nodes, s->nodes, memory_order_relaxed);
    /* The value is read after workers_wait, which orders these writes. */
    if (!s->stopped && atomic_exchange_explicit(&t->solved, 1, memory_order_relaxed) == 0) {
        t->value = v;
        t->sq = sq;
        atomic_store_explicit(&t->halt, 1, memory_order_relaxed);
    }
}

/* What every thread of the solve shares, and its own lane. */
static void team_join(SolverTeam *t, GameSolver *s, int lane)
{
    s->busy = t->busy;
    s->halt = &t->halt;
    s->passes_done = &t->passes_done;
    s->lanes = t->lanes;
    s->lane = lane;
    s->nlanes = t->active + 1;
    s->unwind = 0;
}

/* The helper starts from the main solver as it stands before the solve:
 * the same tables, generation and geometry, a search state of its own. */
static void helper_ready(SolverTeam *t, Helper *h, const GameSolver *main, int lane)
{
    memcpy(h->s, main, sizeof *h->s);
    GameSolver *s = h->s;
    s->team = NULL;
    s->poll = NULL;
    s->nodes = 0;
    s->next_poll = 0; /* its first node polls: it may be halted already */
    s->stopped = false;
    team_join(t, s, lane);
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
    t->p = p;
    t->o = o;
    t->alpha = alpha;
    t->beta = beta;
    t->active = helpers;
    atomic_store_explicit(&t->solved, 0, memory_order_relaxed);
    atomic_store_explicit(&t->halt, 0, memory_order_relaxed);
    atomic_store_explicit(&t->passes_done, 0, memory_order_relaxed);
    for (int i = 0; i < 1 << BUSY_BITS; i++)
        atomic_store_explicit(&t->busy[i], 0, memory_order_relaxed);
    memset(t->lanes, 0, sizeof *t->lanes * (size_t)(helpers + 1));
    for (int i = 0; i < helpers; i++)
        helper_ready(t, &t->helper[i], s, 1 + i);
    workers_run(&t->workers, helpers);

    team_join(t, s, 0);
    int v = endgame_root(s, p, o, alpha, beta, sq);
    atomic_store_explicit(&t->halt, 1, memory_order_relaxed);
    workers_wait(&t->workers);
    if (s->stopped && atomic_load_explicit(&t->solved, memory_order_relaxed)) {
        /* halted by a helper that had the answer */
        v = t->value;
        *sq = t->sq;
        s->stopped = false;
    }
    for (int i = 0; i < helpers; i++)
        s->nodes += t->helper[i].s->nodes;
    s->busy = NULL;
    s->halt = NULL;
    s->passes_done = NULL;
    s->lanes = NULL;
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
    t->helper = h;
    s->team = t;
    t->lanes = calloc((size_t)helpers + 1, sizeof *t->lanes);
    if (!t->lanes) {
        endgame_team_free(s);
        err_set(err, "out of memory for the search threads");
        return false;
    }
    for (; t->n < helpers; t->n++) {
        h[t->n].s = calloc(1, sizeof(GameSolver));
        if (!h[t->n].s) {
            endgame_team_free(s);
            err_set(err, "out of memory for the search threads");
            return false;
        }
    }
    if (workers_start(&t->workers, t->n, helper_solve, t) != 0) {
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
    workers_end(&t->workers);
    for (int i = 0; i < t->n; i++)
        free(t->helper[i].s);
    free(t->helper);
    free(t->lanes);
    free(t);
    s->team = NULL;
}
