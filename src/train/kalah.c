/* kalah.c - the weights of Kalah's evaluation (src/games/kalah/eval.h),
 * fitted to self-play games.
 *
 * What is fitted: the evaluation is the store difference plus w . f, so
 * each position of a game is labelled with what the rest of that game
 * added to the store difference (the mover's view), and w is the least
 * squares fit of those labels on the features f: six weights, so solved
 * exactly.  The games are played by pvs at a fixed depth with the game the
 * command opened (the untuned evaluation, so the result does not depend on
 * the file it replaces), each opened by 2-6 random moves, and finished by
 * the exact solver once few seeds are left, so the end of every label is
 * exact.  Every tenth game is held out to check the fit. */
#include "train/train.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "games/kalah/eval.h"
#include "games/kalah/kalah.h"
#include "train/fit.h"
#include "train/selfplay.h"

#define NF KALAH_EVAL_FEATURES
#define MAX_GAME_POSITIONS 1024 /* Kalah(6,6) games run ~60 plies */
_Static_assert(NF <= FIT_EXACT_MAX_WEIGHTS && NF <= TRAIN_REPORT_WEIGHTS,
               "Kalah's weights are few enough to solve for and to report");

typedef struct {
    int f[NF];
    int stores; /* the store difference then, mover's view */
    int label;  /* what the rest of the game added to it */
} Sample;

/* ---- self-play ---------------------------------------------------------------- */

/* When the exact solver takes over (--exact): the seeds of "pits" 1..6 of
 * each side.  kalah_seeds() counts pits from 0, so this is pits 2-6 and
 * the store, not the seeds left in the pits that the help speaks of; it
 * stays because every Kalah weight file trained so far, the shipped one
 * included, was made with it. */
static int seeds_in_pits(const Game *g, const void *s)
{
    int n = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 1; i <= kalah_pits(g); i++)
            n += kalah_seeds(g, s, p, i);
    return n;
}

static bool keep_position(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    const Game *g = ctx;
    Sample *x = sample;
    const int me = game_side(g, pos->state);
    kalah_eval_features(g, pos->state, x->f);
    x->stores = kalah_store(g, pos->state, me) - kalah_store(g, pos->state, !me);
    return true;
}

static void label_position(const void *ctx, void *sample, int result)
{
    (void)ctx;
    Sample *x = sample;
    x->label = result - x->stores;
}

/* ---- the fit ------------------------------------------------------------------ */

static int sample_row(const void *sample, uint32_t *index, int16_t *value, double *label)
{
    const Sample *x = sample;
    for (int i = 0; i < NF; i++) {
        index[i] = (uint32_t)i;
        value[i] = (int16_t)x->f[i];
    }
    *label = x->label;
    return NF;
}

/* The fitted weights as the file keeps them: in 1/KALAH_EVAL_SCALE seeds,
 * within the format's bound. */
static void quantise(const double *x, KalahEvalWeights *w)
{
    for (int i = 0; i < NF; i++) {
        w->w[i] = (int)lround(x[i] * KALAH_EVAL_SCALE);
        if (w->w[i] > KALAH_EVAL_MAX_WEIGHT)
            w->w[i] = KALAH_EVAL_MAX_WEIGHT;
        if (w->w[i] < -KALAH_EVAL_MAX_WEIGHT)
            w->w[i] = -KALAH_EVAL_MAX_WEIGHT;
    }
}

static double held_out_error(const FitRows *held, const KalahEvalWeights *w)
{
    double x[NF];
    for (int i = 0; i < NF; i++)
        x[i] = (double)w->w[i] / KALAH_EVAL_SCALE;
    const FitSet set = fit_rows_set(held);
    return fit_mean_square(&set, x, NULL, NULL);
}

/* ---- the file ----------------------------------------------------------------- */

static int print_weights(FILE *out, const void *w, const char *comment)
{
    return kalah_eval_write(out, w, comment);
}

static int write_weights(const TrainOptions *o, const KalahEvalWeights *w, const TrainReport *rep,
                         Err *err)
{
    char comment[400];
    snprintf(comment, sizeof comment,
             "yomi train kalah --games %ld --depth %d --exact %d --seed %llu: %zu positions "
             "(+%zu held out), held-out mean square error %.2f -> %.2f",
             o->games, o->depth, o->exact, (unsigned long long)o->seed, rep->fitted,
             rep->held_out, rep->held_before, rep->held_after);
    return selfplay_write_weights(o->out, print_weights, w, comment, err);
}

int train_kalah(const Game *g, const TrainOptions *o, TrainReport *rep, Err *err)
{
    memset(rep, 0, sizeof *rep);
    const Selfplay sp = {
        .g = g, .games = o->games, .threads = o->threads, .depth = o->depth, .seed = o->seed,
        .random_min = 2, .random_span = 5, /* 2-6 random moves */
        .exact = o->exact, .exact_measure = seeds_in_pits,
        .sample_size = sizeof(Sample), .max_kept = MAX_GAME_POSITIONS,
        .keep = keep_position, .label = label_position, .ctx = g,
        .progress = o->progress,
    };
    FitRows fitted, held;
    if (selfplay_fit_rows(&sp, sample_row, rep, &fitted, &held, err) != 0)
        return -1;
    double x[NF];
    const FitSet set = fit_rows_set(&fitted);
    fit_least_squares(&set, NF, x);
    KalahEvalWeights w;
    quantise(x, &w);
    rep->fitted = fitted.n;
    rep->held_out = held.n;
    rep->held_before = held_out_error(&held, kalah_eval_untuned());
    rep->held_after = held_out_error(&held, &w); /* what is written, not the exact fit */
    rep->nweights = NF;
    memcpy(rep->weights, w.w, sizeof w.w);
    const int rc = write_weights(o, &w, rep, err);
    fit_rows_free(&fitted);
    fit_rows_free(&held);
    return rc;
}
