#define _POSIX_C_SOURCE 200809L /* mkdtemp */
/* test_kalah.c - Kalah's rules on hand-checked positions, the variants and
 * options, the notation and every kind of bad input.
 *
 * Positions are written in yomi's notation (doc/cli.md): the first player's pits
 * left to right, its store, the second player's pits left to right as the
 * second player sees them, its store, then the side to move.  Each expected
 * position below was worked out by hand from the rules, seed by seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "games/kalah/eval.h"
#include "games/kalah/kalah.h"
#include "games/registry.h"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

static Game *open_kalah(const char *id, const char *rules, const char *capture)
{
    GameOption opts[2] = {{NULL, NULL}, {NULL, NULL}};
    int n = 0;
    if (rules)
        opts[n++] = (GameOption){"rules", rules};
    if (capture)
        opts[n++] = (GameOption){"capture", capture};
    Err err = {{0}};
    Game *g = game_open(id, opts, n, &err);
    if (!g)
        fail_msg("cannot open %s: %s", id, err.msg);
    return g;
}

/* kalah (6x6, standard rules) with --eval VALUE; NULL and err when refused. */
static Game *try_eval(const char *value, Err *err)
{
    GameOption opt = {"eval", value};
    return game_open("kalah", &opt, 1, err);
}

static Game *open_with_eval(const char *value)
{
    Err err = {{0}};
    Game *g = try_eval(value, &err);
    if (!g)
        fail_msg("cannot open kalah --eval %s: %s", value, err.msg);
    return g;
}

static State parse(const Game *g, const char *text)
{
    State s;
    memset(&s, 0xA5, sizeof s); /* the parser must not rely on a clean slot */
    Err err = {{0}};
    if (g->ops->parse_position(g, text, s.bytes, &err) != 0)
        fail_msg("cannot parse '%s': %s", text, err.msg);
    return s;
}

static const char *format(const Game *g, const State *s)
{
    static char buf[256];
    g->ops->format_position(g, s->bytes, buf, sizeof buf);
    return buf;
}

/* Play pit `pit` (1-based, mover's view) after checking it is legal. */
static State play_pit(const Game *g, const State *s, const char *pit)
{
    Move m;
    Err err = {{0}};
    if (g->ops->parse_move(g, s->bytes, pit, &m, &err) != 0)
        fail_msg("move %s rejected: %s", pit, err.msg);
    State child;
    memset(&child, 0x5A, sizeof child);
    g->ops->play(g, s->bytes, m, child.bytes);
    return child;
}

/* From `before`, pit `pit` must give exactly `after`. */
static void expect_move(const Game *g, const char *before, const char *pit, const char *after)
{
    State s = parse(g, before);
    State c = play_pit(g, &s, pit);
    assert_string_equal(format(g, &c), after);
    /* The child must equal the parsed position byte for byte: hash and
     * padding included, or copy-make tables would see two states. */
    State expected = parse(g, after);
    assert_memory_equal(c.bytes, expected.bytes, g->state_size);
}

static void expect_open_error(const char *id, const GameOption *opts, int n, const char *words)
{
    Err err = {{0}};
    Game *g = game_open(id, opts, n, &err);
    if (g) {
        game_close(g);
        fail_msg("%s opened, but should not", id);
    }
    if (!strstr(err.msg, words))
        fail_msg("%s: message '%s' lacks '%s'", id, err.msg, words);
}

static void test_ids_and_shapes(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    assert_string_equal(g->name, "kalah");
    assert_int_equal(kalah_pits(g), 6);
    assert_int_equal(kalah_total_seeds(g), 72);
    assert_int_equal(g->max_moves, 6);
    assert_true(g->state_size <= GAME_MAX_STATE);
    assert_int_equal(kalah_rules(g), KALAH_RULES_STANDARD);
    assert_int_equal(kalah_capture(g), KALAH_CAPTURE_STANDARD);
    game_close(g);

    g = open_kalah("kalah-6x6", NULL, NULL);
    assert_string_equal(g->name, "kalah");
    game_close(g);
    g = open_kalah("kalah-4x3", NULL, NULL);
    assert_string_equal(g->name, "kalah-4x3");
    assert_int_equal(kalah_pits(g), 4);
    assert_int_equal(kalah_total_seeds(g), 24);
    game_close(g);
    g = open_kalah("kalah-8x10", NULL, NULL);
    assert_int_equal(kalah_total_seeds(g), 160);
    game_close(g);
    g = open_kalah("kalah-1x1", NULL, NULL);
    assert_int_equal(kalah_total_seeds(g), 2);
    game_close(g);

    expect_open_error("kalah-0x3", NULL, 0, "0 pits per side is out of range (1..8)");
    expect_open_error("kalah-9x1", NULL, 0, "9 pits per side is out of range (1..8)");
    expect_open_error("kalah-6x11", NULL, 0, "11 seeds per pit is out of range (1..10)");
    expect_open_error("kalah-6x0", NULL, 0, "0 seeds per pit is out of range");
    expect_open_error("kalah-6x", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-x6", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-6x6x", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-6y6", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-1234x3", NULL, 0, "expected kalah or kalah-MxN");
    expect_open_error("kalah-6x-6", NULL, 0, "expected kalah or kalah-MxN");
}

static void test_options(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", "seed", "empty");
    assert_int_equal(kalah_rules(g), KALAH_RULES_SEED);
    assert_int_equal(kalah_capture(g), KALAH_CAPTURE_EMPTY);
    game_close(g);
    g = open_kalah("kalah-3x3", "standard", "standard");
    assert_int_equal(kalah_rules(g), KALAH_RULES_STANDARD);
    assert_int_equal(kalah_capture(g), KALAH_CAPTURE_STANDARD);
    game_close(g);

    GameOption start = {"start", "cross"}, score = {"score", "discs"};
    GameOption bad_rules = {"rules", "fast"}, bad_capture = {"capture", "never"};
    GameOption no_value = {"rules", NULL}, no_key = {NULL, "x"};
    expect_open_error("kalah", &start, 1, "--start does not apply to kalah");
    expect_open_error("kalah-4x4", &score, 1, "--score does not apply to kalah");
    expect_open_error("kalah", &bad_rules, 1, "--rules: 'fast' is not one of standard, seed");
    expect_open_error("kalah", &bad_capture, 1, "--capture: 'never' is not one of standard, empty");
    expect_open_error("kalah", &no_value, 1, "--rules needs a value");
    expect_open_error("kalah", &no_key, 1, "without a name");
}

static void test_start_and_natural_order(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    State s;
    g->ops->start(g, s.bytes);
    assert_string_equal(format(g, &s), "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1");
    assert_int_equal(g->ops->side_to_move(g, s.bytes), 0);
    assert_false(g->ops->is_terminal(g, s.bytes));
    Move moves[GAME_MAX_MOVES];
    assert_int_equal(g->ops->legal_moves(g, s.bytes, moves), 6);
    for (int i = 0; i < 6; i++)
        assert_int_equal(moves[i], kalah_move(g, 0, i));
    /* the second player's moves come in its own left-to-right order */
    s = parse(g, "6 6 6 6 6 6 0 6 0 6 0 6 6 12 2");
    int n = g->ops->legal_moves(g, s.bytes, moves);
    assert_int_equal(n, 4);
    int want[] = {0, 2, 4, 5};
    for (int i = 0; i < n; i++) {
        assert_int_equal(moves[i], kalah_move(g, 1, want[i]));
        assert_int_equal(kalah_move_pit(g, moves[i]), want[i]);
    }
    game_close(g);
}

static void test_sowing(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    /* six seeds from pit 3: pits 4..6, the store, then two of the opponent's */
    expect_move(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "3", "6 6 0 7 7 7 1 7 7 6 6 6 6 0 2");
    /* the second player sows into its own store, not the first's */
    expect_move(g, "6 6 0 7 7 7 1 7 7 6 6 6 6 0 2", "4", "7 7 1 7 7 7 1 7 7 6 0 7 7 1 1");
    game_close(g);
}

static void test_skips_the_opponents_store(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    /* ten seeds from pit 6: own store, six opposing pits, (skip), pits 1..3 */
    expect_move(g, "1 1 1 1 1 10 0 6 6 6 6 6 6 21 1", "6", "2 2 2 1 1 0 1 7 7 7 7 7 7 21 2");
    /* and the same for the second player around the first player's store */
    expect_move(g, "6 6 6 6 6 6 21 1 1 1 1 1 10 0 2", "6", "7 7 7 7 7 7 21 2 2 2 1 1 0 1 1");
    game_close(g);
}

static void test_long_laps(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    /* 13 seeds make one full lap: the emptied origin gets the last seed, so
     * it "was empty" and captures the 2+1 seeds opposite */
    expect_move(g, "13 0 0 0 0 1 0 2 2 2 2 2 2 46 1", "1", "0 1 1 1 1 2 5 3 3 3 3 3 0 46 2");
    /* 15 seeds: a lap plus two; the last lands on 1+1 seeds, no capture */
    expect_move(g, "15 0 0 0 0 1 0 2 2 2 2 2 2 44 1", "1", "1 2 2 1 1 2 1 3 3 3 3 3 3 44 2");
    game_close(g);

    /* one pit per side: a 3-cell lap; 7 seeds = two laps and one more, which
     * ends in the store, so the mover plays again */
    g = open_kalah("kalah-1x4", NULL, NULL);
    expect_move(g, "7 0 1 0 1", "1", "2 3 3 0 1");
    game_close(g);

    /* 8x10: 17-cell lap; 40 seeds from pit 8 are two laps and six */
    g = open_kalah("kalah-8x10", NULL, NULL);
    expect_move(g, "10 10 10 10 10 10 10 40 0 10 10 0 0 0 0 0 0 30 1", "8",
                "12 12 12 12 12 12 12 2 3 13 13 3 3 3 2 2 2 30 2");
    game_close(g);
}

static void test_extra_turn(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    State s = parse(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1");
    State c = play_pit(g, &s, "1");
    assert_string_equal(format(g, &c), "0 7 7 7 7 7 1 6 6 6 6 6 6 0 1");
    assert_int_equal(g->ops->side_to_move(g, c.bytes), 0);
    /* second player's extra turn: 4 seeds from its pit 3 end in its store */
    expect_move(g, "6 6 6 6 6 6 0 6 6 4 6 6 6 2 2", "3", "6 6 6 6 6 6 0 6 6 0 7 7 7 3 2");
    game_close(g);
}

static void test_capture(void **unused)
{
    (void)unused;
    Game *std = open_kalah("kalah", NULL, NULL);
    Game *empty = open_kalah("kalah", NULL, "empty");
    /* last seed in the empty pit 3 captures it and the 5 opposite (their pit 4) */
    const char *capture = "2 0 0 0 0 1 10 5 5 5 5 5 5 29 1";
    expect_move(std, capture, "1", "0 1 0 0 0 1 16 5 5 5 0 5 5 29 2");
    expect_move(empty, capture, "1", "0 1 0 0 0 1 16 5 5 5 0 5 5 29 2");
    /* opposite pit empty: standard leaves the seed, empty-capture stores it */
    const char *lone = "2 0 0 0 0 1 10 5 5 5 0 5 5 34 1";
    expect_move(std, lone, "1", "0 1 1 0 0 1 10 5 5 5 0 5 5 34 2");
    expect_move(empty, lone, "1", "0 1 0 0 0 1 11 5 5 5 0 5 5 34 2");
    /* the second player captures from the first player's pit 4 */
    expect_move(std, "5 5 5 5 5 5 29 2 0 0 0 0 1 10 2", "1", "5 5 5 0 5 5 29 0 1 0 0 0 1 16 1");
    /* a pit that held seeds before the last one does not capture */
    expect_move(std, "2 0 1 0 0 1 10 5 5 5 5 5 5 28 1", "1", "0 1 2 0 0 1 10 5 5 5 5 5 5 28 2");
    game_close(std);
    game_close(empty);
}

static void test_no_capture_on_the_opponents_side(void **unused)
{
    (void)unused;
    const char *before = "1 0 0 0 0 2 19 0 5 5 5 5 5 25 1";
    const char *after = "1 0 0 0 0 0 20 1 5 5 5 5 5 25 2";
    Game *std = open_kalah("kalah", NULL, NULL);
    Game *empty = open_kalah("kalah", NULL, "empty");
    expect_move(std, before, "6", after);
    expect_move(empty, before, "6", after);
    game_close(std);
    game_close(empty);
}

static void test_end_of_game_sweep(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    Move moves[GAME_MAX_MOVES];
    /* the mover empties its own side: the 26 seeds opposite go to their owner */
    State s = parse(g, "0 0 0 0 0 2 20 0 5 5 5 5 5 25 1");
    State c = play_pit(g, &s, "6");
    assert_string_equal(format(g, &c), "0 0 0 0 0 0 21 0 0 0 0 0 0 51 2");
    assert_true(g->ops->is_terminal(g, c.bytes));
    assert_int_equal(g->ops->legal_moves(g, c.bytes, moves), 0);
    assert_int_equal(g->ops->final_score(g, c.bytes), 51 - 21);
    /* a capture empties the opponent's side: the mover keeps its own seeds */
    expect_move(g, "2 0 0 0 0 1 10 0 0 0 5 0 0 54 1", "1", "0 0 0 0 0 0 18 0 0 0 0 0 0 54 2");
    /* an extra-turn move that ends the game: the mover stays to move */
    s = parse(g, "0 0 0 0 0 1 30 1 1 1 1 1 1 35 1");
    c = play_pit(g, &s, "6");
    assert_string_equal(format(g, &c), "0 0 0 0 0 0 31 0 0 0 0 0 0 41 1");
    assert_int_equal(g->ops->side_to_move(g, c.bytes), 0);
    assert_int_equal(g->ops->final_score(g, c.bytes), 31 - 41);
    /* a hand-made position with one side empty is over; it scores as swept */
    s = parse(g, "0 0 0 0 0 0 30 1 1 1 1 1 1 36 1");
    assert_true(g->ops->is_terminal(g, s.bytes));
    assert_int_equal(g->ops->legal_moves(g, s.bytes, moves), 0);
    assert_int_equal(g->ops->final_score(g, s.bytes), 30 - 42);
    assert_int_equal(g->ops->evaluate(g, s.bytes), 30 - 42);
    game_close(g);
}

static void test_seed_rules_end_early(void **unused)
{
    (void)unused;
    Game *seed = open_kalah("kalah", "seed", NULL);
    Game *std = open_kalah("kalah", NULL, NULL);
    Move moves[GAME_MAX_MOVES];
    /* the first store goes to 37 while seeds remain in the pits */
    const char *before = "0 0 0 0 1 1 36 2 2 2 2 2 2 22 1";
    const char *after = "0 0 0 0 1 0 37 2 2 2 2 2 2 22 1";
    expect_move(seed, before, "6", after);
    State s = parse(seed, after);
    assert_true(seed->ops->is_terminal(seed, s.bytes));
    assert_int_equal(seed->ops->legal_moves(seed, s.bytes, moves), 0);
    assert_int_equal(seed->ops->final_score(seed, s.bytes), 72);
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), 72);
    /* standard rules play on */
    s = parse(std, after);
    assert_false(std->ops->is_terminal(std, s.bytes));
    assert_int_equal(std->ops->legal_moves(std, s.bytes, moves), 1);
    /* exactly half is not more than half */
    s = parse(seed, "0 0 0 0 1 0 36 2 2 2 2 2 2 23 1");
    assert_false(seed->ops->is_terminal(seed, s.bytes));
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), 36 - 23);
    /* the second store above half: -72 for the first player, +72 for the second */
    s = parse(seed, "1 1 1 1 1 1 20 1 1 1 1 1 1 40 2");
    assert_true(seed->ops->is_terminal(seed, s.bytes));
    assert_int_equal(seed->ops->final_score(seed, s.bytes), 72);
    s = parse(seed, "1 1 1 1 1 1 20 1 1 1 1 1 1 40 1");
    assert_int_equal(seed->ops->final_score(seed, s.bytes), -72);
    /* on a small board "half" is half of that board's seeds: 12 of 24 */
    Game *small = open_kalah("kalah-4x3", "seed", NULL);
    s = parse(small, "1 1 1 1 13 1 1 1 1 3 1");
    assert_true(small->ops->is_terminal(small, s.bytes));
    assert_int_equal(small->ops->final_score(small, s.bytes), 24);
    s = parse(small, "1 1 1 1 12 1 1 1 1 4 1");
    assert_false(small->ops->is_terminal(small, s.bytes));
    game_close(small);
    game_close(seed);
    game_close(std);
}

static void test_evaluation_values(void **unused)
{
    (void)unused;
    Game *seed = open_kalah("kalah", "seed", NULL);
    Game *std = open_with_eval("simple");
    State s;
    seed->ops->start(seed, s.bytes);
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), 0);
    /* seed: first store - second store, negated with the second to move */
    s = parse(seed, "1 2 3 4 5 6 10 6 5 4 3 2 1 20 1");
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), 10 - 20);
    s = parse(seed, "1 2 3 4 5 6 10 6 5 4 3 2 1 20 2");
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), 20 - 10);
    /* a store above half is worth +-72 whatever the difference */
    s = parse(seed, "0 0 0 0 0 14 10 1 1 1 1 1 1 42 1");
    assert_int_equal(seed->ops->evaluate(seed, s.bytes), -72);
    /* a finished game under the seed rules is the same formula */
    s = parse(seed, "0 0 0 0 0 0 36 0 0 0 0 0 0 36 2");
    assert_int_equal(seed->ops->final_score(seed, s.bytes), 0);
    s = parse(seed, "0 0 0 0 0 0 30 1 1 1 1 1 1 36 1");
    assert_int_equal(seed->ops->final_score(seed, s.bytes), -72); /* 30 : 42 after the sweep */
    /* standard, untuned: store difference plus a quarter of the seeds-on-side difference */
    s = parse(std, "0 0 0 0 0 14 10 1 1 1 1 1 1 42 1");
    assert_int_equal(std->ops->evaluate(std, s.bytes), (10 - 42) + (14 - 6) / 4);
    s = parse(std, "0 0 0 0 0 14 10 1 1 1 1 1 1 42 2");
    assert_int_equal(std->ops->evaluate(std, s.bytes), (42 - 10) + (6 - 14) / 4);
    game_close(seed);
    game_close(std);
}

/* The tuned evaluation: its features counted by hand on one position, the
 * weights of a file applied to them, and bad weight files refused with the
 * line named. */
static void test_tuned_evaluation(void **unused)
{
    (void)unused;
    Game *g = open_with_eval("simple");
    /* mover: 14 seeds in pit 6 (13 sown across), 5 empty pits; the other
     * side: one seed a pit, the last of which reaches its store */
    State s = parse(g, "0 0 0 0 0 14 10 1 1 1 1 1 1 42 1");
    int f[KALAH_EVAL_FEATURES];
    kalah_eval_features(g, s.bytes, f);
    const int want[KALAH_EVAL_FEATURES] = {[KF_SEEDS] = 8, [KF_EXTRA] = -1, [KF_CAPTURE] = 0,
                                           [KF_EMPTY] = 5, [KF_OVERFLOW] = 13, [KF_TEMPO] = 1};
    assert_memory_equal(f, want, sizeof f);
    /* pit 2's two seeds end in the empty pit 4, facing the other side's pit
     * 3 and its 5 seeds: a capture of 6; the other side has none */
    s = parse(g, "1 2 0 0 9 0 10 3 0 5 1 1 1 39 1");
    kalah_eval_features(g, s.bytes, f);
    assert_int_equal(f[KF_CAPTURE], 6);
    game_close(g);

    char dir[] = "/tmp/yomi-kalah-eval-XXXXXX", path[128];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/w.txt", dir);
    static const struct {
        const char *text, *why; /* why: NULL for a good file, else part of the error */
    } files[] = {
        {"yomi-kalah-eval 1\n# comment\nweights 256 0 0 0 0 512\n", NULL},
        {"", "not a kalah weight file"},
        {"yomi-reversi 1\nweights 1 2 3 4 5 6\n", ":1: not a kalah weight file"},
        {"yomi-kalah-eval 1\nweights 1 2 3\n", "line 2: weights needs 6 numbers, found 3"},
        {"yomi-kalah-eval 1\nweights 1 2 3 4 5 6 7\n", "line 2: weights has more than 6 numbers"},
        {"yomi-kalah-eval 1\nweights 1 2 x 4 5 6\n", "line 2: weights: value 3 is not a whole number"},
        {"yomi-kalah-eval 1\nweights 1 2 3 4 5 999999\n", "line 2: weights: value 6 is out of range"},
        {"yomi-kalah-eval 1\nweights 1 2 3 4 5 6\nweights 1 2 3 4 5 6\n", ":3: expected one"},
        {"yomi-kalah-eval 1\nweights1 2 3 4 5 6\n", ":2: expected one"},
        {"yomi-kalah-eval 1\n", "no 'weights' line"},
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *out = fopen(path, "w");
        assert_non_null(out);
        fputs(files[i].text, out);
        fclose(out);
        Err err = {{0}};
        g = try_eval(path, &err);
        if (!files[i].why) {
            assert_non_null(g);
            s = parse(g, "0 0 0 0 0 14 10 1 1 1 1 1 1 42 1");
            assert_int_equal(g->ops->evaluate(g, s.bytes), (10 - 42) + 8 + 2);
            game_close(g);
        } else {
            assert_null(g);
            if (!strstr(err.msg, files[i].why))
                fail_msg("file %zu: '%s' does not say '%s'", i, err.msg, files[i].why);
        }
    }
    Err err = {{0}};
    assert_null(try_eval("/nonexistent/w.txt", &err));
    assert_non_null(strstr(err.msg, "cannot open"));
    assert_null(try_eval("best", &err));
    remove(path);
    rmdir(dir);
}

static void test_accessors(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah-4x3", NULL, NULL);
    State s = parse(g, "1 2 3 4 5 6 0 1 2 0 2");
    for (int i = 0; i < 4; i++) {
        assert_int_equal(kalah_seeds(g, s.bytes, 0, i), i + 1);
        assert_int_equal(kalah_move_pit(g, kalah_move(g, 0, i)), i);
        assert_int_equal(kalah_move_pit(g, kalah_move(g, 1, i)), i);
    }
    assert_int_equal(kalah_seeds(g, s.bytes, 1, 0), 6);
    assert_int_equal(kalah_seeds(g, s.bytes, 1, 3), 2);
    assert_int_equal(kalah_store(g, s.bytes, 0), 5);
    assert_int_equal(kalah_store(g, s.bytes, 1), 0);
    assert_int_equal(kalah_move_pit(g, MOVE_NONE), -1);
    assert_int_equal(kalah_move_pit(g, MOVE_PASS), -1);
    game_close(g);
}

static void test_keys(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    State a = parse(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1");
    State b = parse(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 2");
    State c = parse(g, "6 6 6 6 6 7 0 6 6 6 6 6 5 0 1");
    State start;
    g->ops->start(g, start.bytes);
    assert_memory_equal(a.bytes, start.bytes, g->state_size);
    assert_true(g->ops->hash(g, a.bytes) != g->ops->hash(g, b.bytes));
    assert_true(g->ops->hash(g, a.bytes) != g->ops->hash(g, c.bytes));
    uint8_t ka[GAME_MAX_KEY], kb[GAME_MAX_KEY];
    int la = g->ops->exact_key(g, a.bytes, ka), lb = g->ops->exact_key(g, b.bytes, kb);
    assert_int_equal(la, 15);
    assert_int_equal(lb, 15);
    assert_true(memcmp(ka, kb, 15) != 0);
    game_close(g);
}

static void test_ordering_hints(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    /* pit 1: plain; pit 2: 5 seeds to the store (extra turn); pit 3: plain;
     * pit 4: 1 seed into empty pit 5 opposite 6 seeds (capture); pit 6: 1 seed
     * to the store (extra turn) */
    State s = parse(g, "3 5 8 1 0 1 10 6 6 6 6 6 6 8 1");
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, s.bytes, moves);
    assert_int_equal(n, 5);
    g->ops->order_static(g, s.bytes, moves, n);
    int want[] = {1, 5, 3, 0, 2};
    for (int i = 0; i < n; i++)
        assert_int_equal(kalah_move_pit(g, moves[i]), want[i]);
    n = g->ops->legal_moves(g, s.bytes, moves);
    int scores[GAME_MAX_MOVES];
    g->ops->score_moves(g, s.bytes, moves, n, scores);
    assert_true(scores[1] > scores[3] && scores[4] > scores[3]); /* extra turns first */
    assert_true(scores[3] > scores[0] && scores[3] > scores[2]); /* then the capture */
    assert_true(scores[2] > scores[0]); /* 8 seeds put one in the store */
    game_close(g);
}

static void test_notation_round_trips(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    State start;
    g->ops->start(g, start.bytes);
    State s = parse(g, "  6\t6 6 6 6 6 0\n6 6 6 6 6 6 0   1 ");
    assert_memory_equal(s.bytes, start.bytes, g->state_size);
    const char *texts[] = {
        "0 0 0 0 0 0 36 0 0 0 0 0 0 36 2",
        "72 0 0 0 0 0 0 0 0 0 0 0 0 0 1",
        "1 2 3 4 5 6 10 6 5 4 3 2 1 20 2",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        s = parse(g, texts[i]);
        assert_string_equal(format(g, &s), texts[i]);
    }
    game_close(g);
    g = open_kalah("kalah-8x10", NULL, NULL);
    s = parse(g, "160 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2");
    assert_string_equal(format(g, &s), "160 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2");
    game_close(g);
    g = open_kalah("kalah-1x1", NULL, NULL);
    s = parse(g, "1 0 1 0 1");
    assert_string_equal(format(g, &s), "1 0 1 0 1");
    char tiny[4];
    g->ops->format_position(g, s.bytes, tiny, sizeof tiny);
    assert_string_equal(tiny, "1 0");
    game_close(g);
}

static void expect_bad_position(const Game *g, const char *text, const char *words)
{
    State s;
    memset(&s, 0, sizeof s);
    State before = s;
    Err err = {{0}};
    if (g->ops->parse_position(g, text, s.bytes, &err) == 0)
        fail_msg("'%s' parsed, but should not", text ? text : "(null)");
    if (!strstr(err.msg, words))
        fail_msg("'%s': message '%s' lacks '%s'", text ? text : "(null)", err.msg, words);
    assert_memory_equal(s.bytes, before.bytes, sizeof s.bytes); /* left untouched */
}

static void test_bad_positions(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    expect_bad_position(g, NULL, "no position");
    expect_bad_position(g, "", "too few numbers");
    expect_bad_position(g, "   ", "too few numbers");
    expect_bad_position(g, "6 6 6", "got 3");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0", "missing the side to move");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 3", "side to move must be 1 or 2, not '3'");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 X", "side to move must be 1 or 2");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 12", "side to move must be 1 or 2");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1 x", "unexpected 'x' after the side");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1 1", "unexpected '1' after the side");
    expect_bad_position(g, "6 6 a 6 6 6 0 6 6 6 6 6 6 0 1", "seed count 3: 'a' is not a number");
    expect_bad_position(g, "6 6 6.0 6 6 6 0 6 6 6 6 6 6 0 1", "'6.0' is not a number");
    expect_bad_position(g, "+6 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "is not a number");
    expect_bad_position(g, "6,6,6,6,6,6,0,6,6,6,6,6,6,0,1", "is not a number");
    expect_bad_position(g, "-6 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "seed count 1 is negative");
    expect_bad_position(g, "1000 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "is not a number");
    expect_bad_position(g, "100 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "more than the 72 seeds");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 1 1", "the seeds add up to 73, but kalah has 72");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 5 0 2", "add up to 71");
    /* a position of another size */
    expect_bad_position(g, "3 3 3 3 0 3 3 3 3 0 1", "too few numbers");
    char long_text[400];
    memset(long_text, ' ', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    memcpy(long_text, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1", 29);
    expect_bad_position(g, long_text, "too long");
    game_close(g);
    g = open_kalah("kalah-4x3", NULL, NULL);
    expect_bad_position(g, "3 3 3 3 0 3 3 3 3 1 1", "add up to 25, but kalah-4x3 has 24 (2 x 4 pits x 3 seeds)");
    expect_bad_position(g, "6 6 6 6 6 6 0 6 6 6 6 6 6 0 1", "side to move must be 1 or 2");
    game_close(g);
}

static void expect_bad_move(const Game *g, const State *s, const char *text, const char *words)
{
    Move m = MOVE_NONE;
    Err err = {{0}};
    if (g->ops->parse_move(g, s->bytes, text, &m, &err) == 0)
        fail_msg("move '%s' accepted, but should not", text ? text : "(null)");
    if (!strstr(err.msg, words))
        fail_msg("move '%s': message '%s' lacks '%s'", text ? text : "(null)", err.msg, words);
    assert_int_equal(m, MOVE_NONE);
}

static void test_moves_and_bad_moves(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", NULL, NULL);
    State s = parse(g, "6 0 6 6 6 6 0 6 6 6 6 6 6 6 2");
    Move m;
    Err err = {{0}};
    char name[16];
    for (int pit = 1; pit <= 6; pit++) {
        char text[8];
        snprintf(text, sizeof text, " %d\n", pit);
        assert_int_equal(g->ops->parse_move(g, s.bytes, text, &m, &err), 0);
        assert_int_equal(m, kalah_move(g, 1, pit - 1));
        g->ops->format_move(g, s.bytes, m, name, sizeof name);
        snprintf(text, sizeof text, "%d", pit);
        assert_string_equal(name, text);
    }
    g->ops->format_move(g, s.bytes, MOVE_NONE, name, sizeof name);
    assert_string_equal(name, "?");
    expect_bad_move(g, &s, "0", "pit 0 does not exist (1..6)");
    expect_bad_move(g, &s, "7", "pit 7 does not exist (1..6)");
    expect_bad_move(g, &s, "999", "pit 999 does not exist");
    expect_bad_move(g, &s, "", "no move given");
    expect_bad_move(g, &s, NULL, "no move given");
    expect_bad_move(g, &s, "a", "'a' is not a move");
    expect_bad_move(g, &s, "-1", "is not a move");
    expect_bad_move(g, &s, "1 2", "is not a move");
    expect_bad_move(g, &s, "1x", "is not a move");
    expect_bad_move(g, &s, "pass", "is not a move");
    s = parse(g, "6 6 6 6 6 6 0 6 0 6 6 6 6 6 2");
    expect_bad_move(g, &s, "2", "pit 2 is empty");
    s = parse(g, "0 0 0 0 0 0 36 0 0 0 0 0 0 36 1");
    expect_bad_move(g, &s, "1", "the game is over");
    game_close(g);
    g = open_kalah("kalah-2x2", NULL, NULL);
    s = parse(g, "2 2 0 2 2 0 1");
    expect_bad_move(g, &s, "3", "pit 3 does not exist (1..2)");
    game_close(g);
}

static void test_render_text(void **unused)
{
    (void)unused;
    Game *g = open_kalah("kalah", "seed", "empty");
    State s = parse(g, "1 2 3 4 5 6 10 16 15 4 3 2 1 0 2");
    char buf[1024];
    g->ops->render_text(g, s.bytes, buf, sizeof buf);
    assert_non_null(strstr(buf, "rules seed, capture empty"));
    /* the second player's pits run right to left on top */
    assert_non_null(strstr(buf, "[  1][  2][  3][  4][ 15][ 16]"));
    assert_non_null(strstr(buf, "[  1][  2][  3][  4][  5][  6]"));
    assert_non_null(strstr(buf, "[  0]                              [ 10]"));
    assert_non_null(strstr(buf, "to move: second"));
    char small[16];
    g->ops->render_text(g, s.bytes, small, sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
    s = parse(g, "0 0 0 0 0 0 36 0 0 0 0 0 0 36 2");
    g->ops->render_text(g, s.bytes, buf, sizeof buf);
    assert_non_null(strstr(buf, "game over: first 36, second 36"));
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_and_shapes),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_start_and_natural_order),
        cmocka_unit_test(test_sowing),
        cmocka_unit_test(test_skips_the_opponents_store),
        cmocka_unit_test(test_long_laps),
        cmocka_unit_test(test_extra_turn),
        cmocka_unit_test(test_capture),
        cmocka_unit_test(test_no_capture_on_the_opponents_side),
        cmocka_unit_test(test_end_of_game_sweep),
        cmocka_unit_test(test_seed_rules_end_early),
        cmocka_unit_test(test_evaluation_values),
        cmocka_unit_test(test_tuned_evaluation),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_ordering_hints),
        cmocka_unit_test(test_notation_round_trips),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_moves_and_bad_moves),
        cmocka_unit_test(test_render_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
