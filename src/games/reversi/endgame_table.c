/* endgame_table.c - the reversi solver's transposition tables.
 *
 * Two-way buckets of whole positions (no collisions), each entry with the
 * bounds the searches proved, the move that proved the lower one and the
 * margin of the cuts those bounds may rest on (node_trust).  Two tables
 * split the memory (tt_of): a small near one for the nodes just above the
 * shallow search, the far one for the rest.  Each is anonymous memory,
 * zeroed by the kernel as it is touched; of the far one only a growing
 * prefix is in use (tt_grow).
 */
#define _DEFAULT_SOURCE /* madvise */
#include "games/reversi/endgame_impl.h"

#include <string.h>
#include <sys/mman.h>

enum {
    TT_START_BITS = 19, /* far entries in use after a clear: 2^19 (12 MB), at most 1/8 of it */
    NEAR_BITS = 21      /* near entries: 2^21 (48 MB), at most a quarter of the memory */
};

/* A slot's generation and empties, whichever position it holds (a torn
 * slot's are only a replacement's guess), and its words as stored. */
static inline uint64_t tt_data(const TtSlot *slot)
{
    return atomic_load_explicit(&((TtSlot *)slot)->data, memory_order_relaxed);
}

/* How much a slot is worth keeping: its subtree's size, nothing when it
 * is from before the last clear. */
static inline int tt_worth(const GameSolver *s, const TtSlot *slot)
{
    const uint64_t d = tt_data(slot);
    return (uint8_t)(d >> 32) == s->gen ? (uint8_t)(d >> 24) : -1;
}

static inline void tt_write(TtSlot *slot, uint64_t p, uint64_t o, const TtEntry *e)
{
    const uint64_t d = tt_pack(e);
    atomic_store_explicit(&slot->p, p ^ d, memory_order_relaxed);
    atomic_store_explicit(&slot->o, o ^ d, memory_order_relaxed);
    atomic_store_explicit(&slot->data, d, memory_order_relaxed);
}

/// The far table in use doubles, up to what is mapped, once a sixteenth of
/// its entries have been taken over by others of the same search: a small
/// solve then never touches more than a few megabytes (the kernel zeroes
/// each page as it is first touched, a measurable share of a small solve's
/// time, and a small table stays in the caches), while a big one reaches
/// the full table early (for a few more positions, BENCHMARKS.md).
/// Each entry holds its whole position, so it is moved
/// to its bucket under one more index bit: old bucket k splits into new
/// buckets 2k and 2k + 1, which going from the top down are already
/// emptied (or never used) when k's entries arrive.  Only ever with one
/// thread searching: a solve on several keeps the size it starts with
/// (endgame_team_root).
static void tt_grow(const GameSolver *s, TtTable *t)
{
    const size_t old_buckets = (size_t)1 << (t->bits - 1);
    t->bits++;
    if (t->bits > t->bits_touched)
        t->bits_touched = t->bits;
    t->evictions = 0;
    const TtEntry none = {0};
    for (size_t k = old_buckets; k-- > 0;) {
        TtSlot *old = &t->entry[2 * k];
        uint64_t key[2][2];
        TtEntry keep[2];
        bool live[2];
        for (int i = 0; i < 2; i++) {
            const uint64_t d = tt_data(&old[i]);
            key[i][0] = atomic_load_explicit(&old[i].p, memory_order_relaxed) ^ d;
            key[i][1] = atomic_load_explicit(&old[i].o, memory_order_relaxed) ^ d;
            live[i] = tt_read(s, &old[i], key[i][0], key[i][1], &keep[i]);
        }
        tt_write(&old[0], 0, 0, &none); /* free: s->gen is never 0 */
        tt_write(&old[1], 0, 0, &none);
        for (int i = 0; i < 2; i++) {
            if (!live[i])
                continue;
            TtSlot *b = tt_bucket(t, key[i][0], key[i][1]);
            tt_write(&b[tt_worth(s, &b[0]) >= 0], key[i][0], key[i][1], &keep[i]);
        }
    }
}

/* The slot of (p, o) and its entry in *e: its own, or else the bucket's
 * one worth less, taken over with no bounds and no move (bigger subtrees
 * stay).  The caller writes *e back (tt_write). */
static inline TtSlot *tt_claim(GameSolver *s, uint64_t p, uint64_t o, int empties, TtEntry *e)
{
    TtTable *t = tt_of(s, empties);
    TtSlot *b = tt_bucket(t, p, o);
    if (tt_read(s, &b[0], p, o, e))
        return &b[0];
    if (tt_read(s, &b[1], p, o, e))
        return &b[1];
    TtSlot *slot = tt_worth(s, &b[0]) <= tt_worth(s, &b[1]) ? &b[0] : &b[1];
    if (t->bits < t->bits_max && tt_worth(s, slot) >= 0 &&
        ++t->evictions > (1ULL << t->bits) / 16) {
        tt_grow(s, t);
        return tt_claim(s, p, o, empties, e);
    }
    e->gen = s->gen;
    e->lower = -SCORE_BOUND;
    e->upper = SCORE_BOUND;
    e->move = NO_SQUARE;
    e->empties = (uint8_t)empties;
    e->trust = (uint8_t)node_trust(s, empties);
    return slot;
}

/* Record what a search of window (alpha, beta) proved: v < beta bounds the
 * value from above, v > alpha from below (both: exact).  Bounds from earlier
 * searches of the same position stay, as true as the less trusted of the
 * two (node_trust); those of a less trusted pass are replaced.  Another
 * thread's store to the same slot in between is lost: the table only
 * keeps facts, never needs all of them. */
void endgame_tt_store(GameSolver *s, uint64_t p, uint64_t o, int empties, int alpha, int beta,
                      int v, int move)
{
    TtEntry e;
    TtSlot *slot = tt_claim(s, p, o, empties, &e);
    e.empties = (uint8_t)empties;
    const int trust = node_trust(s, empties);
    if (e.trust < trust) {
        e.lower = -SCORE_BOUND;
        e.upper = SCORE_BOUND;
    }
    e.trust = (uint8_t)trust;
    if (v < beta && v < e.upper)
        e.upper = (int8_t)v;
    if (v > alpha && v > e.lower) {
        e.lower = (int8_t)v;
        e.move = (uint8_t)move;
    }
    tt_write(slot, p, o, &e);
}

/* Leave the first guess's best move where the table knows nothing yet: an
 * entry with no bounds, only the move the exact search tries first (a
 * bounded entry keeps the move an exact search proved). */
void endgame_tt_hint(GameSolver *s, uint64_t p, uint64_t o, int empties, int move)
{
    TtEntry e;
    TtSlot *slot = tt_claim(s, p, o, empties, &e);
    if (e.lower == -SCORE_BOUND && e.upper == SCORE_BOUND)
        e.move = (uint8_t)move;
    tt_write(slot, p, o, &e);
}

/* The entries that fit in `bytes`, as a power of two (at least 2^10). */
static int tt_bits_for(size_t bytes)
{
    int bits = 10;
    while (bits < 40 && (sizeof(TtSlot) << (bits + 1)) <= bytes)
        bits++;
    return bits;
}

/* Map one table of 2^bits entries.  Anonymous memory comes zeroed, page by
 * page as it is first touched, so a short solve does not pay for clearing
 * the whole table; huge pages keep the random probes from missing the TLB. */
static bool tt_map(TtTable *t, int bits)
{
    t->bits_max = bits;
    t->bytes = sizeof(TtSlot) << bits;
    void *mem = mmap(NULL, t->bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    t->entry = mem == MAP_FAILED ? NULL : mem;
#ifdef MADV_HUGEPAGE
    if (t->entry)
        madvise(t->entry, t->bytes, MADV_HUGEPAGE);
#endif
    return t->entry != NULL;
}

static void tt_unmap(TtTable *t)
{
    if (t->entry)
        munmap(t->entry, t->bytes);
    t->entry = NULL;
}

/* Map the tables in at most table_mb (1..65536) megabytes: the near one
 * at most 2^NEAR_BITS entries and a quarter of them, the far one the
 * largest power of two of entries that fits in the rest. */
bool endgame_tt_open(GameSolver *s, int table_mb)
{
    const size_t bytes = (size_t)table_mb << 20;
    int near_bits = tt_bits_for(bytes / 4);
    if (near_bits > NEAR_BITS)
        near_bits = NEAR_BITS;
    const int far_bits = tt_bits_for(bytes - (sizeof(TtSlot) << near_bits));
    if (!tt_map(&s->near, near_bits) || !tt_map(&s->far, far_bits)) {
        endgame_tt_close(s);
        return false;
    }
    s->gen = 1; /* the zeroed entries are of generation 0: free */
    /* The near table is small enough to use whole from the start; the far
     * one starts at 2^TT_START_BITS entries, at most an eighth of it. */
    s->near.bits_start = near_bits;
    s->far.bits_start = far_bits - 3 < TT_START_BITS ? far_bits - 3 : TT_START_BITS;
    TtTable *both[2] = {&s->near, &s->far};
    for (int i = 0; i < 2; i++)
        both[i]->bits = both[i]->bits_touched = both[i]->bits_start;
    return true;
}

/* Forget every position: a new generation, so the old entries are free
 * slots without the tables being written (a fresh table's pages are only
 * ever touched by the searches that need them).  After 255 generations
 * the old numbers come back, and the tables are really cleared. */
void endgame_tt_clear(GameSolver *s)
{
    TtTable *both[2] = {&s->near, &s->far};
    const bool wrapped = ++s->gen == 0;
    if (wrapped)
        s->gen = 1;
    for (int i = 0; i < 2; i++) {
        if (wrapped)
            memset(both[i]->entry, 0, sizeof(TtSlot) << both[i]->bits_touched);
        both[i]->bits = both[i]->bits_start;
        both[i]->evictions = 0;
    }
}

void endgame_tt_reserve(GameSolver *s, int bits)
{
    while (s->far.bits < bits && s->far.bits < s->far.bits_max)
        tt_grow(s, &s->far);
}

void endgame_tt_close(GameSolver *s)
{
    tt_unmap(&s->near);
    tt_unmap(&s->far);
}
