/* explain.c - `yomi explain GAME [SEARCH OPTIONS] [--versus ALGO]`: the
 * search theatre straight away, on one search (or two side by side).
 * Everything is checked here, before the terminal is taken over, the size
 * of the search too, so bad input and a search too big to show get the
 * usual one-line error. */
#include <string.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"
#include "engine/trace_log.h"
#include "games/registry.h"
#include "ui/ui.h"

#define UI_STRING_(x) #x
#define UI_STRING(x) UI_STRING_(x)

static int run_explain(int argc, char **argv);

const CliCommand cli_explain = {
    .name = "explain",
    .run = run_explain,
    .synopsis = "explain GAME [SEARCH OPTIONS] [--versus ALGO]",
    /* xgettext:c-format */
    .help = N_("usage: yomi explain GAME [SEARCH OPTIONS] [--versus ALGO]\n"
               "\n"
               "Open the search theatre on one search: step through it forwards and back,\n"
               "node by node, with each node's window, values backed up, cutoffs,\n"
               "re-searches and MTD(f) passes (the keys are in its help, ?); mcts\n"
               "iteration by iteration, its tree's visits N and mean values Q.  --versus\n"
               "runs a second algorithm beside it on the same position, stepped leaf by\n"
               "leaf.  The search options are those of `yomi search`; a search of\n"
               "more than %s steps is refused.  `yomi trace` prints the same steps as\n"
               "text.\n"
               "\n"
               "examples:\n"
               "  yomi explain tree --tree textbook --algo alphabeta --order natural --table off --solve\n"
               "  yomi explain tree --tree rescout --algo negascout --versus alphabeta --solve\n"
               "  yomi explain reversi-4x4 --algo pvs --depth 3\n"
               "  yomi explain tree --tree trap --algo mcts --iterations 200\n"),
    .help_arg = UI_STRING(UI_THEATRE_MAX_STEPS),
    .game_options = true,
};

/* Refused here rather than on the screen: the search, once, counted. */
static int check_size(const Game *g, const void *root, const SearchConfig *cfg)
{
    Err err = {{0}};
    TraceLog log;
    const int rc = trace_log_search(&log, g, cfg, root, NULL, 0, UI_THEATRE_MAX_STEPS, &err);
    trace_log_free(&log);
    if (rc == 1 && (algorithm(cfg->algo)->flags & ALGO_SAMPLING))
        return cli_fail("explain: the %s search takes more than %d steps to show; ask for fewer "
                        "--iterations",
                        algo_name(cfg->algo), UI_THEATRE_MAX_STEPS);
    if (rc == 1)
        return cli_fail("explain: the %s search takes more than %d steps to show; ask for less "
                        "(a smaller --depth or position)",
                        algo_name(cfg->algo), UI_THEATRE_MAX_STEPS);
    if (rc != 0)
        return cli_fail("explain: %s", err.msg);
    return EXIT_OK;
}

static int run_explain(int argc, char **argv)
{
    if (cli_wants_help(&cli_explain, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    const char *versus = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--versus") == 0) {
            if (i + 1 >= argc)
                return cli_fail("explain: --versus needs an algorithm");
            versus = argv[++i];
            continue;
        }
        const int r = cli_search_arg(&a, "explain", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("explain: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a, "explain") != EXIT_OK)
        return EXIT_USAGE;
    if (!a.game)
        return cli_fail("explain: which game? (yomi explain GAME [options])");
    if (a.algos)
        return cli_fail("explain: --algos belongs to compare and grid (use --algo, --versus)");
    if (a.format != FORMAT_TEXT)
        return cli_fail("explain: --format belongs to yomi trace");
    SearchConfig cfg[2] = {a.cfg, a.cfg};
    cfg[0].time_ms = cfg[1].time_ms = 0;
    Err err = {{0}};
    if (versus && algo_parse(versus, &cfg[1].algo, &err) != 0)
        return cli_fail("explain: --versus: %s", err.msg);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.game, &a.go, a.position, root);
    if (!g)
        return EXIT_USAGE;
    int rc = EXIT_OK;
    for (int i = 0; i < (versus ? 2 : 1) && rc == EXIT_OK; i++)
        rc = check_size(g, root, &cfg[i]);
    game_close(g);
    if (rc != EXIT_OK)
        return rc;
    GameOption opts[CLI_MAX_GAME_OPTS + 1];
    int nopts = a.go.n;
    for (int i = 0; i < nopts; i++)
        opts[i] = a.go.opts[i];
    if (a.position && game_opens_with_position(a.game))
        opts[nopts++] = (GameOption){"position", a.position};
    return ui_explain(a.game, opts, nopts, a.position, cfg, versus ? 2 : 1);
}
