/* bench_ffo.c - `yomi bench ffo`: the FFO endgame suite #40-#59 (reversi),
 * each position solved exactly by the engine with the game's endgame solver,
 * as `yomi solve` does.  Separate from the default bench, which stays quick:
 * the whole suite takes many minutes. */
#include <string.h>
#include <time.h>

#include "cli/searchcli.h"

typedef struct {
    int number;
    const char *position; /* tests/data/reversi/ffo-40-59.txt, board and side */
    int score;            /* the exact value, side to move's view */
    const char *moves;    /* every best move, comma separated */
} FfoCase;

static const FfoCase ffo[] = {
    {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", 38, "a2"},
    {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0, "h4"},
    {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6, "g2"},
    {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12, "g3,c7"},
    {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14, "d2,b8"},
    {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", 6, "b2"},
    {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", -8, "b3"},
    {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", 4, "g2"},
    {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", 28, "f6"},
    {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", 16, "e1"},
    {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X", 10, "d8"},
    {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O", 6, "e2,a3"},
    {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O", 0, "a3"},
    {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X", -2, "d8"},
    {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X", -2, "c7"},
    {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O", 0, "g6,b7,e2,g4"},
    {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O", 2, "h5"},
    {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X", -10, "a6"},
    {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X", 4, "g1"},
    {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X", 64, "h4,g8,e8"},
};
enum { NFFO = sizeof ffo / sizeof ffo[0] };

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bool move_listed(const char *list, const char *mv)
{
    const size_t n = strlen(mv);
    for (const char *p = list; *p;) {
        if (strncmp(p, mv, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return true;
        p = strchr(p, ',');
        if (!p)
            break;
        p++;
    }
    return false;
}

int cli_bench_ffo(int argc, char **argv)
{
    long first = 40, last = 49, table_mb = 128;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc)
            return cli_fail("bench ffo: unknown option '%.40s'", argv[i]);
        if (strcmp(argv[i], "--first") == 0) {
            if (cli_parse_int(argv[i], argv[i + 1], 40, 59, &first) != 0)
                return EXIT_USAGE;
        } else if (strcmp(argv[i], "--last") == 0) {
            if (cli_parse_int(argv[i], argv[i + 1], 40, 59, &last) != 0)
                return EXIT_USAGE;
        } else if (strcmp(argv[i], "--table-mb") == 0) {
            if (cli_parse_int(argv[i], argv[i + 1], 1, 65536, &table_mb) != 0)
                return EXIT_USAGE;
        } else {
            return cli_fail("bench ffo: unknown option '%.40s'", argv[i]);
        }
        i++;
    }
    if (first > last)
        return cli_fail("bench ffo: --first %ld is after --last %ld", first, last);
    Err err = {{0}};
    Game *g = game_open("reversi", NULL, 0, &err);
    if (!g)
        return cli_fail("bench ffo: %s", err.msg);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_PVS;
    cfg.order = ORDER_BEST;
    cfg.table = TABLE_ON;
    cfg.table_mb = (int)table_mb;
    cfg.solve = true;
    cfg.endgame = SEARCH_ENDGAME_ALL;
    printf("ffo\tempties\tnodes\tseconds\tcpu_s\tvalue\tmove\tok\n");
    uint64_t total_nodes = 0;
    double total_wall = 0, total_cpu = 0;
    int failures = 0;
    for (int k = 0; k < NFFO; k++) {
        const FfoCase *c = &ffo[k];
        if (c->number < first || c->number > last)
            continue;
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        if (g->ops->parse_position(g, c->position, root, &err) != 0) {
            game_close(g);
            return cli_fail("bench ffo: #%d: %s", c->number, err.msg);
        }
        Search *s = search_new(g, &cfg, &err); /* a fresh, empty table per position */
        if (!s) {
            game_close(g);
            return cli_fail("bench ffo: %s", err.msg);
        }
        static SearchResult r;
        const double w0 = wall_seconds(), c0 = cpu_seconds();
        const int rc = search_run(s, root, &r, &err);
        const double wall = wall_seconds() - w0, cpu = cpu_seconds() - c0;
        search_free(s);
        if (rc != 0) {
            game_close(g);
            return cli_fail("bench ffo: %s", err.msg);
        }
        char mv[32] = "-";
        if (r.move != MOVE_NONE)
            g->ops->format_move(g, root, r.move, mv, sizeof mv);
        const bool good = r.value == c->score && move_listed(c->moves, mv);
        failures += !good;
        printf("#%d\t%d\t%llu\t%.2f\t%.2f\t%+d\t%s\t%s\n", c->number,
               g->ops->solver_size(g, root), (unsigned long long)r.stats.nodes, wall, cpu,
               r.value, mv, good ? "ok" : "WRONG");
        fflush(stdout);
        total_nodes += r.stats.nodes;
        total_wall += wall;
        total_cpu += cpu;
    }
    printf("total\t-\t%llu\t%.2f\t%.2f\t-\t-\t%s\n", (unsigned long long)total_nodes, total_wall,
           total_cpu, failures ? "WRONG" : "ok");
    game_close(g);
    return failures ? EXIT_INTERNAL : EXIT_OK;
}
