/* tune.h - Texel tuning of gogo's evaluation weights from self-play:
 * yomi plays itself from varied openings, the quiet positions of those
 * games are labelled with the games' results, and the weights are fitted so
 * that a logistic curve of the evaluation predicts the results. */
#ifndef YOMI_GOGO_TUNE_H
#define YOMI_GOGO_TUNE_H

#include <stdbool.h>
#include <stdint.h>

#include "base/error.h"
#include "engine/game.h"
#include "games/gogo/eval.h"

typedef struct {
    int games;          /* self-play games */
    int depth;          /* pvs depth (with quiescence) of both players */
    uint64_t seed;      /* openings: the same seed gives the same games */
    int random_plies;   /* each game opens with 2..random_plies random moves */
    int threads;        /* games played side by side */
    int epochs;         /* full passes of the fit */
    /* Called now and then with a one-line status (no newline); may be NULL. */
    void (*progress)(void *arg, const char *line);
    void *progress_arg;
} GogoTuneOptions;

void gogo_tune_defaults(GogoTuneOptions *o);

typedef struct {
    int games, positions, validation; /* positions used to fit, held out */
    double scale;                      /* the logistic's scale in score units */
    double loss_before, loss_after;    /* mean squared error on the fitted set */
    double valid_before, valid_after;  /* the same on the held-out games */
    int wins[3];                       /* sente wins, gote wins, draws */
} GogoTuneReport;

/* Play the games with `g`'s current evaluation, fit starting from
 * `start`, write the result to *out.  0, or -1 + err. */
int gogo_tune(const Game *g, const GogoEvalWeights *start, const GogoTuneOptions *o,
              GogoEvalWeights *out, GogoTuneReport *report, Err *err);

#endif
