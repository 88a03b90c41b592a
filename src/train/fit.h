/* fit.h - fitting a linear evaluation to labelled positions.
 *
 * Every trained evaluation here is linear in its weights: a position is a
 * row of (weight index, value) entries, and the model's value of it the sum
 * of value * w[index] over the row, in the row's order.  A set of rows is
 * read one row at a time, so a trainer may keep its rows (FitRows) or
 * rebuild each one when it is asked for, from positions far smaller than
 * their rows (reversi: millions of positions of 49 entries each).
 *
 * Least squares comes two ways: exactly, from the normal equations, for a
 * model of a few weights (Kalah), and by Buro's per-weight gradient steps
 * for one of millions that most positions never touch (reversi).  Gogo's
 * fit is not least squares on a score but a logistic one on game results
 * (train/gogo.c); it shares the rows and the mean square error. */
#ifndef YOMI_TRAIN_FIT_H
#define YOMI_TRAIN_FIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define FIT_MAX_ENTRIES 256 /* entries in one row */
#define FIT_EXACT_MAX_WEIGHTS 16

typedef struct FitSet FitSet;
struct FitSet {
    size_t n; /* rows */
    /* Row i: its entries into index[] and value[], its label into *label;
     * returns how many entries (at most FIT_MAX_ENTRIES). */
    int (*row)(const FitSet *set, size_t i, uint32_t *index, int16_t *value, double *label);
    const void *data;
};

/* Rows kept in memory, one after the other. */
typedef struct {
    size_t n, entries;       /* rows, entries in all */
    size_t cap, cap_entries;
    size_t *start;           /* row i is [start[i], start[i] + its length) */
    uint32_t *index;
    int16_t *value;
    double *label;
} FitRows;

/* Append a row; -1 when memory is short. */
int fit_rows_add(FitRows *r, const uint32_t *index, const int16_t *value, int n, double label);
/* The rows of samples from self-play, game k's being [game_start[k],
 * game_start[k + 1]): those of every tenth game into *held_out, to check
 * the fit, the others into *fitted.  row() makes a sample's row as
 * FitSet's does.  -1 when memory is short. */
int fit_rows_of_games(FitRows *fitted, FitRows *held_out, const void *samples, size_t sample_size,
                      const size_t *game_start, long games,
                      int (*row)(const void *sample, uint32_t *index, int16_t *value, double *label));
/* The rows as a set (valid while `r` is not changed). */
FitSet fit_rows_set(const FitRows *r);
void fit_rows_free(FitRows *r);

/* A row's value under weights w. */
double fit_value(const uint32_t *index, const int16_t *value, int n, const double *w);

/* The mean of (label - link(value))^2 over the set (0 for none): with
 * link NULL the least squares error itself. */
double fit_mean_square(const FitSet *set, const double *w,
                       double (*link)(double value, const void *arg), const void *arg);

/* The x in [lo, hi] where f(x, arg) is least, for an f with one minimum
 * there: golden section search, 40 steps. */
double fit_golden_min(double lo, double hi, double (*f)(double x, const void *arg),
                      const void *arg);

/* Least squares, exactly: the weights (nweights <= FIT_EXACT_MAX_WEIGHTS)
 * that minimise the squared error on `train`. */
void fit_least_squares(const FitSet *train, int nweights, double *w);

/* Least squares by per-weight gradient steps (Buro): each weight moves by
 * its accumulated error, less an L2 penalty, divided by how often it
 * occurs, so rare weights learn as fast as common ones and unseen ones stay
 * zero.  Single precision, like the weight files such a model ends in. */
typedef struct {
    int epochs;
    float lambda; /* the L2 penalty */
    float rate;   /* the share of its error a step takes */
    /* When not NULL: called every tenth epoch and after the last, with the
     * root mean square errors on the training and the test set. */
    void (*progress)(void *arg, int epoch, int epochs, double train_rms, double test_rms);
    void *progress_arg;
} FitSteps;

/* The nweights fitted weights (the caller frees them), NULL when memory
 * is short; their root mean square errors on the two sets in *train_rms
 * and *test_rms. */
float *fit_least_squares_steps(const FitSet *train, const FitSet *test, size_t nweights,
                               const FitSteps *o, double *train_rms, double *test_rms);

#endif
