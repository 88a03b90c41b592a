/* train.h - the games' trainers: each learns its game's evaluation weights
 * from self-play (train/selfplay.h), fits them (train/fit.h) and writes
 * them in the format its evaluation reads (src/games/GAME/eval.h).  The
 * command `yomi train` (src/cli/train.c) reads the options, opens the game
 * and reports. */
#ifndef YOMI_TRAIN_TRAIN_H
#define YOMI_TRAIN_TRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "engine/game.h"

#define TRAIN_MAX_POSITION_FILES 256

typedef struct {
    long games;
    int depth;   /* of both players' pvs */
    int exact;   /* where the exact solver ends the games (reversi: empties, Kalah: seeds) */
    int threads;
    int epochs;  /* of the fit, where it takes steps */
    int label_depth; /* gogo-net: the search that scores each position */
    /* gogo-net: the game whose evaluation that search uses, every position
     * searched again, loaded or not (NULL: the played game's linear one) */
    const Game *label_game;
    const char *label_eval; /* its --eval, for the file's comment */
    /* gogo-net: the game whose evaluation plays the self-play games (NULL:
     * the linear one being fitted on), and its --eval for the comment */
    const Game *play_game;
    const char *play_eval;
    uint64_t seed;
    const char *out; /* the weight file, replaced atomically */
    /* reversi, gogo: keep the labelled positions in a file (NULL: no), or fit
     * those of nload files (made by one run each, on one machine or many)
     * instead of playing */
    const char *save_positions;
    const char *load_positions[TRAIN_MAX_POSITION_FILES];
    int nload;
    bool progress; /* a progress line on stderr */
} TrainOptions;

#define TRAIN_REPORT_WEIGHTS 8

/* What a trainer did; each fills what applies to it. */
typedef struct {
    long games;
    long wins[3];             /* first player, second player, draws */
    bool loaded;              /* the positions came from files: no wins known */
    size_t fitted, held_out;  /* positions */
    /* The fit's error on the fitted and the held-out positions, before
     * (with the weights it started from) and after; in the trainer's own
     * measure (reversi: root mean square in discs, Kalah: mean square in
     * seeds, gogo: mean square in win probability). */
    double fitted_before, fitted_after, held_before, held_after;
    double scale;             /* gogo: the logistic's scale, in evaluation units */
    /* gogo-net: held_* measure the gap to the searches' scores; these, to
     * the games' results; searched: the positions searched */
    double held_result_before, held_result_after;
    size_t searched;
    int weights[TRAIN_REPORT_WEIGHTS], nweights; /* Kalah: the weights written */
} TrainReport;

/* Train and write o->out: 0, or -1 + err.  `g` is the game to play (NULL
 * when reversi fits positions from o->load_positions files). */
typedef int TrainFn(const Game *g, const TrainOptions *o, TrainReport *report, Err *err);

TrainFn train_reversi; /* train/reversi.c */
TrainFn train_kalah;   /* train/kalah.c */
TrainFn train_gogo;    /* train/gogo.c */
TrainFn train_gogo_net; /* train/gogo_net.c */

#endif
