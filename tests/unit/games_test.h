/* games_test.h - opening a game in a unit test: the test fails there,
 * naming the game and why, when it cannot be opened.  Include after
 * cmocka.h. */
#ifndef YOMI_GAMES_TEST_H
#define YOMI_GAMES_TEST_H

#include "engine/game.h"
#include "games/registry.h"

static inline Game *test_game_open(const char *id, const GameOption *opts, int nopts)
{
    Err err = {{0}};
    Game *g = game_open(id, opts, nopts, &err);
    if (!g)
        fail_msg("cannot open %s: %s", id, err.msg);
    return g;
}

/* With one option KEY VALUE, or none when either is NULL. */
static inline Game *test_game_open_with(const char *id, const char *key, const char *value)
{
    const GameOption opt = {key, value};
    return test_game_open(id, &opt, key && value ? 1 : 0);
}

/* At the position `pos` in the game's notation (NULL: the start), into
 * `state`. */
static inline Game *test_game_at(const char *id, const char *pos, void *state)
{
    Game *g = test_game_open(id, NULL, 0);
    Err err = {{0}};
    if (!pos)
        g->ops->start(g, state);
    else if (g->ops->parse_position(g, pos, state, &err) != 0)
        fail_msg("%s: cannot read the position %s: %s", id, pos, err.msg);
    return g;
}

#endif
