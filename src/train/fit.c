/* fit.c - fitting a linear evaluation to labelled positions (see fit.h). */
#include "train/fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- rows --------------------------------------------------------------------- */

/* Make room for `need` elements in two arrays that grow together. */
static int reserve(void **a, size_t size_a, void **b, size_t size_b, size_t *cap, size_t need)
{
    if (need <= *cap)
        return 0;
    size_t cap2 = *cap ? *cap : 1024;
    while (cap2 < need)
        cap2 *= 2;
    void *a2 = realloc(*a, cap2 * size_a);
    if (a2)
        *a = a2;
    void *b2 = a2 ? realloc(*b, cap2 * size_b) : NULL;
    if (!b2)
        return -1;
    *b = b2;
    *cap = cap2;
    return 0;
}

int fit_rows_add(FitRows *r, const uint32_t *index, const int16_t *value, int n, double label)
{
    if (reserve((void **)&r->start, sizeof *r->start, (void **)&r->label, sizeof *r->label, &r->cap,
                r->n + 1) != 0 ||
        reserve((void **)&r->index, sizeof *r->index, (void **)&r->value, sizeof *r->value,
                &r->cap_entries, r->entries + (size_t)n) != 0)
        return -1;
    r->start[r->n] = r->entries;
    r->label[r->n++] = label;
    if (n > 0) {
        memcpy(r->index + r->entries, index, (size_t)n * sizeof *index);
        memcpy(r->value + r->entries, value, (size_t)n * sizeof *value);
        r->entries += (size_t)n;
    }
    return 0;
}

int fit_rows_of_games(FitRows *fitted, FitRows *held_out, const void *samples, size_t sample_size,
                      const size_t *game_start, long games,
                      int (*row)(const void *sample, uint32_t *index, int16_t *value, double *label))
{
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t value[FIT_MAX_ENTRIES];
    double label;
    for (long k = 0; k < games; k++) {
        FitRows *rows = k % 10 == 9 ? held_out : fitted;
        for (size_t i = game_start[k]; i < game_start[k + 1]; i++) {
            const int n = row((const unsigned char *)samples + i * sample_size, index, value, &label);
            if (fit_rows_add(rows, index, value, n, label) != 0)
                return -1;
        }
    }
    return 0;
}

static int stored_row(const FitSet *set, size_t i, uint32_t *index, int16_t *value, double *label)
{
    const FitRows *r = set->data;
    const size_t from = r->start[i], to = i + 1 < r->n ? r->start[i + 1] : r->entries;
    if (to > from) {
        memcpy(index, r->index + from, (to - from) * sizeof *index);
        memcpy(value, r->value + from, (to - from) * sizeof *value);
    }
    *label = r->label[i];
    return (int)(to - from);
}

FitSet fit_rows_set(const FitRows *r)
{
    return (FitSet){.n = r->n, .row = stored_row, .data = r};
}

void fit_rows_free(FitRows *r)
{
    free(r->start);
    free(r->index);
    free(r->value);
    free(r->label);
    memset(r, 0, sizeof *r);
}

/* ---- errors ------------------------------------------------------------------- */

double fit_value(const uint32_t *index, const int16_t *value, int n, const double *w)
{
    double v = 0;
    for (int k = 0; k < n; k++)
        v += w[index[k]] * value[k];
    return v;
}

double fit_mean_square(const FitSet *set, const double *w,
                       double (*link)(double value, const void *arg), const void *arg)
{
    if (!set->n)
        return 0;
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t value[FIT_MAX_ENTRIES];
    double label, sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        const int n = set->row(set, i, index, value, &label);
        const double v = fit_value(index, value, n, w);
        const double d = label - (link ? link(v, arg) : v);
        sum += d * d;
    }
    return sum / (double)set->n;
}

/* ---- least squares, exactly ------------------------------------------------------- */

/* Solve a x = b, a's last column being b, by Gaussian elimination with
 * partial pivoting. */
static void solve_linear(double a[FIT_EXACT_MAX_WEIGHTS][FIT_EXACT_MAX_WEIGHTS + 1], int nw, double *x)
{
    for (int c = 0; c < nw; c++) {
        int p = c;
        for (int r = c + 1; r < nw; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        for (int j = 0; j <= nw; j++) {
            const double t = a[c][j];
            a[c][j] = a[p][j];
            a[p][j] = t;
        }
        for (int r = 0; r < nw; r++) {
            if (r == c || a[c][c] == 0)
                continue;
            const double m = a[r][c] / a[c][c];
            for (int j = c; j <= nw; j++)
                a[r][j] -= m * a[c][j];
        }
    }
    for (int i = 0; i < nw; i++)
        x[i] = a[i][i] != 0 ? a[i][nw] / a[i][i] : 0;
}

void fit_least_squares(const FitSet *train, int nweights, double *w)
{
    /* The normal equations (A'A) w = A'b, summed row by row. */
    double ata[FIT_EXACT_MAX_WEIGHTS][FIT_EXACT_MAX_WEIGHTS] = {{0}}, atb[FIT_EXACT_MAX_WEIGHTS] = {0};
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t value[FIT_MAX_ENTRIES];
    double label;
    for (size_t i = 0; i < train->n; i++) {
        const int n = train->row(train, i, index, value, &label);
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++)
                ata[index[a]][index[b]] += (double)value[a] * value[b];
            atb[index[a]] += (double)value[a] * label;
        }
    }
    /* A tiny ridge keeps a weight whose feature never varies from making
     * the system singular. */
    double a[FIT_EXACT_MAX_WEIGHTS][FIT_EXACT_MAX_WEIGHTS + 1];
    for (int i = 0; i < nweights; i++) {
        for (int j = 0; j < nweights; j++)
            a[i][j] = ata[i][j] + (i == j ? 1e-6 * (double)(1 + train->n) : 0);
        a[i][nweights] = atb[i];
    }
    solve_linear(a, nweights, w);
}

/* ---- least squares by gradient steps --------------------------------------------- */

static float value_f(const uint32_t *index, const int16_t *value, int n, const float *w)
{
    float v = 0;
    for (int k = 0; k < n; k++)
        v += value[k] * w[index[k]];
    return v;
}

static double rms_f(const FitSet *set, const float *w)
{
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t value[FIT_MAX_ENTRIES];
    double label, sum = 0;
    for (size_t i = 0; i < set->n; i++) {
        const int n = set->row(set, i, index, value, &label);
        const double e = (float)label - value_f(index, value, n, w);
        sum += e * e;
    }
    return set->n ? sqrt(sum / (double)set->n) : 0.0;
}

/* Each weight's step, from the gradient of an epoch. */
static void step(float *restrict w, const float *restrict grad, const float *restrict count,
                 size_t n, float rate, float lambda)
{
    for (size_t j = 0; j < n; j++)
        if (count[j] > 0)
            w[j] += rate * (grad[j] - lambda * w[j]) / (count[j] + lambda);
}

float *fit_least_squares_steps(const FitSet *train, const FitSet *test, size_t nweights,
                               const FitSteps *o, double *train_rms, double *test_rms)
{
    float *w = calloc(nweights, sizeof *w), *grad = calloc(nweights, sizeof *grad);
    float *count = calloc(nweights, sizeof *count);
    if (!w || !grad || !count) {
        free(w), free(grad), free(count);
        return NULL;
    }
    uint32_t index[FIT_MAX_ENTRIES];
    int16_t value[FIT_MAX_ENTRIES];
    double label;
    for (size_t i = 0; i < train->n; i++) {
        const int n = train->row(train, i, index, value, &label);
        for (int k = 0; k < n; k++)
            count[index[k]] += (float)(value[k] * value[k]);
    }
    for (int epoch = 0; epoch < o->epochs; epoch++) {
        memset(grad, 0, nweights * sizeof *grad);
        for (size_t i = 0; i < train->n; i++) {
            const int n = train->row(train, i, index, value, &label);
            const float e = (float)label - value_f(index, value, n, w);
            for (int k = 0; k < n; k++)
                grad[index[k]] += value[k] * e;
        }
        step(w, grad, count, nweights, o->rate, o->lambda);
        if (o->progress && (epoch % 10 == 9 || epoch + 1 == o->epochs))
            o->progress(o->progress_arg, epoch + 1, o->epochs, rms_f(train, w), rms_f(test, w));
    }
    *train_rms = rms_f(train, w);
    *test_rms = rms_f(test, w);
    free(grad);
    free(count);
    return w;
}

double fit_golden_min(double lo, double hi, double (*f)(double x, const void *arg),
                      const void *arg)
{
    const double phi = 0.6180339887498949;
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = f(a, arg), fb = f(b, arg);
    for (int it = 0; it < 40; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - phi * (hi - lo);
            fa = f(a, arg);
        } else {
            lo = a, a = b, fa = fb;
            b = lo + phi * (hi - lo);
            fb = f(b, arg);
        }
    }
    return (lo + hi) / 2;
}
