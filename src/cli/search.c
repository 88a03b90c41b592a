/* search.c - `yomi search GAME [SEARCH OPTIONS]`: one position, one result. */
#include <string.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"

static int search_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_search, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    for (int i = 1; i < argc; i++) {
        const int r = cli_search_arg(&a, "search", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("search: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a, "search") != EXIT_OK)
        return EXIT_USAGE;
    if (!a.game)
        return cli_fail("search: which game? (yomi search GAME [options])");
    if (a.algos)
        return cli_fail("search: --algos belongs to compare and grid (use --algo)");
    return cli_search_and_print(&a, NULL);
}

/* xgettext:c-format */
#define SEARCH_OPTIONS_HELP N_( \
    "  --position POS            start from POS (default: the game's start)\n" \
    "  --record FILE|TEXT        or after the moves of a game record (KIF, CSA, GGF,\n" \
    "                            a transcript, a Kalah record); GAME may go\n" \
    "  --algo NAME               one of these (default negascout):\n" \
    "%s" \
    "  --depth N | --solve       plies to search (default 6), or to the end of the game\n" \
    "  --order natural|static|best   move order (default best)\n" \
    "  --table off|on|exact      transposition table (default on); exact = the seeds' memo\n" \
    "  --table-mb N              table size (default 16)\n" \
    "  --guess F                 first guess for mtdf\n" \
    "  --time MS | --nodes N     iterative deepening under a time or node limit\n" \
    "  --quiescence on|off       quiescence search where the game has it (default on)\n" \
    "  --extra-turn full|simplified   Kalah: how a move that keeps the turn is searched\n" \
    "  --aspiration, --null-move, --lmr, --check-extension, --futility,\n" \
    "  --probcut, --exchange, --mate-probe, --iir, --singular, --see-pruning,\n" \
    "  --lmr-history\n" \
    "                            on|off   yomi's parts, to measure (default on but\n" \
    "                            probcut)\n" \
    "  --format text|tsv|json    output format (default text)\n")

/* mcts's own options: a message of their own, so the one above keeps its
 * translation. */
#define MCTS_OPTIONS_HELP N_( \
    "  --iterations N            mcts: random games (default 10000; with --time or\n" \
    "                            --nodes, no limit); --depth does not apply\n" \
    "  --exploration C           mcts: UCB1's constant, results 0..1 (default 1.414)\n" \
    "  --seed S                  mcts: the random games' seed (default 1)\n")

/* --threads: a message of its own too. */
#define THREADS_OPTION_HELP N_( \
    "  --threads N|all           threads searching together (default 1); only\n" \
    "                            negascout, pvs, mtdf and yomi with --table on use\n" \
    "                            more, and their node counts then vary run to run\n")

/* The options' help with a line for each row of the algorithm table. */
static void search_options_help(char *buf, size_t len)
{
    char algos[2048];
    size_t n = 0;
    algos[0] = '\0';
    for (int i = 0; i < ALGO_COUNT && n < sizeof algos; i++) {
        const Algorithm *a = algorithm((Algo)i);
        n += (size_t)snprintf(algos + n, sizeof algos - n, "    %-23s %s\n", a->id, _(a->help));
    }
    const int n_opts = snprintf(buf, len, _(SEARCH_OPTIONS_HELP), algos);
    if (n_opts >= 0 && (size_t)n_opts < len)
        snprintf(buf + n_opts, len - (size_t)n_opts, "%s%s", _(MCTS_OPTIONS_HELP),
                 _(THREADS_OPTION_HELP));
}

const CliCommand cli_search = {
    .name = "search",
    .run = search_cmd,
    .synopsis = "search GAME [SEARCH OPTIONS]",
    /* xgettext:c-format */
    .help = N_("usage: yomi search GAME [SEARCH OPTIONS]\n"
            "\n"
            "Search one position and print the result: game, algo, depth, value (from the\n"
            "side to move), move, pv, nodes, leaves (evaluations), table_hits, time_ms, nps.\n"
            "\n%s"),
    .help_arg_write = search_options_help,
    .game_options = true,
};

