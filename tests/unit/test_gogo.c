/* test_gogo.c - the rules of gogo shogi, one rule at a time: piece moves,
 * promotion, drops, nifu, uchifuzume, pins, checks, the end of the game,
 * repetition, and the public helpers of gogo.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games/gogo/eval.h"
#include "games/gogo/net.h"
#include "games/gogo/internal.h"
#include "games/registry.h"
#include "gogo_test.h"

/* ---- opening the game ---------------------------------------------------- */

static void test_ids_and_options(void **unused)
{
    (void)unused;
    static const char *const ids[] = {"gogo", "minishogi", "gogo-shogi"};
    for (size_t i = 0; i < 3; i++) {
        Err err = {{0}};
        Game *g = game_open(ids[i], NULL, 0, &err);
        assert_non_null(g);
        assert_string_equal(g->name, "gogo");
        assert_int_equal(g->state_size, sizeof(GogoState));
        assert_true(g->state_size <= 100);
        game_close(g);
    }
    Err err = {{0}};
    assert_null(game_open("gogo-9x9", NULL, 0, &err));
    assert_contains(err.msg, "gogo-9x9");
    GameOption start = {"start", "cross"};
    assert_null(game_open("gogo", &start, 1, &err));
    assert_contains(err.msg, "--start does not apply to gogo");
    GameOption rules = {"rules", "seed"};
    assert_null(game_open("minishogi", &rules, 1, &err));
    assert_contains(err.msg, "--rules does not apply to gogo");
}

static void test_start_position(void **unused)
{
    (void)unused;
    GogoState s;
    gogo->ops->start(gogo, &s);
    char text[128];
    gogo->ops->format_position(gogo, &s, text, sizeof text);
    assert_string_equal(text, "rbsgk/4p/5/P4/KGSBR b - 1");
    assert_int_equal(gogo->ops->side_to_move(gogo, &s), GOGO_SENTE);
    assert_string_equal(moves_text(&s, ""), "5d5c 5e4d 4e4d 4e3d 3e4d 3e3d 3e2d "
                                            "2e5b 2e4c 2e3d 2e1d 1e1b 1e1c 1e1d");
    assert_false(gogo->ops->is_terminal(gogo, &s));
    /* The start is level, but for the tempo of the side to move, and each
     * rook attacking the other side's pawn (guarded by its king) down its
     * file: one attacked piece of the mover's and one of the other's. */
    const int32_t *w = gogo_game_weights(gogo)->w;
    assert_int_equal(gogo_eval(gogo_game_weights(gogo), &s),
                     w[EV_TEMPO] + w[EV_ATTACKED + K_PAWN - 1] + w[EV_ATTACKED + EVAL_KINDS + K_PAWN - 1]);
    /* The game's evaluation adds its network's value to that. */
    GogoEvalFeatures f;
    gogo_eval_features(&s, &f);
    assert_non_null(gogo_game_net(gogo));
    assert_int_equal(gogo->ops->evaluate(gogo, &s),
                     gogo_eval(gogo_game_weights(gogo), &s) + gogo_net_eval(gogo_game_net(gogo), &f));
    GogoState parsed = load("rbsgk/4p/5/P4/KGSBR b - 1");
    assert_memory_equal(&s, &parsed, sizeof s);
}

/* ---- how each piece moves (kings on 4e and 2a, the piece on 3c) ------------- */

static void test_step_pieces(void **unused)
{
    (void)unused;
    GogoState s = load("3k1/5/2P2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c3b");
    s = load("3k1/5/2S2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c4b 3c3b 3c2b 3c4d 3c2d");
    s = load("3k1/5/2G2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c4b 3c3b 3c2b 3c4c 3c2c 3c3d");
    s = load("3k1/5/2+P2/5/1K3 b - 1"); /* tokin: a gold */
    assert_string_equal(moves_text(&s, "3c"), "3c4b 3c3b 3c2b 3c4c 3c2c 3c3d");
    s = load("3k1/5/2+S2/5/1K3 b - 1"); /* promoted silver: a gold */
    assert_string_equal(moves_text(&s, "3c"), "3c4b 3c3b 3c2b 3c4c 3c2c 3c3d");
    /* gote's pieces move down the board */
    s = load("3k1/5/2g2/5/1K3 w - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c3b 3c4c 3c2c 3c4d 3c3d 3c2d");
    s = load("3k1/5/2s2/5/1K3 w - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c4b 3c2b 3c4d 3c3d 3c2d");
    s = load("5/5/2K2/5/4k w - 1"); /* 2d is next to sente's king */
    assert_string_equal(moves_text(&s, "1e"), "1e1d 1e2e");
}

static void test_sliding_pieces(void **unused)
{
    (void)unused;
    GogoState s = load("3k1/5/2B2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c5a 3c5a+ 3c1a 3c1a+ 3c4b 3c2b 3c4d 3c2d 3c5e 3c1e");
    s = load("3k1/5/2R2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c3a 3c3a+ 3c3b 3c5c 3c4c 3c2c 3c1c 3c3d 3c3e");
    s = load("3k1/5/2+B2/5/1K3 b - 1"); /* horse: bishop plus one step straight */
    assert_string_equal(moves_text(&s, "3c"),
                        "3c5a 3c1a 3c4b 3c3b 3c2b 3c4c 3c2c 3c4d 3c3d 3c2d 3c5e 3c1e");
    s = load("3k1/5/2+R2/5/1K3 b - 1"); /* dragon: rook plus one step diagonal */
    assert_string_equal(moves_text(&s, "3c"),
                        "3c3a 3c4b 3c3b 3c2b 3c5c 3c4c 3c2c 3c1c 3c4d 3c3d 3c2d 3c3e");
    /* blocked by an own piece (3b), stopped by capturing an enemy one (5c) */
    s = load("3k1/2P2/p1R2/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3c"), "3c5c 3c4c 3c2c 3c1c 3c3d 3c3e");
}

/* ---- promotion --------------------------------------------------------------- */

static void test_promotion_is_optional_in_out_and_within_the_zone(void **unused)
{
    (void)unused;
    GogoState s = load("5/2S2/4k/5/1K3 b - 1"); /* into the zone */
    assert_string_equal(moves_text(&s, "3b"), "3b4a 3b4a+ 3b3a 3b3a+ 3b2a 3b2a+ 3b4c 3b2c");
    s = load("2S2/5/4k/5/1K3 b - 1"); /* out of the zone */
    assert_string_equal(moves_text(&s, "3a"), "3a4b 3a4b+ 3a2b 3a2b+");
    s = load("R4/5/4k/5/1K3 b - 1"); /* within the zone */
    assert_string_equal(moves_text(&s, "5a"),
                        "5a4a 5a4a+ 5a3a 5a3a+ 5a2a 5a2a+ 5a1a 5a1a+ 5a5b 5a5b+ 5a5c 5a5c+ "
                        "5a5d 5a5d+ 5a5e 5a5e+");
    s = load("5/5/4k/3b1/1K3 w - 1"); /* gote's zone is rank e */
    assert_string_equal(moves_text(&s, "2d"), "2d5a 2d4b 2d3c 2d3e 2d3e+ 2d1e 2d1e+");
    s = load("5/5/4k/5/1K2b w - 1");
    assert_string_equal(moves_text(&s, "1e"), "1e5a 1e5a+ 1e4b 1e4b+ 1e3c 1e3c+ 1e2d 1e2d+");
    /* gold and king never promote */
    s = load("5/2G2/4k/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3b"), "3b4a 3b3a 3b2a 3b4b 3b2b 3b3c");
}

static void test_pawn_must_promote_on_the_last_rank(void **unused)
{
    (void)unused;
    GogoState s = load("3k1/2P2/5/5/1K3 b - 1");
    assert_string_equal(moves_text(&s, "3b"), "3b3a+");
    assert_contains(rejected_move(&s, "3b3a"), "must promote");
    s = load("3k1/5/2P2/5/1K3 b - 1"); /* outside the zone: no promotion */
    assert_contains(rejected_move(&s, "3c3b+"), "promotion");
    s = load("1K3/5/5/2p2/3k1 w - 1");
    assert_string_equal(moves_text(&s, "3d"), "3d3e+");
    s = load("1K3/5/5/2p2/2Rk1 w - 1"); /* by capture too */
    assert_string_equal(moves_text(&s, "3d"), "3d3e+");
    GogoState c = after(&s, "3d3e+");
    int owner = -1;
    bool promoted = false;
    assert_int_equal(gogo_piece_at(gogo, &c, 3, 5, &owner, &promoted), GOGO_PAWN);
    assert_int_equal(owner, GOGO_GOTE);
    assert_true(promoted);
    assert_int_equal(gogo_hand_count(gogo, &c, GOGO_GOTE, GOGO_ROOK), 1);
}

static void test_captured_pieces_go_to_hand_unpromoted(void **unused)
{
    (void)unused;
    GogoState s = load("3k1/5/2+r2/2G2/1K3 b - 1");
    GogoState c = after(&s, "3d3c");
    assert_int_equal(gogo_hand_count(gogo, &c, GOGO_SENTE, GOGO_ROOK), 1);
    char text[128];
    gogo->ops->format_position(gogo, &c, text, sizeof text);
    assert_string_equal(text, "3k1/5/2G2/5/1K3 w R 2");
    GogoState next = after(&c, "2a1a");
    assert_true(is_legal_text(&next, "R*3a"));
}

/* ---- drops -------------------------------------------------------------------- */

static void test_drops_on_any_empty_square(void **unused)
{
    (void)unused;
    GogoState s = load("4k/5/5/5/K4 b G 1");
    assert_int_equal(count_moves(&s), 23 + 3); /* every empty square, and 3 king steps */
    assert_true(is_legal_text(&s, "G*3a"));
    assert_contains(rejected_move(&s, "G*1a"), "occupied");
    assert_contains(rejected_move(&s, "S*3c"), "no silver in hand");
    s = load("4k/5/5/5/K4 w 2b 1"); /* gote drops too; two of a kind make one move */
    assert_string_equal(moves_text(&s, "B*5"), "B*5a B*5b B*5c B*5d");
    assert_int_equal(count_moves(&s), 23 + 3);
}

static void test_pawn_drops_nifu_and_last_rank(void **unused)
{
    (void)unused;
    GogoState s = load("4k/5/5/5/K4 b P 1");
    assert_int_equal(count_moves(&s), 19 + 3); /* not on rank a */
    assert_contains(rejected_move(&s, "P*3a"), "last rank");
    assert_true(is_legal_text(&s, "P*1b")); /* check, but the king takes it */
    s = load("4k/5/5/2P2/K4 b P 1");
    assert_string_equal(moves_text(&s, "P*3"), "");
    assert_string_equal(moves_text(&s, "P*4"), "P*4b P*4c P*4d P*4e");
    assert_contains(rejected_move(&s, "P*3c"), "nifu");
    s = load("4k/5/5/2+P2/K4 b P 1"); /* a tokin is no pawn */
    assert_string_equal(moves_text(&s, "P*3"), "P*3b P*3c P*3e");
    s = load("k4/5/5/5/4K w p 1"); /* gote: not on rank e */
    assert_string_equal(moves_text(&s, "P*3"), "P*3a P*3b P*3c P*3d"); /* rank a is fine */
    assert_contains(rejected_move(&s, "P*3e"), "last rank");
    /* nifu counts only one's own pawns */
    s = load("4k/5/2p2/5/K4 b P 1");
    assert_true(is_legal_text(&s, "P*3d"));
}

/* Gote's king on 1a, 2a covered by the bishop on 4c, 2b and 1b by the gold on 2c. */
static void test_uchifuzume(void **unused)
{
    (void)unused;
    GogoState s = load("4k/5/1B1G1/5/K4 b P 1");
    assert_false(is_legal_text(&s, "P*1b"));
    assert_contains(rejected_move(&s, "P*1b"), "uchifuzume");
    assert_true(is_legal_text(&s, "P*2b"));
    /* the same mate with a pawn moved on the board is fine */
    s = load("4k/5/1B1GP/5/K4 b - 1");
    GogoState c = after(&s, "1c1b");
    assert_true(gogo_in_check(gogo, &c));
    assert_int_equal(count_moves(&c), 0);
    assert_true(gogo->ops->is_terminal(gogo, &c));
    assert_int_equal(gogo->ops->final_score(gogo, &c), -SCORE_WIN);
    /* and so is a mate by a dropped piece other than a pawn */
    s = load("4k/5/1B1G1/5/K4 b S 1");
    c = after(&s, "S*1b");
    assert_int_equal(count_moves(&c), 0);
}

/* A pawn drop that leaves gote without a move but not in check is legal:
 * the pawn on 1c takes 1b, the bishop 2a, the gold 2b. */
static void test_stalemating_pawn_drop_is_legal(void **unused)
{
    (void)unused;
    GogoState s = load("4k/5/1BG2/5/K4 b P 1");
    assert_true(is_legal_text(&s, "P*1c"));
    GogoState c = after(&s, "P*1c");
    assert_false(gogo_in_check(gogo, &c));
    assert_int_equal(count_moves(&c), 0);
    assert_true(gogo->ops->is_terminal(gogo, &c));
    assert_int_equal(gogo->ops->final_score(gogo, &c), -SCORE_WIN);
}

/* ---- checks and pins ---------------------------------------------------------- */

static void test_pinned_pieces_stay_on_the_line(void **unused)
{
    (void)unused;
    GogoState s = load("2r1k/5/5/2S2/2K2 b - 1"); /* silver pinned on file 3 */
    assert_string_equal(moves_text(&s, "3d"), "3d3c");
    assert_contains(rejected_move(&s, "3d4c"), "leaves the king in check");
    s = load("4k/5/b4/1R3/2K2 b - 1"); /* rook pinned on a diagonal: no move */
    assert_string_equal(moves_text(&s, "4d"), "");
    s = load("3k1/5/b4/1B3/2K2 b - 1"); /* bishop pinned on its own diagonal: may take */
    assert_string_equal(moves_text(&s, "4d"), "4d5c");
    s = load("k4/5/5/r1G1K/5 b - 1"); /* gold pinned along a rank */
    assert_string_equal(moves_text(&s, "3d"), "3d4d 3d2d");
}

static void test_check_evasions(void **unused)
{
    (void)unused;
    /* rook check on file 5: step aside or interpose; no other move */
    GogoState s = load("r3k/5/5/5/K4 b G 1");
    assert_true(gogo_in_check(gogo, &s));
    assert_string_equal(moves_text(&s, ""), "5e4d 5e4e G*5b G*5c G*5d");
    /* interpose with a board move */
    s = load("r3k/5/5/1G3/K4 b - 1");
    assert_string_equal(moves_text(&s, ""), "4d5c 4d5d 5e4e");
    /* capture the checker, with the king or another piece */
    s = load("4k/5/5/r4/KG3 b - 1");
    assert_string_equal(moves_text(&s, ""), "5e5d 4e5d");
    s = load("4k/5/5/r4/K1G2 b - 1");
    assert_string_equal(moves_text(&s, ""), "5e5d 5e4e");
    /* the king cannot step back along the checking line */
    s = load("2r1k/5/5/2K2/5 b - 1");
    assert_string_equal(moves_text(&s, ""), "3d4c 3d2c 3d4d 3d2d 3d4e 3d2e");
}

static void test_double_check_only_the_king_moves(void **unused)
{
    (void)unused;
    /* rook on 3a and bishop on 1c both check the king on 3e */
    GogoState s = load("2r1k/5/4b/5/G1K2 b P 1");
    assert_true(gogo_in_check(gogo, &s));
    assert_string_equal(moves_text(&s, ""), "3e4d 3e4e 3e2e");
}

static void test_king_may_not_take_a_defended_piece(void **unused)
{
    (void)unused;
    GogoState s = load("4k/4G/3S1/5/K4 w - 1"); /* the gold on 1b is defended by the silver */
    assert_true(gogo_in_check(gogo, &s));
    assert_contains(rejected_move(&s, "1a1b"), "into check");
    assert_int_equal(count_moves(&s), 0); /* checkmate */
    assert_int_equal(gogo->ops->final_score(gogo, &s), -SCORE_WIN);
    s = load("4k/4G/5/5/K4 w - 1"); /* undefended: take it */
    assert_string_equal(moves_text(&s, ""), "1a1b");
    s = load("3k1/5/2s2/5/1K3 b - 1"); /* nor onto any attacked square */
    assert_string_equal(moves_text(&s, "4e"), "4e5d 4e5e 4e3e");
    s = load("5/5/2k2/5/2K2 b - 1"); /* the kings never meet */
    assert_string_equal(moves_text(&s, ""), "3e4e 3e2e");
}

/* ---- the end of the game ----------------------------------------------------- */

static void test_checkmate_from_the_data(void **unused)
{
    (void)unused;
    GogoState s = load("1+SRbk/P2g1/1G2R/1B1S1/K4 w P 24");
    assert_true(gogo_in_check(gogo, &s));
    assert_true(gogo->ops->is_terminal(gogo, &s));
    assert_int_equal(gogo->ops->final_score(gogo, &s), -SCORE_WIN);
    assert_int_equal(game_perft(gogo, &s, 3), 0);
}

/* A mate the probe must find: a move other than the king's whose piece,
 * on its new square, checks the king it leaves without a reply. */
static bool is_direct_mate(const GogoState *s, Move m)
{
    if (!gogo_move_is_drop(m) && code_kind(s->board[gogo_move_from(m)]) == K_KING)
        return false;
    GogoState child;
    gogo_play(s, m, &child);
    const Bits checkers = gogo_attackers(&child, king_square(&child, child.side), s->side, occupied(&child));
    return (checkers & bit(gogo_move_to(m))) && gogo_count(&child) == 0;
}

/* The search's mate probe against every legal move tried in turn, over the
 * positions of seeded random games: what it reports mates, and it misses
 * no mate by a piece checking from where it lands. */
static void test_mate_in_one_probe(void **unused)
{
    (void)unused;
    uint32_t x = 11;
    int positions = 0, with_mate = 0, drops = 0;
    for (int game = 0; game < 300; game++) {
        GogoState s = load("rbsgk/4p/5/P4/KGSBR b - 1");
        for (int ply = 0; ply < 80; ply++) {
            Move moves[GAME_MAX_MOVES];
            const int n = gogo_generate(&s, moves);
            if (n == 0)
                break;
            if (!gogo_state_in_check(&s)) {
                bool any = false;
                for (int i = 0; i < n && !any; i++)
                    any = is_direct_mate(&s, moves[i]);
                Move m = MOVE_NONE;
                const bool found = gogo->ops->mate_in_one(gogo, &s, &m);
                assert_int_equal(found, any);
                if (found) {
                    assert_true(gogo_is_legal(gogo, &s, m));
                    assert_true(is_direct_mate(&s, m));
                    with_mate++;
                    drops += gogo_move_is_drop(m);
                }
                positions++;
            }
            x = x * 1103515245u + 12345u;
            GogoState child;
            gogo_play(&s, moves[(x >> 16) % (uint32_t)n], &child);
            s = child;
        }
    }
    /* Enough of both kinds for the comparison to mean something. */
    assert_true(positions > 10000);
    assert_true(with_mate > 1000);
    assert_true(drops > 400 && drops < with_mate);
}

/* ---- repetition ---------------------------------------------------------------- */

/* Play `cycle` (USI moves) `times` times from sfen, recording every state. */
static int play_cycle(const char *sfen, const char *const *cycle, int len, int times,
                      GogoState *states)
{
    int n = 0;
    states[n++] = load(sfen);
    for (int t = 0; t < times; t++)
        for (int i = 0; i < len; i++, n++)
            states[n] = after(&states[n - 1], cycle[i]);
    return n;
}

static bool history(const GogoState *states, int n, int *value)
{
    const void *ptrs[64];
    for (int i = 0; i < n; i++)
        ptrs[i] = &states[i];
    return gogo->ops->history_result(gogo, ptrs, n, value);
}

static void test_fourfold_repetition_loses_for_sente(void **unused)
{
    (void)unused;
    static const char *const shuffle[] = {"5e4d", "1a2b", "4d5e", "2b1a"};
    GogoState states[16];
    int n = play_cycle("rbsgk/4p/5/P4/KGSBR b - 1", shuffle, 4, 3, states);
    assert_int_equal(n, 13);
    int value = 0;
    for (int len = 1; len < 13; len++)
        assert_false(history(states, len, &value)); /* three times is not yet four */
    assert_true(history(states, 13, &value));        /* the start, a fourth time */
    assert_int_equal(value, -SCORE_WIN);             /* sente to move, sente loses */
    /* the position after sente's first move, a fourth time, gote to move */
    states[13] = after(&states[12], "5e4d");
    assert_true(history(states, 14, &value));
    assert_int_equal(value, SCORE_WIN);
    /* one ply later the start has been seen three times only */
    assert_false(history(states + 1, 12, &value));
}

static void test_perpetual_check_loses_for_the_checker(void **unused)
{
    (void)unused;
    /* gote's rook checks the king on 5e from 5b, then on 4e from 4b */
    static const char *const chase[] = {"5e4e", "5b4b", "4e5e", "4b5b"};
    GogoState states[16];
    int n = play_cycle("4k/r4/5/5/K4 b - 1", chase, 4, 3, states);
    int value = 0;
    assert_true(history(states, n, &value));
    assert_int_equal(value, SCORE_WIN); /* sente to move wins: gote gave perpetual check */
    states[n] = after(&states[n - 1], "5e4e"); /* a fourth time, gote to move: gote loses */
    assert_true(history(states, n + 1, &value));
    assert_int_equal(value, -SCORE_WIN);
    /* sente's rook chasing gote's king: sente loses (the general rule agrees) */
    static const char *const chase_back[] = {"1a2a", "1d2d", "2a1a", "2d1d"};
    n = play_cycle("4k/5/5/4R/K4 w - 1", chase_back, 4, 3, states);
    assert_true(gogo_in_check(gogo, &states[0]));
    assert_true(gogo_in_check(gogo, &states[2]));
    assert_true(history(states, n, &value));
    assert_int_equal(value, SCORE_WIN); /* gote to move wins */
}

/* ---- ordering and evaluation ---------------------------------------------------- */

static void test_orderings(void **unused)
{
    (void)unused;
    /* captures (2c takes the rook), promotions (3b3a+), board moves, drops */
    GogoState s = load("4k/2S2/2rG1/5/1K3 b P 1");
    Move moves[GAME_MAX_MOVES];
    int n = gogo->ops->legal_moves(gogo, &s, moves);
    gogo->ops->order_static(gogo, &s, moves, n);
    char first[16], last[16];
    gogo->ops->format_move(gogo, &s, moves[0], first, sizeof first);
    gogo->ops->format_move(gogo, &s, moves[n - 1], last, sizeof last);
    assert_string_equal(first, "2c3c");
    assert_int_equal(last[1], '*');
    bool seen_drop = false, seen_plain = false;
    for (int i = 0; i < n; i++) {
        const bool drop = gogo_move_is_drop(moves[i]);
        const bool capture = !drop && s.board[gogo_move_to(moves[i])] != 0;
        const bool plain = !drop && !capture && !gogo_move_promotes(moves[i]);
        assert_false(seen_drop && !drop);
        assert_false(seen_plain && (capture || gogo_move_promotes(moves[i])));
        seen_drop |= drop;
        seen_plain |= plain;
    }
    /* the cheap scores put the rook capture on top */
    int scores[GAME_MAX_MOVES];
    n = gogo->ops->legal_moves(gogo, &s, moves);
    gogo->ops->score_moves(gogo, &s, moves, n, scores);
    int best = 0;
    for (int i = 1; i < n; i++)
        if (scores[i] > scores[best])
            best = i;
    assert_int_equal(s.board[gogo_move_to(moves[best])] != 0, 1);
    assert_int_equal(gogo_move_to(moves[best]), gogo_square(3, 3));
}

static void test_evaluation_is_material_from_the_movers_view(void **unused)
{
    (void)unused;
    GogoState b = load("1bsgk/4p/5/P4/KGSBR b R 1"); /* both rooks with sente */
    GogoState w = load("1bsgk/4p/5/P4/KGSBR w R 1");
    const GogoEvalWeights *linear = gogo_game_weights(gogo);
    const int vb = gogo_eval(linear, &b), vw = gogo_eval(linear, &w);
    assert_true(vb > 0);
    /* The other side to move: the same position, but the tempo is gote's,
     * and gote's pawn that sente's rook attacks is now the mover's. */
    const int32_t *wt = gogo_game_weights(gogo)->w;
    assert_int_equal(vw, -vb + 2 * wt[EV_TEMPO] + wt[EV_ATTACKED + K_PAWN - 1] +
                             wt[EV_ATTACKED + EVAL_KINDS + K_PAWN - 1]);
    assert_true(vb < SCORE_WIN_MIN);
}

/* The static exchange of a USI move that must be legal. */
static int exchange(const char *sfen, const char *usi)
{
    const GogoState s = load(sfen);
    Move m;
    Err err = {{0}};
    if (gogo->ops->parse_move(gogo, &s, usi, &m, &err) != 0)
        fail_msg("%s: %s", usi, err.msg);
    return gogo->ops->exchange(gogo, &s, m);
}

static void test_static_exchange(void **unused)
{
    (void)unused;
    /* a pawn for a pawn: the gold on 3a takes back */
    assert_int_equal(exchange("2g1k/2p2/2P2/5/K4 b - 1", "3c3b"), 0);
    /* a rook for a pawn, lost to the gold */
    assert_int_equal(exchange("2g1k/2p2/2R2/5/K4 b - 1", "3c3b"), 100 - 700);
    /* nothing defends the pawn */
    assert_int_equal(exchange("4k/2p2/2R2/5/K4 b - 1", "3c3b"), 100);
    /* the second rook behind the first takes the gold back */
    assert_int_equal(exchange("2g1k/2p2/2R2/2R2/K4 b - 1", "3c3b"), 100 - 700 + 500);
    /* the gold would rather not take: the pawn, then stop */
    assert_int_equal(exchange("2g1k/2p2/2P2/2R2/K4 b - 1", "3c3b"), 100);
    /* a pawn dropped where the gold takes it */
    assert_int_equal(exchange("2g1k/5/5/5/K4 b P 1", "P*3b"), -100);
    /* a quiet move to a safe square */
    assert_int_equal(exchange("2g1k/5/5/5/K1R2 b - 1", "3e3d"), 0);
    /* the king may not take back on a square the rook still covers */
    assert_int_equal(exchange("3k1/2p2/2R2/2R2/K4 b - 1", "3c3b"), 100);
}

/* ---- public helpers ------------------------------------------------------------- */

static void test_public_helpers(void **unused)
{
    (void)unused;
    GogoState s = load("4k/5/5/2+R2/K4 w 2BGSp 7");
    int owner;
    bool promoted;
    assert_int_equal(gogo_piece_at(gogo, &s, 5, 5, &owner, &promoted), GOGO_KING);
    assert_int_equal(owner, GOGO_SENTE);
    assert_false(promoted);
    assert_int_equal(gogo_piece_at(gogo, &s, 1, 1, &owner, NULL), GOGO_KING);
    assert_int_equal(owner, GOGO_GOTE);
    assert_int_equal(gogo_piece_at(gogo, &s, 3, 4, &owner, &promoted), GOGO_ROOK);
    assert_true(promoted);
    assert_int_equal(gogo_piece_at(gogo, &s, 3, 3, &owner, NULL), GOGO_NONE);
    assert_int_equal(owner, -1);
    assert_int_equal(gogo_piece_at(gogo, &s, 6, 1, NULL, NULL), GOGO_NONE);
    assert_int_equal(gogo_hand_count(gogo, &s, GOGO_SENTE, GOGO_BISHOP), 2);
    assert_int_equal(gogo_hand_count(gogo, &s, GOGO_SENTE, GOGO_PAWN), 0);
    assert_int_equal(gogo_hand_count(gogo, &s, GOGO_GOTE, GOGO_PAWN), 1);
    assert_int_equal(gogo_hand_count(gogo, &s, GOGO_GOTE, GOGO_KING), 0);
    assert_int_equal(gogo_side_to_move(gogo, &s), GOGO_GOTE);

    Move m = gogo_make_move(2, 2, 3, 1, true);
    GogoMoveInfo info;
    assert_true(gogo_decode_move(m, &info));
    assert_false(info.drop);
    assert_int_equal(info.from_file, 2);
    assert_int_equal(info.from_rank, 2);
    assert_int_equal(info.to_file, 3);
    assert_int_equal(info.to_rank, 1);
    assert_true(info.promote);
    char text[16];
    gogo->ops->format_move(gogo, &s, m, text, sizeof text);
    assert_string_equal(text, "2b3a+");
    m = gogo_make_drop(GOGO_PAWN, 3, 3);
    assert_true(gogo_decode_move(m, &info));
    assert_true(info.drop);
    assert_int_equal(info.piece, GOGO_PAWN);
    gogo->ops->format_move(gogo, &s, m, text, sizeof text);
    assert_string_equal(text, "P*3c");
    assert_int_equal(gogo_make_move(0, 1, 1, 1, false), MOVE_NONE);
    assert_int_equal(gogo_make_drop(GOGO_KING, 1, 1), MOVE_NONE);
    assert_false(gogo_decode_move(MOVE_NONE, &info));
    assert_false(gogo_decode_move(MOVE_PASS, &info));

    s = load("3k1/2P2/2S2/5/RK3 b - 1");
    assert_true(gogo_may_promote(gogo, &s, 3, 2, 3, 1));
    assert_true(gogo_must_promote(gogo, &s, 3, 2, 3, 1));
    assert_false(gogo_may_promote(gogo, &s, 3, 3, 4, 4)); /* silver outside the zone */
    assert_true(gogo_may_promote(gogo, &s, 3, 3, 4, 2) == false);
    assert_true(gogo_may_promote(gogo, &s, 5, 5, 5, 1)); /* rook into the zone */
    assert_false(gogo_must_promote(gogo, &s, 5, 5, 5, 1));
    assert_false(gogo_may_promote(gogo, &s, 4, 5, 4, 4)); /* a king */
    assert_true(gogo_is_legal(gogo, &s, gogo_make_move(3, 2, 3, 1, true)));
    assert_false(gogo_is_legal(gogo, &s, gogo_make_move(3, 2, 3, 1, false)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_and_options),
        cmocka_unit_test(test_start_position),
        cmocka_unit_test(test_step_pieces),
        cmocka_unit_test(test_sliding_pieces),
        cmocka_unit_test(test_promotion_is_optional_in_out_and_within_the_zone),
        cmocka_unit_test(test_pawn_must_promote_on_the_last_rank),
        cmocka_unit_test(test_captured_pieces_go_to_hand_unpromoted),
        cmocka_unit_test(test_drops_on_any_empty_square),
        cmocka_unit_test(test_pawn_drops_nifu_and_last_rank),
        cmocka_unit_test(test_uchifuzume),
        cmocka_unit_test(test_stalemating_pawn_drop_is_legal),
        cmocka_unit_test(test_pinned_pieces_stay_on_the_line),
        cmocka_unit_test(test_check_evasions),
        cmocka_unit_test(test_double_check_only_the_king_moves),
        cmocka_unit_test(test_king_may_not_take_a_defended_piece),
        cmocka_unit_test(test_checkmate_from_the_data),
        cmocka_unit_test(test_mate_in_one_probe),
        cmocka_unit_test(test_fourfold_repetition_loses_for_sente),
        cmocka_unit_test(test_perpetual_check_loses_for_the_checker),
        cmocka_unit_test(test_orderings),
        cmocka_unit_test(test_evaluation_is_material_from_the_movers_view),
        cmocka_unit_test(test_static_exchange),
        cmocka_unit_test(test_public_helpers),
    };
    return cmocka_run_group_tests(tests, open_gogo, close_gogo);
}
