/* game_clock.c - see game_clock.h. */
#include "players/game_clock.h"

bool clock_rules_ok(const ClockRules *r)
{
    if (!r->timed)
        return true;
    const int64_t v[3] = {r->main_ms, r->inc_ms, r->byoyomi_ms};
    for (int i = 0; i < 3; i++)
        if (v[i] < 0 || v[i] > CLOCK_MAX_MS)
            return false;
    return r->grace_ms >= 0 && (r->main_ms > 0 || r->byoyomi_ms > 0);
}

void game_clock_init(GameClock *c, const ClockRules *r)
{
    c->rules = *r;
    for (int s = 0; s < 2; s++) {
        c->main_left[s] = r->timed ? r->main_ms : 0;
        c->used[s] = 0;
    }
    c->turn = -1;
    c->turn_ms = 0;
    c->running = false;
    c->since = 0;
    c->flag = -1;
}

/* A clock read out of order (now before since) counts nothing. */
static int64_t since(const GameClock *c, uint64_t now)
{
    return c->running && now > c->since ? (int64_t)(now - c->since) : 0;
}

int64_t game_clock_turn_ms(const GameClock *c, int side, uint64_t now)
{
    return c->turn == side ? c->turn_ms + since(c, now) : 0;
}

void game_clock_start(GameClock *c, int side, uint64_t now)
{
    if (c->turn >= 0 && c->turn != side)
        game_clock_end_move(c, now);
    if (c->turn != side) {
        c->turn = side;
        c->turn_ms = 0;
        c->running = false;
    }
    if (!c->running) {
        c->running = true;
        c->since = now;
    }
}

void game_clock_stop(GameClock *c, uint64_t now)
{
    c->turn_ms += since(c, now);
    c->running = false;
}

/// A move's time comes off the main time; what the main time cannot cover
/// must fit in the byoyomi, which is the move's own and so comes back whole
/// for the next move (main time stays 0 from then on).  The increment is
/// earned by finishing the move, so it is added after the check.
bool game_clock_end_move(GameClock *c, uint64_t now)
{
    if (c->turn < 0)
        return true;
    game_clock_stop(c, now);
    const int side = c->turn;
    const int64_t spent = c->turn_ms;
    bool in_time = true;
    c->used[side] += spent;
    c->turn = -1;
    c->turn_ms = 0;
    if (!c->rules.timed)
        return true;
    const int64_t main_left = c->main_left[side];
    if (spent > main_left + c->rules.byoyomi_ms + c->rules.grace_ms) {
        in_time = false;
        if (c->flag < 0)
            c->flag = side;
    }
    c->main_left[side] = spent >= main_left ? 0 : main_left - spent;
    if (in_time)
        c->main_left[side] += c->rules.inc_ms;
    return in_time;
}

int64_t game_clock_remaining(const GameClock *c, int side, uint64_t now)
{
    if (!c->rules.timed)
        return INT64_MAX;
    return c->main_left[side] + c->rules.byoyomi_ms - game_clock_turn_ms(c, side, now);
}

int game_clock_check(GameClock *c, uint64_t now)
{
    if (c->flag < 0 && c->rules.timed && c->turn >= 0 &&
        game_clock_remaining(c, c->turn, now) < -c->rules.grace_ms) {
        c->flag = c->turn;
        game_clock_stop(c, now);
    }
    return c->flag;
}

int64_t game_clock_shown(const GameClock *c, int side, uint64_t now, bool *byoyomi)
{
    const int64_t spent = game_clock_turn_ms(c, side, now);
    *byoyomi = false;
    if (!c->rules.timed)
        return 0;
    if (c->main_left[side] > spent || c->rules.byoyomi_ms <= 0) {
        const int64_t left = c->main_left[side] - spent;
        return left > 0 ? left : 0;
    }
    *byoyomi = true;
    const int64_t left = game_clock_remaining(c, side, now);
    return left > 0 ? left : 0;
}

int64_t game_clock_used(const GameClock *c, int side, uint64_t now)
{
    return c->used[side] + game_clock_turn_ms(c, side, now);
}

void game_clock_agent(const GameClock *c, uint64_t now, int64_t reserve_ms, AgentClock *out)
{
    agent_clock_none(out);
    if (!c->rules.timed)
        return;
    for (int s = 0; s < 2; s++) {
        const int64_t main_ms = c->main_left[s] - game_clock_turn_ms(c, s, now) - reserve_ms;
        out->time_ms[s] = main_ms > 0 ? main_ms : 0;
        out->inc_ms[s] = c->rules.inc_ms;
    }
    const int64_t byo = c->rules.byoyomi_ms;
    if (byo > 0)
        out->byoyomi_ms = byo > 2 * reserve_ms ? byo - reserve_ms : (byo + 1) / 2;
}
