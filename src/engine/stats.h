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
#include <stdint.h>

#include "engine/game.h"

#define STATS_PUBLISH_EVERY 1024u /* nodes; a power of two */
#define LIVE_PV_MAX 32            /* moves of the principal variation shown live */

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
} LiveStats;

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
    const unsigned seq = atomic_load_explicit(&live->pv_seq, memory_order_relaxed);
    atomic_store_explicit(&live->pv_seq, seq + 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_release);
    for (int i = 0; i < len; i++)
        atomic_store_explicit(&live->pv[i], pv[i], memory_order_relaxed);
    atomic_store_explicit(&live->pv_len, len, memory_order_relaxed);
    atomic_store_explicit(&live->pv_seq, seq + 2, memory_order_release);
}

/* A consistent copy of the live line (at most max moves); its length. */
static inline int stats_read_pv(const LiveStats *live, Move *pv, int max)
{
    LiveStats *l = (LiveStats *)live;
    for (;;) {
        const unsigned seq = atomic_load_explicit(&l->pv_seq, memory_order_acquire);
        if (seq & 1u)
            continue;
        int len = atomic_load_explicit(&l->pv_len, memory_order_relaxed);
        if (len > max)
            len = max;
        for (int i = 0; i < len; i++)
            pv[i] = (Move)atomic_load_explicit(&l->pv[i], memory_order_relaxed);
        atomic_thread_fence(memory_order_acquire);
        if (atomic_load_explicit(&l->pv_seq, memory_order_relaxed) == seq)
            return len;
    }
}

#endif
