/* driver.c - the computer's turns, the hint, the totals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/driver.h"

void driver_init(Driver *d, Session *s)
{
    memset(d, 0, sizeof *d);
    d->session = s;
    d->thinking = -1;
    d->hint_move = MOVE_NONE;
    d->agent_known[0] = d->agent_known[1] = -1;
}

static void free_searches(Driver *d)
{
    driver_stop(d);
    for (int i = 0; i < 2; i++) {
        search_free(d->search[i]);
        d->search[i] = NULL;
        agent_free(d->agent[i]); /* ends an external engine's process */
        d->agent[i] = NULL;
    }
    search_free(d->hint);
    d->hint = NULL;
}

void driver_free(Driver *d) { free_searches(d); }

void driver_reset(Driver *d, Session *s)
{
    free_searches(d);
    driver_init(d, s);
}

bool driver_computer_to_move(const Driver *d)
{
    return !d->session->players[session_side(d->session)].human;
}

bool driver_busy(const Driver *d) { return d->thinking >= 0 || d->hinting; }

/* The positions before the root, for the repetition rule. */
static void give_history(Search *search, const Session *s)
{
    if (s->n == 0)
        return;
    const void **hist = malloc((size_t)s->n * sizeof *hist);
    if (!hist)
        return;
    for (int i = 0; i < s->n; i++)
        hist[i] = session_state(s, i);
    search_set_history(search, hist, s->n);
    free(hist);
}

/* An external engine's turn: it is shown the whole game each move (USI's
 * `position ... moves`), and told a new game began when the game went
 * back behind what it last saw (undo), so its own state cannot drift. */
static int start_agent(Driver *d, int side)
{
    Session *s = d->session;
    Err err = {{0}};
    if (!d->agent[side]) {
        d->agent[side] = agent_new(s->game, s->players[side].external, &err);
        if (!d->agent[side])
            goto fail;
    }
    Agent *a = d->agent[side];
    if (d->agent_known[side] < 0 || s->n < d->agent_known[side]) {
        if (agent_new_game(a, &err) != 0)
            goto fail;
    }
    AgentClock clock;
    agent_clock_none(&clock);
    if (!agent_sets_own_limit(a))
        clock.movetime_ms = DRIVER_EXTERNAL_MOVE_MS;
    if (agent_start(a, session_state(s, 0), s->moves, s->n, &clock, &err) != 0)
        goto fail;
    d->agent_known[side] = s->n;
    memset(&d->live, 0, sizeof d->live);
    d->live.best = MOVE_NONE;
    d->thinking = side;
    return 0;
fail:
    snprintf(d->error, sizeof d->error, "%s", err.msg);
    return -1;
}

int driver_start(Driver *d)
{
    Session *s = d->session;
    int side = session_side(s);
    Err err = {{0}};
    if (d->thinking >= 0 || d->hinting)
        return 0;
    if (s->players[side].external[0])
        return start_agent(d, side);
    if (!d->search[side]) {
        d->search[side] = search_new(s->game, &s->players[side].cfg, &err);
        if (!d->search[side]) {
            snprintf(d->error, sizeof d->error, "%s", err.msg);
            return -1;
        }
    }
    give_history(d->search[side], s);
    memset(&d->live, 0, sizeof d->live);
    d->live.best = MOVE_NONE;
    if (search_start(d->search[side], session_current(s), &err) != 0) {
        snprintf(d->error, sizeof d->error, "%s", err.msg);
        return -1;
    }
    d->thinking = side;
    return 0;
}

int driver_start_hint(Driver *d, int depth)
{
    Session *s = d->session;
    Err err = {{0}};
    if (d->thinking >= 0 || d->hinting)
        return 0;
    if (!d->hint) {
        SearchConfig cfg;
        search_config_default(&cfg);
        cfg.depth = depth;
        d->hint = search_new(s->game, &cfg, &err);
        if (!d->hint) {
            snprintf(d->error, sizeof d->error, "%s", err.msg);
            return -1;
        }
    }
    give_history(d->hint, s);
    memset(&d->live, 0, sizeof d->live);
    d->live.best = MOVE_NONE;
    if (search_start(d->hint, session_current(s), &err) != 0) {
        snprintf(d->error, sizeof d->error, "%s", err.msg);
        return -1;
    }
    d->hinting = true;
    d->hint_move = MOVE_NONE;
    return 0;
}

/* Poll the agent thinking for `side`; true once its move was played. */
static bool tick_agent(Driver *d, int side, Move *played)
{
    Agent *a = d->agent[side];
    AgentStatus st;
    const bool done = agent_poll(a, &st);
    d->live = st.stats;
    if (!done)
        return false;
    AgentResult r;
    Err err = {{0}};
    const int rc = agent_wait(a, &r, &err);
    d->thinking = -1;
    if (rc != 0) {
        snprintf(d->error, sizeof d->error, "%s", err.msg);
        d->agent_known[side] = -1;
        return false;
    }
    memset(&d->last, 0, sizeof d->last);
    d->last.stats = r.final.stats;
    d->last.value = r.final.stats.value;
    d->last.move = r.turn_len > 0 ? r.turn[0] : MOVE_NONE;
    d->have_last = true;
    d->last_side = side;
    d->live = d->last.stats;
    SideTotals *t = &d->totals[side];
    t->nodes += r.final.stats.nodes;
    t->ms += r.final.stats.elapsed_ms;
    t->searches++;
    if (r.answer == AGENT_MOVE && r.turn_len <= 0)
        r.answer = AGENT_WIN; /* no move at all: treated as a false claim */
    if (r.answer != AGENT_MOVE) {
        snprintf(d->error, sizeof d->error, "%.200s %s", d->session->players[side].external,
                 r.answer == AGENT_RESIGN ? "resigns" : "claims a win that is not there");
        return false;
    }
    for (int i = 0; i < r.turn_len; i++) {
        if (session_play(d->session, r.turn[i]) != 0) {
            snprintf(d->error, sizeof d->error, "out of memory");
            return false;
        }
    }
    d->agent_known[side] = d->session->n;
    *played = r.turn[r.turn_len - 1];
    return true;
}

bool driver_tick(Driver *d, Move *played)
{
    if (d->hinting) {
        search_poll(d->hint, &d->live);
        if (search_done(d->hint)) {
            SearchResult r;
            search_wait(d->hint, &r);
            d->hinting = false;
            d->hint_move = r.move;
            d->hint_value = r.value;
            d->hint_at = d->session->n;
            /* the panel goes back to the computer's last search; the hint
             * has its own line */
            if (d->have_last)
                d->live = d->last.stats;
        }
        return false;
    }
    if (d->thinking < 0)
        return false;
    if (d->agent[d->thinking] && d->session->players[d->thinking].external[0])
        return tick_agent(d, d->thinking, played);
    Search *search = d->search[d->thinking];
    search_poll(search, &d->live);
    if (!search_done(search))
        return false;
    int side = d->thinking;
    search_wait(search, &d->last);
    d->thinking = -1;
    d->have_last = true;
    d->last_side = side;
    d->live = d->last.stats;
    SideTotals *t = &d->totals[side];
    t->nodes += d->last.stats.nodes;
    t->leaves += d->last.stats.leaves;
    t->hits += d->last.stats.hits;
    t->ms += d->last.stats.elapsed_ms;
    t->searches++;
    if (d->last.move == MOVE_NONE) {
        snprintf(d->error, sizeof d->error, "the engine found no move");
        return false;
    }
    if (session_play(d->session, d->last.move) != 0) {
        snprintf(d->error, sizeof d->error, "out of memory");
        return false;
    }
    *played = d->last.move;
    return true;
}

void driver_stop(Driver *d)
{
    SearchResult r;
    if (d->thinking >= 0 && d->session->players[d->thinking].external[0]) {
        /* Never waited for: an engine may take long to stop, or (xshogi)
         * have no stop at all.  It hears the game from the start again. */
        agent_abandon(d->agent[d->thinking]);
        d->agent_known[d->thinking] = -1;
        d->thinking = -1;
    } else if (d->thinking >= 0) {
        search_stop(d->search[d->thinking]);
        search_wait(d->search[d->thinking], &r);
        d->thinking = -1;
    }
    if (d->hinting) {
        search_stop(d->hint);
        search_wait(d->hint, &r);
        d->hinting = false;
    }
}
