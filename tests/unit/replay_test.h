/* replay_test.h - what the trace tests (test_replay.c, test_replay_mcts.c)
 * share: a recorded search (its game, root, config and log) and counting
 * its steps.  Include after cmocka.h and games_test.h. */
#ifndef YOMI_REPLAY_TEST_H
#define YOMI_REPLAY_TEST_H

#include "engine/game.h"
#include "engine/search.h"
#include "engine/trace_log.h"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

/* One recorded search: the game (owned), its root, the config and the log. */
typedef struct {
    Game *g;
    State root;
    SearchConfig cfg;
    TraceLog log;
} Rec;

/* A game of `id` with the `tree` option (NULL: none). */
static inline Game *open_game(const char *id, const char *tree)
{
    return test_game_open_with(id, "tree", tree);
}

static inline void rec_free(Rec *rec)
{
    trace_log_free(&rec->log);
    game_close(rec->g);
}

static inline int count_kind(const TraceLog *log, TraceKind kind)
{
    int n = 0;
    for (int i = 0; i < log->n; i++)
        n += log->events[i].kind == kind;
    return n;
}

#endif
