/* driver.h - runs the computer's side of a session: one search at a time
 * on the engine's thread, polled from the UI loop, never waited on while it
 * still runs (so the UI never blocks).  Also the hint search and the running
 * totals of both sides' counters.  No curses here. */
#ifndef YOMI_UI_DRIVER_H
#define YOMI_UI_DRIVER_H

#include <stdbool.h>

#include "players/agent.h"
#include "engine/search.h"
#include "ui/session.h"

/* An external engine whose spec sets no limit of its own thinks this long
 * a move, as the default computer player does. */
#define DRIVER_EXTERNAL_MOVE_MS 1000

typedef struct {
    uint64_t nodes, leaves, hits, ms;
    int searches;
} SideTotals;

typedef struct {
    Session *session;
    Search *search[2];      /* per side, made when first needed */
    Agent *agent[2];        /* or, for an external engine's side, its agent */
    int agent_known[2];     /* moves of the game the agent was last shown; -1 before its game */
    Search *hint;
    int thinking;           /* side whose search runs, or -1 */
    bool hinting;
    SearchStats live;       /* last poll of the running search */
    SearchResult last;      /* the last finished computer search */
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
/* Swap in another session (after load / new game); frees searches. */
void driver_reset(Driver *d, Session *s);

bool driver_computer_to_move(const Driver *d);
/* Start the search for the computer to move.  -1 with d->error set. */
int driver_start(Driver *d);
/* Poll.  Returns true when the search finished and its move was played. */
bool driver_tick(Driver *d, Move *played);
/* Stop and discard a running search or hint: yomi's own within 100 ms,
 * an external engine's without waiting for it (agent_abandon). */
void driver_stop(Driver *d);
int driver_start_hint(Driver *d, int depth);
bool driver_busy(const Driver *d);

#endif
