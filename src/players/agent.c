/* agent.c - players the computer runs (agent.h): the common face, the
 * clock, and yomi's own search as a player.  External engines live in
 * agent_usi.c and agent_xshogi.c behind the same functions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "players/agent_impl.h"
#include "players/player.h"

void agent_clock_none(AgentClock *c)
{
    c->movetime_ms = 0;
    c->time_ms[0] = c->time_ms[1] = -1;
    c->inc_ms[0] = c->inc_ms[1] = -1;
    c->byoyomi_ms = -1;
}

/// Time management: a move is planned to take a thirtieth of the main
/// time left and the whole increment, plus all of the byoyomi (which is
/// lost if not used): the main time shared among thirty moves to come,
/// each of which earns its own increment back.  (A twentieth spent the
/// opening's time and played the middlegame on the increment, with half
/// of Fairy-Stockfish's reserve: on 1 minute + 1 s against its master it
/// scored 49% where this plan scored 56%, BENCHMARKS.md "A game clock
/// (gogo)".  A thirtieth and three quarters of the increment saved time
/// for late moves that such a game mostly never reached: "Time
/// management on a clock".)  An iteration that ends past 60% of the plan
/// starts no deeper one, since the next would take about as long again
/// as all before it; one already running may go on to three times the
/// plan, but never past half of the main time left (plus the byoyomi), so
/// a long game cannot run a side out of time.  The increment is not part of that
/// half: it is earned by finishing the move (game_clock.c), and counting
/// it flagged a side whose main time had run low.  (A hard stop at the
/// plan alone, the first rule, threw away the iteration it cut:
/// BENCHMARKS.md "Time management on a clock".)  A fixed time a move, or
/// only byoyomi and increment left, has nothing to save for later: the
/// search uses all of it.
AgentBudget agent_budget(const AgentClock *c, int side)
{
    if (c->movetime_ms > 0)
        return (AgentBudget){.hard_ms = c->movetime_ms};
    const int64_t main_ms = c->time_ms[side] > 0 ? c->time_ms[side] : 0;
    const int64_t inc = c->inc_ms[side] > 0 ? c->inc_ms[side] : 0;
    const int64_t byo = c->byoyomi_ms > 0 ? c->byoyomi_ms : 0;
    if (c->time_ms[side] < 0 && inc == 0 && byo == 0)
        return (AgentBudget){0};
    const int64_t plan = main_ms / 30 + inc;
    /* No main time left at all: a clock that still asks for a move must
     * give the increment first (the GUI's, over USI), or it had flagged. */
    const int64_t cap = (main_ms > 0 ? main_ms / 2 : inc) + byo;
    int64_t hard = plan * 3 + byo;
    if (hard > cap)
        hard = cap;
    if (hard < 1)
        hard = 1;
    int64_t soft = main_ms > 0 ? plan * 3 / 5 + byo : 0;
    if (soft >= hard)
        soft = 0;
    return (AgentBudget){.hard_ms = hard, .soft_ms = soft};
}

bool agent_spec_is_external(const char *spec)
{
    return spec && (strncmp(spec, "usi:", 4) == 0 || strncmp(spec, "xshogi:", 7) == 0);
}

int agent_spec_check(const char *spec, Err *err)
{
    if (agent_spec_is_external(spec))
        return agent_usi_spec_parse(spec, NULL, err);
    Player p;
    if (player_parse(spec, &p, err) != 0)
        return -1;
    if (p.human)
        return err_set(err, "human is not a computer player");
    return 0;
}

int agent_spec_check_game(const char *spec, const Game *g, Err *err)
{
    if (!agent_spec_is_external(spec)) {
        Player p; /* a level must be one of this game's */
        return player_parse(spec, &p, err) != 0 ? -1 : player_fit_game(&p, g->ops->family, err);
    }
    if (g->ops->info && g->ops->info->external_engines)
        return 0;
    char games[80];
    game_ids_list(games, sizeof games, true);
    return err_set(err, "%s: external engines play %s only, not %s",
                   strncmp(spec, "xshogi:", 7) == 0 ? "xshogi" : "usi", games, g->name);
}

bool agent_sets_own_limit(const Agent *a)
{
    return !a->external || a->xshogi || a->usi.time_ms > 0 || a->usi.depth > 0 || a->usi.nodes > 0;
}

static Agent *agent_alloc(const Game *g, const char *spec, Err *err)
{
    Agent *a = calloc(1, sizeof *a);
    if (!a)
        return err_set(err, "out of memory"), NULL;
    a->g = g;
    a->fd = -1;
    a->shown = -1;
    agent_status_clear(&a->live);
    snprintf(a->spec, sizeof a->spec, "%s", spec);
    return a;
}

/* yomi's own search as a player (a level already fitted to the game);
 * `spec` names it in messages. */
static Agent *search_agent_new(const Game *g, const char *spec, const Player *p, Err *err)
{
    Agent *a = agent_alloc(g, spec, err);
    if (!a)
        return NULL;
    a->cfg = p->cfg;
    a->random_pct = p->random_pct;
    a->random_move = MOVE_NONE;
    agent_set_seed(a, 0);
    a->search = search_new(g, &a->cfg, err);
    a->states = malloc((size_t)(AGENT_MAX_PLIES + 1) * GAME_MAX_STATE);
    a->state_ptr = malloc((AGENT_MAX_PLIES + 1) * sizeof *a->state_ptr);
    if (!a->search || !a->states || !a->state_ptr) {
        if (a->search)
            err_set(err, "out of memory");
        agent_free(a);
        return NULL;
    }
    return a;
}

Agent *agent_new(const Game *g, const char *spec, Err *err)
{
    if (!spec || strlen(spec) >= AGENT_SPEC_LEN)
        return err_set(err, "player spec is missing or too long"), NULL;
    if (!agent_spec_is_external(spec)) {
        Player p;
        if (agent_spec_check(spec, err) != 0 || player_parse(spec, &p, err) != 0 ||
            player_fit_game(&p, g->ops->family, err) != 0)
            return NULL;
        return search_agent_new(g, spec, &p, err);
    }
    Agent *a = agent_alloc(g, spec, err);
    if (!a)
        return NULL;
    a->external = true;
    a->xshogi = strncmp(spec, "xshogi:", 7) == 0;
    if ((a->xshogi ? agent_xshogi_open(a, err) : agent_usi_open(a, err)) != 0) {
        agent_free(a);
        return NULL;
    }
    return a;
}

Agent *agent_new_player(const Game *g, const Player *p, Err *err)
{
    if (p->human)
        return err_set(err, "human is not a computer player"), NULL;
    if (p->external[0])
        return agent_new(g, p->external, err);
    char spec[AGENT_SPEC_LEN];
    player_format(p, spec, sizeof spec);
    Player fitted = *p;
    if (player_fit_game(&fitted, g->ops->family, err) != 0)
        return NULL;
    return search_agent_new(g, spec, &fitted, err);
}

void agent_set_seed(Agent *a, uint64_t seed)
{
    a->rng = a->cfg.seed ^ (seed * 0x9E3779B97F4A7C15ULL);
}

void agent_free(Agent *a)
{
    if (!a)
        return;
    if (a->xshogi)
        agent_xshogi_close(a);
    else if (a->external)
        agent_usi_close(a);
    search_free(a->search);
    free(a->states);
    free(a->state_ptr);
    free(a);
}

const char *agent_spec(const Agent *a) { return a->spec; }

/// A search given up (agent_abandon) is only told to stop, and joined
/// when the search is needed again: by then it has stopped (within 100 ms
/// of being told), so giving up never waits for it.
static void search_agent_settle(Agent *a)
{
    if (a->dropped)
        search_wait(a->search, NULL);
    a->dropped = false;
}

int agent_new_game(Agent *a, Err *err)
{
    int rc = 0;
    if (a->xshogi)
        rc = agent_xshogi_new_game(a, err);
    else if (a->external)
        rc = agent_usi_new_game(a, err);
    else {
        search_agent_settle(a);
        search_clear(a->search);
    }
    a->shown = rc == 0 ? 0 : -1;
    return rc;
}

/* Replay the game into the state list; the last one is the position. */
static int replay(Agent *a, const void *start, const Move *moves, int nmoves, Err *err)
{
    const Game *g = a->g;
    if (nmoves < 0 || nmoves > AGENT_MAX_PLIES)
        return err_set(err, "game too long (%d plies)", nmoves);
    memcpy(a->states, start, g->state_size);
    a->state_ptr[0] = a->states;
    Move legal[GAME_MAX_MOVES];
    for (int i = 0; i < nmoves; i++) {
        const unsigned char *cur = a->states + (size_t)i * GAME_MAX_STATE;
        const int n = g->ops->legal_moves(g, cur, legal);
        int j = 0;
        while (j < n && legal[j] != moves[i])
            j++;
        if (j == n)
            return err_set(err, "move %d of the game is not legal", i + 1);
        unsigned char *next = a->states + (size_t)(i + 1) * GAME_MAX_STATE;
        g->ops->play(g, cur, moves[i], next);
        a->state_ptr[i + 1] = next;
    }
    a->nstates = nmoves + 1;
    return 0;
}

static int clamp_ms(int64_t ms)
{
    return ms > 86400000 ? 86400000 : (int)ms;
}

static int search_agent_start(Agent *a, const void *start, const Move *moves, int nmoves,
                              const AgentClock *clock, Err *err)
{
    search_agent_settle(a);
    if (replay(a, start, moves, nmoves, err) != 0)
        return -1;
    const void *root = a->state_ptr[nmoves];
    /* A random move is this turn's answer at once: nothing to search. */
    a->random_move = MOVE_NONE;
    if (!a->g->ops->is_terminal(a->g, root) &&
        player_random_turn(a->random_pct, &a->rng, a->g, root, &a->random_move)) {
        a->thinking = true;
        return 0;
    }
    const AgentBudget budget = agent_budget(clock, a->g->ops->side_to_move(a->g, root));
    /* The clock gives each move its own time; the table stays. */
    if (!a->cfg.solve) {
        const int time_ms = budget.hard_ms > 0 ? clamp_ms(budget.hard_ms) : a->cfg.time_ms;
        if (search_set_limits(a->search, a->cfg.depth, time_ms, a->cfg.node_limit, err) != 0)
            return -1;
        search_set_soft_limit(a->search, clamp_ms(budget.soft_ms));
    }
    search_set_history(a->search, a->state_ptr, nmoves);
    if (search_start(a->search, root, err) != 0)
        return -1;
    a->thinking = true;
    return 0;
}

int agent_start(Agent *a, const void *start, const Move *moves, int nmoves,
                const AgentClock *clock, Err *err)
{
    if (a->thinking)
        return err_set(err, "%s is already thinking", a->spec);
    if (a->external && (a->shown < 0 || nmoves < a->shown) && agent_new_game(a, err) != 0)
        return -1;
    const int rc = a->xshogi     ? agent_xshogi_start(a, start, moves, nmoves, err)
                   : a->external ? agent_usi_start(a, start, moves, nmoves, clock, err)
                                 : search_agent_start(a, start, moves, nmoves, clock, err);
    a->shown = rc == 0 ? nmoves : -1;
    return rc;
}

/* The search's own counters and line, read without waiting. */
static void search_agent_poll(const Agent *a, AgentStatus *st)
{
    memset(st, 0, sizeof *st);
    if (a->random_move != MOVE_NONE) { /* nothing searched, nothing to tell */
        st->stats.best = a->random_move;
        st->done = st->random = true;
        return;
    }
    search_poll(a->search, &st->stats);
    st->has_value = st->stats.depth > 0;
    st->pv_len = search_poll_pv(a->search, st->pv, SEARCH_MAX_PLY);
    st->nroots = search_poll_roots(a->search, st->roots, SEARCH_ROOTS_MAX);
    st->done = !a->thinking || search_done(a->search);
}

bool agent_poll(Agent *a, AgentStatus *st)
{
    if (a->xshogi)
        return agent_xshogi_poll(a, st);
    if (a->external)
        return agent_usi_poll(a, st);
    search_agent_poll(a, st);
    return st->done;
}

void agent_abandon(Agent *a)
{
    if (a->xshogi) {
        agent_xshogi_abandon(a);
    } else if (a->external) {
        agent_usi_abandon(a);
    } else if (a->thinking && a->random_move != MOVE_NONE) {
        a->thinking = false;
        a->random_move = MOVE_NONE;
    } else if (a->thinking) {
        search_stop(a->search);
        a->thinking = false;
        a->dropped = true;
    }
    a->shown = -1;
}

/* A random move: one move, and a final status that says only that. */
static void random_agent_wait(Agent *a, AgentResult *r)
{
    a->thinking = false;
    r->answer = AGENT_MOVE;
    r->turn[0] = a->random_move;
    r->turn_len = 1;
    agent_status_clear(&r->final);
    r->final.stats.best = a->random_move;
    r->final.pv[0] = a->random_move;
    r->final.pv_len = 1;
    r->final.done = r->final.random = true;
    a->random_move = MOVE_NONE;
}

static void search_agent_wait(Agent *a, AgentResult *r)
{
    if (a->random_move != MOVE_NONE) {
        random_agent_wait(a, r);
        return;
    }
    SearchResult sr;
    search_wait(a->search, &sr);
    a->thinking = false;
    if (sr.move == MOVE_NONE) {
        r->answer = AGENT_RESIGN; /* the root was over: nothing to play */
    } else {
        r->answer = AGENT_MOVE;
        r->turn_len = sr.turn_len ? sr.turn_len : 1;
        memcpy(r->turn, sr.turn_len ? sr.turn : &sr.move, (size_t)r->turn_len * sizeof(Move));
    }
    AgentStatus *f = &r->final;
    f->stats = sr.stats;
    f->has_value = true;
    f->pv_len = sr.pv_len;
    memcpy(f->pv, sr.pv, (size_t)sr.pv_len * sizeof *sr.pv);
    f->nroots = search_poll_roots(a->search, f->roots, SEARCH_ROOTS_MAX);
    f->done = true;
}

int agent_wait(Agent *a, AgentResult *r, Err *err)
{
    memset(r, 0, sizeof *r);
    if (!a->thinking)
        return err_set(err, "%s is not thinking", a->spec);
    int rc = 0;
    if (a->xshogi)
        rc = agent_xshogi_wait(a, r, err);
    else if (a->external)
        rc = agent_usi_wait(a, r, err);
    else
        search_agent_wait(a, r);
    a->shown = rc == 0 && a->shown >= 0 ? a->shown + r->turn_len : -1;
    return rc;
}

void agent_status_clear(AgentStatus *st)
{
    memset(st, 0, sizeof *st);
    st->stats.best = MOVE_NONE;
}

void agent_engine_status(const Agent *a, uint64_t elapsed_ms, bool done, AgentStatus *st)
{
    *st = a->live;
    st->stats.elapsed_ms = elapsed_ms;
    st->stats.nps = elapsed_ms ? st->stats.nodes * 1000 / elapsed_ms : 0;
    st->stats.running = !done;
    st->done = done;
}

void agent_engine_move(Agent *a, Move m, uint64_t elapsed_ms, AgentResult *r)
{
    r->answer = AGENT_MOVE;
    r->turn[0] = m;
    r->turn_len = 1;
    agent_engine_status(a, elapsed_ms, true, &r->final);
    r->final.stats.best = m;
    if (r->final.pv_len == 0 || r->final.pv[0] != m) { /* its line, if it told one that fits */
        r->final.pv[0] = m;
        r->final.pv_len = 1;
    }
}

bool agent_broken(const Agent *a) { return a->external && (a->dead || a->failure[0]); }

void agent_game_over(Agent *a, int outcome)
{
    if (a->external && !a->xshogi)
        agent_usi_game_over(a, outcome);
}
