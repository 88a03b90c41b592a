/* bench.c - `yomi bench`: a fixed suite of searches with deterministic node
 * counts (a change in them means the search changed) and their speed. */
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/searchcli.h"
#include "games/registry.h"

typedef struct {
    const char *game;
    int opening; /* plies of "first legal move" played from the start */
    int depth;
} BenchCase;

static const BenchCase cases[] = {
    {"reversi", 0, 10}, {"reversi", 6, 10}, {"reversi-6x6", 0, 11}, {"kalah", 0, 11},
    {"kalah", 5, 11},   {"gogo", 0, 6},     {"gogo", 6, 6},
};
enum { NCASES = sizeof cases / sizeof cases[0] };

static int bench_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_bench, argc, argv))
        return EXIT_OK;
    if (argc > 1 && strcmp(argv[1], "ffo") == 0)
        return cli_bench_ffo(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "kalah") == 0)
        return cli_bench_kalah(argc - 1, argv + 1);
    SearchConfig base;
    search_config_default(&base);
    bool poll = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--poll") == 0) {
            poll = true;
            continue;
        }
        if (strncmp(argv[i], "--", 2) != 0)
            return cli_fail("bench: unexpected argument '%.40s'", argv[i]);
        /* The suite fixes each case's depth: no limit of its own here. */
        const bool limit = strcmp(argv[i], "--depth") == 0 || strcmp(argv[i], "--time") == 0 ||
                           strcmp(argv[i], "--nodes") == 0;
        Err err = {{0}};
        const char *value = i + 1 < argc ? argv[i + 1] : NULL; /* NULL: the option is last */
        const int r = limit ? 0 : search_config_set(&base, argv[i] + 2, value, &err);
        if (r < 0)
            return cli_fail("bench: %s", err.msg);
        if (r == 0)
            return cli_fail("bench: unknown option '%.40s'", argv[i]);
        i++;
    }
    const bool progress = isatty(2);
    uint64_t total_nodes = 0, total_ms = 0, signature = 1469598103934665603ULL;
    printf("game\topening\tdepth\tvalue\tmove\tnodes\tleaves\ttime_ms\tnps\n");
    for (int k = 0; k < NCASES; k++) {
        const BenchCase *bc = &cases[k];
        _Alignas(16) unsigned char root[GAME_MAX_STATE], next[GAME_MAX_STATE];
        Err gerr = {{0}};
        Game *g = cli_game_open(bc->game, NULL, 0, &gerr);
        if (!g) { /* a game not built in this tree: say so, keep going */
            printf("# %s skipped: %s\n", bc->game, gerr.msg);
            continue;
        }
        g->ops->start(g, root);
        Move moves[GAME_MAX_MOVES];
        for (int p = 0; p < bc->opening && g->ops->legal_moves(g, root, moves) > 0; p++) {
            g->ops->play(g, root, moves[0], next);
            memcpy(root, next, g->state_size);
        }
        if (progress) {
            fputc('\r', stderr);
            fprintf(stderr, _("bench %d/%d: %s ..."), k + 1, NCASES, bc->game);
        }
        SearchConfig cfg = base;
        cfg.depth = bc->depth;
        Err err = {{0}};
        Search *s = search_new(g, &cfg, &err); /* a fresh, empty table per position */
        if (!s) {
            game_close(g);
            return cli_fail("bench: %s", err.msg);
        }
        SearchResult r;
        int rc;
        if (poll) { /* a reader at 10 Hz, as the UI's live panel */
            rc = search_start(s, root, &err);
            SearchStats st;
            while (rc == 0 && !search_done(s)) {
                search_poll(s, &st);
                cli_sleep_ms(100);
            }
            search_wait(s, &r);
        } else {
            rc = search_run(s, root, &r, &err);
        }
        search_free(s);
        if (rc != 0) {
            game_close(g);
            return cli_fail("bench: %s", err.msg);
        }
        char mv[32] = "-";
        if (r.move != MOVE_NONE)
            g->ops->format_move(g, root, r.move, mv, sizeof mv);
        printf("%s\t%d\t%d\t%d\t%s\t%llu\t%llu\t%llu\t%llu\n", g->name, bc->opening, bc->depth,
               r.value, mv, (unsigned long long)r.stats.nodes, (unsigned long long)r.stats.leaves,
               (unsigned long long)r.stats.elapsed_ms, (unsigned long long)r.stats.nps);
        fflush(stdout);
        total_nodes += r.stats.nodes;
        total_ms += r.stats.elapsed_ms;
        signature = (signature ^ r.stats.nodes) * 1099511628211ULL;
        game_close(g);
    }
    if (progress)
        fprintf(stderr, "\r%40s\r", "");
    printf("total\t-\t-\t-\t-\t%llu\t-\t%llu\t%llu\n", (unsigned long long)total_nodes,
           (unsigned long long)total_ms,
           (unsigned long long)(total_ms ? total_nodes * 1000 / total_ms : 0));
    printf("signature: %016llx\n", (unsigned long long)signature);
    return EXIT_OK;
}

const CliCommand cli_bench = {
    .name = "bench",
    .run = bench_cmd,
    .synopsis = "bench [ffo]",
    /* xgettext:c-format */
    .help = N_("usage: yomi bench [--poll] [--threads N] [--algo A] [--order O] [--table T]\n"
            "                  [--table-mb N]\n"
            "\n"
            "A fixed suite: every game's start and an early position, each searched at a\n"
            "fixed depth with a fresh table.  Prints each search's nodes, leaves and speed,\n"
            "the total, and a signature of the node counts (equal signatures: the searches\n"
            "visited exactly the same trees).  --poll adds a thread reading the live\n"
            "counters at 10 Hz, as the UI does, to measure what that costs.  --threads N\n"
            "(default 1) searches on N threads: the counts, and so the signature, then\n"
            "vary from run to run.\n"
            "\n"
            "usage: yomi bench ffo [--first N] [--last N] [--table-mb N (default 128)]\n"
            "                      [--file FILE] [--threads N]\n"
            "\n"
            "The FFO reversi endgame suite (#40-#59; by default #40-#49): each position\n"
            "solved exactly as yomi solve does, with its empties, nodes, wall and CPU\n"
            "seconds, value and move, checked against the known answer (exit 1 if wrong).\n"
            "--file solves the positions of FILE instead (numbered from 1), one per line\n"
            "as in tests/data/reversi/ffo-40-59.txt (BOARD SIDE SCORE MOVES) or as in\n"
            "Edax's .obf problem files (BOARD SIDE; MOVE:SCORE; ...).  --threads N\n"
            "(default 1, `all`: one per core) solves each position on N threads: the\n"
            "answers stay exact, the nodes vary from run to run.\n"
            "\n"
            "yomi bench kalah [--big] [--table-mb N]: Kalah's exact solutions too slow for\n"
            "the tests (Kalah(5,4), Kalah(6,3); --big adds Kalah(6,4)), both capture rules,\n"
            "against the published values; exits 1 if one differs.\n"),
};
