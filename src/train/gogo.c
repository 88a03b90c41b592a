/* gogo.c - Texel tuning of gogo's evaluation weights (src/games/gogo/eval.h)
 * from self-play: the quiet positions of yomi's games against itself are
 * labelled with the games' results, and the weights are fitted so that a
 * logistic curve of the evaluation predicts those results.
 *
 * Not least squares on a score like the other trainers (train/fit.h): gogo
 * has no exact solver to give a position its value, only who won, so the
 * fit is the mean squared gap between result and win probability, by Adam
 * from the weights the games were played with.  It shares fit.h's rows and
 * mean square error. */
#include "train/train.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/i18n.h"
#include "base/read_file.h"
#include "games/gogo/eval.h"
#include "games/gogo/gogo.h"
#include "train/fit.h"
#include "train/gogo_positions.h"
#include "train/selfplay.h"
#include "train/status.h"

_Static_assert(EVAL_MAX_FEATURES <= FIT_MAX_ENTRIES, "a position's features fit a row");

/* ---- the fit ------------------------------------------------------------------ */

static int sample_row(const void *sample, uint32_t *index, int16_t *value, double *label)
{
    const GogoSample *x = sample;
    GogoEvalFeatures f;
    gogo_eval_features(&x->state, &f);
    for (int j = 0; j < f.n; j++) {
        index[j] = f.index[j];
        value[j] = f.count[j];
    }
    *label = x->result;
    return f.n;
}

static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

/* The win probability of an evaluation; arg: the scale. */
static double win_probability(double value, const void *scale)
{
    return sigmoid(value / *(const double *)scale);
}

static double mean_loss(const FitSet *set, const double *w, double scale)
{
    return fit_mean_square(set, w, win_probability, &scale);
}

/* The logistic's scale that best fits the starting weights (golden section
 * on its logarithm): it turns score units into win probability and stays
 * fixed while the weights move. */
typedef struct {
    const FitSet *set;
    const double *w;
} ScaleArg;

static double log_scale_loss(double x, const void *arg)
{
    const ScaleArg *a = arg;
    return mean_loss(a->set, a->w, exp(x));
}

static double fit_scale(const FitSet *set, const double *w)
{
    const ScaleArg arg = {set, w};
    return exp(fit_golden_min(log(20.0), log(5000.0), log_scale_loss, &arg));
}

/// Texel's method with full-batch Adam: the loss is the mean squared gap
/// between each game's result and sigmoid(eval / scale); being linear in
/// the weights, its gradient is one pass over the sparse rows.  A weak pull
/// towards the starting weights keeps rarely seen squares where they were.
static void fit(const FitSet *train, double *w, const double *w0, double scale, int epochs,
                bool progress)
{
    const double lr = 2.0, beta1 = 0.9, beta2 = 0.999, eps = 1e-9, pull = 1e-8;
    double grad[EVAL_NPARAMS], m[EVAL_NPARAMS] = {0}, v[EVAL_NPARAMS] = {0};
    double b1 = 1, b2 = 1;
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t count[FIT_MAX_ENTRIES];
    double result;
    for (int epoch = 1; epoch <= epochs && train->n; epoch++) {
        memset(grad, 0, sizeof grad);
        double loss = 0;
        for (size_t i = 0; i < train->n; i++) {
            const int n = train->row(train, i, index, count, &result);
            const double p = sigmoid(fit_value(index, count, n, w) / scale);
            const double gap = p - result;
            loss += gap * gap;
            const double d = 2.0 * gap * p * (1 - p) / scale / (double)train->n;
            for (int j = 0; j < n; j++)
                grad[index[j]] += d * count[j];
        }
        b1 *= beta1, b2 *= beta2;
        for (int j = 0; j < EVAL_NPARAMS; j++) {
            if (j == EV_MATERIAL + GOGO_KING - 1)
                continue; /* never a feature: the king is always there */
            const double gj = grad[j] + pull * (w[j] - w0[j]);
            m[j] = beta1 * m[j] + (1 - beta1) * gj;
            v[j] = beta2 * v[j] + (1 - beta2) * gj * gj;
            w[j] -= lr * (m[j] / (1 - b1)) / (sqrt(v[j] / (1 - b2)) + eps);
            if (w[j] > EVAL_MAX_WEIGHT)
                w[j] = EVAL_MAX_WEIGHT;
            if (w[j] < -EVAL_MAX_WEIGHT)
                w[j] = -EVAL_MAX_WEIGHT;
        }
        if (progress && (epoch % 10 == 0 || epoch == epochs))
            train_status(_("fit: epoch %d/%d, loss %.5f"), epoch, epochs, loss / (double)train->n);
    }
}

/* Fit from `start` into *out, with the losses before and after. */
static void tune(const FitSet *train, const FitSet *held, const GogoEvalWeights *start,
                 const TrainOptions *o, GogoEvalWeights *out, TrainReport *rep)
{
    double w[EVAL_NPARAMS], w0[EVAL_NPARAMS];
    for (int j = 0; j < EVAL_NPARAMS; j++)
        w[j] = w0[j] = start->w[j];
    rep->scale = train->n ? fit_scale(train, w) : 400;
    rep->fitted_before = mean_loss(train, w, rep->scale);
    rep->held_before = mean_loss(held, w, rep->scale);
    fit(train, w, w0, rep->scale, o->epochs, o->progress);
    for (int j = 0; j < EVAL_NPARAMS; j++)
        out->w[j] = (int32_t)lround(w[j]);
    for (int j = 0; j < EVAL_NPARAMS; j++)
        w[j] = out->w[j]; /* report what is written: the rounded weights */
    rep->fitted_after = mean_loss(train, w, rep->scale);
    rep->held_after = mean_loss(held, w, rep->scale);
}

/* ---- the file ----------------------------------------------------------------- */

static int print_weights(FILE *out, const void *w, const char *comment)
{
    return gogo_eval_write(out, w, comment);
}

static int write_weights(const TrainOptions *o, const GogoEvalWeights *w, const TrainReport *rep,
                         Err *err)
{
    char how[300], comment[640];
    if (o->nload)
        snprintf(how, sizeof how, "yomi train gogo --load-positions %.200s%s (%ld games)",
                 o->load_positions[0], o->nload > 1 ? " ..." : "", rep->games);
    else
        snprintf(how, sizeof how, "yomi train gogo --games %ld --depth %d --seed %llu", o->games,
                 o->depth, (unsigned long long)o->seed);
    snprintf(comment, sizeof comment,
             "%s --epochs %d: %zu positions (+%zu held out), scale %.0f, loss %.5f -> %.5f, "
             "held out %.5f -> %.5f",
             how, o->epochs, rep->fitted, rep->held_out, rep->scale, rep->fitted_before,
             rep->fitted_after, rep->held_before, rep->held_after);
    return selfplay_write_weights(o->out, print_weights, w, comment, err);
}

int train_gogo(const Game *g, const TrainOptions *o, TrainReport *rep, Err *err)
{
    memset(rep, 0, sizeof *rep);
    /* The fit starts from the weights the games are played with (under
     * --eval material, which has none, from the built-in ones). */
    const GogoEvalWeights *start = gogo_game_weights(g);
    if (!start)
        start = gogo_eval_builtin();
    GogoPositions pos;
    int rc = gogo_positions_get(g, o, &pos, rep, err);
    if (rc == 0 && o->save_positions)
        rc = gogo_positions_save(g, o->save_positions, &pos, err);
    FitRows fitted = {0}, held = {0};
    if (rc == 0 && fit_rows_of_games(&fitted, &held, pos.x, sizeof(GogoSample), pos.game_start,
                                     pos.games, sample_row) != 0)
        rc = err_set(err, "out of memory");
    gogo_positions_free(&pos);
    if (rc != 0) {
        fit_rows_free(&fitted);
        fit_rows_free(&held);
        return -1;
    }
    const FitSet train = fit_rows_set(&fitted), check = fit_rows_set(&held);
    GogoEvalWeights tuned;
    rep->fitted = fitted.n;
    rep->held_out = held.n;
    tune(&train, &check, start, o, &tuned, rep);
    if (o->progress)
        train_status_end();
    rc = write_weights(o, &tuned, rep, err);
    fit_rows_free(&fitted);
    fit_rows_free(&held);
    return rc;
}
