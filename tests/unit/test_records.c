/* test_records.c - game records (src/records/): the hand-written records of
 * tests/data/records/ read as the games they are, every format gives back
 * the game it wrote, and what is wrong is named with its line. */
#define _GNU_SOURCE /* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/read_file.h"
#include "base/rng.h"
#include "games/registry.h"
#include "records/records.h"

static char *data_path(const char *name)
{
    static char path[1024];
    const char *dir = getenv("TESTDATA");
    snprintf(path, sizeof path, "%s/records/%s", dir ? dir : YOMI_SRCDIR "/tests/data", name);
    return path;
}

static Record *load(const char *name, const RecordHint *hint)
{
    Err err = {{0}};
    Record *r = record_load(data_path(name), hint, &err);
    if (!r)
        fail_msg("%s: %s", name, err.msg);
    return r;
}

static void final_position(const Record *r, char *buf, size_t len)
{
    r->game->ops->format_position(r->game, record_final(r), buf, len);
}

/* ---- the hand-written records ------------------------------------------------ */

static const struct {
    const char *file, *format, *id;
    int moves;
    const char *final; /* the last position in yomi's notation */
    const char *first; /* the first player's name */
} known[] = {
    {"gogo-game.kifu", "kifu", "gogo", 54, "1r2k/5/Ps2p/1g3/1KB+r1 b bgs 55", "佐藤"},
    {"gogo-sjis.kif", "kif", "gogo", 15, "4k/3pS/2B1R/G1B2/K4 w RGSP 16", "たろう"},
    {"gogo-board.kifu", "kifu", "gogo", 5, "3R1/3kp/5/5/K4 w Ggs 6", "先手"},
    {"gogo-game.csa", "csa", "gogo", 20, "3bk/3sp/P1g2/s1B2/K1R2 b RG 21", "Sente Player"},
    {"gogo-board.csa", "csa", "gogo", 3, "4k/3+Sp/5/5/K4 w RGr2bgsp 4", ""},
    {"reversi-game.ggf", "ggf", "reversi", 59,
     "OXXXXXXXOOOOOOXXOXOXOXXXOOXOXOXXOOOXOXOXOOXOXOOXOXOOOOOXXXXXXXX- O", "delorean"},
    {"reversi-setup.ggf", "ggf", "reversi", 40,
     "OXXXXXXOOXXOOOOOOXXXXXXOOXOXXXOOOXXOXOXOOOXXOXXOOOOXOOXOOOOOOOOX O", "playerA"},
    {"reversi-game.txt", "transcript", "reversi", 61,
     "OXXXXXXOOXXOOOOOOXXXXXXOOXOXXXOOOXXOXOXOOOXXOXXOOOOXOOXOOOOOOOOX O", ""},
    {"reversi-6x6.ggf", "ggf", "reversi-6x6", 32, "OOOOOOOOXOOOOOOXOOOOOXXOOOXOXOOOXXXX X",
     "first"},
    {"reversi-6x6-parallel.txt", "transcript", "reversi-6x6", 32,
     "OOOOOOOOXOOOOOOXOOOOOXXOOOXOXOOOXXXX X", ""},
    {"kalah-6x4.kalah", "kalah", "kalah-6x4", 47, "0 0 0 0 0 0 32 0 0 0 0 0 0 16 2", "Alice"},
};

static void test_known_records(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        Record *r = load(known[i].file, NULL);
        char pos[256];
        final_position(r, pos, sizeof pos);
        assert_string_equal(record_format_name(r->format), known[i].format);
        assert_string_equal(r->id, known[i].id);
        assert_int_equal(r->nmoves, known[i].moves);
        assert_string_equal(pos, known[i].final);
        assert_string_equal(r->names[0], known[i].first);
        record_free(r);
    }
}

/* The records say what they are: a start other than the game's own is a
 * position, the parallel start an option. */
static void test_starts(void **state)
{
    (void)state;
    Record *r = load("gogo-board.kifu", NULL);
    assert_string_equal(r->position, "3gk/4p/2+S2/5/K4 b RG 1");
    record_free(r);
    r = load("reversi-6x6.ggf", NULL);
    assert_string_equal(r->position, "");
    assert_int_equal(r->nopts, 1);
    assert_string_equal(r->opts[0].key, "start");
    assert_string_equal(r->opts[0].value, "parallel");
    record_free(r);
    r = load("reversi-game.ggf", NULL);
    assert_int_equal(r->nopts, 0);
    assert_string_equal(r->position, "");
    record_free(r);
    /* told of another start, the board is the start */
    const GameOption parallel = {"start", "parallel"};
    const RecordHint hint = {NULL, &parallel, 1};
    r = load("reversi-game.ggf", &hint);
    assert_string_equal(r->position, "---------------------------OX------XO--------------------------- X");
    assert_int_equal(r->nmoves, 59);
    record_free(r);
    r = load("kalah-6x4.kalah", NULL);
    assert_string_equal(r->opts[0].key, "capture");
    assert_string_equal(r->opts[0].value, "standard");
    record_free(r);
}

/* ---- round trips ------------------------------------------------------------- */

/* The same position, whatever a record cannot say (gogo's move number). */
static bool same_position(const Game *g, const void *a, const void *b)
{
    uint8_t ka[GAME_MAX_KEY], kb[GAME_MAX_KEY];
    const int na = g->ops->exact_key(g, a, ka), nb = g->ops->exact_key(g, b, kb);
    return na == nb && memcmp(ka, kb, (size_t)na) == 0;
}

/* Write `r` in `f` and read it back: the same game, start and moves. */
static void assert_round_trip(const Record *r, const RecordFormat *f, const RecordHint *hint)
{
    Err err = {{0}};
    const RecordGame g = record_game(r);
    size_t len;
    char *text = record_text(f, &g, &len, &err);
    if (!text)
        fail_msg("%s as %s: %s", r->id, record_format_name(f), err.msg);
    Record *back = record_parse(text, len, "again", hint, &err);
    if (!back)
        fail_msg("%s as %s, read back: %s\n%s", r->id, record_format_name(f), err.msg, text);
    assert_ptr_equal(back->format, f);
    assert_string_equal(back->game->name, r->game->name);
    assert_int_equal(back->nmoves, r->nmoves);
    assert_memory_equal(back->moves, r->moves, (size_t)r->nmoves * sizeof(Move));
    assert_true(same_position(r->game, record_state(back, 0), record_state(r, 0)));
    for (int i = 0; i < 2; i++)
        if (f != record_format_named("transcript"))
            assert_string_equal(back->names[i], r->names[i]);
    /* and writes the very same text again */
    const RecordGame g2 = record_game(back);
    size_t len2;
    char *text2 = record_text(f, &g2, &len2, &err);
    assert_non_null(text2);
    assert_int_equal(len2, len);
    assert_memory_equal(text2, text, len);
    free(text2);
    free(text);
    record_free(back);
}

static void test_round_trip_known(void **state)
{
    (void)state;
    static const char *const gogo[] = {"kif", "kifu", "csa"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
        Record *r = load(known[i].file, NULL);
        const RecordHint hint = {r->id, NULL, 0};
        if (strcmp(r->game->ops->family, "gogo") == 0)
            for (int k = 0; k < 3; k++)
                assert_round_trip(r, record_format_named(gogo[k]), NULL);
        else if (strcmp(r->game->ops->family, "reversi") == 0 && !r->position[0])
            assert_round_trip(r, record_format_named("transcript"), &hint);
        if (strcmp(r->game->ops->family, "reversi") == 0)
            assert_round_trip(r, record_format_named("ggf"), NULL);
        if (strcmp(r->game->ops->family, "kalah") == 0)
            assert_round_trip(r, record_format_named("kalah"), NULL);
        record_free(r);
    }
}

/* Random games to their end (or 300 plies) in many variants, from the
 * start and from a position a few random moves in: every format of the
 * family gives them back. */
static void test_round_trip_random(void **state)
{
    (void)state;
    static const struct {
        const char *id, *opt, *value;
        const char *formats[3];
    } variants[] = {
        {"gogo", NULL, NULL, {"kif", "kifu", "csa"}},
        {"reversi", NULL, NULL, {"ggf", "transcript", NULL}},
        {"reversi-6x6", "start", "parallel", {"ggf", "transcript", NULL}},
        {"reversi-4x6", NULL, NULL, {"transcript", NULL, NULL}},
        {"reversi-4x4", NULL, NULL, {"ggf", "transcript", NULL}},
        {"kalah", NULL, NULL, {"kalah", NULL, NULL}},
        {"kalah-4x3", "capture", "empty", {"kalah", NULL, NULL}},
        {"kalah-8x10", "rules", "seed", {"kalah", NULL, NULL}},
    };
    uint64_t x = 12345;
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        for (int set_up = 0; set_up < 2; set_up++) {
            Err err = {{0}};
            GameOption opt = {variants[v].opt, variants[v].value};
            /* Build the record the way a reader would: through a transcript
             * of the moves is not possible for every game, so by hand. */
            Game *g = game_open(variants[v].id, &opt, opt.key ? 1 : 0, &err);
            assert_non_null(g);
            _Alignas(16) unsigned char start[GAME_MAX_STATE], cur[GAME_MAX_STATE],
                next[GAME_MAX_STATE];
            memset(start, 0, sizeof start);
            g->ops->start(g, start);
            Move legal[GAME_MAX_MOVES], moves[300];
            for (int i = 0; set_up && i < 3; i++) {
                const int n = g->ops->legal_moves(g, start, legal);
                if (n == 0)
                    break;
                g->ops->play(g, start, legal[rng_next(&x) % (uint64_t)n], next);
                memcpy(start, next, g->state_size);
            }
            memcpy(cur, start, g->state_size);
            int n = 0, nl;
            while (n < 300 && (nl = g->ops->legal_moves(g, cur, legal)) > 0) {
                moves[n] = legal[rng_next(&x) % (uint64_t)nl];
                g->ops->play(g, cur, moves[n++], next);
                memcpy(cur, next, g->state_size);
            }
            const RecordGame game = {.game = g, .opts = &opt, .nopts = opt.key ? 1 : 0,
                                     .start = start, .moves = moves, .nmoves = n,
                                     .names = {"one", "two"}};
            for (int k = 0; k < 3 && variants[v].formats[k]; k++) {
                const RecordFormat *f = record_format_named(variants[v].formats[k]);
                size_t len;
                char *text = record_text(f, &game, &len, &err);
                if (!text && set_up && strcmp(variants[v].formats[k], "transcript") == 0)
                    continue; /* a transcript cannot start from a set-up position */
                if (!text)
                    fail_msg("%s as %s: %s", variants[v].id, variants[v].formats[k], err.msg);
                Record *r = record_parse(text, len, "random", NULL, &err);
                if (!r)
                    fail_msg("%s as %s: %s\n%s", variants[v].id, variants[v].formats[k],
                             err.msg, text);
                assert_string_equal(r->game->name, g->name);
                assert_int_equal(r->nmoves, n);
                assert_memory_equal(r->moves, moves, (size_t)n * sizeof(Move));
                assert_true(same_position(g, record_state(r, 0), start));
                assert_round_trip(r, f, NULL);
                record_free(r);
                free(text);
            }
            game_close(g);
        }
    }
}

/* .kif is Shift_JIS on disk, and reads back as the same game. */
static void test_shift_jis(void **state)
{
    (void)state;
    Record *r = load("gogo-game.kifu", NULL);
    const RecordGame g = record_game(r);
    Err err = {{0}};
    size_t len;
    char *sjis = record_text(record_format_named("kif"), &g, &len, &err);
    assert_non_null(sjis);
    assert_non_null(memmem(sjis, len, "\x8e\xe8\x8d\x87\x8a\x84", 6)); /* 手合割 */
    Record *back = record_parse(sjis, len, "sjis", NULL, &err);
    assert_non_null(back);
    assert_string_equal(record_format_name(back->format), "kif");
    assert_string_equal(back->names[0], "佐藤");
    record_free(back);
    free(sjis);
    record_free(r);
}

/* A game played on a clock: KIF gives each move its time and its side's
 * time so far, in whole seconds; a game without times shows none. */
static void test_kif_times(void **state)
{
    (void)state;
    Record *r = load("gogo-game.kifu", NULL);
    assert_true(r->nmoves >= 4);
    const int64_t ms[] = {1500, 62999, 2500, 3601000};
    RecordGame g = record_game(r);
    g.nmoves = 4;
    g.move_ms = ms;
    Err err = {{0}};
    size_t len;
    char *text = record_text(record_format_named("kifu"), &g, &len, &err);
    assert_non_null(text);
    assert_non_null(strstr(text, "   1 １三飛(15)   ( 0:01/00:00:01)\n"));
    assert_non_null(strstr(text, "   2 ２二金(21)   ( 1:02/00:01:02)\n"));
    assert_non_null(strstr(text, "( 0:02/00:00:04)\n"));   /* the first player: 1.5 + 2.5 s */
    assert_non_null(strstr(text, "(60:01/01:01:03)\n"));   /* the second: 62.999 s + 3601 s */
    free(text);
    g.move_ms = NULL;
    text = record_text(record_format_named("kifu"), &g, &len, &err);
    assert_non_null(text);
    assert_null(strstr(text, "( 0:01/"));
    assert_non_null(strstr(text, "   4 "));
    free(text);
    record_free(r);
}

/* A record that must parse. */
static Record *parsed(const char *text, const char *name)
{
    Err err = {{0}};
    Record *r = record_parse(text, strlen(text), name, NULL, &err);
    if (!r)
        fail_msg("%s: %s", name, err.msg);
    return r;
}

/* Its first moves' times are `ms`, and written as `format` it holds `has`. */
static void assert_times(const Record *r, const int64_t *ms, int n, const char *format,
                         const char *has)
{
    for (int i = 0; i < n; i++)
        assert_int_equal(r->move_ms[i], ms[i]);
    const RecordGame g = record_game(r);
    assert_ptr_equal(g.move_ms, r->move_ms);
    Err err = {{0}};
    size_t len;
    char *text = record_text(record_format_named(format), &g, &len, &err);
    assert_non_null(text);
    if (!strstr(text, has))
        fail_msg("no '%s' in\n%s", has, text);
    free(text);
}

/* The times a record gives are read (KIF's minutes and seconds, CSA's T
 * with a fraction, GGF's after the evaluation), carried through a
 * conversion, and a time that makes no sense is passed over, never a
 * reason to refuse the game. */
static void test_times_read(void **state)
{
    (void)state;
    Record *r = load("gogo-game.kifu", NULL);
    assert_true(r->timed);
    assert_int_equal(r->move_ms[53], 4000); /* not the 投了 line's 0:10 */
    assert_times(r, (const int64_t[]){5000, 3000, 12000}, 3, "csa", "+1513HI\nT5\n-2122KI\nT3\n");
    record_free(r);
    r = parsed("V2.2\nP1-HI-KA-GI-KI-OU\nP2 *  *  *  * -FU\nP3 *  *  *  *  * \n"
               "P4+FU *  *  *  * \nP5+OU+KI+GI+KA+HI\n+\n"
               "+1513HI,T2.75\n-2122KI\nT-1\n+5544OU\nTx\n-2221KI\nT99999999\n",
               "csa times");
    assert_int_equal(r->nmoves, 4);
    assert_times(r, (const int64_t[]){2750, 0, 0, 0}, 4, "kifu", "( 0:02/00:00:02)");
    record_free(r);
    r = parsed("(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- "
               "-------- -------- *]B[f5//1.5]W[d6/-2.00/12.345]B[c3/+1]W[d3//x];)",
               "ggf times");
    assert_times(r, (const int64_t[]){1500, 12345, 0, 0}, 4, "ggf",
                 "B[f5//1.50]W[d6//12.34]B[c3//0.00]W[d3//0.00]");
    record_free(r);
    r = parsed("V2.2\nP1-HI-KA-GI-KI-OU\nP2 *  *  *  * -FU\nP3 *  *  *  *  * \n"
               "P4+FU *  *  *  * \nP5+OU+KI+GI+KA+HI\n+\n+1513HI\n",
               "untimed");
    assert_false(r->timed);
    assert_null(record_game(r).move_ms);
    record_free(r);
}

/* ---- what is wrong, and where ------------------------------------------------ */

static void assert_refused(const char *text, const RecordHint *hint, const char *says)
{
    Err err = {{0}};
    Record *r = record_parse(text, strlen(text), "bad", hint, &err);
    if (r)
        fail_msg("read: %s", text);
    if (!strstr(err.msg, says))
        fail_msg("'%s' does not say '%s'", err.msg, says);
}

static void test_errors(void **state)
{
    (void)state;
    const RecordHint gogo = {"gogo", NULL, 0}, reversi6 = {"reversi-6x6", NULL, 0};
    assert_refused("f5d6c3d3c4f4f6f3e6e7a1\n", NULL, "bad:1: 'a1': a1 is not legal");
    assert_refused("f5d6\n\nc3 zz\n", NULL, "bad:3: 'zz' is not a move");
    assert_refused("f5d6c3\n", &gogo, "a reversi record, not a game of gogo");
    assert_refused("(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- "
                   "-------- -------- -------- *]B[d3]W[c5",
                   NULL, "cut short");
    assert_refused("(;GM[Othello]TY[6]BO[8 ---]", NULL, "BO[");
    assert_refused("(;GM[Chess];)", NULL, "not a game of Othello");
    assert_refused("(;GM[Othello]TY[8]B[d3]W[c3]B[c4];)", &reversi6, "not reversi-6x6");
    assert_refused("(;GM[Othello]B[d3]B[c3];)", NULL, "it is white's move");
    assert_refused("手合割：平手\n1 ７六歩(77)\n", NULL, "not 5x5 shogi");
    assert_refused("手合割：5五将棋\n   1 ２四銀(35)\n   2 ２三角(41)\n   3 同　金(24)\n",
                   NULL, "bad:4: '同　金(24)': the piece on 2d is not 金");
    assert_refused("手合割：5五将棋\n   1 ２四銀(35)\n   3 ２三角(41)\n", NULL,
                   "move 3 where move 2 was due");
    assert_refused("手合割：5五将棋\n   1 ５三歩成(54)\n", NULL, "bad:2: '５三歩成(54)'");
    assert_refused("V2.2\nPI\n+\n", NULL, "PI is the 9x9 start");
    assert_refused("V2.2\n+5453FU\n+4544KI\n", NULL, "it is gote's (-) move");
    assert_refused("V2.2\nP1 *  *  *  *  *  *  *  *  * \n", NULL, "more than 5 squares");
    assert_refused("[Game \"Kalah\"]\n[Pits \"6\"]\n[Seeds \"4\"]\n1. 3 6\n", NULL,
                   "'6': the move before it gave another turn");
    assert_refused("[Game \"Kalah\"]\n[Pits \"6\"]\n[Seeds \"4\"]\n1. 1-2\n", NULL,
                   "'-2': the move before it ended the turn");
    assert_refused("[Game \"Kalah\"]\n[Pits \"9\"]\n", NULL, "kalah-9x6");
    assert_refused("hello, world\n", NULL, "not a game record");
    assert_refused("[Game \"Kalah\"]\n1. 7\n", NULL, "pit 7 does not exist");
}

static void test_guards(void **state)
{
    (void)state;
    Err err = {{0}};
    /* binary: a NUL, or bytes neither UTF-8 nor Shift_JIS */
    assert_null(record_parse("f5\0d6", 5, "bin", NULL, &err));
    assert_non_null(strstr(err.msg, "binary"));
    assert_null(record_parse("\xff\xfe\xfd", 3, "bin", NULL, &err));
    assert_non_null(strstr(err.msg, "neither UTF-8 nor Shift_JIS"));
    /* a line longer than RECORD_LINE_MAX is refused, not split */
    char *line = malloc(RECORD_LINE_MAX + 10);
    memset(line, ' ', RECORD_LINE_MAX + 8);
    memcpy(line, "f5d6", 4);
    line[RECORD_LINE_MAX + 8] = '\0';
    assert_null(record_parse(line, strlen(line), "long", NULL, &err));
    assert_non_null(strstr(err.msg, "line longer than"));
    free(line);
    /* a name that is nothing, nor a record */
    assert_null(record_load("/nonexistent/x.kif", NULL, &err));
    assert_non_null(strstr(err.msg, "no such file, nor a game record"));
    /* a folder is not read */
    assert_null(record_load("/", NULL, &err));
    assert_non_null(strstr(err.msg, "folder"));
    /* the text itself is a record */
    Record *r = record_load("f5d6c3", NULL, &err);
    assert_non_null(r);
    assert_int_equal(r->nmoves, 3);
    record_free(r);
}

static void test_formats(void **state)
{
    (void)state;
    assert_string_equal(record_format_name(record_format_of_path("a/b.KIF")), "kif");
    assert_string_equal(record_format_name(record_format_of_path("x.kifu")), "kifu");
    assert_string_equal(record_format_name(record_format_of_path("x.ggf")), "ggf");
    assert_string_equal(record_format_name(record_format_of_path("x.txt")), "transcript");
    assert_string_equal(record_format_name(record_format_of_path("x.kalah")), "kalah");
    assert_null(record_format_of_path("x.yomi"));
    assert_null(record_format_of_path("dir.kif/x"));
    Err err = {{0}};
    Game *g = game_open("reversi-4x6", NULL, 0, &err);
    assert_string_equal(record_format_name(record_format_natural(g)), "transcript");
    game_close(g);
    g = game_open("gogo", NULL, 0, &err);
    assert_string_equal(record_format_name(record_format_natural(g)), "kifu");
    game_close(g);
    g = game_open("tree", NULL, 0, &err);
    assert_null(record_format_natural(g));
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_records), cmocka_unit_test(test_starts),
        cmocka_unit_test(test_round_trip_known), cmocka_unit_test(test_round_trip_random),
        cmocka_unit_test(test_shift_jis), cmocka_unit_test(test_kif_times),
        cmocka_unit_test(test_times_read),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_guards), cmocka_unit_test(test_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
