/* test_gogo_notation.c - SFEN and USI in gogo: round trips, every kind of
 * bad input with its message, and the text board. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "gogo_test.h"

/* ---- SFEN ------------------------------------------------------------------ */

static void test_sfen_round_trips(void **unused)
{
    (void)unused;
    static const char *const sfens[] = {
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "r1bG1/2kpB/1R3/1S3/1K3 b GSP 37",
        "5/2skp/2r2/K2g1/5 w r2bgsp 38",
        "4k/K1P1b/4G/5/4R b RBG2SP 65",
        "+P3k/1+Bbg1/3rp/1G3/KS1+r1 w s 30",
        "4k/5/5/5/K4 b 2R2B2G2S2P 1",
        "4k/5/5/5/K4 w 2r2b2g2s2p 65535",
    };
    for (size_t i = 0; i < sizeof sfens / sizeof sfens[0]; i++) {
        GogoState s = load(sfens[i]);
        char text[128];
        gogo->ops->format_position(gogo, &s, text, sizeof text);
        assert_string_equal(text, sfens[i]);
    }
}

static void test_sfen_lenient_forms(void **unused)
{
    (void)unused;
    char text[128];
    GogoState s = load("rbsgk/4p/5/P4/KGSBR b -"); /* no move number: 1 */
    gogo->ops->format_position(gogo, &s, text, sizeof text);
    assert_string_equal(text, "rbsgk/4p/5/P4/KGSBR b - 1");
    s = load("sfen  rbsgk/4p/5/P4/KGSBR   w  -  12 "); /* USI's prefix, extra spaces */
    gogo->ops->format_position(gogo, &s, text, sizeof text);
    assert_string_equal(text, "rbsgk/4p/5/P4/KGSBR w - 12");
    s = load("4k/5/5/5/K4 b p1PB 1"); /* any hand order, explicit 1 */
    gogo->ops->format_position(gogo, &s, text, sizeof text);
    assert_string_equal(text, "4k/5/5/5/K4 b BPp 1");
    /* cut, never overrun, in a short buffer */
    char small[8];
    gogo->ops->format_position(gogo, &s, small, sizeof small);
    assert_string_equal(small, "4k/5/5/");
}

static void test_bad_positions(void **unused)
{
    (void)unused;
    static const struct {
        const char *sfen, *message;
    } cases[] = {
        {"", "empty"},
        {"   ", "empty"},
        {"rbsgk/4p/5/P4/KGSBX b - 1", "unexpected 'X'"},
        {"rbsgk/4p/5/P4/KGSBR b - 1 ?", "unexpected '?'"},
        {"rbsgk/4p/5/P4 b - 1", "4 ranks"},
        {"rbsgk/4p/5/P4/KGSBR/5 b - 1", "more than 5 ranks"},
        {"rbsgk/4p/4/P4/KGSBR b - 1", "rank c has 4 squares"},
        {"rbsgk/4p/6/P4/KGSBR b - 1", "rank c has more than 5"},
        {"rbsgkp/4p/5/P4/KGSBR b - 1", "rank a has more than 5"},
        {"rbsgk/4p/05/P4/KGSBR b - 1", "unexpected '0'"},
        {"rbsgk//5/P4/KGSBR b - 1", "rank b has 0 squares"},
        {"rbsgk/4p/5/P3K/KGSBR b - 1", "2 sente kings"},
        {"rbsgk/4p/5/P4/KGSBR b k 1", "king cannot be in hand"},
        {"rbsg1/4p/5/P4/KGSBR b G 1", "no gote king"},
        {"rbsgk/4p/5/P4/1GSBR b G 1", "no sente king"},
        {"rbsgk/4p/5/P3R/KGSBR b - 1", "too many of a kind: 3 rook"},
        {"rbsgk/4p/5/P4/KGSBR b R 1", "too many of a kind: 3 rook"},
        {"rbsgk/4p/5/P2+R1/KGSBR b - 1", "too many of a kind: 3 rook"},
        {"rbsgk/4p/5/P1G2/KGSBR b - 1", "too many of a kind: 3 gold"},
        {"rbsgk/4p/5/P4/KGSBR w 2s 1", "too many of a kind: 4 silver"},
        {"rbsgk/4p/2P2/P4/KGSBR b - 1", "too many of a kind: 3 pawn"},
        {"rbsgk/4p/5/P2b1/KGSBR b - 1", "too many of a kind: 3 bishop"},
        {"Pbsgk/4p/5/5/KGSBR b r 1", "sente pawn on 5a"},
        {"rbsgk/5/5/P4/KGSBp b R 1", "gote pawn on 1e"},
        {"rbsgk/4p/4p/5/KGSBR b - 1", "nifu"},
        {"rbsgk/4p/5/P4/KGSBR x - 1", "must be b (sente) or w (gote)"},
        {"rbsgk/4p/5/P4/KGSBR", "missing side"},
        {"rbsgk/4p/5/P4/KGSBR b", "missing hands"},
        {"rbsgk/4p/5/5/KGSBR b 3P 1", "bad count 3"},
        {"rbsgk/4p/5/5/KGSBR b 0P 1", "bad count 0"},
        {"rbsgk/4p/5/5/KGSBR b 2 1", "end with a count"},
        {"rbsgk/4p/5/5/KGSBR b PP 1", "listed twice"},
        {"rbsgk/4p/5/5/KGSBR b X 1", "unexpected 'X' in the hands"},
        {"rbsgk/4p/5/P4/KGSBR b - x", "move number"},
        {"rbsgk/4p/5/P4/KGSBR b - 0", "move number"},
        {"rbsgk/4p/5/P4/KGSBR b - 99999999999", "move number"},
        {"rbs+gk/4p/5/P4/KGSBR b - 1", "gold cannot be promoted"},
        {"rbsg+k/4p/5/P4/KGSBR b - 1", "king cannot be promoted"},
        {"rbsgk/4p/5/P4/KGSB+ b - 1", "'+' must be followed"},
        {"4k/4R/5/5/K4 b - 1", "gote's king is in check but it is sente's move"},
        {"4k/5/5/4r/4K w - 1", "sente's king is in check but it is gote's move"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_contains(rejected_position(cases[i].sfen), cases[i].message);

    Err err = {{0}};
    GogoState s;
    assert_int_equal(gogo->ops->parse_position(gogo, NULL, &s, &err), -1);
    assert_contains(err.msg, "empty");
    char long_text[400];
    memset(long_text, '1', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    assert_contains(rejected_position(long_text), "too long");
    /* the side to move may be in check, of course */
    s = load("4k/4R/5/5/K4 w - 1");
    assert_true(gogo_in_check(gogo, &s));
}

/* ---- USI moves ---------------------------------------------------------------- */

static void test_usi_round_trips(void **unused)
{
    (void)unused;
    static const char *const sfens[] = {
        "rbsgk/4p/5/P4/KGSBR b - 1",
        "5/2skp/2r2/K2g1/5 w r2bgsp 38",
        "4k/K1P1b/4G/5/4R b RBG2SP 65",
        "1Rsk1/3g1/Pbs2/3p1/KB2r w G 38",
    };
    for (size_t i = 0; i < sizeof sfens / sizeof sfens[0]; i++) {
        GogoState s = load(sfens[i]);
        Move moves[GAME_MAX_MOVES];
        int n = gogo->ops->legal_moves(gogo, &s, moves);
        assert_true(n > 0);
        for (int j = 0; j < n; j++) {
            char text[16];
            Move back = MOVE_NONE;
            Err err = {{0}};
            gogo->ops->format_move(gogo, &s, moves[j], text, sizeof text);
            if (gogo->ops->parse_move(gogo, &s, text, &back, &err) != 0)
                fail_msg("%s in %s: %s", text, sfens[i], err.msg);
            assert_int_equal(back, moves[j]);
        }
    }
    GogoState s = load("4k/5/5/5/K4 b P 1");
    Move m;
    Err err = {{0}};
    assert_int_equal(gogo->ops->parse_move(gogo, &s, "p*3c", &m, &err), 0); /* either case */
    assert_int_equal(m, gogo_make_drop(GOGO_PAWN, 3, 3));
}

static void test_bad_moves(void **unused)
{
    (void)unused;
    GogoState s = load("rbsgk/4p/5/P4/KGSBR b - 1");
    static const char *const syntax[] = {"", "2e", "2e2", "2e2f", "6e5e", "2e2d++", "2e2d-",
                                         "P*", "P*3", "K*3c", "X*3c", "P*3c+", "e2e4",
                                         "2e2d 2d2c", "5d5c\n", "0a1a"};
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
        Move m;
        Err err = {{0}};
        assert_int_equal(gogo->ops->parse_move(gogo, &s, syntax[i], &m, &err), -1);
        assert_true(strstr(err.msg, "USI move") || strstr(err.msg, "empty move"));
    }
    Move m;
    Err err = {{0}};
    assert_int_equal(gogo->ops->parse_move(gogo, &s, NULL, &m, &err), -1);
    assert_contains(rejected_move(&s, "5e5d"), "your own piece");
    assert_contains(rejected_move(&s, "3c3b"), "no piece");
    assert_contains(rejected_move(&s, "3a3b"), "not yours");
    assert_contains(rejected_move(&s, "5d5b"), "a pawn cannot move that way");
    assert_contains(rejected_move(&s, "2e5b+"), "promotion needs");
    assert_contains(rejected_move(&s, "4e4d+"), "a gold cannot promote");
    assert_contains(rejected_move(&s, "1e1a"), "a rook cannot move that way"); /* blocked */
    assert_contains(rejected_move(&s, "P*3c"), "no pawn in hand");
    assert_contains(rejected_move(&s, "5d5d"), "another square");
    s = load("2r1k/5/5/2S2/2K2 b - 1");
    assert_string_equal(rejected_move(&s, "3d2c"), "3d2c is illegal: leaves the king in check");
    s = load("3k1/5/2s2/5/1K3 b - 1");
    assert_contains(rejected_move(&s, "4e4d"), "moves the king into check");
    s = load("r3k/5/5/5/K4 b G 1");
    assert_contains(rejected_move(&s, "G*3c"), "leaves the king in check");
    s = load("4k/5/5/2P2/K4 b P 1");
    assert_contains(rejected_move(&s, "P*3c"), "P*3c is illegal: nifu");
}

/* ---- the text board -------------------------------------------------------------- */

static void test_render_text(void **unused)
{
    (void)unused;
    char text[1024];
    GogoState s;
    gogo->ops->start(gogo, &s);
    gogo->ops->render_text(gogo, &s, text, sizeof text);
    assert_string_equal(text, "gote (w) in hand: -\n"
                              "    5  4  3  2  1\n"
                              "  +---------------+\n"
                              "  | r  b  s  g  k | a\n"
                              "  | .  .  .  .  p | b\n"
                              "  | .  .  .  .  . | c\n"
                              "  | P  .  .  .  . | d\n"
                              "  | K  G  S  B  R | e\n"
                              "  +---------------+\n"
                              "sente (b) in hand: -\n"
                              "sente (b) to move\n");
    s = load("+P3k/1+Bbg1/3rp/1G3/KS1+r1 w s 30");
    gogo->ops->render_text(gogo, &s, text, sizeof text);
    assert_contains(text, "gote (w) in hand: s\n");
    assert_contains(text, "  |+P  .  .  .  k | a\n");
    assert_contains(text, "  | . +B  b  g  . | b\n");
    assert_contains(text, "  | K  S  . +r  . | e\n");
    assert_contains(text, "sente (b) in hand: -\n");
    assert_contains(text, "gote (w) to move\n");
    s = load("r3k/5/5/5/K4 b 2GS 1");
    gogo->ops->render_text(gogo, &s, text, sizeof text);
    assert_contains(text, "sente (b) in hand: 2G S\n");
    assert_contains(text, "sente (b) to move, in check\n");
    s = load("4k/4G/3S1/5/K4 w - 1");
    gogo->ops->render_text(gogo, &s, text, sizeof text);
    assert_contains(text, "gote (w) to move: checkmate, sente wins\n");
    /* a short buffer is cut, not overrun */
    char small[16];
    gogo->ops->render_text(gogo, &s, small, sizeof small);
    assert_int_equal(strlen(small), sizeof small - 1);
}

/* ---- keys --------------------------------------------------------------------------- */

/* Walk random games: the incremental hash always equals the hash of the same
 * position parsed afresh, the exact key too, and the padding stays zero. */
static void test_incremental_hash_matches_a_fresh_parse(void **unused)
{
    (void)unused;
    srand(12345);
    for (int game = 0; game < 40; game++) {
        GogoState s;
        gogo->ops->start(gogo, &s);
        for (int ply = 0; ply < 80; ply++) {
            Move moves[GAME_MAX_MOVES];
            int n = gogo->ops->legal_moves(gogo, &s, moves);
            if (n == 0)
                break;
            GogoState child;
            gogo->ops->play(gogo, &s, moves[rand() % n], &child);
            char text[128];
            gogo->ops->format_position(gogo, &child, text, sizeof text);
            GogoState fresh = load(text);
            assert_int_equal(gogo->ops->hash(gogo, &child), gogo->ops->hash(gogo, &fresh));
            uint8_t k1[GAME_MAX_KEY], k2[GAME_MAX_KEY];
            int l1 = gogo->ops->exact_key(gogo, &child, k1);
            int l2 = gogo->ops->exact_key(gogo, &fresh, k2);
            assert_int_equal(l1, l2);
            assert_true(l1 <= GAME_MAX_KEY);
            assert_memory_equal(k1, k2, (size_t)l1);
            assert_memory_equal(&child, &fresh, sizeof child); /* move number included */
            assert_int_equal(child.zero[0] | child.zero[1], 0);
            s = child;
        }
    }
    /* the side to move is part of both keys */
    GogoState b = load("rbsgk/4p/5/P4/KGSBR b - 1"), w = load("rbsgk/4p/5/P4/KGSBR w - 1");
    assert_true(b.hash != w.hash);
    uint8_t kb[GAME_MAX_KEY], kw[GAME_MAX_KEY];
    int len = gogo->ops->exact_key(gogo, &b, kb);
    gogo->ops->exact_key(gogo, &w, kw);
    assert_memory_not_equal(kb, kw, (size_t)len);
    /* and so are the hands */
    GogoState h1 = load("4k/5/5/5/K4 b P 1"), h2 = load("4k/5/5/5/K4 b 2P 1");
    assert_true(h1.hash != h2.hash);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sfen_round_trips),
        cmocka_unit_test(test_sfen_lenient_forms),
        cmocka_unit_test(test_bad_positions),
        cmocka_unit_test(test_usi_round_trips),
        cmocka_unit_test(test_bad_moves),
        cmocka_unit_test(test_render_text),
        cmocka_unit_test(test_incremental_hash_matches_a_fresh_parse),
    };
    return cmocka_run_group_tests(tests, open_gogo, close_gogo);
}
