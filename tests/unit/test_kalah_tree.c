/* test_kalah_tree.c - Kalah's rules checked wholesale rather than by hand:
 *
 *  - a second, deliberately naive Kalah (two plain rows of pits, one seed at
 *    a time, no shared code with src/games/kalah) must agree with the game
 *    on perft counts and on every position of many random games, for
 *    several board sizes, both capture rules and both rule sets;
 *  - the perft counts are also pinned, so a change in both at once shows;
 *  - plain unpruned negamax over the game's own vtable must reproduce the
 *    small lines of tests/data/kalah/solved.txt (published and brute-force values
 *    computed elsewhere), move by move. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "games/kalah/kalah.h"
#include "games/registry.h"

typedef struct {
    _Alignas(16) unsigned char bytes[GAME_MAX_STATE];
} State;

/* ---- the naive Kalah ------------------------------------------------------ */

typedef struct {
    int pits, seeds;
    bool seed_rules, empty_capture;
} NaiveRules;

typedef struct {
    int pit[2][8]; /* pit[side][i]: i counted from that side's left */
    int store[2];
    int side;
} Naive;

enum { PLAIN, CAPTURE, EXTRA_TURN };

static void naive_start(const NaiveRules *r, Naive *b)
{
    memset(b, 0, sizeof *b);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < r->pits; i++)
            b->pit[side][i] = r->seeds;
}

static int naive_on_side(const NaiveRules *r, const Naive *b, int side)
{
    int sum = 0;
    for (int i = 0; i < r->pits; i++)
        sum += b->pit[side][i];
    return sum;
}

static bool naive_over(const NaiveRules *r, const Naive *b)
{
    if (naive_on_side(r, b, 0) == 0 || naive_on_side(r, b, 1) == 0)
        return true;
    int total = 2 * r->pits * r->seeds;
    return r->seed_rules && (b->store[0] * 2 > total || b->store[1] * 2 > total);
}

static int naive_moves(const NaiveRules *r, const Naive *b, int *pits)
{
    int n = 0;
    if (naive_over(r, b))
        return 0;
    for (int i = 0; i < r->pits; i++)
        if (b->pit[b->side][i] > 0)
            pits[n++] = i;
    return n;
}

/* Walk the board one cell at a time: along the row, into the own store, on
 * to the other row; the opponent's store is stepped over. */
static int naive_play(const NaiveRules *r, Naive *b, int pit)
{
    int me = b->side, row = me, i = pit, kind = PLAIN;
    int hand = b->pit[me][pit];
    bool in_store = false;
    b->pit[me][pit] = 0;
    while (hand > 0) {
        if (in_store) {
            in_store = false;
            row = 1 - row;
            i = 0;
        } else if (i + 1 < r->pits) {
            i++;
        } else if (row == me) {
            in_store = true;
        } else {
            row = 1 - row;
            i = 0;
        }
        if (in_store)
            b->store[me]++;
        else
            b->pit[row][i]++;
        hand--;
    }
    if (in_store) {
        kind = EXTRA_TURN;
    } else if (row == me && b->pit[me][i] == 1) {
        int across = r->pits - 1 - i;
        int opposite_seeds = b->pit[1 - me][across];
        if (opposite_seeds > 0 || r->empty_capture) {
            b->store[me] += 1 + opposite_seeds;
            b->pit[me][i] = 0;
            b->pit[1 - me][across] = 0;
            kind = CAPTURE;
        }
    }
    if (naive_on_side(r, b, 0) == 0 || naive_on_side(r, b, 1) == 0) {
        for (int side = 0; side < 2; side++) {
            b->store[side] += naive_on_side(r, b, side);
            for (int j = 0; j < r->pits; j++)
                b->pit[side][j] = 0;
        }
    }
    if (kind != EXTRA_TURN)
        b->side = 1 - b->side;
    return kind;
}

static uint64_t naive_perft(const NaiveRules *r, const Naive *b, int depth)
{
    if (depth == 0)
        return 1;
    int pits[8];
    int n = naive_moves(r, b, pits);
    uint64_t total = 0;
    for (int k = 0; k < n; k++) {
        Naive child = *b;
        naive_play(r, &child, pits[k]);
        total += naive_perft(r, &child, depth - 1);
    }
    return total;
}

static void naive_text(const NaiveRules *r, const Naive *b, char *buf, size_t len)
{
    size_t used = 0;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < r->pits; i++)
            used += (size_t)snprintf(buf + used, len - used, "%d ", b->pit[side][i]);
        used += (size_t)snprintf(buf + used, len - used, "%d ", b->store[side]);
    }
    snprintf(buf + used, len - used, "%d", b->side + 1);
}

/* ---- helpers --------------------------------------------------------------- */

static Game *open_variant(const NaiveRules *r)
{
    char id[32];
    snprintf(id, sizeof id, "kalah-%dx%d", r->pits, r->seeds);
    GameOption opts[2] = {{"rules", r->seed_rules ? "seed" : "standard"},
                          {"capture", r->empty_capture ? "empty" : "standard"}};
    Err err = {{0}};
    Game *g = game_open(id, opts, 2, &err);
    if (!g)
        fail_msg("cannot open %s: %s", id, err.msg);
    return g;
}

static void set_both(const Game *g, const NaiveRules *r, const char *position, State *s, Naive *b)
{
    Err err = {{0}};
    if (!position) {
        g->ops->start(g, s->bytes);
        naive_start(r, b);
        return;
    }
    if (g->ops->parse_position(g, position, s->bytes, &err) != 0)
        fail_msg("cannot parse '%s': %s", position, err.msg);
    /* the naive board reads the same notation its own way */
    memset(b, 0, sizeof *b);
    const char *p = position;
    int consumed;
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < r->pits; i++, p += consumed)
            assert_int_equal(sscanf(p, "%d%n", &b->pit[side][i], &consumed), 1);
        assert_int_equal(sscanf(p, "%d%n", &b->store[side], &consumed), 1);
        p += consumed;
    }
    assert_int_equal(sscanf(p, "%d", &b->side), 1);
    b->side -= 1;
}

/* ---- perft ----------------------------------------------------------------- */

typedef struct {
    NaiveRules rules;
    const char *position; /* NULL: the start */
    int depths;
    uint64_t nodes[10]; /* perft(1), perft(2), ... */
} PerftRow;

/* Counted by the game and by the naive Kalah independently (they agree). */
static const PerftRow perft_rows[] = {
    {{6, 6, false, false}, NULL, 8, {6, 35, 190, 1056, 5882, 32243, 177827, 962153}},
    {{6, 6, true, false}, NULL, 8, {6, 35, 190, 1056, 5882, 32243, 177827, 962153}},
    {{6, 6, false, true}, NULL, 8, {6, 35, 190, 1056, 5882, 32243, 177804, 961846}},
    {{6, 4, false, false}, NULL, 8, {6, 35, 185, 942, 4690, 23233, 114430, 563055}},
    {{6, 4, false, true}, NULL, 8, {6, 35, 185, 942, 4685, 23169, 113959, 559885}},
    {{4, 3, false, false}, NULL, 10, {4, 15, 50, 158, 488, 1510, 4637, 14102, 41831, 120669}},
    {{3, 3, false, true}, NULL, 10, {3, 8, 19, 48, 120, 280, 610, 1276, 2530, 4824}},
    /* two laps and an extra turn, one more, then the first side is empty */
    {{1, 4, false, false}, NULL, 3, {1, 1, 0}},
    {{8, 10, false, false}, NULL, 6, {8, 64, 497, 3833, 29740, 227897}},
    /* near the end, where the seed rules stop early at a store above half */
    {{6, 6, false, false}, "0 0 0 2 1 1 33 2 0 3 1 0 2 27 1", 8, {3, 10, 24, 66, 129, 325, 669, 1464}},
    {{6, 6, true, false}, "0 0 0 2 1 1 33 2 0 3 1 0 2 27 1", 8, {3, 10, 18, 58, 113, 275, 565, 1203}},
};

static void test_perft_table(void **unused)
{
    (void)unused;
    for (size_t row = 0; row < sizeof perft_rows / sizeof perft_rows[0]; row++) {
        const PerftRow *p = &perft_rows[row];
        Game *g = open_variant(&p->rules);
        State s;
        Naive b;
        set_both(g, &p->rules, p->position, &s, &b);
        for (int d = 1; d <= p->depths; d++) {
            uint64_t mine = game_perft(g, s.bytes, d), naive = naive_perft(&p->rules, &b, d);
            if (mine != naive || mine != p->nodes[d - 1])
                fail_msg("%s rules=%s capture=%s %s depth %d: game %llu, naive %llu, table %llu",
                         g->name, p->rules.seed_rules ? "seed" : "standard",
                         p->rules.empty_capture ? "empty" : "standard",
                         p->position ? p->position : "start", d, (unsigned long long)mine,
                         (unsigned long long)naive, (unsigned long long)p->nodes[d - 1]);
        }
        game_close(g);
    }
}

/* ---- random games ---------------------------------------------------------- */

static uint64_t rng_next(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Play random games with both implementations side by side and compare
 * everything observable after every move: the position, the moves, the end,
 * the score; the hash against a fresh parse; the static order against the
 * kind of each move as the naive board saw it. */
static void check_random_games(const NaiveRules *r, int games, uint64_t seed)
{
    Game *g = open_variant(r);
    uint64_t x = seed;
    char mine[256], theirs[256];
    for (int game = 0; game < games; game++) {
        State s;
        Naive b;
        set_both(g, r, NULL, &s, &b);
        for (int ply = 0;; ply++) {
            g->ops->format_position(g, s.bytes, mine, sizeof mine);
            naive_text(r, &b, theirs, sizeof theirs);
            if (strcmp(mine, theirs) != 0)
                fail_msg("%s game %d ply %d: game '%s', naive '%s'", g->name, game, ply, mine,
                         theirs);
            State reparsed;
            Err err = {{0}};
            assert_int_equal(g->ops->parse_position(g, mine, reparsed.bytes, &err), 0);
            assert_memory_equal(reparsed.bytes, s.bytes, g->state_size);

            Move moves[GAME_MAX_MOVES];
            int pits[8];
            int n = g->ops->legal_moves(g, s.bytes, moves);
            assert_int_equal(n, naive_moves(r, &b, pits));
            assert_int_equal(g->ops->is_terminal(g, s.bytes), n == 0);
            if (n == 0) {
                int total = 2 * r->pits * r->seeds, v = b.store[0] - b.store[1];
                if (r->seed_rules && 2 * b.store[0] > total)
                    v = total;
                else if (r->seed_rules && 2 * b.store[1] > total)
                    v = -total;
                assert_int_equal(g->ops->final_score(g, s.bytes), b.side ? -v : v);
                break;
            }
            int kinds[8];
            for (int k = 0; k < n; k++) {
                assert_int_equal(kalah_move_pit(g, moves[k]), pits[k]);
                Naive trial = b;
                kinds[k] = naive_play(r, &trial, pits[k]);
            }
            Move ordered[GAME_MAX_MOVES];
            memcpy(ordered, moves, sizeof ordered);
            g->ops->order_static(g, s.bytes, ordered, n);
            int at = 0;
            for (int kind = EXTRA_TURN; kind >= PLAIN; kind--)
                for (int k = 0; k < n; k++)
                    if (kinds[k] == kind)
                        assert_int_equal(ordered[at++], moves[k]);

            int pick = (int)(rng_next(&x) % (uint64_t)n);
            State child;
            g->ops->play(g, s.bytes, moves[pick], child.bytes);
            int kind = naive_play(r, &b, pits[pick]);
            assert_int_equal(g->ops->side_to_move(g, child.bytes) == g->ops->side_to_move(g, s.bytes),
                             kind == EXTRA_TURN);
            s = child;
        }
    }
    game_close(g);
}

static void test_random_games_agree(void **unused)
{
    (void)unused;
    static const NaiveRules variants[] = {
        {6, 6, false, false}, {6, 6, true, false},  {6, 6, false, true}, {6, 6, true, true},
        {1, 1, false, false}, {1, 10, false, true}, {2, 5, false, false}, {3, 10, true, false},
        {4, 3, false, true},  {5, 7, false, false}, {8, 10, false, false}, {8, 10, true, true},
        {8, 1, false, true},  {7, 9, false, false},
    };
    for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++)
        check_random_games(&variants[i], 150, 0x9E3779B97F4A7C15ull + i);
}

/* ---- published values -------------------------------------------------------- */

/* Plain negamax, no pruning, no table: the value of the game for the side to
 * move; a move that keeps the turn keeps the sign. */
static int negamax(const Game *g, const void *state)
{
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, state, moves);
    if (n == 0)
        return g->ops->final_score(g, state);
    int me = g->ops->side_to_move(g, state), best = -SCORE_INF;
    State child;
    for (int i = 0; i < n; i++) {
        g->ops->play(g, state, moves[i], child.bytes);
        int v = negamax(g, child.bytes);
        if (g->ops->side_to_move(g, child.bytes) != me)
            v = -v;
        if (v > best)
            best = v;
    }
    return best;
}

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

/* Every solved.txt line small enough for brute force: the value, the best
 * moves, each first move's value and whether it keeps the turn. */
static void test_solved_small_boards(void **unused)
{
    (void)unused;
    FILE *f = open_data("kalah/solved.txt");
    char line[512];
    int checked = 0, published = 0;
    while (fgets(line, sizeof line, f)) {
        int pits, seeds, value;
        char rule[32], best[64], moves[256], check[128];
        if (line[0] == '#' || sscanf(line, "%d %d %31s %d %63s %255s %127s", &pits, &seeds, rule,
                                     &value, best, moves, check) != 7)
            continue;
        if (pits * seeds > 9 || pits > 3)
            continue; /* the tree of 4x3 and up is too big for plain negamax */
        NaiveRules r = {pits, seeds, false, strcmp(rule, "empty-capture") == 0};
        Game *g = open_variant(&r);
        State s, child;
        g->ops->start(g, s.bytes);
        assert_int_equal(negamax(g, s.bytes), value);

        Move legal[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, s.bytes, legal);
        assert_int_equal(n, pits);
        char want_best[64] = "", want_moves[256] = "";
        for (int i = 0; i < n; i++) {
            g->ops->play(g, s.bytes, legal[i], child.bytes);
            bool extra = g->ops->side_to_move(g, child.bytes) == 0;
            int v = negamax(g, child.bytes);
            if (!extra)
                v = -v;
            char item[32];
            snprintf(item, sizeof item, "%s%d:%+d%s", i ? "," : "", i + 1, v, extra ? "x" : "");
            strcat(want_moves, item);
            if (v == value) {
                snprintf(item, sizeof item, "%s%d", want_best[0] ? "," : "", i + 1);
                strcat(want_best, item);
            }
        }
        if (strcmp(want_moves, moves) != 0 || strcmp(want_best, best) != 0)
            fail_msg("%s %s: moves %s best %s, solved.txt says %s best %s", g->name, rule,
                     want_moves, want_best, moves, best);
        checked++;
        published += strstr(check, "published") != NULL;
        game_close(g);
    }
    fclose(f);
    assert_true(checked >= 18); /* 1..3 pits x 1..3 seeds, both capture rules */
    assert_true(published >= 1);
}

/* ---- the seed's tables ---------------------------------------------------------- */

/* A throwaway replica of seed 000's `negaalpha` (doc/seed-tables.md), only
 * to show that the seed rules - the early end above half, the +-72
 * evaluation, the sweep - reproduce the seed's games: the engine's own
 * search lives elsewhere.  An extra turn searches on at the same depth with
 * the same limit, unnegated; `line` gets the mover's pits, extra turns
 * included. */
typedef struct {
    const Game *g;
    long evaluations;
} SeedSearch;

static int seed_negaalpha(SeedSearch *ss, const void *state, int depth, int limit, Move *line,
                          int *line_len)
{
    const Game *g = ss->g;
    Move moves[GAME_MAX_MOVES];
    *line_len = 0;
    int n = g->ops->legal_moves(g, state, moves);
    if (n == 0 || depth == 0) {
        ss->evaluations++;
        return n == 0 ? g->ops->final_score(g, state) : g->ops->evaluate(g, state);
    }
    int value = -100, me = g->ops->side_to_move(g, state);
    for (int i = 0; i < n; i++) {
        State child;
        Move rest[64];
        int rest_len = 0, v;
        g->ops->play(g, state, moves[i], child.bytes);
        if (g->ops->side_to_move(g, child.bytes) == me) {
            v = seed_negaalpha(ss, child.bytes, depth, limit, rest, &rest_len);
        } else {
            v = -seed_negaalpha(ss, child.bytes, depth - 1, -value, rest, &rest_len);
            rest_len = 0; /* the opponent's reply is not the mover's to play */
        }
        if (v > value) {
            value = v;
            line[0] = moves[i];
            memcpy(line + 1, rest, (size_t)rest_len * sizeof *rest);
            *line_len = 1 + rest_len;
        }
        if (value >= limit)
            break;
    }
    return value;
}

/* The full-handling negaalpha cells of tests/data/seed/kalah-cells.txt that are
 * cheap enough here: whole games, both players' evaluations counted. */
static void test_seed_games(void **unused)
{
    (void)unused;
    GameOption opts[1] = {{"rules", "seed"}};
    Err err = {{0}};
    Game *g = game_open("kalah", opts, 1, &err);
    assert_non_null(g);
    FILE *f = open_data("seed/kalah-cells.txt");
    char line[256];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char handling[32], algo[32];
        int d1, d2, first, second;
        long evaluations;
        if (line[0] == '#' || sscanf(line, "%31s %31s %d %d %d %d %ld", handling, algo, &d1, &d2,
                                     &first, &second, &evaluations) != 7)
            continue;
        if (strcmp(handling, "full") != 0 || strcmp(algo, "negaalpha") != 0 || evaluations > 150000)
            continue;
        SeedSearch ss = {g, 0};
        State s;
        g->ops->start(g, s.bytes);
        while (!g->ops->is_terminal(g, s.bytes)) {
            Move pv[64];
            int len;
            int depth = g->ops->side_to_move(g, s.bytes) == 0 ? d1 : d2;
            seed_negaalpha(&ss, s.bytes, depth, 100, pv, &len);
            if (len == 0)
                break;
            for (int i = 0; i < len; i++) {
                State child;
                g->ops->play(g, s.bytes, pv[i], child.bytes);
                s = child;
            }
        }
        if (kalah_store(g, s.bytes, 0) != first || kalah_store(g, s.bytes, 1) != second ||
            ss.evaluations != evaluations)
            fail_msg("negaalpha %d/%d: stores %d,%d and %ld evaluations; the seed: %d,%d and %ld",
                     d1, d2, kalah_store(g, s.bytes, 0), kalah_store(g, s.bytes, 1),
                     ss.evaluations, first, second, evaluations);
        checked++;
    }
    fclose(f);
    assert_true(checked >= 10);
    game_close(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_table),
        cmocka_unit_test(test_random_games_agree),
        cmocka_unit_test(test_solved_small_boards),
        cmocka_unit_test(test_seed_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
