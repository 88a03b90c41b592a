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
}

static void free_searches(Driver *d)
{
    driver_stop(d);
    for (int i = 0; i < 2; i++) {
        search_free(d->search[i]);
        d->search[i] = NULL;
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

int driver_start(Driver *d)
{
    Session *s = d->session;
    int side = session_side(s);
    Err err = {{0}};
    if (d->thinking >= 0 || d->hinting)
        return 0;
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
    if (d->thinking >= 0) {
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
