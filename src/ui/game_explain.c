/* game_explain.c - "show me how you chose that move": the theatre on the
 * search behind the computer's last move, from the position it moved in.
 *
 * A player searching by time (the default: about a second) or deep has a
 * search far too big to step through; the theatre then shows the deepest
 * search of that position it can, and says so. */
#include <stdio.h>
#include <stdlib.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "ui/game_screen.h"
#include "ui/theatre.h"

/* The deepest the theatre tries: past it no real game's search fits in
 * UI_THEATRE_MAX_STEPS anyway. */
#define EXPLAIN_MAX_DEPTH 12

/* The last move a computer side played (its index), or -1. */
static int last_computer_move(const Session *ss)
{
    for (int i = ss->n - 1; i >= 0; i--) {
        const int side = game_side(ss->game, session_state(ss, i));
        if (!ss->players[side].human && !ss->players[side].external[0])
            return i;
    }
    return -1;
}

void game_screen_explain(Screen *s)
{
    GameScreen *gs = s->data;
    const Session *ss = gs->session;
    const int at = last_computer_move(ss);
    if (at < 0) {
        app_message(s->app, ST_BAD, "%s", _("no move of yomi's own search to explain yet"));
        return;
    }
    const Player *p = &ss->players[game_side(ss->game, session_state(ss, at))];
    GameOption opts[SESSION_MAX_OPTS];
    for (int i = 0; i < ss->nopts; i++)
        opts[i] = (GameOption){ss->opt_key[i], ss->opt_val[i]};
    const void **history = malloc((size_t)(at > 0 ? at : 1) * sizeof *history);
    if (!history)
        return;
    for (int i = 0; i < at; i++)
        history[i] = session_state(ss, i);
    const void *root = session_state(ss, at);
    UiTheatreArg a = {.id = ss->id, .opts = opts, .nopts = ss->nopts,
                      .state = root, .history = history, .nhistory = at,
                      .nsearches = 1};
    a.cfg[0] = p->cfg;
    a.cfg[0].time_ms = 0;
    a.cfg[0].node_limit = 0;
    const int asked = p->cfg.solve ? 0 : p->cfg.depth;
    int depth = asked > EXPLAIN_MAX_DEPTH || asked == 0 ? EXPLAIN_MAX_DEPTH : asked;
    gs->paused = gs->paused || gs->watch;
    driver_stop(&gs->driver);
    /* The search as it was when it fits; otherwise the deepest that does,
     * tried on the game's own Game before the theatre opens one.  mcts
     * has no depth: the theatre shows as many of its iterations as fit,
     * the first ones, which with its seed are the search's own. */
    Err err = {{0}};
    const bool sampling = algorithm(p->cfg.algo)->flags & ALGO_SAMPLING;
    const Driver *d = &gs->driver;
    const int mover = game_side(ss->game, root);
    if (sampling && p->cfg.time_ms > 0 && d->have_last && d->last_side == mover)
        a.cfg[0].iterations = d->last.stats.leaves > MCTS_MAX_ITERATIONS
                                  ? MCTS_MAX_ITERATIONS
                                  : (int)d->last.stats.leaves; /* the clock gave it these */
    bool fits = ((p->cfg.solve && p->cfg.time_ms == 0) || sampling) &&
                theatre_fits(ss->game, root, history, at, &a.cfg[0], &err) == 0;
    for (a.cfg[0].solve = fits && p->cfg.solve; !fits && !sampling && depth >= 1; depth--) {
        a.cfg[0].depth = depth;
        err.msg[0] = '\0';
        fits = theatre_fits(ss->game, root, history, at, &a.cfg[0], &err) == 0;
    }
    char note[200] = "";
    if (fits && sampling && p->cfg.time_ms > 0)
        snprintf(note, sizeof note, "%s",
                 _("it played by the clock: here are the first of the iterations it had time "
                   "for, as many as fit"));
    else if (fits && !sampling && !a.cfg[0].solve &&
             (a.cfg[0].depth != asked || p->cfg.time_ms > 0))
        snprintf(note, sizeof note,
                 _("the whole search is too big to show: here it is to depth %d"),
                 a.cfg[0].depth);
    a.note = note;
    if (!fits)
        app_message(s->app, ST_BAD, "%s", err.msg);
    else if (app_push(s->app, &screen_theatre, &a) != 0)
        app_message(s->app, ST_BAD, "%s", a.error[0] ? a.error : _("cannot open the theatre"));
    free(history);
}
