/* outcome.h - how a game ended: its rules' end (no move left), checkmate,
 * repetition or perpetual check.  The game-over summary says it and the
 * analysis stops there; both need the whole history, which only a
 * repetition rule (game.h history_result) looks at. */
#ifndef YOMI_PLAYERS_OUTCOME_H
#define YOMI_PLAYERS_OUTCOME_H

#include "engine/game.h"

typedef enum {
    GAME_GOES_ON,
    GAME_END_NO_MOVES,       /* the rules' end: no move left to play */
    GAME_END_CHECKMATE,      /* no move left, and the side to move is in check */
    GAME_END_REPETITION,     /* the same position too often */
    GAME_END_PERPETUAL_CHECK /* a repetition that the side giving check every move loses */
} GameEnd;

/* Whether the game whose positions are states[0..n) (oldest first, the
 * last the current one; n >= 1) is over, and how; when it is, *value is
 * its result from the first player's view. */
GameEnd game_end(const Game *g, const void *const *states, int n, int *value);

/* "checkmate", "repetition", ... (N_: translate when shown); "" for
 * GAME_GOES_ON. */
const char *game_end_name(GameEnd e);

#endif
