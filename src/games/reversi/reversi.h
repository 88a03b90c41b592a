/* reversi.h - what the UI and the tests need to know about a reversi Game
 * beyond the GameOps table: its size, who sits where, which moves are legal.
 *
 * Squares are numbered row * 8 + col whatever the board size (the board sits
 * in the top-left corner of an 8x8 layout); row 0 is the top row ("1"),
 * col 0 the left column ("a").  Colours: 0 empty, 1 black (moves first,
 * 'X'), 2 white ('O').
 */
#ifndef YOMI_REVERSI_H
#define YOMI_REVERSI_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"

/* One position: the mover's and the other side's discs, and whose turn it
 * is (0 black, 1 white).  24 bytes, padding explicit and always zero. */
typedef struct {
    uint64_t mover;
    uint64_t other;
    uint8_t side;
    uint8_t zero[7];
} ReversiState;

enum { REVERSI_EMPTY = 0, REVERSI_BLACK = 1, REVERSI_WHITE = 2 };

int reversi_rows(const Game *g);
int reversi_cols(const Game *g);
/* Why this 8x8 game evaluates with the simple heuristic instead of the
 * trained patterns (their file is missing or damaged), or NULL. */
const char *reversi_eval_notice(const Game *g);
/* The mask of the board's squares (bit row*8+col). */
uint64_t reversi_board_mask(const Game *g);

/* REVERSI_EMPTY/BLACK/WHITE at (row, col); REVERSI_EMPTY off the board. */
int reversi_colour_at(const Game *g, const void *state, int row, int col);
/* Discs of each colour. */
void reversi_disc_counts(const Game *g, const void *state, int *black, int *white);
/* Legal moves of the side to move as a bit mask (0 when it must pass or the
 * game is over). */
uint64_t reversi_legal_mask(const Game *g, const void *state);
bool reversi_is_legal(const Game *g, const void *state, int row, int col);

/* Moves are square numbers; MOVE_PASS is the pass. */
static inline Move reversi_move_at(int row, int col) { return (Move)(row * 8 + col); }
static inline int reversi_move_row(Move m) { return m / 8; }
static inline int reversi_move_col(Move m) { return m % 8; }

#endif
