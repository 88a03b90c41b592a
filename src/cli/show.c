/* show.c - `yomi show GAME [--position POS]`: the board as text. */
#include <string.h>

#include "cli/cli.h"

static int show_run(int argc, char **argv)
{
    if (cli_wants_help(&cli_show, argc, argv))
        return EXIT_OK;
    const char *id = NULL, *position = NULL, *record = NULL;
    CliGameOpts go = {0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) == 0) {
            const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
            if (strcmp(a, "--position") == 0)
                position = v;
            else if (strcmp(a, "--record") == 0)
                record = v;
            else if (!cli_game_option(&go, a, v))
                return cli_fail("show: unknown option '%s'", a);
            if (!v)
                return cli_fail("%s needs a value", a);
        } else if (!id) {
            id = a;
        } else {
            return cli_fail("show: unexpected argument '%s'", a);
        }
    }
    if (cli_record_resolve("show", record, &id, &go, &position) != EXIT_OK)
        return EXIT_USAGE;
    if (!id)
        return cli_fail("show: which game? (yomi show GAME [--position POS])");
    _Alignas(16) unsigned char state[GAME_MAX_STATE];
    Game *g = cli_game_open_at(id, &go, position, state);
    if (!g)
        return EXIT_USAGE;
    char buf[4096];
    g->ops->render_text(g, state, buf, sizeof buf);
    fputs(buf, stdout);
    g->ops->format_position(g, state, buf, sizeof buf);
    printf("position: %s\n", buf);
    game_close(g);
    return EXIT_OK;
}

const CliCommand cli_show = {
    .name = "show",
    .run = show_run,
    .synopsis = "show GAME [--position POS | --record R]",
    /* xgettext:c-format */
    .help = N_("usage: yomi show GAME [--position POS | --record FILE|TEXT]\n"
            "\n"
            "Print the position as text: the board, the side to move, the hands\n"
            "(gogo) or stores (kalah), then the position in yomi's notation.\n"
            "--record: the position after the moves of a game record (KIF, CSA, GGF,\n"
            "a reversi transcript, a Kalah record); GAME may then be left out.\n"),
    .game_options = true,
};
