/* fuzz_game_open.c - game ids and variant options as a user may type them:
 * "ID\nKEY=VALUE\nKEY=VALUE". */
#include "fuzz.h"
#include "games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    GameOption opts[4];
    int n = 0;
    char *save = NULL;
    char *id = strtok_r(text, "\n", &save);
    for (char *line; n < 4 && (line = strtok_r(NULL, "\n", &save));) {
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        opts[n].key = line;
        opts[n].value = eq + 1;
        n++;
    }
    Err err;
    Game *g = game_open(id ? id : "", opts, n, &err);
    if (g) {
        _Alignas(16) unsigned char s[GAME_MAX_STATE];
        g->ops->start(g, s);
        Move moves[GAME_MAX_MOVES];
        if (g->ops->legal_moves(g, s, moves) > g->max_moves)
            abort();
        game_close(g);
    }
    free(text);
    return 0;
}
