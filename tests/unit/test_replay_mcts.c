/* test_replay_mcts.c - the trace of the search that samples (mcts: trace.h's
 * TRACE_SAMPLE, SELECT, EXPAND, PLAYOUT and BACKUP), kept, replayed
 * (engine/replay.h) and told in words (engine/trace_text.h), held to the
 * engine: after every iteration the replay's root moves have the visits N
 * and scores (so the mean Q) the engine itself reports for a run of that
 * many iterations with the same seed, and its counts are the engine's; at
 * every step the visits add up; a seed gives the same trace twice; a step
 * back is exact; and watching changes nothing in the search. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include "replay_test.h"
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "engine/replay.h"
#include "engine/search.h"
#include "engine/trace_log.h"
#include "engine/trace_text.h"
#include "games/registry.h"

/* rec owns g; the root is g's start. */
static void record(Rec *rec, Game *g, const SearchConfig *cfg)
{
    memset(rec, 0, sizeof *rec);
    rec->g = g;
    rec->cfg = *cfg;
    g->ops->start(g, &rec->root);
    Err err = {{0}};
    const int rc = trace_log_search(&rec->log, g, cfg, &rec->root, NULL, 0, 200000, &err);
    if (rc != 0)
        fail_msg("trace_log_search: %d (%s)", rc, err.msg);
}

/* The root's move m as the replay has it; NULL when it is none of them. */
static const ReplayNode *root_child(const Replay *r, Move m)
{
    const ReplayNode *root = &r->nodes[0];
    for (int i = 0; i < root->n; i++)
        if (r->nodes[root->first + i].move == m)
            return &r->nodes[root->first + i];
    return NULL;
}

/* The engine's most visited root move by its own rule (more visits, more
 * score, then the later to join the tree). */
static const ReplayNode *most_visited(const Replay *r)
{
    const ReplayNode *root = &r->nodes[0], *best = NULL;
    for (int i = 0; i < root->n; i++) {
        const ReplayNode *c = &r->nodes[root->first + i];
        if (c->order == 0)
            continue;
        if (!best || c->visits > best->visits ||
            (c->visits == best->visits &&
             (c->score > best->score || (c->score == best->score && c->order > best->order))))
            best = c;
    }
    return best;
}

/* What holds at any step: the root's N is the iterations backed up, and
 * its moves' visits add up to it (every iteration goes down one of
 * them); no node in the tree has fewer visits than its moves in it. */
static void check_sums(const Replay *r, int backed_up)
{
    assert_int_equal(r->nodes[0].visits, backed_up);
    for (int k = 0; k < r->nnodes; k++) {
        const ReplayNode *nd = &r->nodes[k];
        if ((k > 0 && nd->order == 0) || nd->n <= 0)
            continue;
        unsigned sum = 0;
        for (int i = 0; i < nd->n; i++)
            sum += r->nodes[nd->first + i].visits;
        if (k == 0)
            assert_int_equal(sum, nd->visits);
        else
            assert_true(sum <= nd->visits);
    }
}

/* A search of rec's root by rec's config cut to `iterations`: its result
 * and its root moves as it reports them live. */
static int engine_roots(const Rec *rec, int iterations, SearchResult *res, SearchRootMove *out)
{
    SearchConfig cfg = rec->cfg;
    cfg.iterations = iterations;
    Err err = {{0}};
    Search *s = search_new(rec->g, &cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    assert_int_equal(search_run(s, &rec->root, res, &err), 0);
    const int n = search_poll_roots(s, out, SEARCH_ROOTS_MAX);
    search_free(s);
    return n;
}

/* The replay after k iterations against the engine after k iterations,
 * for every k up to the recorded run's, and the sums at every step. */
static void check_every_iteration(const Rec *rec)
{
    const TraceLog *log = &rec->log;
    Replay *r = replay_new(rec->g, &rec->root);
    assert_non_null(r);
    int done = 0;
    for (int i = 0; i < log->n; i++) {
        replay_apply(r, &log->events[i]);
        check_sums(r, done + (log->events[i].kind == TRACE_BACKUP));
        if (log->events[i].kind != TRACE_BACKUP)
            continue;
        done++;
        assert_int_equal(r->samples, done);
        SearchResult res;
        SearchRootMove roots[SEARCH_ROOTS_MAX];
        const int n = engine_roots(rec, done, &res, roots);
        int in_tree = 0;
        for (int k = 0; k < r->nodes[0].n; k++)
            in_tree += r->nodes[r->nodes[0].first + k].order != 0;
        assert_int_equal(n, in_tree < SEARCH_ROOTS_MAX ? in_tree : SEARCH_ROOTS_MAX);
        for (int k = 0; k < n; k++) {
            const ReplayNode *c = root_child(r, roots[k].move);
            assert_non_null(c);
            if (c->visits != roots[k].visits || c->score != roots[k].score)
                fail_msg("%s, iteration %d, root move %u: replay N %u score %u, engine N %u "
                         "score %u",
                         rec->g->name, done, roots[k].move, c->visits, c->score,
                         roots[k].visits, roots[k].score);
        }
        const ReplayNode *best = most_visited(r);
        assert_non_null(best);
        assert_int_equal(best->move, res.move);
        assert_int_equal(lround(100.0 * ((double)best->score - best->visits) / best->visits),
                         res.value);
        assert_int_equal(r->total.nodes, res.stats.nodes);
        assert_int_equal(r->total.leaves, res.stats.leaves);
        assert_int_equal(r->deepest, res.stats.depth);
    }
    assert_int_equal(done, rec->cfg.iterations);
    replay_free(r);
}

static void test_every_iteration_as_the_engine(void **unused)
{
    (void)unused;
    static const struct {
        const char *id, *tree;
        int iterations;
        uint64_t seed;
    } cases[] = {
        {"tree", "trap", 120, 1},
        {"kalah-4x3", NULL, 150, 2}, /* extra turns: the same side moves on */
        {"reversi-4x4", NULL, 150, 3}, /* passes, and games that end in the tree */
        {"gogo", NULL, 40, 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Rec rec;
        const SearchConfig cfg = test_mcts_config(cases[i].iterations, cases[i].seed);
        record(&rec, open_game(cases[i].id, cases[i].tree), &cfg);
        assert_false(rec.log.too_big);
        assert_int_equal(count_kind(&rec.log, TRACE_SAMPLE), cases[i].iterations);
        assert_int_equal(count_kind(&rec.log, TRACE_PLAYOUT), cases[i].iterations);
        assert_int_equal(count_kind(&rec.log, TRACE_BACKUP), cases[i].iterations);
        assert_int_equal(count_kind(&rec.log, TRACE_EXPAND) + 1, rec.log.result.stats.nodes);
        check_every_iteration(&rec);
        rec_free(&rec);
    }
}

/* Each iteration tells its steps in order, one path: from the root, down
 * one ply at a time, one expansion at most and last, then the playout
 * and the backup where the path ends. */
static void test_iteration_shape(void **unused)
{
    (void)unused;
    Rec rec;
    const SearchConfig cfg = test_mcts_config(300, 7);
    record(&rec, open_game("kalah-4x3", NULL), &cfg);
    const TraceLog *log = &rec.log;
    int ply = -1, number = 0;
    bool expanded = false;
    for (int i = 0; i < log->n; i++) {
        const TraceEvent *e = &log->events[i];
        switch (e->kind) {
        case TRACE_SAMPLE:
            assert_int_equal(ply, number ? -2 : -1); /* the last one backed up */
            assert_int_equal(e->iteration, ++number);
            assert_int_equal(e->ply, 0);
            ply = 0;
            expanded = false;
            break;
        case TRACE_SELECT:
        case TRACE_EXPAND:
            assert_false(expanded);
            assert_int_equal(e->ply, ply + 1);
            if (ply > 0)
                assert_memory_equal(e->path, log->events[i - 1].path, (size_t)ply * sizeof(Move));
            ply = e->ply;
            expanded = e->kind == TRACE_EXPAND;
            if (e->kind == TRACE_SELECT) {
                assert_true(e->visits > 0);
                assert_true(e->ucb >= search_mean(e->score, e->visits));
            }
            break;
        case TRACE_PLAYOUT:
            assert_int_equal(e->ply, ply);
            assert_true(e->value >= -1 && e->value <= 1);
            assert_true(e->plies >= 0 && e->plies <= MCTS_PLAYOUT_MAX_PLIES);
            break;
        case TRACE_BACKUP:
            assert_int_equal(e->ply, ply);
            assert_int_equal(e->value, log->events[i - 1].value);
            ply = -2;
            break;
        default:
            fail_msg("event %d of kind %d in an mcts trace", i, (int)e->kind);
        }
    }
    assert_int_equal(number, 300);
    rec_free(&rec);
}

static bool same_event(const TraceEvent *a, const TraceEvent *b)
{
    return a->kind == b->kind && a->ply == b->ply && a->side == b->side &&
           a->value == b->value && a->iteration == b->iteration && a->plies == b->plies &&
           a->visits == b->visits && a->score == b->score && a->ucb == b->ucb &&
           a->unsearched == b->unsearched &&
           memcmp(a->path, b->path, (size_t)a->ply * sizeof(Move)) == 0;
}

/* With a seed, the same trace step for step; another seed, another. */
static void test_seed_same_trace(void **unused)
{
    (void)unused;
    Rec a, b, c;
    const SearchConfig one = test_mcts_config(200, 11), other = test_mcts_config(200, 12);
    record(&a, open_game("reversi-4x4", NULL), &one);
    record(&b, open_game("reversi-4x4", NULL), &one);
    record(&c, open_game("reversi-4x4", NULL), &other);
    assert_int_equal(a.log.n, b.log.n);
    for (int i = 0; i < a.log.n; i++)
        if (!same_event(&a.log.events[i], &b.log.events[i]))
            fail_msg("step %d differs with the same seed", i);
    bool differs = a.log.n != c.log.n;
    for (int i = 0; !differs && i < a.log.n; i++)
        differs = !same_event(&a.log.events[i], &c.log.events[i]);
    assert_true(differs);
    rec_free(&a);
    rec_free(&b);
    rec_free(&c);
}

/* Watched or not, the same search: the trace only listens. */
static void test_trace_changes_nothing(void **unused)
{
    (void)unused;
    Rec rec;
    const SearchConfig cfg = test_mcts_config(500, 5);
    record(&rec, open_game("kalah", NULL), &cfg);
    SearchResult plain;
    SearchRootMove roots[SEARCH_ROOTS_MAX];
    engine_roots(&rec, 500, &plain, roots);
    assert_int_equal(rec.log.result.move, plain.move);
    assert_int_equal(rec.log.result.value, plain.value);
    assert_int_equal(rec.log.result.stats.nodes, plain.stats.nodes);
    assert_int_equal(rec.log.result.stats.depth, plain.stats.depth);
    assert_int_equal(rec.log.result.pv_len, plain.pv_len);
    assert_memory_equal(rec.log.result.pv, plain.pv, (size_t)plain.pv_len * sizeof(Move));
    rec_free(&rec);
}

/* Everything the theatre draws of a sampling replay, the same in a and b. */
static void same_replay(const Replay *a, const Replay *b)
{
    assert_int_equal(a->step, b->step);
    assert_int_equal(a->top, b->top);
    assert_int_equal(a->deepest, b->deepest);
    assert_int_equal(a->samples, b->samples);
    assert_int_equal(a->backed_up, b->backed_up);
    assert_int_equal(a->playout_plies, b->playout_plies);
    assert_int_equal(a->total.nodes, b->total.nodes);
    assert_int_equal(a->total.leaves, b->total.leaves);
    for (int p = 0; p <= a->top; p++) {
        const ReplayFrame *x = &a->frames[p], *y = &b->frames[p];
        assert_int_equal(x->node, y->node);
        assert_int_equal(x->side, y->side);
        assert_int_equal(x->leaf, y->leaf);
        assert_int_equal(x->closed, y->closed);
        if (x->leaf)
            assert_int_equal(x->value, y->value);
    }
    assert_int_equal(a->nnodes, b->nnodes);
    for (int i = 0; i < a->nnodes; i++) {
        const ReplayNode *x = &a->nodes[i], *y = &b->nodes[i];
        assert_int_equal(x->move, y->move);
        assert_int_equal(x->status, y->status);
        assert_int_equal(x->order, y->order);
        assert_int_equal(x->visits, y->visits);
        assert_int_equal(x->score, y->score);
        assert_int_equal(x->n, y->n);
    }
}

/* Stepping back to any step is where a replay going straight there is. */
static void test_step_back(void **unused)
{
    (void)unused;
    Rec rec;
    const SearchConfig cfg = test_mcts_config(40, 3);
    record(&rec, open_game("tree", "trap"), &cfg);
    Replay *back = replay_new(rec.g, &rec.root);
    assert_non_null(back);
    replay_seek(back, &rec.log, rec.log.n);
    for (int k = rec.log.n; k >= 0; k--) {
        Replay *straight = replay_new(rec.g, &rec.root);
        assert_non_null(straight);
        replay_seek(straight, &rec.log, k);
        replay_seek(back, &rec.log, k);
        same_replay(back, straight);
        replay_free(straight);
    }
    replay_free(back);
    rec_free(&rec);
}

/* The steps in words, on the trap tree's first iterations. */
static void test_text(void **unused)
{
    (void)unused;
    Rec rec;
    const SearchConfig cfg = test_mcts_config(6, 1);
    record(&rec, open_game("tree", "trap"), &cfg);
    const TraceTeller t = trace_teller(rec.g, &rec.root, &rec.cfg);
    static const char *const want[] = {
        "iteration 1: from the root, down the tree by UCB1",
        "expand 2: a new node in the tree; 1 move of its parent still untried",
        "playout from 2: 2 random moves to the end, a draw",
        "back up from 2: N + 1 on each node to the root; a draw, half a win, for every move",
        "iteration 2: from the root, down the tree by UCB1",
        "expand 1: a new node in the tree; 0 moves of its parent still untried",
        "playout from 1: 2 random moves to the end, the first player wins",
        ("back up from 1: N + 1 on each node to the root; a win for the first player's moves, "
         "a loss for the second's"),
        "iteration 3: from the root, down the tree by UCB1",
        "select 1, the highest UCB1: Q 1.00 + 1.18 to explore = 2.18 (N 1)",
    };
    char buf[256];
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        trace_text_event(&t, &rec.log.events[i], buf, sizeof buf);
        assert_string_equal(buf, want[i]);
    }
    rec_free(&rec);
}

int main(void)
{
    /* The sentences are checked in English, whatever the user's locale. */
    setlocale(LC_ALL, "C");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_iteration_as_the_engine),
        cmocka_unit_test(test_iteration_shape),
        cmocka_unit_test(test_seed_same_trace),
        cmocka_unit_test(test_trace_changes_nothing),
        cmocka_unit_test(test_step_back),
        cmocka_unit_test(test_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
