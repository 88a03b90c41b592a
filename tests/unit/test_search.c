/* test_search.c - the engine against itself: every algorithm agrees with
 * negamax on random positions of every game, PVs are legal, a stopped
 * search answers with a legal move, a soft time limit ends it between
 * iterations, counters can be read while it runs,
 * player specs parse or fail clearly, every algorithm has a whole row in
 * the table and a paragraph in the help screen. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"
#include "games/registry.h"
#include "players/player.h"

typedef struct {
    const char *game;
    int depth;      /* 0: solve */
    int opening;    /* random plies before the position */
} Case;

static const Case cases[] = {
    {"reversi-4x4", 0, 2}, {"reversi-4x4", 3, 1}, {"reversi-6x6", 3, 4}, {"reversi", 3, 6},
    {"kalah", 4, 3},       {"kalah-4x3", 5, 2},   {"gogo", 2, 4},        {"gogo", 3, 8},
};

static uint64_t rng = 88172645463325252ULL;
static unsigned next_random(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng >> 32);
}

/* A random position `plies` moves from the start (fewer if the game ends). */
static void random_position(const Game *g, int plies, void *state)
{
    _Alignas(16) unsigned char next[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    g->ops->start(g, state);
    for (int i = 0; i < plies; i++) {
        const int n = g->ops->legal_moves(g, state, moves);
        if (n <= 1)
            break;
        g->ops->play(g, state, moves[next_random() % (unsigned)n], next);
        memcpy(state, next, g->state_size);
    }
}


static int run(const Game *g, const void *root, SearchConfig *cfg, SearchResult *r)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_run(s, root, r, &err), 0);
    search_free(s);
    return r->value;
}

static void test_algorithms_agree(void **unused)
{
    (void)unused;
    static const MoveOrder orders[] = {ORDER_NATURAL, ORDER_STATIC, ORDER_BEST};
    static SearchResult r;
    int checked = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Err err = {{0}};
        Game *g = game_open(cases[k].game, NULL, 0, &err);
        if (!g)
            continue; /* a game not built in this tree */
        for (int rep = 0; rep < 4; rep++) {
            _Alignas(16) unsigned char root[GAME_MAX_STATE];
            random_position(g, cases[k].opening + rep, root);
            SearchConfig cfg;
            search_config_default(&cfg);
            cfg.algo = ALGO_NEGAMAX;
            cfg.table = TABLE_OFF;
            cfg.order = ORDER_NATURAL;
            cfg.quiescence = rep % 2 == 1; /* gogo: with and without quiescence */
            cfg.solve = cases[k].depth == 0;
            cfg.depth = cases[k].depth;
            const int want = run(g, root, &cfg, &r);
            for (int a = 0; a < ALGO_COUNT; a++) {
                /* mcts estimates a win rate from random playouts: it is
                 * not exact, and test_mcts.c holds it to what it is. */
                if (algorithm((Algo)a)->flags & ALGO_SAMPLING)
                    continue;
                for (int o = 0; o < 3; o++) {
                    for (int t = 0; t < 3; t++) {
                        SearchConfig c = cfg;
                        c.algo = (Algo)a;
                        c.order = orders[o];
                        c.table = (TableMode)t;
                        c.table_mb = 1;
                        /* yomi's table reuses deeper results, which can
                         * legitimately change a depth-limited value. */
                        if (c.table == TABLE_ON && !c.solve)
                            continue;
                        /* yomi's pruning and extensions change depth-limited
                         * values by design, and so does its hand-over to a
                         * game's exact solver; without them it is plain PVS. */
                        if (c.algo == ALGO_YOMI && !c.solve) {
                            c.features = 0;
                            c.endgame = 0;
                        }
                        /* One that only solves has no depth-limited value;
                         * one that proves the outcome gives its sign. */
                        const unsigned flags = algorithm(c.algo)->flags;
                        if ((flags & ALGO_SOLVE_ONLY) && !c.solve)
                            continue;
                        const int got = run(g, root, &c, &r);
                        const int wanted = flags & ALGO_OUTCOME ? (want > 0) - (want < 0) : want;
                        if (got != wanted)
                            fail_msg("%s opening %d: %s order %d table %d gives %d, negamax %d",
                                     g->name, cases[k].opening + rep, algo_name(c.algo), o, t, got,
                                     want);
                        assert_true(test_legal_line(g, root, r.pv, r.pv_len));
                        assert_true(r.pv_len >= 1 || r.move == MOVE_NONE);
                        checked++;
                    }
                }
            }
        }
        game_close(g);
    }
    assert_true(checked > 100);
}

/* The game `name`, opened, and its start position in `root`. */
static Game *open_at_start(const char *name, void *root)
{
    Err err = {{0}};
    Game *g = game_open(name, NULL, 0, &err);
    assert_non_null(g);
    g->ops->start(g, root);
    return g;
}

static void test_stop_returns_a_legal_move(void **unused)
{
    (void)unused;
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = open_at_start("reversi", root);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.depth = 60; /* far beyond what finishes */
    cfg.time_ms = 600000;
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_start(s, root, &err), 0);
    SearchStats st;
    uint64_t seen = 0;
    for (int i = 0; i < 200 && seen < 20000; i++) { /* until it is well under way */
        struct timespec ts = {0, 5000000};
        nanosleep(&ts, NULL);
        search_poll(s, &st);
        assert_true(st.nodes >= seen); /* counters only grow */
        seen = st.nodes;
    }
    assert_true(seen > 0);
    search_stop(s);
    static SearchResult r;
    search_wait(s, &r);
    assert_true(search_done(s));
    assert_true(r.stopped);
    assert_true(test_legal_line(g, root, &r.move, 1));
    assert_true(test_legal_line(g, root, r.pv, r.pv_len));
    search_free(s);
    game_close(g);
}

/* yomi's own search on gogo, to depth 60 within 600 s, with a soft
 * limit (a clock's) of soft_ms. */
static Search *gogo_clock_search(Game *g, int soft_ms)
{
    Err err = {{0}};
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_YOMI;
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_set_limits(s, 60, 600000, 0, &err), 0);
    search_set_soft_limit(s, soft_ms);
    return s;
}

/* A clock's soft limit ends the deepening between iterations: the search
 * ends on its own, long before its hard limit and its depth, with the
 * answer of a whole iteration (not stopped).  search_set_limits clears
 * it: the same search then runs until stopped. */
static void test_soft_limit_ends_between_iterations(void **unused)
{
    (void)unused;
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = open_at_start("gogo", root);
    Search *s = gogo_clock_search(g, 1);
    static SearchResult r;
    assert_int_equal(search_run(s, root, &r, &err), 0);
    assert_false(r.stopped);
    assert_true(r.stats.depth >= 1 && r.stats.depth < 60);
    assert_true(test_legal_line(g, root, r.pv, r.pv_len));
    assert_int_equal(search_set_limits(s, 60, 600000, 0, &err), 0);
    assert_int_equal(search_start(s, root, &err), 0);
    struct timespec ts = {0, 50000000};
    nanosleep(&ts, NULL);
    assert_false(search_done(s)); /* no soft limit: still deepening */
    search_stop(s);
    search_wait(s, &r);
    assert_true(r.stopped);
    search_free(s);
    game_close(g);
}

/* One legal move on a clock: the search starts iterations for a quarter
 * of its soft limit and stops at half of it, where another move would
 * start iterations until the whole soft limit has passed (this position
 * does not solve in that time: 3 M nodes reach depth 15).  Gote is in
 * check from the gold on 1b, which the pawn on 1c guards; only gote's
 * gold can take it. */
static void test_a_forced_move_saves_its_clock(void **unused)
{
    (void)unused;
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = game_open("gogo", NULL, 0, &err);
    assert_non_null(g);
    assert_int_equal(g->ops->parse_position(g, "sfen rbsgk/4G/4P/5/1KSBR w P 1", root, &err), 0);
    Move legal[GAME_MAX_MOVES];
    assert_int_equal(g->ops->legal_moves(g, root, legal), 1);
    Search *s = gogo_clock_search(g, 2000);
    static SearchResult r;
    const uint64_t t0 = clock_ms();
    assert_int_equal(search_run(s, root, &r, &err), 0);
    assert_true(clock_ms() - t0 < 2000);
    assert_true(r.move == legal[0]);
    assert_true(r.stats.depth >= 1);
    search_free(s);
    game_close(g);
}

/* The panel reads the depth and the counters at any moment: once an
 * iteration is told, its nodes are told too, even when it took fewer
 * nodes than the counters' publishing period (reversi's first plies).
 * Polled without pause from the start, so the early iterations are seen. */
static void test_a_told_depth_comes_with_its_nodes(void **unused)
{
    (void)unused;
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = open_at_start("reversi", root);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.depth = 7;
    cfg.time_ms = 0;
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    for (int round = 0; round < 20; round++) {
        search_clear(s);
        assert_int_equal(search_start(s, root, &err), 0);
        SearchStats st;
        do {
            search_poll(s, &st);
            if (st.depth > 0) {
                assert_true(st.nodes > 0);
                assert_true(st.leaves > 0);
            }
        } while (!search_done(s));
        search_wait(s, NULL);
    }
    search_free(s);
    game_close(g);
}

static void test_two_searches_side_by_side(void **unused)
{
    (void)unused;
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = open_at_start("reversi-6x6", root);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.depth = 7;
    cfg.table_mb = 1;
    static SearchResult alone, r1, r2;
    run(g, root, &cfg, &alone);
    Search *a = search_new(g, &cfg, &err), *b = search_new(g, &cfg, &err);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(search_start(a, root, &err), 0);
    assert_int_equal(search_start(b, root, &err), 0);
    search_wait(a, &r1);
    search_wait(b, &r2);
    assert_int_equal(r1.value, alone.value);
    assert_int_equal(r2.value, alone.value);
    assert_int_equal(r1.stats.nodes, alone.stats.nodes);
    assert_int_equal(r2.stats.nodes, alone.stats.nodes);
    search_free(a);
    search_free(b);
    game_close(g);
}

static void test_player_specs(void **unused)
{
    (void)unused;
    Player p;
    Err err = {{0}};
    assert_int_equal(player_parse("human", &p, &err), 0);
    assert_true(p.human);
    assert_int_equal(player_parse("mtdf:8,table=on,order=best", &p, &err), 0);
    assert_false(p.human);
    assert_int_equal(p.cfg.algo, ALGO_MTDF);
    assert_int_equal(p.cfg.depth, 8);
    assert_int_equal(p.cfg.table, TABLE_ON);
    assert_int_equal(p.cfg.order, ORDER_BEST);
    assert_int_equal(player_parse("alphabeta:4,order=natural,table-mb=4", &p, &err), 0);
    assert_int_equal(p.cfg.order, ORDER_NATURAL);
    assert_int_equal(p.cfg.table_mb, 4);
    assert_int_equal(player_parse("negascout:solve", &p, &err), 0);
    assert_true(p.cfg.solve);
    static const char *const bad[] = {"", "negascout", "chess:4", "negascout:x", "negascout:-1",
                                      "negascout:4,order", "negascout:4,colour=red",
                                      "negascout:4,table=maybe", "negascout:4,"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.msg[0] = '\0';
        assert_int_equal(player_parse(bad[i], &p, &err), -1);
        assert_true(strlen(err.msg) > 0);
    }
    Algo a;
    assert_int_equal(algo_parse("alphabeta-window", &a, &err), 0);
    assert_int_equal(a, ALGO_ALPHABETA_WINDOW);
    assert_string_equal(algo_name(ALGO_PVS), "pvs");
}

/* Every Algo has a whole row: the lists, forms and messages that read the
 * table would otherwise show a hole or call nothing. */
static void test_algorithm_table(void **state)
{
    (void)state;
    Err err = {{0}};
    assert_int_equal(algo_parse("chess", &(Algo){0}, &err), -1);
    for (int i = 0; i < ALGO_COUNT; i++) {
        const Algorithm *a = algorithm((Algo)i);
        assert_non_null(a);
        assert_non_null(a->id);
        assert_non_null(a->name);
        assert_non_null(a->help);
        assert_true(a->search.plain != NULL);
        assert_false((a->flags & ALGO_ONE_LIMIT) && (a->flags & ALGO_WINDOW));
        assert_true(strlen(a->help) <= 52); /* fits `yomi search --help` at 80 columns */
        Algo back;
        assert_int_equal(algo_parse(a->id, &back, &err), 0);
        assert_int_equal(back, i);
        assert_string_equal(algo_name((Algo)i), a->id);
        assert_non_null(strstr(err.msg, a->id)); /* the "one of: ..." list */
    }
    assert_null(algorithm(ALGO_COUNT));
}

/* The help screen's Algorithms section is prose, in a file per language,
 * not a list drawn from the table: a new row wants its paragraph there,
 * starting with its id, in every language. */
static void test_help_screen_describes_every_algorithm(void **state)
{
    (void)state;
    static const char *const files[] = {"help.txt", "help.ja.txt"};
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/assets/%s", YOMI_SRCDIR, files[f]);
        FILE *in = fopen(path, "r");
        assert_non_null(in);
        char text[65536];
        text[0] = '\n';
        const size_t n = fread(text + 1, 1, sizeof text - 2, in);
        fclose(in);
        text[n + 1] = '\0';
        for (int i = 0; i < ALGO_COUNT; i++) {
            char line_start[64];
            snprintf(line_start, sizeof line_start, "\n%s ", algo_name((Algo)i));
            if (!strstr(text, line_start))
                fail_msg("assets/%s has no paragraph on %s", files[f], algo_name((Algo)i));
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_algorithms_agree),
        cmocka_unit_test(test_stop_returns_a_legal_move),
        cmocka_unit_test(test_soft_limit_ends_between_iterations),
        cmocka_unit_test(test_a_forced_move_saves_its_clock),
        cmocka_unit_test(test_a_told_depth_comes_with_its_nodes),
        cmocka_unit_test(test_two_searches_side_by_side),
        cmocka_unit_test(test_player_specs),
        cmocka_unit_test(test_algorithm_table),
        cmocka_unit_test(test_help_screen_describes_every_algorithm),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
