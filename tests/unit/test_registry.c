/* test_registry.c - game ids resolve to the right family; bad ids fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"

static void test_unknown_game_fails(void **state)
{
    (void)state;
    Err err = {{0}};
    assert_null(game_open("chess", NULL, 0, &err));
    assert_non_null(strstr(err.msg, "unknown game"));
    assert_null(game_open("", NULL, 0, &err));
    assert_null(game_open("reversix", NULL, 0, &err));
    assert_null(game_open("kalahh-6x6", NULL, 0, &err));
}

static void test_families_listed(void **state)
{
    (void)state;
    const GameOps *const *f = game_families();
    int n = 0;
    while (f[n])
        n++;
    assert_int_equal(n, 4);
    assert_string_equal(f[0]->family, "kalah");
    assert_string_equal(f[1]->family, "reversi");
    assert_string_equal(f[2]->family, "gogo");
    assert_string_equal(f[3]->family, "tree");
}

/* What each game says about itself holds for its open(): the default id
 * spelled out is the plain one, every size the forms offer opens, and every
 * value of every option opens the default variant. */
static void test_descriptions_match_open(void **state)
{
    (void)state;
    for (const GameOps *const *f = game_families(); *f; f++) {
        const GameInfo *info = (*f)->info;
        assert_non_null(info);
        assert_non_null(info->name);
        /* results name what they count: a count without a name cannot */
        assert_int_equal(info->counts != NULL, info->counts_name != NULL);
        char id[40];
        game_size_id(*f, NULL, true, id, sizeof id);
        Err err = {{0}};
        Game *g = game_open(id, NULL, 0, &err);
        if (!g)
            fail_msg("%s: %s", id, err.msg);
        assert_string_equal(g->name, (*f)->family);
        game_close(g);
        for (int i = 0; i < info->nparams; i++) {
            const GameParam *p = &info->params[i];
            if (p->size) {
                assert_non_null(p->label); /* the forms make the id from them */
                assert_true(i == 0 || info->params[i - 1].size); /* sizes first */
            }
            const int n = p->kind == GAME_PARAM_CHOICE ? p->nchoices : 2;
            for (int k = 0; k < n; k++) {
                const int value = p->kind == GAME_PARAM_CHOICE ? k : k ? p->hi : p->lo;
                char number[12];
                snprintf(number, sizeof number, "%d", value);
                GameOption opt = {p->key, p->kind == GAME_PARAM_CHOICE ? p->choices[k] : number};
                int sizes[8]; /* the size parts come first: one per parameter will do */
                for (int s = 0; s < info->nparams && s < 8; s++)
                    sizes[s] = info->params[s].def;
                if (p->size) {
                    sizes[i] = value;
                    game_size_id(*f, sizes, false, id, sizeof id);
                } else {
                    snprintf(id, sizeof id, "%s", (*f)->family);
                }
                g = game_open(id, &opt, p->size ? 0 : 1, &err);
                if (!g)
                    fail_msg("%s --%s %s: %s", id, opt.key, opt.value, err.msg);
                game_close(g);
            }
        }
    }
}

static void test_messages_from_descriptions(void **state)
{
    (void)state;
    Err err = {{0}};
    assert_null(game_open("", NULL, 0, &err));
    assert_string_equal(err.msg, "no game given (one of: kalah, kalah-MxN, reversi, "
                                 "reversi-RxC, gogo, tree)");
    GameOption start = {"start", "cross"}, eval = {"eval", NULL};
    assert_null(game_open("kalah", &start, 1, &err));
    assert_string_equal(err.msg,
                        "--start does not apply to kalah (its options: --rules, --capture, --eval)");
    assert_null(game_open("gogo", &start, 1, &err));
    assert_string_equal(err.msg, "--start does not apply to gogo (its options: --eval)");
    assert_null(game_open("gogo", &eval, 1, &err));
    assert_string_equal(err.msg, "--eval needs a value (one of material, tuned, linear, builtin, FILE)");
    char syntax[80];
    game_param_syntax(&kalah_ops.info->params[0], syntax, sizeof syntax);
    assert_string_equal(syntax, "--pits 1..8");
    game_param_syntax(&kalah_ops.info->params[4], syntax, sizeof syntax);
    assert_string_equal(syntax, "--eval tuned|simple|FILE");
}

static void test_names_and_ids(void **state)
{
    (void)state;
    static const struct { const char *id, *shown; } names[] = {
        {"reversi", "Reversi"},   {"reversi-6x6", "Reversi 6x6"}, {"kalah-4x3", "Kalah 4x3"},
        {"minishogi", "Gogo shogi"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Err err = {{0}};
        Game *g = game_open(names[i].id, NULL, 0, &err);
        assert_non_null(g);
        char shown[80];
        game_display_name(g, shown, sizeof shown);
        assert_string_equal(shown, names[i].shown);
        game_close(g);
    }
    char id[40];
    game_size_id(&kalah_ops, (const int[]){4, 3}, false, id, sizeof id);
    assert_string_equal(id, "kalah-4x3");
    game_size_id(&kalah_ops, (const int[]){6, 6}, false, id, sizeof id);
    assert_string_equal(id, "kalah");
    game_size_id(&reversi_ops, NULL, true, id, sizeof id);
    assert_string_equal(id, "reversi-8x8");
    game_size_id(&gogo_ops, NULL, true, id, sizeof id);
    assert_string_equal(id, "gogo");
    game_ids_list(id, sizeof id, true);
    assert_string_equal(id, "gogo"); /* the one game external engines play */
}

/* The final counts front ends show: the stores, the discs. */
static void test_counts(void **state)
{
    (void)state;
    _Alignas(16) unsigned char s[GAME_MAX_STATE];
    Err err = {{0}};
    Game *g = game_open("kalah-4x3", NULL, 0, &err);
    assert_int_equal(g->ops->parse_position(g, "0 1 0 2 7 3 0 0 1 10 1", s, &err), 0);
    int counts[2];
    g->ops->info->counts(g, s, counts);
    assert_int_equal(counts[0], 7);
    assert_int_equal(counts[1], 10);
    game_close(g);
    g = game_open("reversi-4x4", NULL, 0, &err);
    g->ops->start(g, s);
    g->ops->info->counts(g, s, counts);
    assert_int_equal(counts[0], 2);
    assert_int_equal(counts[1], 2);
    game_close(g);
    assert_null(gogo_ops.info->counts);
    assert_string_equal(kalah_ops.info->counts_name, "stores");
    assert_string_equal(reversi_ops.info->counts_name, "discs");
    /* a tree's value is a payoff to Max, the others' a margin someone wins by */
    assert_true(tree_ops.info->payoff);
    assert_false(kalah_ops.info->payoff || reversi_ops.info->payoff || gogo_ops.info->payoff);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unknown_game_fails),
        cmocka_unit_test(test_families_listed),
        cmocka_unit_test(test_descriptions_match_open),
        cmocka_unit_test(test_messages_from_descriptions),
        cmocka_unit_test(test_names_and_ids),
        cmocka_unit_test(test_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
