/* solve.c - Kalah's exact solver, the game's dedicated endgame solver
 * (game.h's solver hooks): PVS with null windows over the pits-only board,
 * a transposition table keyed on the pits alone, and the endgame database
 * below a few seeds.
 *
 * Values inside are what the side to move gains from now on minus what the
 * opponent gains (the stores are added back at the root), so they lie in
 * [-S, S] for S seeds in the pits and have the parity of S: a window is
 * always narrowed to those, which turns "more than half the seeds" into an
 * immediate cut-off and makes equal tests share table bounds. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>

#include "games/kalah/solver.h"
#include "games/registry.h"

#define BUCKET 4 /* entries per cache line */
#define GUESS_DEPTH 10 /* plies of the first guess's first search */
/* The guess deepens two plies at a time while it has cost less than this
 * many positions (a few hundredths of a second); the position cap stops
 * an iteration that would grow far past it (the last complete one is
 * used). */
#define GUESS_BUDGET 2000000
#define GUESS_CAP (8 * GUESS_BUDGET)
/* Only games this big deepen the guess: their solves run to tens of
 * millions of positions and more, while Kalah(5,4) (40 seeds) takes 2-5 M
 * in all, less than the deeper guesses would cost. */
#define GUESS_DEEPEN_SEEDS 48
/* With other threads, a node this near the root marks itself busy and
 * leaves its busy moves for last (crew_busy); deeper nodes are too small
 * for the marks to pay (12 and 24 measured slower on Kalah(6,4)). */
#define DEFER_PLIES 16

/* ---- keys ---------------------------------------------------------------- */

/* Each pit as a 0 then one 1 per seed: collision-free while the seeds and
 * pits fit 63 bits (Kalah(6,4) from the start does).  Larger boards use a
 * mix of the bytes with the top bit set, so the two kinds never meet. */
static uint64_t board_key(const KBoard *b, int np, int seeds)
{
    if (seeds + np <= 63) {
        uint64_t key = 0;
        for (int i = 0; i < np; i++) {
            const int c = b->p[i];
            key = (key << (c + 1)) | ((1ull << c) - 1);
        }
        return key;
    }
    uint64_t lo, hi;
    memcpy(&lo, b->p, 8);
    memcpy(&hi, b->p + 8, 8);
    uint64_t h = lo * 0x9E3779B97F4A7C15ull ^ (hi + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return h | (1ull << 63);
}

static Entry *bucket_of(const GameSolver *sv, uint64_t key)
{
    const uint64_t h = (key ^ (key >> 31)) * 0xD6E8FEB86659FD93ull;
    return sv->table + ((h >> 17) & (sv->buckets - 1)) * BUCKET;
}

/* The bounds of `key` into *out; false when the table has none. */
static bool probe(const GameSolver *sv, uint64_t key, Bounds *out)
{
    const Entry *e = bucket_of(sv, key);
    for (int i = 0; i < BUCKET; i++) {
        read_entry(&e[i], out);
        if (out->key == key && out->data != 0)
            return true;
    }
    return false;
}

/* Same key: update.  Otherwise replace the entry that cost least. */
static void store(GameSolver *sv, uint64_t key, int lower, int upper, int pit, uint64_t work)
{
    Entry *e = bucket_of(sv, key), *victim = &e[0];
    int victim_work = INT32_MAX;
    for (int i = 0; i < BUCKET; i++) {
        Bounds b;
        read_entry(&e[i], &b);
        if (b.key == key) {
            victim = &e[i];
            break;
        }
        if (i == 0 || b.work < victim_work) {
            victim = &e[i];
            victim_work = b.work;
        }
    }
    int w = 1;
    while (w < 255 && (work >> w))
        w++;
    const uint64_t data = pack(lower, upper, pit, w);
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
}

/* ---- move order ------------------------------------------------------------ */

/* The table's move, then moves that end in the store (from the pit nearest
 * it: sowing it leaves the others' counts as they were), then captures by
 * size, then the rest from the store side. */
static int order_moves(const KBoard *b, int m, int hint, uint8_t *pits)
{
    const int cycle = 2 * m + 1;
    int score[MAX_PITS], n = 0;
    for (int i = m - 1; i >= 0; i--) {
        const int s = b->p[i];
        if (!s)
            continue;
        int sc = i;
        const int last = (i + s) % cycle;
        if (i == hint)
            sc = 10000;
        else if (last == m)
            sc = 5000 + i;
        else if (s < cycle && last < m && last != i && b->p[last] == 0)
            sc = 1000 + 16 * b->p[2 * m - 1 - last] + i;
        int j = n++;
        while (j > 0 && score[j - 1] < sc) {
            score[j] = score[j - 1];
            pits[j] = pits[j - 1];
            j--;
        }
        score[j] = sc;
        pits[j] = (uint8_t)i;
    }
    return n;
}

/* ---- the search --------------------------------------------------------------- */

/* One move of a node, made before any is searched: the exact ones (game
 * over, or few enough seeds for the database) need no search, and the
 * others' table buckets are fetched from memory while the rest is made. */
typedef struct {
    KBoard b;     /* in the frame of whoever moves next */
    uint64_t key; /* b's table key (searched children only) */
    int gain;     /* what the mover banks by this move */
    int left;     /* seeds left in the pits */
    int value;    /* exact value for the mover, or NOT_EXACT */
    uint8_t pit;
    bool extra_turn;
} Child;

#define NOT_EXACT (-30000)


/* Every POLL_EVERY positions: the main thread tells the caller every
 * thread's positions and hears whether to stop; a helper publishes its
 * count and hears whether the main thread's test is over. */
static void poll_now(GameSolver *sv)
{
    sv->next_poll = sv->nodes + POLL_EVERY;
    if (sv->id > 0) {
        atomic_store_explicit(&sv->told, sv->nodes, memory_order_relaxed);
        if (crew_aborted(sv->crew))
            sv->stopped = true;
        return;
    }
    const uint64_t all = sv->nodes + (sv->crew_on ? kalah_crew_nodes(sv->crew) : 0);
    if (sv->poll && sv->poll->checkpoint && sv->poll->checkpoint(sv->poll->arg, all))
        sv->stopped = sv->halted = true;
    if (sv->crew_on && crew_aborted(sv->crew))
        sv->stopped = true; /* a helper finished the test first: test() takes its answer */
}

static int search(GameSolver *sv, const KBoard *b, int seeds, uint64_t key, int alpha, int beta,
                  int *best_pit);

/* The mover's value of a child from the child's own value. */
static inline int through(const Child *c, int v) { return c->extra_turn ? c->gain + v : c->gain - v; }

/* The value of one searched move for the mover, in (alpha, beta). */
static int child_value(GameSolver *sv, const Child *c, int alpha, int beta)
{
    sv->ply++;
    const int v = c->extra_turn
                      ? c->gain + search(sv, &c->b, c->left, c->key, alpha - c->gain, beta - c->gain, NULL)
                      : c->gain - search(sv, &c->b, c->left, c->key, c->gain - beta, c->gain - alpha, NULL);
    sv->ply--;
    return v;
}

/* Makes the moves of b in `pits` order; the database answers those it
 * covers (all their ranks first, then the loads, so the misses overlap). */
static int make_children(GameSolver *sv, const KBoard *b, int seeds, const uint8_t *pits, int n,
                         Child *ch)
{
    const int np = 2 * sv->m;
    uint64_t rank[MAX_PITS];
    for (int j = 0; j < n; j++) {
        Child *c = &ch[j];
        const KMove r = kboard_play(b, sv->m, sv->capture_empty, pits[j], &c->b);
        c->pit = pits[j];
        c->gain = r.gain;
        c->extra_turn = r.extra_turn;
        c->left = seeds - r.gain;
        c->value = NOT_EXACT;
        rank[j] = UINT64_MAX;
        if (r.over) {
            c->value = r.gain;
            continue;
        }
        if (!r.extra_turn)
            kboard_flip(&c->b, sv->m);
        if (c->left <= sv->db_seeds) {
            rank[j] = kalah_db_rank(sv->db, &c->b, c->left);
            kalah_db_prefetch(sv->db, rank[j]);
        } else {
            c->key = board_key(&c->b, np, c->left);
            __builtin_prefetch(bucket_of(sv, c->key));
        }
    }
    for (int j = 0; j < n; j++)
        if (rank[j] != UINT64_MAX) {
            sv->nodes++;
            ch[j].value = through(&ch[j], kalah_db_at(sv->db, rank[j]));
        }
    return n;
}

/// Principal variation search over the pits-only board.  Kalah's values
/// are narrow integers and most tests are null windows, so the table keeps
/// both bounds of each position (as MTD(f) needs) and a position met again
/// with a window its bounds decide costs nothing.  All moves are made
/// first: those the database or the game's end decides are exact and cost
/// no search (one of them may already cut), and the others' table buckets
/// are on their way from memory while the first child is searched.
/// (Enhanced transposition cut-offs from the children's table entries
/// were tried: fewer positions, more time, at these sizes.)  `best_pit` (the
/// root) disables every shortcut that would leave the root without a move.
static int search(GameSolver *sv, const KBoard *b, int seeds, uint64_t key, int alpha, int beta,
                  int *best_pit)
{
    if (++sv->nodes >= sv->next_poll)
        poll_now(sv);
    if (sv->stopped)
        return 0;
    const bool root = best_pit != NULL;
    if (!root && alpha >= seeds)
        return seeds;
    if (!root && beta <= -seeds)
        return -seeds;
    /* Values are -S, -S+2, ..., S: both ends of the window become
     * non-values, an equivalent window that equal tests share. */
    if (alpha < -seeds - 1)
        alpha = -seeds - 1;
    if (beta > seeds + 1)
        beta = seeds + 1;
    if (((alpha - seeds) & 1) == 0)
        alpha++;
    if (((beta - seeds) & 1) == 0)
        beta--;
    if (alpha >= beta) { /* one test, "above c?": the window around c */
        alpha = beta - 1;
        beta = beta + 1;
    }
    int lower = -seeds, upper = seeds, hint = NO_PIT;
    Bounds e;
    if (probe(sv, key, &e)) {
        lower = e.lower;
        upper = e.upper;
        hint = e.pit;
        if (!root) {
            if (lower >= beta)
                return lower;
            if (upper <= alpha || lower == upper)
                return upper;
            if (alpha < lower - 1)
                alpha = lower - 1;
            if (beta > upper + 1)
                beta = upper + 1;
        }
    }
    const uint64_t nodes_before = sv->nodes;
    uint8_t pits[MAX_PITS];
    Child ch[MAX_PITS];
    const int n = make_children(sv, b, seeds, pits, order_moves(b, sv->m, hint, pits), ch);
    int best = -seeds - 2, best_move = NO_PIT;
    for (int j = 0; j < n; j++)
        if (ch[j].value != NOT_EXACT && ch[j].value > best) {
            best = ch[j].value;
            best_move = ch[j].pit;
        }
    int a = best > alpha ? best : alpha;
    bool first = true;
    /* The moves to search; with other threads, one that another thread is
     * searching goes to the back, once (crew_busy). */
    int todo[2 * MAX_PITS], nt = 0;
    for (int j = 0; j < n; j++)
        if (ch[j].value == NOT_EXACT)
            todo[nt++] = j;
    const int listed = nt;
    const bool defer = sv->crew_on && sv->ply < DEFER_PLIES;
    if (defer)
        crew_enter(sv->crew, key);
    for (int t = 0; t < nt && a < beta; t++) {
        const int j = todo[t];
        if (defer && !first && t < listed && crew_busy(sv->crew, ch[j].key)) {
            todo[nt++] = j;
            continue;
        }
        int v;
        if (first) {
            v = child_value(sv, &ch[j], a, beta);
            first = false;
        } else {
            v = child_value(sv, &ch[j], a, a + 1);
            if (v > a && v < beta && !sv->stopped)
                v = child_value(sv, &ch[j], v - 1, beta);
        }
        if (sv->stopped) {
            if (defer)
                crew_leave(sv->crew, key);
            return 0;
        }
        if (v > best) {
            best = v;
            best_move = ch[j].pit;
        }
        if (best > a)
            a = best;
    }
    if (best <= alpha)
        upper = best;
    else if (best >= beta)
        lower = best;
    else
        lower = upper = best;
    store(sv, key, lower, upper, best > alpha ? best_move : hint, sv->nodes - nodes_before);
    if (defer)
        crew_leave(sv->crew, key);
    if (root)
        *best_pit = best_move;
    return best;
}

int kalah_solve_node(GameSolver *sv, const KBoard *b, int seeds, uint64_t key, int alpha, int beta,
                     int *best_pit)
{
    return search(sv, b, seeds, key, alpha, beta, best_pit);
}

/// The first guess for MTD(f): a plain alpha-beta a few plies deep that
/// counts what reaches the stores and calls the rest even (the database
/// answers below its size).  Each MTD(f) test costs nearly a full solve
/// and a guess two off costs one test more, while this costs a fraction
/// of one test.
static int guess_search(GameSolver *sv, const KBoard *b, int seeds, int depth, int alpha, int beta)
{
    if (++sv->nodes >= sv->next_poll)
        poll_now(sv);
    if (sv->nodes >= sv->guess_cap || sv->stopped)
        return 0; /* the iteration is abandoned: its value is not used */
    if (seeds <= sv->db_seeds)
        return kalah_db_value(sv->db, b, seeds);
    if (depth <= 0)
        return 0;
    uint8_t pits[MAX_PITS];
    const int n = order_moves(b, sv->m, NO_PIT, pits);
    int best = -seeds - 2;
    for (int j = 0; j < n && best < beta; j++) {
        KBoard child;
        const KMove r = kboard_play(b, sv->m, sv->capture_empty, pits[j], &child);
        int v = r.gain;
        const int a = best > alpha ? best : alpha;
        if (!r.over) {
            const int left = seeds - r.gain;
            if (r.extra_turn) {
                v += guess_search(sv, &child, left, depth - 1, a - r.gain, beta - r.gain);
            } else {
                kboard_flip(&child, sv->m);
                v -= guess_search(sv, &child, left, depth - 1, r.gain - beta, r.gain - a);
            }
        }
        if (v > best)
            best = v;
    }
    return best;
}


/// One test of MTD(f), "value > g - 1?", with the helpers searching the
/// same root beside the main thread when this solve has them (solver.h,
/// struct Crew): the first thread to finish answers, and the others stop.
static int test(GameSolver *sv, const KBoard *b, int seeds, int g, int *pit)
{
    const uint64_t key = board_key(b, 2 * sv->m, seeds);
    if (!sv->crew_on)
        return search(sv, b, seeds, key, g - 1, g, pit);
    kalah_crew_start(sv->crew, b, seeds, key, g - 1, g);
    int v = search(sv, b, seeds, key, g - 1, g, pit);
    kalah_crew_finish(sv->crew);
    if (sv->stopped && !sv->halted && kalah_crew_answer(sv->crew, &v, pit))
        sv->stopped = false;
    return v;
}

/// MTD(f) at the root: a wide window costs more than a few null-window
/// tests that the table's two bounds make cheap to repeat, each moving
/// the bound by two (values keep their parity).  The first guess comes
/// from a shallow search (guess_search).  Within a narrower window than
/// the values it stops as soon as the answer leaves it (fail-soft).
static int mtdf(GameSolver *sv, const KBoard *b, int seeds, int alpha, int beta, int *best_pit)
{
    int lower = -seeds, upper = seeds; /* the value is known to lie in [lower, upper] */
    /* Deeper guesses are much better (Kalah(6,5) standard: +4 from 10
     * plies, +10, its value, from 16 in 0.8 M positions; each wrong step
     * of two is one more test of the whole tree), and cost about four
     * times more per two plies. */
    const uint64_t start = sv->nodes;
    sv->guess_cap = start + GUESS_CAP;
    int g = guess_search(sv, b, seeds, GUESS_DEPTH, -seeds - 1, seeds + 1);
    for (int depth = GUESS_DEPTH + 2;
         seeds >= GUESS_DEEPEN_SEEDS && depth <= 2 * seeds && sv->nodes - start < GUESS_BUDGET;
         depth += 2) {
        const int deeper = guess_search(sv, b, seeds, depth, -seeds - 1, seeds + 1);
        if (sv->nodes >= sv->guess_cap || sv->stopped)
            break;
        g = deeper;
    }
    sv->guess_cap = UINT64_MAX;
    int v = g;
    if (((g - seeds) & 1) != 0)
        g++;
    if (sv->trace)
        fprintf(stderr, "kalah solver: first guess %+d, %llu positions\n", g,
                (unsigned long long)sv->nodes);
    while (lower < upper && !sv->stopped) {
        if (lower >= beta)
            return lower;
        if (upper <= alpha)
            return upper;
        if (g <= lower)
            g = lower + 1;
        if (g > upper)
            g = upper;
        /* test "value > g - 1?" */
        int pit = NO_PIT;
        v = test(sv, b, seeds, g, &pit);
        if (sv->trace)
            fprintf(stderr, "kalah solver: test %+d -> %+d, %llu positions\n", g, v,
                    (unsigned long long)sv->nodes);
        if (v >= g) {
            lower = v;
            *best_pit = pit;
            g = v + 1;
        } else {
            upper = v;
            g = v;
        }
        if (*best_pit == NO_PIT)
            *best_pit = pit;
    }
    return sv->stopped ? v : lower;
}

/* ---- the hooks ------------------------------------------------------------------ */

/* Every probe lands on a random line of the table: with 2 MB pages the
 * TLB covers it, with 4 KB pages nearly every probe also misses the TLB. */
static Entry *table_alloc(size_t bytes)
{
    const size_t huge = (size_t)2 << 20;
    Entry *t;
    if (bytes >= huge && bytes % huge == 0) {
        t = aligned_alloc(huge, bytes);
#ifdef MADV_HUGEPAGE
        if (t)
            madvise(t, bytes, MADV_HUGEPAGE);
#endif
    } else {
        t = malloc(bytes);
    }
    if (t)
        memset(t, 0, bytes);
    return t;
}

int kalah_solver_size(const Game *g, const void *state)
{
    const Kalah *k = as_kalah(g);
    /* The seed rules end the game on a store above half, so stores do
     * more than shift the value: those positions stay with the engine. */
    if (k->rules != KALAH_RULES_STANDARD)
        return 1 << 30;
    const KalahState *s = as_state(state);
    int seeds = 0;
    for (int c = 0; c < k->cells; c++)
        if (c != k->pits && c != 2 * k->pits + 1)
            seeds += s->cells[c];
    return seeds;
}

/* Four seeds a pit at most, and (solver_reach) only where the depth left
 * nearly covers the seeds above the database's: a position the database
 * answers costs one lookup, each seed above it multiplies a solve's work. */
int kalah_solver_default(const Game *g) { return 4 * as_kalah(g)->pits; }

/* Without a database (no cache folder) a search solves a few seeds at once. */
#define KALAH_REACH_WITHOUT_DB 8
int kalah_solver_reach(const GameSolver *sv)
{
    return sv->db_seeds > KALAH_REACH_WITHOUT_DB ? sv->db_seeds : KALAH_REACH_WITHOUT_DB;
}

GameSolver *kalah_solver_new(const Game *g, int table_mb, Err *err)
{
    const Kalah *k = as_kalah(g);
    GameSolver *sv = calloc(1, sizeof *sv);
    if (!sv)
        return err_set(err, "out of memory"), NULL;
    sv->k = k;
    sv->m = k->pits;
    sv->capture_empty = k->capture == KALAH_CAPTURE_EMPTY;
    sv->db_seeds = -1;
    sv->trace = getenv("YOMI_KALAH_TRACE") != NULL;
    /* No bigger than twice the boards the game can reach (all ways of
     * its seeds over the pits): small boards then cost no memory. */
    uint64_t bytes = (uint64_t)(table_mb > 0 ? table_mb : 1) << 20;
    const uint64_t boards = kalah_db_entries(k->pits, k->total > 100 ? 100 : k->total);
    if (boards && boards < bytes / (2 * sizeof(Entry)))
        bytes = boards * 2 * sizeof(Entry);
    sv->buckets = 1;
    while (sv->buckets * 2 * BUCKET * sizeof(Entry) <= bytes)
        sv->buckets *= 2;
    sv->table = table_alloc(sv->buckets * BUCKET * sizeof(Entry));
    if (!sv->table) {
        free(sv);
        return err_set(err, "out of memory for the search (table %d MB)", table_mb), NULL;
    }
    /* The database is a speed-up, never a requirement: without a cache
     * folder, or with YOMI_KALAH_DB=off (cross-checks), search does it all. */
    const char *use_db = getenv("YOMI_KALAH_DB");
    if (k->rules == KALAH_RULES_STANDARD && !(use_db && strcmp(use_db, "off") == 0)) {
        int auto_seeds = 0;
        while (auto_seeds < 60 && kalah_db_entries(k->pits, auto_seeds + 1) != 0 &&
               kalah_db_entries(k->pits, auto_seeds + 1) <= KALAH_DB_AUTO_ENTRIES)
            auto_seeds++;
        Err ignored;
        sv->db = kalah_db_open(k->pits, k->capture, auto_seeds, NULL, NULL, &ignored);
        if (sv->db)
            sv->db_seeds = kalah_db_seeds(sv->db);
    }
    return sv;
}

void kalah_solver_free(GameSolver *sv)
{
    if (!sv)
        return;
    kalah_crew_free(sv->crew);
    kalah_db_free(sv->db);
    free(sv->table);
    free(sv);
}

int kalah_solver_search(GameSolver *sv, const void *state, int alpha, int beta, Move *best,
                        const SolverPoll *poll)
{
    const Kalah *k = sv->k;
    const KalahState *s = as_state(state);
    const Game *g = &k->base;
    *best = MOVE_NONE;
    sv->nodes = 0;
    sv->next_poll = POLL_EVERY;
    sv->poll = poll;
    sv->stopped = sv->halted = false;
    sv->ply = 0;
    /* The helpers only when the caller gives this call the threads: a
     * search's helpers have solvers of their own for its leaves. */
    sv->crew_on = sv->crew && poll && poll->threads > 1;
    if (sv->crew_on)
        for (int i = 0; i < sv->crew->n; i++) {
            sv->crew->helper[i]->nodes = 0;
            atomic_store_explicit(&sv->crew->helper[i]->told, 0, memory_order_relaxed);
        }
    int v;
    if (kalah_ops.is_terminal(g, state) || k->rules != KALAH_RULES_STANDARD) {
        /* Not the solver's: the engine keeps seed-rule positions (see
         * kalah_solver_size), and a finished game has no move. */
        v = kalah_ops.final_score(g, state);
        if (!kalah_ops.is_terminal(g, state))
            v = kalah_ops.evaluate(g, state);
    } else {
        KBoard b;
        kboard_from_state(k, s, &b);
        const int stores = s->cells[s->side ? 2 * k->pits + 1 : k->pits] -
                           s->cells[s->side ? k->pits : 2 * k->pits + 1];
        const int seeds = kalah_solver_size(g, state);
        /* Keep the window's arithmetic far from int limits. */
        const int lo = alpha < -4 * MAX_TOTAL ? -4 * MAX_TOTAL : alpha;
        const int hi = beta > 4 * MAX_TOTAL ? 4 * MAX_TOTAL : beta;
        int pit = NO_PIT;
        v = stores + mtdf(sv, &b, seeds, lo - stores, hi - stores, &pit);
        if (pit != NO_PIT)
            *best = kalah_move(g, s->side, pit);
    }
    sv->nodes++;
    const uint64_t all = sv->nodes + (sv->crew_on ? kalah_crew_nodes(sv->crew) : 0);
    if (poll && poll->checkpoint && poll->checkpoint(poll->arg, all))
        sv->stopped = true;
    return v;
}
