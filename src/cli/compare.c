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
    bool wide = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--wide") == 0) {
            wide = true;
            continue;
        }
        const int r = cli_search_arg(&a, "compare", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("compare: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a, "compare") != EXIT_OK)
        return EXIT_USAGE;
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
        cli_print_rows(stdout, a.format, rows, n, true, wide);
    free(rows);
    game_close(g);
    return rc;
}

const CliCommand cli_compare = {
    .name = "compare",
    .run = compare_cmd,
    .synopsis = "compare GAME --algos A,B,... [SEARCH OPTIONS] [--wide]",
    /* xgettext:c-format */
    .help = N_("usage: yomi compare GAME --algos A,B,... [SEARCH OPTIONS] [--wide]\n"
            "\n"
            "Search one position with several algorithms, one row each, in the fields of\n"
            "yomi search.  Every algorithm gets a fresh table.  The other options are those\n"
            "of yomi search (yomi search --help), e.g.\n"
            "\n"
            "  yomi compare reversi-4x6 --algos failsoft,negascout,mtdf --solve --order static\n"
            "       --table exact --score discs\n"
            "\n"
            "As text (the default format) the table keeps to 80 columns: the algorithm,\n"
            "depth, value, move, nodes and leaves, then while they fit the columns that\n"
            "say why (cutoffs, re-search, MTD(f)'s passes, ebf, and pns's proof and\n"
            "disproof numbers, pn and dn), time_ms, hits and probes, leaving out a column\n"
            "that is 0 or - in every row; each algorithm's line (pv) follows the table.\n"
            "--wide shows every column, nps too, and the line as the last one.  --format\n"
            "tsv and json give every field by its name.\n"),
};
