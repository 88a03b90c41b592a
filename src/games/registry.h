/* registry.h - every game yomi knows, and lookup by the names users type.
 * The one place that names the games: the engine knows none of them. */
#ifndef YOMI_GAMES_REGISTRY_H
#define YOMI_GAMES_REGISTRY_H

#include "base/error.h"
#include "engine/game.h"

/* The registry: every family, and lookup by user-facing name. */
extern const GameOps kalah_ops, reversi_ops, gogo_ops;
const GameOps *const *game_families(void); /* NULL-terminated */

/* Open a game by its CLI id (doc/cli.md: reversi, reversi-6x6, kalah-4x3, gogo,
 * minishogi, ...).  NULL + err on an unknown id or a bad option. */
Game *game_open(const char *id, const GameOption *opts, int nopts, Err *err);

#endif
