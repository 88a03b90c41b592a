/* eval.h - Kalah's tuned evaluation (standard rules): the store difference
 * plus a linear estimate of what the rest of the game will add to it, from
 * a few features of the pits, with weights that `yomi train kalah` fits to
 * self-play games and ships as assets/kalah-eval.txt.
 *
 * File format, version 1 (plain text, '#' starts a comment line):
 *     yomi-kalah-eval 1
 *     weights W0 W1 ... W5
 * the six integer weights in 1/KALAH_EVAL_SCALE seeds (|w| <= 100000), in
 * the order of the features below. */
#ifndef YOMI_KALAH_EVAL_H
#define YOMI_KALAH_EVAL_H

#include <stdbool.h>
#include <stdio.h>

#include "base/error.h"
#include "engine/game.h"

#define KALAH_EVAL_SCALE 256
#define KALAH_EVAL_MAX_WEIGHT 100000

/* Each feature is the side to move's count minus the opponent's, but the
 * last, a constant: what moving next is worth. */
enum {
    KF_SEEDS,    /* seeds in one's pits (the sweep gives them to their owner) */
    KF_EXTRA,    /* pits whose seeds end exactly in one's store (a free move) */
    KF_CAPTURE,  /* the biggest capture one move makes */
    KF_EMPTY,    /* empty pits (where captures land) */
    KF_OVERFLOW, /* seeds one's pits would sow past one's store, to the other side */
    KF_TEMPO,    /* 1: having the move */
    KALAH_EVAL_FEATURES
};

typedef struct {
    int w[KALAH_EVAL_FEATURES];
} KalahEvalWeights;

/* The features of a position (side to move's view). */
void kalah_eval_features(const Game *g, const void *state, int f[KALAH_EVAL_FEATURES]);
/* The weights before any training, which reproduce the untuned estimate
 * (a quarter of the seed difference on the pits). */
const KalahEvalWeights *kalah_eval_untuned(void);

/* What a weight file may be: the shipped one is 252 bytes, its longest line
 * under 80; a file past these is not a weight file. */
#define KALAH_EVAL_FILE_MAX (16 * 1024)
#define KALAH_EVAL_LINE_MAX 512
/* Read a weight file's text (`len` bytes of the file `name`), or write a
 * weight file; 0 or -1 (+ err naming the line). *w is untouched on
 * failure. */
int kalah_eval_parse(const char *text, size_t len, const char *name, KalahEvalWeights *w,
                     Err *err);
int kalah_eval_write(FILE *out, const KalahEvalWeights *w, const char *comment);

/* The game option --eval: tuned (assets/kalah-eval.txt, the default; the
 * untuned weights with a notice when it is missing or bad), simple (the
 * untuned estimate), or a weight file's path (an error when bad). */
int kalah_eval_option(const char *value, KalahEvalWeights *w, Err *err);
/* Why the shipped weights could not be read (NULL when they were). */
const char *kalah_eval_notice(void);

#endif
