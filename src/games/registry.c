/* registry.c - from the names users type to a Game. */
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"

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
