/* selfplay.h - the games every trainer learns from: yomi against itself.
 *
 * Each game opens with a few random plies (so the games differ), then both
 * sides play pvs at a fixed depth until the game ends: no legal move, a
 * result of the rules' own (repetitions), a ply limit, or, in a game with
 * an exact solver, the solver once few enough pieces are left.  Every
 * position on the way is offered to the trainer, which keeps what it wants
 * as a sample of its own shape, and every kept sample is then labelled with
 * how the game ended.
 *
 * Game k draws its opening from a generator of its own (seed, k) and its
 * samples land in slot k, so the games and their order do not depend on how
 * many threads play them. */
#ifndef YOMI_TRAIN_SELFPLAY_H
#define YOMI_TRAIN_SELFPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "engine/game.h"
#include "engine/search.h"
#include "train/fit.h"
#include "train/train.h"

#define SELFPLAY_MAX_THREADS 64

/* A position offered to the trainer. */
typedef struct {
    const void *state; /* before its move */
    long game;         /* which game, from 0 */
    int ply;           /* plies played before it */
    /* The search that chose its move; NULL when the move was a random
     * opening ply or the position lies on the solved line. */
    const SearchResult *search;
} SelfplayPosition;

typedef struct {
    const Game *g;
    long games;
    int threads; /* games played side by side, 1..SELFPLAY_MAX_THREADS */
    int depth;   /* both sides: pvs at this depth */
    uint64_t seed;

    /* The opening: game k's generator starts at game_rng(seed, k) (NULL:
     * selfplay_game_rng); its first number draws how many random plies
     * open the game, random_min + n % random_span, the next ones pick them. */
    uint64_t (*game_rng)(uint64_t seed, long game);
    int random_min, random_span;

    /* The end.  exact >= 0, in a game with a solver: once past the
     * opening, a position whose solver_size() (or exact_measure(), when
     * the trainer has a measure of its own) is at most exact is solved
     * and the solve's value ends the game; with keep_solved_line the
     * positions of the solved line are offered too.  max_plies > 0: a game
     * still going after that many plies ends drawn (a game whose rules
     * look back at the positions played, history_result, must have one). */
    int exact;
    int (*exact_measure)(const Game *g, const void *state); /* NULL: solver_size */
    bool keep_solved_line;
    int max_plies;

    /* The samples: keep() fills `sample` (sample_size bytes) from a
     * position and says whether to keep it, at most max_kept (> 0) a game;
     * once the game is over, label() gives each kept sample its result.
     * Both run on the thread that plays the game: they may write the
     * sample and nothing else. */
    size_t sample_size;
    int max_kept;
    bool (*keep)(const void *ctx, const SelfplayPosition *pos, void *sample);
    /* `result`: how the game ended (final_score's units, or the solve's
     * value) from the view of the sample's side to move; 0 when drawn or
     * cut off by max_plies. */
    void (*label)(const void *ctx, void *sample, int result);
    const void *ctx;

    bool progress; /* a progress line on stderr (train/status.h) */
} Selfplay;

/* What came of the games. */
typedef struct {
    /* Every kept sample, game by game, each game's in ply order (malloc'd:
     * a caller that takes it sets it to NULL before selfplay_games_free). */
    unsigned char *samples;
    size_t n;
    size_t *game_start;     /* game k's samples are [game_start[k], game_start[k + 1]) */
    long wins[3];           /* the first player's wins, the second's, draws */
} SelfplayGames;

/* The default generator of game k: the seed mixed with k. */
uint64_t selfplay_game_rng(uint64_t seed, long game);

/* Play the games.  0, or -1 + err (a search that failed, memory, threads). */
int selfplay_run(const Selfplay *sp, SelfplayGames *out, Err *err);
void selfplay_games_free(SelfplayGames *out);

/* Play the games and split their samples into rows: every tenth game's
 * into *held, to check the fit, the others' into *fitted (fit.h's
 * fit_rows_of_games, with row() making a sample's row); the report gets
 * the games and how they ended.  0, or -1 + err with nothing to free. */
int selfplay_fit_rows(const Selfplay *sp,
                      int (*row)(const void *sample, uint32_t *index, int16_t *value, double *label),
                      TrainReport *rep, FitRows *fitted, FitRows *held, Err *err);

/* A game's evaluation writer: the weights in the format its evaluation
 * reads, under a comment line saying how they were made. */
typedef int WeightsPrinter(FILE *out, const void *weights, const char *comment);

/* Replace the weight file `path` atomically with print's output. */
int selfplay_write_weights(const char *path, WeightsPrinter *print, const void *weights,
                           const char *comment, Err *err);

static inline void *selfplay_sample(const SelfplayGames *out, const Selfplay *sp, size_t i)
{
    return out->samples + i * sp->sample_size;
}

#endif
