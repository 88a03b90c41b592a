/* summary.c - the game-over summary: over the game screen's panel (the
 * final board stays in sight), how the game ended, the final count, the
 * moves, the time each side used, and what next: a new game, the
 * analysis, the moves browsed, or the menu.
 *
 * The choices are the game screen's own keys (y, a, m, n), handed to it
 * once the summary is gone; Space only closes it; any other key closes it
 * and goes to the game screen too, so u, s, c and q do there what they
 * always do. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/i18n.h"
#include "games/registry.h"
#include "players/outcome.h"
#include "ui/analysis.h"
#include "ui/fmt.h"
#include "ui/game_screen.h"

typedef struct {
    Screen *game;
    int choice;
} Summary;

static const struct {
    int key;
    const char *keyname, *label;
} choices[] = {
    {'y', "y", N_("New game")},
    {'a', "a", N_("Analyse")},
    {'m', "m", N_("Browse moves")},
    {'n', "n", N_("Menu")},
};
enum { NCHOICES = sizeof choices / sizeof choices[0] };

static int summary_init(Screen *s, void *arg)
{
    Summary *sm = calloc(1, sizeof *sm);
    if (!sm)
        return -1;
    sm->game = arg;
    s->data = sm;
    return 0;
}

static void summary_free(Screen *s) { free(s->data); }

/* Close, and give the key to the game screen. */
static void pass_on(Screen *s, int key)
{
    Summary *sm = s->data;
    app_pop(s);
    sm->game->ops->key(sm->game, key);
}

static void summary_key(Screen *s, int key)
{
    Summary *sm = s->data;
    int dr, dc;
    if (key_direction(key, &dr, &dc) && dr) {
        sm->choice = (sm->choice + dr + NCHOICES) % NCHOICES;
        return;
    }
    if (key_is_enter(key))
        key = choices[sm->choice].key;
    if (key == ' ')
        app_pop(s);
    else
        pass_on(s, key == KEY_ESCAPE ? 'n' : key);
}

/* How the game ended, in words: the session's own reason when it has one
 * the rules do not (a clock), else what the position and its history say
 * (checkmate, repetition, perpetual check, no moves left). */
static const char *ending(const Session *se)
{
    int value;
    const char *why = "";
    session_over(se, &value, &why);
    if (why[0] && strcmp(why, "repetition") != 0)
        return why;
    const void **states = malloc((size_t)(se->n + 1) * sizeof *states);
    if (!states)
        return why;
    for (int i = 0; i <= se->n; i++)
        states[i] = session_state(se, i);
    const GameEnd end = game_end(se->game, states, se->n + 1, &value);
    free(states);
    return end == GAME_GOES_ON ? why : game_end_name(end);
}

/* The lines above the choices; returns the next free row. */
static int draw_facts(const GameScreen *gs, Grid *g, int y, int x, int w)
{
    const Session *se = gs->session;
    const Game *game = se->game;
    const bool one_human = se->players[0].human != se->players[1].human;
    const int human = !one_human ? -1 : se->players[0].human ? 0 : 1;
    char who[96], line[200];
    const bool lost = fmt_outcome(game->ops->info->payoff, gs->over_value, human,
                                  gs->view->side_name, who, sizeof who);
    y += grid_put_wrapped(g, y, x, (lost ? ST_BAD : ST_GOOD) | SF_BOLD, who, w, 2);
    const char *how = ending(se);
    if (how[0]) {
        snprintf(line, sizeof line, _("Ending: %s"), _(how));
        y += grid_put_wrapped(g, y, x, ST_NORMAL, line, w, 2);
    }
    if (game->ops->info->counts) {
        gs->view->score(game, session_current(se), line, sizeof line);
        y += grid_put_wrapped(g, y, x, ST_NORMAL, line, w, 2);
    }
    snprintf(line, sizeof line, _("Moves: %d"), se->n);
    grid_putn(g, y++, x, ST_NORMAL, line, w);
    /* the time each side used: the session counts it, clock or not */
    char used[2][32];
    for (int side = 0; side < 2; side++)
        fmt_ms((uint64_t)session_time_used(se, side), used[side], sizeof used[side]);
    snprintf(line, sizeof line, _("Time used: %s %s, %s %s"), _(gs->view->side_name[0]), used[0],
             _(gs->view->side_name[1]), used[1]);
    y += grid_put_wrapped(g, y, x, ST_NORMAL, line, w, 2);
    return y;
}

static void summary_draw(Screen *s, Grid *g)
{
    Summary *sm = s->data;
    const GameScreen *gs = sm->game->data;
    int bw = 0, bh = 0;
    gs->view->size(gs->session->game, s->app->glyphs, &bw, &bh);
    /* the game screen's panel, as it lays it out */
    int x = 2 + bw + 3;
    if (x < 34)
        x = 34;
    /* under the players and the score, which stay in sight */
    const int w = g->w - x - 1, top = 5, bottom = g->h - 4;
    if (w < 20)
        return;
    /* the facts drawn once to learn their height, then boxed */
    Grid facts;
    if (grid_init(&facts, w - 3, bottom - top) != 0)
        return;
    const int rows = draw_facts(gs, &facts, 0, 0, w - 3);
    int h = rows + NCHOICES + 2;
    if (h > bottom - top + 1)
        h = bottom - top + 1;
    grid_fill(g, top, x - 1, h, w + 1, ST_NORMAL, ' ');
    view_box(g, top, x - 1, h, w + 1, ST_TITLE, s->app->glyphs);
    grid_putn(g, top, x + 1, ST_TITLE, _(" Game over "), w - 2);
    /* Space closes the box: said on its frame, to spare a row */
    const char *close = _(" Space closes ");
    const int cw = grid_text_width(close);
    if (cw < w - 4)
        grid_put(g, top + h - 1, x + w - 2 - cw, ST_DIM, close);
    grid_free(&facts);
    draw_facts(gs, g, top + 1, x + 1, w - 3);
    int y = top + h - 1 - NCHOICES;
    for (int i = 0; i < NCHOICES; i++, y++) {
        const int st = i == sm->choice ? SF_SELECT : 0;
        grid_put(g, y, x + 1, ST_KEY | st, choices[i].keyname);
        grid_put_field(g, y, x + 3, ST_NORMAL | st, _(choices[i].label), w - 6);
    }
}

const ScreenOps screen_summary = {
    .name = "summary",
    .min_w = 0, /* an overlay: drawn over the game screen */
    .min_h = 0,
    .init = summary_init,
    .key = summary_key,
    .draw = summary_draw,
    .free = summary_free,
};
