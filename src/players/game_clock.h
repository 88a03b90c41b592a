/* game_clock.h - the time of a game for both sides: main time, an
 * increment (Fischer) added after each move, and byoyomi, a time of its own
 * for every move once the main time is spent.  `yomi match` and the UI's
 * games keep their clocks with this one piece of arithmetic.
 *
 * Nothing here reads the time: every call is given `now` (ms from any
 * fixed moment, base/clock.h's clock_ms() in the programs), so the tests
 * drive a clock of their own.  A clock without rules (timed false) still
 * counts the time each side used, and never falls.
 */
#ifndef YOMI_PLAYERS_GAME_CLOCK_H
#define YOMI_PLAYERS_GAME_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "players/agent.h"

/* The longest time a clock's settings may give, in ms: a day. */
#define CLOCK_MAX_MS 86400000

typedef struct {
    bool timed;          /* false: time is only counted */
    int64_t main_ms;     /* main time per side */
    int64_t inc_ms;      /* added after each move */
    int64_t byoyomi_ms;  /* every move's own time once the main time is spent */
    int64_t grace_ms;    /* overrun forgiven before a flag falls (scheduling noise) */
} ClockRules;

/* Rules a game can be played under: a clock needs main time or byoyomi
 * (an increment alone would lose the first move), each within a day. */
bool clock_rules_ok(const ClockRules *r);

typedef struct {
    ClockRules rules;
    int64_t main_left[2];  /* main time left, not counting the move under way */
    int64_t used[2];       /* time spent on finished moves */
    int turn;              /* the side whose move is being timed, -1 none */
    int64_t turn_ms;       /* time on that move so far, up to `since` */
    bool running;
    uint64_t since;        /* when it last started to run */
    int flag;              /* the side whose time ran out, -1 none */
} GameClock;

/* Both sides at the start: all their main time, nothing used. */
void game_clock_init(GameClock *c, const ClockRules *r);
/* Run `side`'s clock: a new move unless its move is already timed (then it
 * resumes); a move of the other side under way is ended first. */
void game_clock_start(GameClock *c, int side, uint64_t now);
/* Stop the clock without ending the move (a pause): the time so far stays
 * on the move. */
void game_clock_stop(GameClock *c, uint64_t now);
/* The move under way is played: its time is charged (main time first, then
 * the byoyomi), the increment added.  False when it took longer than the
 * side had: its flag falls.  Nothing to do (true) when no move is timed. */
bool game_clock_end_move(GameClock *c, uint64_t now);
/* Whether a flag has fallen by `now` (the running side's time is out);
 * sets c->flag.  The side, or -1. */
int game_clock_check(GameClock *c, uint64_t now);

/* What a side has left until its flag falls: main time, then the byoyomi
 * of the move under way (or of its next one).  Negative once over. */
int64_t game_clock_remaining(const GameClock *c, int side, uint64_t now);
/* What a clock face shows: the main time left while there is any, then the
 * byoyomi left for the move (*byoyomi true); never below 0. */
int64_t game_clock_shown(const GameClock *c, int side, uint64_t now, bool *byoyomi);
/* The time a side has used, its move under way included. */
int64_t game_clock_used(const GameClock *c, int side, uint64_t now);
/* The time on the move under way (0 when `side` is not on move). */
int64_t game_clock_turn_ms(const GameClock *c, int side, uint64_t now);

/* The clock as a player sees it at the start of its move (agent_start, and
 * agent_budget's time management): every time less `reserve_ms` kept
 * back for the answer to reach the clock (half of a shorter byoyomi). */
void game_clock_agent(const GameClock *c, uint64_t now, int64_t reserve_ms, AgentClock *out);

#endif
