/* screen.h - the UI's screens (menu, new game, game, watch, compare, help,
 * settings) as vtables on a stack, in the manner of tmux's modes: the top
 * screen gets the keys and draws; every screen gets ticks, so a game keeps
 * playing while its help is open.
 */
#ifndef YOMI_UI_SCREEN_H
#define YOMI_UI_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"
#include "engine/search.h"
#include "ui/glyphs.h"
#include "ui/grid.h"
#include "ui/view.h"

typedef struct App App;
typedef struct Screen Screen;

typedef struct ScreenOps {
    const char *name;
    int min_w, min_h;                     /* below this: "enlarge the terminal" */
    int (*init)(Screen *s, void *arg);    /* -1: do not push */
    void (*key)(Screen *s, int key);      /* a curses key code (KEY_MOUSE too) */
    void (*draw)(Screen *s, Grid *g);     /* the whole window, every frame */
    void (*resize)(Screen *s, int w, int h);
    void (*tick)(Screen *s);              /* ~10 times a second */
    void (*free)(Screen *s);
    /* True when leaving would throw away a game in progress. */
    bool (*busy)(Screen *s);
    /* SIGINT/SIGTERM or quit: save what must survive. */
    void (*autosave)(Screen *s);
} ScreenOps;

struct Screen {
    const ScreenOps *ops;
    App *app;
    void *data;
    bool closing; /* popped at the end of this loop turn */
};

/* A status message: room for an error (ERR_MSG_MAX) and words around it. */
#define APP_MESSAGE_MAX 320

/* The app (app.c). */
struct App {
    Screen *stack[16];
    int depth;
    bool quit;
    bool ask_quit;          /* the "really quit?" question is showing */
    const Glyphs *glyphs;
    bool colour;
    int w, h;
    char message[APP_MESSAGE_MAX]; /* a status message, cleared on the next key */
    int message_style;
    int mouse_y, mouse_x;   /* where the last click was (key KEY_MOUSE) */
    /* A screen's tick wants the loop round again by this monotonic ms
     * (an animation's next frame), sooner than the usual wait; 0: no
     * hurry.  Asked afresh at every tick. */
    uint64_t wake_at;
    int saved_on_exit;      /* games saved when a signal or a lost terminal ended the loop */
    bool terminal_gone;     /* the loop ended because the terminal went away */
};

/* What the game screen starts from: a session (taken over), or a game id
 * and two player specs. */
struct Session;
typedef struct {
    struct Session *session;
    const char *id;
    const GameOption *opts;
    int nopts;
    const char *players[2];
    bool watch;             /* computer vs computer with pause/step/speed */
    char error[ERR_MSG_MAX]; /* why init failed */
} UiGameArg;

/* What the prompt screen asks. */
typedef struct {
    const char *question;
    const char *initial;
    void (*done)(void *ctx, const char *answer); /* not called on Esc */
    void *ctx;
    bool low; /* at the foot of the screen, the board above left in sight */
} UiPromptArg;

/* What the compare screen starts from: a game and a position (NULL: start). */
typedef struct {
    const char *id;
    const GameOption *opts;
    int nopts;
    const char *position;
} UiCompareArg;

/* What the search theatre shows: a game and a position (`state` of the
 * game `id` opens, or `position` text, or the start), searched by one
 * configuration or two side by side. */
typedef struct {
    const char *id;
    const GameOption *opts;
    int nopts;
    const char *position;
    const unsigned char *state;
    const void *const *history; /* the positions before it, oldest first */
    int nhistory;
    SearchConfig cfg[2];
    int nsearches;
    const char *note;           /* shown when the theatre opens ("" or NULL: none) */
    char error[ERR_MSG_MAX];    /* why init failed */
} UiTheatreArg;

int app_push(App *app, const ScreenOps *ops, void *arg);
void app_pop(Screen *s);        /* close this screen (at the end of the turn) */
void app_quit(App *app, bool ask);
/* q anywhere: quit, asking first when a game is in progress. */
void app_request_quit(App *app);
void app_message(App *app, int style, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Shared drawing helpers. */
void draw_title(Grid *g, const char *title, const App *app);
/* The one-line key help at the bottom: "k key  k key ..." with keys styled;
 * the descriptions (mark them N_) are translated here, the key names not. */
void draw_keys(Grid *g, const char *const *pairs);
void draw_message(Grid *g, const App *app);

/* Screens. */
extern const ScreenOps screen_menu, screen_newgame, screen_game, screen_help,
    screen_settings, screen_compare, screen_prompt, screen_compare_setup, screen_watch,
    screen_theatre, screen_theatre_setup;

/* Key helpers. */
#define KEY_ESCAPE 27
#define KEY_CTRL(c) ((c) & 0x1f)
bool key_is_enter(int key);
/* Arrow keys and hjkl as (drow, dcol); false for other keys. */
bool key_direction(int key, int *drow, int *dcol);

#endif
