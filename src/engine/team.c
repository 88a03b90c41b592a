/* team.c - a search's helper threads (team.h): Lazy SMP, and the root
 * split of a solve that the game's solver takes whole.
 *
 * The helpers are made with the search (search_new) and sleep on a
 * condition variable between searches: each has its own context (per-ply
 * arrays, history, killers, its own endgame solver), allocated once, so
 * nothing in the search allocates; the table is the one thing they share,
 * and table.h says why it needs no lock.  They stop as the main thread
 * does: on their own checkpoints, every STATS_PUBLISH_EVERY nodes, when
 * the stop flag is up, the deadline has passed or the team's nodes reach
 * the node limit.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/algos.h"
#include "engine/team.h"

enum { JOB_LAZY, JOB_SPLIT };

typedef struct Helper {
    Ctx c;
    _Alignas(64) LiveStats live; /* its own line: the main thread's is read ten times a second */
    struct Team *team;
    int id; /* 1, 2, ...; the main thread is 0 */
    pthread_t thread;
    bool started;
} Helper;

/* A root split's shared state: the root's moves, the next one nobody has
 * taken, and the best exact value so far with its move's index. */
typedef struct {
    Move moves[GAME_MAX_MOVES];
    int n;
    atomic_int next;
    _Atomic uint64_t best; /* split_pack() */
} Split;

struct Team {
    Helper **h;
    int n;
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    /* under mu */
    unsigned job; /* bumped for each piece of work */
    int busy;     /* helpers still on it */
    bool quit;
    /* the work, written under mu before `job` is bumped */
    int kind;
    bool deepen;
    int target;
    SearchConfig cfg;
    uint64_t deadline_ns;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    /* while it runs */
    atomic_int stop;
    atomic_int stopped; /* a helper was stopped before it finished (split) */
    _Atomic uint64_t nodes;
    Split split;
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
/// thread's depth until it stops them.  Only the main thread's result
/// counts: the helpers' work reaches it through the table alone.  A
/// helper leaves off where the game's solver would take the root: the
/// main thread then splits that solve among the whole team.
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
        if (c->stopped || c->horizon == 0)
            break; /* stopped, or solved: nothing deeper to find */
        swing = d > 1 ? (v > guess ? v - guess : guess - v) : 0;
        guess = v;
    }
}

/* ---- the root split -------------------------------------------------------- */

/* The best so far as one word: the value above, the move's index below
 * (lower index, higher word: a tie goes to the move ordered first). */
static uint64_t split_pack(int value, int index)
{
    return (uint64_t)(value + 2 * INF) << 32 | (uint32_t)(GAME_MAX_MOVES - index);
}

static int split_value(uint64_t packed) { return (int)(packed >> 32) - 2 * INF; }

static int split_index(uint64_t packed) { return GAME_MAX_MOVES - (int)(uint32_t)packed; }

static int split_alpha(Split *sp)
{
    return split_value(atomic_load_explicit(&sp->best, memory_order_relaxed));
}

/* The child in slot 1 by the solver, window (lo, hi) and value from the
 * root mover's view; negated unless the mover moves again (a Kalah extra
 * turn). */
static int child_value(Ctx *c, bool same, int lo, int hi)
{
    return same ? ctx_endgame(c, 1, lo, hi) : -ctx_endgame(c, 1, -hi, -lo);
}

/// The value of root move m, by this thread's solver.  The first move any
/// thread takes is solved in the full window: nothing is known yet.  Every
/// later one is first asked, in a null window just above the best value
/// the team has found so far, whether it is better at all, which nearly
/// all of them are not, and costs a fraction of a solve; only a move that
/// is better is solved again in (its bound - 1, inf), which holds its
/// exact value.  *exact says whether the value is exact; when it is not,
/// it is no better than the team's best.  The values are fail-soft, so
/// an answer is exact whatever other threads found meanwhile.
static int split_move(Ctx *c, Split *sp, Move m, bool *exact)
{
    c->ops->play(c->g, ctx_state(c, 0), m, ctx_state(c, 1));
    const bool same = m != MOVE_PASS && ctx_side(c, 1) == ctx_side(c, 0);
    const int a = split_alpha(sp);
    *exact = false;
    if (a <= -INF) {
        const int v = child_value(c, same, -INF, INF);
        *exact = true;
        return v;
    }
    const int v = child_value(c, same, a, a + 1);
    if (c->stopped || v <= a)
        return v;
    const int lo = max_int(v - 1, split_alpha(sp));
    const int w = child_value(c, same, lo, INF);
    *exact = w > lo;
    return w;
}

/* Take root moves one by one until none is left, offering each exact
 * value to the team's best. */
static void split_work(Ctx *c, Split *sp)
{
    for (;;) {
        const int i = atomic_fetch_add_explicit(&sp->next, 1, memory_order_relaxed);
        if (i >= sp->n || c->stopped)
            return;
        bool exact;
        const int v = split_move(c, sp, sp->moves[i], &exact);
        if (c->stopped)
            return;
        if (!exact)
            continue;
        const uint64_t mine = split_pack(v, i);
        uint64_t best = atomic_load_explicit(&sp->best, memory_order_relaxed);
        while (mine > best && !atomic_compare_exchange_weak_explicit(
                                  &sp->best, &best, mine, memory_order_relaxed, memory_order_relaxed))
            ;
    }
}

/* ---- the threads ------------------------------------------------------------ */

static void helper_work(Helper *h)
{
    Team *t = h->team;
    Ctx *c = &h->c;
    c->cfg = t->cfg;
    c->deadline_ns = t->deadline_ns;
    memset(&c->n, 0, sizeof c->n);
    c->nodes_told = 0;
    c->horizon = 0;
    c->stopped = atomic_load_explicit(&t->stop, memory_order_relaxed) != 0;
    memcpy(ctx_state(c, 0), t->root, c->g->state_size);
    if (t->kind == JOB_LAZY)
        lazy_search(h);
    else
        split_work(c, &t->split);
    if (c->stopped)
        atomic_store_explicit(&t->stopped, 1, memory_order_relaxed);
    stats_publish(c->live, &c->n);
}

static void *helper_main(void *arg)
{
    Helper *h = arg;
    Team *t = h->team;
    unsigned seen = 0;
    pthread_mutex_lock(&t->mu);
    for (;;) {
        while (!t->quit && t->job == seen)
            pthread_cond_wait(&t->wake, &t->mu);
        if (t->quit)
            break;
        seen = t->job;
        pthread_mutex_unlock(&t->mu);
        helper_work(h);
        pthread_mutex_lock(&t->mu);
        if (--t->busy == 0)
            pthread_cond_broadcast(&t->idle);
    }
    pthread_mutex_unlock(&t->mu);
    return NULL;
}

static void team_start(Team *t, const Ctx *main, const void *root, int kind)
{
    pthread_mutex_lock(&t->mu);
    t->kind = kind;
    t->cfg = main->cfg;
    t->deadline_ns = main->deadline_ns;
    memcpy(t->root, root, main->g->state_size);
    atomic_store_explicit(&t->stop, 0, memory_order_relaxed);
    atomic_store_explicit(&t->stopped, 0, memory_order_relaxed);
    t->busy = t->n;
    t->job++;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);
}

static void team_wait(Team *t)
{
    pthread_mutex_lock(&t->mu);
    while (t->busy > 0)
        pthread_cond_wait(&t->idle, &t->mu);
    pthread_mutex_unlock(&t->mu);
}

void team_stop(Team *t) { atomic_store_explicit(&t->stop, 1, memory_order_relaxed); }

void team_finish(Team *t)
{
    team_stop(t);
    team_wait(t);
}

void team_start_lazy(Team *t, const Ctx *main, const void *root, bool deepen, int target)
{
    t->deepen = deepen; /* read by the helpers after the mutex in team_start */
    t->target = target;
    team_start(t, main, root, JOB_LAZY);
}

/// The root split.  A solve that the game's solver takes at the root is
/// one call of one solver, which Lazy SMP cannot share: every helper
/// would solve the same root again with its own tables.  So its moves are
/// shared out instead, the best ordered first: each thread takes the next
/// one nobody has taken and solves it with its own solver (split_move),
/// until none is left.  The value is exact, as each move's is, whatever
/// the order the threads finish in; the move is a best one, not always
/// the one a single thread would name among equal ones.  The price is
/// what the threads' separate tables do not share, and the first moves:
/// each thread's first is solved in the full window before the team knows
/// a value to test the others against.
int team_split(Team *t, Ctx *main, const void *root, Move *pv, int *pv_len)
{
    Split *sp = &t->split;
    sp->n = main->ops->legal_moves(main->g, root, sp->moves);
    if (main->cfg.order != ORDER_NATURAL)
        order_moves(main, 0, sp->moves, sp->n, MOVE_NONE);
    atomic_store_explicit(&sp->next, 0, memory_order_relaxed);
    atomic_store_explicit(&sp->best, split_pack(-INF, sp->n), memory_order_relaxed);
    team_start(t, main, root, JOB_SPLIT);
    split_work(main, sp);
    if (main->stopped)
        team_stop(t);
    team_wait(t);
    if (atomic_load_explicit(&t->stopped, memory_order_relaxed))
        main->stopped = true;
    main->ply[0].pv_len = 0;
    *pv_len = 0;
    if (main->stopped)
        return 0;
    const uint64_t best = atomic_load_explicit(&sp->best, memory_order_relaxed);
    pv[0] = main->ply[0].pv[0] = sp->moves[split_index(best)];
    *pv_len = main->ply[0].pv_len = 1;
    return split_value(best);
}

/* ---- the team's life ---------------------------------------------------------- */

Team *team_new(const Game *g, const SearchConfig *asked, int helpers, Tt *tt, int history_max,
               Err *err)
{
    Team *t = calloc(1, sizeof *t);
    if (!t)
        return err_set(err, "out of memory for the search threads"), NULL;
    pthread_mutex_init(&t->mu, NULL);
    pthread_cond_init(&t->wake, NULL);
    pthread_cond_init(&t->idle, NULL);
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
    for (int i = 0; i < t->n; i++) {
        if (pthread_create(&t->h[i]->thread, NULL, helper_main, t->h[i]) != 0) {
            team_free(t);
            return err_set(err, "cannot start the search threads"), NULL;
        }
        t->h[i]->started = true;
    }
    return t;
}

void team_free(Team *t)
{
    if (!t)
        return;
    pthread_mutex_lock(&t->mu);
    t->quit = true;
    pthread_cond_broadcast(&t->wake);
    pthread_mutex_unlock(&t->mu);
    for (int i = 0; i < t->n; i++)
        if (t->h[i]->started)
            pthread_join(t->h[i]->thread, NULL);
    for (int i = 0; i < t->n; i++) {
        ctx_release(&t->h[i]->c);
        free(t->h[i]);
    }
    free(t->h);
    pthread_cond_destroy(&t->idle);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->mu);
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
