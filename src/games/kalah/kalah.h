/* kalah.h - what the UI and the tests may ask of a Kalah game beyond the
 * generic GameOps: the board's shape and contents, and how a pit becomes a
 * Move.  Every function here takes a Game opened as a kalah variant (its ops
 * are &kalah_ops) and a state of that game; anything else is a caller bug.
 *
 * Players are 0 (first) and 1 (second).  Pits are numbered 0..pits-1 from
 * that player's left as the player sees the board, i.e. in sowing order;
 * the notation's pit numbers are these plus one. */
#ifndef YOMI_KALAH_H
#define YOMI_KALAH_H

#include "engine/game.h"

typedef enum {
    KALAH_RULES_STANDARD, /* play until one side's pits are empty */
    KALAH_RULES_SEED      /* seed 000: a store above half ends it; +-total */
} KalahRules;

typedef enum {
    KALAH_CAPTURE_STANDARD, /* capture only when the opposite pit has seeds */
    KALAH_CAPTURE_EMPTY     /* always capture (Irving et al.'s rule) */
} KalahCapture;

int kalah_pits(const Game *g);        /* pits per side, 1..8 */
int kalah_total_seeds(const Game *g); /* 2 * pits * seeds per pit */
KalahRules kalah_rules(const Game *g);
KalahCapture kalah_capture(const Game *g);

int kalah_seeds(const Game *g, const void *state, int player, int pit);
int kalah_store(const Game *g, const void *state, int player);

/* The move that sows `player`'s pit (0-based); and back (-1 if not a pit
 * move of a Kalah game of this shape). */
Move kalah_move(const Game *g, int player, int pit);
int kalah_move_pit(const Game *g, Move m);

#endif
