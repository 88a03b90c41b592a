/* test_ui_animation.c - when each step of an animated move shows
 * (ui/animation.c), on a clock the test turns by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <string.h>

#include "ui/animation.h"

/* kalah-4x3, pit 1's three seeds: the lift and three seeds, four steps. */
static void steps_show_in_turn_then_the_move(void **unused)
{
    (void)unused;
    unsigned char s[GAME_MAX_STATE], f[GAME_MAX_STATE];
    Game *g = test_game_at("kalah-4x3", "3 3 3 3 0 3 3 3 3 0 1", s);
    Animation a;
    animation_start(&a, g, s, 0, 100, 1000);
    assert_true(animation_tick(&a, g, 1000));
    g->ops->move_frames(g, s, 0, 0, f);
    assert_memory_equal(animation_frame(&a), f, g->state_size);
    assert_int_equal(animation_next_at(&a), 1100);
    assert_true(animation_tick(&a, g, 1250)); /* a late tick: the frame due */
    g->ops->move_frames(g, s, 0, 2, f);
    assert_memory_equal(animation_frame(&a), f, g->state_size);
    assert_int_equal(animation_next_at(&a), 1300);
    assert_true(animation_tick(&a, g, 1399));
    assert_false(animation_tick(&a, g, 1400)); /* four steps shown: the move's own position */
    assert_null(animation_frame(&a));
    assert_int_equal(animation_next_at(&a), 0);
    game_close(g);
}

/* Off, a game without frames, a move without any (a pass), a key. */
static void nothing_runs_when_there_is_nothing_to_show(void **unused)
{
    (void)unused;
    unsigned char s[GAME_MAX_STATE];
    Animation a;
    Game *g = test_game_at("kalah-4x3", NULL, s);
    animation_start(&a, g, s, 0, 0, 0);
    assert_null(animation_frame(&a));
    animation_start(&a, g, s, 0, 100, 0);
    assert_non_null(animation_frame(&a));
    animation_stop(&a);
    assert_null(animation_frame(&a));
    assert_false(animation_tick(&a, g, 0));
    game_close(g);
    g = test_game_at("tree", NULL, s);
    assert_null(g->ops->move_frames);
    animation_start(&a, g, s, 0, 100, 0);
    assert_null(animation_frame(&a));
    game_close(g);
    g = test_game_at("reversi-4x4", "XXX-XXO-XXX-XXXX O", s);
    animation_start(&a, g, s, MOVE_PASS, 100, 0);
    assert_null(animation_frame(&a));
    game_close(g);
}

/* A pit of 30 seeds (31 steps) takes as long as ANIMATION_MAX_STEPS would. */
static void a_long_move_goes_faster(void **unused)
{
    (void)unused;
    unsigned char s[GAME_MAX_STATE];
    Game *g = test_game_at("kalah-4x10", "30 1 1 1 0 10 10 10 10 7 1", s);
    Animation a;
    animation_start(&a, g, s, 0, 100, 0);
    assert_int_equal(a.steps, 31);
    assert_int_equal(a.step_ms, 100 * ANIMATION_MAX_STEPS / 31);
    assert_false(animation_tick(&a, g, 31 * (uint64_t)a.step_ms));
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(steps_show_in_turn_then_the_move),
        cmocka_unit_test(nothing_runs_when_there_is_nothing_to_show),
        cmocka_unit_test(a_long_move_goes_faster),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
