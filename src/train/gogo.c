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
#include "train/selfplay.h"
#include "train/status.h"

#define MAX_GAME_PLIES 300 /* longer games are scored as draws */
_Static_assert(EVAL_MAX_FEATURES <= FIT_MAX_ENTRIES, "a position's features fit a row");

typedef struct {
    GogoState state;
    float result; /* for the side to move: 1 won, 0.5 drawn, 0 lost */
} Sample;

/* ---- self-play ---------------------------------------------------------------- */

/* Game k's opening generator: the mix gogo's games have always been drawn
 * from (another would change every file trained since). */
static uint64_t gogo_game_rng(uint64_t seed, long game)
{
    return seed * 0x2545F4914F6CDD1DULL + (uint64_t)game;
}

/* Positions worth fitting: the side to move is not in check and its best
 * move is quiet, so the static value is about what the search would say. */
static bool is_quiet(const Game *g, const GogoState *s, Move best, int value)
{
    if (best == MOVE_NONE || value >= SCORE_WIN_MIN || value <= -SCORE_WIN_MIN)
        return false;
    if (g->ops->in_check(g, s) || gogo_move_promotes(best))
        return false;
    return gogo_move_is_drop(best) || s->board[gogo_move_to(best)] == 0;
}

/* The searched positions (after the opening) that are quiet. */
static bool keep_position(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    const Game *g = ctx;
    if (!pos->search || !is_quiet(g, pos->state, pos->search->move, pos->search->value))
        return false;
    *(Sample *)sample = (Sample){.state = *(const GogoState *)pos->state};
    return true;
}

static void label_position(const void *ctx, void *sample, int result)
{
    (void)ctx;
    ((Sample *)sample)->result = result > 0 ? 1.0f : result < 0 ? 0.0f : 0.5f;
}

/* ---- positions on disk ----------------------------------------------------------
 * The labelled positions can be kept (--save-positions) and fitted again
 * (--load-positions) without playing: a text file, a header line
 * "yomi-gogo-positions 1 GAMES", then a line per position, its game's
 * number (from 0, never decreasing), the result for its side to move
 * (win, draw or loss) and the position in the game's notation.  Every
 * position is read back through the game's own parser, so a damaged file
 * is an error, never a bad state. */

#define POS_MAGIC "yomi-gogo-positions"
#define POS_LINE_MAX 256
#define POS_FILE_MAX ((size_t)1 << 32) /* about 60 M positions */

typedef struct {
    Sample *x;
    size_t n, cap;
    size_t *game_start; /* games + 1 entries */
    long games;
} Positions;

static void positions_free(Positions *p)
{
    free(p->x);
    free(p->game_start);
    memset(p, 0, sizeof *p);
}

static const char *result_word(float r) { return r > 0.75f ? "win" : r < 0.25f ? "loss" : "draw"; }

typedef struct {
    const Game *g;
    const Positions *p;
} PositionsFile;

static int print_positions(FILE *out, const void *arg)
{
    const PositionsFile *f = arg;
    char text[POS_LINE_MAX];
    fprintf(out, "%s 1 %ld\n", POS_MAGIC, f->p->games);
    for (long k = 0; k < f->p->games; k++)
        for (size_t i = f->p->game_start[k]; i < f->p->game_start[k + 1]; i++) {
            f->g->ops->format_position(f->g, &f->p->x[i].state, text, sizeof text);
            fprintf(out, "%ld %s %s\n", k, result_word(f->p->x[i].result), text);
        }
    return ferror(out) ? -1 : 0;
}

static int save_positions(const Game *g, const char *path, const Positions *p, Err *err)
{
    const PositionsFile f = {g, p};
    return atomic_file_print(path, print_positions, &f, err);
}

/* Room for `games` games (never fewer than now), the new ones empty. */
static bool positions_grow(Positions *p, long games)
{
    if (games <= p->games && p->game_start)
        return true;
    size_t *gs = realloc(p->game_start, ((size_t)games + 1) * sizeof *gs);
    if (!gs)
        return false;
    p->game_start = gs;
    for (long k = p->games + 1; k <= games; k++)
        gs[k] = p->n;
    if (p->games == 0)
        gs[0] = p->n;
    p->games = games;
    return true;
}

/* One line's position and result appended to game `game` (numbered within
 * the file, from `first`, the games loaded before it). */
static int load_line(const Game *g, Positions *p, const char *line, long first, long games,
                     long *last, Err *err)
{
    char result[8];
    long game;
    int at = 0;
    if (sscanf(line, "%ld %7s %n", &game, result, &at) != 2 || at == 0)
        return err_set(err, "expected 'GAME win|draw|loss POSITION'");
    if (game < *last || game >= games)
        return err_set(err, "game %ld out of order or past the header's %ld", game, games);
    *last = game;
    Sample x;
    x.result = strcmp(result, "win") == 0 ? 1.0f : strcmp(result, "loss") == 0 ? 0.0f : 0.5f;
    if (x.result == 0.5f && strcmp(result, "draw") != 0)
        return err_set(err, "'%s' is not win, draw or loss", result);
    memset(&x.state, 0, sizeof x.state);
    Err why = {{0}};
    if (g->ops->parse_position(g, line + at, &x.state, &why) != 0)
        return err_set(err, "%s", why.msg);
    if (p->n == p->cap) {
        const size_t cap = p->cap ? 2 * p->cap : 4096;
        Sample *grown = realloc(p->x, cap * sizeof *grown);
        if (!grown)
            return err_set(err, "out of memory");
        p->x = grown;
        p->cap = cap;
    }
    /* The games up to this one end before it; this one ends after it. */
    if (!positions_grow(p, first + game + 1))
        return err_set(err, "out of memory");
    p->x[p->n++] = x;
    p->game_start[p->games] = p->n;
    return 0;
}

static int load_positions(const Game *g, const char *path, Positions *p, Err *err)
{
    size_t len;
    char *text = read_file_whole(path, POS_FILE_MAX, &len, err);
    if (!text)
        return -1;
    TextLines lines = text_lines(path, text, len, POS_LINE_MAX);
    char line[POS_LINE_MAX + 1];
    const long first = p->games;
    long games = -1, last = 0;
    int got, rc = 0;
    Err why = {{0}};
    while (rc == 0 && (got = text_lines_next(&lines, line, err)) > 0) {
        if (games < 0) {
            char magic[32];
            int version;
            if (sscanf(line, "%31s %d %ld", magic, &version, &games) != 3 ||
                strcmp(magic, POS_MAGIC) != 0 || version != 1 || games < 0 ||
                games > 100000000L)
                rc = err_set(err, "%.200s: not a gogo positions file (expected '%s 1 GAMES')",
                             path, POS_MAGIC);
        } else if (load_line(g, p, line, first, games, &last, &why) != 0) {
            rc = err_set(err, "%.200s: line %d: %s", path, lines.lineno, why.msg);
        }
    }
    if (rc == 0 && got < 0)
        rc = -1;
    if (rc == 0 && games < 0)
        rc = err_set(err, "%.200s: empty (expected '%s 1 GAMES')", path, POS_MAGIC);
    if (rc == 0 && !positions_grow(p, first + games))
        rc = err_set(err, "out of memory");
    free(text);
    return rc;
}

/* The games played, as positions (the samples taken over). */
static int play(const Selfplay *sp, Positions *p, TrainReport *rep, Err *err)
{
    SelfplayGames games;
    if (selfplay_run(sp, &games, err) != 0)
        return -1;
    memcpy(rep->wins, games.wins, sizeof rep->wins);
    p->x = (Sample *)(void *)games.samples; /* malloc'd: aligned for any sample */
    p->n = p->cap = games.n;
    p->game_start = games.game_start;
    p->games = sp->games;
    games.samples = NULL;
    games.game_start = NULL;
    selfplay_games_free(&games);
    return 0;
}

/* ---- the fit ------------------------------------------------------------------ */

static int sample_row(const void *sample, uint32_t *index, int16_t *value, double *label)
{
    const Sample *x = sample;
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
static double fit_scale(const FitSet *set, const double *w)
{
    const double phi = 0.6180339887498949;
    double lo = log(20.0), hi = log(5000.0);
    double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
    double fa = mean_loss(set, w, exp(a)), fb = mean_loss(set, w, exp(b));
    for (int it = 0; it < 40; it++) {
        if (fa < fb) {
            hi = b, b = a, fb = fa;
            a = hi - phi * (hi - lo);
            fa = mean_loss(set, w, exp(a));
        } else {
            lo = a, a = b, fa = fb;
            b = lo + phi * (hi - lo);
            fb = mean_loss(set, w, exp(b));
        }
    }
    return exp((lo + hi) / 2);
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
    const Selfplay sp = {
        .g = g, .games = o->games, .threads = o->threads, .depth = o->depth, .seed = o->seed,
        .game_rng = gogo_game_rng, .random_min = 2, .random_span = 7, /* 2-8 random plies */
        .exact = -1, .max_plies = MAX_GAME_PLIES,
        .sample_size = sizeof(Sample),
        .keep = keep_position, .label = label_position, .ctx = g,
        .progress = o->progress,
    };
    Positions pos = {0};
    int rc = 0;
    if (o->nload == 0)
        rc = play(&sp, &pos, rep, err);
    /* Files of several runs fit as one set, their games numbered on. */
    for (int f = 0; f < o->nload && rc == 0; f++)
        rc = load_positions(g, o->load_positions[f], &pos, err);
    if (rc == 0 && o->save_positions)
        rc = save_positions(g, o->save_positions, &pos, err);
    rep->games = pos.games;
    rep->loaded = o->nload > 0;
    FitRows fitted = {0}, held = {0};
    if (rc == 0 && fit_rows_of_games(&fitted, &held, pos.x, sizeof(Sample), pos.game_start,
                                     pos.games, sample_row) != 0)
        rc = err_set(err, "out of memory");
    positions_free(&pos);
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
