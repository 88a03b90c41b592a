/* compare.c - `yomi compare GAME --algos A,B,... [SEARCH OPTIONS]`. */
#include <stdlib.h>
#include <string.h>

#include "cli/searchcli.h"

#define MAX_ALGOS 16

static int compare_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_compare, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    for (int i = 1; i < argc; i++) {
        const int r = cli_search_arg(&a, "compare", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("compare: unknown option '%.40s'", argv[i]);
    }
    if (!a.game)
        return cli_fail("compare: which game? (yomi compare GAME --algos A,B,...)");
    Algo algos[MAX_ALGOS];
    const int n = cli_parse_algos("compare", a.algos, algos, MAX_ALGOS);
    if (n < 0)
        return EXIT_USAGE;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.game, &a.go, a.position, root);
    if (!g)
        return EXIT_USAGE;
    CliRow *rows = calloc((size_t)n, sizeof *rows);
    int rc = rows ? EXIT_OK : EXIT_INTERNAL;
    for (int i = 0; i < n && rc == EXIT_OK; i++) {
        SearchConfig cfg = a.cfg;
        cfg.algo = algos[i];
        rc = cli_search_one(g, root, &cfg, &rows[i]);
    }
    if (rc == EXIT_OK)
        cli_print_rows(stdout, a.format, rows, n, true);
    free(rows);
    game_close(g);
    return rc;
}

const CliCommand cli_compare = {
    .name = "compare",
    .run = compare_cmd,
    .synopsis = "compare GAME --algos A,B,... [SEARCH OPTIONS]",
    /* xgettext:c-format */
    .help = N_("usage: yomi compare GAME --algos A,B,... [SEARCH OPTIONS]\n"
            "\n"
            "Search one position with several algorithms, one row each, in the fields of\n"
            "yomi search.  Every algorithm gets a fresh table.  The other options are those\n"
            "of yomi search (yomi search --help), e.g.\n"
            "\n"
            "  yomi compare reversi-4x6 --algos failsoft,negascout,mtdf --solve --order static\n"
            "       --table exact --score discs\n"),
};
