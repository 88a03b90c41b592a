/* test_threads.c - searches on several threads (engine/team.c): Lazy SMP
 * gives legal moves, the exact value of a solved position whatever the
 * threads, and the value of one thread where the depth is too small for
 * the shared table to change it; a stop ends every thread; the counters
 * and the node limit count every thread; the textbook algorithms, and a
 * solve the game's solver takes whole, stay on one thread. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"
#include "games/registry.h"

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static unsigned next_random(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static Game *open_game(const char *id) { return test_game_open(id, NULL, 0); }

/* A random position `plies` moves from the start that is not over. */
static void random_position(const Game *g, int plies, void *state)
{
    _Alignas(16) unsigned char next[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    for (;;) {
        g->ops->start(g, state);
        int i = 0;
        for (; i < plies; i++) {
            const int n = g->ops->legal_moves(g, state, moves);
            if (n == 0)
                break;
            g->ops->play(g, state, moves[next_random((unsigned)n)], next);
            memcpy(state, next, g->state_size);
        }
        if (i == plies && !g->ops->is_terminal(g, state))
            return;
    }
}


/* The value of `root` under cfg and then the value of the move it names,
 * searched as one thread would: a best move's value is the root's. */
static void run(const Game *g, const void *root, const SearchConfig *cfg, SearchResult *r)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    if (search_run(s, root, r, &err) != 0)
        fail_msg("search_run: %s", err.msg);
    search_free(s);
    assert_true(r->move != MOVE_NONE);
    assert_true(game_has_move(g, root, r->move));
    assert_true(test_legal_line(g, root, r->pv, r->pv_len));
}

static SearchConfig config(Algo algo, int threads)
{
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = algo;
    cfg.threads = threads;
    cfg.table_mb = 4;
    return cfg;
}

/* The move's exact value, from the root mover's view: what a solve of the
 * position after it gives, negated when the turn passes. */
static int move_value(const Game *g, const void *root, Move m, const SearchConfig *cfg)
{
    _Alignas(16) unsigned char child[GAME_MAX_STATE];
    g->ops->play(g, root, m, child);
    if (g->ops->is_terminal(g, child)) {
        const int v = g->ops->final_score(g, child);
        return game_side(g, child) == game_side(g, root) ? v : -v;
    }
    SearchConfig one = *cfg;
    one.threads = 1;
    static SearchResult r;
    run(g, child, &one, &r);
    return game_side(g, child) == game_side(g, root) ? r.value : -r.value;
}

/// Solved positions: two threads give the exact value of one, and a move
/// that has it: Lazy SMP over a whole solve, for reversi of two sizes and
/// Kalah, with and without each thread's own solver taking the nodes near
/// the end (endgame N).
static void test_two_threads_solve_exactly(void **unused)
{
    (void)unused;
    static const struct {
        const char *game;
        int plies;
        Algo algo;
        int endgame;
    } cases[] = {
        {"reversi", 46, ALGO_PVS, 10},          {"reversi", 48, ALGO_YOMI, 8},
        {"reversi", 50, ALGO_PVS, 0},           {"reversi-6x6", 20, ALGO_YOMI, 8},
        {"reversi-6x6", 22, ALGO_NEGASCOUT, 0}, {"reversi-6x6", 21, ALGO_MTDF, 0},
        {"kalah-4x3", 4, ALGO_PVS, 12},         {"kalah-4x3", 8, ALGO_YOMI, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Game *g = open_game(cases[k].game);
        for (int rep = 0; rep < 3; rep++) {
            _Alignas(16) unsigned char root[GAME_MAX_STATE];
            random_position(g, cases[k].plies, root);
            SearchConfig cfg = config(cases[k].algo, 1);
            cfg.solve = true;
            cfg.endgame = cases[k].endgame;
            static SearchResult one, two;
            run(g, root, &cfg, &one);
            cfg.threads = 2;
            run(g, root, &cfg, &two);
            if (two.value != one.value)
                fail_msg("%s case %zu: 2 threads give %d, 1 thread %d", g->name, k, two.value,
                         one.value);
            assert_true(two.stats.exact);
            assert_false(two.stopped);
            assert_int_equal(move_value(g, root, two.move, &cfg), one.value);
        }
        game_close(g);
    }
}

/// Depth-limited: two threads give a legal move and line in every game;
/// at depth 1 no table entry can answer below the root, so the value is
/// one thread's.  (Deeper, an entry a helper stored from a deeper search
/// may answer where one thread's own would not: a different value is then
/// no error.)
static void test_two_threads_search_legally(void **unused)
{
    (void)unused;
    static const char *const games[] = {"reversi", "gogo", "kalah"};
    static const Algo algos[] = {ALGO_YOMI, ALGO_PVS, ALGO_NEGASCOUT, ALGO_MTDF};
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        Game *g = open_game(games[k]);
        for (int rep = 0; rep < 3; rep++) {
            _Alignas(16) unsigned char root[GAME_MAX_STATE];
            random_position(g, 4 + 3 * rep, root);
            for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++) {
                SearchConfig cfg = config(algos[a], 1);
                cfg.depth = 1;
                static SearchResult one, two;
                run(g, root, &cfg, &one);
                cfg.threads = 2;
                run(g, root, &cfg, &two);
                assert_int_equal(two.value, one.value);
                cfg.depth = 5;
                run(g, root, &cfg, &two);
                assert_int_equal(two.stats.depth, 5);
                assert_false(two.stopped);
            }
        }
        game_close(g);
    }
}

/* A search of 2 threads that would run for minutes, stopped once under
 * way: every thread stops (search_wait returns), with a legal move. */
static void stop_under_way(const Game *g, const void *root, const SearchConfig *cfg)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    assert_int_equal(search_threads(s), 2);
    assert_int_equal(search_start(s, root, &err), 0);
    SearchStats st = {0};
    uint64_t seen = 0;
    for (int i = 0; i < 400 && seen < 50000; i++) {
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
        search_poll(s, &st);
        assert_true(st.nodes >= seen); /* every thread's counters only grow */
        seen = st.nodes;
    }
    assert_true(seen > 0);
    search_stop(s);
    static SearchResult r;
    search_wait(s, &r);
    assert_true(search_done(s));
    assert_true(r.stopped);
    assert_true(game_has_move(g, root, r.move));
    assert_true(test_legal_line(g, root, r.pv, r.pv_len));
    search_free(s);
}

static void test_stop_ends_every_thread(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg = config(ALGO_YOMI, 2);
    cfg.depth = 60; /* far beyond what finishes */
    cfg.time_ms = 600000;
    stop_under_way(g, root, &cfg);
    random_position(g, 28, root);
    cfg = config(ALGO_PVS, 2);
    cfg.solve = true;
    cfg.endgame = 12; /* 32 empties: each thread's solver below */
    stop_under_way(g, root, &cfg);
    game_close(g);
    g = open_game("gogo");
    g->ops->start(g, root);
    cfg = config(ALGO_PVS, 2);
    cfg.depth = 40;
    stop_under_way(g, root, &cfg);
    game_close(g);
}

/// The counters sum every thread, and a node limit counts them all: a
/// search of two threads stopped by the limit has visited about that many
/// positions in all.  Were the limit one thread's, or the counters the main
/// thread's alone, the total would be near twice or half of it.
static void test_counters_and_node_limit_count_every_thread(void **unused)
{
    (void)unused;
    Game *g = open_game("gogo");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg = config(ALGO_YOMI, 2);
    cfg.depth = 40;
    cfg.node_limit = 400000;
    static SearchResult r;
    run(g, root, &cfg, &r);
    assert_true(r.stopped);
    assert_true(r.stats.nodes >= cfg.node_limit);
    assert_true(r.stats.nodes < cfg.node_limit + 16 * 1024);
    assert_true(r.stats.leaves > 0 && r.stats.leaves < r.stats.nodes);
    assert_true(r.stats.probes > 0);
    game_close(g);
}

/// The textbook algorithms, and any search without yomi's table, stay on
/// one thread whatever is asked: the same nodes as one thread's.  A solve
/// the game's solver takes whole is one solver call (search.c says why),
/// on the threads of the solver's own (reversi's and Kalah's both have
/// them).
static void test_textbook_algorithms_stay_on_one_thread(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-6x6");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    static const struct {
        Algo algo;
        TableMode table;
    } cases[] = {{ALGO_MINIMAX, TABLE_OFF}, {ALGO_ALPHABETA, TABLE_ON}, {ALGO_FAILSOFT, TABLE_ON},
                 {ALGO_NEGASCOUT, TABLE_EXACT}, {ALGO_PVS, TABLE_OFF}, {ALGO_PNS, TABLE_ON}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        SearchConfig cfg = config(cases[k].algo, 4);
        cfg.table = cases[k].table;
        cfg.depth = 4;
        if (cases[k].algo == ALGO_PNS) {
            random_position(g, 24, root);
            cfg.solve = true;
        }
        Err err = {{0}};
        Search *s = search_new(g, &cfg, &err);
        assert_non_null(s);
        assert_int_equal(search_threads(s), 1);
        search_free(s);
        static SearchResult one, four;
        run(g, root, &cfg, &four);
        cfg.threads = 1;
        run(g, root, &cfg, &one);
        assert_int_equal(four.stats.nodes, one.stats.nodes);
        assert_int_equal(four.value, one.value);
    }
    SearchConfig cfg = config(ALGO_YOMI, SEARCH_THREADS_ALL);
    Err err = {{0}};
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_threads(s), search_cores());
    search_free(s);
    /* A solve the game's solver takes whole is one solver call. */
    cfg = config(ALGO_PVS, 2);
    cfg.solve = true;
    cfg.endgame = SEARCH_ENDGAME_ALL;
    s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_threads(s), 2);
    search_free(s);
    game_close(g);
    g = open_game("kalah-4x3");
    s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_threads(s), 2);
    search_free(s);
    game_close(g);
}

static void test_threads_option(void **unused)
{
    (void)unused;
    SearchConfig cfg;
    search_config_default(&cfg);
    assert_int_equal(cfg.threads, 1);
    Err err = {{0}};
    assert_int_equal(search_config_set(&cfg, "threads", "3", &err), 1);
    assert_int_equal(cfg.threads, 3);
    char text[256];
    search_config_format(&cfg, text, sizeof text);
    assert_string_equal(text, ",threads=3");
    assert_int_equal(search_config_set(&cfg, "threads", "all", &err), 1);
    assert_int_equal(cfg.threads, SEARCH_THREADS_ALL);
    search_config_format(&cfg, text, sizeof text);
    assert_string_equal(text, ",threads=all");
    static const char *const bad[] = {"0", "65", "-1", "two", ""};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.msg[0] = '\0';
        assert_int_equal(search_config_set(&cfg, "threads", bad[i], &err), -1);
        assert_non_null(strstr(err.msg, "threads"));
    }
    assert_true(search_cores() >= 1 && search_cores() <= SEARCH_MAX_THREADS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_option),
        cmocka_unit_test(test_two_threads_solve_exactly),
        cmocka_unit_test(test_two_threads_search_legally),
        cmocka_unit_test(test_stop_ends_every_thread),
        cmocka_unit_test(test_counters_and_node_limit_count_every_thread),
        cmocka_unit_test(test_textbook_algorithms_stay_on_one_thread),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
