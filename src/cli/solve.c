/* solve.c - `yomi solve GAME [--position POS]`: the exact value. */
#include <string.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"

/* --divide: each root move's exact value from the root mover's view
 * (negated when the move hands the turn over), one "MOVE: VALUE" line per
 * move in board order, before the usual result (doc/cli.md's perft --divide). */
static int print_divide(const Game *g, const void *root, const SearchConfig *cfg)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, root, moves);
    const int mover = game_side(g, root);
    const bool outcome = algorithm(cfg->algo)->flags & ALGO_OUTCOME;
    for (int i = 0; i < n; i++) {
        _Alignas(16) unsigned char child[GAME_MAX_STATE];
        g->ops->play(g, root, moves[i], child);
        int v;
        if (g->ops->is_terminal(g, child)) {
            v = g->ops->final_score(g, child);
            if (outcome) /* pns's values are the outcome only: so is this one */
                v = (v > 0) - (v < 0);
        } else {
            CliRow row;
            const int rc = cli_search_one(g, child, cfg, &row);
            if (rc != EXIT_OK)
                return rc;
            v = row.result.value;
        }
        if (game_side(g, child) != mover)
            v = -v;
        char text[32];
        g->ops->format_move(g, root, moves[i], text, sizeof text);
        printf("%s: %d\n", text, v);
    }
    return EXIT_OK;
}

static int solve_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_solve, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    bool divide = false;
    /* The strongest configuration: PVS, the engine's order, its table, to
     * the end of the game; --table-mb and --format may still be given. */
    cli_solve_config(&a.cfg, 64);
    static const char *const fixed[] = {"--algo", "--depth", "--solve", "--order", "--table",
                                        "--guess", "--algos", NULL};
    for (int i = 1; i < argc; i++) {
        /* The one --algo solve takes: one that proves the outcome instead
         * (pns), which is a solve by nature. */
        Algo algo;
        if (strcmp(argv[i], "--algo") == 0 && i + 1 < argc && algo_parse(argv[i + 1], &algo, NULL) == 0 &&
            (algorithm(algo)->flags & ALGO_SOLVE_ONLY)) {
            a.cfg.algo = algo;
            i++;
            continue;
        }
        for (int k = 0; fixed[k]; k++)
            if (strcmp(argv[i], fixed[k]) == 0)
                return cli_fail("solve: %s is not an option of solve (yomi search sets it)", argv[i]);
        if (strcmp(argv[i], "--divide") == 0) {
            divide = true;
            continue;
        }
        const int r = cli_search_arg(&a, "solve", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("solve: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a, "solve") != EXIT_OK)
        return EXIT_USAGE;
    if (!a.game)
        return cli_fail("solve: which game? (yomi solve GAME [--position POS])");
    a.cfg.solve = true; /* whatever the search options said */
    a.cfg.endgame = SEARCH_ENDGAME_ALL;
    return cli_search_and_print(&a, divide ? print_divide : NULL);
}

const CliCommand cli_solve = {
    .name = "solve",
    .run = solve_cmd,
    .synopsis = "solve GAME [--position POS] [--divide]",
    /* xgettext:c-format */
    .help = N_("usage: yomi solve GAME [--position POS] [--divide] [--table-mb N] [--time MS]\n"
            "                  [--format F] [--algo pns] [--record FILE|TEXT] [--threads N]\n"
            "\n"
            "The exact value of the position (side to move's view) and a best move, found\n"
            "with the strongest configuration: pvs, best order, table on, to the end.\n"
            "Small boards solve in moments; big ones need --time (then the result is the\n"
            "deepest completed iteration and depth says how far it got).\n"
            "  --divide   first one \"MOVE: VALUE\" line per legal move: its exact value\n"
            "             from the mover's view (the side to move here)\n"
            "  --algo pns proof-number search instead: the outcome only, +1, 0 or -1\n"
            "             (a win, a draw, a loss), with the root's proof numbers\n"
            "  --threads N threads searching together (default 1, `all`: one per core);\n"
            "             the value stays exact.  Each game's own solver, which takes\n"
            "             its solves, runs on them over one table (reversi's from 16\n"
            "             empties on)\n"),
    .game_options = true,
};
