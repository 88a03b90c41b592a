/* gogo_positions.h - the positions gogo's trainers fit (train/gogo.c,
 * train/gogo_net.c): quiet positions of yomi's games against itself, each
 * with its game's result and, once a search has looked at it, that
 * search's score; played, or read from the files of earlier runs, and
 * kept in files of their own.
 *
 * The file: a header line "yomi-gogo-positions VERSION GAMES", then a line
 * per position: its game's number (from 0, never decreasing), the result
 * for its side to move (win, draw or loss), in version 2 the score a
 * search gave it (side to move's view), and the position in the game's
 * notation.  Every position is read back through the game's own parser,
 * so a damaged file is an error, never a bad state. */
#ifndef YOMI_TRAIN_GOGO_POSITIONS_H
#define YOMI_TRAIN_GOGO_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "games/gogo/gogo.h"
#include "train/train.h"

typedef struct {
    GogoState state;
    float result; /* for the side to move: 1 won, 0.5 drawn, 0 lost */
    bool scored;  /* a search has given it `score` */
    int32_t score;
} GogoSample;

typedef struct {
    GogoSample *x;
    size_t n, cap;
    size_t *game_start; /* games + 1 entries: game k's are [game_start[k], game_start[k + 1]) */
    long games;
} GogoPositions;

/* The positions o asks for: o->nload files read one after the other
 * (their games numbered on), or o->games games played at o->depth.  The
 * report gets the games and, when played, their wins. */
int gogo_positions_get(const Game *g, const TrainOptions *o, GogoPositions *p, TrainReport *rep,
                       Err *err);
int gogo_positions_load(const Game *g, const char *path, GogoPositions *p, Err *err);
/* Version 2 when every position has a score, version 1 otherwise. */
int gogo_positions_save(const Game *g, const char *path, const GogoPositions *p, Err *err);
void gogo_positions_free(GogoPositions *p);

#endif
