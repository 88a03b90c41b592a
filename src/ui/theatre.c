/* theatre.c - the search theatre: one search, or two side by side, shown a
 * step at a time.  The steps are the engine's own trace of the real
 * algorithm (engine/trace_log.h), recorded once; the screen replays them
 * to any step (engine/replay.h), so stepping back is as exact as stepping
 * on.  The tree as the search has seen it fills the left (theatre_draw.c),
 * the counts per ply the right, and the step in words sits under them. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/clock.h"
#include "base/i18n.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "ui/fmt.h"
#include "ui/screen.h"
#include "ui/theatre.h"

/* Steps per second when running (r), slowest first. */
static const int speeds[] = {1, 2, 5, 10, 20, 50, 100, 500};
#define NSPEEDS ((int)(sizeof speeds / sizeof speeds[0]))
#define SPEED_DEFAULT 2

/* ---- recording --------------------------------------------------------- */

static void lane_free(TheatreLane *l)
{
    trace_log_free(&l->log);
    replay_free(l->replay);
    l->replay = NULL;
}

bool theatre_lane_samples(const TheatreLane *l)
{
    return (algorithm(l->cfg.algo)->flags & ALGO_SAMPLING) != 0;
}

static int iterations_of(const SearchConfig *cfg)
{
    return cfg->iterations > 0 ? cfg->iterations : MCTS_DEFAULT_ITERATIONS;
}

/* The next number below n in 1, 2, 5, 10, 20, 50, ...: round counts of
 * iterations to try. */
static int fewer(int n)
{
    int decade = 1;
    while (decade <= n / 10)
        decade *= 10;
    const int steps[] = {5, 2, 1};
    for (int i = 0; i < 3; i++)
        if (steps[i] * decade < n)
            return steps[i] * decade;
    return decade / 2 > 0 ? decade / 2 : 1;
}

/// The search cfg of root (after the positions in history) kept step by
/// step in log; -1 + err when it cannot be shown, a search too big saying
/// so.  A sampling search too big to show whole is shown for its first
/// iterations, as many as fit (cfg->iterations is lowered to them): with
/// the same seed they are the whole search's own first iterations, step
/// for step, so what is shown is the beginning of the real search, not
/// another one.
static int record(const Game *g, const void *root, const void *const *history, int nhistory,
                  SearchConfig *cfg, TraceLog *log, Err *err)
{
    const bool sampling = algorithm(cfg->algo)->flags & ALGO_SAMPLING;
    if (sampling)
        cfg->iterations = iterations_of(cfg);
    int rc;
    for (;;) {
        rc = trace_log_search(log, g, cfg, root, history, nhistory, UI_THEATRE_MAX_STEPS, err);
        if (rc != 1 || !sampling || cfg->iterations == 1)
            break;
        cfg->iterations = fewer(cfg->iterations);
    }
    if (rc == 1)
        err_set(err,
                _("this search takes more than %d steps to show: ask for less (a smaller "
                  "depth, or a position nearer the end)"),
                UI_THEATRE_MAX_STEPS);
    if (rc != 0) {
        trace_log_free(log);
        return -1;
    }
    return 0;
}

int theatre_fits(const Game *g, const void *root, const void *const *history, int nhistory,
                 const SearchConfig *cfg, Err *err)
{
    TraceLog log;
    SearchConfig shown = *cfg;
    const int rc = record(g, root, history, nhistory, &shown, &log, err);
    trace_log_free(&log);
    return rc;
}

/* Search the root with l->cfg, keeping every step; on failure the lane is
 * left as it was and err says why. */
int theatre_lane_record(Theatre *t, TheatreLane *l, Err *err)
{
    TraceLog log;
    SearchConfig cfg = l->cfg;
    const int asked = iterations_of(&cfg);
    if (record(t->game, t->root, (const void *const *)t->history, t->nhistory, &cfg, &log,
               err) != 0)
        return -1;
    Replay *r = replay_new(t->game, t->root);
    if (!r) {
        trace_log_free(&log);
        return err_set(err, "out of memory");
    }
    lane_free(l);
    l->cfg = cfg;
    l->asked_iterations = theatre_lane_samples(l) && cfg.iterations < asked ? asked : 0;
    l->log = log;
    l->replay = r;
    l->teller = trace_teller(t->game, t->root, &l->cfg);
    return 0;
}

/* ---- moving through the steps ----------------------------------------- */

static int lane_step(const TheatreLane *l) { return l->replay->step; }
static int lane_end(const TheatreLane *l) { return l->log.n; }
static void lane_seek(TheatreLane *l, int step) { replay_seek(l->replay, &l->log, step); }

/* The step just after the next event of `kind` from `from` on (the end
 * when there is none). */
static int after_next(const TheatreLane *l, int from, TraceKind kind)
{
    const int i = trace_log_next(&l->log, from, kind);
    return i < l->log.n ? i + 1 : l->log.n;
}

/* The step just after the last event of `kind` before step `from` - 1,
 * that is, one such event back; 0 when there is none. */
static int after_previous(const TheatreLane *l, int from, TraceKind kind)
{
    for (int i = from - 2; i >= 0; i--)
        if (l->log.events[i].kind == kind)
            return i + 1;
    return 0;
}

/* The step that closes the node the search is in (finish this subtree);
 * a sampling search's: that ends the iteration under way. */
static int after_close(const TheatreLane *l)
{
    if (theatre_lane_samples(l))
        return after_next(l, lane_step(l), TRACE_BACKUP);
    const int ply = l->replay->top;
    for (int i = lane_step(l); i < l->log.n; i++)
        if (l->log.events[i].kind == TRACE_CLOSE && l->log.events[i].ply == ply)
            return i + 1;
    return l->log.n;
}

typedef enum { MOVE_STEP, MOVE_BACK, MOVE_NODE, MOVE_NODE_BACK, MOVE_FINISH, MOVE_START,
               MOVE_END } TheatreMove;

/* What j and k step by: a node entered, or a whole iteration of a
 * sampling search (to just after its backup, its numbers counted). */
static TraceKind node_kind(const TheatreLane *l)
{
    return theatre_lane_samples(l) ? TRACE_BACKUP : TRACE_ENTER;
}

/* What side by side steps by: a leaf, or a sampling search's playout. */
static TraceKind leaf_kind(const TheatreLane *l)
{
    return theatre_lane_samples(l) ? TRACE_PLAYOUT : TRACE_LEAF;
}

/* One search alone moves by events; side by side, on and back are
 * theatre_move's. */
static void lane_move(TheatreLane *l, TheatreMove how)
{
    const int at = lane_step(l);
    switch (how) {
    case MOVE_STEP:
        lane_seek(l, at + 1);
        break;
    case MOVE_BACK:
        lane_seek(l, at - 1);
        break;
    case MOVE_NODE:
        lane_seek(l, after_next(l, at, node_kind(l)));
        break;
    case MOVE_NODE_BACK:
        lane_seek(l, after_previous(l, at, node_kind(l)));
        break;
    case MOVE_FINISH:
        lane_seek(l, after_close(l));
        break;
    case MOVE_START:
        lane_seek(l, 0);
        break;
    case MOVE_END:
        lane_seek(l, lane_end(l));
        break;
    }
}

/* The step just after the lane's k-th leaf (or playout); its end when it
 * has fewer. */
static int after_leaf(const TheatreLane *l, uint64_t k)
{
    const TraceKind leaf = leaf_kind(l);
    uint64_t seen = 0;
    for (int i = 0; i < l->log.n && k > 0; i++)
        if (l->log.events[i].kind == leaf && ++seen == k)
            return i + 1;
    return k == 0 ? 0 : l->log.n;
}

static void theatre_move(Theatre *t, TheatreMove how)
{
    /* Side by side, on and back go by the leaf count of the search
     * further on, so a search that has finished waits at its end until the
     * other comes back past its last leaf, in either direction alike. */
    if (t->nlanes == 2 && (how == MOVE_STEP || how == MOVE_BACK)) {
        uint64_t leaves = 0;
        for (int i = 0; i < 2; i++)
            if (t->lane[i].replay->total.leaves > leaves)
                leaves = t->lane[i].replay->total.leaves;
        const uint64_t k = how == MOVE_STEP ? leaves + 1 : leaves > 0 ? leaves - 1 : 0;
        for (int i = 0; i < 2; i++)
            lane_seek(&t->lane[i], after_leaf(&t->lane[i], k));
        return;
    }
    for (int i = 0; i < t->nlanes; i++)
        lane_move(&t->lane[i], how);
}

static bool all_at_end(const Theatre *t)
{
    for (int i = 0; i < t->nlanes; i++)
        if (lane_step(&t->lane[i]) < lane_end(&t->lane[i]))
            return false;
    return true;
}

/* ---- the screen -------------------------------------------------------- */

static int theatre_init(Screen *s, void *arg)
{
    UiTheatreArg *a = arg;
    Theatre *t = calloc(1, sizeof *t);
    if (!t)
        return -1;
    Err err = {{0}};
    t->game = game_open(a->id, a->opts, a->nopts, &err);
    if (t->game) {
        if (a->state)
            memcpy(t->root, a->state, t->game->state_size);
        else if (!a->position || !a->position[0])
            t->game->ops->start(t->game, t->root);
        else
            t->game->ops->parse_position(t->game, a->position, t->root, &err);
    }
    const int skip = a->nhistory > THEATRE_MAX_HISTORY ? a->nhistory - THEATRE_MAX_HISTORY : 0;
    for (int i = skip; t->game && i < a->nhistory; i++) {
        unsigned char *copy = malloc(t->game->state_size);
        if (!copy)
            break;
        memcpy(copy, a->history[i], t->game->state_size);
        t->history[t->nhistory++] = copy;
    }
    t->nlanes = a->nsearches == 2 ? 2 : 1;
    t->speed = SPEED_DEFAULT;
    for (int i = 0; i < t->nlanes && t->game && !err.msg[0]; i++) {
        t->lane[i].cfg = a->cfg[i];
        theatre_lane_record(t, &t->lane[i], &err);
    }
    if (err.msg[0]) {
        snprintf(a->error, sizeof a->error, "%s", err.msg);
        theatre_free_data(t);
        return -1;
    }
    snprintf(t->note, sizeof t->note, "%s", a->note ? a->note : "");
    s->data = t;
    if (t->note[0])
        app_message(s->app, ST_NORMAL, "%s", t->note);
    return 0;
}

void theatre_free_data(Theatre *t)
{
    if (!t)
        return;
    for (int i = 0; i < 2; i++)
        lane_free(&t->lane[i]);
    for (int i = 0; i < t->nhistory; i++)
        free(t->history[i]);
    game_close(t->game);
    free(t);
}

static void theatre_free(Screen *s) { theatre_free_data(s->data); }

/* A new search in lane i (another algorithm or move order); the old one
 * stays when the new one is too big to show. */
static void rerecord(Screen *s, int i, SearchConfig cfg)
{
    Theatre *t = s->data;
    TheatreLane l = {.cfg = cfg};
    Err err = {{0}};
    if (theatre_lane_record(t, &l, &err) != 0) {
        app_message(s->app, ST_BAD, "%s", err.msg);
        return;
    }
    lane_free(&t->lane[i]);
    t->lane[i] = l;
}

static Algo next_algo(Algo a, int by) { return (Algo)(((int)a + by + ALGO_COUNT) % ALGO_COUNT); }

/* Side by side against the algorithm a student most wants to see beside
 * this one: alpha-beta beside minimax, minimax beside the rest. */
static void toggle_versus(Screen *s)
{
    Theatre *t = s->data;
    if (t->nlanes == 2) {
        lane_free(&t->lane[1]);
        t->nlanes = 1;
        return;
    }
    SearchConfig cfg = t->lane[0].cfg;
    cfg.algo = cfg.algo == ALGO_MINIMAX ? ALGO_ALPHABETA : ALGO_MINIMAX;
    t->lane[1] = (TheatreLane){.cfg = cfg};
    Err err = {{0}};
    if (theatre_lane_record(t, &t->lane[1], &err) != 0) {
        app_message(s->app, ST_BAD, "%s", err.msg);
        return;
    }
    t->nlanes = 2;
    theatre_move(t, MOVE_START);
}

static void goto_done(void *ctx, const char *answer)
{
    Screen *s = ctx;
    Theatre *t = s->data;
    char *end;
    const long n = strtol(answer, &end, 10);
    if (end == answer || *end || n < 0) {
        app_message(s->app, ST_BAD, _("not a step number: %.40s"), answer);
        return;
    }
    for (int i = 0; i < t->nlanes; i++) {
        lane_seek(&t->lane[i], n > INT32_MAX ? INT32_MAX : (int)n);
        if (n > lane_end(&t->lane[i]))
            app_message(s->app, ST_NORMAL, _("the search has %d steps: here is the last"),
                        lane_end(&t->lane[i]));
    }
}

static void change_algo(Screen *s, int lane, int by)
{
    Theatre *t = s->data;
    if (lane >= t->nlanes)
        return;
    SearchConfig cfg = t->lane[lane].cfg;
    cfg.algo = next_algo(cfg.algo, by);
    rerecord(s, lane, cfg);
}

/* Natural order and the engine's best order: what makes alpha-beta pay.
 * A sampling search takes no order: it is left as it is. */
static void flip_order(Screen *s)
{
    Theatre *t = s->data;
    int flipped = 0;
    for (int i = 0; i < t->nlanes; i++) {
        if (theatre_lane_samples(&t->lane[i]))
            continue;
        SearchConfig cfg = t->lane[i].cfg;
        cfg.order = cfg.order == ORDER_BEST ? ORDER_NATURAL : ORDER_BEST;
        rerecord(s, i, cfg);
        flipped++;
    }
    if (!flipped)
        app_message(s->app, ST_NORMAL, "%s",
                    _("mcts plays no moves in order: it samples them at random"));
}

static void theatre_key(Screen *s, int key)
{
    Theatre *t = s->data;
    if (key != 'r' && key != '+' && key != '=' && key != '-')
        t->running = false;
    switch (key) {
    case KEY_RIGHT: case 'l': case ' ': theatre_move(t, MOVE_STEP); break;
    case KEY_LEFT: case 'h': case KEY_BACKSPACE: case 127: theatre_move(t, MOVE_BACK); break;
    case KEY_DOWN: case 'j': theatre_move(t, MOVE_NODE); break;
    case KEY_UP: case 'k': theatre_move(t, MOVE_NODE_BACK); break;
    case 'f': theatre_move(t, MOVE_FINISH); break;
    case KEY_HOME: case '0': theatre_move(t, MOVE_START); break;
    case KEY_END: case '$': theatre_move(t, MOVE_END); break;
    case 'r':
        if (all_at_end(t))
            app_message(s->app, ST_NORMAL, "%s", _("at the end: Home goes back to the start"));
        t->running = !t->running && !all_at_end(t);
        t->run_from_ms = clock_ms();
        t->owed = 0;
        break;
    case '+': case '=':
        t->speed = t->speed + 1 < NSPEEDS ? t->speed + 1 : t->speed;
        app_message(s->app, ST_NORMAL, _("%d steps a second"), speeds[t->speed]);
        break;
    case '-':
        t->speed = t->speed > 0 ? t->speed - 1 : 0;
        app_message(s->app, ST_NORMAL, _("%d steps a second"), speeds[t->speed]);
        break;
    case 'g': {
        UiPromptArg p = {.question = _("Go to step:"), .done = goto_done, .ctx = s};
        app_push(s->app, &screen_prompt, &p);
        break;
    }
    case 'a': change_algo(s, 0, 1); break;
    case 'A': change_algo(s, 0, -1); break;
    case 'b': change_algo(s, 1, 1); break;
    case 'B': change_algo(s, 1, -1); break;
    case 'v': toggle_versus(s); break;
    case 'o': flip_order(s); break;
    case '?': app_push(s->app, &screen_help, (void *)(uintptr_t)N_("Search theatre")); break;
    case 'q': case KEY_ESCAPE: app_pop(s); break;
    default: break;
    }
}

static void theatre_tick(Screen *s)
{
    Theatre *t = s->data;
    if (!t->running)
        return;
    const uint64_t now = clock_ms();
    t->owed += (double)(now - t->run_from_ms) * speeds[t->speed] / 1000.0;
    t->run_from_ms = now;
    while (t->owed >= 1 && !all_at_end(t)) {
        theatre_move(t, MOVE_STEP);
        t->owed -= 1;
    }
    if (all_at_end(t))
        t->running = false;
}

static void theatre_draw_screen(Screen *s, Grid *g)
{
    Theatre *t = s->data;
    draw_title(g, _("Search theatre"), s->app);
    theatre_draw(t, g, s->app->glyphs);
    if (t->running) {
        char run[48];
        snprintf(run, sizeof run, _("running, %d steps a second"), speeds[t->speed]);
        grid_put(g, 0, g->w - grid_text_width(run) - 1, ST_GOOD, run);
    }
    draw_message(g, s->app);
    static const char *const keys[] = {
        "\xe2\x86\x92", N_("step"), "\xe2\x86\x90", N_("back"), "f", N_("finish"),
        "r", N_("run"), "v", N_("versus"), "a", N_("algorithm"), "o", N_("order"),
        "?", N_("help"), "q", N_("back"), NULL};
    static const char *const keys_ascii[] = {
        "->", N_("step"), "<-", N_("back"), "f", N_("finish"), "r", N_("run"),
        "v", N_("versus"), "a", N_("algorithm"), "q", N_("back"), "?", N_("help"),
        "o", N_("order"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_theatre = {
    .name = "theatre",
    .min_w = 60,
    .min_h = 16,
    .init = theatre_init,
    .key = theatre_key,
    .draw = theatre_draw_screen,
    .tick = theatre_tick,
    .free = theatre_free,
};
