/* menu.c - the main menu: the first thing a player sees. */
#define _POSIX_C_SOURCE 200809L /* st_mtim */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include <curses.h>

#include "base/i18n.h"
#include "ui/autosave.h"
#include "ui/screen.h"
#include "ui/game_screen.h"
#include "ui/load.h"
#include "ui/session.h"

enum { ITEM_NEW, ITEM_WATCH, ITEM_COMPARE, ITEM_THEATRE, ITEM_RESUME, ITEM_LOAD, ITEM_HELP, ITEM_SETTINGS,
       ITEM_QUIT, ITEM_COUNT };

static const struct {
    const char *label;
    int hotkey;
    const char *about;
} items[ITEM_COUNT] = {
    {N_("New game"), 'n', N_("Play Kalah, Reversi or Gogo shogi against the computer or a friend")},
    {N_("Watch"), 'w', N_("The computer plays itself: pause, step, change the speed")},
    {N_("Compare algorithms"), 'c', N_("Race search algorithms on one position, counters live")},
    {N_("Watch the search"), 't', N_("Step through one search: the tree, alpha and beta, the cutoffs")},
    {N_("Resume last game"), 'r', N_("Carry on where you left off (saved after every move)")},
    {N_("Load game"), 'o', N_("Open a saved game, or a game record: KIF, CSA, GGF...")},
    {N_("Help"), '?', N_("Rules of each game, the keys, what the algorithms do")},
    {N_("Settings"), 's', N_("Glyphs, colours, watch speed, hints")},
    {N_("Quit"), 'q', N_("Leave yomi")},
};

typedef struct {
    int cur;
    bool have_autosave;
    char saved[360];       /* "Carry on with reversi-6x6 after 12 moves" */
    struct stat described; /* the autosave `saved` is about */
    uint64_t checked_at;
} Menu;

/* Which autosave m->saved describes: the file is read again only when it
 * changed, since the menu asks every second. */
static bool same_file(const struct stat *a, const struct stat *b)
{
    return a->st_ino == b->st_ino && a->st_dev == b->st_dev && a->st_size == b->st_size &&
           a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* What the autosave holds, read by the same guarded reader as Load game:
 * the file may have been edited, or replaced by a FIFO. */
static void refresh_autosave(Menu *m)
{
    char path[4096];
    struct stat st;
    Err err = {{0}};
    if (session_autosave_path(path, sizeof path, &err) != 0 || stat(path, &st) != 0) {
        m->have_autosave = false;
        return;
    }
    if (m->have_autosave && same_file(&st, &m->described))
        return;
    m->have_autosave = true;
    m->described = st;
    Session *session = session_load(path, &err);
    if (!session) {
        snprintf(m->saved, sizeof m->saved, "%s", err.msg); /* Resume shows it too */
        return;
    }
    snprintf(m->saved, sizeof m->saved,
             ngettext("Carry on with %s after %d move", "Carry on with %s after %d moves", session->n),
             session->id, session->n);
    session_free(session);
}

/* The first item's row: a little above the middle, but never so low that
 * the last item reaches the key line (at the 12 rows the menu needs). */
static int items_row(int h)
{
    const int mid = h / 2 - 3, lowest = h - 1 - ITEM_COUNT;
    return mid < lowest ? mid : lowest;
}

static int menu_init(Screen *s, void *arg)
{
    (void)arg;
    Menu *m = calloc(1, sizeof *m);
    if (!m)
        return -1;
    s->data = m;
    autosave_remove_stale();
    refresh_autosave(m);
    return 0;
}

static void menu_free(Screen *s) { free(s->data); }

static int start_game_from(Screen *s, Session *session, bool watch)
{
    UiGameArg arg = {.session = session, .watch = watch};
    if (app_push(s->app, watch ? &screen_watch : &screen_game, &arg) != 0) {
        app_message(s->app, ST_BAD, "%s", arg.error[0] ? arg.error : _("cannot start the game"));
        session_free(session);
        return -1;
    }
    return 0;
}

static int start_loaded_game(Screen *s, Session *session, const char *path)
{
    (void)path;
    return start_game_from(s, session, false);
}

static void load_done(void *ctx, const char *path) { ui_load(ctx, path, start_loaded_game); }

static void activate(Screen *s, int item)
{
    Menu *m = s->data;
    static char default_path[4096];
    switch (item) {
    case ITEM_NEW:
        app_push(s->app, &screen_newgame, (void *)0);
        break;
    case ITEM_WATCH:
        app_push(s->app, &screen_newgame, (void *)1);
        break;
    case ITEM_COMPARE:
        app_push(s->app, &screen_compare_setup, NULL);
        break;
    case ITEM_THEATRE:
        app_push(s->app, &screen_theatre_setup, NULL);
        break;
    case ITEM_RESUME: {
        char path[4096];
        Err err = {{0}};
        if (!m->have_autosave || session_autosave_path(path, sizeof path, &err) != 0) {
            app_message(s->app, ST_BAD, "%s", _("no game to resume yet"));
            return;
        }
        load_done(s, path);
        break;
    }
    case ITEM_LOAD: {
        Err err;
        char dir[3000];
        if (session_state_dir(dir, sizeof dir, &err) == 0)
            snprintf(default_path, sizeof default_path, "%s/saved.yomi", dir);
        else
            snprintf(default_path, sizeof default_path, "saved.yomi");
        UiPromptArg arg = {_("Load game from:"), default_path, load_done, s, false};
        app_push(s->app, &screen_prompt, &arg);
        break;
    }
    case ITEM_HELP:
        app_push(s->app, &screen_help, NULL);
        break;
    case ITEM_SETTINGS:
        app_push(s->app, &screen_settings, NULL);
        break;
    case ITEM_QUIT:
        app_quit(s->app, false);
        break;
    default:
        break;
    }
}

static void menu_key(Screen *s, int key)
{
    Menu *m = s->data;
    int dr, dc;
    if (key == 'q') {
        app_quit(s->app, false);
        return;
    }
    if (key == KEY_ESCAPE) {
        /* Esc goes back, and there is nothing behind the menu: quitting
         * at once would surprise whoever pressed it once too often. */
        app_message(s->app, ST_NORMAL, "%s", _("this is the main menu: q quits"));
        return;
    }
    if (key_is_enter(key) || key == ' ') {
        activate(s, m->cur);
        return;
    }
    if (key == KEY_MOUSE) {
        int i = s->app->mouse_y - items_row(s->app->h);
        if (i >= 0 && i < ITEM_COUNT) {
            m->cur = i;
            activate(s, i);
        }
        return;
    }
    if (key_direction(key, &dr, &dc) && dr) {
        m->cur = (m->cur + dr + ITEM_COUNT) % ITEM_COUNT;
        return;
    }
    if (key == KEY_HOME)
        m->cur = 0;
    if (key == KEY_END)
        m->cur = ITEM_COUNT - 1;
    for (int i = 0; i < ITEM_COUNT; i++) {
        if (key == items[i].hotkey) {
            m->cur = i;
            activate(s, i);
        }
    }
}

static void menu_draw(Screen *s, Grid *g)
{
    Menu *m = s->data;
    const App *app = s->app;
    uint64_t now = clock_ms();
    if (now - m->checked_at > 1000) { /* the autosave is written in the background */
        refresh_autosave(m);
        m->checked_at = now;
    }
    /* The name, large enough to recognise, small enough for 12 rows. */
    const char *banner = app->glyphs->utf8 ? "y o m i   読 み" : "y o m i";
    int bw = grid_text_width(banner);
    int row0 = items_row(g->h);
    int top = row0 - 5 < 0 ? 0 : row0 - 5;
    grid_put(g, top, (g->w - bw) / 2, ST_TITLE, banner);
    const char *tag = _("Kalah \xc2\xb7 Reversi \xc2\xb7 Gogo shogi \xc2\xb7 and how the computer thinks");
    if (!app->glyphs->utf8)
        tag = "Kalah - Reversi - Gogo shogi - and how the computer thinks";
    if (g->h >= 16)
        grid_put(g, top + 2, (g->w - grid_text_width(tag)) / 2, ST_DIM, tag);
    int x = (g->w - 24) / 2;
    for (int i = 0; i < ITEM_COUNT; i++) {
        bool cur = i == m->cur;
        int st = cur ? ST_NORMAL | SF_SELECT | SF_BOLD : ST_NORMAL;
        if (i == ITEM_RESUME && !m->have_autosave)
            st = cur ? ST_DIM | SF_SELECT : ST_DIM;
        /* the label's field is counted in columns: a kanji takes two */
        grid_put_field(g, row0 + i, x, st, "", 2);
        grid_put_field(g, row0 + i, x + 2, st, _(items[i].label), 20);
        char hk[4] = {(char)items[i].hotkey, 0};
        grid_put(g, row0 + i, x + 23, ST_KEY, hk);
    }
    const char *about = _(items[m->cur].about);
    if (m->cur == ITEM_RESUME)
        about = m->have_autosave ? m->saved : _("No saved game yet: games are saved after every move");
    /* a row under the items, above the message line, when there is one */
    const int about_row = row0 + ITEM_COUNT + 1 < g->h - 2 ? row0 + ITEM_COUNT + 1 : g->h - 2;
    if (about_row >= row0 + ITEM_COUNT)
        grid_put(g, about_row, (g->w - grid_text_width(about)) / 2, ST_DIM, about);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("choose"), "Enter", N_("open"),
                                       "?", N_("help"), "q", N_("quit"), NULL};
    static const char *const keys_ascii[] = {"up/down", N_("choose"), "Enter", N_("open"), "?", N_("help"),
                                             "q", N_("quit"), NULL};
    draw_keys(g, app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_menu = {
    .name = "menu",
    .min_w = 40,
    .min_h = 12,
    .init = menu_init,
    .key = menu_key,
    .draw = menu_draw,
    .free = menu_free,
};
