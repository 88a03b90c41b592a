/* watch.c - the watch screen: the computer plays itself, with pause, single
 * step and speed, and both sides' running totals side by side. */
#include <stdio.h>

#include <curses.h>

#include "ui/fmt.h"
#include "ui/game_screen.h"
#include "base/i18n.h"

static int watch_init(Screen *s, void *arg)
{
    UiGameArg *a = arg;
    a->watch = true;
    if (game_screen_init(s, arg) != 0)
        return -1;
    GameScreen *gs = s->data;
    /* a human seat in a loaded game is played by the computer here */
    for (int i = 0; i < 2; i++)
        if (gs->session->players[i].human) {
            gs->session->players[i].human = false;
            search_config_default(&gs->session->players[i].cfg);
        }
    return 0;
}

static void watch_key(Screen *s, int key)
{
    GameScreen *gs = s->data;
    game_screen_finish_animation(s);
    if (game_screen_answer_key(s, key))
        return;
    if (gs->over && key == KEY_ESCAPE) {
        game_screen_common_key(s, KEY_ESCAPE);
        return;
    }
    switch (key) {
    case ' ':
    case 'p':
        gs->paused = !gs->paused;
        gs->step = false;
        if (!gs->paused)
            gs->next_move_at = 0;
        app_message(s->app, ST_NORMAL, "%s", gs->paused ? _("paused") : _("playing"));
        if (!gs->paused) /* old news at the next move, and wrong at the end */
            game_screen_message_for_now(s);
        return;
    case '.':
        gs->paused = false;
        gs->step = true;
        gs->next_move_at = 0;
        return;
    case '+':
    case '=':
        gs->delay_ms = gs->delay_ms > 100 ? gs->delay_ms / 2 : 0;
        app_message(s->app, ST_NORMAL, _("delay between moves: %d ms"), gs->delay_ms);
        return;
    case '-':
        gs->delay_ms = gs->delay_ms ? (gs->delay_ms * 2 > 8000 ? 8000 : gs->delay_ms * 2) : 100;
        app_message(s->app, ST_NORMAL, _("delay between moves: %d ms"), gs->delay_ms);
        return;
    default:
        game_screen_common_key(s, key);
        return;
    }
}

static void draw_totals(Screen *s, Grid *g, int y, int x)
{
    GameScreen *gs = s->data;
    char a[32];
    grid_put(g, y, x, ST_TITLE, _("Totals"));
    grid_put_field(g, y, x + 9, ST_P0, _(gs->view->side_name[0]), 11);
    grid_put(g, y, x + 21, ST_P1, _(gs->view->side_name[1]));
    static const char *const labels[] = {N_("searches"), N_("nodes"), N_("leaves"), N_("hits"), N_("time")};
    for (int r = 0; r < 5; r++) {
        grid_putn(g, y + 1 + r, x, ST_DIM, _(labels[r]), 8);
        for (int i = 0; i < 2; i++) {
            const SideTotals *t = &gs->driver.totals[i];
            switch (r) {
            case 0: snprintf(a, sizeof a, "%d", t->searches); break;
            case 1: fmt_short(t->nodes, a, sizeof a); break;
            case 2: fmt_short(t->leaves, a, sizeof a); break;
            case 3: fmt_short(t->hits, a, sizeof a); break;
            default: fmt_ms(t->ms, a, sizeof a); break;
            }
            grid_put(g, y + 1 + r, x + 9 + 12 * i, ST_NORMAL, a);
        }
    }
}

static void watch_draw(Screen *s, Grid *g)
{
    GameScreen *gs = s->data;
    int px, py;
    game_screen_draw_common(s, g, &px, &py);
    int w = g->w - px - 1;
    int y = game_screen_draw_search(s, g, py, px, w);
    /* totals under the board: the board views are at most 13 rows high */
    draw_totals(s, g, g->h - 10, 2);
    grid_printf(g, g->h - 3, g->w - 22, ST_DIM, _("delay %5d ms"), gs->delay_ms);
    game_screen_draw_moves(s, g, y, px, w, g->h - 4 - y);
    static const char *const keys[] = {"Space", N_("pause"), ".", N_("step"), "+/-", N_("speed"), "u/r",
                                       N_("undo/redo"), "c", N_("compare"), "Esc", N_("back"), "q", N_("quit"),
                                       NULL};
    static const char *const over_keys[] = {"y", N_("watch again"), "n", N_("new"), "u", N_("undo"), "c",
                                            N_("compare"), "Esc", N_("back"), "q", N_("quit"), NULL};
    draw_keys(g, gs->over ? over_keys : keys);
}

const ScreenOps screen_watch = {
    .name = "watch",
    .min_w = 80,
    .min_h = 24,
    .init = watch_init,
    .key = watch_key,
    .draw = watch_draw,
    .tick = game_screen_tick,
    .free = game_screen_free,
    .busy = game_screen_busy,
    .autosave = game_screen_autosave,
};
