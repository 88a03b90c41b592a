/* agent.h - a player the computer runs: yomi's own search, or an external
 * engine in a child process (USI, or GNU minishogi's xshogi protocol).
 * Every one is driven the same way, one turn at a time: agent_start(),
 * agent_poll() for the live counters until it is done, then agent_wait()
 * for the moves of the turn, or agent_abandon() never to hear them.  So
 * `yomi match` and the UI's game and watch screens need not care which
 * one they hold.
 *
 * Specs: every player_parse() spec except `human` (ALGO:DEPTH[,KEY=VALUE]),
 * or `usi:COMMAND[,KEY=VALUE...]`.  COMMAND is split at spaces and run
 * without a shell ("usi:./yomi usi", "usi:/usr/games/fairy-stockfish").  The
 * keys `time` (ms per move when no clock is given), `depth` and `nodes` are
 * added to every `go` (`movetime=on` sends per-move time as `go movetime`
 * instead of USI's `byoyomi`; `timeout=MS` bounds the waits for usiok,
 * readyok and a bestmove after stop, 10 s and 3 s by default); any other KEY=VALUE becomes `setoption name KEY value
 * VALUE`.  For gogo an engine that offers UCI_Variant gets
 * UCI_Variant=minishogi unless the spec sets it.
 *
 * A dead, silent or misbehaving engine is an error with a message, never a
 * hang: every wait on it has a deadline, and agent_free() ends the process
 * (quit, then SIGTERM, then SIGKILL; an xshogi program still thinking is
 * killed at once) and reaps it.
 */
#ifndef YOMI_AGENT_H
#define YOMI_AGENT_H

#include <stdbool.h>
#include <stdint.h>

#include "base/error.h"
#include "engine/game.h"
#include "engine/search.h"
#include "players/player.h"

typedef struct Agent Agent;

/* The depth GNU minishogi searches when `xshogi:` gives none: replies in
 * well under a few seconds (its own clock would spend many). */
#define AGENT_XSHOGI_DEPTH 6

/* The clock for one move; -1 (or 0 for movetime) when a field is unused. */
typedef struct {
    int64_t movetime_ms;   /* > 0: think exactly this long per move */
    int64_t time_ms[2];    /* main time left: [0] sente/first, [1] gote/second */
    int64_t inc_ms[2];
    int64_t byoyomi_ms;
} AgentClock;

/* A clock with nothing set (the player's own limits apply). */
void agent_clock_none(AgentClock *c);

/* How long the side to move may think under a clock, in ms: the search
 * stops at `hard_ms` (0: the clock sets no limit) and starts no deeper
 * iteration after `soft_ms` (0: it deepens until hard_ms).  Shared by
 * `yomi usi` and the engine agent. */
typedef struct {
    int64_t hard_ms;
    int64_t soft_ms;
} AgentBudget;
AgentBudget agent_budget(const AgentClock *c, int side);

typedef enum { AGENT_MOVE, AGENT_RESIGN, AGENT_WIN } AgentAnswer;

/* What a player tells of its thinking, while it thinks and once it is
 * done.  yomi's own search tells it all (search_poll, search_poll_pv); an
 * external engine what its protocol says: a USI engine's info lines give
 * depth, nodes, score and line (its first move the best so far), GNU
 * minishogi's xshogi talk nothing.  What is not told stays 0 (best: none),
 * and the time is always the agent's own measure. */
typedef struct {
    SearchStats stats;         /* depth, value, best, nodes, leaves, hits,
                                  elapsed_ms, nps, exact (once done), ... */
    bool has_value;            /* stats.value was told: side to move's view,
                                  the player's scale */
    Move pv[SEARCH_MAX_PLY];   /* the line it expects from the root */
    int pv_len;
    /* A sampling search's (mcts) root moves, the most visited first, with
     * their visits and scores (search_poll_roots); none for the others. */
    SearchRootMove roots[SEARCH_ROOTS_MAX];
    int nroots;
    bool done;                 /* an answer is ready (or the agent failed) */
    bool random;               /* the answer is a random move (random=P):
                                  nothing was searched */
} AgentStatus;

typedef struct {
    AgentAnswer answer;
    Move turn[SEARCH_MAX_PLY]; /* the moves of this turn (Kalah: several) */
    int turn_len;
    AgentStatus final;         /* what it told at the end */
} AgentResult;

/* Validate a spec without starting anything (for argument checking). */
int agent_spec_check(const char *spec, Err *err);
/* Whether the spec's player can play game `g` (external engines speak
 * shogi: only games whose GameInfo has external_engines; a level must be
 * one of the game's own); 0, or -1 + err. */
int agent_spec_check_game(const char *spec, const Game *g, Err *err);
bool agent_spec_is_external(const char *spec);

/* Start a player for game `g` (an external engine is started and
 * initialised here: usi / usiok / options / isready / readyok). */
Agent *agent_new(const Game *g, const char *spec, Err *err);
/* The same for a player already parsed (its search options need not go
 * through text); a human is an error. */
Agent *agent_new_player(const Game *g, const Player *p, Err *err);
void agent_free(Agent *a);
const char *agent_spec(const Agent *a);

/* Whether the player limits its own thinking (a yomi search always does;
 * an external engine when its spec gives time=, depth= or nodes=, and
 * GNU minishogi by its own level): when not, its caller gives it a clock,
 * or a USI engine told just `go` would think forever. */
bool agent_sets_own_limit(const Agent *a);

/* Where the player's random moves (random=P, the weak levels) start from:
 * `seed` mixed with the player's own seed=S.  `yomi match` gives each game
 * its own, so a match replays exactly; without a call they start from the
 * player's seed.  Nothing for other players. */
void agent_set_seed(Agent *a, uint64_t seed);

/* A new game begins (clears tables; usinewgame). */
int agent_new_game(Agent *a, Err *err);

/* Think about the position reached from `start` by `moves` (the whole game
 * so far, for repetition rules and for external engines).  Returns at once.
 * A game that does not go on from the one the agent last saw (its first,
 * one taken back, or after agent_abandon or a failure) is announced to an
 * external engine as a new game first, so that its own idea of the game
 * cannot drift from ours (GNU minishogi keeps the game itself); yomi's
 * search needs nothing: it is given the game's history every turn, and
 * its table holds for any position. */
int agent_start(Agent *a, const void *start, const Move *moves, int nmoves,
                const AgentClock *clock, Err *err);
/* Never blocks: what the player tells so far; true (st->done) once an
 * answer is ready (or the agent failed: agent_wait then reports why). */
bool agent_poll(Agent *a, AgentStatus *st);
/* Give up the search under way, answer unheard, without waiting for the
 * engine: yomi's search is told to stop (and joined when next needed), a
 * USI engine told `stop` (its bestmove is skipped when it comes), and an
 * xshogi program, which cannot be told to stop, is ended.  The agent may
 * start again at once. */
void agent_abandon(Agent *a);
/* Block until the answer (bounded: an external engine that does not answer
 * within its limit plus a grace period is an error): the moves of the turn
 * and what the player told at its end.  After agent_poll said done it
 * returns at once. */
int agent_wait(Agent *a, AgentResult *r, Err *err);

/* True once an external engine died or stopped answering: it cannot play
 * on (an illegal move alone does not break it). */
bool agent_broken(const Agent *a);

/* Tell the player how the game ended from its own view: +1 won, 0 draw,
 * -1 lost (USI gameover); engines ignore it. */
void agent_game_over(Agent *a, int outcome);

#endif
