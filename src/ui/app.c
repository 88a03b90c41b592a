/* app.c - curses set-up and tear-down, the screen stack and the one loop:
 * draw the top screen into a grid, copy it to curses, wait up to 100 ms for
 * a key, tick every screen (searches are polled there), repeat.  Signals
 * only set a flag, and a terminal that went away is noticed by the loop;
 * either way the loop restores the terminal and autosaves. */
#define _XOPEN_SOURCE_EXTENDED 1
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

#include <curses.h>

#include "base/clock.h"
#include "ui/autosave.h"
#include "base/i18n.h"
#include "ui/screen.h"
#include "ui/session.h"
#include "ui/settings.h"
#include "ui/theme.h"
#include "ui/ui.h"

/* last: its capability macros (lines, columns, ...) would rename the
 * headers' names */
#include <term.h>

/* How long getch() waits for a key before the screens are ticked. */
#define KEY_WAIT_MS 100
/* A terminal that is gone (hung up without a SIGHUP reaching us, at end of
 * file, or failing with EIO) makes getch() give up at once, every time;
 * after this many such quick ERRs in a row the loop takes it as gone. */
#define QUICK_ERRS_GONE 10

static volatile sig_atomic_t got_signal;

static void on_signal(int sig) { got_signal = sig; }

bool key_is_enter(int key) { return key == '\n' || key == '\r' || key == KEY_ENTER; }

bool key_direction(int key, int *drow, int *dcol)
{
    *drow = *dcol = 0;
    switch (key) {
    case KEY_UP: case 'k': *drow = -1; return true;
    case KEY_DOWN: case 'j': *drow = 1; return true;
    case KEY_LEFT: case 'h': *dcol = -1; return true;
    case KEY_RIGHT: case 'l': *dcol = 1; return true;
    default: return false;
    }
}

int app_push(App *app, const ScreenOps *ops, void *arg)
{
    if (app->depth == (int)(sizeof app->stack / sizeof app->stack[0]))
        return -1;
    Screen *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    s->ops = ops;
    s->app = app;
    app->stack[app->depth++] = s;
    if (ops->init && ops->init(s, arg) != 0) {
        app->depth--;
        free(s);
        return -1;
    }
    return 0;
}

void app_pop(Screen *s) { s->closing = true; }

static bool any_busy(App *app);

void app_request_quit(App *app) { app_quit(app, any_busy(app)); }

void app_quit(App *app, bool ask)
{
    if (ask)
        app->ask_quit = true;
    else
        app->quit = true;
}

void app_message(App *app, int style, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->message, sizeof app->message, fmt, ap);
    va_end(ap);
    app->message_style = style;
}

void draw_title(Grid *g, const char *title, const App *app)
{
    (void)app;
    grid_put(g, 0, 1, ST_TITLE, "yomi");
    grid_put(g, 0, 5, ST_DIM, " \xc2\xb7 ");
    if (!app->glyphs->utf8)
        grid_put(g, 0, 5, ST_DIM, " - ");
    grid_put(g, 0, 8, ST_TITLE, title);
}

void draw_keys(Grid *g, const char *const *pairs)
{
    int x = 1, y = g->h - 1;
    for (int i = 0; pairs[i] && pairs[i + 1]; i += 2) {
        int need = grid_text_width(pairs[i]) + 1 + grid_text_width(_(pairs[i + 1]));
        if (x + need > g->w)
            break;
        x = grid_put(g, y, x, ST_KEY, pairs[i]);
        x = grid_put(g, y, x + 1, ST_NORMAL, _(pairs[i + 1])) + 2;
    }
}

/* Above the key line; a message too long for that row takes the row above
 * it too (cleared: it is read over what the screen drew there), and one
 * too long for both loses its middle, so that the file it names and what
 * went wrong, at its end, still show. */
void draw_message(Grid *g, const App *app)
{
    if (!app->message[0])
        return;
    const int cols = g->w - 1;
    const int rows = grid_wrapped_rows(app->message, cols) > 1 ? 2 : 1;
    const int y = g->h - 1 - rows;
    if (rows > 1)
        grid_fill(g, y, 0, rows, g->w, ST_NORMAL, ' ');
    grid_put_wrapped_short(g, y, 1, app->message_style, app->message, cols, rows,
                           app->glyphs->utf8 ? "\xe2\x80\xa6" : "...");
}

/* The grid to the terminal: every cell placed by move(), wide characters
 * written whole, so kanji never smear across cells. */
static void blit(const Grid *g, const App *app)
{
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            const GridCell *c = &g->cells[y * g->w + x];
            if (c->ch == 0)
                continue;
            attr_t a = (attr_t)theme_attr(c->style);
            if (c->ch < 0x80) {
                mvaddch(y, x, (chtype)c->ch | a);
            } else if (app->glyphs->utf8) {
                wchar_t wc[2] = {(wchar_t)c->ch, 0};
                cchar_t cc;
                setcchar(&cc, wc, a & ~A_COLOR, (short)PAIR_NUMBER(a), NULL);
                mvadd_wch(y, x, &cc);
            } else {
                mvaddch(y, x, '?' | a);
            }
        }
    }
}

static Screen *top(App *app) { return app->depth ? app->stack[app->depth - 1] : NULL; }

/* Instead of a screen that does not fit; q still quits (Esc, which goes
 * back elsewhere, does nothing here: there is nothing to go back to). */
static void draw_too_small(Grid *g, const ScreenOps *ops)
{
    char msg[160];
    snprintf(msg, sizeof msg, _("enlarge the terminal to %dx%d"), ops->min_w, ops->min_h);
    int x = (g->w - grid_text_width(msg)) / 2;
    grid_put(g, g->h / 2, x < 0 ? 0 : x, ST_BAD, msg);
    const char *keys = _("q quits");
    x = (g->w - grid_text_width(keys)) / 2;
    grid_put(g, g->h / 2 + 1, x < 0 ? 0 : x, ST_DIM, keys);
}

static void draw_all(App *app, Grid *g)
{
    grid_clear(g);
    Screen *s = top(app);
    if (!s)
        return;
    if (app->w < s->ops->min_w || app->h < s->ops->min_h) {
        draw_too_small(g, s->ops);
    } else {
        /* An overlay (a prompt) draws on top of the screen below it. */
        if (s->ops->min_w == 0 && app->depth > 1) {
            Screen *below = app->stack[app->depth - 2];
            below->ops->draw(below, g);
        }
        s->ops->draw(s, g);
        draw_message(g, app);
    }
    /* also on a terminal too small for the screen: q asks there too */
    if (app->ask_quit) {
        const char *q = _(" Quit yomi? The game is saved for Resume.  y / n ");
        int x = (app->w - grid_text_width(q)) / 2;
        grid_put(g, app->h / 2, x < 0 ? 0 : x, ST_BAD | SF_SELECT, q);
    }
}

/* Save every game on the stack; how many there were. */
static int autosave_all(App *app)
{
    int saved = 0;
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i]->ops->autosave) {
            app->stack[i]->ops->autosave(app->stack[i]);
            saved++;
        }
    return saved;
}

static bool any_busy(App *app)
{
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i]->ops->busy && app->stack[i]->ops->busy(app->stack[i]))
            return true;
    return false;
}

static void close_screens(App *app, bool all)
{
    for (int i = app->depth - 1; i >= 0; i--) {
        Screen *s = app->stack[i];
        if (!all && !s->closing)
            continue;
        if (s->ops->free)
            s->ops->free(s);
        free(s);
        memmove(&app->stack[i], &app->stack[i + 1], (size_t)(app->depth - i - 1) * sizeof(Screen *));
        app->depth--;
    }
}

static void handle_key(App *app, int key)
{
    Screen *s = top(app);
    if (key == KEY_MOUSE) {
        MEVENT ev;
        /* Only button 1's press acts: its release, the other buttons
         * and the wheel leave the screen, its message and the quit
         * question as they are. */
        if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
            return;
        app->mouse_y = ev.y;
        app->mouse_x = ev.x;
    }
    if (app->ask_quit) {
        app->ask_quit = false;
        if (key == 'y' || key == 'Y') {
            autosave_all(app);
            app->quit = true;
        }
        return;
    }
    if (key == KEY_RESIZE) {
        getmaxyx(stdscr, app->h, app->w);
        for (int i = 0; i < app->depth; i++)
            if (app->stack[i]->ops->resize)
                app->stack[i]->ops->resize(app->stack[i], app->w, app->h);
        clear();
        return;
    }
    app->message[0] = '\0';
    if (app->w < s->ops->min_w || app->h < s->ops->min_h) {
        if (key == 'q')
            app_request_quit(app);
        return;
    }
    s->ops->key(s, key);
}

/* How long the next getch() may wait: KEY_WAIT_MS, or less when a screen
 * asked to be ticked sooner (App.wake_at), which each tick asks anew. */
static int key_wait(App *app)
{
    int wait = KEY_WAIT_MS;
    if (app->wake_at) {
        const uint64_t now = clock_ms();
        const uint64_t left = app->wake_at > now ? app->wake_at - now : 0;
        if (left < KEY_WAIT_MS)
            wait = (int)left;
        app->wake_at = 0;
    }
    return wait;
}

/* The next key, or ERR after `wait` ms; sets *gone once getch() has
 * failed quickly QUICK_ERRS_GONE times in a row, as it does for ever on a
 * terminal that went away (a timeout always takes its whole wait).  Only
 * full waits count: a short one (an animation's) proves nothing either
 * way, and an animation is over in a few seconds. */
static int next_key(int wait, bool *gone)
{
    static int quick_errs;
    const uint64_t asked = clock_ms();
    timeout(wait);
    const int key = getch();
    if (key != ERR || clock_ms() - asked >= KEY_WAIT_MS / 2)
        quick_errs = 0;
    else if (wait == KEY_WAIT_MS)
        quick_errs++;
    *gone = quick_errs >= QUICK_ERRS_GONE;
    return key;
}

/* The loop ends before its time (a signal, a lost terminal): every game is
 * saved first.  The exit status, as for death by `sig`. */
static int end_early(App *app, int sig)
{
    app->saved_on_exit = autosave_all(app);
    return 128 + sig;
}

static int run(App *app)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);

    Grid g = {0, 0, NULL};
    int status = 0;
    while (!app->quit && app->depth > 0) {
        if (got_signal) {
            status = end_early(app, got_signal);
            break;
        }
        getmaxyx(stdscr, app->h, app->w);
        if (g.w != app->w || g.h != app->h) {
            grid_free(&g);
            if (grid_init(&g, app->w, app->h) != 0)
                break;
        }
        draw_all(app, &g);
        blit(&g, app);
        move(app->h > 0 ? app->h - 1 : 0, 0);
        refresh();
        bool gone;
        int key = next_key(key_wait(app), &gone);
        if (gone) {
            app->terminal_gone = true;
            status = end_early(app, SIGHUP); /* the hangup it is */
            break;
        }
        if (key != ERR)
            handle_key(app, key);
        for (int i = 0; i < app->depth; i++)
            if (app->stack[i]->ops->tick)
                app->stack[i]->ops->tick(app->stack[i]);
        close_screens(app, false);
    }
    grid_free(&g);
    close_screens(app, true);
    return status;
}

/* Whether the game screen can run here, asked before curses takes the
 * terminal over, so that a refusal leaves nothing on it; says why not. */
static bool terminal_usable(void)
{
    int found;
    if (setupterm(NULL, STDOUT_FILENO, &found) != OK) {
        fputs("yomi: cannot start the terminal UI (is TERM set?)\n", stderr);
        return false;
    }
    /* A terminal that cannot move the cursor (TERM=dumb, an editor's
     * shell) would get the screen as one long smear of text. */
    const char *cup = tigetstr("cup");
    const bool moves_cursor = cup && cup != (char *)-1;
    del_curterm(cur_term);
    if (!moves_cursor) {
        const char *term = getenv("TERM");
        fprintf(stderr,
                "yomi: the terminal '%.40s' cannot move the cursor, which the game screen needs; "
                "run yomi in a full terminal (TERM=xterm-256color, screen, ...), or use the "
                "command line (yomi --help)\n",
                term ? term : "");
        return false;
    }
    /* From a file, a pipe or /dev/null getch() could never wait for a key. */
    if (!isatty(STDIN_FILENO)) {
        fputs("yomi: the game needs a terminal on standard input; see yomi --help for the "
              "command line\n",
              stderr);
        return false;
    }
    return true;
}

static bool start_curses(App *app)
{
    if (!terminal_usable())
        return false;
    if (!newterm(NULL, stdout, stdin)) {
        fputs("yomi: cannot start the terminal UI (is TERM set?)\n", stderr);
        return false;
    }
    Err err = {{0}};
    if (settings_load(&err) != 0)
        app_message(app, ST_BAD, _("%s (yomi starts with the default settings)"), err.msg);
    app->colour = theme_init(settings.colour == SETTING_OFF);
    app->glyphs = theme_glyphs(settings.glyphs == SETTING_OFF);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    timeout(KEY_WAIT_MS);
    curs_set(0);
    set_escdelay(25);
    /* Every button's events, although only button 1's press acts: an
     * event outside the mask makes ncurses wait for the next one inside
     * it, so getch() would block past its timeout after every click. */
    mousemask(ALL_MOUSE_EVENTS, NULL);
    mouseinterval(0);
    getmaxyx(stdscr, app->h, app->w);
    return true;
}

static int finish(App *app, int status)
{
    endwin();
    autosave_flush(); /* the last move is on disk before we say it is saved */
    if (app->terminal_gone)
        fprintf(stderr, "yomi: the terminal went away%s\n",
                app->saved_on_exit ? "; the game was saved (Resume last game)" : "");
    else if (status >= 128 && app->saved_on_exit)
        fprintf(stderr, "yomi: stopped by signal %d; the game was saved (Resume last game)\n",
                status - 128);
    else if (status >= 128)
        fprintf(stderr, "yomi: stopped by signal %d\n", status - 128);
    return status;
}

int ui_main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    App app;
    memset(&app, 0, sizeof app);
    if (!start_curses(&app))
        return 1;
    app_push(&app, &screen_menu, NULL);
    return finish(&app, run(&app));
}

int ui_play(const char *game_id, const GameOption *opts, int nopts, const char *first,
            const char *second)
{
    App app;
    memset(&app, 0, sizeof app);
    UiGameArg arg = {.id = game_id, .opts = opts, .nopts = nopts, .players = {first, second}};
    if (!start_curses(&app))
        return 1;
    app_push(&app, &screen_menu, NULL);
    if (app_push(&app, &screen_game, &arg) != 0) {
        endwin();
        fprintf(stderr, "yomi: %s\n", arg.error[0] ? arg.error : "cannot start the game");
        return 2;
    }
    return finish(&app, run(&app));
}

int ui_play_session(struct Session *session)
{
    App app;
    memset(&app, 0, sizeof app);
    UiGameArg arg = {.session = session};
    if (!start_curses(&app)) {
        session_free(session);
        return 1;
    }
    app_push(&app, &screen_menu, NULL);
    if (app_push(&app, &screen_game, &arg) != 0) {
        endwin();
        session_free(session);
        fprintf(stderr, "yomi: %s\n", arg.error[0] ? arg.error : "cannot start the game");
        return 2;
    }
    return finish(&app, run(&app));
}

int ui_explain(const char *game_id, const GameOption *opts, int nopts, const char *position,
               const SearchConfig cfg[2], int n)
{
    App app;
    memset(&app, 0, sizeof app);
    UiTheatreArg arg = {.id = game_id, .opts = opts, .nopts = nopts, .position = position,
                        .cfg = {cfg[0], cfg[n == 2 ? 1 : 0]}, .nsearches = n};
    if (!start_curses(&app))
        return 1;
    app_push(&app, &screen_menu, NULL);
    if (app_push(&app, &screen_theatre, &arg) != 0) {
        endwin();
        fprintf(stderr, "yomi: %s\n", arg.error[0] ? arg.error : "cannot open the theatre");
        return 2;
    }
    return finish(&app, run(&app));
}
