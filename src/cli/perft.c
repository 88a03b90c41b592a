/* perft.c - `yomi perft GAME --depth N [--position POS] [--divide]`. */
#include <string.h>

#include "cli/cli.h"

static int perft_run(int argc, char **argv)
{
    if (cli_wants_help(&cli_perft, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *position = NULL, *record = NULL;
    long depth = -1;
    bool divide = false;
    CliGameOpts go = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--divide") == 0) {
            divide = true;
        } else if (strncmp(a, "--", 2) == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
            if (strcmp(a, "--depth") == 0) {
                if (cli_parse_int(a, v, 0, 64, &depth) != 0)
                    return EXIT_USAGE;
            } else if (strcmp(a, "--position") == 0) {
                position = v;
            } else if (strcmp(a, "--record") == 0) {
                record = v;
            } else if (!cli_game_option(&go, a, v)) {
                return cli_fail("perft: unknown option '%s'", a);
            }
            if (!v)
                return cli_fail("%s needs a value", a);
        } else if (!id) {
            id = a;
        } else {
            return cli_fail("perft: unexpected argument '%s'", a);
        }
    }
    if (cli_record_resolve("perft", record, &id, &go, &position) != EXIT_OK)
        return EXIT_USAGE;
    if (!id)
        return cli_fail("perft: which game? (yomi perft GAME --depth N)");
    if (depth < 0)
        return cli_fail("perft: --depth N is required");

    _Alignas(16) unsigned char state[GAME_MAX_STATE];
    Game *g = cli_game_open_at(id, &go, position, state);
    if (!g)
        return EXIT_USAGE;
    uint64_t total = 0;
    if (divide && depth > 0) {
        Move moves[GAME_MAX_MOVES];
        _Alignas(16) unsigned char child[GAME_MAX_STATE];
        int n = g->ops->legal_moves(g, state, moves);
        for (int i = 0; i < n; i++) {
            char name[32];
            g->ops->format_move(g, state, moves[i], name, sizeof name);
            g->ops->play(g, state, moves[i], child);
            uint64_t c = game_perft(g, child, (int)depth - 1);
            printf("%s: %llu\n", name, (unsigned long long)c);
            total += c;
        }
    } else {
        total = game_perft(g, state, (int)depth);
    }
    printf("nodes: %llu\n", (unsigned long long)total);
    game_close(g);
    return EXIT_OK;
}

const CliCommand cli_perft = {
    .name = "perft",
    .run = perft_run,
    .synopsis = "perft GAME --depth N [--position POS] [--divide]",
    /* xgettext:c-format */
    .help = N_("usage: yomi perft GAME --depth N [--position POS] [--divide]\n"
            "\n"
            "Count the positions N plies ahead (a pass is a ply; a finished game\n"
            "counts only when reached exactly at depth N).\n"
            "\n"
            "  --depth N        plies to look ahead\n"
            "  --position POS   start from POS instead of the game's start\n"
            "  --record R       or after the moves of a game record (a file or its text)\n"
            "  --divide         first print the count below each root move\n"),
    .game_options = true,
};
