/* test_engine_toy.c - the engine on a game of the test's own.
 *
 * The binary links the engine and base libraries and nothing from games/:
 * if the engine ever names a game, this stops linking.  The game is a fixed
 * tree (a node's children, leaf values from the first player's view), so
 * every algorithm's value can be checked against a minimax computed here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"

#define TOY_MAX_NODES 1200
#define TOY_MAX_CHILDREN 4

typedef struct {
    Game base;
    int nodes;
    int nchildren[TOY_MAX_NODES];
    int child[TOY_MAX_NODES][TOY_MAX_CHILDREN];
    int value[TOY_MAX_NODES]; /* leaves: from the first player's view */
    int ply[TOY_MAX_NODES];
} Toy;

typedef struct {
    uint16_t node;
    uint16_t pad;
} ToyState;

static const Toy *toy(const Game *g) { return (const Toy *)g; }
static int node_of(const void *s) { return ((const ToyState *)s)->node; }

static void toy_start(const Game *g, void *s)
{
    (void)g;
    memset(s, 0, sizeof(ToyState));
}

static int toy_side(const Game *g, const void *s) { return toy(g)->ply[node_of(s)] & 1; }

static int toy_moves(const Game *g, const void *s, Move *moves)
{
    const int n = toy(g)->nchildren[node_of(s)];
    for (int i = 0; i < n; i++)
        moves[i] = (Move)i;
    return n;
}

static void toy_play(const Game *g, const void *s, Move m, void *child)
{
    ToyState c = {(uint16_t)toy(g)->child[node_of(s)][m], 0};
    memcpy(child, &c, sizeof c);
}

static bool toy_terminal(const Game *g, const void *s) { return toy(g)->nchildren[node_of(s)] == 0; }

static int toy_final(const Game *g, const void *s)
{
    const int v = toy(g)->value[node_of(s)];
    return toy_side(g, s) == 0 ? v : -v;
}

static int toy_evaluate(const Game *g, const void *s)
{
    (void)g;
    (void)s;
    return 0;
}

static uint64_t toy_hash(const Game *g, const void *s)
{
    (void)g;
    uint64_t x = (uint64_t)node_of(s) + 1;
    return rng_next(&x);
}

static int toy_key(const Game *g, const void *s, uint8_t *key)
{
    (void)g;
    memcpy(key, s, sizeof(ToyState));
    return (int)sizeof(ToyState);
}

static void toy_close(Game *g) { (void)g; }

static const GameOps toy_ops = {
    .family = "toy",
    .description = "a fixed game tree",
    .close = toy_close,
    .start = toy_start,
    .side_to_move = toy_side,
    .legal_moves = toy_moves,
    .play = toy_play,
    .is_terminal = toy_terminal,
    .final_score = toy_final,
    .evaluate = toy_evaluate,
    .hash = toy_hash,
    .exact_key = toy_key,
};

static Toy the_toy;

static int add_node(Toy *t, int ply)
{
    const int n = t->nodes++;
    t->ply[n] = ply;
    t->nchildren[n] = 0;
    return n;
}

static void add_child(Toy *t, int parent, int child) { t->child[parent][t->nchildren[parent]++] = child; }

/* The textbook tree ((3 12 8)(2 4 6)(14 5 2)): minimax 3. */
static Game *textbook(void)
{
    static const int leaves[3][3] = {{3, 12, 8}, {2, 4, 6}, {14, 5, 2}};
    Toy *t = &the_toy;
    memset(t, 0, sizeof *t);
    const int root = add_node(t, 0);
    for (int i = 0; i < 3; i++) {
        const int mid = add_node(t, 1);
        add_child(t, root, mid);
        for (int j = 0; j < 3; j++) {
            const int leaf = add_node(t, 2);
            t->value[leaf] = leaves[i][j];
            add_child(t, mid, leaf);
        }
    }
    t->base = (Game){.ops = &toy_ops, .name = "toy", .state_size = sizeof(ToyState),
                     .max_moves = TOY_MAX_CHILDREN};
    return &t->base;
}

/* A random tree: 1-4 children a node, leaves at depths 3-6. */
static int grow(Toy *t, uint64_t *rng, int ply)
{
    const int n = add_node(t, ply);
    const bool leaf = ply >= 6 || (ply >= 3 && rng_next(rng) % 4 == 0);
    if (leaf || t->nodes > TOY_MAX_NODES - TOY_MAX_CHILDREN * 8) {
        t->value[n] = (int)(rng_next(rng) % 41) - 20;
        return n;
    }
    const int kids = 1 + (int)(rng_next(rng) % TOY_MAX_CHILDREN);
    for (int i = 0; i < kids; i++)
        add_child(t, n, grow(t, rng, ply + 1));
    return n;
}

static Game *random_tree(uint64_t seed)
{
    Toy *t = &the_toy;
    memset(t, 0, sizeof *t);
    grow(t, &seed, 0);
    t->base = (Game){.ops = &toy_ops, .name = "toy", .state_size = sizeof(ToyState),
                     .max_moves = TOY_MAX_CHILDREN};
    return &t->base;
}

/* Minimax from the first player's view, by the test's own hand. */
static int first_player_value(const Toy *t, int n)
{
    if (t->nchildren[n] == 0)
        return t->value[n];
    const bool max = (t->ply[n] & 1) == 0;
    int best = max ? -SCORE_INF : SCORE_INF;
    for (int i = 0; i < t->nchildren[n]; i++) {
        const int v = first_player_value(t, t->child[n][i]);
        best = max ? (v > best ? v : best) : (v < best ? v : best);
    }
    return best;
}

/* The trace's events by kind. */
typedef struct {
    uint64_t of[TRACE_KIND_COUNT];
} TraceCount;

static void count_event(const TraceEvent *e, void *arg)
{
    ((TraceCount *)arg)->of[e->kind]++;
}

static SearchResult solve_traced(const Game *g, Algo algo, TableMode table, TraceCount *count)
{
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = algo;
    cfg.solve = true;
    cfg.order = ORDER_NATURAL;
    cfg.table = table;
    cfg.table_mb = 1;
    Err err = {{0}};
    Search *s = search_new(g, &cfg, &err);
    assert_non_null(s);
    if (count) {
        memset(count, 0, sizeof *count);
        search_set_trace(s, count_event, count);
    }
    ToyState root;
    toy_start(g, &root);
    SearchResult r;
    assert_int_equal(search_run(s, &root, &r, &err), 0);
    search_free(s);
    return r;
}

static SearchResult solve(const Game *g, Algo algo, TableMode table)
{
    return solve_traced(g, algo, table, NULL);
}

/* The algorithms held to minimax's value and to the trace's counts: not a
 * sampling one (mcts), whose value is an estimate from random playouts
 * (a win rate, not the leaves' numbers) and which has no trace; its own
 * tests are in test_mcts.c. */
static bool exact(int a) { return !(algorithm((Algo)a)->flags & ALGO_SAMPLING); }

/* What the trace shows is what the counters count: one leaf event per
 * evaluation, one cutoff event per cutoff, and so on, for every algorithm
 * and table, on the textbook tree and on random ones. */
static void check_trace_matches_counters(const Game *g, const char *what)
{
    for (int a = 0; a < ALGO_COUNT; a++) {
        if (!exact(a))
            continue;
        for (int table = TABLE_OFF; table <= TABLE_EXACT; table++) {
            TraceCount n;
            const SearchResult r = solve_traced(g, (Algo)a, (TableMode)table, &n);
            const SearchResult plain = solve(g, (Algo)a, (TableMode)table);
            const uint64_t got[] = {n.of[TRACE_LEAF], n.of[TRACE_CUTOFF], n.of[TRACE_RESEARCH],
                                    n.of[TRACE_MTD_PASS], n.of[TRACE_HIT], r.stats.nodes};
            const uint64_t want[] = {r.stats.leaves, r.stats.cutoffs, r.stats.researches,
                                     r.stats.mtd_passes, r.stats.hits, plain.stats.nodes};
            for (size_t k = 0; k < sizeof got / sizeof got[0]; k++)
                if (got[k] != want[k])
                    fail_msg("%s, %s, table %d: count %zu: trace %llu, counters %llu", what,
                             algo_name((Algo)a), table, k, (unsigned long long)got[k],
                             (unsigned long long)want[k]);
            assert_true(n.of[TRACE_ENTER] > 0);
            assert_int_equal(n.of[TRACE_MTD_PASS], n.of[TRACE_MTD_RESULT]);
        }
    }
}

static void the_trace_sees_what_the_counters_count(void **state)
{
    (void)state;
    check_trace_matches_counters(textbook(), "textbook");
    for (uint64_t seed = 1; seed <= 10; seed++) {
        char what[32];
        snprintf(what, sizeof what, "seed %llu", (unsigned long long)seed);
        check_trace_matches_counters(random_tree(seed), what);
    }
}

/* What an algorithm's value says of a first-player value v: v itself, or
 * for one that proves only the outcome (algorithm.h ALGO_OUTCOME), its
 * sign: a win, a draw or a loss. */
static int in_own_terms(Algo a, int v)
{
    if (!(algorithm(a)->flags & ALGO_OUTCOME))
        return v;
    return (v > 0) - (v < 0);
}

static void every_algorithm_finds_the_textbook_value(void **state)
{
    (void)state;
    const Game *g = textbook();
    for (int a = 0; a < ALGO_COUNT; a++) {
        if (!exact(a))
            continue;
        const SearchResult r = solve(g, (Algo)a, TABLE_OFF);
        assert_int_equal(r.value, in_own_terms((Algo)a, 3));
        /* Every move wins (3, 2, 2): a proof needs only one, any one. */
        if (algorithm((Algo)a)->flags & ALGO_OUTCOME)
            assert_true(r.move < 3);
        else
            assert_int_equal(r.move, 0);
    }
}

static void pruning_evaluates_fewer_leaves_than_minimax(void **state)
{
    (void)state;
    const Game *g = textbook();
    const SearchResult full = solve(g, ALGO_MINIMAX, TABLE_OFF);
    const SearchResult cut = solve(g, ALGO_ALPHABETA, TABLE_OFF);
    assert_int_equal(full.stats.leaves, 9);
    assert_true(cut.stats.leaves < full.stats.leaves);
}

static void every_algorithm_agrees_with_minimax_on_random_trees(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        const Game *g = random_tree(seed);
        const int want = first_player_value(&the_toy, 0);
        for (int a = 0; a < ALGO_COUNT; a++) {
            if (!exact(a))
                continue;
            for (int table = TABLE_OFF; table <= TABLE_EXACT; table++) {
                const SearchResult r = solve(g, (Algo)a, (TableMode)table);
                if (r.value != in_own_terms((Algo)a, want))
                    fail_msg("seed %llu, %s, table %d: %d, want %d", (unsigned long long)seed,
                             algo_name((Algo)a), table, r.value, in_own_terms((Algo)a, want));
            }
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_algorithm_finds_the_textbook_value),
        cmocka_unit_test(pruning_evaluates_fewer_leaves_than_minimax),
        cmocka_unit_test(every_algorithm_agrees_with_minimax_on_random_trees),
        cmocka_unit_test(the_trace_sees_what_the_counters_count),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
