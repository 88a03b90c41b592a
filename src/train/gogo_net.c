/* gogo_net.c - fitting gogo's network (games/gogo/net.h) to what a search
 * says of self-play positions.
 *
 * A game's result says little of one position in it (a depth-4 game is
 * decided by its mistakes, many plies later); a search of several plies
 * says much more, and says it of every position.  So each distinct
 * position is searched once at --label-depth with the linear evaluation
 * (or --label-eval's: a network's searches see further at the same depth),
 * and the network is fitted, on top of those linear weights, to make the
 * static evaluation predict the search: what the search would have seen
 * becomes part of the evaluation at every leaf of a deeper one.  The loss
 * is the mean squared gap in win probability (the logistic of a score
 * over a scale fitted to the games' results), by Adam on minibatches.
 * The results still judge the fit: every tenth game is held out, and of
 * its positions those that also occur in the fitted games are left out
 * of the check (depth-4 games repeat their openings). */
#include "train/train.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/rng.h"
#include "engine/search.h"
#include "games/gogo/eval.h"
#include "games/gogo/net.h"
#include "train/fit.h"
#include "train/gogo_positions.h"
#include "train/selfplay.h"
#include "train/status.h"

#define SCORE_CLAMP 3000 /* mates and near-mates count as this */
#define BATCH 256
#define RATE_INPUT 1e-3f  /* Adam's step for the input weights and biases */
#define RATE_OUTPUT 0.1f  /* and for the output's, which are in score units */

/* ---- the searches ------------------------------------------------------------ */

typedef struct {
    const Game *g;
    GogoPositions *p;
    const size_t *todo; /* the samples to search: one of each distinct position */
    size_t n;
    int depth;
    bool progress;
    atomic_size_t next, done;
    Err err;
    atomic_int failed;
} Labelling;

static void *label_thread(void *arg)
{
    Labelling *l = arg;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_YOMI;
    cfg.depth = l->depth;
    cfg.table = TABLE_ON;
    cfg.table_mb = 16;
    cfg.quiescence = true;
    cfg.threads = 1;
    Err err = {{0}};
    Search *s = search_new(l->g, &cfg, &err);
    for (size_t i; s && !atomic_load(&l->failed) && (i = atomic_fetch_add(&l->next, 1)) < l->n;) {
        GogoSample *x = &l->p->x[l->todo[i]];
        SearchResult r;
        search_clear(s); /* each position alone: the same score on any thread */
        if (search_run(s, &x->state, &r, &err) != 0)
            break;
        x->score = r.value;
        x->scored = true;
        const size_t done = atomic_fetch_add(&l->done, 1) + 1;
        if (l->progress && done % 1000 == 0)
            train_status(_("search: %zu/%zu positions"), done, l->n);
    }
    if (err.msg[0] && !atomic_exchange(&l->failed, 1))
        l->err = err;
    search_free(s);
    return NULL;
}

static int by_number(const void *a, const void *b)
{
    const size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

typedef struct {
    uint64_t hash;
    size_t i;
} Keyed;

static int by_hash(const void *a, const void *b)
{
    const Keyed *x = a, *y = b;
    return x->hash != y->hash ? (x->hash < y->hash ? -1 : 1) : (x->i > y->i) - (x->i < y->i);
}

/* The samples' numbers in order of their positions' hash keys, the same
 * positions side by side, each in the games' order. */
static size_t *sorted_by_hash(const GogoPositions *p)
{
    Keyed *k = malloc((p->n ? p->n : 1) * sizeof *k);
    size_t *order = malloc((p->n ? p->n : 1) * sizeof *order);
    if (!k || !order) {
        free(k);
        free(order);
        return NULL;
    }
    for (size_t i = 0; i < p->n; i++)
        k[i] = (Keyed){p->x[i].state.hash, i};
    qsort(k, p->n, sizeof *k, by_hash);
    for (size_t i = 0; i < p->n; i++)
        order[i] = k[i].i;
    free(k);
    return order;
}

/// Search every distinct position that has no score yet, on `threads`
/// threads, and give the score to each of its copies.
static int label(const Game *g, GogoPositions *p, const size_t *order, int depth, int threads,
                 bool progress, size_t *searched, Err *err)
{
    size_t *todo = malloc((p->n ? p->n : 1) * sizeof *todo), n = 0;
    if (!todo)
        return err_set(err, "out of memory");
    for (size_t k = 0; k < p->n; k++)
        if (!p->x[order[k]].scored &&
            (k == 0 || p->x[order[k]].state.hash != p->x[order[k - 1]].state.hash))
            todo[n++] = order[k];
    Labelling l = {.g = g, .p = p, .todo = todo, .n = n, .depth = depth, .progress = progress};
    pthread_t tid[SELFPLAY_MAX_THREADS];
    int started = 0;
    for (; started < threads && started < SELFPLAY_MAX_THREADS; started++)
        if (pthread_create(&tid[started], NULL, label_thread, &l) != 0)
            break;
    if (started == 0)
        label_thread(&l);
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    free(todo);
    if (atomic_load(&l.failed))
        return err_set(err, "%s", l.err.msg);
    /* The copies of a searched position take its score. */
    for (size_t k = 1; k < p->n; k++) {
        GogoSample *x = &p->x[order[k]];
        const GogoSample *before = &p->x[order[k - 1]];
        if (!x->scored && before->scored && x->state.hash == before->state.hash) {
            x->score = before->score;
            x->scored = true;
        }
    }
    *searched = n;
    return 0;
}

/* ---- the network in floating point, while it learns --------------------------------- */

typedef struct {
    float input[GOGO_NET_INPUTS][GOGO_NET_HIDDEN];
    float bias[GOGO_NET_HIDDEN], output[GOGO_NET_HIDDEN], output_bias;
} Net;

typedef struct {
    Net w, grad, m, v; /* the weights, a batch's gradient, Adam's two moments */
    bool seen[GOGO_NET_INPUTS];
    int step;
} Fit;

/* A sample's inputs (net.h): feature i's count for the side to move at
 * 2i, against it at 2i + 1, by size; and its linear evaluation. */
typedef struct {
    int n;
    uint16_t input[EVAL_MAX_FEATURES];
    float size[EVAL_MAX_FEATURES];
    float linear;
} Inputs;

static void inputs_of(const GogoEvalWeights *w, const GogoState *s, Inputs *in)
{
    GogoEvalFeatures f;
    gogo_eval_features(s, &f);
    long linear = 0;
    in->n = 0;
    for (int i = 0; i < f.n; i++) {
        linear += (long)w->w[f.index[i]] * f.count[i];
        if (f.count[i] == 0)
            continue;
        in->input[in->n] = (uint16_t)gogo_net_input(f.index[i], f.count[i]);
        in->size[in->n++] = (float)abs(f.count[i]);
    }
    in->linear = (float)linear;
}

/* The evaluation (linear + network), with the hidden sums in sum[]. */
static float forward(const Net *w, const Inputs *in, float *sum)
{
    memcpy(sum, w->bias, sizeof w->bias);
    for (int k = 0; k < in->n; k++) {
        const float *row = w->input[in->input[k]];
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            sum[j] += row[j] * in->size[k];
    }
    float out = in->linear + w->output_bias;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++)
        out += w->output[j] * fminf(fmaxf(sum[j], 0.0f), 1.0f);
    return out;
}

static inline double sigmoid(double x) { return 1.0 / (1.0 + exp(-x)); }

static float target(const GogoSample *x, double scale)
{
    const int s = x->score > SCORE_CLAMP    ? SCORE_CLAMP
                  : x->score < -SCORE_CLAMP ? -SCORE_CLAMP
                                            : x->score;
    return (float)sigmoid(s / scale);
}

/* Add d(loss)/d(out) = dout's share to the batch's gradient. */
static void backward(Fit *f, const Inputs *in, const float *sum, float dout)
{
    Net *g = &f->grad;
    float dsum[GOGO_NET_HIDDEN];
    g->output_bias += dout;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++) {
        const float on = fminf(fmaxf(sum[j], 0.0f), 1.0f);
        g->output[j] += dout * on;
        dsum[j] = sum[j] > 0 && sum[j] < 1 ? dout * f->w.output[j] : 0;
        g->bias[j] += dsum[j];
    }
    for (int k = 0; k < in->n; k++) {
        float *row = g->input[in->input[k]];
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            row[j] += dsum[j] * in->size[k];
    }
}

static void adam(float *w, float *g, float *m, float *v, size_t n, float rate, int step)
{
    const float b1 = 0.9f, b2 = 0.999f;
    const float c1 = 1 - powf(b1, (float)step), c2 = 1 - powf(b2, (float)step);
    for (size_t i = 0; i < n; i++) {
        if (g[i] == 0 && m[i] == 0)
            continue; /* an input no sample of late has had */
        m[i] = b1 * m[i] + (1 - b1) * g[i];
        v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
        w[i] -= rate * (m[i] / c1) / (sqrtf(v[i] / c2) + 1e-8f);
        g[i] = 0;
    }
}

static void step(Fit *f)
{
    f->step++;
    adam(&f->w.input[0][0], &f->grad.input[0][0], &f->m.input[0][0], &f->v.input[0][0],
         (size_t)GOGO_NET_INPUTS * GOGO_NET_HIDDEN, RATE_INPUT, f->step);
    adam(f->w.bias, f->grad.bias, f->m.bias, f->v.bias, GOGO_NET_HIDDEN, RATE_INPUT, f->step);
    adam(f->w.output, f->grad.output, f->m.output, f->v.output, GOGO_NET_HIDDEN, RATE_OUTPUT,
         f->step);
    adam(&f->w.output_bias, &f->grad.output_bias, &f->m.output_bias, &f->v.output_bias, 1,
         RATE_OUTPUT, f->step);
}

/* Small random input weights and output weights, half-open units: the
 * units must start different, or they learn the same thing. */
/* Uniform in [-0.5, 0.5). */
static float uniform(uint64_t *rng)
{
    return (float)(rng_next(rng) >> 40) / (float)(1 << 24) - 0.5f;
}

static void fit_start(Fit *f, uint64_t seed)
{
    uint64_t rng = seed;
    for (int i = 0; i < GOGO_NET_INPUTS; i++)
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            f->w.input[i][j] = uniform(&rng) * 0.02f;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++) {
        f->w.bias[j] = 0.5f;
        f->w.output[j] = uniform(&rng) * 20.0f;
    }
}

/* ---- the fit ---------------------------------------------------------------------- */

typedef struct {
    const GogoPositions *p;
    const GogoEvalWeights *linear;
    const size_t *fitted, *checked; /* sample numbers */
    size_t nfitted, nchecked;
    double scale;
} Sets;

/* The mean squared gap, over the checked samples, between the evaluation
 * (linear alone, or with the network) and the search's score, and the
 * game's result, in win probability. */
static void check(const Sets *s, const Net *w, double *vs_search, double *vs_result)
{
    double search = 0, result = 0;
    float sum[GOGO_NET_HIDDEN];
    Inputs in;
    for (size_t k = 0; k < s->nchecked; k++) {
        const GogoSample *x = &s->p->x[s->checked[k]];
        inputs_of(s->linear, &x->state, &in);
        const double p = sigmoid((w ? forward(w, &in, sum) : in.linear) / s->scale);
        search += (p - target(x, s->scale)) * (p - target(x, s->scale));
        result += (p - x->result) * (p - x->result);
    }
    const double n = s->nchecked ? (double)s->nchecked : 1;
    *vs_search = search / n;
    *vs_result = result / n;
}

/// Minibatches of BATCH samples in an order shuffled each epoch from the
/// seed, so the same positions and seed give the same network.
static int fit(Fit *f, const Sets *s, int epochs, uint64_t seed, bool progress)
{
    size_t *order = malloc((s->nfitted ? s->nfitted : 1) * sizeof *order);
    if (!order)
        return -1;
    memcpy(order, s->fitted, s->nfitted * sizeof *order);
    uint64_t rng = seed ^ 0x6e6574ULL;
    float sum[GOGO_NET_HIDDEN];
    Inputs in;
    for (int epoch = 1; epoch <= epochs; epoch++) {
        for (size_t i = s->nfitted; i > 1; i--) {
            const size_t j = rng_next(&rng) % i, t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t b = 0; b < s->nfitted; b += BATCH) {
            const size_t end = b + BATCH < s->nfitted ? b + BATCH : s->nfitted;
            for (size_t k = b; k < end; k++) {
                const GogoSample *x = &s->p->x[order[k]];
                inputs_of(s->linear, &x->state, &in);
                for (int i = 0; i < in.n; i++)
                    f->seen[in.input[i]] = true;
                const double p = sigmoid(forward(&f->w, &in, sum) / s->scale);
                const double dout = 2 * (p - target(x, s->scale)) * p * (1 - p) / s->scale;
                backward(f, &in, sum, (float)(dout / (double)(end - b)));
            }
            step(f);
            if (progress && (b / BATCH) % 200 == 0)
                train_status(_("fit: epoch %d/%d, %zu%%"), epoch, epochs, 100 * b / s->nfitted);
        }
    }
    free(order);
    return 0;
}

/* Whether every weight is a number: a fit that diverged is refused, not
 * written with its NaNs quantized to whatever the rounding makes of them. */
static bool net_finite(const Net *w)
{
    const float *x = &w->input[0][0];
    for (size_t i = 0; i < sizeof w->input / sizeof *x; i++)
        if (!isfinite(x[i]))
            return false;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++)
        if (!isfinite(w->bias[j]) || !isfinite(w->output[j]))
            return false;
    return isfinite(w->output_bias);
}

/* Clamped before rounding: lroundf of a value past a long (or of a NaN,
 * which net_finite refuses before it gets here) is unspecified. */
static int32_t quantize(float x, float one, long max)
{
    const float v = x * one;
    return (int32_t)(v >= (float)max ? max : v <= (float)-max ? -max : lroundf(v));
}

/* The integer network of the floating one; inputs no fitted sample had
 * are 0 (their weights never left the random start). */
static void to_net(const Fit *f, GogoNet *net)
{
    memset(net, 0, sizeof *net);
    for (int i = 0; i < GOGO_NET_INPUTS; i++)
        for (int j = 0; f->seen[i] && j < GOGO_NET_HIDDEN; j++)
            net->input[i][j] =
                (int16_t)quantize(f->w.input[i][j], GOGO_NET_ONE, GOGO_NET_MAX_WEIGHT);
    for (int j = 0; j < GOGO_NET_HIDDEN; j++) {
        net->bias[j] = quantize(f->w.bias[j], GOGO_NET_ONE, GOGO_NET_MAX_OUTPUT);
        net->output[j] = quantize(f->w.output[j], GOGO_NET_OUTPUT_ONE, GOGO_NET_MAX_OUTPUT);
    }
    net->output_bias =
        quantize(f->w.output_bias, GOGO_NET_ONE * GOGO_NET_OUTPUT_ONE, GOGO_NET_MAX_OUTPUT);
}

/* The float network of the integer one: what is checked is what is written. */
static void from_net(const GogoNet *net, Net *w)
{
    for (int i = 0; i < GOGO_NET_INPUTS; i++)
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            w->input[i][j] = (float)net->input[i][j] / GOGO_NET_ONE;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++) {
        w->bias[j] = (float)net->bias[j] / GOGO_NET_ONE;
        w->output[j] = (float)net->output[j] / GOGO_NET_OUTPUT_ONE;
    }
    w->output_bias = (float)net->output_bias / (GOGO_NET_ONE * GOGO_NET_OUTPUT_ONE);
}

/* ---- the scale -------------------------------------------------------------------- */

typedef struct {
    const GogoPositions *p;
    const size_t *fitted;
    size_t n;
} ScaleArg;

/* How far the searches' scores, through a logistic of the scale
 * e^log_scale, are from the games' results. */
static double log_scale_gap(double log_scale, const void *arg)
{
    const double scale = exp(log_scale);
    const ScaleArg *a = arg;
    double sum = 0;
    for (size_t k = 0; k < a->n; k++) {
        const GogoSample *x = &a->p->x[a->fitted[k]];
        const double d = target(x, scale) - x->result;
        sum += d * d;
    }
    return sum;
}

/* ---- the file ----------------------------------------------------------------------- */

typedef struct {
    const GogoEvalWeights *linear;
    const GogoNet *net;
} Weights;

static int print_weights(FILE *out, const void *arg, const char *comment)
{
    const Weights *w = arg;
    if (gogo_eval_write(out, w->linear, comment) != 0)
        return -1;
    return gogo_net_write(out, w->net);
}

/* ---- the trainer ------------------------------------------------------------------- */

/* Which samples are fitted and which checked: every tenth game's are held
 * out, and of those only the positions no fitted game has are checked. */
static int split(const GogoPositions *p, const size_t *order, size_t **fitted, size_t *nfitted,
                 size_t **checked, size_t *nchecked)
{
    *fitted = malloc((p->n ? p->n : 1) * sizeof **fitted);
    *checked = malloc((p->n ? p->n : 1) * sizeof **checked);
    bool *held = malloc((p->n ? p->n : 1) * sizeof *held);
    if (!*fitted || !*checked || !held) {
        free(held);
        return -1;
    }
    for (long k = 0; k < p->games; k++)
        for (size_t i = p->game_start[k]; i < p->game_start[k + 1]; i++)
            held[i] = k % 10 == 9;
    *nfitted = *nchecked = 0;
    for (size_t a = 0; a < p->n;) {
        size_t b = a;
        bool in_fit = false;
        while (b < p->n && p->x[order[b]].state.hash == p->x[order[a]].state.hash)
            in_fit |= !held[order[b++]];
        for (size_t k = a; k < b; k++) {
            if (!held[order[k]])
                (*fitted)[(*nfitted)++] = order[k];
            else if (!in_fit)
                (*checked)[(*nchecked)++] = order[k];
        }
        a = b;
    }
    free(held);
    /* In the games' order again. */
    qsort(*fitted, *nfitted, sizeof **fitted, by_number);
    qsort(*checked, *nchecked, sizeof **checked, by_number);
    return 0;
}

int train_gogo_net(const Game *g, const TrainOptions *o, TrainReport *rep, Err *err)
{
    memset(rep, 0, sizeof *rep);
    const GogoEvalWeights *linear = gogo_game_weights(g);
    if (!linear || gogo_game_net(g))
        return err_set(err, "train gogo-net: --eval must give linear weights alone "
                            "(linear, builtin or a file without a network)");
    GogoPositions pos;
    if (gogo_positions_get(g, o, &pos, rep, err) != 0)
        return -1;
    size_t *order = sorted_by_hash(&pos), *fitted = NULL, *checked = NULL;
    Fit *f = calloc(1, sizeof *f);
    GogoNet *net = malloc(sizeof *net);
    int rc = order && f && net ? 0 : err_set(err, "out of memory");
    /* Scores loaded came from searches with some evaluation; another one
     * for the labels (--label-eval) searches every position again. */
    if (o->label_game)
        for (size_t i = 0; i < pos.n; i++)
            pos.x[i].scored = false;
    if (rc == 0)
        rc = label(o->label_game ? o->label_game : g, &pos, order, o->label_depth, o->threads,
                   o->progress, &rep->searched, err);
    if (rc == 0 && o->save_positions)
        rc = gogo_positions_save(g, o->save_positions, &pos, err);
    Sets sets = {.p = &pos, .linear = linear};
    if (rc == 0 && split(&pos, order, &fitted, &sets.nfitted, &checked, &sets.nchecked) != 0)
        rc = err_set(err, "out of memory");
    if (rc == 0) {
        sets.fitted = fitted;
        sets.checked = checked;
        const ScaleArg arg = {&pos, fitted, sets.nfitted};
        sets.scale = sets.nfitted
                         ? exp(fit_golden_min(log(20.0), log(5000.0), log_scale_gap, &arg))
                         : 400;
        rep->scale = sets.scale;
        rep->fitted = sets.nfitted;
        rep->held_out = sets.nchecked;
        check(&sets, NULL, &rep->held_before, &rep->held_result_before);
        fit_start(f, o->seed);
        if (fit(f, &sets, o->epochs, o->seed, o->progress) != 0)
            rc = err_set(err, "out of memory");
        else if (!net_finite(&f->w))
            rc = err_set(err, "the network's fit diverged (a weight is not a number)");
    }
    if (rc == 0) {
        to_net(f, net);
        from_net(net, &f->w);
        check(&sets, &f->w, &rep->held_after, &rep->held_result_after);
        if (o->progress)
            train_status_end();
        char how[300], comment[1000];
        if (o->nload)
            snprintf(how, sizeof how, "--load-positions %.200s%s", o->load_positions[0],
                     o->nload > 1 ? " ..." : "");
        else
            snprintf(how, sizeof how, "--games %ld --depth %d", o->games, o->depth);
        char label_eval[300] = "", play_eval[300] = "";
        if (o->label_game)
            snprintf(label_eval, sizeof label_eval, " --label-eval %.200s", o->label_eval);
        if (o->play_game && !o->nload)
            snprintf(play_eval, sizeof play_eval, " --play-eval %.200s", o->play_eval);
        snprintf(comment, sizeof comment,
                 "yomi train gogo-net %s%s --label-depth %d%s --epochs %d --seed %llu: %zu positions "
                 "(+%zu checked, %zu searched), scale %.0f; held out, against the searches "
                 "%.5f -> %.5f, against the results %.5f -> %.5f",
                 how, play_eval, o->label_depth, label_eval, o->epochs, (unsigned long long)o->seed, rep->fitted,
                 rep->held_out, rep->searched, rep->scale, rep->held_before, rep->held_after,
                 rep->held_result_before, rep->held_result_after);
        const Weights w = {linear, net};
        rc = selfplay_write_weights(o->out, print_weights, &w, comment, err);
    }
    free(fitted);
    free(checked);
    free(order);
    free(f);
    free(net);
    gogo_positions_free(&pos);
    return rc;
}
