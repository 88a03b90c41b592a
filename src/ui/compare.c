/* compare.c - the compare screens: a form to choose the position and the
 * algorithms, then the race itself with live rows of counters, a bar chart
 * of leaves and, at the end, a table like the seeds' (value, leaves, hits,
 * time).  Runs one algorithm after another (steady counters, fair times) or
 * all at once. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "engine/algorithm.h"
#include "engine/search.h"
#include "games/registry.h"
#include "ui/fmt.h"
#include "ui/form.h"
#include "base/i18n.h"
#include "ui/screen.h"

/* ---- setup ------------------------------------------------------------- */

typedef struct {
    Form form;
    GameFields game;
    bool fixed;                  /* the position came from a game */
    char id[32];
    GameOption opts[4];
    char optbuf[4][2][32];
    int nopts;
    char position[512];
    int where, depth, solve, order, table, algo[ALGO_COUNT], mode, run;
} CompareSetup;

static const char *const where_names[] = {N_("the current position"), N_("the game's start")};
static const char *const mode_names[] = {N_("one after another"), N_("all at once")};
static const char *const noyes[] = {N_("no"), N_("yes")};

typedef struct {
    char id[32];
    GameOption opts[4];
    char optbuf[4][2][32];
    int nopts;
    char position[512];       /* "" = start */
    SearchConfig base;
    bool algos[ALGO_COUNT];
    bool concurrent;
} CompareRequest;

static void setup_update(CompareSetup *cs)
{
    if (!cs->fixed)
        form_show_game_fields(&cs->form, &cs->game);
    cs->form.f[cs->depth].hidden = cs->form.f[cs->solve].value;
    form_fix_cursor(&cs->form);
}

static int setup_init(Screen *s, void *arg)
{
    CompareSetup *cs = calloc(1, sizeof *cs);
    if (!cs)
        return -1;
    UiCompareArg *a = arg;
    Form *f = &cs->form;
    if (a) {
        cs->fixed = true;
        snprintf(cs->id, sizeof cs->id, "%s", a->id);
        cs->nopts = a->nopts > 4 ? 4 : a->nopts;
        for (int i = 0; i < cs->nopts; i++) {
            snprintf(cs->optbuf[i][0], 32, "%s", a->opts[i].key);
            snprintf(cs->optbuf[i][1], 32, "%s", a->opts[i].value);
            cs->opts[i] = (GameOption){cs->optbuf[i][0], cs->optbuf[i][1]};
        }
        snprintf(cs->position, sizeof cs->position, "%s", a->position ? a->position : "");
        cs->where = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Position"), .choices = where_names, .nchoices = 2});
    } else {
        form_add_game_fields(f, &cs->game);
        cs->where = -1;
    }
    cs->solve = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Solve to the end"), .choices = noyes, .nchoices = 2,
                                        .help = N_("search every line to the end of the game")});
    cs->depth = form_add(f, (FormField){.kind = FIELD_NUMBER, .label = N_("Depth"), .value = 8, .lo = 1, .hi = 40});
    cs->order = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Move order"), .choices = form_order_names, .nchoices = 3});
    cs->table = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Table"), .choices = form_table_names, .nchoices = 3});
    form_add(f, (FormField){.kind = FIELD_HEADING, .label = N_("Algorithms (Space ticks)")});
    for (int i = 0; i < ALGO_COUNT; i++) {
        cs->algo[i] = form_add(f, (FormField){.kind = FIELD_CHECK, .label = form_algo_names()[i], .indent = 1,
                                              .note = form_algo_notes()[i],
                                              .value = (algorithm((Algo)i)->flags & ALGO_COMPARED_BY_DEFAULT) != 0});
    }
    cs->mode = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Run"), .choices = mode_names, .nchoices = 2,
                                       .help = N_("one after another keeps the times fair on few cores")});
    cs->run = form_add(f, (FormField){.kind = FIELD_BUTTON, .label = N_("Compare")});
    s->data = cs;
    setup_update(cs);
    return 0;
}

static void setup_free(Screen *s) { free(s->data); }

static void setup_start(Screen *s)
{
    CompareSetup *cs = s->data;
    Form *f = &cs->form;
    CompareRequest rq;
    memset(&rq, 0, sizeof rq);
    if (cs->fixed) {
        snprintf(rq.id, sizeof rq.id, "%s", cs->id);
        rq.nopts = cs->nopts;
        memcpy(rq.optbuf, cs->optbuf, sizeof rq.optbuf);
        if (f->f[cs->where].value == 0)
            snprintf(rq.position, sizeof rq.position, "%s", cs->position);
    } else {
        GameOption o[4];
        rq.nopts = form_game_id(f, &cs->game, rq.id, sizeof rq.id, o,
                                (int)(sizeof o / sizeof o[0]));
        for (int i = 0; i < rq.nopts; i++) {
            snprintf(rq.optbuf[i][0], 32, "%s", o[i].key);
            snprintf(rq.optbuf[i][1], 32, "%s", o[i].value);
        }
    }
    search_config_default(&rq.base);
    rq.base.solve = f->f[cs->solve].value;
    rq.base.depth = f->f[cs->depth].value;
    rq.base.order = form_order_modes[f->f[cs->order].value];
    rq.base.table = form_table_modes[f->f[cs->table].value];
    int n = 0;
    for (int i = 0; i < ALGO_COUNT; i++)
        n += rq.algos[i] = f->f[cs->algo[i]].value;
    rq.concurrent = f->f[cs->mode].value == 1;
    if (n == 0) {
        app_message(s->app, ST_BAD, "%s", _("tick at least one algorithm (Space)"));
        return;
    }
    app_push(s->app, &screen_compare, &rq);
}

static void setup_changed(Screen *s) { setup_update(s->data); }

static void setup_key(Screen *s, int key)
{
    static const FormActions act = {setup_start, setup_changed, N_("Algorithms")};
    CompareSetup *cs = s->data;
    form_screen_key(s, &cs->form, key, &act);
}

static void setup_draw(Screen *s, Grid *g)
{
    CompareSetup *cs = s->data;
    char title[80];
    snprintf(title, sizeof title, "%s%s%s", _("Compare algorithms"), cs->fixed ? ": " : "",
             cs->fixed ? cs->id : "");
    draw_title(g, title, s->app);
    form_draw(&cs->form, g, 2, 2, g->h - 7, g->w - 4, s->app->glyphs);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("field"), "\xe2\x86\x90\xe2\x86\x92",
                                       N_("change"), "Space", N_("tick"), "Enter", N_("run"), "Esc", N_("back"),
                                       NULL};
    static const char *const keys_ascii[] = {"up/down", N_("field"), "left/right", N_("change"),
                                             "Space", N_("tick"), "Enter", N_("run"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_compare_setup = {
    .name = "compare-setup",
    .min_w = 60,
    .min_h = 16,
    .init = setup_init,
    .key = setup_key,
    .draw = setup_draw,
    .free = setup_free,
};

/* ---- the race ---------------------------------------------------------- */

typedef enum { ROW_WAITING, ROW_RUNNING, ROW_DONE, ROW_FAILED, ROW_NOT_RUN } RowState;

typedef struct {
    Algo algo;
    Search *search;
    RowState state;
    SearchStats stats;
    SearchResult result;
    char error[ERR_MSG_MAX]; /* a whole engine message */
} Row;

typedef struct {
    CompareRequest rq;
    Game *game;
    unsigned char root[GAME_MAX_STATE];
    Row rows[ALGO_COUNT];
    int nrows;
    bool stopped; /* x: the rows still waiting are not started */
    char error[200];
    int cur;      /* the row t opens in the theatre */
} Compare;

static void start_row(Compare *c, Row *r)
{
    Err err = {{0}};
    SearchConfig cfg = c->rq.base;
    cfg.algo = r->algo;
    r->search = search_new(c->game, &cfg, &err);
    if (!r->search || search_start(r->search, c->root, &err) != 0) {
        r->state = ROW_FAILED;
        snprintf(r->error, sizeof r->error, "%s", err.msg);
        return;
    }
    r->state = ROW_RUNNING;
}

static void compare_tick(Screen *s)
{
    Compare *c = s->data;
    bool running = false;
    for (int i = 0; i < c->nrows; i++) {
        Row *r = &c->rows[i];
        if (r->state != ROW_RUNNING)
            continue;
        search_poll(r->search, &r->stats);
        if (search_done(r->search)) {
            search_wait(r->search, &r->result);
            r->stats = r->result.stats;
            r->state = ROW_DONE;
            search_free(r->search);
            r->search = NULL;
        } else {
            running = true;
        }
    }
    if (running || c->stopped)
        return;
    for (int i = 0; i < c->nrows; i++) {
        if (c->rows[i].state == ROW_WAITING) {
            start_row(c, &c->rows[i]);
            if (!c->rq.concurrent && c->rows[i].state == ROW_RUNNING)
                return;
        }
    }
}

static int compare_init(Screen *s, void *arg)
{
    Compare *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    s->data = c;
    c->rq = *(CompareRequest *)arg;
    for (int i = 0; i < c->rq.nopts; i++)
        c->rq.opts[i] = (GameOption){c->rq.optbuf[i][0], c->rq.optbuf[i][1]};
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
            app_message(s->app, ST_BAD, "%s", err.msg);
            game_close(c->game);
            free(c);
            return -1;
        }
    } else {
        c->game->ops->start(c->game, c->root);
    }
    for (int i = 0; i < ALGO_COUNT; i++)
        if (c->rq.algos[i])
            c->rows[c->nrows++] = (Row){.algo = (Algo)i, .state = ROW_WAITING};
    compare_tick(s);
    return 0;
}

static void stop_all(Compare *c)
{
    for (int i = 0; i < c->nrows; i++) {
        Row *r = &c->rows[i];
        if (r->search) {
            search_stop(r->search);
            SearchResult res;
            search_wait(r->search, &res);
            search_free(r->search);
            r->search = NULL;
            if (r->state == ROW_RUNNING) {
                r->state = ROW_FAILED;
                snprintf(r->error, sizeof r->error, "%s", _("stopped"));
            }
        }
    }
}

/* x: the whole run ends, the rows still waiting with it. */
static void stop_run(Compare *c)
{
    stop_all(c);
    c->stopped = true;
    for (int i = 0; i < c->nrows; i++)
        if (c->rows[i].state == ROW_WAITING)
            c->rows[i].state = ROW_NOT_RUN;
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
    if (key == KEY_ESCAPE) {
        app_pop(s);
        return;
    }
    if (key == 'q') {
        app_request_quit(s->app);
        return;
    }
    if (key == 'x') {
        stop_run(c);
        return;
    }
    if (key == 'r') {
        stop_all(c);
        c->stopped = false;
        for (int i = 0; i < c->nrows; i++)
            c->rows[i] = (Row){.algo = c->rows[i].algo, .state = ROW_WAITING};
        compare_tick(s);
        return;
    }
    int dr, dc;
    if (key_direction(key, &dr, &dc) && dr != 0 && c->nrows > 0) {
        c->cur = (c->cur + dr + c->nrows) % c->nrows;
        return;
    }
    if ((key == 't' || key_is_enter(key)) && c->nrows > 0) {
        open_theatre(s);
        return;
    }
    if (key == '?')
        app_push(s->app, &screen_help, (void *)(uintptr_t)N_("Algorithms"));
}

/* Leaves as bars on a linear scale from row `top` down to the footer, the
 * longest bar filling its column: one column when the rows fit, else two
 * side by side (all ten algorithms fit under the table at 80x24).  On a
 * shorter terminal the heading counts the bars left out. */
static void draw_bars(const Compare *c, Grid *g, int top, const Glyphs *gl)
{
    enum { NAME_W = 17, LABEL_W = 9 }; /* "alphabeta-window ", " 999.9k  " */
    int rows = g->h - 3 - (top + 1);
    if (rows < 1 || c->nrows == 0)
        return;
    int columns = c->nrows > rows ? 2 : 1;
    int per_column = (c->nrows + columns - 1) / columns;
    if (per_column > rows)
        per_column = rows;
    int shown = per_column * columns < c->nrows ? per_column * columns : c->nrows;
    int column_w = (g->w - 1) / columns, room = column_w - NAME_W - LABEL_W;
    int x = grid_put(g, top, 1, ST_TITLE, _("Leaves (evaluations)"));
    if (shown < c->nrows)
        grid_printf(g, top, x + 2, ST_DIM, _("(%d more: enlarge the terminal)"), c->nrows - shown);
    uint64_t max_leaves = 1;
    for (int i = 0; i < c->nrows; i++)
        if (c->rows[i].stats.leaves > max_leaves)
            max_leaves = c->rows[i].stats.leaves;
    for (int i = 0; i < shown; i++) {
        const Row *r = &c->rows[i];
        int y = top + 1 + i % per_column, x0 = 1 + i / per_column * column_w;
        grid_printf(g, y, x0, ST_NORMAL, "%-16s", algo_name(r->algo));
        int len = (int)((double)r->stats.leaves / (double)max_leaves * room + 0.5);
        if (r->stats.leaves && len == 0)
            len = 1;
        for (int k = 0; k < len; k++)
            grid_put(g, y, x0 + NAME_W + k, ST_BAR, gl->bar);
        char leaves[32];
        fmt_short(r->stats.leaves, leaves, sizeof leaves);
        grid_put(g, y, x0 + NAME_W + len + 1, ST_DIM, leaves);
    }
}

/* The line above the keys: how far the run is, or how it ended. */
static void draw_footer(const Compare *c, Grid *g)
{
    int done = 0, pending = 0;
    uint64_t fewest = UINT64_MAX;
    for (int i = 0; i < c->nrows; i++) {
        const Row *r = &c->rows[i];
        pending += r->state == ROW_WAITING || r->state == ROW_RUNNING;
        if (r->state == ROW_DONE) {
            done++;
            if (r->stats.leaves < fewest)
                fewest = r->stats.leaves;
        }
    }
    char status[120];
    if (pending) {
        snprintf(status, sizeof status, _("Searching: %d of %d done (%s)"), done, c->nrows,
                 c->rq.concurrent ? _("all at once") : _("one after another"));
        grid_put(g, g->h - 3, 1, ST_TITLE, status);
        return;
    }
    if (c->stopped || done == 0) {
        snprintf(status, sizeof status, _("Stopped: %d of %d done"), done, c->nrows);
        grid_put(g, g->h - 3, 1, ST_BAD, status);
        return;
    }
    int n = snprintf(status, sizeof status, "%s", _("Done. Fewest leaves:"));
    for (int i = 0; i < c->nrows && n < (int)sizeof status; i++)
        if (c->rows[i].state == ROW_DONE && c->rows[i].stats.leaves == fewest)
            n += snprintf(status + n, sizeof status - (size_t)n, " %s", algo_name(c->rows[i].algo));
    grid_put(g, g->h - 3, 1, ST_GOOD, status);
}

static void compare_draw(Screen *s, Grid *g)
{
    Compare *c = s->data;
    char title[160], a[32], b[32];
    const SearchConfig *base = &c->rq.base;
    if (base->solve)
        snprintf(a, sizeof a, "%s", _("solve"));
    else
        snprintf(a, sizeof a, _("depth %d"), base->depth);
    const char *order = base->order == ORDER_BEST     ? _("best")
                        : base->order == ORDER_STATIC ? _("static")
                                                      : _("natural");
    const char *table = base->table == TABLE_ON    ? _("on")
                        : base->table == TABLE_OFF ? _("off")
                                                   : _("exact");
    if (c->rq.position[0])
        snprintf(title, sizeof title, _("Compare: %s, this position, %s, order %s, table %s"),
                 c->game->name, a, order, table);
    else
        snprintf(title, sizeof title, _("Compare: %s, start, %s, order %s, table %s"),
                 c->game->name, a, order, table);
    draw_title(g, title, s->app);
    int y = 2;
    /* Each heading at its column, so a translated one cannot shift the
     * rest (the numbers below are right-aligned ASCII). */
    static const struct {
        int x;
        const char *text;
    } heads[] = {{1, N_("algorithm")}, {18, N_("value")}, {25, N_("best")}, {36, N_("nodes")},
                 {47, N_("leaves")}, {57, N_("hits")}, {67, N_("time")}};
    for (int i = 0; i < (int)(sizeof heads / sizeof heads[0]); i++)
        grid_put(g, y, heads[i].x, ST_DIM, _(heads[i].text));
    for (int i = 0; i < c->nrows; i++) {
        Row *r = &c->rows[i];
        int yy = y + 1 + i;
        const SearchStats *st = &r->stats;
        int x = grid_printf(g, yy, 1, r->state == ROW_RUNNING ? ST_KEY : ST_NORMAL, "%-16s",
                            algo_name(r->algo));
        if (i == c->cur)
            grid_flag(g, yy, 1, 16, SF_SELECT);
        if (r->state == ROW_WAITING || r->state == ROW_NOT_RUN) {
            grid_put(g, yy, x + 1, ST_DIM, r->state == ROW_WAITING ? _("waiting") : _("not run"));
            continue;
        }
        if (r->state == ROW_FAILED) {
            grid_putn(g, yy, x + 1, ST_BAD, r->error, g->w - x - 2);
            continue;
        }
        char best[16] = "-";
        Move bm = r->state == ROW_DONE ? r->result.move : st->best;
        if (bm != MOVE_NONE)
            c->game->ops->format_move(c->game, c->root, bm, best, sizeof best);
        fmt_value(r->state == ROW_DONE ? r->result.value : st->value, a, sizeof a);
        grid_printf(g, yy, 18, r->state == ROW_DONE ? ST_GOOD : ST_NORMAL, "%5s", a);
        grid_printf(g, yy, 25, ST_NORMAL, "%-6s", best);
        fmt_count(st->nodes, a, sizeof a);
        grid_printf(g, yy, 31, ST_NORMAL, "%11s", a);
        fmt_count(st->leaves, a, sizeof a);
        grid_printf(g, yy, 43, ST_NORMAL | (r->state == ROW_DONE ? SF_BOLD : 0), "%11s", a);
        fmt_count(st->hits, a, sizeof a);
        grid_printf(g, yy, 55, ST_NORMAL, "%9s", a);
        fmt_ms(st->elapsed_ms, b, sizeof b);
        grid_printf(g, yy, 65, ST_NORMAL, "%9s", b);
        if (r->state == ROW_RUNNING)
            grid_put(g, yy, 75, ST_KEY, s->app->glyphs->utf8 ? "\xe2\x80\xa6" : "...");
    }
    draw_bars(c, g, y + c->nrows + 2, s->app->glyphs);
    draw_footer(c, g);
    static const char *const keys[] = {"x", N_("stop"), "r", N_("run again"), "t", N_("step through it"),
                                       "?", N_("algorithms"), "Esc", N_("back"), NULL};
    draw_keys(g, keys);
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
