/* internal.h - what kalah.c shares with its exact solver (solve.c) and
 * endgame database (enddb.c): the game and state layouts, and the solver's
 * board, which keeps only the pits and always in the mover's frame.
 *
 * Why a second board: the solver's value of a position does not depend on
 * the stores (they only shift it), so its board drops them, and by always
 * putting the side to move first, a position and its mirror with the other
 * side to move become one entry in every table. */
#ifndef YOMI_KALAH_INTERNAL_H
#define YOMI_KALAH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "games/kalah/eval.h"
#include "games/kalah/kalah.h"

#define MAX_PITS 8
#define MAX_SEEDS_PER_PIT 10
#define MAX_CELLS (2 * MAX_PITS + 2)
#define MAX_TOTAL (2 * MAX_PITS * MAX_SEEDS_PER_PIT) /* 160: a count fits a byte */

typedef struct {
    uint64_t hash;
    uint8_t cells[MAX_CELLS]; /* unused cells stay 0 */
    uint8_t side;             /* 0 first, 1 second */
    uint8_t pad[5];
} KalahState;

_Static_assert(sizeof(KalahState) == 32, "KalahState should stay compact");
_Static_assert(sizeof(KalahState) <= GAME_MAX_STATE, "state too large");
_Static_assert(MAX_CELLS + 1 <= GAME_MAX_KEY, "key too large");

typedef struct {
    Game base;
    int pits;          /* M */
    int seeds_per_pit; /* N */
    int total;         /* 2MN */
    int cells;         /* 2M+2 */
    KalahRules rules;
    KalahCapture capture;
    KalahEvalWeights eval; /* eval.h: standard rules' evaluation */
    bool eval_shipped;     /* eval is assets/kalah-eval.txt's (--eval tuned) */
    uint64_t zobrist_side;
    uint64_t zobrist[MAX_CELLS][MAX_TOTAL + 1];
} Kalah;

static inline const Kalah *as_kalah(const Game *g) { return (const Kalah *)g; }
static inline const KalahState *as_state(const void *s) { return (const KalahState *)s; }

/* ---- the solver's board ------------------------------------------------ */

/* p[0..M) the mover's pits in sowing order, p[M..2M) the opponent's in its
 * own sowing order; unused bytes stay 0 so boards compare with memcmp. */
typedef struct {
    uint8_t p[2 * MAX_PITS];
} KBoard;

/* The board of a game state, seen from its side to move. */
static inline void kboard_from_state(const Kalah *k, const KalahState *s, KBoard *b)
{
    const int m = k->pits;
    const int mine = s->side ? m + 1 : 0, theirs = s->side ? 0 : m + 1;
    memset(b, 0, sizeof *b);
    memcpy(b->p, s->cells + mine, (size_t)m);
    memcpy(b->p + m, s->cells + theirs, (size_t)m);
}

/* The same position with the other side to move. */
static inline void kboard_flip(KBoard *b, int m)
{
    uint8_t t[MAX_PITS];
    memcpy(t, b->p, (size_t)m);
    memmove(b->p, b->p + m, (size_t)m);
    memcpy(b->p + m, t, (size_t)m);
}

static inline int kboard_side_sum(const KBoard *b, int m, int side)
{
    int sum = 0;
    for (int i = 0; i < m; i++)
        sum += b->p[side * m + i];
    return sum;
}

/* Sow the mover's pit i on b, as kalah.c's sow() does in the absolute frame
 * (laps in one pass, the origin pit refilled, captures).  Returns the seeds
 * that reached the mover's store; *extra_turn when the last one did. If a
 * side's pits are then empty the game is over: the caller settles that. */
static inline int kboard_sow(KBoard *b, int m, bool capture_empty, int i, bool *extra_turn)
{
    const int cycle = 2 * m + 1, seeds = b->p[i];
    b->p[i] = 0;
    const int laps = seeds / cycle, rest = seeds % cycle;
    int gain = laps;
    if (laps)
        for (int c = 0; c < 2 * m; c++)
            b->p[c] = (uint8_t)(b->p[c] + laps);
    for (int r = i + 1; r <= i + rest; r++) {
        const int rel = r >= cycle ? r - cycle : r;
        if (rel < m)
            b->p[rel]++;
        else if (rel == m)
            gain++;
        else
            b->p[rel - 1]++;
    }
    int last = i + rest;
    if (last >= cycle)
        last -= cycle;
    *extra_turn = last == m;
    if (last < m && b->p[last] == 1) {
        const int opp = 2 * m - 1 - last;
        if (b->p[opp] || capture_empty) {
            gain += 1 + b->p[opp];
            b->p[last] = 0;
            b->p[opp] = 0;
        }
    }
    return gain;
}

/* One move of the solver's game: the mover's gain (what reached its store,
 * plus, when the move ends the game, its pits minus the opponent's), and
 * whether the game is over.  `child` stays in the mover's frame. */
typedef struct {
    int gain;
    bool extra_turn;
    bool over;
} KMove;

static inline KMove kboard_play(const KBoard *b, int m, bool capture_empty, int i, KBoard *child)
{
    KMove r;
    *child = *b;
    r.gain = kboard_sow(child, m, capture_empty, i, &r.extra_turn);
    const int mine = kboard_side_sum(child, m, 0), theirs = kboard_side_sum(child, m, 1);
    r.over = mine == 0 || theirs == 0;
    if (r.over) {
        r.gain += mine - theirs;
        memset(child->p, 0, sizeof child->p);
    }
    return r;
}

/* ---- the solver's hooks (solve.c) --------------------------------------- */
GameSolver *kalah_solver_new(const Game *g, int table_mb, Err *err);
int kalah_solver_threads(GameSolver *sv, int threads, Err *err);
void kalah_solver_free(GameSolver *s);
int kalah_solver_size(const Game *g, const void *state);
int kalah_solver_default(const Game *g);
int kalah_solver_reach(const GameSolver *sv);
int kalah_solver_search(GameSolver *s, const void *state, int alpha, int beta, Move *best,
                        const SolverPoll *poll);

#endif
