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

#include "games/kalah/enddb.h"
#include "games/kalah/internal.h"

#define POLL_EVERY 4096
#define BUCKET 4 /* entries per cache line */
#define NO_PIT 0xFF

/* One table entry: exact bounds of the pits-only value. */
typedef struct {
    uint64_t key;
    int16_t lower, upper;
    uint8_t pit;  /* best (or cutting) pit in the mover's frame, NO_PIT */
    uint8_t work; /* log2 of the positions searched below it: what to keep */
    uint8_t pad[2];
} Entry;

_Static_assert(sizeof(Entry) == 16, "four entries per cache line");

struct GameSolver {
    const Kalah *k;
    int m;
    bool capture_empty;
    Entry *table;
    uint64_t buckets; /* a power of two */
    KalahDb *db;
    int db_seeds; /* positions with at most this many seeds are looked up; -1 none */
    int etc_seeds; /* enhanced transposition cut-offs from this many seeds up */
    uint64_t nodes, next_poll;
    const SolverPoll *poll;
    bool stopped;
    bool trace; /* YOMI_KALAH_TRACE: each MTD(f) test on stderr */
};

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

static const Entry *probe(const GameSolver *sv, uint64_t key)
{
    const Entry *e = bucket_of(sv, key);
    for (int i = 0; i < BUCKET; i++)
        if (e[i].key == key && (e[i].lower || e[i].upper || e[i].work))
            return &e[i];
    return NULL;
}

/* Same key: update.  Otherwise replace the entry that cost least. */
static void store(GameSolver *sv, uint64_t key, int lower, int upper, int pit, uint64_t work)
{
    Entry *e = bucket_of(sv, key), *victim = &e[0];
    for (int i = 0; i < BUCKET; i++) {
        if (e[i].key == key) {
            victim = &e[i];
            break;
        }
        if (e[i].work < victim->work)
            victim = &e[i];
    }
    int w = 1;
    while (w < 255 && (work >> w))
        w++;
    victim->key = key;
    victim->lower = (int16_t)lower;
    victim->upper = (int16_t)upper;
    victim->pit = (uint8_t)pit;
    victim->work = (uint8_t)w;
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

static void poll_now(GameSolver *sv)
{
    sv->next_poll = sv->nodes + POLL_EVERY;
    if (sv->poll && sv->poll->checkpoint && sv->poll->checkpoint(sv->poll->arg, sv->nodes))
        sv->stopped = true;
}

static int search(GameSolver *sv, const KBoard *b, int seeds, int alpha, int beta, int *best_pit);

/* The value of one move for the mover, searched in (alpha, beta). */
static int child_value(GameSolver *sv, const KBoard *b, int seeds, int pit, int alpha, int beta)
{
    KBoard child;
    const KMove r = kboard_play(b, sv->m, sv->capture_empty, pit, &child);
    if (r.over)
        return r.gain;
    const int left = seeds - r.gain;
    if (r.extra_turn)
        return r.gain + search(sv, &child, left, alpha - r.gain, beta - r.gain, NULL);
    kboard_flip(&child, sv->m);
    return r.gain - search(sv, &child, left, r.gain - beta, r.gain - alpha, NULL);
}

#define NO_CUT (-30000)

/// Enhanced transposition cut-off: before searching any child, see whether
/// one already in the table proves a value >= beta.  Kalah transposes a lot
/// (sowing order rarely matters) so a child met by another path often
/// decides the node at the price of a few table probes.
static int etc(GameSolver *sv, const KBoard *b, int seeds, const uint8_t *pits, int n, int beta)
{
    for (int j = 0; j < n; j++) {
        KBoard child;
        const KMove r = kboard_play(b, sv->m, sv->capture_empty, pits[j], &child);
        int v;
        if (r.over) {
            v = r.gain;
        } else {
            const int left = seeds - r.gain;
            if (!r.extra_turn)
                kboard_flip(&child, sv->m);
            int bound; /* the child's value bound that can help the mover */
            if (left <= sv->db_seeds) {
                bound = kalah_db_value(sv->db, &child, left);
            } else {
                const Entry *e = probe(sv, board_key(&child, 2 * sv->m, left));
                if (!e)
                    continue;
                bound = r.extra_turn ? e->lower : e->upper;
            }
            v = r.extra_turn ? r.gain + bound : r.gain - bound;
        }
        if (v >= beta)
            return v;
    }
    return NO_CUT;
}

/// Principal variation search over the pits-only board.  Kalah's values
/// are narrow integers and most tests are null windows, so the table keeps
/// both bounds of each position (as MTD(f) needs) and a position met again
/// with a window its bounds decide costs nothing.  Below db_seeds the
/// database answers exactly.  `best_pit` (the root) disables every shortcut
/// that would leave the root without a move.
static int search(GameSolver *sv, const KBoard *b, int seeds, int alpha, int beta, int *best_pit)
{
    if (++sv->nodes >= sv->next_poll)
        poll_now(sv);
    if (sv->stopped)
        return 0;
    const bool root = best_pit != NULL;
    if (!root && seeds <= sv->db_seeds)
        return kalah_db_value(sv->db, b, seeds);
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
    const int np = 2 * sv->m;
    const uint64_t key = board_key(b, np, seeds);
    int lower = -seeds, upper = seeds, hint = NO_PIT;
    const Entry *e = probe(sv, key);
    if (e) {
        lower = e->lower;
        upper = e->upper;
        hint = e->pit;
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
    const int n = order_moves(b, sv->m, hint, pits);
    if (!root && seeds >= sv->etc_seeds) {
        const int cut = etc(sv, b, seeds, pits, n, beta);
        if (cut != NO_CUT) {
            store(sv, key, cut, upper, NO_PIT, 1);
            return cut;
        }
    }
    int best = -seeds - 2, best_move = NO_PIT, a = alpha;
    for (int j = 0; j < n; j++) {
        int v;
        if (j == 0) {
            v = child_value(sv, b, seeds, pits[j], a, beta);
        } else {
            v = child_value(sv, b, seeds, pits[j], a, a + 1);
            if (v > a && v < beta && !sv->stopped)
                v = child_value(sv, b, seeds, pits[j], v - 1, beta);
        }
        if (sv->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = pits[j];
        }
        if (best > a)
            a = best;
        if (a >= beta)
            break;
    }
    if (best <= alpha)
        upper = best;
    else if (best >= beta)
        lower = best;
    else
        lower = upper = best;
    store(sv, key, lower, upper, best > alpha ? best_move : hint, sv->nodes - nodes_before);
    if (root)
        *best_pit = best_move;
    return best;
}

/// MTD(f) at the root: a wide window costs more than a few null-window
/// tests that the table's two bounds make cheap to repeat, each moving
/// the bound by two (values keep their parity).  The first guess is 0:
/// Kalah's openings are close.  Within a narrower window than the values
/// it stops as soon as the answer leaves it (fail-soft).
static int mtdf(GameSolver *sv, const KBoard *b, int seeds, int alpha, int beta, int *best_pit)
{
    int lower = -seeds, upper = seeds; /* the value is known to lie in [lower, upper] */
    int g = (seeds & 1) ? 1 : 0, v = g;
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
        v = search(sv, b, seeds, g - 1, g, &pit);
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
    sv->etc_seeds = getenv("KSOLVE_ETC") ? atoi(getenv("KSOLVE_ETC")) : 1000;
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
        return err_set(err, "out of memory for the kalah solver's table (%d MB)", table_mb), NULL;
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
    sv->stopped = false;
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
        if (getenv("KSOLVE_PVS"))
            v = stores + search(sv, &b, seeds, lo - stores, hi - stores, &pit);
        else
            v = stores + mtdf(sv, &b, seeds, lo - stores, hi - stores, &pit);
        if (pit != NO_PIT)
            *best = kalah_move(g, s->side, pit);
    }
    sv->nodes++;
    if (poll && poll->checkpoint && poll->checkpoint(poll->arg, sv->nodes))
        sv->stopped = true;
    return v;
}
