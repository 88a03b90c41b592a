/* player.h - a player as the user names one: `human`, yomi's own search
 * with its options, or an external engine (players/agent.h). */
#ifndef YOMI_PLAYERS_PLAYER_H
#define YOMI_PLAYERS_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "engine/search.h"

/* A player (doc/cli.md "Players"): `human`, or `ALGO:DEPTH[,KEY=VALUE...]`
 * (DEPTH may be `solve`), e.g. `negascout:6`, `mtdf:8,table=on,order=best`,
 * a strength level `level:N` (players/level.h), or an external engine
 * (players/agent.h: `usi:COMMAND[,KEY=VALUE...]`, `xshogi:COMMAND[,depth=N]`),
 * whose spec is kept whole in `external`.  Keys not given keep
 * search_config_default()'s values; besides the search options, `random=P`
 * plays a random legal move on P% of the turns (the weak levels), drawn
 * from a generator that starts at `seed=S`. */
typedef struct {
    bool human;
    int level;          /* level:N: N; 0 for any other spec */
    SearchConfig cfg;
    int random_pct;     /* random=P: the share of random moves, 0..100 */
    bool own_threads;   /* the spec named threads=N: the UI's setting does not override it */
    char external[256]; /* the external engine's spec; "" for yomi's own */
} Player;
/* A level's search and random share depend on the game: until
 * player_fit_game() names it, a level has its generic row's (level.c). */
int player_parse(const char *spec, Player *p, Err *err);
/* Give a level player the configuration its level has in `family`
 * (GameOps.family); any other player is left as it is.  -1 and one line
 * in err when the game has no such level (each game has its own count). */
int player_fit_game(Player *p, const char *family, Err *err);
/* The computer player `yomi play` and the UI use unless told otherwise:
 * the yomi algorithm, deepening for about a second a move. */
#define PLAYER_DEFAULT_COMPUTER "yomi:40,time=1000"
/* The spec back as text ("human", "negascout:6,time=2000"): every key that
 * differs from the defaults, so player_parse() gives the same player back
 * (the UI's save files rely on that). */
void player_format(const Player *p, char *buf, size_t len);

/* One turn's draw for a player with random=`random_pct`: true, with a legal
 * move of `state` drawn uniformly in *m, on that share of the turns.  It
 * draws from *rng only when random_pct > 0, so the same seed and the same
 * positions give the same moves. */
bool player_random_turn(int random_pct, uint64_t *rng, const Game *g, const void *state, Move *m);

#endif
