/* test_reversi_seed.c - the pieces of reversi the seed tables depend on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdbool.h>

#include "engine/game.h"
#include "games/registry.h"
#include "games/reversi/reversi.h"

static Game *open_game(const char *id, const char *key, const char *value)
{
    return test_game_open_with(id, key, value);
}

/* Not the engine: two throwaway searches, just enough to show that the
 * starts, the static orders, the pass rule and disc scoring are the ones
 * that reproduce the seed tables (doc/seed-tables.md). */

static long seed_leaves;

static int plain_negamax(const Game *g, const ReversiState *s)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, s, moves);
    if (n == 0) {
        seed_leaves++;
        return g->ops->final_score(g, s);
    }
    int best = -1000;
    for (int i = 0; i < n; i++) {
        ReversiState c;
        g->ops->play(g, s, moves[i], &c);
        const int v = -plain_negamax(g, &c);
        if (v > best)
            best = v;
    }
    return best;
}

static int failsoft_static(const Game *g, const ReversiState *s, int alpha, int beta)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, s, moves);
    if (n == 0) {
        seed_leaves++;
        return g->ops->final_score(g, s);
    }
    ReversiState c;
    if (moves[0] == MOVE_PASS) {
        g->ops->play(g, s, MOVE_PASS, &c);
        return -failsoft_static(g, &c, -beta, -alpha);
    }
    g->ops->order_static(g, s, moves, n);
    int best = -1000;
    for (int i = 0; i < n; i++) {
        g->ops->play(g, s, moves[i], &c);
        const int v = -failsoft_static(g, &c, -beta, -(alpha > best ? alpha : best));
        if (v >= beta)
            return v;
        if (v > best)
            best = v;
    }
    return best;
}

/* Seed 002's one-limit alpha-beta in negamax form; order_static or natural. */
static int one_limit(const Game *g, const ReversiState *s, int limit, bool by_static)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, s, moves);
    if (n == 0) {
        seed_leaves++;
        return g->ops->final_score(g, s);
    }
    if (by_static)
        g->ops->order_static(g, s, moves, n);
    int best = -1000;
    for (int i = 0; i < n; i++) {
        ReversiState c;
        g->ops->play(g, s, moves[i], &c);
        const int v = -one_limit(g, &c, -best, by_static);
        if (v > best)
            best = v;
        if (best >= limit)
            return best;
    }
    return best;
}

static void test_seed_pieces(void **unused)
{
    (void)unused;
    static const struct { const char *id, *start; bool failsoft; int value; long leaves; } rows[] = {
        {"reversi-4x4", "cross", false, -8, 60060},     /* seed 002 minimax */
        {"reversi-4x4", "parallel", false, -3, 67116},
        {"reversi-4x6", "cross", true, 16, 211710},     /* seed 001 failsoft, static order */
        {"reversi-4x6", "parallel", true, 18, 513340},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Game *g = open_game(rows[i].id, "start", rows[i].start);
        ReversiState s;
        g->ops->start(g, &s);
        seed_leaves = 0;
        const int v = rows[i].failsoft ? failsoft_static(g, &s, -50, 50) : plain_negamax(g, &s);
        assert_int_equal(v, rows[i].value);
        assert_int_equal(seed_leaves, rows[i].leaves);
        game_close(g);
    }
    /* seed 002 alpha-beta, natural then corner-first order. */
    static const struct { const char *start; bool by_static; int value; long leaves; } ab[] = {
        {"cross", false, -8, 10016},
        {"cross", true, -8, 2387},
        {"parallel", false, -3, 13590},
        {"parallel", true, -3, 4832},
    };
    for (size_t i = 0; i < sizeof ab / sizeof ab[0]; i++) {
        Game *g = open_game("reversi-4x4", "start", ab[i].start);
        ReversiState s;
        g->ops->start(g, &s);
        seed_leaves = 0;
        assert_int_equal(one_limit(g, &s, 50, ab[i].by_static), ab[i].value);
        assert_int_equal(seed_leaves, ab[i].leaves);
        game_close(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
