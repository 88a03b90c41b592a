/* games_test.h - what the unit tests that open games and search them
 * share: opening a game (the test fails there, naming the game and why,
 * when it cannot be opened), checking a line of moves, an mcts config, a
 * solver's checkpoints recorded.
 * Include after cmocka.h. */
#ifndef YOMI_GAMES_TEST_H
#define YOMI_GAMES_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/rng.h"
#include "engine/game.h"
#include "engine/search.h"
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

/* Whether the n moves of `pv` are legal one after the other from root. */
static inline bool test_legal_line(const Game *g, const void *root, const Move *pv, int n)
{
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, root, g->state_size);
    for (int i = 0; i < n; i++) {
        if (!game_has_move(g, a, pv[i]))
            return false;
        g->ops->play(g, a, pv[i], b);
        memcpy(a, b, g->state_size);
    }
    return true;
}

/* A position whose solver_size() is exactly `size` (reversi: empty
 * squares), by random moves from the start drawn from *rng, and not over;
 * false when the game ended first. */
static inline bool test_position_of_size(const Game *g, int size, void *out, uint64_t *rng)
{
    _Alignas(16) unsigned char next[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    g->ops->start(g, out);
    while (g->ops->solver_size(g, out) > size) {
        const int n = g->ops->legal_moves(g, out, moves);
        if (n == 0)
            return false;
        g->ops->play(g, out, moves[rng_next(rng) % (uint64_t)n], next);
        memcpy(out, next, g->state_size);
    }
    return !g->ops->is_terminal(g, out);
}

/* mcts for `iterations` iterations, its playouts drawn from `seed`. */
static inline SearchConfig test_mcts_config(int iterations, uint64_t seed)
{
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_MCTS;
    cfg.iterations = iterations;
    cfg.seed = seed;
    return cfg;
}

/* A solver's checkpoints as a test records them (SolverPoll.checkpoint
 * with a PollLog as its arg): how many, the last count, whether the
 * counts only grew, and "stop" from call stop_after on (0: never). */
typedef struct {
    int calls;
    uint64_t last;
    bool monotonic;
    int stop_after;
} PollLog;

static inline bool poll_log_checkpoint(void *arg, uint64_t nodes)
{
    PollLog *log = arg;
    if (nodes < log->last)
        log->monotonic = false;
    log->last = nodes;
    log->calls++;
    return log->stop_after && log->calls >= log->stop_after;
}

#endif
