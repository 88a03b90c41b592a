/* test_tree.c - the tree game: its notation (good trees and every kind of
 * bad one), positions as paths, moves, perft and the minimax values of the
 * textbook's trees. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/search.h"
#include "games/registry.h"
#include "games/tree/tree.h"

#define TEXTBOOK "((3 12 8)(2 4 6)(14 5 2))"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

static Game *open_tree(const char *text, Err *err)
{
    GameOption opt = {"position", text};
    return game_open("tree", &opt, text ? 1 : 0, err);
}

static Game *open_ok(const char *text)
{
    Err err = {{0}};
    Game *g = open_tree(text, &err);
    if (!g)
        fail_msg("cannot open %s: %s", text, err.msg);
    return g;
}

static void test_good_trees(void **unused)
{
    (void)unused;
    Game *g = open_ok(" ( (3 12 8)\n(2 4 6) ( 14 5 2 ) ) ");
    char text[128];
    tree_text(g, 0, text, sizeof text);
    assert_string_equal(text, "((3 12 8) (2 4 6) (14 5 2))");
    assert_int_equal(tree_children(g, 0), 3);
    assert_int_equal(tree_leaves_under(g, 0), 9);
    game_close(g);

    g = open_ok("(3 (4 5) ((1 2) -6))"); /* leaves at different depths */
    tree_text(g, 0, text, sizeof text);
    assert_string_equal(text, "(3 (4 5) ((1 2) -6))");
    assert_int_equal(tree_leaves_under(g, 0), 6);
    game_close(g);

    g = open_ok(NULL); /* no tree given: the textbook's */
    tree_text(g, 0, text, sizeof text);
    assert_string_equal(text, "((3 12 8) (2 4 6) (14 5 2))");
    game_close(g);
}

static void expect_bad(const char *text, const char *words)
{
    Err err = {{0}};
    Game *g = open_tree(text, &err);
    if (g)
        fail_msg("'%s' was accepted", text);
    if (!strstr(err.msg, words))
        fail_msg("'%s': '%s' does not say '%s'", text, err.msg, words);
}

static void test_bad_trees(void **unused)
{
    (void)unused;
    expect_bad("((3 12 8)(2 4 6)", "never closed");
    expect_bad("((3 12 8)))", "closes nothing");
    expect_bad("(3 x 5)", "'x' at character 4 is not an integer leaf");
    expect_bad("(3 4.5)", "not an integer leaf");
    expect_bad("(3 (4 5)x)", "expected a space");
    expect_bad("()", "empty node");
    expect_bad("(1 (2 ()))", "empty node");
    expect_bad("(1 99999)", "out of range");
    expect_bad("(1 2) 3", "text after the tree");

    char deep[200] = "";
    for (int i = 0; i <= TREE_MAX_DEPTH; i++)
        strcat(deep, "(");
    strcat(deep, "1");
    for (int i = 0; i <= TREE_MAX_DEPTH; i++)
        strcat(deep, ")");
    expect_bad(deep, "deeper than 60 levels");
    deep[0] = ' '; /* one level less: the limit itself is allowed */
    deep[strlen(deep) - 1] = '\0';
    Err err = {{0}};
    Game *g = open_tree(deep, &err);
    assert_non_null(g);
    game_close(g);

    static char wide[TREE_MAX_NODES * 4 + 64];
    strcpy(wide, "(");
    for (int i = 0; i < 20; i++) { /* 20 x 205 leaves + 21 lists > 4095 */
        strcat(wide, "(");
        for (int k = 0; k < 205; k++)
            strcat(wide, "1 ");
        strcat(wide, ")");
    }
    strcat(wide, ")");
    expect_bad(wide, "more than 4095 nodes");
}

static void test_positions_and_moves(void **unused)
{
    (void)unused;
    Game *g = open_ok(TEXTBOOK);
    const GameOps *ops = g->ops;
    State s, c;
    Err err = {{0}};
    char buf[512];
    assert_int_equal(ops->parse_position(g, "2.1", &s, &err), 0);
    assert_true(ops->is_terminal(g, &s));
    assert_int_equal(tree_leaf_value(g, tree_node(&s)), 2);
    assert_int_equal(ops->side_to_move(g, &s), 0); /* depth 2: the first player's turn */
    assert_int_equal(ops->final_score(g, &s), 2);
    ops->format_position(g, &s, buf, sizeof buf);
    assert_string_equal(buf, "2.1");

    assert_int_equal(ops->parse_position(g, "3", &s, &err), 0);
    assert_int_equal(ops->side_to_move(g, &s), 1);
    Move m;
    assert_int_equal(ops->parse_move(g, &s, "2", &m, &err), 0);
    ops->play(g, &s, m, &c);
    assert_int_equal(ops->final_score(g, &c), 5);
    assert_int_equal(ops->parse_move(g, &s, "4", &m, &err), -1);
    assert_int_equal(ops->parse_move(g, &s, "x", &m, &err), -1);

    assert_int_equal(ops->parse_position(g, "root", &s, &err), 0);
    ops->format_position(g, &s, buf, sizeof buf);
    assert_string_equal(buf, "root");
    assert_int_equal(ops->parse_position(g, TEXTBOOK, &s, &err), 0);
    assert_int_equal(tree_node(&s), 0);
    assert_int_equal(ops->parse_position(g, "(1 2)", &s, &err), -1);
    assert_int_equal(ops->parse_position(g, "4", &s, &err), -1);
    assert_int_equal(ops->parse_position(g, "1..2", &s, &err), -1);
    assert_int_equal(ops->parse_position(g, "1.2.3", &s, &err), -1);
    assert_int_equal(ops->parse_position(g, "abc", &s, &err), -1);
    game_close(g);
}

static void test_perft_counts_leaves(void **unused)
{
    (void)unused;
    Game *g = open_ok(TEXTBOOK);
    State s;
    g->ops->start(g, &s);
    assert_int_equal(game_perft(g, &s, 1), 3);
    assert_int_equal(game_perft(g, &s, 2), 9);
    game_close(g);
}

static int solve(const char *text, Algo algo, uint64_t *leaves)
{
    Game *g = open_ok(text);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = algo;
    cfg.solve = true;
    cfg.order = ORDER_NATURAL;
    cfg.table = TABLE_OFF;
    Err err = {{0}};
    Search *search = search_new(g, &cfg, &err);
    assert_non_null(search);
    State s;
    g->ops->start(g, &s);
    static SearchResult r;
    assert_int_equal(search_run(search, &s, &r, &err), 0);
    search_free(search);
    game_close(g);
    *leaves = r.stats.leaves;
    return r.value;
}

static void test_minimax_values(void **unused)
{
    (void)unused;
    uint64_t leaves;
    assert_int_equal(solve(TEXTBOOK, ALGO_MINIMAX, &leaves), 3);
    assert_int_equal(leaves, 9);
    assert_int_equal(solve(TEXTBOOK, ALGO_ALPHABETA, &leaves), 3);
    assert_int_equal(leaves, 7); /* cut after the 2, and after the 2 of (14 5 2) */
    assert_int_equal(solve("(3 (4 5) ((1 2) 6))", ALGO_MINIMAX, &leaves), 4);
    assert_int_equal(solve("((2 4 6)(14 5 2)(3 12 8))", ALGO_ALPHABETA, &leaves), 3);
    assert_int_equal(leaves, 9); /* the best move last: no cut before the last leaf */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_trees),
        cmocka_unit_test(test_bad_trees),
        cmocka_unit_test(test_positions_and_moves),
        cmocka_unit_test(test_perft_counts_leaves),
        cmocka_unit_test(test_minimax_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
