/* registry.c - from the names users type to a Game. */
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

static const GameOps *const families[] = {&kalah_ops, &reversi_ops, &gogo_ops, NULL};

const GameOps *const *game_families(void) { return families; }

/* "reversi-6x6" belongs to "reversi"; the gogo aliases to "gogo". */
static const GameOps *family_of(const char *id)
{
    static const struct { const char *alias; const GameOps *ops; } aliases[] = {
        {"minishogi", &gogo_ops},
        {"gogo-shogi", &gogo_ops},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (strcmp(id, aliases[i].alias) == 0)
            return aliases[i].ops;
    for (int i = 0; families[i]; i++) {
        size_t n = strlen(families[i]->family);
        if (strncmp(id, families[i]->family, n) == 0 && (id[n] == '\0' || id[n] == '-'))
            return families[i];
    }
    return NULL;
}

Game *game_open(const char *id, const GameOption *opts, int nopts, Err *err)
{
    if (!id || !*id) {
        err_set(err, "no game given (one of: reversi, reversi-RxC, kalah, kalah-MxN, gogo)");
        return NULL;
    }
    const GameOps *ops = family_of(id);
    if (!ops) {
        err_set(err, "unknown game '%.60s' (one of: reversi, reversi-RxC, kalah, kalah-MxN, gogo)", id);
        return NULL;
    }
    return ops->open(id, opts, nopts, err);
}

void game_close(Game *g)
{
    if (g)
        g->ops->close(g);
}

uint64_t game_perft_generic(const Game *g, const void *state, int depth)
{
    if (depth == 0)
        return 1;
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, state, moves);
    if (depth == 1)
        return (uint64_t)n;
    _Alignas(16) unsigned char child[GAME_MAX_STATE];
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        g->ops->play(g, state, moves[i], child);
        total += game_perft_generic(g, child, depth - 1);
    }
    return total;
}

uint64_t game_perft(const Game *g, const void *state, int depth)
{
    if (g->ops->perft)
        return g->ops->perft(g, state, depth);
    return game_perft_generic(g, state, depth);
}
