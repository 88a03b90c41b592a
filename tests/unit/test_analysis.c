/* test_analysis.c - the analysis of a game (players/analysis.h): values,
 * best moves, losses and classes where they are known (trees small enough
 * to check by hand, Kalah solved), how games end (players/outcome.h),
 * progress, stopping, and the games it refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/search.h"
#include "games/registry.h"
#include "players/analysis.h"
#include "players/outcome.h"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

static Game *open_game(const char *id, const char *key, const char *value)
{
    return test_game_open_with(id, key, value);
}

/* The moves "a,b,c" from the start of g (each parsed in its position). */
static int parse_moves(const Game *g, const char *list, State *start, Move *moves)
{
    State s;
    g->ops->start(g, start->bytes);
    s = *start;
    int n = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        Err err = {{0}};
        if (g->ops->parse_move(g, s.bytes, tok, &moves[n], &err) != 0)
            fail_msg("move %s: %s", tok, err.msg);
        State next;
        g->ops->play(g, s.bytes, moves[n], next.bytes);
        s = next;
        n++;
    }
    return n;
}

/* The moves "a,b,c" from the start, then the last legal move each turn
 * until the game is over: a whole game. */
static int play_out(const Game *g, const char *list, State *start, Move *moves, int max)
{
    int n = parse_moves(g, list, start, moves);
    State s = *start;
    for (int i = 0; i < n; i++) {
        State next;
        g->ops->play(g, s.bytes, moves[i], next.bytes);
        s = next;
    }
    Move legal[GAME_MAX_MOVES];
    int nl;
    while (n < max && (nl = g->ops->legal_moves(g, s.bytes, legal)) > 0) {
        State next;
        moves[n++] = legal[nl - 1];
        g->ops->play(g, s.bytes, legal[nl - 1], next.bytes);
        s = next;
    }
    return n;
}

static Analysis *analyse_moves(const Game *g, const State *start, const Move *moves, int n,
                               const SearchConfig *cfg)
{
    Err err = {{0}};
    Analysis *a = analysis_new(g, start->bytes, moves, n, cfg, &err);
    if (!a)
        fail_msg("analysis_new: %s", err.msg);
    if (analysis_run(a, NULL, NULL, &err) != 0)
        fail_msg("analysis_run: %s", err.msg);
    return a;
}

static Analysis *analyse(const Game *g, const char *list, const SearchConfig *cfg)
{
    State start;
    Move moves[64];
    const int n = parse_moves(g, list, &start, moves);
    return analyse_moves(g, &start, moves, n, cfg);
}

static SearchConfig depth_config(Algo algo, int depth)
{
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = algo;
    cfg.depth = depth;
    return cfg;
}

static void move_text(const Game *g, const Analysis *a, int i, Move m, char *buf, size_t len)
{
    g->ops->format_move(g, analysis_state(a, i), m, buf, len);
}

/* Max (first) picks child 2, where Min's best leaves 1 instead of the 9
 * of child 1: a loss of 8, a blunder (the tree's steps are 1, 3, 6). */
static void test_tree_blunder(void **unused)
{
    (void)unused;
    Game *g = open_game("tree", "position", "((10 9) (1 20))");
    const SearchConfig cfg = depth_config(ALGO_NEGASCOUT, 4);
    Analysis *a = analyse(g, "2,1", &cfg);
    assert_true(analysis_complete(a));
    assert_int_equal(analysis_moves(a), 2);
    char best[16];
    const AnalysisPosition *p0 = analysis_position(a, 0);
    assert_true(p0->done);
    assert_int_equal(p0->value, 9);
    move_text(g, a, 0, p0->best, best, sizeof best);
    assert_string_equal(best, "1");
    assert_true(p0->exact);
    const AnalysisMove *m0 = analysis_move(a, 0);
    assert_true(m0->done);
    assert_int_equal(m0->side, 0);
    assert_int_equal(m0->value, 1);
    assert_int_equal(m0->loss, 8);
    assert_int_equal(m0->cls, ANALYSIS_BLUNDER);
    /* Min then takes the 1: its best */
    const AnalysisMove *m1 = analysis_move(a, 1);
    assert_int_equal(m1->side, 1);
    assert_int_equal(m1->loss, 0);
    assert_int_equal(m1->cls, ANALYSIS_BEST);
    assert_int_equal(analysis_position(a, 1)->value, 1);
    const AnalysisPosition *end = analysis_position(a, 2);
    assert_true(end->done && end->over && end->exact);
    assert_int_equal(end->value, 1);
    assert_int_equal(end->best, MOVE_NONE);
    analysis_free(a);
    game_close(g);
}

/* The textbook tree: Max's third child is worth 2 against the first's 3
 * (an inaccuracy); Min's 12 in the first child gives Max 9 more (a blunder
 * by the second player, its loss from its own view). */
static void test_tree_classes_by_side(void **unused)
{
    (void)unused;
    Game *g = open_game("tree", NULL, NULL);
    const SearchConfig cfg = depth_config(ALGO_ALPHABETA, 3);
    Analysis *a = analyse(g, "3,3", &cfg);
    assert_int_equal(analysis_move(a, 0)->loss, 1);
    assert_int_equal(analysis_move(a, 0)->cls, ANALYSIS_INACCURACY);
    assert_int_equal(analysis_move(a, 0)->value, 2);
    assert_int_equal(analysis_move(a, 1)->cls, ANALYSIS_BEST);
    analysis_free(a);

    a = analyse(g, "1,2", &cfg);
    assert_int_equal(analysis_move(a, 0)->cls, ANALYSIS_BEST);
    assert_int_equal(analysis_move(a, 0)->value, 3);
    const AnalysisMove *m1 = analysis_move(a, 1);
    assert_int_equal(m1->side, 1);
    assert_int_equal(m1->value, 12);
    assert_int_equal(m1->loss, 9);
    assert_int_equal(m1->cls, ANALYSIS_BLUNDER);
    assert_int_equal(analysis_position(a, 2)->value, 12);
    analysis_free(a);
    game_close(g);
}

/* Solved Kalah: every value is exact, so the move played is worth exactly
 * what the position after it is, and the loss is the best value's
 * difference from it; a move that keeps the turn is the same side's. */
static void test_kalah_solved(void **unused)
{
    (void)unused;
    Game *g = open_game("kalah-3x2", NULL, NULL);
    SearchConfig cfg = depth_config(ALGO_PVS, 1);
    cfg.solve = true;
    /* 2 lands in the store (the first player moves again), then 1 */
    State start;
    Move moves[64];
    const int n = play_out(g, "2,1", &start, moves, 64);
    Analysis *a = analyse_moves(g, &start, moves, n, &cfg);
    assert_true(analysis_complete(a));
    assert_int_equal(analysis_moves(a), n);
    assert_true(analysis_position(a, n)->over);
    assert_int_equal(analysis_move(a, 0)->side, 0);
    assert_int_equal(analysis_move(a, 1)->side, 0);
    for (int i = 0; i < n; i++) {
        const AnalysisPosition *p = analysis_position(a, i), *next = analysis_position(a, i + 1);
        const AnalysisMove *m = analysis_move(a, i);
        assert_true(p->exact);
        assert_int_equal(m->value, next->value);
        const int best = m->side == 0 ? p->value : -p->value;
        const int played = m->side == 0 ? m->value : -m->value;
        assert_int_equal(m->loss, best - played);
        assert_int_equal(m->cls, analysis_classify(g, m->loss));
        if (m->played == p->best)
            assert_int_equal(m->loss, 0);
    }
    analysis_free(a);
    game_close(g);
}

static int calls;
static int last_done;

static bool count_progress(void *arg, const AnalysisProgress *p)
{
    (void)arg;
    calls++;
    assert_int_equal(p->total, 5);
    assert_true(p->done >= last_done && p->done <= p->total);
    last_done = p->done;
    return true;
}

static bool stop_at_once(void *arg, const AnalysisProgress *p)
{
    (void)p;
    int *told = arg;
    (*told)++;
    return false;
}

static void test_progress_and_stop(void **unused)
{
    (void)unused;
    Game *g = open_game("kalah-3x2", NULL, NULL);
    const SearchConfig cfg = depth_config(ALGO_NEGASCOUT, 4);
    State start;
    Move moves[8];
    const int n = play_out(g, "2,1", &start, moves, 4);
    Err err = {{0}};
    Analysis *a = analysis_new(g, start.bytes, moves, n, &cfg, &err);
    assert_non_null(a);
    calls = 0;
    last_done = 0;
    assert_int_equal(analysis_run(a, count_progress, NULL, &err), 0);
    assert_true(calls >= 1);
    assert_true(analysis_complete(a));
    analysis_stop(a); /* too late to stop: it stays complete */
    assert_true(analysis_complete(a));
    analysis_free(a);

    /* told to stop at the first word: the work ends, unfinished */
    a = analysis_new(g, start.bytes, moves, n, &cfg, &err);
    int told = 0;
    assert_int_equal(analysis_run(a, stop_at_once, &told, &err), 0);
    assert_int_equal(told, 1);
    assert_false(analysis_complete(a));
    assert_false(analysis_move(a, n - 1)->done);
    assert_int_equal(analysis_poll(a, NULL, &err), 1); /* finished: nothing more runs */
    analysis_free(a);

    /* polled by hand, as the UI does, and stopped half way */
    a = analysis_new(g, start.bytes, moves, n, &cfg, &err);
    AnalysisProgress p;
    int rc;
    while ((rc = analysis_poll(a, &p, &err)) == 0 && p.done < 2)
        ;
    assert_true(rc >= 0);
    analysis_stop(a);
    assert_int_equal(analysis_poll(a, &p, &err), 1);
    assert_true(p.finished);
    assert_true(analysis_position(a, 0)->done);
    analysis_free(a);
    game_close(g);
}

static void test_refused(void **unused)
{
    (void)unused;
    Game *g = open_game("tree", NULL, NULL);
    const SearchConfig cfg = depth_config(ALGO_ALPHABETA, 3);
    State start;
    g->ops->start(g, start.bytes);
    Err err = {{0}};
    Move bad[1] = {77};
    assert_null(analysis_new(g, start.bytes, bad, 1, &cfg, &err));
    assert_string_equal(err.msg, "move 1 is not legal");
    Move moves[4];
    parse_moves(g, "1,1", &start, moves);
    moves[2] = moves[1];
    assert_null(analysis_new(g, start.bytes, moves, 3, &cfg, &err));
    assert_string_equal(err.msg, "the game is over after move 2: no move 3");
    /* no moves at all: the start alone */
    Analysis *a = analysis_new(g, start.bytes, moves, 0, &cfg, &err);
    assert_non_null(a);
    assert_int_equal(analysis_run(a, NULL, NULL, &err), 0);
    assert_int_equal(analysis_position(a, 0)->value, 3);
    analysis_free(a);
    game_close(g);
}

static void test_loss_and_classes(void **unused)
{
    (void)unused;
    Game *g = open_game("gogo", NULL, NULL);
    assert_int_equal(analysis_loss(10, 4), 6);
    assert_int_equal(analysis_loss(4, 10), 0); /* never below zero */
    /* a slower win loses nothing; a win thrown away loses everything */
    assert_int_equal(analysis_loss(SCORE_WIN - 3, SCORE_WIN - 9), 0);
    assert_true(analysis_loss(SCORE_WIN - 3, 200) > 20000);
    assert_int_equal(analysis_classify(g, 0), ANALYSIS_BEST);
    assert_int_equal(analysis_classify(g, 49), ANALYSIS_GOOD);
    assert_int_equal(analysis_classify(g, 50), ANALYSIS_INACCURACY);
    assert_int_equal(analysis_classify(g, 150), ANALYSIS_MISTAKE);
    assert_int_equal(analysis_classify(g, 300), ANALYSIS_BLUNDER);
    assert_string_equal(analysis_class_name(ANALYSIS_MISTAKE), "mistake");
    assert_string_equal(analysis_class_mark(ANALYSIS_BLUNDER), "??");
    assert_string_equal(analysis_class_mark(ANALYSIS_INACCURACY), "?!");
    game_close(g);
    /* every game says where its steps are, increasing */
    for (const GameOps *const *f = game_families(); *f; f++) {
        const int *s = (*f)->info->loss_steps;
        assert_true(s[0] > 0 && s[0] < s[1] && s[1] < s[2]);
    }
}

static void test_game_end(void **unused)
{
    (void)unused;
    Err err = {{0}};
    Game *g = open_game("gogo", NULL, NULL);
    State s;
    assert_int_equal(g->ops->parse_position(g, "4k/4G/4P/5/K4 w - 1", s.bytes, &err), 0);
    const void *states[1] = {s.bytes};
    int value = 0;
    assert_int_equal(game_end(g, states, 1, &value), GAME_END_CHECKMATE);
    assert_true(value >= SCORE_WIN_MIN); /* sente, the first player, wins */
    g->ops->start(g, s.bytes);
    assert_int_equal(game_end(g, states, 1, &value), GAME_GOES_ON);
    game_close(g);

    g = open_game("reversi-4x4", NULL, NULL);
    assert_int_equal(g->ops->parse_position(g, "XXXXXXXXXXXXXXXO X", s.bytes, &err), 0);
    assert_int_equal(game_end(g, states, 1, &value), GAME_END_NO_MOVES);
    assert_int_equal(value, 14);
    game_close(g);
    assert_string_equal(game_end_name(GAME_END_PERPETUAL_CHECK), "perpetual check");
    assert_string_equal(game_end_name(GAME_GOES_ON), "");
}

/* Gogo's sennichite: the same moves again and again until the position
 * has stood four times: the kings walking, a plain repetition; a rook
 * checking the king on every move, perpetual check.  Sente loses both. */
static GameEnd walk_until_over(const char *position, const char *const walk[4], int *plies,
                               int *value)
{
    Game *g = open_game("gogo", NULL, NULL);
    Err err = {{0}};
    State states[20];
    const void *ptr[20];
    assert_int_equal(g->ops->parse_position(g, position, states[0].bytes, &err), 0);
    int n = 1;
    ptr[0] = states[0].bytes;
    GameEnd end = GAME_GOES_ON;
    for (int i = 0; i < 16 && end == GAME_GOES_ON; i++) {
        Move m;
        assert_int_equal(g->ops->parse_move(g, states[n - 1].bytes, walk[i % 4], &m, &err), 0);
        g->ops->play(g, states[n - 1].bytes, m, states[n].bytes);
        ptr[n] = states[n].bytes;
        n++;
        end = game_end(g, ptr, n, value);
    }
    game_close(g);
    *plies = n - 1;
    return end;
}

static void test_repetition(void **unused)
{
    (void)unused;
    static const char *const kings[] = {"5e5d", "1a1b", "5d5e", "1b1a"};
    int plies, value;
    assert_int_equal(walk_until_over("4k/5/5/5/K4 b - 1", kings, &plies, &value),
                     GAME_END_REPETITION);
    assert_int_equal(plies, 12); /* the start and three returns to it */
    assert_true(value <= -SCORE_WIN_MIN); /* sente loses a plain repetition */
    static const char *const checks[] = {"5b5a", "1a1b", "5a5b", "1b1a"};
    assert_int_equal(walk_until_over("4k/R4/5/5/K4 b - 1", checks, &plies, &value),
                     GAME_END_PERPETUAL_CHECK);
    assert_int_equal(plies, 12);
    assert_true(value <= -SCORE_WIN_MIN); /* the side that checked */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_blunder),
        cmocka_unit_test(test_tree_classes_by_side),
        cmocka_unit_test(test_kalah_solved),
        cmocka_unit_test(test_progress_and_stop),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_loss_and_classes),
        cmocka_unit_test(test_game_end),
        cmocka_unit_test(test_repetition),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
