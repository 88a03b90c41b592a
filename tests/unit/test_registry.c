/* test_registry.c - game ids resolve to the right family; bad ids fail. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
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
    assert_int_equal(n, 3);
    assert_string_equal(f[0]->family, "kalah");
    assert_string_equal(f[1]->family, "reversi");
    assert_string_equal(f[2]->family, "gogo");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unknown_game_fails),
        cmocka_unit_test(test_families_listed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
