/* compare.c - the race: every ticked algorithm searches one position, one
 * after another (steady counters, fair times) or all at once, each on its
 * own thread, polled every tick.  What it keeps teaches why they differ:
 * leaves on a log scale and how many times fewer than the most, the
 * counts that say why (cutoffs, re-searches, MTD(f)'s passes, table hits,
 * the effective branching factor), a sweep of depths 1..N drawn against
 * depth, and the same race again in the other move order (compare_draw.c
 * draws it). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "base/clock.h"
#include "base/i18n.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "ui/compare.h"

const char *compare_order_name(MoveOrder o)
{
    return o == ORDER_BEST ? _("best") : o == ORDER_STATIC ? _("static") : _("natural");
}

double compare_job_ebf(const Compare *c, const Job *j)
{
    if (j->state != JOB_DONE)
        return 0;
    return search_result_ebf(c->game, c->root, &j->result, j->depth == 0 && c->rq.base.solve);
}

/* ---- the jobs ------------------------------------------------------------ */

/* Every job in the order they start: the race's rows, then the sweep a
 * depth at a time (each algorithm at depth 1, then each at 2, ...), so a
 * sweep stopped half way still draws every algorithm as deep as the
 * shallowest got.  Returns how many. */
static int jobs_in_order(Compare *c, Job **out)
{
    int n = 0;
    for (int i = 0; i < c->nrows; i++)
        out[n++] = &c->rows[i];
    for (int d = 0; d < c->sweep_n; d++)
        for (int i = 0; i < c->nrows; i++)
            if (d < compare_sweep_len(c, i))
                out[n++] = &c->sweep[i][d];
    return n;
}

int compare_sweep_len(const Compare *c, int i)
{
    const unsigned flags = algorithm(c->rows[i].algo)->flags;
    if (flags & ALGO_SOLVE_ONLY)
        return c->sweep_n > 0 ? 1 : 0;
    if (flags & ALGO_SAMPLING)
        return c->sweep_n < SWEEP_SAMPLE_DECADES ? c->sweep_n : SWEEP_SAMPLE_DECADES;
    return c->sweep_n;
}

enum { MAX_JOBS = ALGO_COUNT * (SWEEP_MAX + 1) };

static void start_job(Compare *c, Job *j)
{
    Err err = {{0}};
    SearchConfig cfg = c->rq.base;
    cfg.algo = j->algo;
    if (j->depth > 0) { /* a depth of the sweep */
        cfg.solve = false;
        cfg.depth = j->depth;
    }
    if (j->iterations > 0) /* mcts's, in the sweep */
        cfg.iterations = j->iterations;
    j->search = search_new(c->game, &cfg, &err);
    if (!j->search || search_start(j->search, c->root, &err) != 0) {
        if (j->search)
            search_free(j->search);
        j->search = NULL;
        j->state = JOB_FAILED;
        snprintf(j->error, sizeof j->error, "%s", err.msg);
        return;
    }
    j->state = JOB_RUNNING;
}

/* Its counters now; false when it has finished. */
static bool poll_job(Job *j)
{
    search_poll(j->search, &j->stats);
    if (!search_done(j->search))
        return true;
    search_wait(j->search, &j->result);
    j->stats = j->result.stats;
    j->state = JOB_DONE;
    search_free(j->search);
    j->search = NULL;
    return false;
}

static void stop_job(Job *j)
{
    if (!j->search)
        return;
    search_stop(j->search);
    SearchResult res;
    search_wait(j->search, &res);
    search_free(j->search);
    j->search = NULL;
    if (j->state == JOB_RUNNING)
        j->state = JOB_STOPPED;
}

static void reset_job(Job *j)
{
    stop_job(j);
    *j = (Job){.algo = j->algo, .depth = j->depth, .iterations = j->iterations,
               .state = JOB_WAITING};
}

/* Poll the running jobs, then start the next waiting ones: one at a time,
 * or all at once with one job per algorithm (its sweep one depth after
 * another).  True when a job ended or started and one runs now. */
static bool schedule(Compare *c)
{
    Job *jobs[MAX_JOBS];
    const int n = jobs_in_order(c, jobs);
    bool busy[ALGO_COUNT] = {false}, moved = false;
    int running = 0;
    for (int i = 0; i < n; i++) {
        if (jobs[i]->state != JOB_RUNNING)
            continue;
        if (poll_job(jobs[i])) {
            running++;
            busy[jobs[i]->algo] = true;
        } else {
            moved = true;
        }
    }
    for (int i = 0; i < n && !c->stopped; i++) {
        Job *j = jobs[i];
        if (j->state != JOB_WAITING || busy[j->algo])
            continue;
        if (!c->rq.concurrent && running > 0)
            break;
        start_job(c, j);
        moved = true;
        if (j->state == JOB_RUNNING) {
            running++;
            busy[j->algo] = true;
        }
    }
    return moved && running > 0;
}

/* Searches that end at once (a small tree, a shallow depth: most of a
 * sweep) would take a tick each; for a few milliseconds of the tick the
 * next starts as soon as one ends. */
static void compare_tick(Screen *s)
{
    Compare *c = s->data;
    const uint64_t until = clock_ns() + 20 * 1000000u;
    while (schedule(c) && clock_ns() < until) {
        const struct timespec ms = {0, 1000000L};
        nanosleep(&ms, NULL);
    }
}

static void stop_all(Compare *c)
{
    Job *jobs[MAX_JOBS];
    const int n = jobs_in_order(c, jobs);
    for (int i = 0; i < n; i++)
        stop_job(jobs[i]);
}

/* x: the whole run ends, the jobs still waiting with it. */
static void stop_run(Compare *c)
{
    stop_all(c);
    c->stopped = true;
    Job *jobs[MAX_JOBS];
    const int n = jobs_in_order(c, jobs);
    for (int i = 0; i < n; i++)
        if (jobs[i]->state == JOB_WAITING)
            jobs[i]->state = JOB_NOT_RUN;
}

static void reset_race(Compare *c)
{
    for (int i = 0; i < c->nrows; i++)
        reset_job(&c->rows[i]);
}

/* The sweep's jobs: depth d + 1 in column d; for mcts 10^(d + 1)
 * iterations. */
static void reset_sweep(Compare *c)
{
    for (int i = 0; i < c->nrows; i++) {
        const bool sampling = algorithm(c->rows[i].algo)->flags & ALGO_SAMPLING;
        int iterations = 1; /* grown for mcts only: its sweep is short */
        for (int d = 0; d < compare_sweep_len(c, i); d++) {
            if (sampling)
                iterations *= 10;
            Job *j = &c->sweep[i][d];
            j->algo = c->rows[i].algo;
            j->depth = d + 1;
            j->iterations = sampling ? iterations : 0;
            reset_job(j);
        }
    }
}

/* s, the first time: depths 1..N, N the form's depth. */
static void start_sweep(Compare *c)
{
    c->sweep_n = c->rq.sweep_depth < 1 ? 1 : c->rq.sweep_depth > SWEEP_MAX ? SWEEP_MAX : c->rq.sweep_depth;
    reset_sweep(c);
}

/* o: the other order (natural and best; static goes to natural), run
 * again, what the old order counted kept to draw beside the new. */
static void flip_order(Compare *c)
{
    memset(c->before_leaves, 0, sizeof c->before_leaves);
    memset(c->before_nodes, 0, sizeof c->before_nodes);
    for (int i = 0; i < c->nrows; i++) {
        if (c->rows[i].state == JOB_DONE)
            c->before_leaves[i] = c->rows[i].stats.leaves;
        for (int d = 0; d < compare_sweep_len(c, i); d++)
            if (c->sweep[i][d].state == JOB_DONE)
                c->before_nodes[i][d] = c->sweep[i][d].stats.nodes;
    }
    c->has_before = true;
    c->before_order = c->rq.base.order;
    c->rq.base.order = c->rq.base.order == ORDER_NATURAL ? ORDER_BEST : ORDER_NATURAL;
    c->stopped = false;
    reset_race(c);
    reset_sweep(c);
}

/* ---- the screen ---------------------------------------------------------- */

static int compare_init(Screen *s, void *arg)
{
    Compare *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    s->data = c;
    c->rq = *(CompareRequest *)arg;
    for (int i = 0; i < c->rq.nopts; i++)
        c->rq.opts[i] = (GameOption){c->rq.optbuf[i][0], c->rq.optbuf[i][1]};
    /* A typed tree is the tree game's own tree: opened with it, so the
     * theatre opens the same one. */
    if (c->rq.typed && game_opens_with_position(c->rq.id))
        c->rq.opts[c->rq.nopts++] = (GameOption){"position", c->rq.position};
    Err err = {{0}};
    c->game = game_open(c->rq.id, c->rq.opts, c->rq.nopts, &err);
    if (!c->game) {
        app_message(s->app, ST_BAD, "%s", err.msg);
        free(c);
        return -1;
    }
    memset(c->root, 0, sizeof c->root);
    if (c->rq.position[0]) {
        if (c->game->ops->parse_position(c->game, c->rq.position, c->root, &err) != 0) {
            app_message(s->app, ST_BAD, _("not a position of this game: %s"), err.msg);
            game_close(c->game);
            free(c);
            return -1;
        }
    } else {
        c->game->ops->start(c->game, c->root);
    }
    for (int i = 0; i < ALGO_COUNT; i++)
        if (c->rq.algos[i])
            c->rows[c->nrows++] = (Job){.algo = (Algo)i, .state = JOB_WAITING};
    compare_tick(s);
    return 0;
}

static void compare_free(Screen *s)
{
    Compare *c = s->data;
    stop_all(c);
    game_close(c->game);
    free(c);
}

/* The row's search, step by step: the same position and settings. */
static void open_theatre(Screen *s)
{
    Compare *c = s->data;
    UiTheatreArg a = {.id = c->rq.id, .opts = c->rq.opts, .nopts = c->rq.nopts,
                      .state = c->root, .nsearches = 1};
    a.cfg[0] = c->rq.base;
    a.cfg[0].algo = c->rows[c->cur].algo;
    a.cfg[0].time_ms = 0;
    if (app_push(s->app, &screen_theatre, &a) != 0)
        app_message(s->app, ST_BAD, "%s", a.error[0] ? a.error : _("cannot open the theatre"));
}

static void compare_key(Screen *s, int key)
{
    Compare *c = s->data;
    int dr, dc;
    switch (key) {
    case KEY_ESCAPE:
        app_pop(s);
        return;
    case 'q':
        app_request_quit(s->app);
        return;
    case 'x':
        stop_run(c);
        return;
    case 'r': /* again, what is shown: the race or the sweep */
        c->stopped = false;
        if (c->show_sweep)
            reset_sweep(c);
        else
            reset_race(c);
        compare_tick(s);
        return;
    case 'o':
        flip_order(c);
        compare_tick(s);
        return;
    case 's':
        c->show_sweep = !c->show_sweep;
        if (c->show_sweep && c->sweep_n == 0) {
            c->stopped = false;
            start_sweep(c);
            compare_tick(s);
        }
        return;
    case '\t':
        c->columns = (Columns)((c->columns + 1) % COLUMNS_COUNT);
        c->show_sweep = false;
        return;
    case '?':
        app_push(s->app, &screen_help, (void *)(uintptr_t)N_("Algorithms"));
        return;
    default:
        break;
    }
    if (key_direction(key, &dr, &dc) && dr != 0 && c->nrows > 0) {
        c->cur = (c->cur + dr + c->nrows) % c->nrows;
        return;
    }
    if ((key == 't' || key_is_enter(key)) && c->nrows > 0)
        open_theatre(s);
}

const ScreenOps screen_compare = {
    .name = "compare",
    .min_w = 80,
    .min_h = 16,
    .init = compare_init,
    .key = compare_key,
    .draw = compare_draw,
    .tick = compare_tick,
    .free = compare_free,
};
