/* driver.c - the computer's turns, the hint, the totals. */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "ui/driver.h"
#include "players/level.h"
#include "ui/settings.h"

/* A computer player of yomi's own as it plays here: on the Settings'
 * threads unless its spec names its own (threads=1 too: one who asks for
 * one thread, to see a search that runs the same each time, gets one).
 * The levels below the game's last keep the one thread they were
 * calibrated on (players/level.c); the strongest, which thinks for a
 * time, gets them. */
static Agent *new_agent(const Game *g, const Player *spec, Err *err)
{
    Player p = *spec;
    const bool strongest = p.level == 0 || p.level == level_count(g->ops->family);
    if (!p.human && !p.external[0] && !p.own_threads && strongest)
        p.cfg.threads = settings.threads;
    return agent_new_player(g, &p, err);
}

void driver_init(Driver *d, Session *s)
{
    memset(d, 0, sizeof *d);
    d->session = s;
    d->thinking = -1;
    d->hint_move = MOVE_NONE;
}

static void free_players(Driver *d)
{
    driver_stop(d);
    for (int i = 0; i < 2; i++) {
        agent_free(d->player[i]); /* ends an external engine's process */
        d->player[i] = NULL;
    }
    agent_free(d->hint);
    d->hint = NULL;
}

void driver_free(Driver *d) { free_players(d); }

void driver_reset(Driver *d, Session *s)
{
    free_players(d);
    driver_init(d, s);
}

bool driver_computer_to_move(const Driver *d)
{
    return !d->session->players[session_side(d->session)].human;
}

bool driver_busy(const Driver *d) { return d->thinking >= 0 || d->hinting; }

static void fail(Driver *d, const Err *err) { snprintf(d->error, sizeof d->error, "%s", err->msg); }

/// A turn of `a` on the game so far: it is shown the whole game from its
/// start (the history for repetitions; USI's `position ... moves`).  Under
/// a game clock a side's turn gets the time it has (the hint does not: it
/// is asked on the person's time).  Else an external engine that sets no
/// limit of its own gets a clock, or it would think for ever.
static int start_turn(Driver *d, Agent *a, bool timed, Err *err)
{
    const Session *s = d->session;
    AgentClock clock;
    agent_clock_none(&clock);
    if (timed)
        game_clock_agent(&s->clock, s->now(), DRIVER_CLOCK_RESERVE_MS, &clock);
    else if (!agent_sets_own_limit(a))
        clock.movetime_ms = DRIVER_EXTERNAL_MOVE_MS;
    if (agent_start(a, session_state(s, 0), s->moves, s->n, &clock, err) != 0)
        return -1;
    memset(&d->live, 0, sizeof d->live);
    d->live.stats.best = MOVE_NONE;
    memcpy(d->live_root, session_current(s), s->game->state_size);
    return 0;
}

int driver_start(Driver *d)
{
    const Session *s = d->session;
    const int side = session_side(s);
    Err err = {{0}};
    if (driver_busy(d))
        return 0;
    if (!d->player[side]) {
        d->player[side] = new_agent(s->game, &s->players[side], &err);
        /* The weak levels' random moves differ from one game to the next
         * (yomi match seeds them to replay instead). */
        if (d->player[side])
            agent_set_seed(d->player[side], clock_ns() * 2 + (uint64_t)side);
    }
    if (!d->player[side] || start_turn(d, d->player[side], session_timed(s), &err) != 0) {
        fail(d, &err);
        return -1;
    }
    d->thinking = side;
    return 0;
}

/* The hint searches with the engine's default configuration. */
int driver_start_hint(Driver *d, int depth)
{
    Err err = {{0}};
    if (driver_busy(d))
        return 0;
    if (!d->hint) {
        Player p;
        memset(&p, 0, sizeof p);
        search_config_default(&p.cfg);
        p.cfg.depth = depth;
        d->hint = new_agent(d->session->game, &p, &err);
    }
    if (!d->hint || start_turn(d, d->hint, false, &err) != 0) {
        fail(d, &err);
        return -1;
    }
    d->hinting = true;
    d->hint_move = MOVE_NONE;
    return 0;
}

static void tick_hint(Driver *d)
{
    if (!agent_poll(d->hint, &d->live))
        return;
    AgentResult r;
    Err err = {{0}};
    d->hinting = false;
    if (agent_wait(d->hint, &r, &err) != 0) {
        fail(d, &err);
        return;
    }
    d->hint_move = r.answer == AGENT_MOVE ? r.turn[0] : MOVE_NONE;
    d->hint_value = r.final.stats.value;
    d->hint_at = d->session->n;
    /* the panel goes back to the computer's last turn; the hint has its
     * own line */
    if (d->have_last) {
        d->live = d->last;
        memcpy(d->live_root, d->last_root, sizeof d->live_root);
    }
}

/* A finished turn of `side`: the panel shows its end, the totals add it. */
static void note_turn(Driver *d, int side, const AgentStatus *end)
{
    d->last = *end;
    memcpy(d->last_root, d->live_root, sizeof d->last_root);
    d->have_last = true;
    d->last_side = side;
    d->live = d->last;
    SideTotals *t = &d->totals[side];
    t->nodes += end->stats.nodes;
    t->leaves += end->stats.leaves;
    t->hits += end->stats.hits;
    t->ms += end->stats.elapsed_ms;
    t->searches++;
}

/* Why a turn of `side` brought nothing to play. */
static void say_no_move(Driver *d, int side, AgentAnswer answer)
{
    const char *external = d->session->players[side].external;
    if (!external[0]) /* yomi's own search resigns only a game already over */
        snprintf(d->error, sizeof d->error, "the engine found no move");
    else
        snprintf(d->error, sizeof d->error, "%.200s %s", external,
                 answer == AGENT_RESIGN ? "resigns" : "claims a win that is not there");
}

/// Poll the turn under way; true once its move was played.  The driver
/// plays one move a turn: when a Kalah extra turn keeps the move with the
/// same side, that side thinks again from there, so every move on the
/// screen comes with its own search in the panel and its own announcement.
static bool tick_turn(Driver *d, Move *played)
{
    const int side = d->thinking;
    Agent *a = d->player[side];
    if (!agent_poll(a, &d->live))
        return false;
    AgentResult r;
    Err err = {{0}};
    const int rc = agent_wait(a, &r, &err);
    d->thinking = -1;
    if (rc != 0) {
        fail(d, &err);
        return false;
    }
    note_turn(d, side, &r.final);
    if (r.answer != AGENT_MOVE || r.turn_len <= 0) {
        say_no_move(d, side, r.answer == AGENT_MOVE ? AGENT_WIN : r.answer);
        return false;
    }
    if (session_play(d->session, r.turn[0]) != 0) {
        snprintf(d->error, sizeof d->error, "out of memory");
        return false;
    }
    *played = r.turn[0];
    return true;
}

bool driver_tick(Driver *d, Move *played)
{
    if (d->hinting) {
        tick_hint(d);
        return false;
    }
    return d->thinking >= 0 && tick_turn(d, played);
}

void driver_stop(Driver *d)
{
    if (d->thinking >= 0) {
        agent_abandon(d->player[d->thinking]);
        d->thinking = -1;
    }
    if (d->hinting) {
        agent_abandon(d->hint);
        d->hinting = false;
    }
}
