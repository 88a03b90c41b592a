/* game_screen.h - the game screen's state, shared by the game screen
 * (game_screen.c: a person plays) and the watch screen (watch.c: the computer plays
 * itself), which differ only in their keys and side panel. */
#ifndef YOMI_UI_GAME_SCREEN_H
#define YOMI_UI_GAME_SCREEN_H

#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"
#include "ui/animation.h"
#include "ui/driver.h"
#include "ui/screen.h"
#include "ui/session.h"
#include "ui/view.h"

typedef struct {
    Session *session;
    Driver driver;
    const BoardView *view;
    Cursor cursor;
    bool watch;
    bool paused;            /* watch: no new searches */
    bool step;              /* watch: one move, then pause again */
    int delay_ms;           /* watch: between moves */
    uint64_t next_move_at;  /* monotonic ms before which no search starts */
    bool asking_promotion;
    Move promo[2];          /* [0] promotes, [1] does not */
    bool asking_replace;    /* o in a game in progress: load over it? */
    bool flipped;           /* the board turned round (f; game_input.c) */
    bool over;
    bool summary_due;       /* the game just ended: the summary shows when on top */
    int over_value;         /* first player's view */
    const char *over_why;
    char status[160];
    bool dirty_autosave;
    char for_now[APP_MESSAGE_MAX]; /* the message shown that only holds until a move or the hint */
    Animation anim;         /* the last move shown step by step (Settings) */
} GameScreen;

int game_screen_init(Screen *s, void *arg);
void game_screen_free(Screen *s);
void game_screen_tick(Screen *s);
bool game_screen_busy(Screen *s);
void game_screen_autosave(Screen *s);
/* The message just shown describes the moment ("thinking about a
 * hint...", "South moves again"): it comes down when the moment passes (the
 * next move, the hint), not at the next key, which may come long after. */
void game_screen_message_for_now(Screen *s);
/* The answer to a question the game put on the status line (replace the
 * game in progress?); true when the key was that answer. */
bool game_screen_answer_key(Screen *s, int key);
/* Keys both screens share (undo, redo, save, load, new, quit, ...); true
 * when the key was used. */
bool game_screen_common_key(Screen *s, int key);
/* Title, board, players, move list, status; returns the panel's column and
 * the first free row in it. */
void game_screen_draw_common(Screen *s, Grid *g, int *panel_x, int *panel_y);
/* The live search panel (game) at (y, x). Returns the next free row. */
int game_screen_draw_search(Screen *s, Grid *g, int y, int x, int w);
/* e: the theatre on the search behind the computer's last move
 * (game_explain.c). */
void game_screen_explain(Screen *s);
void game_screen_draw_moves(Screen *s, Grid *g, int y, int x, int w, int h);
/* a / m: the game so far analysed, or its moves browsed (analysis.c). */
void game_screen_review(Screen *s, bool analyse);
/* Back to the position after `ply` moves, to play on from there (the
 * moves after it stay for redo until a move is played). */
void game_screen_play_on(Screen *s, int ply);
/* A key or a click during a move's animation: the move's end shows at
 * once (and the key then does what it always does). */
void game_screen_finish_animation(Screen *s);
/* The board as it is drawn now (draw and mouse clicks alike); during an
 * animation its frame, without cursor or marks. */
void game_screen_board(Screen *s, ViewCtx *ctx);
/* Play the person's move m (legal). */
void game_screen_play(Screen *s, Move m);

/* game_input.c: typed input. */
/* The digit n on a board whose moves are numbers (BoardView.cursor_to_digit):
 * true with the cursor on that move, to play as Enter does; false, and
 * the status line says why, when there is none or it is not one's turn. */
bool game_screen_cursor_to_digit(Screen *s, int n);
/* True when a person is to move; else false, and the status line says why. */
bool game_screen_your_turn(Screen *s);
/* : asks for a move in the game's notation and plays it. */
void game_screen_ask_move(Screen *s);
/* f: turn the board round, or back. */
void game_screen_flip(Screen *s);
/* Whether a game starts with the board turned round: the person plays the
 * second side only (Settings: flip if I play 2nd). */
bool game_screen_starts_flipped(const GameScreen *gs);

#endif
