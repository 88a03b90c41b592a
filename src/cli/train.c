/* train.c - `yomi train reversi`: the weights of the pattern evaluation,
 * learnt from yomi's own games.
 *
 * 1. Self-play: each game opens with a few random moves (so the games
 *    differ), then both sides play the search at --depth with the chosen
 *    evaluation (default the simple one, so training never depends on the
 *    weights it replaces) until --exact empties remain; the engine's solve
 *    mode then gives the exact result with perfect play from there.
 * 2. Labels: every position of the game before that point is labelled with
 *    that exact result from its mover's view (the outcome of a sensible game
 *    continued perfectly, Logistello's recipe), and the positions of the
 *    solved principal variation with the exact value itself.
 * 3. Fit: least squares with an L2 penalty by Buro's per-weight gradient
 *    steps: each weight moves by its accumulated error divided by how often
 *    it occurs (plus the penalty), so rare patterns learn as fast as common
 *    ones and unseen ones stay zero.
 *
 * Game k is seeded from (--seed, k) and lands in slot k, so the output does
 * not depend on --threads. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/rng.h"
#include "cli/searchcli.h"
#include "cli/train_gogo.h"
#include "cli/train_kalah.h"
#include "base/read_file.h"
#include "games/reversi/eval.h"
#include "games/reversi/reversi.h"

#define MAX_GAME_POSITIONS 80 /* 60 moves and a few passes */

typedef struct {
    uint64_t p, o; /* mover, other */
    int label;     /* final disc difference, mover's view */
} Sample;

typedef struct {
    Sample pos[MAX_GAME_POSITIONS];
    int n;
} GameSamples;

typedef struct {
    const Game *g;
    long games;
    int depth, exact;
    uint64_t seed;
    GameSamples *out;
    atomic_long next, done;
    atomic_int failed;
    pthread_mutex_t err_lock;
    Err err;
} Selfplay;

static int empties_of(const ReversiState *s)
{
    return 64 - __builtin_popcountll(s->mover | s->other);
}

/* One game into sp->out[k]; 0, or -1 with `err` set. */
static int play_one(const Selfplay *sp, long k, Search *mid, Search *solver, Err *err)
{
    const Game *g = sp->g;
    uint64_t rng = sp->seed ^ ((uint64_t)k * 0xd1b54a32d192ed03ULL);
    const int random_plies = 6 + (int)(rng_next(&rng) % 8);
    GameSamples *gs = &sp->out[k];
    ReversiState s, next;
    g->ops->start(g, &s);
    Move moves[GAME_MAX_MOVES];
    static _Thread_local SearchResult r;
    uint8_t side[MAX_GAME_POSITIONS];
    int n = 0;
    search_clear(mid);
    for (int ply = 0;; ply++) {
        const int nmoves = g->ops->legal_moves(g, &s, moves);
        if (nmoves == 0 || empties_of(&s) <= sp->exact) {
            int value = 0;
            if (nmoves == 0) {
                value = g->ops->final_score(g, &s);
            } else {
                search_clear(solver);
                if (search_run(solver, &s, &r, err) != 0)
                    return -1;
                value = r.value;
                /* The solved line: every position on it has the exact value. */
                ReversiState cur = s;
                for (int i = 0; i < r.pv_len && n < MAX_GAME_POSITIONS; i++) {
                    gs->pos[n] = (Sample){cur.mover, cur.other, 0};
                    side[n++] = cur.side;
                    if (g->ops->is_terminal(g, &cur))
                        break;
                    g->ops->play(g, &cur, r.pv[i], &next);
                    cur = next;
                }
            }
            for (int i = 0; i < n; i++)
                gs->pos[i].label = side[i] == s.side ? value : -value;
            break;
        }
        if (n < MAX_GAME_POSITIONS) {
            gs->pos[n] = (Sample){s.mover, s.other, 0};
            side[n++] = s.side;
        }
        Move m;
        if (ply < random_plies) {
            m = moves[rng_next(&rng) % (uint64_t)nmoves];
        } else {
            if (search_run(mid, &s, &r, err) != 0)
                return -1;
            m = r.move;
        }
        g->ops->play(g, &s, m, &next);
        s = next;
    }
    gs->n = n;
    return 0;
}

static void *selfplay_thread(void *arg)
{
    Selfplay *sp = arg;
    Err err = {{0}};
    SearchConfig mid_cfg, solve_cfg;
    search_config_default(&mid_cfg);
    mid_cfg.algo = ALGO_PVS;
    mid_cfg.depth = sp->depth;
    mid_cfg.table_mb = 4;
    solve_cfg = mid_cfg;
    solve_cfg.solve = true;
    solve_cfg.table_mb = 16;
    solve_cfg.endgame = SEARCH_ENDGAME_ALL; /* the game's own solver when it has one */
    Search *mid = search_new(sp->g, &mid_cfg, &err);
    Search *solver = mid ? search_new(sp->g, &solve_cfg, &err) : NULL;
    if (!solver)
        goto fail;
    for (long k; !atomic_load(&sp->failed) && (k = atomic_fetch_add(&sp->next, 1)) < sp->games;) {
        if (play_one(sp, k, mid, solver, &err) != 0)
            goto fail;
        atomic_fetch_add(&sp->done, 1);
    }
    search_free(mid);
    search_free(solver);
    return NULL;
fail:
    pthread_mutex_lock(&sp->err_lock);
    if (!atomic_exchange(&sp->failed, 1))
        sp->err = err;
    pthread_mutex_unlock(&sp->err_lock);
    search_free(mid);
    search_free(solver);
    return NULL;
}

/* ---- the fit ------------------------------------------------------------- */

typedef struct {
    const Sample *x;
    size_t n, ntrain; /* the last n - ntrain are held out */
    int epochs;
    float lambda;
    bool progress;
} Fit;

static float predict(const float *w, int per_phase, const Sample *x, int32_t *idx, int8_t *sign,
                     int *mob, int *nf)
{
    *nf = reval_features(x->p, x->o, idx, sign, mob);
    const float *pw = w + (size_t)reval_phase(64 - __builtin_popcountll(x->p | x->o)) * (size_t)per_phase;
    float v = pw[per_phase - 1] * (float)*mob;
    for (int k = 0; k < *nf; k++)
        v += sign[k] * pw[idx[k]];
    return v;
}

static double rms(const float *w, int per_phase, const Sample *x, size_t from, size_t to)
{
    int32_t idx[REVAL_MAX_FEATURES];
    int8_t sign[REVAL_MAX_FEATURES];
    int mob, nf;
    double sum = 0;
    for (size_t i = from; i < to; i++) {
        const double e = x[i].label - predict(w, per_phase, &x[i], idx, sign, &mob, &nf);
        sum += e * e;
    }
    return to > from ? sqrt(sum / (double)(to - from)) : 0.0;
}

/* Returns the weights (REVAL_PHASES x per phase), NULL when memory is short. */
static float *fit(const Fit *f, double *train_rms, double *test_rms)
{
    const int per_phase = reval_weights_per_phase();
    const size_t total = (size_t)REVAL_PHASES * (size_t)per_phase;
    float *w = calloc(total, sizeof *w), *grad = calloc(total, sizeof *grad);
    float *count = calloc(total, sizeof *count);
    if (!w || !grad || !count) {
        free(w), free(grad), free(count);
        return NULL;
    }
    int32_t idx[REVAL_MAX_FEATURES];
    int8_t sign[REVAL_MAX_FEATURES];
    int mob, nf;
    for (size_t i = 0; i < f->ntrain; i++) {
        (void)predict(w, per_phase, &f->x[i], idx, sign, &mob, &nf);
        float *c = count + (size_t)reval_phase(64 - __builtin_popcountll(f->x[i].p | f->x[i].o)) *
                               (size_t)per_phase;
        for (int k = 0; k < nf; k++)
            c[idx[k]] += sign[k] != 0;
        c[per_phase - 1] += (float)(mob * mob);
    }
    /* Every position reads ~50 weights at once, so each takes a share of
     * the error rather than all of it. */
    const float rate = 1.0f / 16;
    for (int epoch = 0; epoch < f->epochs; epoch++) {
        memset(grad, 0, total * sizeof *grad);
        for (size_t i = 0; i < f->ntrain; i++) {
            const float e = (float)f->x[i].label - predict(w, per_phase, &f->x[i], idx, sign, &mob, &nf);
            float *gp = grad + (size_t)reval_phase(64 - __builtin_popcountll(f->x[i].p | f->x[i].o)) *
                                   (size_t)per_phase;
            for (int k = 0; k < nf; k++)
                gp[idx[k]] += sign[k] * e;
            gp[per_phase - 1] += e * (float)mob;
        }
        for (size_t j = 0; j < total; j++)
            if (count[j] > 0)
                w[j] += rate * (grad[j] - f->lambda * w[j]) / (count[j] + f->lambda);
        if (f->progress && (epoch % 10 == 9 || epoch + 1 == f->epochs)) {
            fputc('\r', stderr);
            fprintf(stderr, _("fit: epoch %d/%d, rms error %.2f discs (held out %.2f)   "), epoch + 1,
                    f->epochs, rms(w, per_phase, f->x, 0, f->ntrain),
                    rms(w, per_phase, f->x, f->ntrain, f->n));
        }
    }
    if (f->progress)
        fputc('\n', stderr);
    *train_rms = rms(w, per_phase, f->x, 0, f->ntrain);
    *test_rms = rms(w, per_phase, f->x, f->ntrain, f->n);
    free(grad);
    free(count);
    return w;
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

static int save_positions(const char *path, const Sample *x, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return cli_fail("train: %.200s: cannot create", path);
    const uint64_t count = n;
    bool ok = fwrite(pos_magic, 1, 8, f) == 8 && fwrite(&count, 8, 1, f) == 1;
    for (size_t i = 0; ok && i < n; i++) {
        const int8_t label = (int8_t)x[i].label;
        ok = fwrite(&x[i].p, 8, 1, f) == 1 && fwrite(&x[i].o, 8, 1, f) == 1 &&
             fwrite(&label, 1, 1, f) == 1;
    }
    if (fclose(f) != 0 || !ok)
        return cli_fail("train: %.200s: cannot write the positions", path);
    return EXIT_OK;
}

static int load_positions(const char *path, Sample **out, size_t *n)
{
    Err err = {{0}};
    size_t size;
    const int fd = read_file_open(path, POS_FILE_MAX, &size, &err);
    if (fd < 0)
        return cli_fail("train: %s", err.msg);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return cli_fail("train: out of memory reading %.200s", path);
    }
    char magic[8];
    uint64_t count = 0;
    int rc = EXIT_OK;
    if (fread(magic, 1, 8, f) != 8 || memcmp(magic, pos_magic, 8) != 0 ||
        fread(&count, 8, 1, f) != 1 || count > POS_MAX) {
        rc = cli_fail("train: %.200s: not a positions file", path);
    } else if (size != POS_HEADER_BYTES + POS_RECORD_BYTES * count) {
        /* said before the memory for them is taken */
        rc = cli_fail("train: %.200s: %llu positions announced in %zu bytes (truncated or damaged)",
                      path, (unsigned long long)count, size);
    } else if (!(*out = malloc((count ? count : 1) * sizeof **out))) {
        rc = cli_fail("train: out of memory for %llu positions", (unsigned long long)count);
    } else {
        for (uint64_t i = 0; i < count && rc == EXIT_OK; i++) {
            int8_t label = 0;
            Sample *x = &(*out)[i];
            if (fread(&x->p, 8, 1, f) != 1 || fread(&x->o, 8, 1, f) != 1 ||
                fread(&label, 1, 1, f) != 1 || (x->p & x->o) || label < -64 || label > 64)
                rc = cli_fail("train: %.200s: truncated or damaged at position %llu", path,
                              (unsigned long long)i);
            x->label = label;
        }
        *n = count;
    }
    fclose(f);
    return rc;
}

/* ---- the command ------------------------------------------------------------ */

static int run_selfplay(Selfplay *sp, int threads, bool progress)
{
    pthread_t tid[64];
    int started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, selfplay_thread, sp) != 0)
            break;
    if (started == 0)
        return cli_fail("train: cannot start a thread");
    const double t0 = clock_seconds();
    while (progress && atomic_load(&sp->done) < sp->games && !atomic_load(&sp->failed)) {
        const long done = atomic_load(&sp->done);
        const double el = clock_seconds() - t0;
        fputc('\r', stderr);
        fprintf(stderr, _("self-play: %ld/%ld games, %.0f s"), done, sp->games, el);
        if (done > 0)
            fprintf(stderr, _(" (about %.0f s left)   "), el / (double)done * (double)(sp->games - done));
        struct timespec pause = {0, 250 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (progress) {
        fputc('\r', stderr);
        fprintf(stderr, _("self-play: %ld/%ld games, %.0f s                 \n"),
                atomic_load(&sp->done), sp->games, clock_seconds() - t0);
    }
    if (atomic_load(&sp->failed))
        return cli_fail("train: %s", sp->err.msg);
    return EXIT_OK;
}

/* Play the games and gather their labelled positions in game order. */
static int selfplay(const CliGameOpts *go, long games, int depth, int exact, uint64_t seed,
                    int threads, Sample **out, size_t *n)
{
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    Game *g = cli_game_open_at("reversi", go, NULL, start);
    if (!g)
        return EXIT_USAGE;
    Selfplay sp = {.g = g, .games = games, .depth = depth, .exact = exact, .seed = seed,
                   .err_lock = PTHREAD_MUTEX_INITIALIZER};
    sp.out = calloc((size_t)games, sizeof *sp.out);
    int rc = sp.out ? run_selfplay(&sp, threads, isatty(STDERR_FILENO))
                    : cli_fail("train: out of memory for %ld games", games);
    game_close(g);
    *n = 0;
    for (long k = 0; rc == EXIT_OK && k < games; k++)
        *n += (size_t)sp.out[k].n;
    if (rc == EXIT_OK && !(*out = malloc((*n ? *n : 1) * sizeof **out)))
        rc = cli_fail("train: out of memory for %zu positions", *n);
    for (long k = 0, at = 0; rc == EXIT_OK && k < games; k++) {
        memcpy(*out + at, sp.out[k].pos, (size_t)sp.out[k].n * sizeof **out);
        at += sp.out[k].n;
    }
    free(sp.out);
    return rc;
}

static int train_cmd(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "gogo") == 0 || strcmp(argv[1], "gogo-5x5") == 0))
        return cli_train_gogo(argc - 1, argv + 1); /* train_gogo.c */
    if (argc > 1 && (strcmp(argv[1], "kalah") == 0 || strcmp(argv[1], "kalah-6x6") == 0))
        return cli_train_kalah(argc - 1, argv + 1); /* train_kalah.c */
    if (cli_wants_help(&cli_train, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *out = REVAL_FILE, *save = NULL, *load = NULL;
    long games = 2000, depth = 2, seed = 1, threads = 1, exact = 14, epochs = 100;
    CliGameOpts go = {0};
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (strncmp(o, "--", 2) != 0) {
            if (id)
                return cli_fail("train: unexpected argument '%.40s'", o);
            id = o;
            continue;
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        int bad = 0;
        if (strcmp(o, "--games") == 0)
            bad = cli_parse_int(o, v, 1, 1000000, &games);
        else if (strcmp(o, "--depth") == 0)
            bad = cli_parse_int(o, v, 1, 12, &depth);
        else if (strcmp(o, "--seed") == 0)
            bad = cli_parse_int(o, v, 0, 2147483647, &seed);
        else if (strcmp(o, "--threads") == 0)
            bad = cli_parse_int(o, v, 1, 64, &threads);
        else if (strcmp(o, "--exact") == 0)
            bad = cli_parse_int(o, v, 0, 24, &exact);
        else if (strcmp(o, "--epochs") == 0)
            bad = cli_parse_int(o, v, 1, 10000, &epochs);
        else if (strcmp(o, "--out") == 0)
            out = v;
        else if (strcmp(o, "--save-positions") == 0)
            save = v;
        else if (strcmp(o, "--load-positions") == 0)
            load = v;
        else if (strcmp(o, "--eval") == 0)
            cli_game_option(&go, o, v);
        else
            return cli_fail("train: unknown option '%.40s'", o);
        if (bad)
            return EXIT_USAGE;
        if (!v)
            return cli_fail("train: %s needs a value", o);
    }
    if (!id)
        return cli_fail("train: which game? (yomi train reversi|gogo|kalah)");
    if (strcmp(id, "reversi") != 0 && strcmp(id, "reversi-8x8") != 0)
        return cli_fail("train: only reversi (8x8), gogo and kalah (6x6) have a trained "
                        "evaluation, not '%.40s'",
                        id);
    if (cli_check_output("train", "--out", out) != EXIT_OK ||
        (save && cli_check_output("train", "--save-positions", save) != EXIT_OK))
        return EXIT_USAGE;
    if (go.n == 0)
        cli_game_option(&go, "--eval", "simple");
    size_t n = 0;
    Sample *x = NULL;
    int rc = load ? load_positions(load, &x, &n) : selfplay(&go, games, (int)depth, (int)exact,
                                                             (uint64_t)seed, (int)threads, &x, &n);
    if (rc == EXIT_OK && save)
        rc = save_positions(save, x, n);
    if (rc == EXIT_OK) {
        /* The last twentieth (whole games but one) is held out to show how
         * well the fit generalises. */
        const size_t ntrain = n >= 20 ? n - n / 20 : n;
        Fit f = {.x = x, .n = n, .ntrain = ntrain, .epochs = (int)epochs, .lambda = 30.0f,
                 .progress = isatty(STDERR_FILENO)};
        double train_rms = 0, test_rms = 0;
        float *w = fit(&f, &train_rms, &test_rms);
        Err err = {{0}};
        if (!w)
            rc = cli_fail("train: out of memory for the weights");
        else if (reval_write(out, w, &err) != 0)
            rc = cli_fail("train: %s", err.msg);
        else
            printf(_("wrote %s: %zu positions, rms error %.2f discs (%.2f held out)\n"), out, n,
                   train_rms, test_rms);
        free(w);
    }
    free(x);
    return rc;
}

const CliCommand cli_train = {
    .name = "train",
    .run = train_cmd,
    .synopsis = "train reversi|gogo|kalah [--games N] [--depth D] [--seed S] [--out FILE]",
    /* xgettext:c-format */
    .help = N_("usage: yomi train reversi [--games N] [--depth D] [--seed S] [--out FILE]\n"
            "                          [--threads T] [--exact E] [--epochs K] [--eval EVAL]\n"
            "\n"
            "Learn the weights of the 8x8 pattern evaluation from self-play.  Each game\n"
            "opens with 6-13 random moves, then both sides search D plies deep (pvs, the\n"
            "EVAL evaluation, default simple) until E empties remain (default 14), where\n"
            "the engine solves the position exactly.  Every position is labelled with that\n"
            "exact result from its mover's view; the weights are fitted by least squares\n"
            "(K passes, default 100) and written atomically to FILE (default\n"
            "reversi-eval.dat; yomi reads assets/reversi-eval.dat).  Defaults: N 2000,\n"
            "D 2, S 1, T 1.  The same N, D, S, E, K give the same file whatever T.\n"
            "--save-positions F keeps the labelled positions; --load-positions F fits\n"
            "them again without playing.\n"
            "\n"
            "yomi train gogo tunes gogo's evaluation (yomi train gogo --help), yomi train\n"
            "kalah Kalah's (yomi train kalah --help).\n"),
};
