/* test_strong.c - the yomi algorithm: exact where the game is solved (4x4
 * reversi, the small Kalah lines of solved.txt, gogo mates with the right
 * distance), whichever of its selective parts are switched on, and its
 * options and player specs. */
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
#include "players/player.h"

/* Every combination of the switchable parts worth telling apart: all on,
 * each one off, all off. */
static const unsigned feature_sets[] = {
    YOMI_DEFAULT_FEATURES,
    YOMI_DEFAULT_FEATURES & ~YOMI_ASPIRATION,
    YOMI_DEFAULT_FEATURES & ~YOMI_NULL_MOVE,
    YOMI_DEFAULT_FEATURES & ~YOMI_LMR,
    YOMI_DEFAULT_FEATURES & ~YOMI_CHECK_EXTENSION,
    YOMI_DEFAULT_FEATURES & ~YOMI_SEE_PRUNING,
    YOMI_DEFAULT_FEATURES & ~YOMI_LMR_HISTORY,
    YOMI_DEFAULT_FEATURES | YOMI_PROBCUT,
    0,
};
#define NSETS (sizeof feature_sets / sizeof feature_sets[0])


static void yomi_config(SearchConfig *cfg, unsigned features)
{
    search_config_default(cfg);
    cfg->algo = ALGO_YOMI;
    cfg->features = features;
    cfg->table_mb = 4;
}

static int run(const Game *g, const void *root, const SearchConfig *cfg, SearchResult *r)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    assert_int_equal(search_run(s, root, r, &err), 0);
    search_free(s);
    return r->value;
}

static void random_position(const Game *g, unsigned seed, int plies, void *state)
{
    _Alignas(16) unsigned char next[GAME_MAX_STATE];
    Move moves[GAME_MAX_MOVES];
    g->ops->start(g, state);
    for (int i = 0; i < plies; i++) {
        const int n = g->ops->legal_moves(g, state, moves);
        if (n <= 1)
            break;
        seed = seed * 1103515245u + 12345u;
        g->ops->play(g, state, moves[(seed >> 16) % (unsigned)n], next);
        memcpy(state, next, g->state_size);
    }
}

/* 4x4 reversi from the start is the seeds' -8 (doc/seed-tables.md), and random
 * 4x4 positions solve to negascout's values, with every feature set, with
 * yomi's table, the exact memo and none. */
static void test_reversi_4x4_solves(void **unused)
{
    (void)unused;
    Game *g = test_game_open("reversi-4x4", NULL, 0);
    static SearchResult r;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    for (size_t f = 0; f < NSETS; f++) {
        for (int t = 0; t < 3; t++) {
            SearchConfig cfg;
            yomi_config(&cfg, feature_sets[f]);
            cfg.solve = true;
            cfg.table = (TableMode)t;
            assert_int_equal(run(g, root, &cfg, &r), -8);
        }
    }
    for (unsigned seed = 1; seed <= 12; seed++) {
        random_position(g, seed, 1 + (int)seed % 4, root);
        SearchConfig ref;
        search_config_default(&ref);
        ref.solve = true;
        const int want = run(g, root, &ref, &r);
        for (size_t f = 0; f < NSETS; f++) {
            SearchConfig cfg;
            yomi_config(&cfg, feature_sets[f]);
            cfg.solve = true;
            const int got = run(g, root, &cfg, &r);
            if (got != want)
                fail_msg("4x4 position %u features %#x: yomi %d, negascout %d", seed,
                         feature_sets[f], got, want);
        }
    }
    game_close(g);
}

static FILE *open_data(const char *name)
{
    char path[1024];
    const char *dir = getenv("TESTDATA");
    snprintf(path, sizeof path, "%s/%s", dir ? dir : YOMI_SRCDIR "/tests/data", name);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot read %s", path);
    return f;
}

/* The start values of every small Kalah(m,n) in solved.txt, both capture
 * rules, each feature set; and a depth limit past the end of the game (the
 * search must notice that nothing was cut and give the exact value too). */
static void test_kalah_solved_values(void **unused)
{
    (void)unused;
    FILE *f = open_data("kalah/solved.txt");
    char line[512];
    int checked = 0;
    static SearchResult r;
    while (fgets(line, sizeof line, f)) {
        int pits, seeds, value;
        char rule[32];
        if (line[0] == '#' || sscanf(line, "%d %d %31s %d", &pits, &seeds, rule, &value) != 4)
            continue;
        if (pits * seeds > 9)
            continue; /* bigger boards take seconds under the sanitizers */
        char id[32];
        snprintf(id, sizeof id, "kalah-%dx%d", pits, seeds);
        const GameOption opts[] = {{"capture", strcmp(rule, "empty-capture") == 0 ? "empty" : "standard"}};
        Game *g = test_game_open(id, opts, 1);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        for (size_t k = 0; k < NSETS; k++) {
            SearchConfig cfg;
            yomi_config(&cfg, feature_sets[k]);
            cfg.solve = true;
            if (run(g, root, &cfg, &r) != value)
                fail_msg("%s %s features %#x: yomi solves %d, solved.txt says %d", id, rule,
                         feature_sets[k], r.value, value);
            cfg.solve = false;
            cfg.depth = 60;
            if (run(g, root, &cfg, &r) != value)
                fail_msg("%s %s features %#x depth 60: %d, solved.txt says %d", id, rule,
                         feature_sets[k], r.value, value);
            checked++;
        }
        game_close(g);
    }
    fclose(f);
    assert_true(checked >= 18 * (int)NSETS);
}

static void expect_mate(const Game *g, const char *sfen, int depth, int value, const char *move)
{
    Err err = {{0}};
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    if (g->ops->parse_position(g, sfen, root, &err) != 0)
        fail_msg("%s: %s", sfen, err.msg);
    static SearchResult r;
    for (size_t k = 0; k < NSETS; k++) {
        SearchConfig cfg;
        yomi_config(&cfg, feature_sets[k]);
        cfg.depth = depth;
        run(g, root, &cfg, &r);
        if (r.value != value)
            fail_msg("%s features %#x: value %d, want %d", sfen, feature_sets[k], r.value, value);
        char text[32];
        g->ops->format_move(g, root, r.move, text, sizeof text);
        if (move && strcmp(text, move) != 0)
            fail_msg("%s features %#x: plays %s, want %s", sfen, feature_sets[k], text, move);
    }
}

/* Mate scores count plies: a mate in one is SCORE_WIN - 1, in two moves
 * (three plies) SCORE_WIN - 3; being mated after two plies -SCORE_WIN + 2.
 * Deeper searches must not trade a quick mate for a slow one. */
static void test_gogo_mates(void **unused)
{
    (void)unused;
    /* The linear evaluation: the search's mates, whatever network ships.
     * With the network, whose values in this bare position run past 2500,
     * reverse futility cuts the lines of the quiet G*2c until depth 6. */
    const GameOption linear = {"eval", "linear"};
    Game *net = test_game_open("gogo", NULL, 0);
    expect_mate(net, "4k/5/4G/5/K4 b G 1", 1, SCORE_WIN - 1, "G*2b");
    expect_mate(net, "4k/5/5/5/K4 b 2G 1", 6, SCORE_WIN - 3, NULL);
    game_close(net);
    Game *g = test_game_open("gogo", &linear, 1);
    expect_mate(g, "4k/5/4G/5/K4 b G 1", 1, SCORE_WIN - 1, "G*2b");
    expect_mate(g, "4k/5/4G/5/K4 b G 1", 5, SCORE_WIN - 1, "G*2b");
    expect_mate(g, "4k/5/5/5/K4 b 2G 1", 4, SCORE_WIN - 3, NULL); /* LMR may take a ply from the quiet G*2c */
    expect_mate(g, "4k/5/5/5/K4 b 2G 1", 6, SCORE_WIN - 3, NULL);
    /* The same position with gote to move after sente's first check. */
    expect_mate(g, "4k/5/3G1/5/K4 w G 2", 4, -SCORE_WIN + 2, NULL);
    game_close(g);
}

/* The switches are ordinary search options and round-trip through a
 * player spec; the algorithm is selectable by name. */
static void test_options_and_specs(void **unused)
{
    (void)unused;
    Algo a;
    Err err = {{0}};
    assert_int_equal(algo_parse("yomi", &a, &err), 0);
    assert_int_equal(a, ALGO_YOMI);
    assert_string_equal(algo_name(ALGO_YOMI), "yomi");
    Player p;
    assert_int_equal(player_parse("yomi:8,null-move=off,lmr=off", &p, &err), 0);
    assert_int_equal(p.cfg.algo, ALGO_YOMI);
    assert_int_equal(p.cfg.features, YOMI_DEFAULT_FEATURES & ~(YOMI_NULL_MOVE | YOMI_LMR));
    char text[256];
    player_format(&p, text, sizeof text);
    assert_string_equal(text, "yomi:8,null-move=off,lmr=off");
    Player back;
    assert_int_equal(player_parse(text, &back, &err), 0);
    assert_int_equal(back.cfg.features, p.cfg.features);
    assert_int_equal(player_parse("yomi:8,lmr=maybe", &p, &err), -1);
    assert_non_null(strstr(err.msg, "lmr"));
}

/* A search that starts in a position with few moves left and a stop at
 * once still answers with a legal move (the deepening's first iteration). */
static void test_time_limit_answers(void **unused)
{
    (void)unused;
    Game *g = test_game_open("reversi", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg;
    yomi_config(&cfg, YOMI_DEFAULT_FEATURES);
    cfg.depth = 60;
    cfg.node_limit = 2000;
    static SearchResult r;
    run(g, root, &cfg, &r);
    assert_true(r.stopped);
    assert_true(r.stats.depth >= 1);
    Move legal[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, root, legal);
    bool found = false;
    for (int i = 0; i < n; i++)
        found |= legal[i] == r.move;
    assert_true(found);
    game_close(g);
}

/* With `endgame` left at auto, yomi hands Kalah positions with at most
 * four seeds a pit to the game's solver: a shallow search of Kalah(4,2)
 * (16 seeds) is then the exact value, +6 (tests/data/kalah/solved.txt),
 * and says so; the seed algorithms keep counting to their depth. */
static void test_endgame_auto(void **unused)
{
    (void)unused;
    Game *g = test_game_open("kalah-4x2", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg;
    yomi_config(&cfg, YOMI_DEFAULT_FEATURES);
    assert_int_equal(cfg.endgame, SEARCH_ENDGAME_AUTO);
    cfg.depth = 2;
    static SearchResult r;
    assert_int_equal(run(g, root, &cfg, &r), 6);
    assert_true(r.stats.exact);
    cfg.endgame = 0; /* without the solver, two plies are not the end */
    run(g, root, &cfg, &r);
    assert_false(r.stats.exact);
    search_config_default(&cfg);
    cfg.algo = ALGO_NEGASCOUT;
    cfg.depth = 2;
    run(g, root, &cfg, &r);
    assert_false(r.stats.exact);
    Player p;
    Err err = {{0}};
    char text[128];
    assert_int_equal(player_parse("yomi:6,endgame=auto", &p, &err), 0);
    assert_int_equal(p.cfg.endgame, SEARCH_ENDGAME_AUTO);
    player_format(&p, text, sizeof text);
    assert_string_equal(text, "yomi:6");
    assert_int_equal(player_parse("yomi:6,endgame=0", &p, &err), 0);
    player_format(&p, text, sizeof text);
    assert_string_equal(text, "yomi:6,endgame=0");
    game_close(g);
}

/* A random 8x8 position with exactly `empties` empty squares. */
static void position_with_empties(const Game *g, unsigned seed, int empties, void *root)
{
    do
        random_position(g, seed++, 60 - empties, root);
    while (g->ops->solver_size(g, root) != empties);
}

static int negascout_solve(const Game *g, const void *root)
{
    static SearchResult r;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_NEGASCOUT;
    cfg.solve = true;
    return run(g, root, &cfg, &r);
}

/* The default player hands reversi's endgame to the solver only where the
 * depth left nearly covers the empties (game.h solver_reach): a shallow
 * search of 14 empties stays a search, a deeper one turns exact and agrees
 * with the solver; an explicit endgame=N still solves at any depth. */
static void test_endgame_reach(void **unused)
{
    (void)unused;
    Game *g = test_game_open("reversi", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    position_with_empties(g, 1, 14, root);
    static SearchResult r;
    SearchConfig cfg;
    yomi_config(&cfg, YOMI_DEFAULT_FEATURES);
    cfg.depth = 2;
    run(g, root, &cfg, &r);
    assert_false(r.stats.exact);
    cfg.depth = 8;
    const int exact = run(g, root, &cfg, &r);
    assert_true(r.stats.exact);
    assert_int_equal(negascout_solve(g, root), exact);
    yomi_config(&cfg, YOMI_DEFAULT_FEATURES);
    cfg.depth = 2;
    cfg.endgame = 14;
    assert_int_equal(run(g, root, &cfg, &r), exact);
    assert_true(r.stats.exact);
    game_close(g);
}

static void depth9(const Game *g, const void *root, unsigned features, SearchResult *r)
{
    SearchConfig cfg;
    yomi_config(&cfg, features);
    cfg.depth = 9;
    run(g, root, &cfg, r);
}

/* ProbCut (probcut=on; off by default) is a guess the pattern evaluation's
 * measured spread allows: on midgame positions it cuts the tree (over a
 * dozen of them: one position alone may go either way, as the cuts change
 * the table's moves), the answer is never called exact, and a solve
 * ignores it. */
static void test_probcut(void **unused)
{
    (void)unused;
    Game *g = test_game_open("reversi", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    static SearchResult on, off;
    SearchConfig cfg;
    uint64_t nodes_on = 0, nodes_off = 0;
    for (unsigned seed = 1; seed <= 12; seed++) {
        random_position(g, seed, 20, root);
        depth9(g, root, YOMI_DEFAULT_FEATURES | YOMI_PROBCUT, &on);
        assert_false(on.stats.exact);
        depth9(g, root, YOMI_DEFAULT_FEATURES, &off);
        nodes_on += on.stats.nodes;
        nodes_off += off.stats.nodes;
    }
    assert_true(nodes_on < nodes_off * 9 / 10);
    /* only the pattern evaluation has a measured spread */
    GameOption simple = {"eval", "simple"};
    Game *plain = test_game_open("reversi", &simple, 1);
    depth9(plain, root, YOMI_DEFAULT_FEATURES | YOMI_PROBCUT, &on);
    depth9(plain, root, YOMI_DEFAULT_FEATURES, &off);
    assert_int_equal(on.stats.nodes, off.stats.nodes);
    game_close(plain);
    /* solving: exact whatever the switch */
    position_with_empties(g, 3, 13, root);
    yomi_config(&cfg, YOMI_DEFAULT_FEATURES | YOMI_PROBCUT);
    cfg.solve = true;
    cfg.endgame = 0;
    const int exact = run(g, root, &cfg, &on);
    assert_true(on.stats.exact);
    assert_int_equal(negascout_solve(g, root), exact);
    Player p;
    Err err = {{0}};
    char text[128];
    assert_int_equal(player_parse("yomi:6,probcut=on", &p, &err), 0);
    assert_int_equal(p.cfg.features & YOMI_PROBCUT, YOMI_PROBCUT);
    player_format(&p, text, sizeof text);
    assert_string_equal(text, "yomi:6,probcut=on");
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reversi_4x4_solves),
        cmocka_unit_test(test_kalah_solved_values),
        cmocka_unit_test(test_gogo_mates),
        cmocka_unit_test(test_options_and_specs),
        cmocka_unit_test(test_time_limit_answers),
        cmocka_unit_test(test_endgame_auto),
        cmocka_unit_test(test_endgame_reach),
        cmocka_unit_test(test_probcut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
