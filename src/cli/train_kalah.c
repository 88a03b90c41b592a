/* train_kalah.c - `yomi train kalah`: fit the weights of Kalah's evaluation
 * (src/games/kalah/eval.h) to self-play games.
 *
 * What is fitted: the evaluation is the store difference plus w . f, so
 * each position of a game is labelled with what the rest of that game
 * added to the store difference (the mover's view), and w is the least
 * squares fit of those labels on the features f.  The games are played by
 * pvs at a fixed depth with the untuned evaluation (so the result does not
 * depend on the file it replaces), each opened by a few random moves, and
 * finished by the exact solver once few seeds are left, so the end of
 * every label is exact.  Every tenth game is held out to check the fit. */
#include "base/rng.h"
#include "cli/train_kalah.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "engine/search.h"
#include "games/kalah/eval.h"
#include "games/kalah/kalah.h"
#include "games/registry.h"

#define NF KALAH_EVAL_FEATURES

typedef struct {
    int games, depth, exact;
    uint64_t seed;
} TrainOptions;

/* Sums of the normal equations, and the held-out positions' errors. */
typedef struct {
    double ata[NF][NF], atb[NF];
    long fitted, held_out;
    int wins[3]; /* first, second, draws */
} Fit;

typedef struct {
    int f[NF];
    int label; /* what the rest of the game added, mover's view */
} Sample;

#define MAX_SAMPLES 1024 /* positions kept per game: Kalah(6,6) games run ~60 plies */

static int seeds_in_pits(const Game *g, const void *s)
{
    int n = 0;
    for (int p = 0; p < 2; p++)
        for (int i = 1; i <= kalah_pits(g); i++)
            n += kalah_seeds(g, s, p, i);
    return n;
}

static int store_diff(const Game *g, const void *s)
{
    const int me = g->ops->side_to_move(g, s);
    return kalah_store(g, s, me) - kalah_store(g, s, !me);
}

/* One game's samples; the final margin (first player's view) in *margin. */
static int play_game(const Game *g, const TrainOptions *o, long k, Search *mid, Search *solver,
                     Sample *out, int *n_out, int *margin, Err *err)
{
    uint64_t rng = o->seed ^ ((uint64_t)k * 0xd1b54a32d192ed03ULL);
    const int random_plies = 2 + (int)(rng_next(&rng) % 5);
    _Alignas(16) unsigned char s[GAME_MAX_STATE], next[GAME_MAX_STATE];
    int side[MAX_SAMPLES], diff[MAX_SAMPLES];
    Move moves[GAME_MAX_MOVES];
    static SearchResult r;
    int n = 0, final_first = 0;
    g->ops->start(g, s);
    search_clear(mid);
    for (int ply = 0;; ply++) {
        const int nmoves = g->ops->legal_moves(g, s, moves);
        const int me = g->ops->side_to_move(g, s);
        if (nmoves == 0 || (ply >= random_plies && seeds_in_pits(g, s) <= o->exact)) {
            int v; /* the final margin, mover's view */
            if (nmoves == 0) {
                v = g->ops->final_score(g, s);
            } else {
                search_clear(solver);
                if (search_run(solver, s, &r, err) != 0)
                    return -1;
                v = r.value;
            }
            final_first = me == 0 ? v : -v;
            break;
        }
        if (n < MAX_SAMPLES) {
            kalah_eval_features(g, s, out[n].f);
            side[n] = me;
            diff[n] = store_diff(g, s);
            n++;
        }
        Move m;
        if (ply < random_plies) {
            m = moves[rng_next(&rng) % (uint64_t)nmoves];
        } else {
            if (search_run(mid, s, &r, err) != 0)
                return -1;
            m = r.move;
        }
        g->ops->play(g, s, m, next);
        memcpy(s, next, g->state_size);
    }
    for (int i = 0; i < n; i++)
        out[i].label = (side[i] == 0 ? final_first : -final_first) - diff[i];
    *n_out = n;
    *margin = final_first;
    return 0;
}

static double predict(const double *w, const int *f)
{
    double v = 0;
    for (int i = 0; i < NF; i++)
        v += w[i] * f[i];
    return v;
}

/* Solve ata x = atb by Gaussian elimination with partial pivoting (a tiny
 * ridge keeps a feature that never varies from making it singular). */
static void solve_normal(const Fit *fit, double *x)
{
    double a[NF][NF + 1];
    for (int i = 0; i < NF; i++) {
        for (int j = 0; j < NF; j++)
            a[i][j] = fit->ata[i][j] + (i == j ? 1e-6 * (1 + fit->fitted) : 0);
        a[i][NF] = fit->atb[i];
    }
    for (int c = 0; c < NF; c++) {
        int p = c;
        for (int r = c + 1; r < NF; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        for (int j = 0; j <= NF; j++) {
            const double t = a[c][j];
            a[c][j] = a[p][j];
            a[p][j] = t;
        }
        for (int r = 0; r < NF; r++) {
            if (r == c || a[c][c] == 0)
                continue;
            const double m = a[r][c] / a[c][c];
            for (int j = c; j <= NF; j++)
                a[r][j] -= m * a[c][j];
        }
    }
    for (int i = 0; i < NF; i++)
        x[i] = a[i][i] != 0 ? a[i][NF] / a[i][i] : 0;
}

static int parse_options(int argc, char **argv, TrainOptions *o, const char **out_path)
{
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strncmp(opt, "--", 2) != 0)
            return cli_fail("train kalah: unexpected argument '%.40s'", opt);
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        long n;
        if (strcmp(opt, "--games") == 0) {
            if (cli_parse_int(opt, v, 10, 1000000, &n) != 0)
                return EXIT_USAGE;
            o->games = (int)n;
        } else if (strcmp(opt, "--depth") == 0) {
            if (cli_parse_int(opt, v, 1, 16, &n) != 0)
                return EXIT_USAGE;
            o->depth = (int)n;
        } else if (strcmp(opt, "--exact") == 0) {
            if (cli_parse_int(opt, v, 0, 30, &n) != 0)
                return EXIT_USAGE;
            o->exact = (int)n;
        } else if (strcmp(opt, "--seed") == 0) {
            if (cli_parse_int(opt, v, 0, 2147483647L, &n) != 0)
                return EXIT_USAGE;
            o->seed = (uint64_t)n;
        } else if (strcmp(opt, "--out") == 0) {
            *out_path = v;
        } else {
            return cli_fail("train kalah: unknown option '%.40s'", opt);
        }
        if (!v)
            return cli_fail("train kalah: %.40s needs a value", opt);
    }
    return EXIT_OK;
}

typedef struct {
    const KalahEvalWeights *w;
    const char *comment;
} WeightFile;

static int print_weights(FILE *out, const void *arg)
{
    const WeightFile *f = arg;
    return kalah_eval_write(out, f->w, f->comment);
}

/* Self-play into the fit's sums; the held-out games' samples are kept. */
static int play_games(const TrainOptions *o, Fit *fit, Sample *held, long held_cap, Err *err)
{
    GameOption simple = {"eval", "simple"};
    Game *g = cli_game_open("kalah", &simple, 1, err);
    if (!g)
        return -1;
    SearchConfig mid_cfg, solve_cfg;
    search_config_default(&mid_cfg);
    mid_cfg.algo = ALGO_PVS;
    mid_cfg.depth = o->depth;
    mid_cfg.table_mb = 4;
    search_config_default(&solve_cfg);
    solve_cfg.solve = true;
    solve_cfg.table_mb = 16;
    solve_cfg.endgame = SEARCH_ENDGAME_ALL;
    Search *mid = search_new(g, &mid_cfg, err);
    Search *solver = mid ? search_new(g, &solve_cfg, err) : NULL;
    static Sample samples[MAX_SAMPLES];
    const bool tty = isatty(STDERR_FILENO);
    int rc = solver ? 0 : -1;
    for (long k = 0; k < o->games && rc == 0; k++) {
        int n, margin;
        rc = play_game(g, o, k, mid, solver, samples, &n, &margin, err);
        if (rc != 0)
            break;
        fit->wins[margin > 0 ? 0 : margin < 0 ? 1 : 2]++;
        for (int i = 0; i < n; i++) {
            const Sample *sm = &samples[i];
            if (k % 10 == 9) {
                if (fit->held_out < held_cap)
                    held[fit->held_out++] = *sm;
                continue;
            }
            for (int a = 0; a < NF; a++) {
                for (int b = 0; b < NF; b++)
                    fit->ata[a][b] += (double)sm->f[a] * sm->f[b];
                fit->atb[a] += (double)sm->f[a] * sm->label;
            }
            fit->fitted++;
        }
        if (tty && (k % 20 == 19 || k + 1 == o->games)) {
            fprintf(stderr, "\r");
            fprintf(stderr, _("train kalah: %ld of %d games"), k + 1, o->games);
            fflush(stderr);
        }
    }
    if (tty)
        fputc('\n', stderr);
    search_free(mid);
    search_free(solver);
    game_close(g);
    return rc;
}

static double mean_square(const Sample *s, long n, const double *w)
{
    double sum = 0;
    for (long i = 0; i < n; i++) {
        const double e = predict(w, s[i].f) - s[i].label;
        sum += e * e;
    }
    return n ? sum / (double)n : 0;
}

int cli_train_kalah(int argc, char **argv)
{
    if (cli_wants_help(&cli_train_kalah_command, argc, argv))
        return EXIT_OK;
    TrainOptions o = {.games = 4000, .depth = 6, .exact = 20, .seed = 1};
    const char *out_path = "kalah-eval.txt";
    if (parse_options(argc, argv, &o, &out_path) != EXIT_OK ||
        cli_check_output("train kalah", "--out", out_path) != EXIT_OK)
        return EXIT_USAGE;
    const long held_cap = (long)(o.games / 10 + 1) * MAX_SAMPLES;
    Sample *held = malloc((size_t)held_cap * sizeof *held);
    Fit *fit = calloc(1, sizeof *fit);
    if (!held || !fit) {
        free(held);
        free(fit);
        return cli_fail("train kalah: out of memory");
    }
    Err err = {{0}};
    if (play_games(&o, fit, held, held_cap, &err) != 0) {
        free(held);
        free(fit);
        return cli_fail("train kalah: %s", err.msg);
    }
    double x[NF], untuned[NF];
    solve_normal(fit, x);
    KalahEvalWeights w;
    for (int i = 0; i < NF; i++) {
        w.w[i] = (int)lround(x[i] * KALAH_EVAL_SCALE);
        if (w.w[i] > KALAH_EVAL_MAX_WEIGHT)
            w.w[i] = KALAH_EVAL_MAX_WEIGHT;
        if (w.w[i] < -KALAH_EVAL_MAX_WEIGHT)
            w.w[i] = -KALAH_EVAL_MAX_WEIGHT;
        untuned[i] = (double)kalah_eval_untuned()->w[i] / KALAH_EVAL_SCALE;
        x[i] = (double)w.w[i] / KALAH_EVAL_SCALE; /* report what is written */
    }
    const double before = mean_square(held, fit->held_out, untuned);
    const double after = mean_square(held, fit->held_out, x);
    char comment[400];
    snprintf(comment, sizeof comment,
             "yomi train kalah --games %d --depth %d --exact %d --seed %llu: %ld positions "
             "(+%ld held out), held-out mean square error %.2f -> %.2f",
             o.games, o.depth, o.exact, (unsigned long long)o.seed, fit->fitted, fit->held_out,
             before, after);
    const WeightFile file = {&w, comment};
    const int rc = atomic_file_print(out_path, print_weights, &file, &err) == 0
                       ? EXIT_OK
                       : cli_fail("train kalah: %s", err.msg);
    if (rc == EXIT_OK) {
        printf("games: %d (first %d, second %d, draws %d)\n", o.games, fit->wins[0], fit->wins[1],
               fit->wins[2]);
        printf("positions: %ld fitted, %ld held out\n", fit->fitted, fit->held_out);
        printf("weights:");
        for (int i = 0; i < NF; i++)
            printf(" %d", w.w[i]);
        printf("\nheld-out mean square error: %.3f -> %.3f\n", before, after);
        printf("written: %s\n", out_path);
    }
    free(held);
    free(fit);
    return rc;
}

const CliCommand cli_train_kalah_command = {
    .name = "train kalah",
    .run = cli_train_kalah,
    .synopsis = "train kalah [--games N] [--depth D] [--exact E] [--seed S] [--out FILE]",
    /* xgettext:c-format */
    .help = N_("usage: yomi train kalah [--games N] [--depth D] [--exact E] [--seed S]\n"
               "                        [--out FILE]\n"
               "\n"
               "Fit the weights of Kalah's evaluation (the store difference plus a weighted\n"
               "sum of seeds on each side, free moves, captures, empty pits, seeds sown\n"
               "across and the move) to self-play.  N games (default 4000) of kalah (6x6),\n"
               "each opened by 2-6 random moves drawn from the seed S (default 1), played by\n"
               "pvs at depth D (default 6) with the untuned evaluation until E seeds are\n"
               "left in the pits (default 20), where the exact solver finishes the game.\n"
               "Each position is labelled with what the rest of its game added to the store\n"
               "difference, and the weights are the least squares fit (every tenth game held\n"
               "out to check it).  FILE (default kalah-eval.txt) is replaced atomically;\n"
               "install it as assets/kalah-eval.txt.  The same options give the same file.\n"),
};
