/* player.h - a player as the user names one: `human`, yomi's own search
 * with its options, or an external engine (players/agent.h). */
#ifndef YOMI_PLAYERS_PLAYER_H
#define YOMI_PLAYERS_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"
#include "engine/search.h"

/* A player (doc/cli.md "Players"): `human`, or `ALGO:DEPTH[,KEY=VALUE...]`
 * (DEPTH may be `solve`), e.g. `negascout:6`, `mtdf:8,table=on,order=best`,
 * or an external engine (players/agent.h: `usi:COMMAND[,KEY=VALUE...]`,
 * `xshogi:COMMAND[,depth=N]`), whose spec is kept whole in `external`.
 * Keys not given keep search_config_default()'s values. */
typedef struct {
    bool human;
    SearchConfig cfg;
    char external[256]; /* the external engine's spec; "" for yomi's own */
} Player;
int player_parse(const char *spec, Player *p, Err *err);
/* The computer player `yomi play` and the UI use unless told otherwise:
 * the yomi algorithm, deepening for about a second a move. */
#define PLAYER_DEFAULT_COMPUTER "yomi:40,time=1000"
/* The spec back as text ("human", "negascout:6,time=2000"): every key that
 * differs from the defaults, so player_parse() gives the same player back
 * (the UI's save files rely on that). */
void player_format(const Player *p, char *buf, size_t len);

#endif
