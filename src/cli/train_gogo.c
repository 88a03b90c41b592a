/* train_gogo.c - `yomi train gogo [--games N] [--depth D] [--seed S]
 * [--threads T] [--epochs E] [--eval E] [--out FILE]`. */
#include "cli/train_gogo.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "games/gogo/tune.h"
#include "games/registry.h"

static void progress_line(void *arg, const char *line)
{
    (void)arg;
    fprintf(stderr, "\r%-70.70s", line);
    fflush(stderr);
}

typedef struct {
    const GogoEvalWeights *w;
    const char *comment;
} WeightFile;

static int print_weights(FILE *out, const void *arg)
{
    const WeightFile *f = arg;
    return gogo_eval_write(out, f->w, f->comment);
}

int cli_train_gogo(int argc, char **argv)
{
    if (cli_wants_help(&cli_train_gogo_command, argc, argv))
        return EXIT_OK;
    GogoTuneOptions o;
    gogo_tune_defaults(&o);
    const char *out_path = "gogo-eval.txt";
    CliGameOpts go = {0};
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strncmp(opt, "--", 2) != 0)
            return cli_fail("train gogo: unexpected argument '%.40s'", opt);
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        long n;
        if (strcmp(opt, "--games") == 0) {
            if (cli_parse_int(opt, v, 1, 1000000, &n) != 0)
                return EXIT_USAGE;
            o.games = (int)n;
        } else if (strcmp(opt, "--depth") == 0) {
            if (cli_parse_int(opt, v, 1, 12, &n) != 0)
                return EXIT_USAGE;
            o.depth = (int)n;
        } else if (strcmp(opt, "--seed") == 0) {
            if (cli_parse_int(opt, v, 0, 2147483647L, &n) != 0)
                return EXIT_USAGE;
            o.seed = (uint64_t)n;
        } else if (strcmp(opt, "--threads") == 0) {
            if (cli_parse_int(opt, v, 1, 16, &n) != 0)
                return EXIT_USAGE;
            o.threads = (int)n;
        } else if (strcmp(opt, "--epochs") == 0) {
            if (cli_parse_int(opt, v, 0, 100000, &n) != 0)
                return EXIT_USAGE;
            o.epochs = (int)n;
        } else if (strcmp(opt, "--out") == 0) {
            out_path = v;
        } else if (!cli_game_option(&go, opt, v)) {
            return cli_fail("train gogo: unknown option '%.40s'", opt);
        }
        if (!v)
            return cli_fail("train gogo: %s needs a value", opt);
    }
    if (cli_check_output("train gogo", "--out", out_path) != EXIT_OK)
        return EXIT_USAGE;
    Err err = {{0}};
    Game *g = cli_game_open("gogo", go.opts, go.n, &err);
    if (!g)
        return cli_fail("train gogo: %s", err.msg);
    const GogoEvalWeights *start = gogo_game_weights(g);
    if (!start)
        start = gogo_eval_builtin(); /* --eval material: play with it, fit from the defaults */
    const bool tty = isatty(STDERR_FILENO);
    if (tty)
        o.progress = progress_line;
    GogoEvalWeights tuned;
    GogoTuneReport rep;
    const int rc = gogo_tune(g, start, &o, &tuned, &rep, &err);
    game_close(g);
    if (tty)
        fputc('\n', stderr);
    if (rc != 0)
        return cli_fail("train gogo: %s", err.msg);
    char comment[512];
    snprintf(comment, sizeof comment,
             "yomi train gogo --games %d --depth %d --seed %llu --epochs %d: %d positions "
             "(+%d held out), scale %.0f, loss %.5f -> %.5f, held out %.5f -> %.5f",
             o.games, o.depth, (unsigned long long)o.seed, o.epochs, rep.positions,
             rep.validation, rep.scale, rep.loss_before, rep.loss_after, rep.valid_before,
             rep.valid_after);
    const WeightFile file = {&tuned, comment};
    if (atomic_file_print(out_path, print_weights, &file, &err) != 0)
        return cli_fail("train gogo: %s", err.msg);
    printf("games: %d (sente %d, gote %d, draws %d)\n", rep.games, rep.wins[0], rep.wins[1],
           rep.wins[2]);
    printf("positions: %d fitted, %d held out\n", rep.positions, rep.validation);
    printf("scale: %.1f\n", rep.scale);
    printf("loss: %.5f -> %.5f\n", rep.loss_before, rep.loss_after);
    printf("held-out loss: %.5f -> %.5f\n", rep.valid_before, rep.valid_after);
    printf("written: %s\n", out_path);
    return EXIT_OK;
}

const CliCommand cli_train_gogo_command = {
    .name = "train gogo",
    .run = cli_train_gogo,
    .synopsis = "train gogo [--games N] [--depth D] [--seed S] [--out FILE]",
    /* xgettext:c-format */
    .help = N_("usage: yomi train gogo [--games N] [--depth D] [--seed S] [--threads T]\n"
            "                       [--epochs E] [--eval E] [--out FILE]\n"
            "\n"
            "Tune gogo's evaluation weights from self-play.  N games (default 20000) of\n"
            "pvs at depth D (default 5, with quiescence) against itself, each opening with\n"
            "2 to 8 random plies drawn from the seed S (default 1); the quiet positions are\n"
            "labelled with the results and the weights fitted to them (Texel's method, E\n"
            "epochs, default 400; every tenth game held out to check the fit).  The games\n"
            "use --eval E (default tuned: the shipped weights, which the fit starts from).\n"
            "FILE (default gogo-eval.txt) is replaced atomically; install it as\n"
            "assets/gogo-eval.txt.  T threads play the games (default 2); the result does\n"
            "not depend on T.\n"),
};
