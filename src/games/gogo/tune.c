/* tune.c - self-play and Texel tuning for gogo's evaluation (see tune.h). */
#include "base/rng.h"
#include "games/gogo/tune.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"
#include "base/i18n.h"
#include "games/gogo/internal.h"

#define MAX_GAME_PLIES 300 /* longer games are scored as draws */
#define VALIDATION_EVERY 10 /* every tenth game is held out of the fit */

void gogo_tune_defaults(GogoTuneOptions *o)
{
    memset(o, 0, sizeof *o);
    o->games = 20000;
    o->depth = 5;
    o->seed = 1;
    o->random_plies = 8;
    o->threads = 2;
    o->epochs = 400;
}

/* ---- self-play ------------------------------------------------------------------ */

typedef struct {
    GogoState state;
    int game, ply;
    float result; /* for the side to move: 1 won, 0.5 drawn, 0 lost */
} Sample;

typedef struct {
    Sample *v;
    size_t n, cap;
} Samples;

static int samples_push(Samples *s, const Sample *x)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 4096;
        Sample *v = realloc(s->v, cap * sizeof *v);
        if (!v)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    s->v[s->n++] = *x;
    return 0;
}

typedef struct {
    const Game *g;
    const GogoTuneOptions *o;
    pthread_mutex_t *lock;
    int *next_game, *games_done; /* shared, under lock */
    size_t *positions;           /* shared, under lock */
    Samples out;
    int wins[3];
    int rc;
    Err err;
} Worker;

/* Positions worth fitting: the side to move is not in check and its best
 * move is quiet, so the static value is about what the search would say. */
static bool is_quiet(const GogoState *s, Move best, int value)
{
    if (best == MOVE_NONE || value >= SCORE_WIN_MIN || value <= -SCORE_WIN_MIN)
        return false;
    if (gogo_state_in_check(s) || gogo_move_promotes(best))
        return false;
    return gogo_move_is_drop(best) || s->board[gogo_move_to(best)] == 0;
}

/// One self-play game, number k: a few random plies from the start (their
/// count and moves drawn from the seed and k alone, so a game does not
/// depend on which thread plays it), then the search on both sides with a
/// table cleared at the start.  The quiet positions after the opening are
/// kept and labelled with the final result.
static int play_game(Worker *w, Search *search, int k, GogoState *hist, const void **hist_ptr,
                     SearchResult *r)
{
    const Game *g = w->g;
    uint64_t rng = w->o->seed * 0x2545F4914F6CDD1DULL + (uint64_t)k;
    const int span = w->o->random_plies > 2 ? w->o->random_plies - 1 : 1;
    const int random_plies = 2 + (int)(rng_next(&rng) % (uint64_t)span);
    const size_t first = w->out.n;
    Move moves[GAME_MAX_MOVES];
    int winner = -1, n = 0;
    g->ops->start(g, &hist[0]);
    hist_ptr[0] = &hist[0];
    search_clear(search);
    for (; n < MAX_GAME_PLIES; n++) {
        const GogoState *cur = &hist[n];
        const int count = g->ops->legal_moves(g, cur, moves);
        int value;
        if (count == 0) {
            winner = cur->side ^ 1;
            break;
        }
        if (g->ops->history_result(g, hist_ptr, n + 1, &value)) {
            winner = value > 0 ? cur->side : cur->side ^ 1;
            break;
        }
        Move m;
        if (n < random_plies) {
            m = moves[rng_next(&rng) % (uint64_t)count];
        } else {
            search_set_history(search, hist_ptr, n);
            if (search_run(search, cur, r, &w->err) != 0)
                return -1;
            m = r->move != MOVE_NONE ? r->move : moves[0];
            if (is_quiet(cur, r->move, r->value)) {
                Sample x = {.state = *cur, .game = k, .ply = n, .result = 0.5f};
                if (samples_push(&w->out, &x) != 0)
                    return err_set(&w->err, "out of memory");
            }
        }
        g->ops->play(g, cur, m, &hist[n + 1]);
        hist_ptr[n + 1] = &hist[n + 1];
    }
    for (size_t i = first; i < w->out.n; i++) {
        Sample *x = &w->out.v[i];
        x->result = winner < 0 ? 0.5f : x->state.side == winner ? 1.0f : 0.0f;
    }
    w->wins[winner < 0 ? 2 : winner]++;
    return 0;
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_PVS;
    cfg.depth = w->o->depth;
    cfg.quiescence = true;
    cfg.order = ORDER_BEST;
    cfg.table = TABLE_ON;
    cfg.table_mb = 4;
    Search *search = search_new(w->g, &cfg, &w->err);
    GogoState *hist = malloc((MAX_GAME_PLIES + 1) * sizeof *hist);
    const void **hist_ptr = malloc((MAX_GAME_PLIES + 1) * sizeof *hist_ptr);
    SearchResult *r = malloc(sizeof *r);
    w->rc = -1;
    if (!search || !hist || !hist_ptr || !r) {
        if (search)
            err_set(&w->err, "out of memory");
        goto done;
    }
    for (;;) {
        pthread_mutex_lock(w->lock);
        const int k = (*w->next_game)++;
        pthread_mutex_unlock(w->lock);
        if (k >= w->o->games)
            break;
        const size_t before = w->out.n;
        if (play_game(w, search, k, hist, hist_ptr, r) != 0)
            goto done;
        pthread_mutex_lock(w->lock);
        const int done = ++*w->games_done;
        *w->positions += w->out.n - before;
        if (w->o->progress && (done % 10 == 0 || done == w->o->games)) {
            char line[128];
            snprintf(line, sizeof line, _("self-play: %d/%d games, %zu positions"), done,
                     w->o->games, *w->positions);
            w->o->progress(w->o->progress_arg, line);
        }
        pthread_mutex_unlock(w->lock);
    }
    w->rc = 0;
done:
    search_free(search);
    free(hist);
    free(hist_ptr);
    free(r);
    return NULL;
}

static int by_game_and_ply(const void *a, const void *b)
{
    const Sample *x = a, *y = b;
    if (x->game != y->game)
        return x->game < y->game ? -1 : 1;
    return (x->ply > y->ply) - (x->ply < y->ply);
}

/* Play every game on o->threads threads; the samples come back sorted by
 * game and ply, so the fit sees the same data whatever the thread count. */
static int self_play(const Game *g, const GogoTuneOptions *o, Samples *all, int wins[3], Err *err)
{
    enum { MAX_THREADS = 16 };
    const int nthreads = o->threads < 1 ? 1 : o->threads > MAX_THREADS ? MAX_THREADS : o->threads;
    Worker workers[MAX_THREADS];
    pthread_t tid[MAX_THREADS];
    bool started[MAX_THREADS] = {false};
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    int next_game = 0, games_done = 0, rc = 0;
    size_t positions = 0;
    for (int t = 0; t < nthreads; t++) {
        workers[t] = (Worker){.g = g, .o = o, .lock = &lock, .next_game = &next_game,
                              .games_done = &games_done, .positions = &positions};
        started[t] = pthread_create(&tid[t], NULL, worker_main, &workers[t]) == 0;
        if (!started[t])
            worker_main(&workers[t]); /* no thread: do its share here */
    }
    for (int t = 0; t < nthreads; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        if (workers[t].rc != 0 && rc == 0) {
            *err = workers[t].err;
            rc = -1;
        }
    }
    memset(all, 0, sizeof *all);
    for (int t = 0; t < nthreads && rc == 0; t++) {
        for (size_t i = 0; i < workers[t].out.n; i++)
            if (samples_push(all, &workers[t].out.v[i]) != 0) {
                rc = err_set(err, "out of memory");
                break;
            }
        for (int j = 0; j < 3; j++)
            wins[j] += workers[t].wins[j];
    }
    for (int t = 0; t < nthreads; t++)
        free(workers[t].out.v);
    if (rc == 0 && all->n)
        qsort(all->v, all->n, sizeof *all->v, by_game_and_ply);
    return rc;
}

/* ---- the fit ------------------------------------------------------------------------ */

/* The positions as sparse feature rows (compressed rows: row i is
 * index/count[start[i] .. start[i + 1])). */
typedef struct {
    size_t rows;
    size_t *start;
    uint16_t *index;
    int16_t *count;
    float *result;
} Rows;

static void rows_free(Rows *r)
{
    free(r->start);
    free(r->index);
    free(r->count);
    free(r->result);
}

static int rows_build(const Samples *all, bool validation, Rows *r)
{
    memset(r, 0, sizeof *r);
    for (size_t i = 0; i < all->n; i++)
        r->rows += (all->v[i].game % VALIDATION_EVERY == VALIDATION_EVERY - 1) == validation;
    r->start = malloc((r->rows + 1) * sizeof *r->start);
    r->index = malloc((r->rows * EVAL_MAX_FEATURES + 1) * sizeof *r->index);
    r->count = malloc((r->rows * EVAL_MAX_FEATURES + 1) * sizeof *r->count);
    r->result = malloc((r->rows + 1) * sizeof *r->result);
    if (!r->start || !r->index || !r->count || !r->result)
        return -1;
    size_t row = 0, used = 0;
    GogoEvalFeatures f;
    for (size_t i = 0; i < all->n; i++) {
        if ((all->v[i].game % VALIDATION_EVERY == VALIDATION_EVERY - 1) != validation)
            continue;
        gogo_eval_features(&all->v[i].state, &f);
        r->start[row] = used;
        memcpy(r->index + used, f.index, (size_t)f.n * sizeof *f.index);
        memcpy(r->count + used, f.count, (size_t)f.n * sizeof *f.count);
        used += (size_t)f.n;
        r->result[row++] = all->v[i].result;
    }
    r->start[row] = used;
    return 0;
}

static inline double row_value(const Rows *r, size_t i, const double *w)
{
    double v = 0;
    for (size_t j = r->start[i]; j < r->start[i + 1]; j++)
        v += w[r->index[j]] * r->count[j];
    return v;
}

static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static double mean_loss(const Rows *r, const double *w, double scale)
{
    if (!r->rows)
        return 0;
    double sum = 0;
    for (size_t i = 0; i < r->rows; i++) {
        const double d = r->result[i] - sigmoid(row_value(r, i, w) / scale);
        sum += d * d;
    }
    return sum / (double)r->rows;
}

/* The logistic's scale that best fits the starting weights (golden section
 * on its logarithm): it turns score units into win probability and stays
 * fixed while the weights move. */
static double fit_scale(const Rows *r, const double *w)
{
    const double phi = 0.6180339887498949;
    double lo = log(20.0), hi = log(5000.0);
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = mean_loss(r, w, exp(a)), fb = mean_loss(r, w, exp(b));
    for (int it = 0; it < 40; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - phi * (hi - lo);
            fa = mean_loss(r, w, exp(a));
        } else {
            lo = a, a = b, fa = fb;
            b = lo + phi * (hi - lo);
            fb = mean_loss(r, w, exp(b));
        }
    }
    return exp((lo + hi) / 2);
}

/// Texel's method with full-batch Adam: the loss is the mean squared gap
/// between each game's result and sigmoid(eval / scale); being linear in
/// the weights, its gradient is one pass over the sparse rows.  A weak pull
/// towards the starting weights keeps rarely seen squares where they were.
static void fit(const Rows *train, double *w, const double *w0, double scale,
                const GogoTuneOptions *o)
{
    const double lr = 2.0, beta1 = 0.9, beta2 = 0.999, eps = 1e-9, pull = 1e-8;
    double grad[EVAL_NPARAMS], m[EVAL_NPARAMS] = {0}, v[EVAL_NPARAMS] = {0};
    double b1 = 1, b2 = 1;
    for (int epoch = 1; epoch <= o->epochs && train->rows; epoch++) {
        memset(grad, 0, sizeof grad);
        double loss = 0;
        for (size_t i = 0; i < train->rows; i++) {
            const double p = sigmoid(row_value(train, i, w) / scale);
            const double gap = p - train->result[i];
            loss += gap * gap;
            const double d = 2.0 * gap * p * (1 - p) / scale / (double)train->rows;
            for (size_t j = train->start[i]; j < train->start[i + 1]; j++)
                grad[train->index[j]] += d * train->count[j];
        }
        b1 *= beta1, b2 *= beta2;
        for (int j = 0; j < EVAL_NPARAMS; j++) {
            if (j == EV_MATERIAL + K_KING - 1)
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
        if (o->progress && (epoch % 10 == 0 || epoch == o->epochs)) {
            char line[128];
            snprintf(line, sizeof line, _("fit: epoch %d/%d, loss %.5f"), epoch, o->epochs,
                     loss / (double)train->rows);
            o->progress(o->progress_arg, line);
        }
    }
}

int gogo_tune(const Game *g, const GogoEvalWeights *start, const GogoTuneOptions *o,
              GogoEvalWeights *out, GogoTuneReport *report, Err *err)
{
    memset(report, 0, sizeof *report);
    if (strcmp(g->ops->family, "gogo") != 0)
        return err_set(err, "tuning needs a gogo game, not %s", g->name);
    Samples all;
    if (self_play(g, o, &all, report->wins, err) != 0)
        return -1;
    report->games = o->games;
    Rows train = {0}, valid = {0};
    int rc = 0;
    double w[EVAL_NPARAMS], w0[EVAL_NPARAMS];
    if (rows_build(&all, false, &train) != 0 || rows_build(&all, true, &valid) != 0) {
        rc = err_set(err, "out of memory");
        goto done;
    }
    report->positions = (int)train.rows;
    report->validation = (int)valid.rows;
    for (int j = 0; j < EVAL_NPARAMS; j++)
        w[j] = w0[j] = start->w[j];
    report->scale = train.rows ? fit_scale(&train, w) : 400;
    report->loss_before = mean_loss(&train, w, report->scale);
    report->valid_before = mean_loss(&valid, w, report->scale);
    fit(&train, w, w0, report->scale, o);
    for (int j = 0; j < EVAL_NPARAMS; j++)
        out->w[j] = (int32_t)lround(w[j]);
    for (int j = 0; j < EVAL_NPARAMS; j++)
        w[j] = out->w[j]; /* report what is written: the rounded weights */
    report->loss_after = mean_loss(&train, w, report->scale);
    report->valid_after = mean_loss(&valid, w, report->scale);
done:
    rows_free(&train);
    rows_free(&valid);
    free(all.v);
    return rc;
}
