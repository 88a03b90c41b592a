/* test_pns.c - proof-number search (src/engine/pns.c) against the solved
 * values yomi keeps: every small Kalah(m,n) of tests/data/kalah/solved.txt
 * in both capture rules (draws among them, which take two proofs), and
 * reversi 4x4 and 4x6 from both starts (tests/data/seed/reversi-cells.txt:
 * 4x4 a loss for the first player, 4x6 a win).  The value is the outcome's
 * sign, the move one that keeps it, the root's numbers those of a finished
 * proof; a table too small for the proof still proves it; a depth asked
 * is a solve anyway; a stopped proof still gives a legal move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"
#include "games/registry.h"

static int sign(int v) { return (v > 0) - (v < 0); }

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


static void pns_config(SearchConfig *cfg, int table_mb)
{
    search_config_default(cfg);
    cfg->algo = ALGO_PNS;
    cfg->solve = true;
    cfg->table_mb = table_mb;
}

static void run(const Game *g, const void *root, const SearchConfig *cfg, SearchResult *r)
{
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    assert_int_equal(search_run(s, root, r, &err), 0);
    search_free(s);
}

/* A finished proof: not stopped, exact, and the root's numbers are those
 * of the last question answered (proved for a win or a draw, disproved
 * for a loss). */
static void check_finished(const SearchResult *r, const char *what)
{
    if (r->stopped || !r->stats.exact)
        fail_msg("%s: stopped %d exact %d", what, r->stopped, r->stats.exact);
    const uint64_t want_proof = r->value >= 0 ? 0 : SEARCH_PN_INF;
    const uint64_t want_disproof = r->value >= 0 ? SEARCH_PN_INF : 0;
    if (r->stats.proof != want_proof || r->stats.disproof != want_disproof)
        fail_msg("%s: value %d with proof %llu, disproof %llu", what, r->value,
                 (unsigned long long)r->stats.proof, (unsigned long long)r->stats.disproof);
}

/* "pit:value[x]" items of solved.txt's MOVES: the value of the move from
 * pit `pit` (1-based, as the game names Kalah's moves), first player's view. */
static bool move_value(const char *moves, int pit, int *value)
{
    for (const char *p = moves; p && *p;) {
        int k, v;
        if (sscanf(p, "%d:%d", &k, &v) == 2 && k == pit) {
            *value = v;
            return true;
        }
        p = strchr(p, ',');
        if (p)
            p++;
    }
    return false;
}

/* Every solved.txt line of at most 24 seeds (the bigger ones take seconds,
 * tens of seconds under the sanitizers), both rules: the outcome, a move
 * that keeps it, a finished proof. */
static void kalah_solved_lines(void **unused)
{
    (void)unused;
    FILE *f = open_data("kalah/solved.txt");
    char line[512];
    int checked = 0, draws = 0, losses = 0;
    static SearchResult r;
    while (fgets(line, sizeof line, f)) {
        int pits, seeds, value;
        char rule[32], best[64], moves[256];
        if (line[0] == '#' ||
            sscanf(line, "%d %d %31s %d %63s %255s", &pits, &seeds, rule, &value, best, moves) != 6)
            continue;
        if (2 * pits * seeds > 24)
            continue;
        char id[32];
        snprintf(id, sizeof id, "kalah-%dx%d", pits, seeds);
        const GameOption opts[] = {{"capture", strcmp(rule, "empty-capture") == 0 ? "empty" : "standard"}};
        Game *g = test_game_open(id, opts, 1);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        SearchConfig cfg;
        pns_config(&cfg, 4);
        run(g, root, &cfg, &r);
        char what[96];
        snprintf(what, sizeof what, "%s %s", id, rule);
        if (r.value != sign(value))
            fail_msg("%s: pns proves %d, solved.txt says %+d", what, r.value, value);
        check_finished(&r, what);
        char text[16];
        g->ops->format_move(g, root, r.move, text, sizeof text);
        int mv;
        if (!move_value(moves, atoi(text), &mv) || sign(mv) != sign(value))
            fail_msg("%s: pns plays %s, whose value solved.txt gives in %s", what, text, moves);
        draws += value == 0;
        losses += value < 0;
        checked++;
        game_close(g);
    }
    fclose(f);
    assert_true(checked >= 30);
    assert_true(draws >= 4);  /* two proofs each */
    assert_true(losses >= 8); /* "a win?" no, "a draw?" no */
}

/* Reversi 4x4 and 4x6, cross and parallel: the seed tables' solved values
 * (BOARD START ... VALUE), once each. */
static void reversi_small_boards(void **unused)
{
    (void)unused;
    FILE *f = open_data("seed/reversi-cells.txt");
    char line[512], done[8][32];
    int ndone = 0;
    static SearchResult r;
    while (fgets(line, sizeof line, f)) {
        char board[16], start[16], order[16], algo[32], table[16], guess[16];
        int value;
        if (line[0] == '#' || sscanf(line, "%15s %15s %15s %31s %15s %15s %d", board, start, order,
                                     algo, table, guess, &value) != 7)
            continue;
        char key[32];
        snprintf(key, sizeof key, "%s %s", board, start);
        bool seen = false;
        for (int i = 0; i < ndone; i++)
            seen |= strcmp(done[i], key) == 0;
        if (seen || ndone == 8)
            continue;
        snprintf(done[ndone++], sizeof done[0], "%s", key);
        char id[32];
        snprintf(id, sizeof id, "reversi-%s", board);
        const GameOption opts[] = {{"start", start}, {"score", "discs"}};
        Game *g = test_game_open(id, opts, 2);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        SearchConfig cfg;
        pns_config(&cfg, 4);
        run(g, root, &cfg, &r);
        if (r.value != sign(value))
            fail_msg("%s: pns proves %d, the seeds' solve %+d", key, r.value, value);
        check_finished(&r, key);
        /* The move keeps the outcome: the child's own proof says so. */
        _Alignas(16) unsigned char child[GAME_MAX_STATE];
        g->ops->play(g, root, r.move, child);
        static SearchResult c;
        run(g, child, &cfg, &c);
        const int after = game_side(g, child) == game_side(g, root) ? c.value : -c.value;
        if (after != r.value)
            fail_msg("%s: pns's move leads to %d, not %d", key, after, r.value);
        game_close(g);
    }
    fclose(f);
    assert_int_equal(ndone, 4); /* 4x4 and 4x6, cross and parallel */
}

/* A table too small for the proof (1 MB, some forty thousand entries, for
 * a proof of over a hundred thousand positions) loses entries, not the
 * answer. */
static void a_small_table_still_proves(void **unused)
{
    (void)unused;
    Game *g = test_game_open("kalah-4x4", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg;
    static SearchResult big, small;
    pns_config(&cfg, 16);
    run(g, root, &cfg, &big);
    pns_config(&cfg, 1);
    run(g, root, &cfg, &small);
    assert_int_equal(big.value, 1); /* solved.txt: +2 */
    assert_int_equal(small.value, 1);
    check_finished(&small, "kalah-4x4, 1 MB");
    game_close(g);
}

/* Asked for a depth, it solves all the same (ALGO_SOLVE_ONLY), and a
 * search with a clock keeps the limit: the table survives. */
static void a_depth_is_a_solve(void **unused)
{
    (void)unused;
    assert_true(algorithm(ALGO_PNS)->flags & ALGO_SOLVE_ONLY);
    assert_true(algorithm(ALGO_PNS)->flags & ALGO_OUTCOME);
    Game *g = test_game_open("kalah-3x3", NULL, 0);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg;
    pns_config(&cfg, 1);
    cfg.solve = false;
    cfg.depth = 2;
    static SearchResult r;
    run(g, root, &cfg, &r);
    assert_int_equal(r.value, 1); /* solved.txt: +2 */
    check_finished(&r, "kalah-3x3 depth 2");
    Err err = {{0}};
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    assert_int_equal(search_set_limits(s, 1, 0, 0, &err), 0);
    assert_int_equal(search_run(s, root, &r, &err), 0);
    assert_int_equal(r.value, 1);
    check_finished(&r, "kalah-3x3 after search_set_limits");
    search_free(s);
    game_close(g);
}

/* Out of nodes before any answer: stopped, no exact value, and a legal
 * move all the same (the one most promising for the question asked).
 * Gogo's proof goes round its repetitions (the history rule, a position
 * met again on the path) until it runs out. */
static void a_stopped_proof_gives_a_legal_move(void **unused)
{
    (void)unused;
    static const char *const ids[] = {"reversi", "gogo"};
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        Game *g = test_game_open(ids[k], NULL, 0);
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        g->ops->start(g, root);
        SearchConfig cfg;
        pns_config(&cfg, 1);
        cfg.node_limit = 20000;
        static SearchResult r;
        run(g, root, &cfg, &r);
        assert_true(r.stopped);
        assert_false(r.stats.exact);
        assert_true(r.stats.nodes >= 20000);
        /* Numbers of a proof under way: neither finished. */
        assert_true(r.stats.proof > 0 && r.stats.proof != SEARCH_PN_INF);
        assert_true(r.stats.disproof > 0 && r.stats.disproof != SEARCH_PN_INF);
        Move legal[GAME_MAX_MOVES];
        const int n = g->ops->legal_moves(g, root, legal);
        bool found = false;
        for (int i = 0; i < n; i++)
            found |= legal[i] == r.move;
        if (!found)
            fail_msg("%s: a stopped pns plays %u, not a legal move", ids[k], r.move);
        game_close(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kalah_solved_lines),
        cmocka_unit_test(reversi_small_boards),
        cmocka_unit_test(a_small_table_still_proves),
        cmocka_unit_test(a_depth_is_a_solve),
        cmocka_unit_test(a_stopped_proof_gives_a_legal_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
