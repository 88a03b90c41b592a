/* reversi.c - PLACEHOLDER until the reversi rules land (issue 3): keeps the build whole. */
#include "engine/game.h"

static Game *open_placeholder(const char *name, const GameOption *opts, int nopts, Err *err)
{
    (void)opts;
    (void)nopts;
    err_set(err, "%s is not built yet", name);
    return (Game *)0;
}

const GameOps reversi_ops = {
    .family = "reversi",
    .description = "reversi (not built yet)",
    .open = open_placeholder,
};
