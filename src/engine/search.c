/* search.c - the engine's API (search.h): owning the memory, iterative
 * deepening, the search thread and its helpers (team.c), live statistics. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "engine/algorithm.h"
#include "engine/algos.h"
#include "engine/team.h"


#define MAX_HISTORY 1024 /* game positions before the root kept for repetition */
#define SOLVE_ENGINE_TABLE_MB 64 /* see search_new: a solve that the game's solver takes */

struct Search {
    Ctx c;
    LiveStats live;
    atomic_int stop_request;
    Tt tt;
    Memo memo;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    unsigned char *history_states; /* MAX_HISTORY states */
    SearchResult result;
    int result_status;
    Err thread_err;
    pthread_t thread;
    bool thread_live;
    Team *team; /* the helper threads, NULL when the search runs on one */
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
    cfg->extra_turn = EXTRA_TURN_FULL;
    cfg->features = YOMI_DEFAULT_FEATURES;
    cfg->endgame = SEARCH_ENDGAME_AUTO;
    cfg->exploration = 1.4142135623730951; /* sqrt(2), UCB1's own */
    cfg->seed = 1;
    cfg->threads = 1;
}

int search_cores(void)
{
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : (int)n;
}

/* Threads help only an algorithm that searches over the table they share
 * (algorithm.h ALGO_PARALLEL); the others keep their textbook counts.
 * The game's solver, where it takes the search's root, may use as many
 * (its helpers of its own, over its own table: game.h solver_threads). */
static int threads_asked(const SearchConfig *cfg)
{
    if (!(algorithm(cfg->algo)->flags & ALGO_PARALLEL) || cfg->table != TABLE_ON)
        return 1;
    return cfg->threads == SEARCH_THREADS_ALL ? search_cores() : cfg->threads;
}

/* The search's own threads.  A solve that the game's solver takes whole
 * is one call of the solver on the main thread (search_iterate says why),
 * which runs the solver's own threads if it has them: the search's
 * helpers would only hold memory (a solver each). */
static int threads_used(const Game *g, const SearchConfig *cfg)
{
    if (cfg->solve && cfg->endgame >= SEARCH_ENDGAME_ALL && g->ops->solver_new)
        return 1;
    return threads_asked(cfg);
}

Search *search_new(const Game *g, const SearchConfig *cfg, Err *err)
{
    if (!algorithm(cfg->algo))
        return err_set(err, "unknown algorithm"), NULL;
    if (!cfg->solve && (cfg->depth < 0 || cfg->depth > DEPTH_SOLVE - 1))
        return err_set(err, "depth %d is out of range (0..%d)", cfg->depth, DEPTH_SOLVE - 1), NULL;
    if (cfg->table != TABLE_OFF && (cfg->table_mb < 1 || cfg->table_mb > 65536))
        return err_set(err, "table size %d MB is out of range (1..65536)", cfg->table_mb), NULL;
    if (cfg->threads < 0 || cfg->threads > SEARCH_MAX_THREADS)
        return err_set(err, "threads %d is out of range (1..%d)", cfg->threads, SEARCH_MAX_THREADS), NULL;
    if (g->state_size > GAME_MAX_STATE)
        return err_set(err, "%s: state too large", g->name), NULL;
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return err_set(err, "out of memory"), NULL;
    Ctx *c = &s->c;
    if (ctx_init(c, g, cfg, MAX_HISTORY, err) != 0) {
        search_free(s);
        return NULL;
    }
    c->live = &s->live;
    c->stop_request = &s->stop_request;
    /* The main thread's solver gets the threads for the roots it takes
     * whole (a solve, or a search's root near the end), when the game's
     * solver can use them. */
    const int solver_threads = threads_asked(cfg);
    if (c->solver && solver_threads > 1 && g->ops->solver_threads) {
        if (g->ops->solver_threads(c->solver, solver_threads, err) != 0) {
            search_free(s);
            return NULL;
        }
        c->solver_threads = solver_threads;
    }
    s->history_states = malloc((size_t)MAX_HISTORY * GAME_MAX_STATE);
    bool ok = s->history_states != NULL;
    /* A solve with the game's own solver taking every position gives it
     * the table_mb; the engine's table then serves only the positions the
     * solver refuses (Kalah's seed rules, small boards), and allocating
     * both at full size doubled the memory of a big Kalah solve. */
    const bool solver_takes_all = cfg->solve && cfg->endgame >= SEARCH_ENDGAME_ALL && g->ops->solver_new;
    const int engine_table_mb = solver_takes_all && cfg->table_mb > SOLVE_ENGINE_TABLE_MB
                                    ? SOLVE_ENGINE_TABLE_MB : cfg->table_mb;
    if (ok && cfg->algo == ALGO_PNS) {
        /* Proof numbers are its table: its own, of table_mb, in any mode. */
        c->pns = pns_new(cfg->table_mb);
        ok = c->pns != NULL;
    } else if (ok && cfg->algo == ALGO_MCTS) {
        /* Its tree is its table: a pool of nodes, table_mb at most. */
        c->mcts = mcts_new(cfg);
        ok = c->mcts != NULL;
    } else if (ok && cfg->table == TABLE_ON) {
        ok = tt_init(&s->tt, (size_t)engine_table_mb << 20) == 0;
        c->tt = &s->tt;
    } else if (ok && cfg->table == TABLE_EXACT) {
        ok = memo_init(&s->memo, (size_t)engine_table_mb << 20) == 0;
        c->memo = &s->memo;
    }
    if (!ok) {
        search_free(s);
        return err_set(err, "out of memory for the search (table %d MB)", cfg->table_mb), NULL;
    }
    const int threads = threads_used(g, cfg);
    if (threads > 1 && !(s->team = team_new(g, cfg, threads - 1, &s->tt, MAX_HISTORY, err))) {
        search_free(s);
        return NULL;
    }
    return s;
}

int search_threads(const Search *s)
{
    const int searching = s->team ? 1 + team_size(s->team) : 1;
    return searching > s->c.solver_threads ? searching : s->c.solver_threads;
}

void search_free(Search *s)
{
    if (!s)
        return;
    if (s->thread_live) {
        search_stop(s);
        pthread_join(s->thread, NULL);
    }
    team_free(s->team);
    pns_free(s->c.pns);
    mcts_free(s->c.mcts);
    ctx_release(&s->c);
    tt_free(&s->tt);
    memo_free(&s->memo);
    free(s->history_states);
    free(s);
}

void search_set_trace(Search *s, TraceFn fn, void *arg)
{
    s->c.trace = fn;
    s->c.trace_arg = arg;
    s->c.trace_len[0] = 0; /* the root: nothing else ever sets it */
}

void search_set_history(Search *s, const void *const *states, int n)
{
    if (n > MAX_HISTORY)
        states += n - MAX_HISTORY, n = MAX_HISTORY;
    if (n < 0)
        n = 0;
    const void *slots[MAX_HISTORY];
    for (int i = 0; i < n; i++) {
        unsigned char *slot = s->history_states + (size_t)i * GAME_MAX_STATE;
        memcpy(slot, states[i], s->c.g->state_size);
        slots[i] = slot;
    }
    ctx_set_history(&s->c, slots, n);
    if (s->team)
        team_set_history(s->team, slots, n);
}

int search_set_limits(Search *s, int depth, int time_ms, uint64_t node_limit, Err *err)
{
    if (s->thread_live)
        return err_set(err, "a search is running");
    if (depth < 0 || depth > DEPTH_SOLVE - 1)
        return err_set(err, "depth %d is out of range (0..%d)", depth, DEPTH_SOLVE - 1);
    s->c.cfg.depth = depth;
    s->c.cfg.solve = (algorithm(s->c.cfg.algo)->flags & ALGO_SOLVE_ONLY) != 0;
    s->c.cfg.time_ms = time_ms > 0 ? time_ms : 0;
    s->c.cfg.node_limit = node_limit;
    s->c.cfg.soft_ms = 0;
    return 0;
}

void search_set_soft_limit(Search *s, int soft_ms)
{
    if (!s->thread_live)
        s->c.cfg.soft_ms = soft_ms > 0 ? soft_ms : 0;
}

void search_clear(Search *s)
{
    if (s->c.tt)
        tt_clear(&s->tt);
    if (s->c.memo)
        memo_clear(&s->memo);
    if (s->c.pns)
        pns_clear(s->c.pns);
    ctx_forget(&s->c);
    if (s->team)
        team_forget(s->team);
}

/* Keep the PV only as far as it is legal (a table move could be stale). */
static int pv_legal_prefix(const Ctx *c, const void *root, const Move *pv, int n)
{
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    Move legal[GAME_MAX_MOVES];
    memcpy(a, root, c->g->state_size);
    for (int i = 0; i < n; i++) {
        const int nl = c->ops->legal_moves(c->g, a, legal);
        int j = 0;
        while (j < nl && legal[j] != pv[i])
            j++;
        if (j == nl)
            return i;
        c->ops->play(c->g, a, pv[i], b);
        memcpy(a, b, c->g->state_size);
    }
    return n;
}

/// When a limit stops the search (time, nodes, a stop), a helper may have
/// finished an iteration deeper than the main thread's last (an odd
/// helper runs a ply ahead): its answer rests on more search, so it is
/// the result, as Stockfish takes its deepest thread's.  A search that
/// reached its depth or solved the root keeps the main thread's answer.
static void take_helpers_deeper(Search *s, SearchResult *r, int main_depth)
{
    int depth, value, len;
    bool exact;
    Move pv[SEARCH_MAX_PLY];
    if (!team_deepest(s->team, main_depth, &depth, &value, pv, &len, &exact))
        return;
    r->value = value;
    r->pv_len = len;
    memcpy(r->pv, pv, (size_t)len * sizeof *pv);
    r->stats.depth = depth;
    r->stats.exact = exact;
    stats_publish_best(s->c.live, depth, value, pv, pv_legal_prefix(&s->c, s->root, pv, len));
}

/// Iterative deepening: search to depth 1, 2, 3, ... while there is time.
/// Each iteration is cheap next to the last one, and leaves behind what
/// makes the next one fast: the table's best moves and bounds, killers and
/// history, and MTD(f)'s first guess.  It also gives an answer whenever the
/// search is stopped: the last completed iteration's.  An iteration in
/// which no leaf was cut off by the depth limit has solved the position,
/// so deepening ends there.  Without a limit or the best configuration a
/// search is one plain iteration at the asked depth, as in the seeds.
/// With helper threads (team.c) they search beside every iteration (Lazy
/// SMP).  An iteration whose root the game's solver takes is the main
/// thread's alone: the solver is one call with tables of its own, which
/// the helpers' solvers do not share, and solving the root's moves apart
/// on several threads (each null-window against the best so far) kept the
/// value exact but measured slower than one thread on FFO #40-#49 (about
/// 0.75x by the busiest thread's CPU time, two threads): each child's
/// solve lost the root's selective passes and the shared table.  A solver
/// that can runs such a root on threads of its own over its one table
/// instead (game.h solver_threads: reversi's and Kalah's, BENCHMARKS.md
/// "Threads"), while the search's helpers wait.  A traced search runs on
/// its own thread alone.
static void search_iterate(Search *s, SearchResult *r, int soft_ms)
{
    Ctx *c = &s->c;
    const SearchConfig *cfg = &c->cfg;
    const int target = cfg->solve ? DEPTH_SOLVE : cfg->depth;
    const bool deepen = !(algorithm(cfg->algo)->flags & ALGO_SOLVE_ONLY) &&
                        (cfg->time_ms > 0 || cfg->node_limit > 0 || (cfg->algo == ALGO_YOMI && !cfg->solve) ||
                         (cfg->order == ORDER_BEST && cfg->table == TABLE_ON && !cfg->solve));
    Move pv[SEARCH_MAX_PLY];
    int guess = cfg->has_guess ? cfg->guess : 0, swing = 0;
    bool have = false;
    Team *team = ctx_tracing(c) ? NULL : s->team;
    bool helping = false; /* the team is on Lazy SMP */
    const uint64_t soft_ns = soft_ms > 0 && cfg->time_ms > soft_ms
                                 ? atomic_load_explicit(&s->live.start_ns, memory_order_relaxed) +
                                       (uint64_t)soft_ms * 1000000u
                                 : 0;
    for (int d = deepen ? 1 : target; d <= target; d++) {
        if (have && soft_ns && clock_ns() >= soft_ns)
            break; /* the next iteration would likely not finish */
        c->horizon = 0;
        if (ctx_tracing(c))
            ctx_trace(c, &(TraceEvent){.kind = TRACE_ITERATION, .depth = d});
        if (c->tt)
            tt_new_search(c->tt);
        const bool solver_root = ctx_wants_solver(c, 0, d);
        if (helping && solver_root)
            team_finish(team);
        else if (team && !helping && !solver_root)
            team_start_lazy(team, c, s->root, deepen, target);
        helping = team && !solver_root;
        int len;
        const int v = algo_iteration(c, d, guess, swing, pv, &len);
        if (c->stopped) {
            /* A partial iteration still knows its best among the root
             * moves it finished; take it only when nothing is complete.
             * (Taking it also when a finished root move beat the first
             * window's alpha lost at equal nodes: BENCHMARKS.md.) */
            if (!have && c->ply[0].pv_len > 0 &&
                !(algorithm(cfg->algo)->flags & ALGO_NULL_WINDOW_ROOT)) {
                ctx_root_pv(c, r->pv, &r->pv_len);
                r->value = v;
            }
            break;
        }
        have = true;
        r->value = v;
        r->pv_len = len;
        memcpy(r->pv, pv, (size_t)len * sizeof *pv);
        r->stats.depth = d;
        swing = d > 1 ? (v > guess ? v - guess : guess - v) : 0;
        guess = v;
        stats_publish(c->live, &c->n); /* a reader that sees depth d sees its nodes */
        stats_publish_best(c->live, d, v, pv, pv_legal_prefix(c, s->root, pv, len));
        r->stats.exact = c->horizon == 0;
        if (c->horizon == 0)
            break;
    }
    if (helping) {
        team_finish(team);
        if (c->stopped)
            take_helpers_deeper(s, r, have ? r->stats.depth : 0);
    }
    r->stopped = c->stopped;
}

/// A sampling search (MCTS) has no depth to deepen: it is one run whose
/// answer gets better with every playout and stands whenever the run
/// stops, so a time limit or a stop still gives its move and its line.
/// Its depth is the deepest ply its tree reached; its value is an
/// estimate, never exact.
static void search_sample(Search *s, SearchResult *r)
{
    Ctx *c = &s->c;
    c->reached = 0;
    int len = 0;
    r->value = algorithm(c->cfg.algo)->iteration(c, c->cfg.depth, 0, 0, r->pv, &len);
    r->pv_len = len;
    r->stats.depth = c->reached;
    r->stats.exact = false;
    r->stopped = c->stopped;
}

static void fill_stats(const Search *s, SearchStats *out);

/// A move on a clock (a soft limit) with one legal move needs no search
/// to choose it: what it saves is time the later moves get.  A little
/// search still gives the panel its value and line and leaves the table
/// warm for the reply, so it starts iterations for a quarter of its soft
/// limit and stops at half of it, as Stockfish caps such a move's time.
/// Other moves, and searches without a clock, keep their limits.
static int forced_move_soft_limit(Ctx *c, int nlegal, uint64_t start_ns)
{
    const int soft_ms = c->cfg.soft_ms;
    if (nlegal != 1 || soft_ms <= 0)
        return soft_ms;
    const uint64_t cap_ns = start_ns + (uint64_t)soft_ms * 500000u;
    if (!c->deadline_ns || c->deadline_ns > cap_ns)
        c->deadline_ns = cap_ns;
    return soft_ms / 4 > 0 ? soft_ms / 4 : 1;
}

static int search_body(Search *s, SearchResult *r)
{
    Ctx *c = &s->c;
    memset(r, 0, sizeof *r);
    r->move = MOVE_NONE;
    memset(&c->n, 0, sizeof c->n);
    c->stopped = false;
    if (s->team)
        team_begin(s->team, c);
    memcpy(ctx_state(c, 0), s->root, c->g->state_size);
    atomic_store_explicit(&s->live.end_ns, 0, memory_order_relaxed);
    const uint64_t start = clock_ns();
    atomic_store_explicit(&s->live.start_ns, start, memory_order_relaxed);
    atomic_store_explicit(&s->live.running, 1, memory_order_relaxed);
    stats_publish(&s->live, &c->n);
    stats_publish_best(&s->live, 0, 0, NULL, 0);
    stats_publish_roots(&s->live, NULL, 0);
    c->deadline_ns = c->cfg.time_ms > 0 ? start + (uint64_t)c->cfg.time_ms * 1000000u : 0;
    if (atomic_load_explicit(&s->stop_request, memory_order_relaxed))
        c->stopped = true;

    Move legal[GAME_MAX_MOVES];
    const int n = c->ops->legal_moves(c->g, s->root, legal);
    const bool sampling = algorithm(c->cfg.algo)->flags & ALGO_SAMPLING;
    if (n == 0) {
        r->value = ctx_terminal_value(c, 0);
        if (sampling) /* in its units: the game's result, win 100, loss -100 */
            r->value = r->value > 0 ? 100 : r->value < 0 ? -100 : 0;
    } else {
        if (sampling)
            search_sample(s, r);
        else
            search_iterate(s, r, forced_move_soft_limit(c, n, start));
        r->pv_len = pv_legal_prefix(c, s->root, r->pv, r->pv_len);
        if (r->pv_len == 0) { /* stopped before any root move finished */
            r->pv[0] = legal[0];
            r->pv_len = 1;
        }
        r->move = r->pv[0];
        r->turn_len = ctx_turn_moves(c, s->root, r->pv, r->pv_len, r->turn);
    }
    stats_publish(&s->live, &c->n);
    stats_publish_best(&s->live, r->stats.depth, r->value, r->pv, r->pv_len);
    atomic_store_explicit(&s->live.end_ns, clock_ns(), memory_order_relaxed);
    const int depth = r->stats.depth;
    const bool exact = n == 0 || r->stats.exact;
    fill_stats(s, &r->stats);
    r->stats.depth = depth;
    r->stats.exact = exact;
    r->stats.running = false;
    atomic_store_explicit(&s->live.running, 0, memory_order_release);
    return 0;
}

int search_run(Search *s, const void *root, SearchResult *out, Err *err)
{
    (void)err;
    if (s->thread_live)
        return err_set(err, "a search is already running");
    memcpy(s->root, root, s->c.g->state_size);
    atomic_store(&s->stop_request, 0);
    return search_body(s, out);
}

static void *search_thread(void *arg)
{
    Search *s = arg;
    s->result_status = search_body(s, &s->result);
    return NULL;
}

int search_start(Search *s, const void *root, Err *err)
{
    if (s->thread_live)
        return err_set(err, "a search is already running");
    memcpy(s->root, root, s->c.g->state_size);
    atomic_store(&s->stop_request, 0);
    atomic_store_explicit(&s->live.running, 1, memory_order_relaxed);
    atomic_store_explicit(&s->live.end_ns, 0, memory_order_relaxed);
    atomic_store_explicit(&s->live.start_ns, clock_ns(), memory_order_relaxed);
    /* Until the thread runs, a poll must not see the last search's answer. */
    stats_publish_best(&s->live, 0, 0, NULL, 0);
    stats_publish_roots(&s->live, NULL, 0);
    if (pthread_create(&s->thread, NULL, search_thread, s) != 0) {
        atomic_store_explicit(&s->live.running, 0, memory_order_relaxed);
        return err_set(err, "cannot start the search thread");
    }
    s->thread_live = true;
    return 0;
}

void search_stop(Search *s)
{
    atomic_store_explicit(&s->stop_request, 1, memory_order_relaxed);
    if (s->team)
        team_stop(s->team);
}

bool search_done(const Search *s)
{
    return !atomic_load_explicit(&((Search *)s)->live.running, memory_order_acquire);
}

static void fill_stats(const Search *s, SearchStats *out)
{
    LiveStats *l = (LiveStats *)&s->live;
    /* depth first: its acquire pairs with the release in
     * stats_publish_best, so the counters read after it are at least
     * those of the iteration it names. */
    out->depth = atomic_load_explicit(&l->depth, memory_order_acquire);
    out->nodes = atomic_load_explicit(&l->nodes, memory_order_relaxed);
    out->leaves = atomic_load_explicit(&l->leaves, memory_order_relaxed);
    out->probes = atomic_load_explicit(&l->probes, memory_order_relaxed);
    out->hits = atomic_load_explicit(&l->hits, memory_order_relaxed);
    out->cutoffs = atomic_load_explicit(&l->cutoffs, memory_order_relaxed);
    out->researches = atomic_load_explicit(&l->researches, memory_order_relaxed);
    out->mtd_passes = atomic_load_explicit(&l->mtd_passes, memory_order_relaxed);
    out->proof = atomic_load_explicit(&l->proof, memory_order_relaxed);
    out->disproof = atomic_load_explicit(&l->disproof, memory_order_relaxed);
    if (s->team)
        team_add_counters(s->team, out);
    out->value = atomic_load_explicit(&l->value, memory_order_relaxed);
    out->best = (Move)atomic_load_explicit(&l->best, memory_order_relaxed);
    out->running = atomic_load_explicit(&l->running, memory_order_relaxed) != 0;
    out->exact = false; /* known only to the finished result */
    const uint64_t start = atomic_load_explicit(&l->start_ns, memory_order_relaxed);
    uint64_t end = atomic_load_explicit(&l->end_ns, memory_order_relaxed);
    if (end == 0)
        end = clock_ns();
    const uint64_t ns = end > start ? end - start : 0;
    out->elapsed_ms = ns / 1000000u;
    out->nps = ns ? (uint64_t)((double)out->nodes * 1e9 / (double)ns) : 0;
}

void search_poll(const Search *s, SearchStats *out) { fill_stats(s, out); }

int search_poll_pv(const Search *s, Move *pv, int max) { return stats_read_pv(&s->live, pv, max); }

int search_poll_roots(const Search *s, SearchRootMove *out, int max)
{
    return stats_read_roots(&s->live, out, max);
}

void search_wait(Search *s, SearchResult *out)
{
    if (s->thread_live) {
        pthread_join(s->thread, NULL);
        s->thread_live = false;
    }
    if (out)
        *out = s->result;
}
