/* bench_kalah.c - `yomi bench kalah [--big]`: Kalah's exact solutions that
 * take too long for make check, solved by `yomi solve`'s configuration and
 * compared with the published values (tests/data/kalah/solved.txt, and
 * BENCHMARKS.md for Kalah(6,4)).  Prints time and CPU time: the machine
 * may be shared. */
#include <string.h>

#include "base/clock.h"
#include "cli/searchcli.h"
#include "games/registry.h"

typedef struct {
    const char *game, *capture;
    int value; /* published or cross-checked */
    bool big;  /* Kalah(6,4): only with --big */
} KalahBenchCase;

static const KalahBenchCase kalah_cases[] = {
    {"kalah-5x4", "standard", 10, false}, {"kalah-5x4", "empty", 12, false},
    {"kalah-6x3", "standard", 2, false},  {"kalah-6x3", "empty", 2, false},
    {"kalah-6x4", "standard", 8, true},   {"kalah-6x4", "empty", 10, true},
};

int cli_bench_kalah(int argc, char **argv)
{
    bool big = false;
    int table_mb = 256;
    for (int i = 1; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "--big") == 0)
            big = true;
        else if (strcmp(argv[i], "--table-mb") == 0) {
            const char *value = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
            if (cli_parse_int("--table-mb", value, 1, 65536, &v) != 0)
                return EXIT_USAGE;
            table_mb = (int)v;
        } else
            return cli_fail("bench kalah: unknown option '%.40s'", argv[i]);
    }
    int failures = 0;
    printf("game\tcapture\tvalue\tpublished\tmove\tnodes\ttime_ms\tcpu_ms\n");
    for (size_t k = 0; k < sizeof kalah_cases / sizeof kalah_cases[0]; k++) {
        const KalahBenchCase *bc = &kalah_cases[k];
        if (bc->big && !big)
            continue;
        const GameOption opt = {"capture", bc->capture};
        Err err = {{0}};
        Game *g = cli_game_open(bc->game, &opt, 1, &err);
        if (!g)
            return cli_fail("bench kalah: %s", err.msg);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        SearchConfig cfg;
        cli_solve_config(&cfg, table_mb);
        CliRow row;
        const double cpu0 = clock_cpu_seconds();
        const int rc = cli_search_one(g, root, &cfg, &row);
        const double cpu = clock_cpu_seconds() - cpu0;
        if (rc != EXIT_OK) {
            game_close(g);
            return rc;
        }
        const SearchResult *r = &row.result;
        char mv[32] = "-";
        if (r->move != MOVE_NONE)
            g->ops->format_move(g, root, r->move, mv, sizeof mv);
        printf("%s\t%s\t%+d\t%+d\t%s\t%llu\t%llu\t%.0f\n", bc->game, bc->capture, r->value,
               bc->value, mv, (unsigned long long)r->stats.nodes,
               (unsigned long long)r->stats.elapsed_ms, cpu * 1000);
        fflush(stdout);
        failures += r->value != bc->value;
        game_close(g);
    }
    if (failures)
        fprintf(stderr, ngettext("yomi: bench kalah: %d value differs from the published one\n",
                                 "yomi: bench kalah: %d values differ from the published ones\n",
                                 (unsigned long)failures),
                failures);
    return failures ? EXIT_INTERNAL : EXIT_OK;
}
