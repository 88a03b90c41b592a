/* endgame_table.c - the reversi solver's transposition table.
 *
 * Two-way buckets of whole positions (no collisions), each entry with the
 * bounds the searches proved, the move that proved the lower one and the
 * margin of the cuts those bounds may rest on (node_trust).  The mapping
 * is anonymous memory, zeroed by the kernel as it is touched, and only a
 * growing prefix of it is in use (tt_grow).
 */
#define _DEFAULT_SOURCE /* madvise */
#include "games/reversi/endgame_impl.h"

#include <string.h>
#include <sys/mman.h>

enum {
    TT_START_BITS = 19 /* entries in use after a clear: 2^19 (12 MB), at most 1/8 of the table */
};

/* How much an entry is worth keeping: its subtree's size, nothing when it
 * is from before the last clear. */
static inline int tt_worth(const GameSolver *s, const TtEntry *e)
{
    return e->gen == s->gen ? e->empties : -1;
}

/// The table in use doubles, up to what is mapped, once a sixteenth of
/// its entries have been taken over by others of the same search: a small
/// solve then never touches more than a few megabytes (the kernel zeroes
/// each page as it is first touched, 0.13 s of FFO #20-#39's ~5 s with all
/// 128 MB, and a small table stays in the caches), while a big one reaches
/// the full table early (#40-#49 0.4% more positions, #20-#39 0.2%).
/// Each entry holds its whole position, so it is moved
/// to its bucket under one more index bit: old bucket k splits into new
/// buckets 2k and 2k + 1, which going from the top down are already
/// emptied (or never used) when k's entries arrive.
static void tt_grow(GameSolver *s)
{
    const size_t old_buckets = (size_t)1 << (s->tt_bits - 1);
    s->tt_bits++;
    if (s->tt_bits > s->tt_bits_touched)
        s->tt_bits_touched = s->tt_bits;
    s->tt_evictions = 0;
    for (size_t k = old_buckets; k-- > 0;) {
        const TtEntry keep[2] = {s->tt[2 * k], s->tt[2 * k + 1]};
        s->tt[2 * k].gen = s->tt[2 * k + 1].gen = 0; /* free: s->gen is never 0 */
        for (int i = 0; i < 2; i++) {
            if (keep[i].gen != s->gen)
                continue;
            TtEntry *b = tt_bucket(s, keep[i].p, keep[i].o);
            b[b[0].gen == s->gen] = keep[i];
        }
    }
}

static int tt_start_bits(const GameSolver *s)
{
    return s->tt_bits_max - 3 < TT_START_BITS ? s->tt_bits_max - 3 : TT_START_BITS;
}

/* The entry of (p, o): its own, or else the bucket's one worth less,
 * taken over with no bounds and no move (bigger subtrees stay). */
static inline TtEntry *tt_claim(GameSolver *s, uint64_t p, uint64_t o, int empties)
{
    TtEntry *b = tt_bucket(s, p, o);
    if (tt_holds(s, &b[0], p, o))
        return &b[0];
    if (tt_holds(s, &b[1], p, o))
        return &b[1];
    TtEntry *e = tt_worth(s, &b[0]) <= tt_worth(s, &b[1]) ? &b[0] : &b[1];
    if (e->gen == s->gen && ++s->tt_evictions > (1ULL << s->tt_bits) / 16 &&
        s->tt_bits < s->tt_bits_max) {
        tt_grow(s);
        return tt_claim(s, p, o, empties);
    }
    e->gen = s->gen;
    e->p = p;
    e->o = o;
    e->lower = -SCORE_BOUND;
    e->upper = SCORE_BOUND;
    e->move = NO_SQUARE;
    e->empties = (uint8_t)empties;
    e->trust = (uint8_t)node_trust(s, empties);
    return e;
}

/* Record what a search of window (alpha, beta) proved: v < beta bounds the
 * value from above, v > alpha from below (both: exact).  Bounds from earlier
 * searches of the same position stay, as true as the less trusted of the
 * two (node_trust); those of a less trusted pass are replaced. */
void endgame_tt_store(GameSolver *s, uint64_t p, uint64_t o, int empties, int alpha, int beta,
                      int v, int move)
{
    TtEntry *e = tt_claim(s, p, o, empties);
    e->empties = (uint8_t)empties;
    const int trust = node_trust(s, empties);
    if (e->trust < trust) {
        e->lower = -SCORE_BOUND;
        e->upper = SCORE_BOUND;
    }
    e->trust = (uint8_t)trust;
    if (v < beta && v < e->upper)
        e->upper = (int8_t)v;
    if (v > alpha && v > e->lower) {
        e->lower = (int8_t)v;
        e->move = (uint8_t)move;
    }
}

/* Leave the first guess's best move where the table knows nothing yet: an
 * entry with no bounds, only the move the exact search tries first (a
 * bounded entry keeps the move an exact search proved). */
void endgame_tt_hint(GameSolver *s, uint64_t p, uint64_t o, int empties, int move)
{
    TtEntry *e = tt_claim(s, p, o, empties);
    if (e->lower == -SCORE_BOUND && e->upper == SCORE_BOUND)
        e->move = (uint8_t)move;
}

/* Map a table of at most table_mb (1..65536) megabytes: the largest
 * power of two of entries that fits. */
bool endgame_tt_open(GameSolver *s, int table_mb)
{
    const size_t bytes = (size_t)table_mb << 20;
    int bits = 10;
    while (bits < 40 && (sizeof(TtEntry) << (bits + 1)) <= bytes)
        bits++;
    s->tt_bits_max = bits;
    s->tt_bits = s->tt_bits_touched = tt_start_bits(s);
    /* Anonymous memory comes zeroed, page by page as it is first touched,
     * so a short solve does not pay for clearing the whole table; huge
     * pages keep the random probes from missing the TLB. */
    s->tt_bytes = sizeof(TtEntry) << bits;
    void *mem = mmap(NULL, s->tt_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    s->tt = mem == MAP_FAILED ? NULL : mem;
    s->gen = 1; /* the zeroed entries are of generation 0: free */
#ifdef MADV_HUGEPAGE
    if (s->tt)
        madvise(s->tt, s->tt_bytes, MADV_HUGEPAGE);
#endif
    return s->tt != NULL;
}

/* Forget every position: a new generation, so the old entries are free
 * slots without the table being written (a fresh table's pages are only
 * ever touched by the searches that need them).  After 255 generations
 * the old numbers come back, and the table is really cleared. */
void endgame_tt_clear(GameSolver *s)
{
    if (++s->gen == 0) {
        memset(s->tt, 0, sizeof(TtEntry) << s->tt_bits_touched);
        s->gen = 1;
    }
    s->tt_bits = tt_start_bits(s);
    s->tt_evictions = 0;
}

void endgame_tt_close(GameSolver *s)
{
    if (s->tt)
        munmap(s->tt, s->tt_bytes);
    s->tt = NULL;
}
