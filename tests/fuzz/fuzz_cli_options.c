/* fuzz_cli_options.c - the command line's option readers (src/cli): the
 * input is split at newlines into argv and read as `yomi search` reads it,
 * then the game it names is opened with its options and position.  Bad
 * input must be an error message, never a crash.  No search runs. */
#include "cli/searchcli.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { MAX_ARGS = 32 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    argv[argc++] = "search";
    for (char *arg = text, *next; arg && argc < MAX_ARGS; arg = next) {
        next = strchr(arg, '\n');
        if (next)
            *next++ = '\0';
        argv[argc++] = arg;
    }
    argv[argc] = NULL;
    CliSearchArgs a;
    cli_search_args_init(&a);
    int bad = 0;
    for (int i = 1; i < argc && !bad; i++) {
        const int r = cli_search_arg(&a, "search", argc, argv, &i);
        bad = r <= 0;
    }
    if (!bad && a.game) {
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        Game *g = cli_game_open_at(a.game, &a.go, a.position, root);
        if (g) {
            Move moves[GAME_MAX_MOVES];
            if (g->ops->legal_moves(g, root, moves) < 0)
                abort();
            game_close(g);
        }
        if (a.algos) {
            Algo algos[16];
            (void)cli_parse_algos("compare", a.algos, algos, 16);
        }
    }
    free(text);
    return 0;
}
