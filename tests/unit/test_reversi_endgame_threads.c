/* test_reversi_endgame_threads.c - the reversi endgame solver on several
 * threads (endgame_team.c): the same exact values as on one, for every
 * window, whatever the table remembers; a stop still stops it soon.  In
 * THREAD_TESTS: it runs clean under ThreadSanitizer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"

#include "games/reversi/endgame.h"
#include "games/reversi/reversi.h"

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;

/* A position of exactly `empties` empty squares, not over, with a move
 * for the side to move (no pass at the root). */
static bool random_position(const Game *g, int empties, ReversiState *out)
{
    Move moves[GAME_MAX_MOVES];
    return test_position_of_size(g, empties, out, &rng_state) &&
           g->ops->legal_moves(g, out, moves) > 0;
}

static GameSolver *solver_open(const Game *g, int threads)
{
    Err err = {{0}};
    GameSolver *s = g->ops->solver_new(g, 16, &err);
    if (!s)
        fail_msg("solver_new: %s", err.msg);
    if (threads > 1 && g->ops->solver_threads(s, threads, &err) != 0)
        fail_msg("solver_threads: %s", err.msg);
    return s;
}

static int solve(const Game *g, GameSolver *solver, const ReversiState *s, int alpha, int beta,
                 int threads, Move *best, uint64_t *nodes)
{
    PollLog log = {0, 0, true, 0};
    const SolverPoll poll = {poll_log_checkpoint, &log, threads};
    const int v = g->ops->solver_search(solver, s, alpha, beta, best, &poll);
    assert_true(log.calls >= 1);
    assert_true(log.monotonic);
    if (nodes)
        *nodes = log.last;
    return v;
}

/* A fail-soft answer of window (alpha, beta) for a position worth `want`. */
static void check_answer(int v, int alpha, int beta, int want)
{
    if (v <= alpha)
        assert_true(want <= v);
    else if (v >= beta)
        assert_true(want >= v);
    else
        assert_int_equal(v, want);
}

/* Random positions of 16-20 empties (from 18 the guessed root, from 20 a
 * selective pass): two threads give one thread's value, a move that
 * reaches it, and true answers for narrow and wide windows, on a fresh
 * table and on one that remembers the earlier solves; a clear forgets. */
static void test_same_values(void **state)
{
    (void)state;
    Game *g = test_game_open("reversi", NULL, 0);
    GameSolver *one = solver_open(g, 1), *two = solver_open(g, 2);
    static const int windows[][2] = {{-1, 1}, {0, 2}, {-3, -1}, {-64, 0}, {0, 64}, {-9, 5}};
    int done = 0;
    for (int tries = 0; done < 6 && tries < 200; tries++) {
        ReversiState s;
        if (!random_position(g, 16 + done % 5, &s))
            continue;
        Move m1, m2;
        g->ops->solver_clear(one);
        if (done % 2 == 0)
            g->ops->solver_clear(two);
        const int want = solve(g, one, &s, -SCORE_INF, SCORE_INF, 1, &m1, NULL);
        assert_int_equal(solve(g, two, &s, -SCORE_INF, SCORE_INF, 2, &m2, NULL), want);
        assert_int_not_equal(m2, MOVE_NONE);
        ReversiState child;
        g->ops->play(g, &s, m2, &child);
        g->ops->solver_clear(one);
        int v = g->ops->is_terminal(g, &child)
                    ? g->ops->final_score(g, &child)
                    : solve(g, one, &child, -SCORE_INF, SCORE_INF, 1, &m1, NULL);
        if (g->ops->side_to_move(g, &child) != g->ops->side_to_move(g, &s))
            v = -v;
        assert_int_equal(v, want);
        for (size_t w = 0; w < sizeof windows / sizeof windows[0]; w++) {
            const int alpha = want + windows[w][0], beta = want + windows[w][1];
            check_answer(solve(g, two, &s, alpha, beta, 2, &m2, NULL), alpha, beta, want);
        }
        done++;
    }
    assert_int_equal(done, 6);
    g->ops->solver_free(one);
    g->ops->solver_free(two);
    game_close(g);
}

/* A call that allows one thread gets the one-thread solve: the same
 * positions as a solver that has no helpers at all. */
static void test_one_thread_call(void **state)
{
    (void)state;
    Game *g = test_game_open("reversi", NULL, 0);
    Err err = {{0}};
    ReversiState s; /* FFO #40, 20 empties */
    if (g->ops->parse_position(g, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
                               &s, &err) != 0)
        fail_msg("%s", err.msg);
    GameSolver *one = solver_open(g, 1), *two = solver_open(g, 2);
    Move m;
    uint64_t n1, n2;
    assert_int_equal(solve(g, one, &s, -SCORE_INF, SCORE_INF, 1, &m, &n1), 38);
    assert_int_equal(solve(g, two, &s, -SCORE_INF, SCORE_INF, 1, &m, &n2), 38);
    assert_true(n1 == n2);
    g->ops->solver_free(one);
    g->ops->solver_free(two);
    game_close(g);
}

/* A stop asked of the main thread stops the helpers too, soon after. */
static void test_stop(void **state)
{
    (void)state;
    Game *g = test_game_open("reversi", NULL, 0);
    Err err = {{0}};
    ReversiState s; /* FFO #45, 24 empties: hundreds of millions of positions */
    if (g->ops->parse_position(g, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X",
                               &s, &err) != 0)
        fail_msg("%s", err.msg);
    GameSolver *two = solver_open(g, 2);
    PollLog log = {0, 0, true, 3};
    const SolverPoll poll = {poll_log_checkpoint, &log, 2};
    Move best;
    (void)g->ops->solver_search(two, &s, -SCORE_INF, SCORE_INF, &best, &poll);
    assert_true(log.calls >= 3 && log.calls <= 4);
    assert_true(log.last < 5000000);
    /* and the next solve on it runs to the end: FFO #40, +38 */
    if (g->ops->parse_position(g, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
                               &s, &err) != 0)
        fail_msg("%s", err.msg);
    assert_int_equal(solve(g, two, &s, -SCORE_INF, SCORE_INF, 2, &best, NULL), 38);
    g->ops->solver_free(two);
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_values),
        cmocka_unit_test(test_one_thread_call),
        cmocka_unit_test(test_stop),
    };
    return cmocka_run_group_tests_name("reversi_endgame_threads", tests, NULL, NULL);
}
