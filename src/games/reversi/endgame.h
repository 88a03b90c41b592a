/* endgame.h - reversi's exact endgame solver: the GameOps solver hooks.
 *
 * One solver serves every board size: the 8x8 bitboards of bitboard.h with
 * the variant's mask of squares.  Values are final_score's (disc difference,
 * empties to the winner under standard scoring), from the mover's view.
 */
#ifndef YOMI_REVERSI_ENDGAME_H
#define YOMI_REVERSI_ENDGAME_H

#include "engine/game.h"

GameSolver *reversi_solver_new(const Game *g, int table_mb, Err *err);
void reversi_solver_free(GameSolver *s);
void reversi_solver_clear(GameSolver *s);
/* Solves of TEAM_MIN empties or more may run on up to `threads` threads
 * (SolverPoll.threads says how many a call may take), sharing the table:
 * the helpers are made now and sleep between solves. */
int reversi_solver_threads(GameSolver *s, int threads, Err *err);
/* Entries of the table in use: it grows with a solve, up to table_mb,
 * and starts small again after a clear. */
size_t reversi_solver_table_entries(const GameSolver *s);
/* The discs of `o` (the side not to move in the position p, o) that no
 * sequence of moves can flip: those the stability bound counts. */
uint64_t reversi_solver_stable_discs(const GameSolver *s, uint64_t p, uint64_t o);
int reversi_solver_size(const Game *g, const void *state);
int reversi_solver_default(const Game *g);
int reversi_solver_reach(const GameSolver *s);
int reversi_solver_search(GameSolver *s, const void *state, int alpha, int beta, Move *best,
                          const SolverPoll *poll);

#endif
