/* driver.h - runs the computer's side of a session: each computer side's
 * player is an agent (players/agent.h: yomi's own search or an external
 * engine, driven alike), one turn at a time, polled from the UI loop and
 * never waited on while it still thinks (so the UI never blocks).  Also
 * the hint, asked of yomi's own search the same way, and the running
 * totals of both sides' counters.  No curses here. */
#ifndef YOMI_UI_DRIVER_H
#define YOMI_UI_DRIVER_H

#include <stdbool.h>

#include "players/agent.h"
#include "ui/session.h"

/* An external engine whose spec sets no limit of its own thinks this long
 * a move, as the default computer player does. */
#define DRIVER_EXTERNAL_MOVE_MS 1000
/* Under a game clock, the time a computer side keeps back from what it
 * has for its move to reach the board: the UI sees an answer at its next
 * tick (up to 100 ms), and a search stops a little after its deadline. */
#define DRIVER_CLOCK_RESERVE_MS 250

typedef struct {
    uint64_t nodes, leaves, hits, ms;
    int searches;
} SideTotals;

typedef struct {
    Session *session;
    Agent *player[2];       /* per computer side, made when first needed */
    Agent *hint;            /* yomi's own search at the hint depth, likewise */
    int thinking;           /* side whose turn runs, or -1 */
    bool hinting;
    AgentStatus live;       /* what the turn or the hint under way told at
                               the last poll; else the last turn's end */
    AgentStatus last;       /* what the last finished computer turn told */
    /* The positions `live` and `last` are about: their best move and line
     * are in the notation of the position searched, which the game may
     * since have left (a move played, one taken back). */
    _Alignas(16) unsigned char live_root[GAME_MAX_STATE];
    _Alignas(16) unsigned char last_root[GAME_MAX_STATE];
    bool have_last;
    int last_side;
    SideTotals totals[2];
    Move hint_move;         /* MOVE_NONE: none ready */
    int hint_value;
    int hint_at;            /* the move number the hint is for */
    char error[256];
} Driver;

void driver_init(Driver *d, Session *s);
void driver_free(Driver *d);     /* stops whatever runs */
/* Swap in another session (after load / new game); frees the players. */
void driver_reset(Driver *d, Session *s);

bool driver_computer_to_move(const Driver *d);
/* Start the turn of the computer to move.  -1 with d->error set. */
int driver_start(Driver *d);
/* Poll.  Returns true when the turn finished and its move was played. */
bool driver_tick(Driver *d, Move *played);
/* Give up a running turn or hint (agent_abandon): never waits, for yomi's
 * own search or an external engine. */
void driver_stop(Driver *d);
int driver_start_hint(Driver *d, int depth);
bool driver_busy(const Driver *d);

#endif
