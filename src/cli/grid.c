/* grid.c - `yomi grid GAME --algos A,B,... --depths LO-HI`: seed 000's
 * tables, one game per pair of depths, printed in the seed's layout. */
#include <stdlib.h>
#include <string.h>

#include "cli/searchcli.h"
#include "games/registry.h"

#define MAX_ALGOS 8
#define MAX_SPAN 12

typedef struct {
    int stores[2]; /* the game's counts (GameInfo.counts), when it has them */
    int value;     /* the final position's value, first player's view */
    uint64_t leaves, nodes;
} Cell;

/* The seed's cells give the final stores; a game that counts nothing at
 * its end (gogo, a tree) has no "0, 0" to show, so its cells give the
 * final value instead. */
static bool counted(const Game *g) { return g->ops->info && g->ops->info->counts; }

static void cell_result(const Game *g, const Cell *cell, char *buf, size_t len)
{
    if (counted(g))
        snprintf(buf, len, "%d, %d", cell->stores[0], cell->stores[1]);
    else if (cell->value >= SCORE_WIN_MIN || cell->value <= -SCORE_WIN_MIN)
        snprintf(buf, len, "%s", cell->value > 0 ? "win" : "loss");
    else
        snprintf(buf, len, "%d", cell->value);
}

static int parse_depths(const char *text, int *lo, int *hi)
{
    char *end;
    long a = strtol(text, &end, 10);
    if (end == text || *end != '-')
        return -1;
    const char *b_text = end + 1;
    long b = strtol(b_text, &end, 10);
    if (end == b_text || *end != '\0' || a < 1 || b < a || b > 40 || b - a + 1 > MAX_SPAN)
        return -1;
    *lo = (int)a;
    *hi = (int)b;
    return 0;
}

static void print_seed_layout(const Game *g, const Algo *algos, int nalgo, int lo, int hi,
                              Cell cells[][MAX_SPAN][MAX_SPAN])
{
    const int span = hi - lo + 1;
    int width = 7;
    char buf[64];
    for (int a = 0; a < nalgo; a++)
        for (int r = 0; r < span; r++)
            for (int c = 0; c < span; c++) {
                const int len = snprintf(buf, sizeof buf, "%llu",
                                         (unsigned long long)cells[a][r][c].leaves);
                if (len > width)
                    width = len;
            }
    printf("%s: evaluations (leaves) of both players over the whole game\n", g->name);
    printf("columns: first player's depth; rows: second player's depth\n");
    if (counted(g))
        printf("each cell: final %s (first, second), then", g->ops->info->counts_name);
    else
        printf("each cell: the final value for the first player, then");
    for (int a = 0; a < nalgo; a++)
        printf(" %s%s", algo_name(algos[a]), a + 1 < nalgo ? " /" : "\n\n");
    printf("       ");
    for (int c = 0; c < span; c++)
        printf(":%*d  ", width, lo + c);
    printf("\n-------");
    for (int c = 0; c < span; c++) {
        printf("+");
        for (int k = 0; k < width + 2; k++)
            putchar('-');
    }
    printf("\n");
    for (int r = 0; r < span; r++) {
        printf("%5d  ", lo + r);
        for (int c = 0; c < span; c++) {
            cell_result(g, &cells[0][r][c], buf, sizeof buf);
            printf(":%*s  ", width, buf);
        }
        printf("\n");
        for (int a = 0; a < nalgo; a++) {
            printf("       ");
            for (int c = 0; c < span; c++)
                printf(":%*llu  ", width, (unsigned long long)cells[a][r][c].leaves);
            printf("\n");
        }
        if (r + 1 < span)
            printf("       :\n");
    }
}

static int grid_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_grid, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    /* The seed's games: its order and no table unless asked otherwise. */
    a.cfg.order = ORDER_NATURAL;
    a.cfg.table = TABLE_OFF;
    int lo = 0, hi = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--depths") == 0) {
            if (i + 1 >= argc)
                return cli_fail("grid: --depths needs a value (LO-HI)");
            if (parse_depths(argv[++i], &lo, &hi) != 0)
                return cli_fail("grid: --depths '%.20s' is not LO-HI (1 <= LO <= HI, at most %d "
                                "depths)", argv[i], MAX_SPAN);
            continue;
        }
        const int r = cli_search_arg(&a, "grid", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("grid: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a, "grid") != EXIT_OK)
        return EXIT_USAGE;
    if (!a.game)
        return cli_fail("grid: which game? (yomi grid GAME --algos A,B --depths LO-HI)");
    if (hi < lo)
        return cli_fail("grid: --depths LO-HI is required");
    if (a.cfg.solve)
        return cli_fail("grid: --solve makes no grid (the depths are the grid)");
    Algo algos[MAX_ALGOS];
    const int nalgo = cli_parse_algos("grid", a.algos, algos, MAX_ALGOS);
    if (nalgo < 0)
        return EXIT_USAGE;
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.game, &a.go, a.position, start);
    if (!g)
        return EXIT_USAGE;
    const int span = hi - lo + 1;
    Cell(*cells)[MAX_SPAN][MAX_SPAN] = calloc(MAX_ALGOS, sizeof *cells);
    int rc = cells ? EXIT_OK : EXIT_INTERNAL;
    if (a.format == FORMAT_TSV)
        printf("extra_turn\talgo\td1\td2\tfirst\tsecond\tleaves\tnodes\tvalue\n");
    for (int r = 0; r < span && rc == EXIT_OK; r++) {
        for (int c = 0; c < span && rc == EXIT_OK; c++) {
            for (int k = 0; k < nalgo && rc == EXIT_OK; k++) {
                SearchConfig first = a.cfg, second = a.cfg;
                first.algo = second.algo = algos[k];
                first.depth = lo + c;
                second.depth = lo + r;
                const SearchConfig *cfg[2] = {&first, &second};
                GameRecord rec;
                rc = cli_play_game(g, start, cfg, &rec);
                Cell *cell = &cells[k][r][c];
                cell->stores[0] = rec.stores[0];
                cell->stores[1] = rec.stores[1];
                cell->value = rec.final_score;
                cell->leaves = rec.leaves[0] + rec.leaves[1];
                cell->nodes = rec.nodes[0] + rec.nodes[1];
                if (a.format == FORMAT_TSV) {
                    char count[2][16] = {"-", "-"};
                    for (int i = 0; i < 2 && counted(g); i++)
                        snprintf(count[i], sizeof count[i], "%d", cell->stores[i]);
                    printf("%s\t%s\t%d\t%d\t%s\t%s\t%llu\t%llu\t%d\n",
                           a.cfg.extra_turn == EXTRA_TURN_FULL ? "full" : "simplified",
                           algo_name(algos[k]), lo + c, lo + r, count[0], count[1],
                           (unsigned long long)cell->leaves, (unsigned long long)cell->nodes,
                           cell->value);
                }
                fflush(stdout);
            }
        }
    }
    if (rc == EXIT_OK && a.format != FORMAT_TSV)
        print_seed_layout(g, algos, nalgo, lo, hi, cells);
    free(cells);
    game_close(g);
    return rc;
}

const CliCommand cli_grid = {
    .name = "grid",
    .run = grid_cmd,
    .synopsis = "grid GAME --algos A,B,... --depths LO-HI [SEARCH OPTIONS]",
    /* xgettext:c-format */
    .help = N_("usage: yomi grid GAME --algos A,B,... --depths LO-HI [SEARCH OPTIONS]\n"
            "\n"
            "Seed 000's tables: for every first-player depth d1 (columns) and second-player\n"
            "depth d2 (rows) in LO..HI, one whole game per algorithm, both players using it;\n"
            "each cell shows the final stores (reversi: discs; a game that counts\n"
            "neither: the first player's final value) and the evaluations of both players.\n"
            "The defaults are the seed's: natural order, no table.  For the seed's numbers:\n"
            "\n"
            "  yomi grid kalah --rules seed --algos negaalpha,alphabeta-window --depths 2-5\n"
            "  yomi grid kalah --rules seed --extra-turn simplified --algos negaalpha,\n"
            "       alphabeta-window --depths 2-5\n"
            "\n"
            "  --format tsv   one row per game: extra_turn algo d1 d2 first second leaves\n"
            "                 nodes value (the final value, first player's view)\n"
            "  other options as yomi search (--order, --table, --extra-turn, ...)\n"),
};
