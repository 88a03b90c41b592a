/* test_move_frames.c - the steps a person sees a move take (GameOps'
 * move_frames, the UI's animation): how many, in which order, and that the
 * last one leads to play()'s child.  The expected frames were worked out by
 * hand from the rules, disc by disc and seed by seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"
#include "games/reversi/reversi.h"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

static Move parse_move(const Game *g, const void *state, const char *text)
{
    Move m;
    Err err = {{0}};
    if (g->ops->parse_move(g, state, text, &m, &err) != 0)
        fail_msg("move %s rejected: %s", text, err.msg);
    return m;
}

/* Every frame of `move` from `pos`, formatted; returns the count. */
static int frames_of(const Game *g, const char *pos, const char *move, char text[][160], int max)
{
    State s, f, before;
    Err err = {{0}};
    if (g->ops->parse_position(g, pos, s.bytes, &err) != 0)
        fail_msg("cannot parse '%s': %s", pos, err.msg);
    before = s;
    const Move m = parse_move(g, s.bytes, move);
    const int n = g->ops->move_frames(g, s.bytes, m, 0, f.bytes);
    assert_true(n <= max);
    for (int k = 0; k < n; k++) {
        memset(&f, 0x5A, sizeof f);
        assert_int_equal(g->ops->move_frames(g, s.bytes, m, k, f.bytes), n);
        g->ops->format_position(g, f.bytes, text[k], sizeof text[k]);
    }
    assert_memory_equal(s.bytes, before.bytes, g->state_size); /* a view only */
    return n;
}

/* ---- reversi ----------------------------------------------------------- */

/* Black's d4 turns e4 and f4 (east), d3 (north) and c5 and b6 (south-west);
 * d5 stays, as d6 is empty.  The turn spreads ring by ring, clockwise from
 * north within a ring: d4 placed, then d3 e4 c5, then f4 b6. */
static const char reversi_pos[] = "--------"
                                  "---X----"
                                  "---O----"
                                  "----OOX-"
                                  "--OO----"
                                  "-O------"
                                  "X-------"
                                  "-------- X";

/* The square that changed from `a` to `b`, both reversi states (-1: none
 * or more than one). */
static int changed_square(const ReversiState *a, const ReversiState *b)
{
    const uint64_t d = (a->mover ^ b->mover) | (a->other ^ b->other);
    return d && !(d & (d - 1)) ? __builtin_ctzll(d) : -1;
}

static void test_reversi_discs_turn_nearest_first(void **unused)
{
    (void)unused;
    ReversiState s, f, prev, child;
    Game *g = test_game_at("reversi", reversi_pos, &s);
    const Move m = parse_move(g, &s, "d4");
    assert_int_equal(g->ops->move_frames(g, &s, m, 0, &f), 6);
    static const char *const order[] = {"d4", "d3", "e4", "c5", "f4", "b6"};
    prev = s;
    for (int k = 0; k < 6; k++) {
        assert_int_equal(g->ops->move_frames(g, &s, m, k, &f), 6);
        char sq[8];
        g->ops->format_move(g, &s, (Move)changed_square(&prev, &f), sq, sizeof sq);
        assert_string_equal(sq, order[k]);
        assert_true(f.mover >> changed_square(&prev, &f) & 1); /* now black's */
        assert_int_equal(f.side, s.side);                     /* still black moving */
        prev = f;
    }
    /* the last frame is the child's board: nothing more changes */
    g->ops->play(g, &s, m, &child);
    assert_true(f.mover == child.other && f.other == child.mover);
    game_close(g);
}

static void test_reversi_pass_shows_at_once(void **unused)
{
    (void)unused;
    ReversiState s, f;
    /* white has no move; black does */
    Game *g = test_game_at("reversi-4x4", "XXX-XXO-XXX-XXXX O", &s);
    assert_int_equal(g->ops->move_frames(g, &s, MOVE_PASS, 0, &f), 0);
    game_close(g);
}

/* ---- Kalah --------------------------------------------------------------- */

/* kalah-4x3: the first player's pits 1-4, its store, the second's pits 1-4,
 * its store, the side to move.  Pit 4's seven seeds go to the first's store,
 * all four of the second's pits, then past the second's store to pits 1 and
 * 2; pit 2 had a seed, so nothing is captured. */
static void test_kalah_sowing_skips_the_opponents_store(void **unused)
{
    (void)unused;
    Game *g = test_game_open("kalah-4x3", NULL, 0);
    char f[16][160];
    const int n = frames_of(g, "2 1 1 7 0 3 3 3 3 1 1", "4", f, 16);
    static const char *const want[] = {
        "2 1 1 0 0 3 3 3 3 1 1", /* the seeds leave the pit */
        "2 1 1 0 1 3 3 3 3 1 1", "2 1 1 0 1 4 3 3 3 1 1", "2 1 1 0 1 4 4 3 3 1 1",
        "2 1 1 0 1 4 4 4 3 1 1", "2 1 1 0 1 4 4 4 4 1 1",
        "3 1 1 0 1 4 4 4 4 1 1", /* the second's store passed by */
        "3 2 1 0 1 4 4 4 4 1 1",
    };
    assert_int_equal(n, 8);
    for (int k = 0; k < n; k++)
        assert_string_equal(f[k], want[k]);
    game_close(g);
}

/* Pit 1's two seeds end in the empty pit 3, whose opposite (the second's
 * pit 2) holds three: the last seed and those three go to the store as one
 * more step. */
static void test_kalah_capture_is_a_step(void **unused)
{
    (void)unused;
    Game *g = test_game_open("kalah-4x3", NULL, 0);
    char f[16][160];
    const int n = frames_of(g, "2 1 0 1 4 3 3 3 3 4 1", "1", f, 16);
    static const char *const want[] = {
        "0 1 0 1 4 3 3 3 3 4 1",
        "0 2 0 1 4 3 3 3 3 4 1",
        "0 2 1 1 4 3 3 3 3 4 1",
        "0 2 0 1 8 3 0 3 3 4 1", /* the capture */
    };
    assert_int_equal(n, 4);
    for (int k = 0; k < n; k++)
        assert_string_equal(f[k], want[k]);
    game_close(g);
}

/* The second player sows past the first's store too, and the frames leave
 * the position it was played in alone. */
static void test_kalah_second_player_and_state_untouched(void **unused)
{
    (void)unused;
    Game *g = test_game_open("kalah-4x3", NULL, 0);
    char f[16][160];
    const int n = frames_of(g, "2 2 1 3 0 3 3 3 7 0 2", "4", f, 16);
    assert_int_equal(n, 8);
    assert_string_equal(f[0], "2 2 1 3 0 3 3 3 0 0 2");
    assert_string_equal(f[1], "2 2 1 3 0 3 3 3 0 1 2");
    assert_string_equal(f[5], "3 3 2 4 0 3 3 3 0 1 2");
    assert_string_equal(f[6], "3 3 2 4 0 4 3 3 0 1 2"); /* the first's store passed by */
    assert_string_equal(f[7], "3 3 2 4 0 4 4 3 0 1 2");
    game_close(g);
}

/* ---- gogo ------------------------------------------------------------------ */

/* The position as it stands for three steps (the board marks the move's
 * squares, the piece where it starts); play()'s child has it on its target. */
static void test_gogo_piece_shown_where_it_starts(void **unused)
{
    (void)unused;
    State s, f;
    Game *g = test_game_at("gogo", NULL, s.bytes);
    const Move m = parse_move(g, s.bytes, "5d5c");
    for (int k = 0; k < 3; k++) {
        memset(&f, 0x5A, sizeof f);
        assert_int_equal(g->ops->move_frames(g, s.bytes, m, k, f.bytes), 3);
        assert_memory_equal(f.bytes, s.bytes, g->state_size);
    }
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reversi_discs_turn_nearest_first),
        cmocka_unit_test(test_reversi_pass_shows_at_once),
        cmocka_unit_test(test_kalah_sowing_skips_the_opponents_store),
        cmocka_unit_test(test_kalah_capture_is_a_step),
        cmocka_unit_test(test_kalah_second_player_and_state_untouched),
        cmocka_unit_test(test_gogo_piece_shown_where_it_starts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
