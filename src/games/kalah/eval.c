/* eval.c - Kalah's tuned evaluation and its weight file (see eval.h). */
#include "games/kalah/eval.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/assets.h"
#include "base/i18n.h"
#include "base/read_file.h"
#include "games/kalah/internal.h"

/* ---- features ---------------------------------------------------------------- */

/* One side's counts; q is its pits in its own sowing order (the store
 * after q[m-1]), o the other side's in theirs, so q[i] faces o[m-1-i]. */
static void side_features(const uint8_t *q, const uint8_t *o, int m, bool capture_empty,
                          int f[KALAH_EVAL_FEATURES])
{
    int best_capture = 0;
    for (int i = 0; i < m; i++) {
        const int s = q[i], to_store = m - i;
        f[KF_SEEDS] += s;
        f[KF_EMPTY] += s == 0;
        f[KF_EXTRA] += s == to_store;
        if (s > to_store)
            f[KF_OVERFLOW] += s - to_store;
        /* a sowing that stays on one's side and ends in an empty pit */
        if (s > 0 && s < to_store && q[i + s] == 0) {
            const int facing = o[m - 1 - (i + s)];
            if (facing || capture_empty)
                best_capture = best_capture > 1 + facing ? best_capture : 1 + facing;
        }
    }
    f[KF_CAPTURE] += best_capture;
}

void kalah_eval_features(const Game *g, const void *state, int f[KALAH_EVAL_FEATURES])
{
    const Kalah *k = as_kalah(g);
    const int m = k->pits;
    const bool empty = k->capture == KALAH_CAPTURE_EMPTY;
    KBoard b;
    kboard_from_state(k, as_state(state), &b);
    int mine[KALAH_EVAL_FEATURES] = {0}, theirs[KALAH_EVAL_FEATURES] = {0};
    side_features(b.p, b.p + m, m, empty, mine);
    side_features(b.p + m, b.p, m, empty, theirs);
    for (int i = 0; i < KALAH_EVAL_FEATURES; i++)
        f[i] = mine[i] - theirs[i];
    f[KF_TEMPO] = 1;
}

const KalahEvalWeights *kalah_eval_untuned(void)
{
    static const KalahEvalWeights untuned = {{[KF_SEEDS] = KALAH_EVAL_SCALE / 4}};
    return &untuned;
}

/* ---- the file ------------------------------------------------------------------ */

#define MAGIC "yomi-kalah-eval 1"

int kalah_eval_parse(const char *text, size_t len, const char *name, KalahEvalWeights *w,
                     Err *err)
{
    TextLines lines = text_lines(name, text, len, KALAH_EVAL_LINE_MAX);
    char line[KALAH_EVAL_LINE_MAX + 1];
    int got;
    bool magic = false, weights = false;
    KalahEvalWeights read = {{0}};
    while ((got = text_lines_next(&lines, line, err)) > 0) {
        const int lineno = lines.lineno;
        if (line[0] == '#' || *text_skip_blanks(line) == '\0')
            continue;
        if (!magic) {
            if (strcmp(line, MAGIC) != 0)
                return err_set(err, "%.200s:%d: not a kalah weight file (expected '%s')", name,
                               lineno, MAGIC);
            magic = true;
            continue;
        }
        if (strncmp(line, "weights", 7) != 0 || (line[7] != ' ' && line[7] != '\t') || weights)
            return err_set(err, "%.200s:%d: expected one line 'weights' and %d numbers", name,
                           lineno, KALAH_EVAL_FEATURES);
        int32_t v[KALAH_EVAL_FEATURES];
        if (text_line_ints(&lines, line + 7, "weights", v, KALAH_EVAL_FEATURES,
                           KALAH_EVAL_MAX_WEIGHT, err) < 0)
            return -1;
        for (int i = 0; i < KALAH_EVAL_FEATURES; i++)
            read.w[i] = v[i];
        weights = true;
    }
    if (got < 0)
        return -1;
    if (!weights)
        return err_set(err, "%.200s: %s", name,
                       magic ? _("no 'weights' line") : _("empty, not a kalah weight file"));
    *w = read;
    return 0;
}

int kalah_eval_write(FILE *out, const KalahEvalWeights *w, const char *comment)
{
    fprintf(out, "%s\n", MAGIC);
    if (comment)
        fprintf(out, "# %s\n", comment);
    fprintf(out, "# seeds extra capture empty overflow tempo, in 1/%d seeds\nweights",
            KALAH_EVAL_SCALE);
    for (int i = 0; i < KALAH_EVAL_FEATURES; i++)
        fprintf(out, " %d", w->w[i]);
    return fprintf(out, "\n") < 0 || ferror(out) ? -1 : 0;
}

/* ---- the shipped weights and --eval --------------------------------------------- */

#define ASSET_NAME "kalah-eval.txt"

static KalahEvalWeights shipped;
static char shipped_notice[320]; /* why the shipped file is not used, or "" */

/* Read once per process, whoever opens a game first. */
static void load_shipped(void)
{
    shipped = *kalah_eval_untuned();
    Err err = {{0}};
    char path[4096];
    size_t len;
    char *text = asset_read(ASSET_NAME, KALAH_EVAL_FILE_MAX, &len, path, sizeof path, &err);
    if (text)
        kalah_eval_parse(text, len, path, &shipped, &err);
    free(text);
    if (err.msg[0])
        snprintf(shipped_notice, sizeof shipped_notice,
                 _("%.250s (kalah uses its untuned evaluation)"), err.msg);
}

static void shipped_weights(KalahEvalWeights *w)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, load_shipped);
    *w = shipped;
}

const char *kalah_eval_notice(void)
{
    return shipped_notice[0] ? shipped_notice : NULL;
}

int kalah_eval_option(const char *value, KalahEvalWeights *w, Err *err)
{
    if (strcmp(value, "tuned") == 0) {
        shipped_weights(w);
    } else if (strcmp(value, "simple") == 0) {
        *w = *kalah_eval_untuned();
    } else if (strchr(value, '/') || strchr(value, '.')) {
        Err why = {{0}};
        size_t len;
        char *text = read_file_whole(value, KALAH_EVAL_FILE_MAX, &len, &why);
        const int rc = text ? kalah_eval_parse(text, len, value, w, &why) : -1;
        free(text);
        if (rc != 0)
            return err_set(err, "--eval: %s", why.msg);
    } else {
        return err_set(err, "--eval: '%.40s' is not tuned, simple or a file path", value);
    }
    return 0;
}
