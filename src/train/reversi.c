/* reversi.c - the weights of reversi's 8x8 pattern evaluation
 * (src/games/reversi/eval.h), learnt from yomi's own games.
 *
 * 1. Self-play: each game opens with 6-13 random moves, then both sides
 *    play the search at --depth with the evaluation the game was opened
 *    with (the command's default is the simple one, so training never
 *    depends on the weights it replaces) until --exact empties remain,
 *    where the exact solver gives the result of perfect play from there.
 * 2. Labels: every position of the game before that point is labelled with
 *    that exact result from its mover's view (the outcome of a sensible
 *    game continued perfectly, Logistello's recipe), and the positions of
 *    the solved line with the exact value itself.
 * 3. Fit: least squares with an L2 penalty by Buro's per-weight gradient
 *    steps (train/fit.h), the last twentieth of the positions held out. */
#include "train/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/i18n.h"
#include "base/read_file.h"
#include "games/reversi/eval.h"
#include "games/reversi/reversi.h"
#include "train/fit.h"
#include "train/selfplay.h"
#include "train/status.h"

#define MAX_GAME_POSITIONS 80 /* 60 moves and a few passes */
_Static_assert(REVAL_MAX_FEATURES <= FIT_MAX_ENTRIES, "a position's features fit a row");

typedef struct {
    uint64_t p, o; /* mover, other */
    int label;     /* final disc difference, mover's view */
} Sample;

/* ---- self-play ---------------------------------------------------------------- */

static bool keep_position(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    (void)ctx;
    const ReversiState *s = pos->state;
    *(Sample *)sample = (Sample){s->mover, s->other, 0};
    return true;
}

static void label_position(const void *ctx, void *sample, int result)
{
    (void)ctx;
    ((Sample *)sample)->label = result;
}

static int play(const Game *g, const TrainOptions *o, Sample **x, size_t *n, TrainReport *rep,
                Err *err)
{
    const Selfplay sp = {
        .g = g, .games = o->games, .threads = o->threads, .depth = o->depth, .seed = o->seed,
        .random_min = 6, .random_span = 8, /* 6-13 random moves */
        .exact = o->exact, .keep_solved_line = true,
        .sample_size = sizeof(Sample), .max_kept = MAX_GAME_POSITIONS,
        .keep = keep_position, .label = label_position,
        .progress = o->progress,
    };
    SelfplayGames games;
    if (selfplay_run(&sp, &games, err) != 0)
        return -1;
    rep->games = o->games;
    memcpy(rep->wins, games.wins, sizeof rep->wins);
    *x = (Sample *)(void *)games.samples; /* malloc'd: aligned for any sample */
    *n = games.n;
    games.samples = NULL;
    selfplay_games_free(&games);
    return 0;
}

/* ---- positions on disk -------------------------------------------------------
 * The labelled positions can be kept (--save-positions) and fitted again
 * later (--load-positions) without replaying the games: "YOMIPOS1", a u64
 * count, then per position mover, other (u64) and the label (i8), native
 * byte order (a scratch file for the machine that made it). */

static const char pos_magic[8] = {'Y', 'O', 'M', 'I', 'P', 'O', 'S', '1'};
/* The most positions a file may hold, and so its largest size (1.7 GB). */
#define POS_MAX 100000000u
enum { POS_HEADER_BYTES = 16, POS_RECORD_BYTES = 17 };
#define POS_FILE_MAX (POS_HEADER_BYTES + (size_t)POS_RECORD_BYTES * POS_MAX)

static int save_positions(const char *path, const Sample *x, size_t n, Err *err)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return err_set(err, "%.200s: cannot create", path);
    const uint64_t count = n;
    bool ok = fwrite(pos_magic, 1, 8, f) == 8 && fwrite(&count, 8, 1, f) == 1;
    for (size_t i = 0; ok && i < n; i++) {
        const int8_t label = (int8_t)x[i].label;
        ok = fwrite(&x[i].p, 8, 1, f) == 1 && fwrite(&x[i].o, 8, 1, f) == 1 &&
             fwrite(&label, 1, 1, f) == 1;
    }
    if (fclose(f) != 0 || !ok)
        return err_set(err, "%.200s: cannot write the positions", path);
    return 0;
}

/* One file's positions appended to *out (*n of them so far, growing).
 * Regular files only (read_file_open), and the size the header announces
 * checked before the memory for the positions is taken. */
static int load_positions(const char *path, Sample **out, size_t *n, Err *err)
{
    size_t size;
    const int fd = read_file_open(path, POS_FILE_MAX, &size, err);
    if (fd < 0)
        return -1;
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return err_set(err, "out of memory reading %.200s", path);
    }
    char magic[8];
    uint64_t count = 0;
    int rc = 0;
    Sample *grown;
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, pos_magic, 8) != 0 ||
        fread(&count, 8, 1, f) != 1 || count > POS_MAX) {
        rc = err_set(err, "%.200s: not a positions file", path);
    } else if (size != POS_HEADER_BYTES + POS_RECORD_BYTES * count) {
        rc = err_set(err, "%.200s: %llu positions announced in %zu bytes (truncated or damaged)",
                     path, (unsigned long long)count, size);
    } else if (*n + count > POS_MAX) {
        rc = err_set(err, "%.200s: more than %u positions in all", path, POS_MAX);
    } else if (!(grown = realloc(*out, (*n + count ? *n + count : 1) * sizeof **out))) {
        rc = err_set(err, "out of memory for %llu positions", (unsigned long long)(*n + count));
    } else {
        *out = grown;
        for (uint64_t i = 0; i < count && rc == 0; i++) {
            int8_t label = 0;
            Sample *x = &(*out)[*n + i];
            if (fread(&x->p, 8, 1, f) != 1 || fread(&x->o, 8, 1, f) != 1 ||
                fread(&label, 1, 1, f) != 1 || (x->p & x->o) || label < -64 || label > 64)
                rc = err_set(err, "%.200s: truncated or damaged at position %llu", path,
                             (unsigned long long)i);
            x->label = label;
        }
        if (rc == 0)
            *n += count;
    }
    fclose(f);
    return rc;
}

/* ---- the fit ------------------------------------------------------------------ */

/* A run of positions as fit rows, each built when it is read: kept
 * expanded, millions of them would take gigabytes. */
static int position_row(const FitSet *set, size_t i, uint32_t *index, int16_t *value, double *label)
{
    const Sample *x = (const Sample *)set->data + i;
    *label = x->label;
    return reval_features(x->p, x->o, index, value);
}

static void show_epoch(void *arg, int epoch, int epochs, double train_rms, double test_rms)
{
    (void)arg;
    train_status(_("fit: epoch %d/%d, rms error %.2f discs (held out %.2f)   "), epoch, epochs,
                 train_rms, test_rms);
}

static int fit_and_write(const Sample *x, size_t n, const TrainOptions *o, TrainReport *rep, Err *err)
{
    /* The last twentieth (whole games but one) is held out to show how
     * well the fit generalises. */
    const size_t ntrain = n >= 20 ? n - n / 20 : n;
    const FitSet train = {.n = ntrain, .row = position_row, .data = x};
    const FitSet test = {.n = n - ntrain, .row = position_row, .data = x + ntrain};
    /* Every position reads ~50 weights at once, so each takes a share of
     * the error rather than all of it. */
    const FitSteps steps = {.epochs = o->epochs, .lambda = 30.0f, .rate = 1.0f / 16,
                            .progress = o->progress ? show_epoch : NULL};
    float *w = fit_least_squares_steps(&train, &test, (size_t)REVAL_PHASES * (size_t)reval_weights_per_phase(),
                                       &steps, &rep->fitted_after, &rep->held_after);
    if (o->progress)
        train_status_end();
    if (!w)
        return err_set(err, "out of memory");
    rep->fitted = ntrain;
    rep->held_out = n - ntrain;
    const int rc = reval_write(o->out, w, err);
    free(w);
    return rc;
}

int train_reversi(const Game *g, const TrainOptions *o, TrainReport *rep, Err *err)
{
    memset(rep, 0, sizeof *rep);
    Sample *x = NULL;
    size_t n = 0;
    int rc = 0;
    if (o->nload == 0)
        rc = play(g, o, &x, &n, rep, err);
    /* Files of several runs (other seeds, other machines) fit as one set,
     * in the order given: the last twentieth of the last file is held out. */
    for (int f = 0; f < o->nload && rc == 0; f++)
        rc = load_positions(o->load_positions[f], &x, &n, err);
    if (rc == 0 && o->save_positions)
        rc = save_positions(o->save_positions, x, n, err);
    if (rc == 0)
        rc = fit_and_write(x, n, o, rep, err);
    free(x);
    return rc;
}
