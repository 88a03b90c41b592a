/* test_trace.c - the trace (engine/trace.h) on the real games: every
 * event's path replays from the root by the game's rules, to a node whose
 * side to move is the event's side, and the trace shows what the counters
 * count, for every algorithm and table, with simplified Kalah's extra turns
 * played inside one ply and the yomi algorithm's probes (null move,
 * ProbCut) announced before their searches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/algorithm.h"
#include "engine/game.h"
#include "engine/search.h"
#include "engine/trace.h"
#include "games/registry.h"

typedef struct {
    const Game *g;
    const void *root;
    uint64_t of[TRACE_KIND_COUNT];
    uint64_t probes[3]; /* TRACE_PROBE events by TraceProbe */
    char why[240]; /* the first event that did not replay; "" while all did */
    /* The probe just announced, whose root's TRACE_ENTER must come next. */
    bool probing;
    TraceEvent probe;
    Move probe_path[SEARCH_MAX_PLY + 1];
    /* null_at[p]: a null-move probe was announced at the node entered last
     * at ply p, so paths may pass there (MOVE_NULL at index p) */
    bool null_at[SEARCH_MAX_PLY + 1];
} Replay;

/* A move of a path is legal where it is played; but for the seeds' pass
 * through a blocked position (game.h double_pass_end), which the exact
 * memo looks up too. */
static bool playable(const Game *g, const void *state, Move m)
{
    Move moves[GAME_MAX_MOVES];
    if (m == MOVE_PASS && g->ops->double_pass_end && g->ops->legal_moves(g, state, moves) == 0)
        return true;
    return game_has_move(g, state, m);
}

/* A probe is announced at its node, and its search's root is entered next:
 * the null move's child, or the node itself again at the probe's depth. */
static void check_probe(Replay *r, const TraceEvent *e)
{
    if (r->probing) {
        const TraceEvent *p = &r->probe;
        const bool null = p->probe == TRACE_PROBE_NULL_MOVE;
        const int ply = p->ply + (null ? 1 : 0);
        if (e->kind != TRACE_ENTER || e->ply != ply || e->depth != p->depth ||
            memcmp(e->path, r->probe_path, (size_t)p->ply * sizeof *e->path) != 0 ||
            (null && e->path[p->ply] != MOVE_NULL))
            snprintf(r->why, sizeof r->why, "a probe at ply %d: the next event (%d at ply %d) "
                     "is not its search's root", p->ply, (int)e->kind, e->ply);
        r->probing = false;
    }
    if (e->kind == TRACE_ENTER && e->ply <= SEARCH_MAX_PLY)
        r->null_at[e->ply] = false;
    if (e->kind != TRACE_PROBE)
        return;
    if (e->probe != TRACE_PROBE_NULL_MOVE && e->probe != TRACE_PROBE_PROBCUT) {
        snprintf(r->why, sizeof r->why, "a probe of no kind (%d)", (int)e->probe);
        return;
    }
    r->probes[e->probe]++;
    r->probing = true;
    r->probe = *e;
    memcpy(r->probe_path, e->path, (size_t)e->ply * sizeof *e->path);
    if (e->probe == TRACE_PROBE_NULL_MOVE)
        r->null_at[e->ply] = true;
    if (e->alpha != e->bound - 1 || e->beta != e->bound)
        snprintf(r->why, sizeof r->why, "a probe's window is not (bound - 1, bound)");
}

static void replay(const TraceEvent *e, void *arg)
{
    Replay *r = arg;
    const Game *g = r->g;
    r->of[e->kind]++;
    if (r->why[0])
        return;
    check_probe(r, e);
    if (r->why[0])
        return;
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, r->root, g->state_size);
    int parent_side = game_side(g, a);
    for (int i = 0; i < e->ply; i++) {
        if (e->path[i] == MOVE_NULL) { /* a null-move probe's pass, announced */
            if (!g->ops->play_null || !r->null_at[i]) {
                snprintf(r->why, sizeof r->why, "event %d at ply %d: a null move at %d that "
                         "no probe announced", (int)e->kind, e->ply, i + 1);
                return;
            }
            parent_side = game_side(g, a);
            g->ops->play_null(g, a, b);
            memcpy(a, b, g->state_size);
            continue;
        }
        char text[32];
        g->ops->format_move(g, a, e->path[i], text, sizeof text);
        if (!playable(g, a, e->path[i])) {
            snprintf(r->why, sizeof r->why, "event %d at ply %d: move %d of its path (%s) is "
                     "not legal there", (int)e->kind, e->ply, i + 1, text);
            return;
        }
        parent_side = game_side(g, a);
        g->ops->play(g, a, e->path[i], b);
        memcpy(a, b, g->state_size);
    }
    const int side = e->kind == TRACE_RESEARCH && e->ply > 0 ? parent_side : game_side(g, a);
    if (e->side != side)
        snprintf(r->why, sizeof r->why, "event %d at ply %d: side %d, the path's node has %d",
                 (int)e->kind, e->ply, e->side, side);
    else if ((e->kind == TRACE_CLOSE || e->kind == TRACE_CUTOFF) && e->best != MOVE_NONE &&
             !game_has_move(g, a, e->best))
        snprintf(r->why, sizeof r->why, "event %d at ply %d: best move not legal at its node",
                 (int)e->kind, e->ply);
}

typedef struct {
    const char *game;
    const char *options; /* search options, "key=value,..." */
    GameOption variant;  /* a game option, or none (NULL key) */
} Case;

static void configure(SearchConfig *cfg, const char *options)
{
    char buf[200];
    snprintf(buf, sizeof buf, "%s", options);
    Err err = {{0}};
    for (char *kv = strtok(buf, ","); kv; kv = strtok(NULL, ",")) {
        char *eq = strchr(kv, '=');
        assert_non_null(eq);
        *eq = '\0';
        if (search_config_set(cfg, kv, eq + 1, &err) < 0)
            fail_msg("%s: %s", kv, err.msg);
    }
}

/* One traced search of the case's start with `algo` and `table`; fails the
 * test on the first event that does not replay, or when the trace's counts
 * are not the counters'.  Returns the events by kind. */
static Replay check_case(const Case *k, Algo algo, TableMode table)
{
    Err err = {{0}};
    Game *g = game_open(k->game, &k->variant, k->variant.key ? 1 : 0, &err);
    if (!g)
        fail_msg("%s: %s", k->game, err.msg);
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    g->ops->start(g, root);
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.table_mb = 1;
    configure(&cfg, k->options);
    cfg.algo = algo;
    cfg.table = table;
    Search *s = search_new(g, &cfg, &err);
    if (!s)
        fail_msg("%s %s: %s", k->game, k->options, err.msg);
    Replay r = {.g = g, .root = root};
    search_set_trace(s, replay, &r);
    SearchResult res;
    assert_int_equal(search_run(s, root, &res, &err), 0);
    search_free(s);
    game_close(g);
    const char *what = algo_name(algo);
    if (r.why[0])
        fail_msg("%s %s, %s, table %d: %s", k->game, k->options, what, (int)table, r.why);
    const uint64_t got[] = {r.of[TRACE_LEAF], r.of[TRACE_CUTOFF], r.of[TRACE_RESEARCH],
                            r.of[TRACE_HIT], r.of[TRACE_MTD_PASS]};
    const uint64_t want[] = {res.stats.leaves, res.stats.cutoffs, res.stats.researches,
                             res.stats.hits, res.stats.mtd_passes};
    static const char *const names[] = {"leaves", "cutoffs", "researches", "hits", "passes"};
    for (size_t i = 0; i < sizeof got / sizeof got[0]; i++)
        if (got[i] != want[i])
            fail_msg("%s %s, %s, table %d: %s: trace %llu, counters %llu", k->game, k->options,
                     what, (int)table, names[i], (unsigned long long)got[i],
                     (unsigned long long)want[i]);
    return r;
}

static void check_every_algorithm(const Case *cases, size_t n)
{
    /* A sampling algorithm (mcts) walks no tree of windows: its trace of
     * iterations is test_replay_mcts.c's.  A solve-only one (pns)
     * turns a depth into a solve, which on Kalah's boards is far beyond
     * a unit test: it takes the cases that solve already. */
    for (size_t i = 0; i < n; i++)
        for (int a = 0; a < ALGO_COUNT; a++) {
            const unsigned flags = algorithm((Algo)a)->flags;
            if ((flags & ALGO_SAMPLING) ||
                ((flags & ALGO_SOLVE_ONLY) && !strstr(cases[i].options, "depth=solve")))
                continue;
            for (int t = TABLE_OFF; t <= TABLE_EXACT; t++)
                check_case(&cases[i], (Algo)a, (TableMode)t);
        }
}

/* Simplified Kalah plays an extra turn's moves inside one ply: the paths
 * after it hold those moves too (kalah-4x3's pit 2 and the 6x6 board's
 * pit 1 keep the turn from the start). */
static void kalah_extra_turns_replay(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"kalah-4x3", "depth=4,order=natural,extra-turn=simplified", {NULL, NULL}},
        {"kalah-4x3", "depth=4,order=best,extra-turn=simplified", {NULL, NULL}},
        {"kalah", "depth=3,order=natural,extra-turn=simplified", {NULL, NULL}},
        {"kalah-4x3", "depth=4,order=natural,extra-turn=full", {NULL, NULL}},
        {"kalah-4x3", "depth=3,order=natural,extra-turn=simplified", {"rules", "seed"}},
    };
    check_every_algorithm(cases, sizeof cases / sizeof cases[0]);
}

/* Reversi's passes, and the seeds' pass through a blocked position that the
 * exact memo looks up (double_pass_end). */
static void reversi_passes_replay(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"reversi-4x4", "depth=solve,order=natural", {NULL, NULL}},
        {"reversi-4x4", "depth=solve,order=best", {NULL, NULL}},
    };
    check_every_algorithm(cases, sizeof cases / sizeof cases[0]);
}

/* The yomi algorithm's probes search nodes of their own: gogo's null move
 * passes, ProbCut searches the node again shallower (reversi's pattern
 * evaluation is the one measured for it).  Each is announced, its nodes'
 * paths replay (through MOVE_NULL for the pass), and their leaves are in
 * the trace as in the counters. */
static void yomi_probes_are_told(void **state)
{
    (void)state;
    static const Case cases[] = {
        {"gogo", "depth=4", {NULL, NULL}},
        {"gogo", "depth=4,lmr=off,aspiration=off", {NULL, NULL}},
        {"reversi", "depth=7,probcut=on", {NULL, NULL}},
    };
    uint64_t probes[3] = {0, 0, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int t = TABLE_OFF; t <= TABLE_ON; t++) {
            const Replay r = check_case(&cases[i], ALGO_YOMI, (TableMode)t);
            for (int k = 0; k < 3; k++)
                probes[k] += r.probes[k];
            assert_int_equal(r.of[TRACE_PROBE], r.probes[1] + r.probes[2]);
        }
    assert_true(probes[TRACE_PROBE_NULL_MOVE] > 0);
    assert_true(probes[TRACE_PROBE_PROBCUT] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kalah_extra_turns_replay),
        cmocka_unit_test(reversi_passes_replay),
        cmocka_unit_test(yomi_probes_are_told),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
