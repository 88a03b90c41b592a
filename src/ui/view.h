/* view.h - one board view per game family: how its position is drawn, how
 * the cursor walks over it and how a selection becomes a Move.
 *
 * Views are pure (no curses): draw() writes into a Grid, which is what the
 * unit tests compare.  The game screen owns the cursor and asks the view.
 */
#ifndef YOMI_UI_VIEW_H
#define YOMI_UI_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/game.h"
#include "ui/glyphs.h"
#include "ui/grid.h"

/* Where the human's cursor is.  area 0 is the board (row, col); area 1 and 2
 * are the first and second player's hands (gogo), col = index in the hand. */
typedef struct {
    int area, row, col;
    bool selected;             /* a piece is picked up (gogo) */
    int sel_area, sel_row, sel_col;
} Cursor;

/* What draw() is told besides the position. */
typedef struct {
    const Game *game;
    const void *state;
    const Glyphs *glyphs;
    const Cursor *cursor;      /* NULL: no cursor shown */
    Move last;                 /* MOVE_NONE: none */
    const void *last_before;   /* the position `last` was played in */
    bool show_legal;           /* mark the mover's legal moves */
    bool flipped;              /* the board turned half round (BoardView.flippable) */
} ViewCtx;

typedef enum {
    PICK_NONE,     /* nothing happened (message may say why) */
    PICK_MOVE,     /* moves[0] is ready to play */
    PICK_PROMOTE,  /* ask: moves[0] promotes, moves[1] does not */
    PICK_SELECTED, /* a piece was picked up; pick a target next */
} PickResult;

typedef struct BoardView {
    const char *family;
    const char *side_name[2];  /* "Black"/"White", "South"/"North", ... (N_: draw with _()) */
    /* Size of the drawing in cells. */
    void (*size)(const Game *g, const Glyphs *gl, int *w, int *h);
    void (*draw)(Grid *out, const ViewCtx *ctx);
    /* A sensible starting cursor for the side to move. */
    void (*cursor_home)(const Game *g, const void *state, Cursor *c);
    /* Move the cursor by (drow, dcol) as seen on the board drawn the right
     * way up (on a turned board the caller turns the arrow first:
     * view_turn_direction). */
    void (*cursor_move)(const Game *g, const void *state, Cursor *c, int drow, int dcol);
    /* Enter pressed on the cursor. */
    PickResult (*pick)(const Game *g, const void *state, Cursor *c, Move moves[2],
                       char *msg, size_t msglen);
    /* Mouse: the cell (y, x) of the drawing draw() made of ctx to a
     * cursor; false when not a square. */
    bool (*hit)(const ViewCtx *ctx, int y, int x, Cursor *c);
    /* Put the cursor where a person would start to play m (the hint). */
    void (*cursor_to_move)(const Game *g, const void *state, Move m, Cursor *c);
    /* One line of score/material, e.g. "Black 12  White 9". */
    void (*score)(const Game *g, const void *state, char *buf, size_t len);
    /* The digit key n (1-9) where moves are numbers (Kalah's pits): the
     * cursor onto the mover's n-th, true; false and why in msg when there
     * is none.  NULL: digits are not moves. */
    bool (*cursor_to_digit)(const Game *g, const void *state, int n, Cursor *c, char *msg,
                            size_t msglen);
    /* draw() and hit() can turn the board half round (ViewCtx.flipped),
     * for the player of the second side. */
    bool flippable;
} BoardView;

/* The view for a game's family, or NULL if it has none yet. */
const BoardView *view_for(const Game *g);

/* Render a whole position into a fresh grid of the view's size (tests,
 * previews).  The caller frees it. -1 without a view or memory. */
int view_render(const ViewCtx *ctx, Grid *out);

/* Turning the board half round: where square (row, col) of a rows x cols
 * board shows when `flipped`, and so (the turn is its own inverse) which
 * square shows at a place. */
void view_turn_square(bool flipped, int rows, int cols, int *row, int *col);
/* An arrow's (drow, dcol) on the screen as a step on the board the cursor
 * is in (area, Cursor's): on a turned board the other way; the hands only
 * change places, their pieces still read left to right. */
void view_turn_direction(bool flipped, int area, int *drow, int *dcol);

/* A frame box helper shared by the views. */
void view_box(Grid *g, int y, int x, int h, int w, int style, const Glyphs *gl);

#endif
