/* stats.h - the search counters: plain numbers the search thread bumps in
 * its hot loop, and an atomic mirror other threads may read at any time.
 *
 * Why two copies: an atomic increment per node would be correct but makes
 * every node pay for readers that look ten times a second.  The search
 * keeps ordinary counters and copies them into the mirror with relaxed
 * stores every STATS_PUBLISH_EVERY nodes (and at the end), so a reader
 * sees numbers at most a few microseconds old, never torn (each field is
 * its own atomic), and the search pays one predictable branch per node.
 */
#ifndef YOMI_STATS_H
#define YOMI_STATS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"
#include "engine/search.h"

#define STATS_PUBLISH_EVERY 1024u /* nodes; a power of two */
#define LIVE_PV_MAX 32            /* moves of the principal variation shown live */
#define LIVE_ROOT_MAX SEARCH_ROOTS_MAX /* a sampling search's root moves shown live */

typedef struct {
    uint64_t nodes, leaves, probes, hits, cutoffs, researches, mtd_passes;
    uint64_t proof, disproof; /* pns: the root's numbers (search.h SearchStats) */
} Counters;

typedef struct {
    _Atomic uint64_t nodes, leaves, probes, hits, cutoffs, researches, mtd_passes;
    _Atomic uint64_t proof, disproof;
    _Atomic int depth, value;
    _Atomic unsigned best; /* a Move */
    _Atomic uint64_t start_ns, end_ns; /* end_ns 0 while running */
    _Atomic int running;
    /* The last finished iteration's principal variation, under a sequence
     * lock: the one writer makes pv_seq odd while it copies, so a reader
     * retries instead of seeing half of one line and half of another. */
    _Atomic unsigned pv_seq;
    _Atomic int pv_len;
    _Atomic unsigned pv[LIVE_PV_MAX];
    /* A sampling search's root moves (search.h SearchRootMove), most
     * visited first, under a sequence lock of their own. */
    _Atomic unsigned root_seq;
    _Atomic int root_len;
    _Atomic unsigned root_move[LIVE_ROOT_MAX];
    _Atomic uint32_t root_visits[LIVE_ROOT_MAX], root_score[LIVE_ROOT_MAX];
} LiveStats;

/* The sequence locks: the one writer makes the count odd while it writes;
 * a reader copies, then tries again if the count was odd or has moved. */
static inline unsigned seq_write_begin(_Atomic unsigned *seq)
{
    const unsigned s = atomic_load_explicit(seq, memory_order_relaxed);
    atomic_store_explicit(seq, s + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    return s;
}

static inline void seq_write_end(_Atomic unsigned *seq, unsigned begun)
{
    atomic_store_explicit(seq, begun + 2, memory_order_release);
}

static inline unsigned seq_read_begin(_Atomic unsigned *seq)
{
    unsigned s;
    while ((s = atomic_load_explicit(seq, memory_order_acquire)) & 1u)
        ;
    return s;
}

static inline bool seq_read_again(_Atomic unsigned *seq, unsigned begun)
{
    atomic_thread_fence(memory_order_acquire);
    return atomic_load_explicit(seq, memory_order_relaxed) != begun;
}

static inline void stats_publish(LiveStats *live, const Counters *c)
{
    atomic_store_explicit(&live->nodes, c->nodes, memory_order_relaxed);
    atomic_store_explicit(&live->leaves, c->leaves, memory_order_relaxed);
    atomic_store_explicit(&live->probes, c->probes, memory_order_relaxed);
    atomic_store_explicit(&live->hits, c->hits, memory_order_relaxed);
    atomic_store_explicit(&live->cutoffs, c->cutoffs, memory_order_relaxed);
    atomic_store_explicit(&live->researches, c->researches, memory_order_relaxed);
    atomic_store_explicit(&live->mtd_passes, c->mtd_passes, memory_order_relaxed);
    atomic_store_explicit(&live->proof, c->proof, memory_order_relaxed);
    atomic_store_explicit(&live->disproof, c->disproof, memory_order_relaxed);
}

/* Once per finished iteration: its depth, value and line (pv may be NULL
 * with len 0).  The depth goes last, released: a reader that acquires it
 * sees this value and move, and the counters published before the call. */
static inline void stats_publish_best(LiveStats *live, int depth, int value, const Move *pv,
                                      int len)
{
    atomic_store_explicit(&live->value, value, memory_order_relaxed);
    atomic_store_explicit(&live->best, len > 0 ? pv[0] : MOVE_NONE, memory_order_relaxed);
    atomic_store_explicit(&live->depth, depth, memory_order_release);
    if (len > LIVE_PV_MAX)
        len = LIVE_PV_MAX;
    const unsigned seq = seq_write_begin(&live->pv_seq);
    for (int i = 0; i < len; i++)
        atomic_store_explicit(&live->pv[i], pv[i], memory_order_relaxed);
    atomic_store_explicit(&live->pv_len, len, memory_order_relaxed);
    seq_write_end(&live->pv_seq, seq);
}

/* A consistent copy of the live line (at most max moves); its length. */
static inline int stats_read_pv(const LiveStats *live, Move *pv, int max)
{
    LiveStats *l = (LiveStats *)live;
    for (;;) {
        const unsigned seq = seq_read_begin(&l->pv_seq);
        int len = atomic_load_explicit(&l->pv_len, memory_order_relaxed);
        if (len > max)
            len = max;
        for (int i = 0; i < len; i++)
            pv[i] = (Move)atomic_load_explicit(&l->pv[i], memory_order_relaxed);
        if (!seq_read_again(&l->pv_seq, seq))
            return len;
    }
}

/* A sampling search's root moves, most visited first (at most
 * LIVE_ROOT_MAX of the n kept); n 0 clears them. */
static inline void stats_publish_roots(LiveStats *live, const SearchRootMove *m, int n)
{
    if (n > LIVE_ROOT_MAX)
        n = LIVE_ROOT_MAX;
    const unsigned seq = seq_write_begin(&live->root_seq);
    for (int i = 0; i < n; i++) {
        atomic_store_explicit(&live->root_move[i], m[i].move, memory_order_relaxed);
        atomic_store_explicit(&live->root_visits[i], m[i].visits, memory_order_relaxed);
        atomic_store_explicit(&live->root_score[i], m[i].score, memory_order_relaxed);
    }
    atomic_store_explicit(&live->root_len, n, memory_order_relaxed);
    seq_write_end(&live->root_seq, seq);
}

/* A consistent copy of them (at most max); how many. */
static inline int stats_read_roots(const LiveStats *live, SearchRootMove *out, int max)
{
    LiveStats *l = (LiveStats *)live;
    for (;;) {
        const unsigned seq = seq_read_begin(&l->root_seq);
        int len = atomic_load_explicit(&l->root_len, memory_order_relaxed);
        if (len > max)
            len = max;
        for (int i = 0; i < len; i++) {
            out[i].move = (Move)atomic_load_explicit(&l->root_move[i], memory_order_relaxed);
            out[i].visits = atomic_load_explicit(&l->root_visits[i], memory_order_relaxed);
            out[i].score = atomic_load_explicit(&l->root_score[i], memory_order_relaxed);
        }
        if (!seq_read_again(&l->root_seq, seq))
            return len;
    }
}

#endif
