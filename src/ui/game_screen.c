/* game_screen.c - the game screen: the board, the players, the person's
 * cursor and the computer's turns (the panel beside the board, its live
 * search and move list, is game_panel.c).
 *
 * The computer's search runs on the engine's thread; tick() polls it ten
 * times a second and plays its move when it is done, so keys (undo, quit)
 * are always answered at once. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <curses.h>

#include "base/clock.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "players/player.h"
#include "ui/analysis.h"
#include "ui/autosave.h"
#include "ui/clock_face.h"
#include "ui/fmt.h"
#include "ui/game_screen.h"
#include "ui/load.h"
#include "base/i18n.h"
#include "ui/settings.h"

static void check_over(GameScreen *gs)
{
    const bool was = gs->over;
    gs->over = session_over(gs->session, &gs->over_value, &gs->over_why);
    gs->summary_due = gs->over && !was && !gs->watch;
}

void game_screen_message_for_now(Screen *s)
{
    GameScreen *gs = s->data;
    snprintf(gs->for_now, sizeof gs->for_now, "%s", s->app->message);
}

static void moment_passed(Screen *s)
{
    GameScreen *gs = s->data;
    if (gs->for_now[0] && strcmp(s->app->message, gs->for_now) == 0)
        s->app->message[0] = '\0';
    gs->for_now[0] = '\0';
}

static void after_move(Screen *s)
{
    GameScreen *gs = s->data;
    moment_passed(s);
    check_over(gs);
    gs->driver.hint_move = MOVE_NONE;
    gs->asking_promotion = false;
    gs->cursor.selected = false;
    if (gs->view)
        gs->view->cursor_home(gs->session->game, session_current(gs->session), &gs->cursor);
    game_screen_autosave(s);
    gs->next_move_at = clock_ms() + (uint64_t)(gs->watch ? gs->delay_ms : 150);
    animation_stop(&gs->anim); /* undo, redo, another move: the board as it is */
}

/* The move just played, step by step when Settings say so. */
static void animate_last_move(Screen *s)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    if (se->n > 0)
        animation_start(&gs->anim, se->game, session_state(se, se->n - 1), se->moves[se->n - 1],
                        settings.animation, clock_ms());
}

void game_screen_finish_animation(Screen *s)
{
    GameScreen *gs = s->data;
    animation_stop(&gs->anim);
}

/* The next frame when it is due; true while the animation runs, and the
 * loop is asked round again in time for the frame after. */
static bool animation_runs(Screen *s)
{
    GameScreen *gs = s->data;
    if (!animation_tick(&gs->anim, gs->session->game, clock_ms()))
        return false;
    const uint64_t next = animation_next_at(&gs->anim);
    if (!s->app->wake_at || next < s->app->wake_at)
        s->app->wake_at = next;
    return true;
}

/* Say what the board alone does not: a pass, or a move that keeps the turn
 * (Kalah's last seed in the store). */
static void announce(Screen *s)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    if (se->n == 0 || gs->over)
        return;
    int mover = game_side(se->game, session_state(se, se->n - 1));
    if (se->moves[se->n - 1] == MOVE_PASS)
        app_message(s->app, ST_NORMAL, _("%s passes: no legal move"), _(gs->view->side_name[mover]));
    else if (session_side(se) == mover)
        app_message(s->app, ST_GOOD, _("%s moves again"), _(gs->view->side_name[mover]));
    else
        return;
    game_screen_message_for_now(s);
}

static int adopt(Screen *s, Session *session, char *error, size_t errlen)
{
    GameScreen *gs = s->data;
    const BoardView *view = view_for(session->game);
    if (!view) {
        snprintf(error, errlen, _("%s has no board view yet"), session->game->name);
        return -1;
    }
    if (gs->session) {
        driver_free(&gs->driver);
        session_free(gs->session);
    }
    animation_stop(&gs->anim);
    gs->session = session;
    gs->view = view;
    gs->flipped = game_screen_starts_flipped(gs);
    driver_init(&gs->driver, session);
    memset(&gs->cursor, 0, sizeof gs->cursor);
    view->cursor_home(session->game, session_current(session), &gs->cursor);
    check_over(gs);
    gs->next_move_at = clock_ms() + 300;
    const char *notice = session->game->ops->notice ? session->game->ops->notice(session->game) : NULL;
    if (notice)
        app_message(s->app, ST_BAD, "%s", notice);
    return 0;
}

int game_screen_init(Screen *s, void *arg)
{
    UiGameArg *a = arg;
    GameScreen *gs = calloc(1, sizeof *gs);
    if (!gs) {
        snprintf(a->error, sizeof a->error, "%s", _("out of memory"));
        return -1;
    }
    s->data = gs;
    gs->watch = a->watch;
    gs->delay_ms = settings.watch_delay;
    Session *session = a->session;
    if (!session) {
        UiPlayer players[2];
        Err err = {{0}};
        for (int i = 0; i < 2; i++) {
            if (ui_player_parse(a->players[i] ? a->players[i] : (i ? PLAYER_DEFAULT_COMPUTER : "human"),
                                &players[i], &err) != 0) {
                snprintf(a->error, sizeof a->error, "%s", err.msg);
                free(gs);
                return -1;
            }
        }
        session = session_new(a->id, a->opts, a->nopts, players, NULL, &err);
        if (!session) {
            snprintf(a->error, sizeof a->error, "%s", err.msg);
            free(gs);
            return -1;
        }
    }
    if (adopt(s, session, a->error, sizeof a->error) != 0) {
        if (!a->session)
            session_free(session);
        free(gs);
        return -1;
    }
    return 0;
}

void game_screen_free(Screen *s)
{
    GameScreen *gs = s->data;
    driver_free(&gs->driver);
    session_free(gs->session);
    free(gs);
}

bool game_screen_busy(Screen *s)
{
    GameScreen *gs = s->data;
    return !gs->over && gs->session->n > 0;
}

void game_screen_autosave(Screen *s)
{
    GameScreen *gs = s->data;
    Err err = {{0}};
    if (autosave_submit(gs->session, &err) != 0)
        app_message(s->app, ST_BAD, _("autosave failed: %s"), err.msg);
}

/* A side's time ran out: the search under way is dropped, the game is over. */
static void out_of_time(Screen *s)
{
    GameScreen *gs = s->data;
    driver_stop(&gs->driver);
    moment_passed(s);
    check_over(gs);
    game_screen_autosave(s);
}

void game_screen_tick(Screen *s)
{
    GameScreen *gs = s->data;
    Driver *d = &gs->driver;
    Move played;
    if (game_screen_clock_sync(s))
        out_of_time(s);
    bool hinting = d->hinting;
    if (driver_tick(d, &played)) {
        after_move(s);
        animate_last_move(s);
        announce(s);
        if (gs->step) {
            gs->paused = true;
            gs->step = false;
        }
    }
    /* A move shown step by step ends before the next begins: the next
     * search starts, and the summary shows, once it is over. */
    const bool animating = animation_runs(s);
    /* The summary waits for the screen to be on top (not under its help). */
    if (gs->summary_due && !animating && s->app->stack[s->app->depth - 1] == s) {
        gs->summary_due = false;
        app_push(s->app, &screen_summary, s);
    }
    char why[200];
    if (autosave_error(why, sizeof why))
        app_message(s->app, ST_BAD, _("autosave failed: %s"), why);
    if (hinting && !d->hinting)
        moment_passed(s);
    if (hinting && !d->hinting && d->hint_move != MOVE_NONE && gs->view->cursor_to_move) {
        gs->cursor.selected = false;
        gs->view->cursor_to_move(gs->session->game, session_current(gs->session), d->hint_move,
                                 &gs->cursor);
    }
    if (d->error[0]) {
        app_message(s->app, ST_BAD, _("engine: %s"), d->error);
        d->error[0] = '\0';
        gs->paused = true;
    }
    if (gs->over || animating || driver_busy(d) || gs->paused || !driver_computer_to_move(d))
        return;
    if (clock_ms() < gs->next_move_at)
        return;
    /* Only the screen on top starts new searches: a game under its help
     * screen finishes the move it is thinking about, then waits. */
    if (s->app->stack[s->app->depth - 1] != s)
        return;
    if (driver_start(d) != 0) {
        app_message(s->app, ST_BAD, _("engine: %s"), d->error);
        d->error[0] = '\0';
        gs->paused = true;
    }
    game_screen_clock_sync(s); /* its clock runs from now */
}

/* ---- keys -------------------------------------------------------------- */

static bool has_human(const GameScreen *gs)
{
    return gs->session->players[0].human || gs->session->players[1].human;
}

static void undo(Screen *s)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    driver_stop(&gs->driver);
    if (!session_undo(se)) {
        app_message(s->app, ST_BAD, "%s", _("nothing to undo"));
        return;
    }
    /* Against the computer, take back its reply too: back to your turn. */
    if (has_human(gs))
        while (se->n > 0 && !se->players[session_side(se)].human)
            session_undo(se);
    if (gs->watch)
        gs->paused = true;
    after_move(s);
    gs->next_move_at = clock_ms() + 1000;
    app_message(s->app, ST_NORMAL, _("undone: move %d is next"), se->n + 1);
}

static void redo(Screen *s)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    driver_stop(&gs->driver);
    if (!session_redo(se)) {
        app_message(s->app, ST_BAD, "%s", _("nothing to redo"));
        return;
    }
    if (has_human(gs))
        while (se->n < se->top && !se->players[session_side(se)].human)
            session_redo(se);
    if (gs->watch)
        gs->paused = true;
    after_move(s);
}

void game_screen_play_on(Screen *s, int ply)
{
    GameScreen *gs = s->data;
    driver_stop(&gs->driver);
    while (gs->session->n > ply && session_undo(gs->session))
        ;
    if (gs->watch)
        gs->paused = true;
    after_move(s);
    gs->next_move_at = clock_ms() + 1000;
    app_message(s->app, ST_NORMAL, _("back to move %d: play on from here"), ply);
}

static void save_done(void *ctx, const char *path)
{
    Screen *s = ctx;
    GameScreen *gs = s->data;
    Err err = {{0}};
    if (ui_save_game(gs->session, path, &err) != 0)
        app_message(s->app, ST_BAD, "%s", err.msg);
    else
        app_message(s->app, ST_GOOD, _("saved to %s"), path);
}

static int adopt_loaded(Screen *s, Session *se, const char *path)
{
    GameScreen *gs = s->data;
    char why[200];
    if (adopt(s, se, why, sizeof why) != 0) {
        session_free(se);
        app_message(s->app, ST_BAD, "%s", why);
        return -1;
    }
    gs->paused = gs->watch;
    app_message(s->app, ST_GOOD, _("loaded %s"), path);
    return 0;
}

static void load_done(void *ctx, const char *path) { ui_load(ctx, path, adopt_loaded); }

static void ask_path(Screen *s, const char *question, void (*done)(void *, const char *))
{
    static char path[4096];
    char dir[3000];
    Err err;
    if (session_state_dir(dir, sizeof dir, &err) == 0)
        snprintf(path, sizeof path, "%s/saved.yomi", dir);
    else
        snprintf(path, sizeof path, "saved.yomi");
    UiPromptArg arg = {question, path, done, s, false};
    app_push(s->app, &screen_prompt, &arg);
}

static void play_again(Screen *s)
{
    GameScreen *gs = s->data;
    Err err = {{0}};
    Session *se = session_restart(gs->session, &err);
    char why[200];
    const bool flipped = gs->flipped; /* the same players: the board as it was */
    if (!se || adopt(s, se, why, sizeof why) != 0) {
        session_free(se);
        app_message(s->app, ST_BAD, "%s", err.msg);
        return;
    }
    gs->flipped = flipped;
    app_message(s->app, ST_GOOD, "%s", _("new game: good luck"));
}

bool game_screen_answer_key(Screen *s, int key)
{
    GameScreen *gs = s->data;
    if (!gs->asking_replace)
        return false;
    gs->asking_replace = false;
    if (key == 'y' || key == 'Y')
        ask_path(s, _("Load a game from:"), load_done);
    /* s saves, as the question offers; any other key keeps the game */
    return key != 's';
}

bool game_screen_common_key(Screen *s, int key)
{
    GameScreen *gs = s->data;
    if (gs->over && (key == 'y' || key == 'Y')) {
        play_again(s);
        return true;
    }
    switch (key) {
    case 'u':
    case KEY_BACKSPACE:
        undo(s);
        return true;
    case 'r':
    case KEY_CTRL('r'):
        redo(s);
        return true;
    case 's':
        ask_path(s, _("Save the game to:"), save_done);
        return true;
    case 'o':
        if (game_screen_busy(s))
            gs->asking_replace = true;
        else
            ask_path(s, _("Load a game from:"), load_done);
        return true;
    case 'n':
        driver_stop(&gs->driver);
        app_pop(s);
        app_push(s->app, &screen_newgame, gs->watch ? (void *)1 : NULL);
        return true;
    case 'c': {
        char pos[512];
        const Game *g = gs->session->game;
        GameOption opts[SESSION_MAX_OPTS];
        for (int i = 0; i < gs->session->nopts; i++)
            opts[i] = (GameOption){gs->session->opt_key[i], gs->session->opt_val[i]};
        g->ops->format_position(g, session_current(gs->session), pos, sizeof pos);
        UiCompareArg arg = {gs->session->id, opts, gs->session->nopts, pos};
        gs->paused = gs->paused || gs->watch;
        driver_stop(&gs->driver);
        app_push(s->app, &screen_compare_setup, &arg);
        return true;
    }
    case 'e':
        game_screen_explain(s);
        return true;
    case 'a':
    case 'm':
        game_screen_review(s, key == 'a');
        return true;
    case 'f':
        game_screen_flip(s);
        return true;
    case '?':
        app_push(s->app, &screen_help, NULL);
        return true;
    case 'q':
        driver_stop(&gs->driver);
        app_quit(s->app, game_screen_busy(s));
        return true;
    case KEY_ESCAPE:
        if (gs->asking_promotion || gs->cursor.selected) {
            gs->asking_promotion = false;
            gs->cursor.selected = false;
            return true;
        }
        driver_stop(&gs->driver);
        game_screen_autosave(s);
        app_pop(s);
        return true;
    default:
        return false;
    }
}

void game_screen_play(Screen *s, Move m)
{
    GameScreen *gs = s->data;
    if (session_play(gs->session, m) != 0) {
        app_message(s->app, ST_BAD, "%s", _("out of memory"));
        return;
    }
    after_move(s);
    animate_last_move(s);
    announce(s);
}

static void pick(Screen *s)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    const Game *g = se->game;
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, session_current(se), moves);
    if (n == 1 && moves[0] == MOVE_PASS) {
        game_screen_play(s, MOVE_PASS);
        return;
    }
    Move picked[2];
    char msg[120] = "";
    switch (gs->view->pick(g, session_current(se), &gs->cursor, picked, msg, sizeof msg)) {
    case PICK_MOVE:
        game_screen_play(s, picked[0]);
        break;
    case PICK_PROMOTE:
        gs->asking_promotion = true;
        gs->promo[0] = picked[0];
        gs->promo[1] = picked[1];
        break;
    case PICK_SELECTED:
        if (msg[0])
            app_message(s->app, ST_NORMAL, "%s", msg);
        break;
    case PICK_NONE:
        app_message(s->app, ST_BAD, "%s", msg[0] ? msg : _("not a legal move"));
        break;
    }
}

static void board_origin(const GameScreen *gs, int *y, int *x)
{
    (void)gs;
    *y = 2;
    *x = 2;
}

void game_screen_board(Screen *s, ViewCtx *ctx)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    const void *frame = animation_frame(&gs->anim);
    const bool human_turn = !gs->over && !frame && se->players[session_side(se)].human;
    *ctx = (ViewCtx){
        .game = se->game,
        .state = frame ? frame : session_current(se),
        .glyphs = s->app->glyphs,
        .cursor = human_turn ? &gs->cursor : NULL,
        .last = se->n > 0 ? se->moves[se->n - 1] : MOVE_NONE,
        .last_before = se->n > 0 ? session_state(se, se->n - 1) : NULL,
        .show_legal = human_turn && settings.show_legal,
        .flipped = gs->flipped && gs->view->flippable,
    };
}

static void game_key(Screen *s, int key)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    int dr, dc;
    game_screen_finish_animation(s);
    bool human_turn = !gs->over && se->players[session_side(se)].human;
    if (game_screen_answer_key(s, key))
        return;
    if (gs->asking_promotion) {
        if (key == 'y' || key == 'Y' || key_is_enter(key))
            game_screen_play(s, gs->promo[0]);
        else if (key == 'n' || key == 'N')
            game_screen_play(s, gs->promo[1]);
        else if (key == KEY_ESCAPE)
            gs->asking_promotion = gs->cursor.selected = false;
        return;
    }
    if (gs->over && (key == 'n' || key == KEY_ESCAPE)) {
        game_screen_common_key(s, KEY_ESCAPE);
        return;
    }
    if (gs->over && key_is_enter(key)) {
        play_again(s);
        return;
    }
    if (key == 't') {
        if (!human_turn)
            app_message(s->app, ST_BAD, "%s", _("a hint is for your own turn"));
        else if (driver_start_hint(&gs->driver, settings.hint_depth) != 0)
            app_message(s->app, ST_BAD, _("hint: %s"), gs->driver.error);
        else {
            app_message(s->app, ST_NORMAL, "%s", _("thinking about a hint..."));
            game_screen_message_for_now(s);
        }
        return;
    }
    if (key == 'p') {
        Move moves[GAME_MAX_MOVES];
        int n = se->game->ops->legal_moves(se->game, session_current(se), moves);
        if (human_turn && n == 1 && moves[0] == MOVE_PASS)
            game_screen_play(s, MOVE_PASS);
        else
            app_message(s->app, ST_BAD, "%s", _("you may pass only when you have no move"));
        return;
    }
    if (game_screen_common_key(s, key))
        return;
    if (key == ':') {
        game_screen_ask_move(s);
        return;
    }
    if (key_direction(key, &dr, &dc)) {
        view_turn_direction(gs->flipped && gs->view->flippable, gs->cursor.area, &dr, &dc);
        gs->view->cursor_move(se->game, session_current(se), &gs->cursor, dr, dc);
        return;
    }
    if (key >= '1' && key <= '9' && gs->view->cursor_to_digit) { /* Kalah: a pit by its number */
        if (!game_screen_cursor_to_digit(s, key - '0'))
            return;
        key = '\n';
    }
    if (key == KEY_MOUSE) {
        int by, bx;
        board_origin(gs, &by, &bx);
        ViewCtx board;
        game_screen_board(s, &board);
        Cursor c = gs->cursor;
        if (!gs->view->hit(&board, s->app->mouse_y - by, s->app->mouse_x - bx, &c))
            return;
        gs->cursor = c;
        key = '\n';
    }
    if (key_is_enter(key) || key == ' ') {
        if (!game_screen_your_turn(s))
            return;
        if (gs->driver.hinting)
            driver_stop(&gs->driver);
        pick(s);
        return;
    }
}

/* ---- drawing ----------------------------------------------------------- */

static void player_label(const GameScreen *gs, int side, char *buf, size_t len)
{
    const UiPlayer *p = &gs->session->players[side];
    if (p->human) {
        snprintf(buf, len, "%s", gs->session->players[!side].human ? _("Human") : _("You"));
        return;
    }
    ui_player_describe(p, buf, len);
}

static void status_line(const GameScreen *gs, char *buf, size_t len, int *style)
{
    const Session *se = gs->session;
    int side = session_side(se);
    *style = ST_NORMAL;
    if (gs->over) {
        const bool one_human = se->players[0].human != se->players[1].human;
        const int human = !one_human ? -1 : se->players[0].human ? 0 : 1;
        char who[64];
        const bool lost = fmt_outcome(se->game->ops->info->payoff, gs->over_value, human,
                                      gs->view->side_name, who, sizeof who);
        if (gs->over_why[0])
            snprintf(buf, len, _("Game over: %s, by %s.  Play again? y/n"), who, _(gs->over_why));
        else
            snprintf(buf, len, _("Game over: %s.  Play again? y/n"), who);
        *style = (lost ? ST_BAD : ST_GOOD) | SF_BOLD;
        return;
    }
    if (gs->asking_replace) {
        snprintf(buf, len, "%s", _("Replace the game in progress?  y yes   n no   s save it first"));
        *style = ST_KEY;
        return;
    }
    if (gs->asking_promotion) {
        snprintf(buf, len, "%s", _("Promote this piece?  y yes   n no   Esc cancel"));
        *style = ST_KEY;
        return;
    }
    if (gs->driver.thinking >= 0) {
        snprintf(buf, len, _("%s is thinking..."), _(gs->view->side_name[gs->driver.thinking]));
        return;
    }
    if (gs->watch && gs->paused) {
        snprintf(buf, len, "%s", _("Paused: Space resumes, . plays one move"));
        *style = ST_KEY;
        return;
    }
    const void *frame = animation_frame(&gs->anim);
    if (frame) { /* the move being shown is still its mover's */
        snprintf(buf, len, _("%s to move"), _(gs->view->side_name[game_side(se->game, frame)]));
        return;
    }
    if (se->players[side].human) {
        Move moves[GAME_MAX_MOVES];
        int n = se->game->ops->legal_moves(se->game, session_current(se), moves);
        if (n == 1 && moves[0] == MOVE_PASS)
            snprintf(buf, len, _("%s has no move: press Enter to pass"), _(gs->view->side_name[side]));
        else if (gs->cursor.selected)
            snprintf(buf, len, _("%s to move: now choose where it goes (Esc puts it back)"),
                     _(gs->view->side_name[side]));
        else
            snprintf(buf, len, _("%s to move: choose with the arrows, Enter plays"),
                     _(gs->view->side_name[side]));
        *style = ST_TITLE;
        return;
    }
    snprintf(buf, len, _("%s to move"), _(gs->view->side_name[side]));
}

void game_screen_draw_common(Screen *s, Grid *g, int *panel_x, int *panel_y)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    const Game *game = se->game;
    char title[160], pretty[80];
    game_display_name(game, pretty, sizeof pretty); /* "Reversi 6x6" */
    snprintf(title, sizeof title, gs->watch ? _("Watch: %s") : "%s", pretty);
    for (int i = 0; i < se->nopts; i++) {
        size_t n = strlen(title);
        snprintf(title + n, sizeof title - n, " (%s %s)", se->opt_key[i], se->opt_val[i]);
    }
    draw_title(g, title, s->app);

    /* the board */
    ViewCtx ctx;
    game_screen_board(s, &ctx);
    Grid board;
    int by, bx;
    board_origin(gs, &by, &bx);
    int bw = 0;
    if (view_render(&ctx, &board) == 0) {
        grid_blit(g, by, bx, &board);
        bw = board.w;
        grid_free(&board);
    }

    /* players and score */
    int px = bx + bw + 3, py = 2;
    if (px < 34)
        px = 34;
    /* the turn as the board shows it: a move being shown is still its mover's */
    int side = game_side(game, ctx.state);
    for (int i = 0; i < 2; i++) {
        char who[64];
        player_label(gs, i, who, sizeof who);
        int st = i == 0 ? ST_P0 : ST_P1;
        bool turn = !gs->over && side == i;
        grid_put(g, py + i, px, ST_KEY, turn ? (s->app->glyphs->utf8 ? "\xe2\x96\xb6" : ">") : " ");
        int x = grid_put_field(g, py + i, px + 2, st, _(gs->view->side_name[i]), 6);
        const int end = game_screen_draw_clock(s, g, py + i, g->w - 1, i);
        grid_putn(g, py + i, x + 1, turn ? ST_NORMAL | SF_BOLD : ST_NORMAL, who, end - x - 1);
    }
    char score[80];
    gs->view->score(game, ctx.state, score, sizeof score); /* an animation's frame's too */
    grid_putn(g, py + 2, px + 2, ST_NORMAL, score, g->w - px - 3);

    /* status */
    char status[200];
    int st;
    status_line(gs, status, sizeof status, &st);
    grid_putn(g, g->h - 3, 1, st, status, g->w - 2);
    *panel_x = px;
    *panel_y = py + 4;
}

static void game_draw(Screen *s, Grid *g)
{
    int px, py;
    game_screen_draw_common(s, g, &px, &py);
    int w = g->w - px - 1;
    int y = game_screen_draw_search(s, g, py, px, w);
    game_screen_draw_moves(s, g, y, px, w, g->h - 4 - y);
    static const char *const keys[] = {"\xe2\x86\x90\xe2\x86\x91\xe2\x86\x93\xe2\x86\x92", N_("move"),
                                       "u/r", N_("undo/redo"), "t", N_("hint"),
                                       "s/o", N_("save/load"), "c", N_("compare"), "?", N_("help"),
                                       "q", N_("quit"), NULL};
    static const char *const keys_ascii[] = {"hjkl", N_("move"), "u/r", N_("undo/redo"),
                                             "t", N_("hint"), "s/o", N_("save/load"),
                                             "c", N_("compare"), "?", N_("help"), "q", N_("quit"), NULL};
    static const char *const over_keys[] = {"y/Enter", N_("play again"), "n/Esc", N_("menu"), "u", N_("undo"),
                                            "s", N_("save"), "c", N_("compare"), "q", N_("quit"), NULL};
    GameScreen *gs = s->data;
    draw_keys(g, gs->over ? over_keys : s->app->glyphs->utf8 ? keys : keys_ascii);
}

static void game_resize(Screen *s, int w, int h)
{
    (void)s;
    (void)w;
    (void)h; /* everything is laid out from the size at each draw */
}

const ScreenOps screen_game = {
    .name = "game",
    .min_w = 80,
    .min_h = 24,
    .init = game_screen_init,
    .key = game_key,
    .draw = game_draw,
    .resize = game_resize,
    .tick = game_screen_tick,
    .free = game_screen_free,
    .busy = game_screen_busy,
    .autosave = game_screen_autosave,
};
