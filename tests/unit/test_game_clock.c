/* test_game_clock.c - the game clock (players/game_clock.h) on a clock of
 * the test's own: every time is a number given, none is measured. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "players/game_clock.h"

static GameClock clock_of(int64_t main_ms, int64_t inc_ms, int64_t byoyomi_ms, int64_t grace_ms)
{
    const ClockRules r = {.timed = true, .main_ms = main_ms, .inc_ms = inc_ms,
                          .byoyomi_ms = byoyomi_ms, .grace_ms = grace_ms};
    assert_true(clock_rules_ok(&r));
    GameClock c;
    game_clock_init(&c, &r);
    return c;
}

/* One move of `side` from `at`, `ms` long; whether it was in time. */
static bool move(GameClock *c, int side, uint64_t at, int64_t ms)
{
    game_clock_start(c, side, at);
    return game_clock_end_move(c, at + (uint64_t)ms);
}

static void increment_comes_after_the_move(void **unused)
{
    (void)unused;
    GameClock c = clock_of(60000, 2000, 0, 0);
    assert_true(move(&c, 0, 1000, 3000));
    assert_int_equal(c.main_left[0], 60000 - 3000 + 2000);
    assert_int_equal(c.main_left[1], 60000);
    /* the increment does not count while the move is under way */
    game_clock_start(&c, 1, 5000);
    assert_int_equal(game_clock_remaining(&c, 1, 65000), 0);
    assert_int_equal(game_clock_check(&c, 65000), -1);
    assert_int_equal(game_clock_check(&c, 65001), 1);
    assert_false(game_clock_end_move(&c, 65001));
    assert_int_equal(c.main_left[1], 0); /* no increment for a move out of time */
}

static void byoyomi_comes_back_every_move(void **unused)
{
    (void)unused;
    GameClock c = clock_of(1000, 0, 5000, 0);
    bool byoyomi;
    assert_int_equal(game_clock_shown(&c, 0, 0, &byoyomi), 1000);
    assert_false(byoyomi);
    assert_true(move(&c, 0, 0, 4000)); /* main time gone, 3 s of byoyomi used */
    assert_int_equal(c.main_left[0], 0);
    assert_int_equal(game_clock_shown(&c, 0, 4000, &byoyomi), 5000); /* whole again */
    assert_true(byoyomi);
    game_clock_start(&c, 0, 10000);
    assert_int_equal(game_clock_shown(&c, 0, 12000, &byoyomi), 3000);
    assert_true(byoyomi);
    assert_true(game_clock_end_move(&c, 15000)); /* all 5 s: still in time */
    assert_true(move(&c, 0, 20000, 4999));
    assert_false(move(&c, 0, 30000, 5001));
    assert_int_equal(c.flag, 0);
}

static void flag_falls_exactly_when_over(void **unused)
{
    (void)unused;
    GameClock c = clock_of(3000, 0, 0, 0);
    game_clock_start(&c, 1, 100);
    assert_int_equal(game_clock_check(&c, 3100), -1); /* 0 ms left: not yet */
    assert_int_equal(game_clock_remaining(&c, 1, 3100), 0);
    assert_int_equal(game_clock_check(&c, 3101), 1);
    assert_int_equal(c.flag, 1);
    assert_false(c.running); /* stopped where it fell */
    bool byoyomi;
    assert_int_equal(game_clock_shown(&c, 1, 9000, &byoyomi), 0);
    /* a grace (the match's scheduling noise) moves the edge, no more */
    c = clock_of(3000, 0, 0, 100);
    assert_true(move(&c, 0, 0, 3100));
    c = clock_of(3000, 0, 0, 100);
    assert_false(move(&c, 0, 0, 3101));
    c = clock_of(3000, 0, 0, 0);
    assert_true(move(&c, 0, 0, 3000));
    assert_int_equal(c.main_left[0], 0);
    assert_int_equal(c.flag, -1);
}

static void time_used_is_summed(void **unused)
{
    (void)unused;
    GameClock c = clock_of(60000, 1000, 0, 0);
    assert_true(move(&c, 0, 0, 1500));
    assert_true(move(&c, 1, 1500, 700));
    /* a pause keeps the move's time; the time paused is nobody's */
    game_clock_start(&c, 0, 3000);
    game_clock_stop(&c, 3400);
    assert_int_equal(game_clock_used(&c, 0, 9000), 1900);
    game_clock_start(&c, 0, 9000);
    assert_int_equal(game_clock_used(&c, 0, 9100), 2000); /* the move under way counts */
    assert_int_equal(game_clock_turn_ms(&c, 0, 9100), 500);
    assert_true(game_clock_end_move(&c, 9600));
    assert_int_equal(game_clock_used(&c, 0, 20000), 2500);
    assert_int_equal(game_clock_used(&c, 1, 20000), 700);
    assert_int_equal(c.main_left[0], 60000 - 2500 + 2000);
    /* starting the other side ends the move under way */
    game_clock_start(&c, 1, 20000);
    game_clock_start(&c, 0, 20300);
    assert_int_equal(game_clock_used(&c, 1, 30000), 1000);
    /* a clock read out of order counts nothing */
    assert_int_equal(game_clock_turn_ms(&c, 0, 100), 0);
}

static void untimed_counts_but_never_falls(void **unused)
{
    (void)unused;
    const ClockRules none = {.timed = false};
    GameClock c;
    game_clock_init(&c, &none);
    assert_true(move(&c, 0, 0, 86400000));
    game_clock_start(&c, 1, 0);
    assert_int_equal(game_clock_check(&c, 999999999), -1);
    assert_int_equal(game_clock_used(&c, 0, 0), 86400000);
    AgentClock a;
    game_clock_agent(&c, 0, 250, &a);
    assert_int_equal(agent_budget(&a, 0).hard_ms, 0); /* no clock: the player's own limits */
}

static void a_player_sees_its_time_less_a_reserve(void **unused)
{
    (void)unused;
    GameClock c = clock_of(60000, 2000, 0, 0);
    assert_true(move(&c, 0, 0, 10000));
    game_clock_start(&c, 1, 10000);
    AgentClock a;
    game_clock_agent(&c, 10400, 250, &a);
    assert_int_equal(a.time_ms[0], 52000 - 250);
    assert_int_equal(a.time_ms[1], 60000 - 400 - 250);
    assert_int_equal(a.inc_ms[1], 2000);
    assert_true(agent_budget(&a, 1).hard_ms <= a.time_ms[1]);
    c = clock_of(0, 0, 2000, 0);
    game_clock_agent(&c, 0, 250, &a);
    assert_int_equal(a.time_ms[0], 0);
    assert_int_equal(a.byoyomi_ms, 1750);
    assert_int_equal(agent_budget(&a, 0).hard_ms, 1750);
    c = clock_of(0, 0, 300, 0); /* a short byoyomi: half of it */
    game_clock_agent(&c, 0, 250, &a);
    assert_int_equal(a.byoyomi_ms, 150);
}

/* A player that spends every move's whole hard limit, on clocks whose
 * increment barely keeps up, is never flagged: the budget leaves room for
 * the increment it has not yet earned.  (Sudden death, with neither an
 * increment nor a byoyomi, must run out in an endless game: 100 plies.) */
static void the_budget_never_flags(void **unused)
{
    (void)unused;
    static const int64_t rules[][4] = {/* main, increment, byoyomi, plies */
        {60000, 1000, 0, 400}, {3000, 1000, 0, 400},     {1500, 1000, 0, 400},
        {10000, 100, 0, 400},  {5000, 0, 1000, 400},     {60000, 1000, 1000, 400},
        {60000, 0, 0, 100},    {300000, 5000, 0, 400}};
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        GameClock c = clock_of(rules[i][0], rules[i][1], rules[i][2], 0);
        uint64_t now = 0;
        for (int ply = 0; ply < rules[i][3]; ply++) {
            const int side = ply % 2;
            AgentClock a;
            game_clock_agent(&c, now, 0, &a);
            const int64_t spent = agent_budget(&a, side).hard_ms;
            assert_true(spent > 0);
            if (!move(&c, side, now, spent))
                fail_msg("rules %zu: flagged at ply %d spending %lld ms", i, ply,
                         (long long)spent);
            now += (uint64_t)spent;
        }
    }
}

static void rules_need_time(void **unused)
{
    (void)unused;
    ClockRules r = {.timed = true, .main_ms = 0, .inc_ms = 5000};
    assert_false(clock_rules_ok(&r)); /* an increment alone loses the first move */
    r.byoyomi_ms = 1000;
    assert_true(clock_rules_ok(&r));
    r.main_ms = CLOCK_MAX_MS + 1;
    assert_false(clock_rules_ok(&r));
    r.main_ms = -1;
    assert_false(clock_rules_ok(&r));
    r = (ClockRules){.timed = false};
    assert_true(clock_rules_ok(&r));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(increment_comes_after_the_move),
        cmocka_unit_test(byoyomi_comes_back_every_move),
        cmocka_unit_test(flag_falls_exactly_when_over),
        cmocka_unit_test(time_used_is_summed),
        cmocka_unit_test(untimed_counts_but_never_falls),
        cmocka_unit_test(a_player_sees_its_time_less_a_reserve),
        cmocka_unit_test(the_budget_never_flags),
        cmocka_unit_test(rules_need_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
