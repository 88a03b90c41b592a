/* train.c - `yomi train GAME`: fit a game's evaluation weights to
 * self-play.  Here are the command's options, the game it opens and what it
 * says; each game's training is its trainer's (src/train/), found in the
 * table below by the game's id. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "games/reversi/eval.h"
#include "train/train.h"

/* The options that take a number. */
enum {
    OPT_GAMES, OPT_DEPTH, OPT_SEED, OPT_THREADS, OPT_EXACT, OPT_EPOCHS, OPT_LABEL_DEPTH,
    NUMBER_OPTIONS
};
static const char *const number_options[NUMBER_OPTIONS] = {
    "--games", "--depth", "--seed", "--threads", "--exact", "--epochs", "--label-depth",
};

/* A number's range and default; hi 0: not an option of the game, its
 * value is the default. */
typedef struct {
    long lo, hi, dflt;
} Range;

/* The game options (--eval, --start, ...) a game's training takes. */
typedef enum { GAME_OPTIONS_NONE, GAME_OPTIONS_EVAL, GAME_OPTIONS_ALL } GameOptions;

typedef struct {
    const char *ids[2];     /* what the command line calls the game */
    const char *game;       /* the game it opens */
    const char *cmd;        /* what its messages start with */
    const CliCommand *help;
    Range number[NUMBER_OPTIONS];
    const char *out;        /* --out's default */
    GameOptions game_options;
    /* The evaluation the games are played with unless --eval says
     * otherwise: one that reads no trained weights, so the result never
     * depends on the file it replaces.  NULL: the game's default. */
    const char *eval;
    bool positions;         /* --save-positions and --load-positions */
    bool game_reads_positions; /* a positions file is read through the game's notation */
    bool other_evals;       /* --label-eval and --play-eval: the positions' searches and the
                               games take another evaluation than the one fitted on */
    TrainFn *train;
    void (*report)(const char *out, const TrainReport *r);
} Trainer;

/* ---- what each says when done ---------------------------------------------- */

static void report_reversi(const char *out, const TrainReport *r)
{
    printf(_("wrote %s: %zu positions, rms error %.2f discs (%.2f held out)\n"), out,
           r->fitted + r->held_out, r->fitted_after, r->held_after);
}

static void report_games(const TrainReport *r, const char *first, const char *second)
{
    if (r->loaded)
        printf("games: %ld (from positions files)\n", r->games);
    else
        printf("games: %ld (%s %ld, %s %ld, draws %ld)\n", r->games, first, r->wins[0], second,
               r->wins[1], r->wins[2]);
    printf("positions: %zu fitted, %zu held out\n", r->fitted, r->held_out);
}

static void report_kalah(const char *out, const TrainReport *r)
{
    report_games(r, "first", "second");
    printf("weights:");
    for (int i = 0; i < r->nweights; i++)
        printf(" %d", r->weights[i]);
    printf("\nheld-out mean square error: %.3f -> %.3f\n", r->held_before, r->held_after);
    printf("written: %s\n", out);
}

static void report_gogo(const char *out, const TrainReport *r)
{
    report_games(r, "sente", "gote");
    printf("scale: %.1f\n", r->scale);
    printf("loss: %.5f -> %.5f\n", r->fitted_before, r->fitted_after);
    printf("held-out loss: %.5f -> %.5f\n", r->held_before, r->held_after);
    printf("written: %s\n", out);
}

static void report_gogo_net(const char *out, const TrainReport *r)
{
    report_games(r, "sente", "gote");
    printf("searched: %zu positions\n", r->searched);
    printf("scale: %.1f\n", r->scale);
    printf("held-out loss against the searches: %.5f -> %.5f\n", r->held_before, r->held_after);
    printf("held-out loss against the results: %.5f -> %.5f\n", r->held_result_before,
           r->held_result_after);
    printf("written: %s\n", out);
}

/* ---- the trainers ------------------------------------------------------------ */

static const CliCommand train_kalah_help = {
    .name = "train kalah",
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

static const CliCommand train_gogo_help = {
    .name = "train gogo",
    /* xgettext:c-format */
    .help = N_("usage: yomi train gogo [--games N] [--depth D] [--seed S] [--threads T]\n"
            "                       [--epochs E] [--eval E] [--out FILE]\n"
            "                       [--save-positions F] [--load-positions F ...]\n"
            "\n"
            "Tune gogo's evaluation weights from self-play.  N games (default 20000) of\n"
            "pvs at depth D (default 5, with quiescence) against itself, each opening with\n"
            "2 to 8 random plies drawn from the seed S (default 1); the quiet positions are\n"
            "labelled with the results and the weights fitted to them (Texel's method, E\n"
            "epochs, default 400; every tenth game held out to check the fit).  The games\n"
            "use --eval E (default tuned: the shipped weights, which the fit starts from).\n"
            "FILE (default gogo-eval.txt) is replaced atomically; install it as\n"
            "assets/gogo-eval.txt.  T threads play the games (default 2); the result does\n"
            "not depend on T.  --save-positions F keeps the labelled positions (text: game,\n"
            "result, position); --load-positions F fits them again without playing (given\n"
            "again, several files fit as one set).\n"),
};

static const CliCommand train_gogo_net_help = {
    .name = "train gogo-net",
    /* xgettext:c-format */
    .help = N_("usage: yomi train gogo-net [--games N] [--depth D] [--seed S] [--threads T]\n"
            "                           [--label-depth L] [--label-eval E] [--play-eval E]\n"
            "                           [--epochs E] [--eval E] [--out FILE]\n"
            "                           [--save-positions F] [--load-positions F ...]\n"
            "\n"
            "Fit gogo's network, the evaluation's second part, on top of its linear weights.\n"
            "The positions come from N games of self-play as for yomi train gogo (pvs at\n"
            "depth D, default 4, openings from the seed S), or from --load-positions files.\n"
            "yomi searches each distinct position L plies deep (default 7) with the linear\n"
            "evaluation alone, and the network is fitted to make the evaluation predict\n"
            "those searches (E epochs, default 4; every tenth game held out to check it).\n"
            "--label-eval E searches them with another evaluation instead (tuned: the\n"
            "shipped file's, with its network; or a FILE), every position again, loaded\n"
            "or not.  --play-eval E plays the games with one (tuned: the network's own).\n"
            "--eval E gives the linear weights (default linear: the shipped file's, without\n"
            "its network).  FILE (default gogo-eval.txt) gets the linear weights and the\n"
            "network, replaced atomically; install it as assets/gogo-eval.txt.  T threads\n"
            "play and search (default 2); the result does not depend on T.\n"
            "--save-positions F keeps the positions with their searches' scores, so a\n"
            "second fit (--load-positions F) searches nothing again.\n"),
};

#define SEEDS {0, 2147483647L, 1}

static const Trainer trainers[] = {
    {
        .ids = {"reversi", "reversi-8x8"}, .game = "reversi", .cmd = "train", .help = &cli_train,
        .number = {[OPT_GAMES] = {1, 1000000, 2000}, [OPT_DEPTH] = {1, 12, 2}, [OPT_SEED] = SEEDS,
                   [OPT_THREADS] = {1, 64, 1}, [OPT_EXACT] = {0, 24, 14},
                   [OPT_EPOCHS] = {1, 10000, 100}},
        .out = REVAL_FILE, .game_options = GAME_OPTIONS_EVAL, .eval = "simple", .positions = true,
        .train = train_reversi, .report = report_reversi,
    },
    {
        .ids = {"kalah", "kalah-6x6"}, .game = "kalah", .cmd = "train kalah", .help = &train_kalah_help,
        .number = {[OPT_GAMES] = {10, 1000000, 4000}, [OPT_DEPTH] = {1, 16, 6}, [OPT_SEED] = SEEDS,
                   [OPT_THREADS] = {0, 0, 1}, [OPT_EXACT] = {0, 30, 20}},
        .out = "kalah-eval.txt", .game_options = GAME_OPTIONS_NONE, .eval = "simple",
        .train = train_kalah, .report = report_kalah,
    },
    {
        .ids = {"gogo", "gogo-5x5"}, .game = "gogo", .cmd = "train gogo", .help = &train_gogo_help,
        .number = {[OPT_GAMES] = {1, 1000000, 20000}, [OPT_DEPTH] = {1, 12, 5}, [OPT_SEED] = SEEDS,
                   [OPT_THREADS] = {1, 16, 2}, [OPT_EPOCHS] = {0, 100000, 400}},
        .out = "gogo-eval.txt", .game_options = GAME_OPTIONS_ALL, /* the fit starts from --eval's weights */
        .positions = true, .game_reads_positions = true,
        .train = train_gogo, .report = report_gogo,
    },
    {
        .ids = {"gogo-net", "gogo-network"}, .game = "gogo", .cmd = "train gogo-net",
        .help = &train_gogo_net_help,
        .number = {[OPT_GAMES] = {1, 1000000, 20000}, [OPT_DEPTH] = {1, 12, 4}, [OPT_SEED] = SEEDS,
                   [OPT_THREADS] = {1, 16, 2}, [OPT_EPOCHS] = {0, 1000, 4},
                   [OPT_LABEL_DEPTH] = {1, 20, 7}},
        .out = "gogo-eval.txt", .game_options = GAME_OPTIONS_ALL, .eval = "linear",
        .positions = true, .game_reads_positions = true, .other_evals = true,
        .train = train_gogo_net, .report = report_gogo_net,
    },
};

static const Trainer *trainer_for(const char *id)
{
    for (size_t t = 0; t < sizeof trainers / sizeof trainers[0]; t++)
        for (size_t i = 0; i < sizeof trainers[t].ids / sizeof trainers[t].ids[0]; i++)
            if (strcmp(id, trainers[t].ids[i]) == 0)
                return &trainers[t];
    return NULL;
}

/* ---- the command line ------------------------------------------------------------ */

/* Where the game is: the first argument that is neither an option nor an
 * option's value (every option takes one); 0 when there is none. */
static int game_argument(int argc, char **argv)
{
    for (int i = 1; i < argc; i += 2) /* past each option's value */
        if (strncmp(argv[i], "--", 2) != 0)
            return i;
    return 0;
}

static int number_option(const Trainer *t, const char *opt)
{
    for (int k = 0; k < NUMBER_OPTIONS; k++)
        if (t->number[k].hi > 0 && strcmp(opt, number_options[k]) == 0)
            return k;
    return -1;
}

/* Take a game option when the trainer does; 1 when taken. */
static int game_option(const Trainer *t, CliGameOpts *go, const char *opt, const char *value)
{
    if (t->game_options == GAME_OPTIONS_NONE ||
        (t->game_options == GAME_OPTIONS_EVAL && strcmp(opt, "--eval") != 0))
        return 0;
    return cli_game_option(go, opt, value);
}

static int parse_options(const Trainer *t, int argc, char **argv, int game_at, TrainOptions *o,
                         CliGameOpts *go)
{
    long number[NUMBER_OPTIONS];
    for (int k = 0; k < NUMBER_OPTIONS; k++)
        number[k] = t->number[k].dflt;
    o->out = t->out;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        if (strncmp(opt, "--", 2) != 0) {
            if (i == game_at)
                continue;
            return cli_fail("%s: unexpected argument '%.40s'", t->cmd, opt);
        }
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        const int k = number_option(t, opt);
        if (k >= 0) {
            if (cli_parse_int(opt, v, t->number[k].lo, t->number[k].hi, &number[k]) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--out") == 0) {
            o->out = v;
        } else if (t->positions && strcmp(opt, "--save-positions") == 0) {
            o->save_positions = v;
        } else if (t->other_evals && strcmp(opt, "--label-eval") == 0) {
            o->label_eval = v;
        } else if (t->other_evals && strcmp(opt, "--play-eval") == 0) {
            o->play_eval = v;
        } else if (t->positions && strcmp(opt, "--load-positions") == 0) {
            if (o->nload == TRAIN_MAX_POSITION_FILES)
                return cli_fail("%s: at most %d --load-positions files", t->cmd,
                                TRAIN_MAX_POSITION_FILES);
            o->load_positions[o->nload++] = v;
        } else if (!game_option(t, go, opt, v)) {
            return cli_fail("%s: unknown option '%.40s'", t->cmd, opt);
        }
        if (!v)
            return cli_fail("%s: %s needs a value", t->cmd, opt);
    }
    o->games = number[OPT_GAMES];
    o->depth = (int)number[OPT_DEPTH];
    o->seed = (uint64_t)number[OPT_SEED];
    o->threads = (int)number[OPT_THREADS];
    o->exact = (int)number[OPT_EXACT];
    o->epochs = (int)number[OPT_EPOCHS];
    o->label_depth = (int)number[OPT_LABEL_DEPTH];
    return EXIT_OK;
}

static bool has_eval(const CliGameOpts *go)
{
    for (int i = 0; i < go->n; i++)
        if (strcmp(go->opts[i].key, "eval") == 0)
            return true;
    return false;
}

/* The trainer's game opened with evaluation `eval` alone. */
static Game *open_eval(const Trainer *t, const char *eval, Err *err)
{
    const GameOption opt = {.key = "eval", .value = eval};
    return cli_game_open(t->game, &opt, 1, err);
}

static int train_cmd(int argc, char **argv)
{
    const int game_at = game_argument(argc, argv);
    const Trainer *t = game_at ? trainer_for(argv[game_at]) : NULL;
    if (cli_wants_help(t ? t->help : &cli_train, argc, argv))
        return EXIT_OK;
    if (!game_at)
        return cli_fail("train: which game? (yomi train reversi|gogo|gogo-net|kalah)");
    if (!t)
        return cli_fail("train: only reversi (8x8), gogo and kalah (6x6) have a trained "
                        "evaluation, not '%.40s'",
                        argv[game_at]);
    TrainOptions o = {0};
    CliGameOpts go = {0};
    if (parse_options(t, argc, argv, game_at, &o, &go) != EXIT_OK)
        return EXIT_USAGE;
    /* Hours of work may come before the file is written: a path that
     * cannot take it is refused first. */
    if (cli_check_output(t->cmd, "--out", o.out) != EXIT_OK ||
        (o.save_positions && cli_check_output(t->cmd, "--save-positions", o.save_positions) != EXIT_OK))
        return EXIT_USAGE;
    Err err = {{0}};
    Game *g = NULL;
    if (o.nload == 0 || t->game_reads_positions) { /* reversi's positions need no game */
        if (t->eval && !has_eval(&go))
            cli_game_option(&go, "--eval", t->eval);
        if (!(g = cli_game_open(t->game, go.opts, go.n, &err)))
            return cli_fail("%s: %s", t->cmd, err.msg);
    }
    /* The labels' searches and the games may use another evaluation (a
     * network) than the linear one fitted on. */
    Game *label_game = NULL, *play_game = NULL;
    if (o.label_eval && !(o.label_game = label_game = open_eval(t, o.label_eval, &err))) {
        game_close(g);
        return cli_fail("%s: --label-eval: %s", t->cmd, err.msg);
    }
    if (o.play_eval && !(o.play_game = play_game = open_eval(t, o.play_eval, &err))) {
        game_close(label_game);
        game_close(g);
        return cli_fail("%s: --play-eval: %s", t->cmd, err.msg);
    }
    o.progress = isatty(STDERR_FILENO);
    TrainReport report;
    const int rc = t->train(g, &o, &report, &err);
    game_close(play_game);
    game_close(label_game);
    game_close(g);
    if (rc != 0)
        return cli_fail("%s: %s", t->cmd, err.msg);
    t->report(o.out, &report);
    return EXIT_OK;
}

const CliCommand cli_train = {
    .name = "train",
    .run = train_cmd,
    .synopsis = "train reversi|gogo|gogo-net|kalah [--games N] [--depth D] [--seed S] [--out FILE]",
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
            "them again without playing (given again, several files fit as one set: runs\n"
            "with other seeds, on other machines).\n"
            "\n"
            "yomi train gogo tunes gogo's evaluation (yomi train gogo --help), yomi train\n"
            "gogo-net fits its network (yomi train gogo-net --help), yomi train kalah\n"
            "Kalah's (yomi train kalah --help).\n"),
};
