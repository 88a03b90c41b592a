/* analysis.c - the Analyse screen: the game so far, a position at a time
 * (the arrows, Home/End, PgUp/PgDn, a typed move number, a click on the
 * graph), the engine's analysis of it when asked (a; Esc stops it), and
 * "play on from here" (Enter), which takes the game screen back to that
 * position.  Without an analysis it is the move list browsed.
 *
 * The analysis runs on the search's own thread (players/analysis.h);
 * tick() collects each finished search and starts the next, so keys are
 * answered at once.  The game screen below stops its own search before
 * this screen opens and starts none while it is covered, so the session
 * it shows does not change under it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/i18n.h"
#include "ui/analysis.h"
#include "ui/confirm.h"
#include "ui/game_screen.h"

/* The UI's analysis: the yomi algorithm to the CLI's depth, but never more
 * than this long a position, so no position of a big game stalls it. */
#define ANALYSIS_UI_MS_MAX 2000

bool analysis_screen_value(const AnalysisScreen *as, int i, int *value)
{
    if (!as->analysis || i > analysis_moves(as->analysis))
        return false;
    const AnalysisPosition *p = analysis_position(as->analysis, i);
    if (p->done)
        *value = p->value;
    return p->done;
}

AnalysisClass analysis_screen_class(const AnalysisScreen *as, int i)
{
    if (!as->analysis || i >= analysis_moves(as->analysis))
        return ANALYSIS_BEST;
    const AnalysisMove *m = analysis_move(as->analysis, i);
    return m->done ? m->cls : ANALYSIS_BEST;
}

static void start_analysis(Screen *s)
{
    AnalysisScreen *as = s->data;
    if (as->analysis && !as->running && analysis_complete(as->analysis))
        return;
    analysis_free(as->analysis); /* one stopped half way starts again */
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_YOMI;
    cfg.depth = ANALYSIS_DEFAULT_DEPTH;
    cfg.time_ms = ANALYSIS_UI_MS_MAX;
    Err err = {{0}};
    const Session *se = as->session;
    as->analysis = analysis_new(se->game, session_state(se, 0), se->moves, as->n, &cfg, &err);
    if (!as->analysis) {
        app_message(s->app, ST_BAD, _("analysis: %s"), err.msg);
        return;
    }
    as->running = true;
    memset(&as->progress, 0, sizeof as->progress);
    as->progress.total = as->n + 1;
}

static void stop_analysis(Screen *s)
{
    AnalysisScreen *as = s->data;
    analysis_stop(as->analysis);
    as->running = false;
    app_message(s->app, ST_NORMAL, _("analysis stopped at position %d of %d: a starts it again"),
                as->progress.done, as->n + 1);
}

/* The analysis done: how many moves it marked, both sides together (the
 * panel and the graph say whose). */
static void announce_done(Screen *s)
{
    AnalysisScreen *as = s->data;
    int count[ANALYSIS_BLUNDER + 1] = {0};
    for (int i = 0; i < as->n; i++)
        count[analysis_move(as->analysis, i)->cls]++;
    app_message(s->app, ST_GOOD, _("Analysis done: blunders %d, mistakes %d, inaccuracies %d (n/p: to each)"),
                count[ANALYSIS_BLUNDER], count[ANALYSIS_MISTAKE], count[ANALYSIS_INACCURACY]);
}

static int analysis_init(Screen *s, void *arg)
{
    const UiAnalysisArg *a = arg;
    const GameScreen *gs = a->game->data;
    AnalysisScreen *as = calloc(1, sizeof *as);
    if (!as)
        return -1;
    as->game = a->game;
    as->session = gs->session;
    as->view = gs->view;
    as->n = gs->session->n;
    as->ply = as->n;
    s->data = as;
    if (a->analyse)
        start_analysis(s);
    return 0;
}

static void analysis_free_screen(Screen *s)
{
    AnalysisScreen *as = s->data;
    analysis_free(as->analysis); /* stops a search still running */
    free(as);
}

static void analysis_tick(Screen *s)
{
    AnalysisScreen *as = s->data;
    if (!as->running)
        return;
    Err err = {{0}};
    const int rc = analysis_poll(as->analysis, &as->progress, &err);
    if (rc == 0)
        return;
    as->running = false;
    if (rc < 0)
        app_message(s->app, ST_BAD, _("analysis: %s"), err.msg);
    else if (analysis_complete(as->analysis))
        announce_done(s);
}

static void go_to(AnalysisScreen *as, int ply)
{
    as->ply = ply < 0 ? 0 : ply > as->n ? as->n : ply;
}

/* The next (dir 1) or previous (-1) move classed an inaccuracy or worse;
 * the cursor goes to the position it led to. */
static bool next_marked(Screen *s, int dir)
{
    AnalysisScreen *as = s->data;
    for (int p = as->ply + dir; p >= 1 && p <= as->n; p += dir) {
        if (analysis_screen_class(as, p - 1) >= ANALYSIS_INACCURACY) {
            as->ply = p;
            return true;
        }
    }
    app_message(s->app, ST_NORMAL, "%s",
                as->analysis ? _("no marked move that way") : _("a analyses the game first"));
    return false;
}

static void play_on_answer(void *ctx, bool yes)
{
    Screen *s = ctx;
    AnalysisScreen *as = s->data;
    if (!yes)
        return;
    Screen *game = as->game;
    const int ply = as->ply;
    app_pop(s);
    game_screen_play_on(game, ply);
}

/* Enter: the game goes on from the position shown; the moves after it are
 * dropped once a move is played there (asked first). */
static void play_on(Screen *s)
{
    AnalysisScreen *as = s->data;
    if (as->ply == as->n) {
        app_pop(s);
        return;
    }
    char title[160], detail[200];
    snprintf(title, sizeof title, _("Play on from move %d?"), as->ply);
    snprintf(detail, sizeof detail,
             _("The %d moves after it are dropped at the next move played;\nuntil then r redoes "
               "them."),
             as->n - as->ply);
    UiConfirmArg arg = {.title = title, .detail = detail, .question = _("Play on from here? y/N"),
                        .answer = play_on_answer, .ctx = s};
    ui_confirm(s->app, &arg);
}

/* A move number typed digit by digit; Enter goes there, Esc forgets it. */
static bool typed_key(Screen *s, int key)
{
    AnalysisScreen *as = s->data;
    size_t len = strlen(as->typed);
    if (key >= '0' && key <= '9') {
        if (len + 1 < sizeof as->typed)
            as->typed[len] = (char)key, as->typed[len + 1] = '\0';
        return true;
    }
    if (!len)
        return false;
    if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        as->typed[len - 1] = '\0';
        return true;
    }
    if (key_is_enter(key))
        go_to(as, atoi(as->typed));
    as->typed[0] = '\0';
    return key_is_enter(key) || key == KEY_ESCAPE;
}

/* A click on the graph: the position of that column. */
static void click(Screen *s)
{
    AnalysisScreen *as = s->data;
    const int y = s->app->mouse_y, x = s->app->mouse_x;
    if (y < as->graph_y || y >= as->graph_y + as->graph_h || x < as->graph_x ||
        x >= as->graph_x + as->graph_w)
        return;
    go_to(as, as->graph_first + (x - as->graph_x) / as->graph_colw);
}

static void analysis_key(Screen *s, int key)
{
    AnalysisScreen *as = s->data;
    if (typed_key(s, key))
        return;
    int dr, dc;
    if (key_direction(key, &dr, &dc)) {
        go_to(as, as->ply + dr + dc);
        return;
    }
    switch (key) {
    case KEY_HOME: go_to(as, 0); break;
    case KEY_END: go_to(as, as->n); break;
    case KEY_PPAGE: go_to(as, as->ply - 10); break;
    case KEY_NPAGE: go_to(as, as->ply + 10); break;
    case 'n': next_marked(s, 1); break;
    case 'p': next_marked(s, -1); break;
    case 'a':
        if (as->running)
            app_message(s->app, ST_NORMAL, "%s", _("the analysis is under way: Esc stops it"));
        else
            start_analysis(s);
        break;
    case KEY_MOUSE: click(s); break;
    case '?': app_push(s->app, &screen_help, NULL); break;
    case 'q': app_request_quit(s->app); break;
    case KEY_ESCAPE:
        if (as->running)
            stop_analysis(s);
        else
            app_pop(s);
        break;
    default:
        if (key_is_enter(key))
            play_on(s);
        break;
    }
}

const ScreenOps screen_analysis = {
    .name = "analysis",
    .min_w = 80,
    .min_h = 24,
    .init = analysis_init,
    .key = analysis_key,
    .draw = analysis_draw,
    .tick = analysis_tick,
    .free = analysis_free_screen,
};

void game_screen_review(Screen *s, bool analyse)
{
    GameScreen *gs = s->data;
    driver_stop(&gs->driver);
    gs->paused = gs->paused || gs->watch;
    UiAnalysisArg arg = {.game = s, .analyse = analyse};
    if (app_push(s->app, &screen_analysis, &arg) != 0)
        app_message(s->app, ST_BAD, "%s", _("out of memory"));
}
