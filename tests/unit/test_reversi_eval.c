/* test_reversi_eval.c - the 8x8 pattern evaluation: its file (good,
 * truncated, damaged), its symmetries, and how games pick it up. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "base/read_file.h"
#include "games/registry.h"
#include "games/reversi/eval.h"
#include "games/reversi/reversi.h"

static char dir[64];
static char good_path[128];

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Weights of a few discs each, different everywhere, so that any broken
 * symmetry shows in the sums. */
static int write_random_weights(const char *path)
{
    const size_t n = (size_t)REVAL_PHASES * (size_t)reval_weights_per_phase();
    float *w = malloc(n * sizeof *w);
    assert_non_null(w);
    uint64_t x = 0x1234567;
    for (size_t i = 0; i < n; i++)
        w[i] = (float)((int)(next_random(&x) % 801) - 400) / 100.0f;
    Err err = {{0}};
    const int rc = reval_write(path, w, &err);
    free(w);
    return rc;
}

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/yomi-eval-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(good_path, sizeof good_path, "%s/good.dat", dir);
    return write_random_weights(good_path);
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static ReversiEval *read_file(const char *path, Err *err)
{
    size_t len;
    char *bytes = read_file_whole(path, REVAL_FILE_MAX, &len, err);
    assert_non_null(bytes);
    ReversiEval *e = reval_parse((const uint8_t *)bytes, len, err);
    free(bytes);
    return e;
}

/* A copy of the good file with `edit` applied to its bytes. */
static const char *damaged(const char *name, void (*edit)(unsigned char *b, size_t *n))
{
    static char path[160];
    FILE *f = fopen(good_path, "rb");
    assert_non_null(f);
    static unsigned char b[4 << 20];
    size_t n = fread(b, 1, sizeof b, f);
    fclose(f);
    edit(b, &n);
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    fclose(f);
    return path;
}

static void cut_tail(unsigned char *b, size_t *n) { (void)b, *n -= 100; }
static void cut_header(unsigned char *b, size_t *n) { (void)b, *n = 20; }
static void bad_magic(unsigned char *b, size_t *n) { (void)n, b[0] = 'Z'; }
static void flip_payload(unsigned char *b, size_t *n) { b[*n / 2] ^= 0x40; }
static void bad_version(unsigned char *b, size_t *n) { (void)n, b[8] = 9; }
static void extra_byte(unsigned char *b, size_t *n) { b[(*n)++] = 0; }

static void expect_error(const char *name, void (*edit)(unsigned char *b, size_t *n),
                         const char *words)
{
    Err err = {{0}};
    assert_null(read_file(damaged(name, edit), &err));
    if (!strstr(err.msg, words))
        fail_msg("%s: '%s' does not say '%s'", name, err.msg, words);
}

static void test_loader(void **state)
{
    (void)state;
    Err err = {{0}};
    ReversiEval *e = read_file(good_path, &err);
    assert_non_null(e);
    reval_free(e);
    expect_error("cut.dat", cut_tail, "truncated");
    expect_error("short.dat", cut_header, "too short");
    expect_error("magic.dat", bad_magic, "bad magic");
    expect_error("flip.dat", flip_payload, "checksum");
    expect_error("version.dat", bad_version, "format");
    expect_error("extra.dat", extra_byte, "after the weights");
}

/* The image of a board under symmetry `sym` (bit 0 mirror columns, bit 1
 * mirror rows, bit 2 transpose first). */
static uint64_t transform(uint64_t b, int sym)
{
    uint64_t out = 0;
    for (int sq = 0; sq < 64; sq++) {
        if (!(b >> sq & 1))
            continue;
        int r = sq / 8, c = sq % 8;
        if (sym & 4) {
            const int t = r;
            r = c, c = t;
        }
        if (sym & 1)
            c = 7 - c;
        if (sym & 2)
            r = 7 - r;
        out |= 1ULL << (r * 8 + c);
    }
    return out;
}

static void test_symmetries(void **state)
{
    (void)state;
    Err err = {{0}};
    ReversiEval *e = read_file(good_path, &err);
    assert_non_null(e);
    GameOption opt = {"eval", "simple"};
    Game *g = game_open("reversi", &opt, 1, &err);
    assert_non_null(g);
    uint64_t x = 99;
    int nonzero = 0, distinct_values = 0, last = 1000;
    for (int game = 0; game < 20; game++) {
        ReversiState s, child;
        g->ops->start(g, &s);
        Move moves[GAME_MAX_MOVES];
        int n;
        while ((n = g->ops->legal_moves(g, &s, moves)) > 0) {
            const int v = reval_evaluate(e, s.mover, s.other);
            assert_true(v >= -63 && v <= 63);
            nonzero += v != 0;
            distinct_values += v != last;
            last = v;
            for (int sym = 1; sym < 8; sym++)
                assert_int_equal(reval_evaluate(e, transform(s.mover, sym), transform(s.other, sym)), v);
            assert_int_equal(reval_evaluate(e, s.other, s.mover), -v);
            g->ops->play(g, &s, moves[next_random(&x) % (uint64_t)n], &child);
            s = child;
        }
    }
    assert_true(nonzero > 100);
    assert_true(distinct_values > 100);
    game_close(g);
    reval_free(e);
}

/* Games find the file through $YOMI_DATADIR; a missing or damaged one
 * leaves the simple evaluation and a notice. */
static void test_game_picks_file(void **state)
{
    (void)state;
    Err err = {{0}};
    char data_dir[128], target[160];
    snprintf(data_dir, sizeof data_dir, "%s/data", dir);
    snprintf(target, sizeof target, "%s/%s", data_dir, REVAL_FILE);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' && cp '%s' '%s'", data_dir, good_path, target);
    assert_int_equal(system(cmd), 0);
    setenv("YOMI_DATADIR", data_dir, 1);

    ReversiEval *e = read_file(good_path, &err);
    Game *g = game_open("reversi", NULL, 0, &err);
    GameOption simple_opt = {"eval", "simple"};
    Game *simple = game_open("reversi", &simple_opt, 1, &err);
    assert_non_null(g);
    assert_non_null(simple);
    assert_null(reversi_eval_notice(g));
    ReversiState s;
    assert_int_equal(g->ops->parse_position(g, "---------------------------XOX------XO-------------------------- X", &s, &err), 0);
    assert_int_equal(g->ops->evaluate(g, &s), reval_evaluate(e, s.mover, s.other));
    game_close(g);

    /* Damaged: the game still opens, says why, and plays the simple way. */
    FILE *f = fopen(target, "r+b");
    assert_non_null(f);
    fputc('Q', f);
    fclose(f);
    g = game_open("reversi", NULL, 0, &err);
    assert_non_null(g);
    assert_non_null(reversi_eval_notice(g));
    assert_non_null(strstr(reversi_eval_notice(g), "bad magic"));
    assert_int_equal(g->ops->evaluate(g, &s), simple->ops->evaluate(simple, &s));
    game_close(g);

    game_close(simple);
    reval_free(e);
    unsetenv("YOMI_DATADIR");
}

static void test_eval_option(void **state)
{
    (void)state;
    Err err = {{0}};
    GameOption opt = {"eval", "pattern"};
    assert_null(game_open("reversi-6x6", &opt, 1, &err));
    assert_non_null(strstr(err.msg, "8x8"));
    GameOption bad = {"eval", "magic"};
    assert_null(game_open("reversi", &bad, 1, &err));
    assert_non_null(strstr(err.msg, "mobility"));
    /* Mobility only: the mover's moves minus the other side's, counted by
     * the rules along a game. */
    GameOption mob = {"eval", "mobility"};
    Game *g = game_open("reversi", &mob, 1, &err);
    assert_non_null(g);
    ReversiState s, child, passed;
    g->ops->start(g, &s);
    Move moves[GAME_MAX_MOVES];
    int n, nonzero = 0;
    while ((n = g->ops->legal_moves(g, &s, moves)) > 0 && moves[0] != MOVE_PASS) {
        g->ops->play(g, &s, MOVE_PASS, &passed);
        const int mine = __builtin_popcountll(reversi_legal_mask(g, &s));
        const int theirs = __builtin_popcountll(reversi_legal_mask(g, &passed));
        assert_int_equal(g->ops->evaluate(g, &s), mine - theirs);
        nonzero += mine != theirs;
        g->ops->play(g, &s, moves[n / 2], &child);
        s = child;
    }
    assert_true(nonzero > 5);
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_loader),
        cmocka_unit_test(test_symmetries),
        cmocka_unit_test(test_game_picks_file),
        cmocka_unit_test(test_eval_option),
    };
    return cmocka_run_group_tests_name("reversi_eval", tests, setup, teardown);
}
