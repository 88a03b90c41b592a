/* test_mcts.c - Monte Carlo tree search (src/engine/mcts.c): not exact, so
 * not held to minimax's value as the other algorithms are (test_search.c,
 * test_engine_toy.c), but to what it promises: the same seed gives the
 * same tree and move, it finds a forced win given iterations enough, it
 * never throws a won position away in small games that have extra turns
 * (Kalah) and passes (reversi), and it keeps its limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/rng.h"
#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"
#include "engine/trace_log.h"
#include "games/registry.h"
#include "players/player.h"

static Game *open_game(const char *id, const char *tree) { return test_game_open_with(id, "tree", tree); }


static void run(const Game *g, const void *root, const SearchConfig *cfg, SearchResult *r)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    assert_int_equal(search_run(s, root, r, &err), 0);
    search_free(s);
}


/* The same seed: the same tree (nodes, depth), the same move, value and
 * line, run after run; another seed, another tree, still a legal move. */
static void test_same_seed_same_search(void **unused)
{
    (void)unused;
    static const char *const games[] = {"reversi", "kalah", "gogo"};
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        Game *g = open_game(games[k], NULL);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        const SearchConfig cfg = test_mcts_config(1500, 42), other = test_mcts_config(1500, 43);
        static SearchResult a, b, c;
        run(g, root, &cfg, &a);
        run(g, root, &cfg, &b);
        run(g, root, &other, &c);
        assert_int_equal(a.move, b.move);
        assert_int_equal(a.value, b.value);
        assert_int_equal(a.stats.nodes, b.stats.nodes);
        assert_int_equal(a.stats.depth, b.stats.depth);
        assert_int_equal(a.pv_len, b.pv_len);
        assert_memory_equal(a.pv, b.pv, (size_t)a.pv_len * sizeof a.pv[0]);
        /* one node an iteration, the root besides; one playout each */
        assert_int_equal(a.stats.nodes, 1501);
        assert_int_equal(a.stats.leaves, 1500);
        assert_false(a.stopped);
        assert_false(a.stats.exact);
        assert_true(a.stats.depth >= 2);
        assert_true(a.value >= -100 && a.value <= 100);
        assert_true(test_legal_line(g, root, a.pv, a.pv_len));
        assert_true(test_legal_line(g, root, c.pv, c.pv_len));
        assert_true(c.pv_len != a.pv_len || memcmp(a.pv, c.pv, (size_t)a.pv_len * sizeof a.pv[0]) ||
                    c.value != a.value);
        game_close(g);
    }
}

/* Move 1 wins four replies in five but the fifth refutes it; move 2 wins
 * only half its random games, yet whatever the reply Max then wins: with
 * iterations enough the tree learns the refutation and the forced win. */
#define FORCED "((9 9 9 9 -1) ((1 -1)(1 -1)) (-5 (3 -2)))"

static void test_finds_the_forced_win(void **unused)
{
    (void)unused;
    Game *g = open_game("tree", FORCED);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    static SearchResult r;
    const SearchConfig few = test_mcts_config(10, 1);
    run(g, root, &few, &r);
    assert_int_equal(r.move, 1); /* ten playouts: move 1 looks best (moves count from 1) */
    for (uint64_t seed = 1; seed <= 5; seed++) {
        const SearchConfig cfg = test_mcts_config(2000, seed);
        run(g, root, &cfg, &r);
        assert_int_equal(r.move, 2);
        assert_true(r.value >= 90); /* nearly every playout now wins */
        assert_int_equal(r.stats.nodes, 19); /* the whole tree, no more */
        assert_int_equal(r.stats.leaves, 2000);
        assert_int_equal(r.stats.depth, 3);
    }
    game_close(g);
}

/* The exact value of the position after m, for the side to move before
 * it (a Kalah move that keeps the turn is not negated). */
static int solved_after(const Game *g, const void *root, Move m)
{
    _Alignas(16) unsigned char child[GAME_MAX_STATE];
    g->ops->play(g, root, m, child);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_PVS;
    cfg.solve = true;
    cfg.table_mb = 4;
    cfg.endgame = 0;
    static SearchResult r;
    run(g, child, &cfg, &r);
    return g->ops->side_to_move(g, child) == g->ops->side_to_move(g, root) ? r.value : -r.value;
}

/* In positions a few moves from the end of small games, where a winning
 * move exists, mcts plays one: the results it backs up are counted for
 * the side that moved, through Kalah's extra turns and reversi's passes. */
static void test_keeps_won_positions(void **unused)
{
    (void)unused;
    static const struct {
        const char *game;
        int plies;
    } cases[] = {{"reversi-4x4", 5}, {"reversi-4x4", 7}, {"kalah-3x3", 6}, {"kalah-4x2", 6}};
    int won = 0, extra_turns = 0, passes = 0;
    uint64_t rng = 7;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Game *g = open_game(cases[k].game, NULL);
        for (int rep = 0; rep < 12; rep++) {
            _Alignas(16) unsigned char root[GAME_MAX_STATE], next[GAME_MAX_STATE];
            Move moves[GAME_MAX_MOVES];
            g->ops->start(g, root);
            for (int i = 0; i < cases[k].plies; i++) {
                const int n = g->ops->legal_moves(g, root, moves);
                if (n == 0)
                    break;
                g->ops->play(g, root, moves[rng_next(&rng) % (uint64_t)n], next);
                memcpy(root, next, g->state_size);
            }
            const int n = g->ops->legal_moves(g, root, moves);
            bool winnable = false;
            for (int i = 0; i < n; i++) {
                winnable |= solved_after(g, root, moves[i]) > 0;
                _Alignas(16) unsigned char child[GAME_MAX_STATE];
                g->ops->play(g, root, moves[i], child);
                extra_turns += moves[i] != MOVE_PASS &&
                               g->ops->side_to_move(g, child) == g->ops->side_to_move(g, root);
                passes += moves[i] == MOVE_PASS;
            }
            if (!winnable)
                continue;
            const SearchConfig cfg = test_mcts_config(20000, 1);
            static SearchResult r;
            run(g, root, &cfg, &r);
            char pos[256];
            g->ops->format_position(g, root, pos, sizeof pos);
            if (solved_after(g, root, r.move) <= 0)
                fail_msg("%s %s: mcts throws the win away", cases[k].game, pos);
            assert_true(test_legal_line(g, root, r.pv, r.pv_len));
            assert_true(test_legal_line(g, root, r.turn, r.turn_len));
            won++;
        }
        game_close(g);
    }
    assert_true(won >= 12);
    /* among the roots' moves: Kalah moves that keep the turn, reversi passes */
    assert_true(extra_turns > 0);
    assert_true(passes > 0);
}

/* A pool too small for the iterations: the tree stops growing at its
 * size, the playouts go on from its leaves. */
static void test_full_pool_keeps_playing(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-6x6", NULL);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg = test_mcts_config(60000, 1);
    cfg.table_mb = 1;
    static SearchResult r;
    run(g, root, &cfg, &r);
    assert_true(r.stats.nodes < 60000);
    assert_true(r.stats.nodes > 30000);
    assert_int_equal(r.stats.leaves, 60000);
    assert_true(test_legal_line(g, root, r.pv, r.pv_len));
    game_close(g);
}

/* --time without --iterations: no iteration limit, an answer when the
 * clock stops it; --nodes stops it near that many tree nodes; a stop at
 * any moment has a legal move. */
static void test_limits(void **unused)
{
    (void)unused;
    Game *g = open_game("kalah", NULL);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg = test_mcts_config(0, 1);
    cfg.time_ms = 150;
    static SearchResult r;
    run(g, root, &cfg, &r);
    assert_true(r.stopped);
    assert_true(r.stats.leaves > 100);
    assert_true(r.stats.depth > 0);
    assert_true(test_legal_line(g, root, r.pv, r.pv_len));

    cfg = test_mcts_config(0, 1);
    cfg.node_limit = 3000;
    run(g, root, &cfg, &r);
    assert_true(r.stopped);
    assert_int_equal(r.stats.nodes, 3000);

    cfg = test_mcts_config(0, 1);
    cfg.time_ms = 600000;
    Err err = {{0}};
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_start(s, root, &err), 0);
    struct timespec ts = {0, 30000000};
    nanosleep(&ts, NULL);
    search_stop(s);
    search_wait(s, &r);
    assert_true(r.stopped);
    assert_true(test_legal_line(g, root, &r.move, 1));
    search_free(s);

    /* without any limit, the default number of iterations */
    cfg = test_mcts_config(0, 1);
    run(g, root, &cfg, &r);
    assert_int_equal(r.stats.leaves, MCTS_DEFAULT_ITERATIONS);
    game_close(g);
}

/* Its options by name, and back in a player spec. */
static void test_options(void **unused)
{
    (void)unused;
    Player p;
    Err err = {{0}};
    assert_int_equal(player_parse("mcts:0,iterations=2000,exploration=0.5,seed=9", &p, &err), 0);
    assert_int_equal(p.cfg.algo, ALGO_MCTS);
    assert_int_equal(p.cfg.iterations, 2000);
    assert_true(p.cfg.exploration == 0.5);
    assert_int_equal(p.cfg.seed, 9);
    char buf[256];
    player_format(&p, buf, sizeof buf);
    assert_string_equal(buf, "mcts:0,iterations=2000,exploration=0.5,seed=9");
    assert_int_equal(player_parse("mcts:0", &p, &err), 0);
    player_format(&p, buf, sizeof buf);
    assert_string_equal(buf, "mcts:0"); /* the defaults say nothing */
    static const char *const bad[] = {"mcts:0,iterations=0", "mcts:0,iterations=x",
                                      "mcts:0,exploration=-1", "mcts:0,exploration=nan",
                                      "mcts:0,exploration=1e9", "mcts:0,seed=-2",
                                      "mcts:0,iterations="};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (player_parse(bad[i], &p, &err) == 0)
            fail_msg("%s parsed", bad[i]);
}

/* Watched, the search is the same (test_replay_mcts.c checks its trace
 * step by step): the same move, value and tree, with its steps told. */
static void test_traced_same_search(void **unused)
{
    (void)unused;
    Err err = {{0}};
    Game *g = open_game("tree", FORCED);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    const SearchConfig cfg = test_mcts_config(500, 1);
    static SearchResult plain;
    run(g, root, &cfg, &plain);
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    TraceLog log;
    assert_int_equal(trace_log_record(&log, s, root, 100000, &err), 0);
    search_free(s);
    assert_true(log.n > 500 * 4);
    assert_int_equal(log.result.move, plain.move);
    assert_int_equal(log.result.value, plain.value);
    assert_int_equal(log.result.stats.nodes, plain.stats.nodes);
    trace_log_free(&log);
    game_close(g);
}

/* The live root moves: the most visited first, their visits adding up to
 * the iterations, the first one the move played. */
static void test_live_root_moves(void **unused)
{
    (void)unused;
    Err err = {{0}};
    Game *g = open_game("kalah", NULL);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    const SearchConfig cfg = test_mcts_config(3000, 2);
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    SearchRootMove roots[SEARCH_ROOTS_MAX];
    SearchResult r;
    assert_int_equal(search_run(s, root, &r, &err), 0);
    const int n = search_poll_roots(s, roots, SEARCH_ROOTS_MAX);
    assert_int_equal(n, 6); /* Kalah's six pits */
    assert_int_equal(roots[0].move, r.move);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        sum += roots[i].visits;
        if (i > 0)
            assert_true(roots[i].visits <= roots[i - 1].visits);
    }
    assert_int_equal(sum, 3000);
    assert_int_equal(search_poll_roots(s, roots, 2), 2);
    search_free(s);
    /* The others tell none. */
    SearchConfig other;
    search_config_default(&other);
    other.depth = 3;
    s = search_new(g, &other, &err);
    assert_non_null(s);
    assert_int_equal(search_run(s, root, &r, &err), 0);
    assert_int_equal(search_poll_roots(s, roots, SEARCH_ROOTS_MAX), 0);
    search_free(s);
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_search),
        cmocka_unit_test(test_finds_the_forced_win),
        cmocka_unit_test(test_keeps_won_positions),
        cmocka_unit_test(test_full_pool_keeps_playing),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_traced_same_search),
        cmocka_unit_test(test_live_root_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
