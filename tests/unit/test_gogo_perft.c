/* test_gogo_perft.c - gogo move generation against the reference counts of
 * tests/data/gogo/perft.txt: every line, at every depth whose count is small
 * enough for the suite (the deeper ones belong in `yomi bench`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "gogo_test.h"

/* Depths whose count is at most this run here ($YOMI_GOGO_PERFT_MAX overrides). */
#define DEFAULT_MAX_COUNT 20000000ULL
/* The generic perft (legal_moves + play through the vtable, no counting
 * shortcut) checks the bulk-counting hook on the smaller counts. */
#define MAX_COUNT_GENERIC 300000ULL

static unsigned long long max_count(void)
{
    const char *env = getenv("YOMI_GOGO_PERFT_MAX");
    return env && *env ? strtoull(env, NULL, 10) : DEFAULT_MAX_COUNT;
}

static FILE *open_data(void)
{
    const char *dir = getenv("TESTDATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/gogo/perft.txt", dir ? dir : YOMI_SRCDIR "/tests/data");
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    return f;
}

/* One data line: "SFEN ; D1 n ; D2 n ; ...".  Returns the number of depths. */
static int parse_line(char *line, char **sfen, unsigned long long *counts, int max)
{
    char *sep = strstr(line, " ; ");
    if (!sep)
        fail_msg("no ' ; ' in data line: %s", line);
    *sep = '\0';
    *sfen = line;
    int n = 0;
    for (char *p = sep + 3; p && *p;) {
        int depth;
        unsigned long long count;
        if (sscanf(p, "D%d %llu", &depth, &count) != 2 || depth != n + 1 || n == max)
            fail_msg("bad depth field '%s' for %s", p, *sfen);
        counts[n++] = count;
        p = strstr(p, " ; ");
        if (p)
            p += 3;
    }
    return n;
}

static void test_every_line_of_perft_txt(void **unused)
{
    (void)unused;
    FILE *f = open_data();
    char line[1024];
    int lines = 0, checks = 0, generic_checks = 0;
    const unsigned long long limit = max_count();
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *sfen;
        unsigned long long want[16];
        int depths = parse_line(line, &sfen, want, 16);
        GogoState s = load(sfen);
        lines++;
        /* D1 is also the number of legal moves listed */
        assert_int_equal(count_moves(&s), (int)want[0]);
        for (int d = 1; d <= depths; d++) {
            if (want[d - 1] > limit)
                break;
            unsigned long long got = game_perft(gogo, &s, d);
            if (got != want[d - 1])
                fail_msg("%s depth %d: perft %llu, want %llu", sfen, d, got, want[d - 1]);
            checks++;
            if (want[d - 1] <= MAX_COUNT_GENERIC) {
                got = game_perft_generic(gogo, &s, d);
                if (got != want[d - 1])
                    fail_msg("%s depth %d: generic perft %llu, want %llu", sfen, d, got,
                             want[d - 1]);
                generic_checks++;
            }
        }
    }
    fclose(f);
    print_message("# %d positions, %d counts checked (%d also by the generic perft)\n", lines,
                  checks, generic_checks);
    assert_true(lines >= 80); /* the whole file was read */
    assert_true(checks >= 4 * lines);
}

/* perft 0 is 1 everywhere, and the start's first depths by hand. */
static void test_small_depths(void **unused)
{
    (void)unused;
    GogoState s;
    gogo->ops->start(gogo, &s);
    assert_int_equal(game_perft(gogo, &s, 0), 1);
    assert_int_equal(game_perft(gogo, &s, 1), 14);
    assert_int_equal(game_perft(gogo, &s, 2), 181);
    assert_int_equal(game_perft(gogo, &s, 3), 2512);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_depths),
        cmocka_unit_test(test_every_line_of_perft_txt),
    };
    return cmocka_run_group_tests(tests, open_gogo, close_gogo);
}
