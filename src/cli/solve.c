/* solve.c - `yomi solve GAME [--position POS]`: the exact value. */
#include <string.h>

#include "cli/searchcli.h"

static int solve_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_solve, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    /* The strongest configuration: PVS, the engine's order, its table, to
     * the end of the game; --table-mb and --format may still be given. */
    a.cfg.algo = ALGO_PVS;
    a.cfg.order = ORDER_BEST;
    a.cfg.table = TABLE_ON;
    a.cfg.table_mb = 64;
    static const char *const fixed[] = {"--algo", "--depth", "--solve", "--order", "--table",
                                        "--guess", "--algos", NULL};
    for (int i = 1; i < argc; i++) {
        for (int k = 0; fixed[k]; k++)
            if (strcmp(argv[i], fixed[k]) == 0)
                return cli_fail("solve: %s is not an option of solve (yomi search sets it)", argv[i]);
        const int r = cli_search_arg(&a, "solve", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("solve: unknown option '%.40s'", argv[i]);
    }
    if (!a.game)
        return cli_fail("solve: which game? (yomi solve GAME [--position POS])");
    a.cfg.solve = true;
    a.cfg.endgame = SEARCH_ENDGAME_ALL; /* a game's own solver, where it has one */
    return cli_search_and_print(&a);
}

const CliCommand cli_solve = {
    .name = "solve",
    .run = solve_cmd,
    .synopsis = "solve GAME [--position POS]",
    .help = "usage: yomi solve GAME [--position POS] [--table-mb N] [--time MS] [--format F]\n"
            "\n"
            "The exact value of the position (side to move's view) and a best move, found\n"
            "with the strongest configuration: pvs, best order, table on, to the end.\n"
            "Small boards solve in moments; big ones need --time (then the result is the\n"
            "deepest completed iteration and depth says how far it got).\n"
            "  --start, --score, --rules, --capture   game variant options\n",
};
