/* test_replay.c - a search's trace kept whole (engine/trace_log.h),
 * replayed to any step (engine/replay.h) and told in words
 * (engine/trace_text.h), held to what the searches themselves count: the
 * textbook's trees step by step, every step reached backwards exactly as
 * forwards (the theatre screen's step back), re-searches and MTD(f) passes,
 * steps told of positions the search never enters, a log too small for its
 * search, and reversi and gogo with every algorithm. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "games_test.h"
#include "replay_test.h"
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/replay.h"
#include "engine/search.h"
#include "engine/trace_log.h"
#include "engine/trace_text.h"
#include "games/registry.h"

/* The config of `yomi explain tree --algo A --order natural --table off
 * --solve`: the tutorials' trees as the textbook draws them. */
static SearchConfig textbook_config(Algo algo)
{
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = algo;
    cfg.order = ORDER_NATURAL;
    cfg.table = TABLE_OFF;
    cfg.solve = true;
    return cfg;
}

/* Records a search with cfg into rec (rec owns g), of g's start position
 * after `opening` plies of each side's first legal move. */
static void record_after(Rec *rec, Game *g, const SearchConfig *cfg, int max_events, int opening)
{
    memset(rec, 0, sizeof *rec);
    rec->g = g;
    rec->cfg = *cfg;
    g->ops->start(g, &rec->root);
    for (int i = 0; i < opening; i++) {
        Move moves[GAME_MAX_MOVES];
        State next;
        assert_true(g->ops->legal_moves(g, &rec->root, moves) > 0);
        g->ops->play(g, &rec->root, moves[0], &next);
        rec->root = next;
    }
    Err err = {{0}};
    Search *s = search_new(g, cfg, &err);
    if (!s)
        fail_msg("search_new: %s", err.msg);
    const int rc = trace_log_record(&rec->log, s, &rec->root, max_events, &err);
    search_free(s); /* the log keeps its own copy of every step */
    if (rc != 0)
        fail_msg("trace_log_record: %d (%s)", rc, err.msg);
}

static void record(Rec *rec, Game *g, const SearchConfig *cfg, int max_events)
{
    record_after(rec, g, cfg, max_events, 0);
}

static void record_tree(Rec *rec, const char *tree, Algo algo)
{
    const SearchConfig cfg = textbook_config(algo);
    record(rec, open_game("tree", tree), &cfg, 5000);
}

/* The algorithms whose trace walks a tree depth first, node by node: a
 * sampling one (mcts) tells iterations instead, held to the engine in
 * test_replay_mcts.c. */
static bool traced(Algo a) { return !(algorithm(a)->flags & ALGO_SAMPLING); }

/* The replay after all of the log's steps. */
static Replay *replay_all(const Rec *rec)
{
    Replay *r = replay_new(rec->g, &rec->root);
    assert_non_null(r);
    replay_seek(r, &rec->log, rec->log.n);
    assert_int_equal(r->step, rec->log.n);
    return r;
}

/* The i-th move (0-based, as the game lists them) of a node. */
static const ReplayNode *child(const Replay *r, int node, int i)
{
    assert_true(r->nodes[node].n > i);
    return &r->nodes[r->nodes[node].first + i];
}

static int child_index(const Replay *r, int node, int i)
{
    assert_true(r->nodes[node].n > i);
    return r->nodes[node].first + i;
}

static void move_text(const Rec *rec, Move m, char *buf, size_t size)
{
    rec->g->ops->format_move(rec->g, &rec->root, m, buf, size);
}

/* ---- the textbook's tree --------------------------------------------------- */

static void test_alphabeta_textbook(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "textbook", ALGO_ALPHABETA);
    const SearchStats *st = &rec.log.result.stats;
    /* The steps `yomi explain --format tsv` prints: the iteration, 11
     * entered nodes, 7 leaves, 11 values backed up, 2 cutoffs. */
    assert_int_equal(rec.log.n, 32);
    assert_false(rec.log.too_big);
    assert_int_equal(count_kind(&rec.log, TRACE_ENTER), 11);
    assert_int_equal(count_kind(&rec.log, TRACE_LEAF), 7);
    assert_int_equal(count_kind(&rec.log, TRACE_CLOSE), 11);
    assert_int_equal(count_kind(&rec.log, TRACE_CUTOFF), 2);

    Replay *r = replay_all(&rec);
    assert_int_equal(r->total.leaves, 7);
    assert_int_equal(r->total.nodes, 11);
    assert_int_equal(r->total.leaves, st->leaves);
    assert_int_equal(r->total.nodes, st->nodes);
    assert_int_equal(r->total.cutoffs, st->cutoffs);
    assert_int_equal(r->total.hits, 0);
    assert_int_equal(r->total.researches, 0);
    /* Both cutoffs are the min nodes' (2 after 2.1, 3 on its last move). */
    assert_int_equal(r->ply[0].cutoffs, 0);
    assert_int_equal(r->ply[1].cutoffs, 2);
    assert_int_equal(r->ply[2].cutoffs, 0);
    assert_int_equal(r->ply[0].nodes, 1);
    assert_int_equal(r->ply[1].nodes, 3);
    assert_int_equal(r->ply[2].nodes, 7);
    assert_int_equal(r->ply[2].leaves, 7);
    assert_int_equal(r->deepest, 2);
    /* One iteration, to the end: the engine's depth for "to the end". */
    assert_int_equal(count_kind(&rec.log, TRACE_ITERATION), 1);
    assert_int_equal(rec.log.events[0].kind, TRACE_ITERATION);
    assert_int_equal(r->iteration, rec.log.events[0].depth);
    assert_true(r->iteration > 2);

    /* The root, closed: value 3 by move 1, as the search answered. */
    const ReplayFrame *root = &r->frames[0];
    assert_int_equal(r->top, 0);
    assert_true(root->closed);
    assert_true(root->has_value);
    assert_int_equal(root->value, 3);
    assert_int_equal(rec.log.result.value, 3);
    char m[32];
    move_text(&rec, root->best, m, sizeof m);
    assert_string_equal(m, "1");
    assert_int_equal(root->best, rec.log.result.move);

    /* The root's moves as the root sees them (the first player's view). */
    assert_int_equal(r->nodes[0].n, 3);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(child(r, 0, i)->status, CHILD_DONE);
        assert_int_equal(child(r, 0, i)->order, i + 1);
    }
    assert_int_equal(child(r, 0, 0)->value, 3);
    assert_int_equal(child(r, 0, 1)->value, 2);
    assert_int_equal(child(r, 0, 2)->value, 2);

    /* Under 2: 2.1 answered 2, which is -2 for the second player who
     * moves at 2; 2.2 and 2.3 were cut. */
    const int two = child_index(r, 0, 1);
    assert_int_equal(r->nodes[two].n, 3);
    assert_int_equal(child(r, two, 0)->status, CHILD_DONE);
    assert_int_equal(child(r, two, 0)->value, -2);
    assert_true(child(r, two, 0)->leaf);
    assert_int_equal(child(r, two, 1)->status, CHILD_CUT);
    assert_int_equal(child(r, two, 2)->status, CHILD_CUT);
    assert_int_equal(child(r, two, 1)->order, 0);
    /* Under 3 the cutoff came on the last move: nothing was left to cut. */
    const int three = child_index(r, 0, 2);
    for (int i = 0; i < 3; i++)
        assert_int_equal(child(r, three, i)->status, CHILD_DONE);
    assert_int_equal(child(r, three, 0)->value, -14);
    assert_int_equal(replay_node_ply(r, child_index(r, three, 2)), 2);
    assert_int_equal(replay_node_ply(r, three), 1);
    assert_int_equal(replay_node_ply(r, 0), 0);
    /* Never entered: its moves are unknown, and it lists none. */
    assert_true(child(r, two, 1)->n < 0);
    int order[4];
    assert_int_equal(replay_child_order(r, child_index(r, two, 1), order), 0);

    replay_free(r);
    rec_free(&rec);
}

/* Step 17 of the textbook's alpha-beta is the cutoff at 2: the path is
 * root, 2, with 2's window and best so far, and 2.2, 2.3 are cut. */
static void test_alphabeta_textbook_midway(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "textbook", ALGO_ALPHABETA);
    const int cut = trace_log_next(&rec.log, 0, TRACE_CUTOFF);
    assert_int_equal(cut, 17);
    assert_int_equal(trace_log_next(&rec.log, cut + 1, TRACE_CUTOFF), 29);
    assert_int_equal(trace_log_next(&rec.log, 30, TRACE_CUTOFF), rec.log.n);
    assert_int_equal(trace_log_next(&rec.log, -5, TRACE_ITERATION), 0);

    Replay *r = replay_new(rec.g, &rec.root);
    replay_seek(r, &rec.log, cut); /* just before it */
    const int two = child_index(r, 0, 1);
    assert_int_equal(child(r, two, 1)->status, CHILD_WAITING);
    replay_seek(r, &rec.log, cut + 1);
    assert_int_equal(r->top, 1);
    const ReplayFrame *f = &r->frames[1];
    assert_int_equal(f->node, two);
    assert_true(f->known);
    assert_int_equal(f->side, 1);
    assert_int_equal(f->alpha, -SCORE_INF); /* (3, +inf) turned round: the */
    assert_int_equal(f->beta, -3);          /* second player's own view   */
    assert_true(f->cut);
    assert_false(f->closed);
    assert_true(f->has_value);
    assert_int_equal(f->value, -2);
    assert_int_equal(f->best, child(r, two, 0)->move);
    assert_int_equal(r->nodes[two].status, CHILD_OPEN);
    assert_int_equal(child(r, two, 1)->status, CHILD_CUT);
    assert_int_equal(child(r, two, 2)->status, CHILD_CUT);
    /* The root has seen 1 = 3 and nothing from 2 yet. */
    assert_true(r->frames[0].has_value);
    assert_int_equal(r->frames[0].value, 3);
    assert_int_equal(child(r, 0, 2)->status, CHILD_WAITING);
    assert_int_equal(r->ply[1].cutoffs, 1);

    /* Clamped at both ends. */
    replay_seek(r, &rec.log, rec.log.n + 10);
    assert_int_equal(r->step, rec.log.n);
    replay_seek(r, &rec.log, -3);
    assert_int_equal(r->step, 0);
    assert_int_equal(r->top, 0);
    assert_int_equal(r->nnodes, r->nodes[0].n + 1);
    replay_free(r);
    rec_free(&rec);
}

static void test_minimax_textbook(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "textbook", ALGO_MINIMAX);
    Replay *r = replay_all(&rec);
    assert_int_equal(r->total.leaves, 9);
    assert_int_equal(r->total.leaves, rec.log.result.stats.leaves);
    assert_int_equal(r->total.nodes, rec.log.result.stats.nodes);
    assert_int_equal(r->total.cutoffs, 0);
    assert_int_equal(r->nnodes, 13);
    for (int i = 1; i < r->nnodes; i++) {
        assert_int_equal(r->nodes[i].status, CHILD_DONE);
        assert_int_not_equal(r->nodes[i].order, 0);
    }
    assert_int_equal(r->frames[0].value, 3);
    replay_free(r);
    rec_free(&rec);
}

/* ---- stepping back ------------------------------------------------------- */

static void same_counts(const ReplayPly *a, const ReplayPly *b)
{
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->leaves, b->leaves);
    assert_int_equal(a->hits, b->hits);
    assert_int_equal(a->cutoffs, b->cutoffs);
    assert_int_equal(a->researches, b->researches);
    assert_int_equal(a->probes, b->probes);
}

/* Everything a screen may draw of a replay, the same in a and b. */
static void same_replay(const Replay *a, const Replay *b)
{
    assert_int_equal(a->step, b->step);
    assert_int_equal(a->top, b->top);
    assert_int_equal(a->deepest, b->deepest);
    assert_int_equal(a->iteration, b->iteration);
    assert_int_equal(a->mtd_passes, b->mtd_passes);
    assert_int_equal(a->in_pass, b->in_pass);
    assert_int_equal(a->pass_bound, b->pass_bound);
    assert_int_equal(a->lower, b->lower);
    assert_int_equal(a->upper, b->upper);
    same_counts(&a->total, &b->total);
    for (int p = 0; p < REPLAY_MAX_PLY; p++)
        same_counts(&a->ply[p], &b->ply[p]);
    for (int p = 0; p <= a->top; p++) {
        const ReplayFrame *x = &a->frames[p], *y = &b->frames[p];
        assert_int_equal(x->node, y->node);
        assert_int_equal(x->move, y->move);
        assert_int_equal(x->side, y->side);
        assert_int_equal(x->depth, y->depth);
        assert_int_equal(x->alpha, y->alpha);
        assert_int_equal(x->beta, y->beta);
        assert_int_equal(x->has_value, y->has_value);
        assert_int_equal(x->value, y->value);
        assert_int_equal(x->best, y->best);
        assert_int_equal(x->leaf, y->leaf);
        assert_int_equal(x->hit, y->hit);
        assert_int_equal(x->closed, y->closed);
        assert_int_equal(x->cut, y->cut);
        assert_int_equal(x->known, y->known);
        if (x->known)
            assert_memory_equal(x->state, y->state, a->game->state_size);
    }
    assert_int_equal(a->nnodes, b->nnodes);
    for (int i = 0; i < a->nnodes; i++) {
        const ReplayNode *x = &a->nodes[i], *y = &b->nodes[i];
        assert_int_equal(x->move, y->move);
        assert_int_equal(x->status, y->status);
        assert_int_equal(x->leaf, y->leaf);
        assert_int_equal(x->hit, y->hit);
        assert_int_equal(x->researches, y->researches);
        assert_int_equal(x->order, y->order);
        assert_int_equal(x->value, y->value);
        assert_int_equal(x->parent, y->parent);
        assert_int_equal(x->first, y->first);
        assert_int_equal(x->n, y->n);
    }
}

/* For every step k (every stride-th, for a long log): a replay that went
 * to the end and stepped back, and one that jumped to the end and back to
 * k, are where a fresh replay seeking straight to k is. */
static void check_step_back_every(const Rec *rec, int stride)
{
    const TraceLog *log = &rec->log;
    Replay *back = replay_new(rec->g, &rec->root);
    Replay *jump = replay_new(rec->g, &rec->root);
    assert_non_null(back);
    assert_non_null(jump);
    replay_seek(back, log, log->n);
    for (int k = log->n; k >= 0; k -= stride) {
        Replay *straight = replay_new(rec->g, &rec->root);
        assert_non_null(straight);
        replay_seek(straight, log, k);
        replay_seek(back, log, k);
        replay_seek(jump, log, log->n);
        replay_seek(jump, log, k);
        same_replay(back, straight);
        same_replay(jump, straight);
        replay_free(straight);
    }
    replay_free(back);
    replay_free(jump);
}

static void check_step_back(const Rec *rec) { check_step_back_every(rec, 1); }

static void test_step_back_textbook(void **unused)
{
    (void)unused;
    for (Algo a = 0; a < ALGO_COUNT; a++) {
        if (!traced(a))
            continue;
        Rec rec;
        record_tree(&rec, "textbook", a);
        check_step_back(&rec);
        rec_free(&rec);
    }
}

/* ---- re-searches and passes ---------------------------------------------- */

static void test_negascout_researches(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "rescout", ALGO_NEGASCOUT);
    const SearchStats *st = &rec.log.result.stats;
    /* ((1 2) (3 4) (5 6)): each move beats the one before, so every
     * null-window test fails high and is searched again. */
    assert_int_equal(st->researches, 3);
    assert_int_equal(count_kind(&rec.log, TRACE_RESEARCH), 3);
    Replay *r = replay_all(&rec);
    assert_int_equal(r->total.researches, st->researches);
    assert_int_equal(r->ply[1].researches, 3);
    assert_int_equal(r->total.nodes, st->nodes);
    assert_int_equal(r->total.leaves, st->leaves);
    assert_int_equal(r->total.cutoffs, st->cutoffs);
    uint64_t sum = 0;
    for (int i = 0; i < r->nodes[0].n; i++) {
        assert_int_equal(child(r, 0, i)->researches, 1);
        assert_int_equal(child(r, 0, i)->order, i + 1); /* a re-search is not a new move */
        sum += child(r, 0, i)->researches;
    }
    assert_int_equal(sum, st->researches);
    assert_int_equal(r->frames[0].value, 5);
    assert_int_equal(child(r, 0, 2)->value, 5);
    /* The re-search of 3 searched 3.1 again and cut 3.2. */
    const int three = child_index(r, 0, 2);
    assert_int_equal(child(r, three, 0)->status, CHILD_DONE);
    assert_int_equal(child(r, three, 1)->status, CHILD_CUT);

    /* Just after the first re-search is announced, 1 has one. */
    Replay *mid = replay_new(rec.g, &rec.root);
    replay_seek(mid, &rec.log, trace_log_next(&rec.log, 0, TRACE_RESEARCH) + 1);
    assert_int_equal(child(mid, 0, 0)->researches, 1);
    assert_int_equal(child(mid, 0, 1)->researches, 0);
    assert_int_equal(mid->total.researches, 1);
    replay_free(mid);
    check_step_back(&rec);
    replay_free(r);
    rec_free(&rec);
}

static void test_mtdf_passes(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "textbook", ALGO_MTDF);
    const SearchStats *st = &rec.log.result.stats;
    Replay *r = replay_all(&rec);
    assert_true(st->mtd_passes >= 2);
    assert_int_equal(r->mtd_passes, st->mtd_passes);
    assert_int_equal(count_kind(&rec.log, TRACE_MTD_PASS), (int)st->mtd_passes);
    assert_int_equal(count_kind(&rec.log, TRACE_MTD_RESULT), (int)st->mtd_passes);
    assert_false(r->in_pass);
    assert_true(r->lower <= rec.log.result.value);
    assert_true(rec.log.result.value <= r->upper);
    assert_int_equal(r->lower, 3); /* the passes met: [3, 3] */
    assert_int_equal(r->upper, 3);
    assert_int_equal(r->total.nodes, st->nodes);
    assert_int_equal(r->total.leaves, st->leaves);
    assert_int_equal(r->total.cutoffs, st->cutoffs);

    /* During the first pass: asked ">= 0?", nothing known yet. */
    Replay *mid = replay_new(rec.g, &rec.root);
    replay_seek(mid, &rec.log, trace_log_next(&rec.log, 0, TRACE_MTD_PASS) + 1);
    assert_true(mid->in_pass);
    assert_int_equal(mid->mtd_passes, 1);
    assert_int_equal(mid->pass_bound, 0);
    assert_int_equal(mid->lower, -SCORE_INF);
    assert_int_equal(mid->upper, SCORE_INF);
    replay_free(mid);
    replay_free(r);
    rec_free(&rec);
}

/* ---- steps the search tells off the path ------------------------------------ */

/* One step of a trace written by hand: the window open, the side the
 * ply's (the tree's first player moves at even plies). */
static TraceEvent step(TraceKind kind, int ply, const Move *path, int value, Move best)
{
    return (TraceEvent){.kind = kind, .ply = ply, .path = path, .side = ply % 2, .depth = 3 - ply,
                        .alpha = -SCORE_INF, .beta = SCORE_INF, .value = value, .best = best};
}

/* Quiescence tells of positions it never enters (a leaf and a cutoff a ply
 * below the node it answers), then closes that node; a child searched
 * again replaces its first value.  Written by hand on a tree three deep,
 * so that the steps are exactly these. */
static void test_steps_off_the_path(void **unused)
{
    (void)unused;
    Rec rec = {.g = open_game("tree", "(((1 2) (3 4)) ((5 6) (7 8)))")};
    rec.g->ops->start(rec.g, &rec.root);
    Move legal[GAME_MAX_MOVES];
    assert_int_equal(rec.g->ops->legal_moves(rec.g, &rec.root, legal), 2);
    const Move m1 = legal[0], m2 = legal[1]; /* every node's moves 1 and 2 */
    static Move p1[1], p11[2], p2[1], p21[2];
    p1[0] = p11[0] = m1;
    p11[1] = m1;
    p2[0] = p21[0] = m2;
    p21[1] = m1;
    TraceEvent ev[] = {
        step(TRACE_ITERATION, 0, p1, 0, MOVE_NONE),
        step(TRACE_ENTER, 0, p1, 0, MOVE_NONE),
        step(TRACE_ENTER, 1, p1, 0, MOVE_NONE),
        step(TRACE_ENTER, 2, p11, 0, MOVE_NONE), /* 1.1 at the depth limit */
        step(TRACE_LEAF, 2, p11, 5, MOVE_NONE),
        step(TRACE_CLOSE, 1, p1, -5, m1),          /* 5 for the root */
        step(TRACE_ENTER, 1, p2, 0, MOVE_NONE),    /* 2, answered by quiescence: */
        step(TRACE_LEAF, 1, p2, -7, MOVE_NONE),    /* its static value, */
        step(TRACE_LEAF, 2, p21, 9, MOVE_NONE),    /* a capture's, never entered, */
        step(TRACE_CUTOFF, 2, p21, 9, m1),         /* which cuts there, */
        step(TRACE_CLOSE, 1, p2, -8, MOVE_NONE),   /* and what 2 returns: 8 */
        step(TRACE_RESEARCH, 1, p2, 8, MOVE_NONE), /* searched again: */
        step(TRACE_ENTER, 1, p2, 0, MOVE_NONE),
        step(TRACE_LEAF, 1, p2, -3, MOVE_NONE),
        step(TRACE_CLOSE, 1, p2, -3, MOVE_NONE), /* 3 now, below 1's 5 */
        step(TRACE_CLOSE, 0, p1, 5, m1),
    };
    ev[11].side = 0; /* a re-search is told in the parent's view */
    rec.log.events = ev;
    rec.log.n = (int)(sizeof ev / sizeof ev[0]);

    Replay *r = replay_new(rec.g, &rec.root);
    replay_seek(r, &rec.log, 10); /* the capture's cutoff */
    assert_int_equal(r->top, 1);
    const int one = child_index(r, 0, 0), two = child_index(r, 0, 1);
    const int one_one = child_index(r, one, 0);
    /* The cut was below 2, at a ply the search never entered: 1.1, the
     * last node entered at that ply, lost nothing. */
    assert_int_equal(child(r, one_one, 0)->status, CHILD_WAITING);
    assert_int_equal(child(r, one_one, 1)->status, CHILD_WAITING);
    assert_true(child(r, two, 0)->n < 0);
    assert_int_equal(r->ply[2].leaves, 2);
    assert_int_equal(r->ply[2].cutoffs, 1);
    assert_int_equal(r->total.leaves, 3);
    assert_false(r->frames[1].cut);
    assert_int_equal(r->frames[1].value, -7); /* 2's static value, so far */

    replay_seek(r, &rec.log, 11); /* 2 returns 8: the root's best so far */
    assert_int_equal(r->nodes[two].status, CHILD_DONE);
    assert_int_equal(r->nodes[two].value, 8);
    assert_int_equal(r->frames[0].value, 8);
    assert_int_equal(r->frames[0].best, m2);

    replay_seek(r, &rec.log, 15); /* searched again, 2 says 3: 1 is best again */
    assert_int_equal(r->nodes[two].researches, 1);
    assert_int_equal(r->nodes[two].order, 2);
    assert_int_equal(r->nodes[two].value, 3);
    assert_int_equal(r->frames[0].value, 5);
    assert_int_equal(r->frames[0].best, m1);
    replay_free(r);
    check_step_back(&rec);
    game_close(rec.g);
}

/* ---- the log ------------------------------------------------------------- */

static void test_log_too_small(void **unused)
{
    (void)unused;
    Game *g = open_game("tree", "textbook");
    const SearchConfig cfg = textbook_config(ALGO_ALPHABETA);
    State root;
    g->ops->start(g, &root);
    /* 32 steps fit in 32, not in 31 or 5 (or 0, which asks for one). */
    const int caps[] = {5, 31, 32, 0};
    const int want[] = {1, 1, 0, 1};
    for (int i = 0; i < 4; i++) {
        Err err = {{0}};
        Search *s = search_new(g, &cfg, &err);
        assert_non_null(s);
        TraceLog log;
        const int rc = trace_log_record(&log, s, &root, caps[i], &err);
        search_free(s);
        assert_int_equal(rc, want[i]);
        assert_int_equal(log.too_big, rc == 1);
        assert_int_equal(log.n, rc == 1 ? 0 : 32);
        if (rc == 1) /* nothing kept: nothing left to free */
            assert_null(log.events);
        if (rc == 0)
            assert_int_equal(log.result.value, 3);
        trace_log_free(&log);
        trace_log_free(&log); /* twice is harmless */
        assert_null(log.events);
    }
    game_close(g);
}

/* A search's root moves as the search took them in its first `steps`
 * steps: the ply-1 nodes entered since the root was last entered, each
 * once. */
static int root_moves_searched(const TraceLog *log, int steps, Move *out)
{
    int k = 0;
    for (int i = 0; i < steps; i++) {
        const TraceEvent *e = &log->events[i];
        if (e->kind == TRACE_ENTER && e->ply == 0)
            k = 0;
        if (e->kind != TRACE_ENTER || e->ply != 1)
            continue;
        bool seen = false;
        for (int j = 0; j < k; j++)
            seen |= out[j] == e->path[0];
        if (!seen)
            out[k++] = e->path[0];
    }
    return k;
}

/* The root's moves from replay_child_order(): those the search took, in
 * its order (order 1..k, as the log entered them), then the rest, with
 * their status, in the game's order; how many the search took. */
static int check_root_order(const Rec *rec, const Replay *r, int *order)
{
    Move searched[GAME_MAX_MOVES], legal[GAME_MAX_MOVES];
    const int k = root_moves_searched(&rec->log, r->step, searched);
    const int n = rec->g->ops->legal_moves(rec->g, &rec->root, legal);
    assert_int_equal(replay_child_order(r, 0, order), n);
    assert_int_equal(r->nodes[0].n, n);
    for (int i = 0; i < k; i++) {
        assert_int_equal(r->nodes[order[i]].order, i + 1);
        assert_int_equal(r->nodes[order[i]].move, searched[i]);
        assert_int_equal(r->nodes[order[i]].status, CHILD_DONE);
    }
    for (int i = k, j = 0; i < n; i++) {
        assert_int_equal(r->nodes[order[i]].order, 0);
        while (j < n && legal[j] != r->nodes[order[i]].move)
            j++;
        assert_true(j++ < n);
    }
    return k;
}

/* The best of a node's moves backed up (its first of equal values in the
 * search's order); false when none has been. */
static bool tree_best(const Replay *r, int node, int *value, Move *move)
{
    const ReplayNode *nd = &r->nodes[node];
    int order = 0;
    for (int i = 0; i < nd->n; i++) {
        const ReplayNode *c = &r->nodes[nd->first + i];
        if (c->status == CHILD_DONE &&
            (order == 0 || c->value > *value || (c->value == *value && c->order < order))) {
            *value = c->value;
            *move = c->move;
            order = c->order;
        }
    }
    return order > 0;
}

/* Every frame on the path has a position and is its parent's child, but
 * below a null move (MOVE_NULL in the path: no move of the tree), and the
 * nodes open are those on the path. */
static void check_path(const Replay *r, const char *id, const char *name, int depth, int k)
{
    bool *on_path = calloc((size_t)r->nnodes, sizeof *on_path);
    assert_non_null(on_path);
    bool null_move = false;
    for (int p = 0; p <= r->top; p++) {
        const ReplayFrame *f = &r->frames[p];
        null_move |= p > 0 && f->move == MOVE_NULL;
        if (f->known == null_move)
            fail_msg("%s %s depth %d, step %d: ply %d %s", id, name, depth, k, p,
                     null_move ? "known below a null move" : "unknown");
        if (!f->known)
            continue;
        assert_true(f->node >= 0 && f->node < r->nnodes);
        on_path[f->node] = true;
        if (p > 0) {
            assert_int_equal(r->nodes[f->node].parent, r->frames[p - 1].node);
            assert_int_equal(r->nodes[f->node].move, f->move);
        }
    }
    for (int i = 1; i < r->nnodes; i++)
        if (r->nodes[i].status == CHILD_OPEN && !on_path[i])
            fail_msg("%s %s depth %d, step %d: node %d open off the path (top %d)", id, name,
                     depth, k, i, r->top);
    free(on_path);
}

/* One search of a real game, told and replayed: what the replay counts is
 * what the search counted, every node on the path has a position (every
 * move replays legally) and only those are open, the replay's best so far
 * is the engine's where it cuts, and the root ends with the search's
 * answer; then every step is reached backwards as forwards. */
typedef struct {
    const char *id;
    int depth;       /* 0: to the end */
    bool quiescence; /* gogo's */
    TableMode table;
    int opening;     /* plies played before the searched position */
    int stride;      /* steps between the step-back checks (0: 1) */
    ExtraTurnMode extra_turn; /* Kalah's */
    bool solver;     /* yomi hands nodes to the game's solver, which counts
                        positions it never enters */
    bool probcut;    /* yomi's ProbCut on */
} GameCase;

static void check_game(const GameCase *gc, Algo algo)
{
    if (gc->depth > 0 && (algorithm(algo)->flags & ALGO_SOLVE_ONLY))
        return; /* it has no depth-limited search to replay */
    const char *id = gc->id;
    const int depth = gc->depth;
    const bool quiescence = gc->quiescence;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.quiescence = quiescence;
    cfg.extra_turn = gc->extra_turn;
    if (gc->probcut)
        cfg.features |= YOMI_PROBCUT;
    cfg.algo = algo;
    cfg.depth = depth;
    cfg.solve = depth == 0;
    cfg.order = ORDER_BEST;
    cfg.table = gc->table;
    cfg.table_mb = 1;
    Rec rec;
    record_after(&rec, open_game(id, NULL), &cfg, 20000, gc->opening);
    const TraceLog *log = &rec.log;
    const SearchStats *st = &log->result.stats;
    const char *name = algo_name(algo);
    if (count_kind(log, TRACE_LEAF) != (int)st->leaves)
        fail_msg("%s %s depth %d: %d leaf steps, %llu leaves", id, name, depth,
                 count_kind(log, TRACE_LEAF), (unsigned long long)st->leaves);

    Replay *r = replay_new(rec.g, &rec.root);
    assert_non_null(r);
    for (int k = 0; k <= log->n; k++) {
        replay_seek(r, log, k);
        if (gc->stride == 0 || k % gc->stride == 0 || k == log->n)
            check_path(r, id, name, depth, k);
        if (k == log->n)
            break;
        const TraceEvent *e = &log->events[k];
        const int top = r->top, probes = r->nprobes;
        replay_apply(r, e);
        /* A ProbCut probe's root closing gives the node its own frame back:
         * the search is still there. */
        const bool probe_root = e->kind == TRACE_CLOSE && r->nprobes < probes &&
                                r->top == e->ply;
        /* The path follows the search: where an event is told, the search is. */
        const bool on_path = e->ply <= top; /* quiescence tells of plies it never enters */
        if (e->kind == TRACE_ENTER || e->kind == TRACE_PROBE ||
            ((e->kind == TRACE_LEAF || e->kind == TRACE_HIT || e->kind == TRACE_CUTOFF) &&
             on_path))
            assert_int_equal(r->top, e->ply);
        else if (e->kind != TRACE_CLOSE && e->kind != TRACE_RESEARCH)
            assert_int_equal(r->top, top);
        /* A close takes the search back to the node it entered this one
         * from: a ply up, or more past an extra turn's moves. */
        if (e->kind == TRACE_CLOSE && !probe_root) {
            int up = e->ply > 0 ? e->ply - 1 : 0;
            while (up > 0 && r->frames[up].through)
                up--;
            assert_int_equal(r->top, up);
        }
        assert_false(r->frames[r->top].through);
        if (e->kind == TRACE_CUTOFF && on_path) {
            const ReplayFrame *f = &r->frames[e->ply];
            assert_true(f->cut);
            assert_int_equal(f->value, e->value);
            assert_int_equal(f->best, e->best);
            /* Where a node's own search cuts, the best of its moves as the
             * replay backed them up is the engine's (a quiescence node
             * cuts with captures it never enters). */
            int v = 0;
            Move m = MOVE_NONE;
            if (f->known && !quiescence &&
                (!tree_best(r, f->node, &v, &m) || v != e->value || m != e->best))
                fail_msg("%s %s depth %d, step %d: cutoff at ply %d with %d by move %u, the "
                         "replay's moves say %d by move %u",
                         id, name, depth, k, e->ply, e->value, e->best, v, m);
        }
        if (e->kind == TRACE_CLOSE && on_path && !probe_root) {
            assert_true(r->frames[e->ply].closed);
            assert_int_equal(r->frames[e->ply].value, e->value);
            assert_int_equal(r->frames[e->ply].best, e->best);
        }
    }
    /* The replay's nodes are the nodes entered.  The engine counts three
     * kinds it never enters: the captures quiescence plays, the seeds'
     * look at a passed position under the exact memo, and the game's
     * solver's positions. */
    assert_int_equal(r->total.nodes, count_kind(log, TRACE_ENTER));
    assert_int_equal(r->total.probes, count_kind(log, TRACE_PROBE));
    const bool untold =
        quiescence || gc->table == TABLE_EXACT || (gc->solver && algo == ALGO_YOMI);
    const uint64_t nodes = untold ? r->total.nodes : st->nodes;
    if (r->total.leaves != st->leaves || r->total.nodes != nodes ||
        r->total.hits != st->hits || r->total.cutoffs != st->cutoffs ||
        r->total.researches != st->researches || r->mtd_passes != st->mtd_passes)
        fail_msg("%s %s depth %d: replay counted %llu/%llu/%llu/%llu/%llu/%llu, search "
                 "%llu/%llu/%llu/%llu/%llu/%llu (nodes/leaves/hits/cutoffs/researches/passes)",
                 id, name, depth, (unsigned long long)r->total.nodes,
                 (unsigned long long)r->total.leaves, (unsigned long long)r->total.hits,
                 (unsigned long long)r->total.cutoffs, (unsigned long long)r->total.researches,
                 (unsigned long long)r->mtd_passes, (unsigned long long)st->nodes,
                 (unsigned long long)st->leaves, (unsigned long long)st->hits,
                 (unsigned long long)st->cutoffs, (unsigned long long)st->researches,
                 (unsigned long long)st->mtd_passes);
    if (depth > 0)
        assert_int_equal(r->iteration, depth);
    uint64_t sum = 0;
    for (int p = 0; p < REPLAY_MAX_PLY; p++)
        sum += r->ply[p].leaves;
    assert_int_equal(sum, r->total.leaves);
    /* Every root move the last iteration searched is done, the rest cut
     * or waiting. */
    int order[GAME_MAX_MOVES];
    const int k = check_root_order(&rec, r, order);
    for (int i = k; i < r->nodes[0].n; i++)
        assert_true(r->nodes[order[i]].status == CHILD_CUT ||
                    r->nodes[order[i]].status == CHILD_WAITING);
    /* MTD(f)'s answer is the last pass that failed high, not the last root
     * closed; yomi hands a root this near the end to the game's solver,
     * which answers it as a leaf (its move is the solver's word, not the
     * trace's); the others close the root with their answer. */
    if (r->frames[0].leaf) {
        assert_int_equal(algo, ALGO_YOMI);
        assert_int_equal(r->frames[0].value, log->result.value);
    } else if (algo != ALGO_MTDF) {
        assert_true(r->frames[0].closed);
        assert_int_equal(r->frames[0].value, log->result.value);
        assert_int_equal(r->frames[0].best, log->result.move);
    }
    replay_free(r);
    check_step_back_every(&rec, gc->stride > 0 ? gc->stride : 1);
    rec_free(&rec);
}

/* Gogo with and without quiescence (yomi's null move is deeper: below). */
static void test_gogo_every_algorithm(void **unused)
{
    (void)unused;
    static const GameCase cases[] = {
        {.id = "gogo", .depth = 1, .table = TABLE_ON},
        {.id = "gogo", .depth = 1, .quiescence = true, .table = TABLE_ON},
        {.id = "gogo", .depth = 2, .quiescence = true, .table = TABLE_ON},
    };
    for (Algo a = 0; a < ALGO_COUNT; a++)
        for (size_t i = 0; traced(a) && i < sizeof cases / sizeof cases[0]; i++)
            check_game(&cases[i], a);
}

/* Simplified Kalah plays the mover's extra turn inside one ply, so the
 * node the search goes on from is more than one ply below its parent: the
 * replay plays the moves between (kalah-4x3's pit 2 keeps the turn). */
static void test_kalah_extra_turn_every_algorithm(void **unused)
{
    (void)unused;
    static const GameCase cases[] = {
        {.id = "kalah-4x3", .depth = 3, .table = TABLE_OFF, .extra_turn = EXTRA_TURN_SIMPLIFIED,
         .solver = true},
        {.id = "kalah-4x3", .depth = 4, .table = TABLE_ON, .extra_turn = EXTRA_TURN_SIMPLIFIED,
         .stride = 7, .solver = true},
        {.id = "kalah", .depth = 2, .table = TABLE_ON, .extra_turn = EXTRA_TURN_SIMPLIFIED,
         .stride = 7, .solver = true},
    };
    for (Algo a = 0; a < ALGO_COUNT; a++)
        for (size_t i = 0; traced(a) && i < sizeof cases / sizeof cases[0]; i++)
            check_game(&cases[i], a);
}

/* The index of the first event from `from` on of `kind` whose path, as
 * the game writes it, is `want` ("2.1"); fails when there is none. */
static int find_event(const Rec *rec, int from, TraceKind kind, const char *want)
{
    const TraceTeller t = trace_teller(rec->g, &rec->root, &rec->cfg);
    for (int i = from; i < rec->log.n; i++) {
        const TraceEvent *e = &rec->log.events[i];
        char path[256];
        trace_text_path(&t, e->path, e->ply, path, sizeof path);
        if (e->kind == kind && strcmp(path, want) == 0)
            return i;
    }
    fail_msg("no event %d at %s", (int)kind, want);
    return -1;
}

/* tests/cli/kalah.sh's search step by step: pit 2 keeps the turn, the
 * one-ply look at 2 plays 1, and the search goes on from 2.1, two plies
 * below the root, with 2 passed through; 2.1's value is then the root's
 * for 2, the search's answer. */
static void test_kalah_extra_turn_path(void **unused)
{
    (void)unused;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_NEGAMAX;
    cfg.depth = 2;
    cfg.order = ORDER_NATURAL;
    cfg.table = TABLE_OFF;
    cfg.extra_turn = EXTRA_TURN_SIMPLIFIED;
    Rec rec;
    record(&rec, open_game("kalah-4x3", NULL), &cfg, 5000);
    const int look = find_event(&rec, 0, TRACE_CLOSE, "2"); /* 2.1 was its leaf */
    const int enter = find_event(&rec, look, TRACE_ENTER, "2.1");
    assert_int_equal(enter, look + 1);
    const int close = find_event(&rec, enter, TRACE_CLOSE, "2.1");

    Replay *r = replay_new(rec.g, &rec.root);
    assert_non_null(r);
    replay_seek(r, &rec.log, look + 1);
    assert_int_equal(r->top, 0);
    const int two = r->frames[1].node;
    assert_int_equal(r->nodes[two].status, CHILD_DONE); /* the look's value, so far */
    assert_int_equal(r->nodes[two].order, 2);

    replay_seek(r, &rec.log, enter + 1);
    assert_int_equal(r->top, 2);
    const ReplayFrame *f1 = &r->frames[1], *f2 = &r->frames[2];
    assert_true(f1->through);
    assert_false(f2->through);
    assert_true(f1->known);
    assert_true(f2->known);
    assert_int_equal(f1->node, two);
    assert_int_equal(f1->side, 0); /* the first player's extra turn */
    assert_int_equal(f2->side, 1);
    assert_int_equal(f1->depth, 1);
    assert_int_equal(r->nodes[f2->node].parent, two);
    assert_int_equal(r->nodes[two].parent, 0);
    assert_int_equal(r->nodes[two].status, CHILD_OPEN);
    assert_int_equal(r->nodes[f2->node].status, CHILD_OPEN);
    assert_int_equal(r->nodes[two].order, 2); /* still the second root move */
    /* The look's other moves were another visit: 2 is searched by 2.1 now. */
    for (int i = 0; i < r->nodes[two].n; i++)
        if (r->nodes[two].first + i != f2->node)
            assert_int_equal(child(r, two, i)->status, CHILD_WAITING);
    char m[32];
    move_text(&rec, f1->move, m, sizeof m);
    assert_string_equal(m, "2");

    /* 2.1 backs up -1 (the second player's view) from 2.1.2: 2 is worth 1
     * to the root, its best, and the search goes on at the root. */
    replay_seek(r, &rec.log, close + 1);
    assert_int_equal(r->top, 0);
    assert_true(r->frames[1].closed);
    assert_int_equal(r->nodes[two].status, CHILD_DONE);
    assert_int_equal(r->nodes[two].value, 1);
    assert_int_equal(r->frames[0].value, 1);
    assert_int_equal(r->frames[0].best, r->nodes[two].move);
    replay_free(r);

    r = replay_all(&rec);
    assert_int_equal(r->frames[0].value, rec.log.result.value);
    assert_int_equal(r->frames[0].best, rec.log.result.move);
    assert_int_equal(r->nodes[two].value, 1);
    assert_true(r->deepest >= 4); /* 2.1.2.1: four moves, two plies */
    replay_free(r);
    check_step_back(&rec);
    rec_free(&rec);
}

/* yomi's null move at depth 4 on gogo: the path names it MOVE_NULL, the
 * replay follows it as a node of no known position (the tree has no such
 * move) that adds nothing to its parent, and the sentences write it "--"
 * and never play a move the position does not have. */
static void test_gogo_null_move(void **unused)
{
    (void)unused;
    static const GameCase yomi4 = {
        .id = "gogo", .depth = 4, .quiescence = true, .table = TABLE_ON, .stride = 97};
    check_game(&yomi4, ALGO_YOMI);

    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_YOMI;
    cfg.depth = 4;
    cfg.table_mb = 1;
    Rec rec;
    record(&rec, open_game("gogo", NULL), &cfg, 20000);
    const TraceTeller t = trace_teller(rec.g, &rec.root, &rec.cfg);
    int nulls = 0, probes = 0;
    for (int i = 0; i < rec.log.n; i++) {
        const TraceEvent *e = &rec.log.events[i];
        char buf[1024];
        trace_text_event(&t, e, buf, sizeof buf);
        if (strchr(buf, '?'))
            fail_msg("step %d: %s", i, buf);
        if (e->kind == TRACE_ENTER && e->ply > 0 && e->path[e->ply - 1] == MOVE_NULL) {
            nulls++;
            if (!strstr(buf, "--"))
                fail_msg("step %d: %s", i, buf);
        }
        /* Each null move is announced, at its node, just before its root. */
        if (e->kind == TRACE_PROBE) {
            probes++;
            assert_int_equal(e->probe, TRACE_PROBE_NULL_MOVE);
            if (strncmp(buf, "null-move probe at ", 19) != 0 || !strstr(buf, ": depth "))
                fail_msg("step %d: %s", i, buf);
            assert_true(i + 1 < rec.log.n);
            const TraceEvent *root = &rec.log.events[i + 1];
            assert_int_equal(root->kind, TRACE_ENTER);
            assert_int_equal(root->ply, e->ply + 1);
            assert_int_equal(root->path[e->ply], MOVE_NULL);
        }
    }
    assert_true(nulls > 0);
    assert_int_equal(probes, nulls);
    rec_free(&rec);
}

/* yomi's ProbCut on reversi (the game whose evaluation it is measured
 * for): each probe searches the node itself again, shallower, at the same
 * ply; the node's own frame waits and comes back when the probe's root
 * returns, whether the probe cut the node or not. */
static void test_reversi_probcut(void **unused)
{
    (void)unused;
    static const GameCase cases[] = {
        {.id = "reversi", .depth = 7, .table = TABLE_ON, .probcut = true, .stride = 13},
        {.id = "reversi", .depth = 7, .table = TABLE_OFF, .probcut = true, .stride = 13},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_game(&cases[i], ALGO_YOMI);

    /* The first probe in words (tests/cli/trace.sh has it too), and the
     * node it probes, waiting in its frame while the probe searches. */
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_YOMI;
    cfg.depth = 7;
    cfg.features |= YOMI_PROBCUT;
    Rec rec;
    record(&rec, open_game("reversi", NULL), &cfg, 20000);
    const int k = trace_log_next(&rec.log, 0, TRACE_PROBE);
    assert_true(k < rec.log.n);
    const TraceEvent *e = &rec.log.events[k];
    const TraceTeller t = trace_teller(rec.g, &rec.root, &rec.cfg);
    char buf[256];
    trace_text_event(&t, e, buf, sizeof buf);
    assert_string_equal(buf, "ProbCut probe at c4: depth 2, window (2, 3)");
    Replay *r = replay_new(rec.g, &rec.root);
    assert_non_null(r);
    replay_seek(r, &rec.log, k);
    const ReplayFrame node = r->frames[e->ply];
    replay_seek(r, &rec.log, k + 2); /* the probe's root entered */
    assert_int_equal(r->nprobes, 1);
    assert_int_equal(r->top, e->ply);
    assert_int_equal(r->frames[e->ply].depth, 2);
    assert_int_equal(r->probes[0].node.depth, node.depth);
    assert_int_equal(r->total.probes, 1);
    /* Its root closes: the node is back, as it was, and searched on. */
    int close = k + 2;
    while (rec.log.events[close].kind != TRACE_CLOSE || rec.log.events[close].ply != e->ply)
        close++;
    replay_seek(r, &rec.log, close + 1);
    assert_int_equal(r->nprobes, 0);
    assert_int_equal(r->top, e->ply);
    assert_int_equal(r->frames[e->ply].depth, node.depth);
    assert_int_equal(r->frames[e->ply].alpha, node.alpha);
    assert_int_equal(r->frames[e->ply].beta, node.beta);
    assert_false(r->frames[e->ply].closed);
    assert_int_equal(r->nodes[r->frames[e->ply].node].status, CHILD_OPEN);
    replay_free(r);
    rec_free(&rec);
}

/* Reversi 4x4 at depths 2 and 3 with the table and without, and to the
 * end with the seeds' exact memo (table hits, passes, the passed positions
 * it looks up without entering) four plies in, where minimax's tree is a
 * few thousand steps. */
static void test_reversi_every_algorithm(void **unused)
{
    (void)unused;
    static const GameCase cases[] = {
        {.id = "reversi-4x4", .depth = 2, .table = TABLE_ON},
        {.id = "reversi-4x4", .depth = 3, .table = TABLE_ON},
        {.id = "reversi-4x4", .depth = 3, .table = TABLE_OFF},
        {.id = "reversi-4x4", .depth = 0, .table = TABLE_EXACT, .opening = 4},
    };
    for (Algo a = 0; a < ALGO_COUNT; a++)
        for (size_t i = 0; traced(a) && i < sizeof cases / sizeof cases[0]; i++)
            check_game(&cases[i], a);
}

/* Best order on reversi 4x4 four plies in: NegaScout takes the root's
 * four moves in an order of its own, not the board's; MTD(f)'s null
 * window cuts at the root, leaving moves never searched, listed last. */
static void test_child_order_best(void **unused)
{
    (void)unused;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_NEGASCOUT;
    cfg.depth = 2;
    cfg.order = ORDER_BEST;
    cfg.table = TABLE_OFF;
    Rec rec;
    record_after(&rec, open_game("reversi-4x4", NULL), &cfg, 5000, 4);
    Replay *r = replay_all(&rec);
    int order[GAME_MAX_MOVES];
    assert_int_equal(check_root_order(&rec, r, order), 4);
    bool natural = true;
    for (int i = 0; i < 4; i++)
        natural &= order[i] == child_index(r, 0, i);
    assert_false(natural);

    /* Midway, before the last root move is entered: three in order, one
     * waiting. */
    int last = rec.log.n;
    while (rec.log.events[last - 1].kind != TRACE_ENTER || rec.log.events[last - 1].ply != 1)
        last--;
    replay_seek(r, &rec.log, last - 1);
    assert_int_equal(check_root_order(&rec, r, order), 3);
    assert_int_equal(r->nodes[order[3]].status, CHILD_WAITING);
    replay_free(r);
    rec_free(&rec);

    cfg.algo = ALGO_MTDF;
    record_after(&rec, open_game("reversi-4x4", NULL), &cfg, 5000, 4);
    r = replay_all(&rec);
    const int k = check_root_order(&rec, r, order);
    assert_true(k < r->nodes[0].n);
    for (int i = k; i < r->nodes[0].n; i++)
        assert_int_equal(r->nodes[order[i]].status, CHILD_CUT);
    replay_free(r);
    rec_free(&rec);
}

/* ---- numbers and words --------------------------------------------------- */

static bool near(double a, double b) { return a - b < 1e-6 && b - a < 1e-6; }

static void test_ebf(void **unused)
{
    (void)unused;
    assert_true(near(search_ebf(14, 3), 2.0)); /* 2 + 4 + 8 */
    assert_true(near(search_ebf(3 + 9, 2), 3.0));
    assert_true(near(search_ebf(7, 1), 7.0));
    const double b = search_ebf(1, 5); /* b + ... + b^5 = 1: some b in (0.5, 1) */
    assert_true(b > 0.5 && b < 1.0);
    assert_true(search_ebf(14, 0) == 0);
    assert_true(search_ebf(14, -1) == 0);
    assert_true(search_ebf(0, 3) == 0);
    /* A finished search: its nodes but the root, over its depth; a solve,
     * or a search that met the end on every line, over its line's plies
     * when that line ends the game, on the textbook's tree. */
    Game *g = open_game("tree", "textbook");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchResult r = {.pv_len = 2, .pv = {1, 1}, .stats = {.nodes = 7, .depth = 2}};
    assert_true(near(search_result_ebf(g, root, &r, false), 2.0));
    r = (SearchResult){.pv_len = 2, .pv = {1, 1}, .stats = {.nodes = 13, .depth = 250}};
    assert_int_equal(search_ebf_plies(g, root, &r, true), 2);
    assert_true(near(search_result_ebf(g, root, &r, true), 3.0));
    r = (SearchResult){.pv_len = 2, .pv = {1, 1}, .stats = {.nodes = 13, .depth = 8, .exact = true}};
    assert_true(near(search_result_ebf(g, root, &r, false), 3.0));
    r.pv_len = 1; /* a solver's line, the move alone: not the end */
    assert_int_equal(search_ebf_plies(g, root, &r, true), 0);
    assert_int_equal(search_ebf_plies(g, root, &r, false), 8);
    r.pv_len = 2;
    r.stopped = true; /* cut short: no ebf */
    assert_true(search_result_ebf(g, root, &r, false) == 0);
    r = (SearchResult){.stats = {.nodes = 1, .depth = 3}}; /* a terminal root */
    assert_true(search_result_ebf(g, root, &r, false) == 0);
    game_close(g);
}

static void test_text(void **unused)
{
    (void)unused;
    Rec rec;
    record_tree(&rec, "textbook", ALGO_ALPHABETA);
    const TraceTeller t = trace_teller(rec.g, &rec.root, &rec.cfg);
    assert_true(t.minmax);
    assert_true(t.solve);
    char buf[256];
    const int cut = trace_log_next(&rec.log, 0, TRACE_CUTOFF);
    trace_text_event(&t, &rec.log.events[cut], buf, sizeof buf);
    assert_string_equal(buf, "2.1: 2 <= alpha 3, 2 moves not searched (cutoff)");
    const int last = trace_log_next(&rec.log, cut + 1, TRACE_CUTOFF);
    trace_text_event(&t, &rec.log.events[last], buf, sizeof buf);
    assert_string_equal(buf, "3.3: 2 <= alpha 3 on the last move (cutoff)");
    /* The cut is at 2: entered with the window (3, +inf) as the first
     * player reads it. */
    int enter = cut;
    while (rec.log.events[enter].kind != TRACE_ENTER || rec.log.events[enter].ply != 1)
        enter--;
    trace_text_event(&t, &rec.log.events[enter], buf, sizeof buf);
    assert_non_null(strstr(buf, "(3, +inf)"));
    assert_string_equal(buf, "enter 2  window (3, +inf)");
    trace_text_event(&t, &rec.log.events[0], buf, sizeof buf);
    assert_string_equal(buf, "search to the end of the game");
    trace_text_event(&t, &rec.log.events[rec.log.n - 1], buf, sizeof buf);
    assert_string_equal(buf, "back up root = 3, from 1");
    trace_text_event(&t, &rec.log.events[4], buf, sizeof buf);
    assert_string_equal(buf, "leaf 1.1 = 3");
    trace_text_value(SCORE_INF - 1, buf, sizeof buf);
    assert_string_equal(buf, "+inf-1");
    trace_text_value(-SCORE_INF, buf, sizeof buf);
    assert_string_equal(buf, "-inf");
    rec_free(&rec);

    record_tree(&rec, "rescout", ALGO_NEGASCOUT);
    const TraceTeller n = trace_teller(rec.g, &rec.root, &rec.cfg);
    assert_false(n.minmax);
    const int re = trace_log_next(&rec.log, 0, TRACE_RESEARCH);
    trace_text_event(&n, &rec.log.events[re], buf, sizeof buf);
    assert_string_equal(
        buf, "1: the null window (-inf, -inf+1) failed high with 1: search again with (1, +inf)");
    rec_free(&rec);

    record_tree(&rec, "textbook", ALGO_MTDF);
    const TraceTeller m = trace_teller(rec.g, &rec.root, &rec.cfg);
    trace_text_event(&m, &rec.log.events[trace_log_next(&rec.log, 0, TRACE_MTD_PASS)], buf,
                     sizeof buf);
    assert_string_equal(buf, "MTD(f) pass: is the value >= 0?  window (-1, 0), known [-inf, +inf]");
    trace_text_event(&m, &rec.log.events[rec.log.n - 1], buf, sizeof buf);
    assert_string_equal(buf, "the pass failed low: value <= 3, so it lies in [3, 3]");
    rec_free(&rec);
}

int main(void)
{
    /* The sentences are checked in English, whatever the user's locale. */
    setlocale(LC_ALL, "C");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_alphabeta_textbook),
        cmocka_unit_test(test_alphabeta_textbook_midway),
        cmocka_unit_test(test_minimax_textbook),
        cmocka_unit_test(test_step_back_textbook),
        cmocka_unit_test(test_negascout_researches),
        cmocka_unit_test(test_mtdf_passes),
        cmocka_unit_test(test_steps_off_the_path),
        cmocka_unit_test(test_log_too_small),
        cmocka_unit_test(test_reversi_every_algorithm),
        cmocka_unit_test(test_gogo_every_algorithm),
        cmocka_unit_test(test_gogo_null_move),
        cmocka_unit_test(test_kalah_extra_turn_every_algorithm),
        cmocka_unit_test(test_kalah_extra_turn_path),
        cmocka_unit_test(test_reversi_probcut),
        cmocka_unit_test(test_child_order_best),
        cmocka_unit_test(test_ebf),
        cmocka_unit_test(test_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
