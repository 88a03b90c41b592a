/* clock_face.c - see clock_face.h. */
#include <stdio.h>

#include "base/i18n.h"
#include "ui/clock_face.h"

void clock_face_text(int64_t ms, char *buf, size_t len)
{
    if (ms < 0)
        ms = 0;
    const long long s = ms / 1000;
    if (ms < 10000)
        snprintf(buf, len, "00:%02lld.%lld", s, (long long)(ms % 1000 / 100));
    else
        snprintf(buf, len, "%02lld:%02lld", s / 60, s % 60);
}

bool game_screen_clock_sync(Screen *s)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    if (gs->over) {
        session_clock_run(se, false);
        return false;
    }
    const App *app = s->app;
    const bool in_front = app->stack[app->depth - 1] == s && !app->ask_quit && !gs->asking_replace;
    const int side = session_side(se);
    /* a person's clock waits while the move before it is being shown */
    const bool shown = in_front && !animation_frame(&gs->anim);
    session_clock_run(se, se->players[side].human ? shown : gs->driver.thinking == side);
    return session_timed(se) && session_clock_fell(se);
}

int game_screen_draw_clock(Screen *s, Grid *g, int y, int right, int side)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    if (!session_timed(se))
        return right;
    const GameClock *c = &se->clock;
    bool byoyomi;
    const int64_t left = game_clock_shown(c, side, se->now(), &byoyomi);
    char face[16], text[64];
    clock_face_text(left, face, sizeof face);
    /* TRANSLATORS: a clock in its byoyomi, the time each move has once the
       main time is spent; keep it short. */
    snprintf(text, sizeof text, byoyomi ? _(" byo %s ") : " %s ", face);
    const bool running = c->running && c->turn == side;
    const bool short_of_time = left < 10000 || c->flag == side;
    int style = short_of_time ? ST_BAD : ST_NORMAL;
    if (running)
        style = (short_of_time ? ST_BAD : ST_KEY) | SF_SELECT;
    const int x = right - grid_text_width(text);
    grid_put(g, y, x, style, text);
    return x;
}
