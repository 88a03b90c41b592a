/* test_reversi.c - reversi rules, options, orders and notation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/reversi.h"

/* ---- helpers ---------------------------------------------------------- */

static Game *open_game(const char *id, const char *key, const char *value)
{
    return test_game_open_with(id, key, value);
}

static ReversiState parse(const Game *g, const char *text)
{
    ReversiState s;
    Err err = {{0}};
    if (g->ops->parse_position(g, text, &s, &err) != 0)
        fail_msg("parse '%s': %s", text, err.msg);
    return s;
}

/* The error message of a failed parse (asserts it failed). */
static const char *parse_error(const Game *g, const char *text)
{
    static Err err;
    ReversiState s;
    memset(&err, 0, sizeof err);
    assert_int_equal(g->ops->parse_position(g, text, &s, &err), -1);
    assert_true(strlen(err.msg) > 0);
    return err.msg;
}

static const char *move_error(const Game *g, const ReversiState *s, const char *text)
{
    static Err err;
    Move m = 0;
    memset(&err, 0, sizeof err);
    assert_int_equal(g->ops->parse_move(g, s, text, &m, &err), -1);
    assert_true(strlen(err.msg) > 0);
    return err.msg;
}

static Move move(const Game *g, const ReversiState *s, const char *text)
{
    Move m = MOVE_NONE;
    Err err = {{0}};
    if (g->ops->parse_move(g, s, text, &m, &err) != 0)
        fail_msg("move '%s': %s", text, err.msg);
    return m;
}

static ReversiState play(const Game *g, const ReversiState *s, const char *text)
{
    ReversiState child;
    g->ops->play(g, s, move(g, s, text), &child);
    return child;
}

static void assert_board(const Game *g, const ReversiState *s, const char *want)
{
    char buf[128];
    g->ops->format_position(g, s, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void assert_contains(const char *text, const char *part)
{
    if (!strstr(text, part))
        fail_msg("'%s' does not contain '%s'", text, part);
}

/* ---- variants and options ---------------------------------------------- */

static void test_ids_open_every_size(void **unused)
{
    (void)unused;
    static const struct { const char *id, *name; int rows, cols; } ok[] = {
        {"reversi", "reversi", 8, 8},         {"reversi-8x8", "reversi", 8, 8},
        {"reversi-6x6", "reversi-6x6", 6, 6}, {"reversi-4x6", "reversi-4x6", 4, 6},
        {"reversi-6x4", "reversi-6x4", 6, 4}, {"reversi-4x4", "reversi-4x4", 4, 4},
        {"reversi-8x4", "reversi-8x4", 8, 4}, {"reversi-6x8", "reversi-6x8", 6, 8},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        Game *g = open_game(ok[i].id, NULL, NULL);
        assert_string_equal(g->name, ok[i].name);
        assert_int_equal(reversi_rows(g), ok[i].rows);
        assert_int_equal(reversi_cols(g), ok[i].cols);
        assert_int_equal(__builtin_popcountll(reversi_board_mask(g)), ok[i].rows * ok[i].cols);
        assert_int_equal(g->state_size, sizeof(ReversiState));
        assert_true(g->state_size <= 32);
        game_close(g);
    }
}

static void test_bad_ids_rejected(void **unused)
{
    (void)unused;
    static const char *const bad[] = {
        "reversi-9x9", "reversi-6x",  "reversi-5x6",  "reversi-10x10", "reversi-2x2",
        "reversi-6x6x", "reversi-x6", "reversi-06x6", "reversi--6x6",  "reversi-6X6",
        "reversi-",    "reversi-6x7", "reversi-0x0",  "reversi-8x10",  "reversi-6x6 ",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Err err = {{0}};
        assert_null(game_open(bad[i], NULL, 0, &err));
        assert_true(strlen(err.msg) > 0);
        assert_non_null(strstr(err.msg, "reversi"));
    }
    Err err = {{0}};
    assert_null(game_open("reversi-9x9", NULL, 0, &err));
    assert_contains(err.msg, "4, 6 or 8");
    assert_null(game_open("reversi-6x", NULL, 0, &err));
    assert_contains(err.msg, "reversi-RxC");
}

static void test_bad_options_rejected(void **unused)
{
    (void)unused;
    static const struct { const char *key, *value, *says; } bad[] = {
        {"start", "diagonal", "cross, parallel"},
        {"start", "", "cross, parallel"},
        {"start", NULL, "cross, parallel"},
        {"score", "points", "discs, standard"},
        {"capture", "empty", "--capture does not apply to reversi"},
        {"rules", "seed", "--rules does not apply to reversi"},
        {"extra-turn", "full", "does not apply"},
        {NULL, "x", "without a name"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Err err = {{0}};
        GameOption opt = {bad[i].key, bad[i].value};
        assert_null(game_open("reversi-6x6", &opt, 1, &err));
        assert_contains(err.msg, bad[i].says);
    }
}

static void test_starts(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-4x4", NULL, NULL);
    ReversiState s;
    memset(&s, 0xAA, sizeof s);
    g->ops->start(g, &s);
    assert_board(g, &s, "-----OX--XO----- X");
    for (size_t i = 0; i < sizeof s.zero; i++)
        assert_int_equal(s.zero[i], 0);
    assert_int_equal(g->ops->side_to_move(g, &s), 0);
    game_close(g);

    g = open_game("reversi-4x4", "start", "parallel");
    g->ops->start(g, &s);
    assert_board(g, &s, "-----OX--OX----- X");
    game_close(g);

    g = open_game("reversi-4x6", "start", "cross");
    g->ops->start(g, &s);
    assert_board(g, &s, "--------OX----XO-------- X");
    assert_int_equal(reversi_colour_at(g, &s, 1, 2), REVERSI_WHITE);
    assert_int_equal(reversi_colour_at(g, &s, 1, 3), REVERSI_BLACK);
    assert_int_equal(reversi_colour_at(g, &s, 2, 2), REVERSI_BLACK);
    assert_int_equal(reversi_colour_at(g, &s, 2, 3), REVERSI_WHITE);
    assert_int_equal(reversi_colour_at(g, &s, 0, 0), REVERSI_EMPTY);
    assert_int_equal(reversi_colour_at(g, &s, 4, 0), REVERSI_EMPTY); /* off the board */
    assert_int_equal(reversi_colour_at(g, &s, 0, 6), REVERSI_EMPTY);
    assert_int_equal(reversi_colour_at(g, &s, -1, 0), REVERSI_EMPTY);
    game_close(g);

    g = open_game("reversi-6x4", "start", "parallel");
    g->ops->start(g, &s);
    assert_board(g, &s, "--------" "-OX--OX-" "-------- X");
    game_close(g);

    g = open_game("reversi", NULL, NULL);
    g->ops->start(g, &s);
    /* d4 e5 white, e4 d5 black: the FFO/Edax start. */
    assert_board(g, &s, "---------------------------OX------XO--------------------------- X");
    int black, white;
    reversi_disc_counts(g, &s, &black, &white);
    assert_int_equal(black, 2);
    assert_int_equal(white, 2);
    game_close(g);
}

/* ---- moves ------------------------------------------------------------- */

static void test_natural_order_and_public_helpers(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    ReversiState s;
    g->ops->start(g, &s);
    Move moves[GAME_MAX_MOVES];
    assert_int_equal(g->ops->legal_moves(g, &s, moves), 4);
    char names[4][8];
    for (int i = 0; i < 4; i++)
        g->ops->format_move(g, &s, moves[i], names[i], sizeof names[i]);
    assert_string_equal(names[0], "d3");
    assert_string_equal(names[1], "c4");
    assert_string_equal(names[2], "f5");
    assert_string_equal(names[3], "e6");
    assert_int_equal(reversi_move_row(moves[0]), 2);
    assert_int_equal(reversi_move_col(moves[0]), 3);
    assert_int_equal(reversi_move_at(2, 3), moves[0]);
    assert_true(reversi_is_legal(g, &s, 2, 3));
    assert_false(reversi_is_legal(g, &s, 0, 0));
    assert_false(reversi_is_legal(g, &s, 3, 3));  /* occupied */
    assert_false(reversi_is_legal(g, &s, 9, 3));  /* off the board */
    assert_int_equal(reversi_legal_mask(g, &s),
                     (1ULL << 19) | (1ULL << 26) | (1ULL << 37) | (1ULL << 44));
    game_close(g);
}

/* One move at d4 that flips along every direction at once, then each
 * direction alone (a line of two O discs closed by an X). */
static void test_flips_in_all_eight_directions(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    static const char star[] =
        "X--X--X-"
        "-O-O-O--"
        "--OOO---"
        "XOO-OOX-"
        "--OOO---"
        "-O-O-O--"
        "X--X--X-"
        "-------- X";
    ReversiState s = parse(g, star);
    ReversiState c = play(g, &s, "d4");
    assert_board(g, &c,
                 "X--X--X-"
                 "-X-X-X--"
                 "--XXX---"
                 "XXXXXXX-"
                 "--XXX---"
                 "-X-X-X--"
                 "X--X--X-"
                 "-------- O");
    const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int d = 0; d < 8; d++) {
        char board[65];
        memset(board, '-', 64);
        board[64] = '\0';
        board[3 * 8 + 3] = '-';
        for (int k = 1; k <= 2; k++)
            board[(3 + k * dr[d]) * 8 + 3 + k * dc[d]] = 'O';
        board[(3 + 3 * dr[d]) * 8 + 3 + 3 * dc[d]] = 'X';
        char text[80];
        snprintf(text, sizeof text, "%s X", board);
        s = parse(g, text);
        c = play(g, &s, "d4");
        board[3 * 8 + 3] = 'X';
        for (int k = 1; k <= 2; k++)
            board[(3 + k * dr[d]) * 8 + 3 + k * dc[d]] = 'X';
        snprintf(text, sizeof text, "%s O", board);
        assert_board(g, &c, text);
        /* Without the closing disc nothing flips: d4 is not legal. */
        board[(3 + 3 * dr[d]) * 8 + 3 + 3 * dc[d]] = '-';
        board[3 * 8 + 3] = '-';
        for (int k = 1; k <= 2; k++)
            board[(3 + k * dr[d]) * 8 + 3 + k * dc[d]] = 'O';
        snprintf(text, sizeof text, "%s X", board);
        s = parse(g, text);
        assert_false(reversi_is_legal(g, &s, 3, 3));
    }
    game_close(g);
}

/* A line that runs off one edge must not continue on the other side of the
 * board, nor into the squares outside a small board. */
static void test_no_wrap_across_edges(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    ReversiState s;
    /* Each case: one X and one O that a shift wrapping round the side of
     * the board would line up: h1 X + a2 O (east), h3 X + a5 O (south-east),
     * a3 X + h2 O (west), a2 X + h1 O (west), a4 X + h4 O (south-west, +7). */
    static const int cases[][2] = {{7, 8}, {23, 32}, {16, 15}, {8, 7}, {24, 31}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char b[80];
        memset(b, '-', 64);
        b[cases[i][0]] = 'X';
        b[cases[i][1]] = 'O';
        strcpy(b + 64, " X");
        s = parse(g, b);
        assert_int_equal(reversi_legal_mask(g, &s), 0);
    }
    game_close(g);

    /* 4x4: X a1, O b1 c1 d1: "e1" is outside the board. Same down column a. */
    g = open_game("reversi-4x4", NULL, NULL);
    s = parse(g, "XOOOO---O---O--- X");
    assert_int_equal(reversi_legal_mask(g, &s), 0);
    assert_int_equal(reversi_legal_mask(g, &s) & ~reversi_board_mask(g), 0);
    /* 4x6: X at f1... O f2 f3 f4 ends at the bottom edge; O e1 d1 ... */
    game_close(g);
    g = open_game("reversi-4x6", NULL, NULL);
    s = parse(g, "---OOX" "-----O" "----OO" "---O-O X");
    assert_int_equal(reversi_legal_mask(g, &s), 1ULL << 2); /* only c1, westwards */
    game_close(g);
    g = open_game("reversi-6x4", NULL, NULL);
    /* 6 rows x 4 columns: X a2, O b2 c2 d2 would reach e2 (not a square);
     * X a1 above O a2..a6 would reach a7 (not a square). */
    s = parse(g, "----" "XOOO" "----" "----" "----" "---- X");
    assert_int_equal(reversi_legal_mask(g, &s), 0);
    s = parse(g, "X---" "O---" "O---" "O---" "O---" "O--- X");
    assert_int_equal(reversi_legal_mask(g, &s), 0);
    s = parse(g, "X---" "O---" "O---" "O---" "O---" "---- X");
    assert_int_equal(reversi_legal_mask(g, &s), 1ULL << 40); /* a6 */
    game_close(g);
}

/* Whether the line of square `sq` on axis (dr, dc) is filled from edge to
 * edge, walked square by square: the reference for bb_full_lines(). */
static bool line_filled(uint64_t filled, int sq, int dr, int dc)
{
    for (int sense = -1; sense <= 1; sense += 2)
        for (int r = sq / 8, c = sq % 8; r >= 0 && r < 8 && c >= 0 && c < 8;
             r += sense * dr, c += sense * dc)
            if (!(filled >> (r * 8 + c) & 1))
                return false;
    return true;
}

static void test_full_lines(void **unused)
{
    (void)unused;
    static const int axis[4][2] = {{0, 1}, {1, 0}, {1, -1}, {1, 1}};
    uint64_t x = 0x2545F4914F6CDD1DULL;
    for (int i = 0; i < 20000; i++) {
        /* mostly-filled boards (each square empty with chance 1/2 to
         * 1/16: the and of 1-4 random words), so that every axis has
         * full lines and near misses; first the full and the empty board */
        uint64_t holes = ~0ULL;
        for (int k = 0; k <= i % 4; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            holes &= x;
        }
        const uint64_t filled = i == 0 ? ~0ULL : i == 1 ? 0 : ~holes;
        uint64_t full[4];
        bb_full_lines(filled, full);
        for (int a = 0; a < 4; a++) {
            uint64_t want = 0;
            for (int sq = 0; sq < 64; sq++)
                if (line_filled(filled, sq, axis[a][0], axis[a][1]))
                    want |= 1ULL << sq;
            if (full[a] != want)
                fail_msg("filled %016llx axis %d: %016llx, want %016llx",
                         (unsigned long long)filled, a, (unsigned long long)full[a],
                         (unsigned long long)want);
        }
    }
}

static void test_passes(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    const char *text = "-X----O-OXO--O---X--OOO-XXOOO------OO-------O-------O----------- O";
    ReversiState s = parse(g, text);
    Move moves[GAME_MAX_MOVES];
    assert_int_equal(g->ops->legal_moves(g, &s, moves), 1);
    assert_int_equal(moves[0], MOVE_PASS);
    assert_false(g->ops->is_terminal(g, &s));
    assert_int_equal(reversi_legal_mask(g, &s), 0);
    assert_int_equal(move(g, &s, "pass"), MOVE_PASS);
    assert_int_equal(move(g, &s, "PS"), MOVE_PASS);
    assert_int_equal(move(g, &s, "Pass"), MOVE_PASS);
    assert_int_equal(move(g, &s, "ps"), MOVE_PASS);
    assert_contains(move_error(g, &s, "a1"), "must pass");
    ReversiState c;
    g->ops->play(g, &s, MOVE_PASS, &c);
    assert_int_equal(g->ops->side_to_move(g, &c), 0);
    char buf[128];
    g->ops->format_position(g, &c, buf, sizeof buf);
    assert_memory_equal(buf, text, 64);
    assert_string_equal(buf + 64, " X");
    assert_true(g->ops->legal_moves(g, &c, moves) > 1);
    char name[16];
    g->ops->format_move(g, &s, MOVE_PASS, name, sizeof name);
    assert_string_equal(name, "pass");
    game_close(g);
}

static void test_terminal_and_scoring(void **unused)
{
    (void)unused;
    Game *discs = open_game("reversi-4x4", NULL, NULL); /* default: discs */
    Game *standard = open_game("reversi-4x4", "score", "standard");
    Game *big = open_game("reversi-6x6", NULL, NULL); /* default: standard */
    Game *big_discs = open_game("reversi-6x6", "score", "discs");
    Move moves[GAME_MAX_MOVES];

    /* Full board, O to move. */
    ReversiState s = parse(discs, "XXXXXXXXXXXXOOOO O");
    assert_int_equal(discs->ops->legal_moves(discs, &s, moves), 0);
    assert_true(discs->ops->is_terminal(discs, &s));
    assert_int_equal(discs->ops->final_score(discs, &s), -8);
    assert_int_equal(standard->ops->final_score(standard, &s), -8);
    assert_contains(move_error(discs, &s, "pass"), "game is over");

    /* Neither side can move with empties left: 8 X, 0 O, 8 empty. */
    s = parse(discs, "XXXXXXXX-------- X");
    assert_int_equal(discs->ops->legal_moves(discs, &s, moves), 0);
    assert_true(discs->ops->is_terminal(discs, &s));
    assert_int_equal(discs->ops->final_score(discs, &s), 8);
    assert_int_equal(standard->ops->final_score(standard, &s), 16);
    s = parse(discs, "XXXXXXXX-------- O");
    assert_int_equal(discs->ops->final_score(discs, &s), -8);
    assert_int_equal(standard->ops->final_score(standard, &s), -16);
    assert_contains(move_error(discs, &s, "a3"), "game is over");

    /* A blocked draw: X a1, O d1. */
    s = parse(discs, "X--O------------ X");
    assert_true(discs->ops->is_terminal(discs, &s));
    assert_int_equal(discs->ops->final_score(discs, &s), 0);
    assert_int_equal(standard->ops->final_score(standard, &s), 0);

    /* 6x6: 3 O, 1 X, 32 empty; O wins. */
    s = parse(big, "OOO---" "------" "------" "------" "------" "-----X X");
    assert_true(big->ops->is_terminal(big, &s));
    assert_int_equal(big->ops->final_score(big, &s), -34);
    assert_int_equal(big_discs->ops->final_score(big_discs, &s), -2);

    /* The start is not terminal; the 8x8 default is standard. */
    Game *g8 = open_game("reversi", NULL, NULL);
    s = parse(g8, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-------------------------------- O");
    assert_int_equal(g8->ops->final_score(g8, &s), -64);
    g8->ops->start(g8, &s);
    assert_false(g8->ops->is_terminal(g8, &s));
    game_close(g8);
    Game *g46 = open_game("reversi-4x6", NULL, NULL);
    s = parse(g46, "XXXXXX" "XX----" "------" "------ X");
    assert_int_equal(g46->ops->final_score(g46, &s), 8);
    game_close(g46);
    game_close(discs);
    game_close(standard);
    game_close(big);
    game_close(big_discs);
}

static void test_play_keeps_state_clean(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-6x6", NULL, NULL);
    ReversiState s, c;
    g->ops->start(g, &s);
    memset(&c, 0x55, sizeof c);
    g->ops->play(g, &s, move(g, &s, "c2"), &c);
    for (size_t i = 0; i < sizeof c.zero; i++)
        assert_int_equal(c.zero[i], 0);
    char buf[64];
    g->ops->format_position(g, &c, buf, sizeof buf);
    assert_string_equal(buf, "------" "--X---" "--XX--" "--XO--" "------" "------ O");
    ReversiState reparsed = parse(g, buf);
    assert_memory_equal(&reparsed, &c, sizeof c);
    game_close(g);
}

/* ---- keys ---------------------------------------------------------------- */

static void test_hash_and_exact_key(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    ReversiState s;
    g->ops->start(g, &s);
    /* Every position 4 plies in: equal keys must have equal hashes, and the
     * tree has transpositions, so both cases are exercised. */
    ReversiState nodes[300];
    int n = 0;
    Move m1[64], m2[64], m3[64], m4[64];
    ReversiState c1, c2, c3;
    int n1 = g->ops->legal_moves(g, &s, m1);
    for (int a = 0; a < n1; a++) {
        g->ops->play(g, &s, m1[a], &c1);
        int n2 = g->ops->legal_moves(g, &c1, m2);
        for (int b = 0; b < n2; b++) {
            g->ops->play(g, &c1, m2[b], &c2);
            int n3 = g->ops->legal_moves(g, &c2, m3);
            for (int c = 0; c < n3; c++) {
                g->ops->play(g, &c2, m3[c], &c3);
                int n4 = g->ops->legal_moves(g, &c3, m4);
                for (int d = 0; d < n4; d++)
                    g->ops->play(g, &c3, m4[d], &nodes[n++]);
            }
        }
    }
    assert_int_equal(n, 244);
    int same = 0;
    for (int i = 0; i < n; i++) {
        uint8_t ki[GAME_MAX_KEY], kj[GAME_MAX_KEY];
        int li = g->ops->exact_key(g, &nodes[i], ki);
        assert_int_equal(li, 17);
        for (int j = i + 1; j < n; j++) {
            int lj = g->ops->exact_key(g, &nodes[j], kj);
            bool equal_keys = li == lj && memcmp(ki, kj, (size_t)li) == 0;
            bool equal_states = memcmp(&nodes[i], &nodes[j], sizeof nodes[i]) == 0;
            assert_int_equal(equal_keys, equal_states);
            uint64_t hi = g->ops->hash(g, &nodes[i]), hj = g->ops->hash(g, &nodes[j]);
            if (equal_keys) {
                assert_true(hi == hj);
                same++;
            } else {
                assert_true(hi != hj);
            }
        }
    }
    assert_true(same > 0);
    /* The side to move is part of both. */
    ReversiState x = parse(g, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-------------------------------- X");
    ReversiState o = parse(g, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-------------------------------- O");
    uint8_t kx[GAME_MAX_KEY], ko[GAME_MAX_KEY];
    g->ops->exact_key(g, &x, kx);
    g->ops->exact_key(g, &o, ko);
    assert_true(memcmp(kx, ko, 17) != 0);
    assert_true(g->ops->hash(g, &x) != g->ops->hash(g, &o));
    game_close(g);
}

/* ---- orders and hints ----------------------------------------------------- */

static void assert_static_order(const char *id, const char *want)
{
    Game *g = open_game(id, NULL, NULL);
    ReversiState s;
    g->ops->start(g, &s);
    Move moves[64];
    int n = 0;
    for (int row = 0; row < reversi_rows(g); row++)
        for (int col = 0; col < reversi_cols(g); col++)
            moves[n++] = reversi_move_at(row, col);
    g->ops->order_static(g, &s, moves, n);
    char got[256] = "";
    for (int i = 0; i < n; i++) {
        char name[8];
        g->ops->format_move(g, &s, moves[i], name, sizeof name);
        strcat(got, i ? " " : "");
        strcat(got, name);
    }
    assert_string_equal(got, want);
    game_close(g);
}

static void test_static_orders(void **unused)
{
    (void)unused;
    /* seed 002 corner-first, then the rest in natural order (the centre
     * squares are never empty, so where they go does not matter). */
    assert_static_order("reversi-4x4", "a1 d1 a4 d4 b1 c1 a2 b2 c2 d2 a3 b3 c3 d3 b4 c4");
    /* seed 001's 4x6 order. */
    assert_static_order("reversi-4x6",
                        "a1 f1 a4 f4 c1 d1 c4 d4 b1 e1 b4 e4 a2 a3 f2 f3 b2 b3 e2 e3 c2 d2 c3 d3");
    assert_static_order("reversi-6x6",
                        "a1 f1 a6 f6 c1 d1 a3 f3 a4 f4 c6 d6 c3 d3 c4 d4 c2 d2 b3 e3 b4 e4 c5 d5 "
                        "b1 e1 a2 f2 a5 f5 b6 e6 b2 e2 b5 e5");

    /* On a real position the order applies to the legal moves only, and a
     * played square does not disturb the others. */
    Game *g = open_game("reversi-4x4", NULL, NULL);
    ReversiState s = parse(g, "-----OX--XO----- X");
    Move moves[16];
    int n = g->ops->legal_moves(g, &s, moves);
    g->ops->order_static(g, &s, moves, n);
    char name[8];
    g->ops->format_move(g, &s, moves[0], name, sizeof name);
    assert_string_equal(name, "b1"); /* b1 ranks before d3, c4 and a2 */
    game_close(g);

    g = open_game("reversi", NULL, NULL);
    g->ops->start(g, &s);
    Move all[64];
    for (int i = 0; i < 64; i++)
        all[i] = (Move)i;
    g->ops->order_static(g, &s, all, 64);
    const Move corners[4] = {0, 7, 56, 63};
    for (int i = 0; i < 4; i++)
        assert_int_equal(all[i], corners[i]);
    const Move x_squares[4] = {9, 14, 49, 54};
    for (int i = 0; i < 4; i++)
        assert_int_equal(all[60 + i], x_squares[i]);
    Move with_pass[3] = {MOVE_PASS, 9, 0};
    g->ops->order_static(g, &s, with_pass, 3);
    assert_int_equal(with_pass[0], 0);
    assert_int_equal(with_pass[2], MOVE_PASS);
    game_close(g);
}

static void test_score_moves_and_evaluate(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    ReversiState s;
    g->ops->start(g, &s);
    assert_int_equal(g->ops->evaluate(g, &s), 0); /* symmetric */
    /* X may take a1 (corner) or b2-ish squares: the corner must score best. */
    s = parse(g, "--------" "-O------" "--X-----" "---XO---" "---OX---" "--------" "--------"
                 "-------- X");
    Move moves[64];
    int scores[64];
    int n = g->ops->legal_moves(g, &s, moves);
    g->ops->score_moves(g, &s, moves, n, scores);
    assert_int_equal(moves[0], 0); /* a1 */
    for (int i = 1; i < n; i++)
        assert_true(scores[0] > scores[i]);
    /* Owning a corner is good for its owner, bad for the other side. */
    ReversiState c = play(g, &s, "a1");
    assert_true(g->ops->evaluate(g, &c) < 0);
    game_close(g);
}

/* ---- notation -------------------------------------------------------------- */

static void test_position_notation(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-4x4", NULL, NULL);
    ReversiState b = parse(g, "  .....ox..xo..... x \n");
    ReversiState c = parse(g, "-----OX--XO----- X");
    assert_memory_equal(&b, &c, sizeof b);
    ReversiState d = parse(g, "-----OX--XO-----  O");
    assert_int_equal(g->ops->side_to_move(g, &d), 1);
    assert_board(g, &d, "-----OX--XO----- O");

    assert_contains(parse_error(g, "-----OX--XO---- X"), "too few squares");
    assert_contains(parse_error(g, "-----OX--XO------ X"), "too many squares");
    assert_contains(parse_error(g, "-----OX--XO-----"), "missing side");
    assert_contains(parse_error(g, "-----OX--XO----- "), "missing side");
    assert_contains(parse_error(g, "-----OX--XO----- B"), "bad side");
    assert_contains(parse_error(g, "-----OX--XO----- XO"), "unexpected text");
    assert_contains(parse_error(g, "-----OX--XO----- X junk"), "unexpected text");
    assert_contains(parse_error(g, "-----OX--XO----- X X"), "unexpected text");
    assert_contains(parse_error(g, "-----OX--XB----- X"), "bad character 'B'");
    assert_contains(parse_error(g, "-----OX--XO-----X"), "too many squares");
    assert_contains(parse_error(g, "....\t.OX. .XO. .... X"), "too few squares");
    assert_contains(parse_error(g, "-----OX\x01-XO----- X"), "0x01");
    assert_contains(parse_error(g, ""), "too few squares");
    assert_contains(parse_error(g, NULL), "no position");
    char huge[400];
    memset(huge, '-', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    assert_contains(parse_error(g, huge), "too long");
    game_close(g);

    g = open_game("reversi-4x6", NULL, NULL);
    assert_contains(parse_error(g, "-----OX--XO----- X"), "a 4x6 position has 24");
    game_close(g);
}

static void test_move_notation(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi", NULL, NULL);
    ReversiState s;
    g->ops->start(g, &s);
    assert_int_equal(move(g, &s, "d3"), reversi_move_at(2, 3));
    assert_int_equal(move(g, &s, "D3"), reversi_move_at(2, 3));
    assert_int_equal(move(g, &s, "e6"), reversi_move_at(5, 4));
    assert_contains(move_error(g, &s, ""), "no move");
    assert_contains(move_error(g, &s, NULL), "no move");
    assert_contains(move_error(g, &s, "zz"), "bad move");
    assert_contains(move_error(g, &s, "3d"), "bad move");
    assert_contains(move_error(g, &s, "d"), "bad move");
    assert_contains(move_error(g, &s, "d3x"), "bad move");
    assert_contains(move_error(g, &s, "d 3"), "bad move");
    assert_contains(move_error(g, &s, "d333"), "bad move");
    assert_contains(move_error(g, &s, "d-3"), "bad move");
    assert_contains(move_error(g, &s, "passs"), "bad move");
    assert_contains(move_error(g, &s, "i1"), "off the 8x8 board");
    assert_contains(move_error(g, &s, "a9"), "off the 8x8 board");
    assert_contains(move_error(g, &s, "a0"), "off the 8x8 board");
    assert_contains(move_error(g, &s, "a10"), "off the 8x8 board");
    assert_contains(move_error(g, &s, "d4"), "taken");
    assert_contains(move_error(g, &s, "a1"), "flips no disc");
    assert_contains(move_error(g, &s, "pass"), "cannot pass");
    assert_contains(move_error(g, &s, "PS"), "4 legal moves");
    game_close(g);

    g = open_game("reversi-4x6", NULL, NULL);
    g->ops->start(g, &s);
    assert_contains(move_error(g, &s, "g1"), "off the 4x6 board (columns a-f, rows 1-4)");
    assert_contains(move_error(g, &s, "a5"), "off the 4x6 board");
    /* Every legal move's name parses back to itself. */
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, &s, moves);
    for (int i = 0; i < n; i++) {
        char name[16];
        g->ops->format_move(g, &s, moves[i], name, sizeof name);
        assert_int_equal(move(g, &s, name), moves[i]);
    }
    game_close(g);
}

static void test_render_text(void **unused)
{
    (void)unused;
    Game *g = open_game("reversi-4x4", "start", "parallel");
    ReversiState s;
    g->ops->start(g, &s);
    char buf[1024];
    g->ops->render_text(g, &s, buf, sizeof buf);
    assert_contains(buf, "   a b c d\n");
    assert_contains(buf, " 1 * . . .\n");
    assert_contains(buf, " 2 * O X .\n");
    assert_contains(buf, "X (black) 2, O (white) 2, empty 12");
    assert_contains(buf, "X (black) to move; 4 legal moves marked *: a1 a2 a3 a4");
    /* A tiny buffer is cut, never overrun. */
    char small[10];
    memset(small, 'Z', sizeof small);
    g->ops->render_text(g, &s, small, 8);
    assert_int_equal(strlen(small), 7);
    assert_int_equal(small[9], 'Z');

    Game *g8 = open_game("reversi", NULL, NULL);
    s = parse(g8, "-X----O-OXO--O---X--OOO-XXOOO------OO-------O-------O----------- O");
    g8->ops->render_text(g8, &s, buf, sizeof buf);
    assert_contains(buf, "O (white) to move has no legal move and must pass");
    game_close(g8);

    s = parse(g, "XXXXXXXX-------- O");
    g->ops->render_text(g, &s, buf, sizeof buf);
    assert_contains(buf, "game over: X (black) wins by 8");
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_open_every_size),
        cmocka_unit_test(test_bad_ids_rejected),
        cmocka_unit_test(test_bad_options_rejected),
        cmocka_unit_test(test_starts),
        cmocka_unit_test(test_natural_order_and_public_helpers),
        cmocka_unit_test(test_flips_in_all_eight_directions),
        cmocka_unit_test(test_no_wrap_across_edges),
        cmocka_unit_test(test_full_lines),
        cmocka_unit_test(test_passes),
        cmocka_unit_test(test_terminal_and_scoring),
        cmocka_unit_test(test_play_keeps_state_clean),
        cmocka_unit_test(test_hash_and_exact_key),
        cmocka_unit_test(test_static_orders),
        cmocka_unit_test(test_score_moves_and_evaluate),
        cmocka_unit_test(test_position_notation),
        cmocka_unit_test(test_move_notation),
        cmocka_unit_test(test_render_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
