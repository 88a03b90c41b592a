/* animation.h - a move shown step by step (Settings: Animation): the
 * game says what each step looks like (GameOps.move_frames), this says
 * when each shows.  The game's position is never touched: a frame is a
 * copy, drawn in its place.  No curses here. */
#ifndef YOMI_UI_ANIMATION_H
#define YOMI_UI_ANIMATION_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"

/* A long move (a Kalah pit of many seeds, a reversi move turning a whole
 * row) takes no longer than this many steps would: its steps go faster. */
#define ANIMATION_MAX_STEPS 16

typedef struct {
    int steps;              /* the move's frames; 0: nothing running */
    int step;               /* the one shown */
    int step_ms;
    uint64_t started_at;    /* monotonic ms */
    Move move;
    _Alignas(16) unsigned char before[GAME_MAX_STATE];
    _Alignas(16) unsigned char frame[GAME_MAX_STATE];
} Animation;

/* Show m, played in `before`, from `now`, a step every `ms_per_step`;
 * nothing runs when that is 0 or the game has no frames of m. */
void animation_start(Animation *a, const Game *g, const void *before, Move m, int ms_per_step,
                     uint64_t now);
/* The frame due at `now`; false when the animation is over (or none
 * runs), and the move's own position shows. */
bool animation_tick(Animation *a, const Game *g, uint64_t now);
/* When the next frame (or the end) is due; 0 when nothing runs. */
uint64_t animation_next_at(const Animation *a);
/* The position to draw instead of the game's, or NULL when none runs. */
const void *animation_frame(const Animation *a);
/* At once to the end: a key, a new move, undo. */
void animation_stop(Animation *a);

#endif
