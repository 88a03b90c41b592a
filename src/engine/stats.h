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

typedef struct {
    uint64_t nodes, leaves, probes, hits, cutoffs, researches, mtd_passes;
} Counters;

typedef struct {
    _Atomic uint64_t nodes, leaves, probes, hits, cutoffs, researches, mtd_passes;
    _Atomic int depth, value;
    _Atomic unsigned best; /* a Move */
    _Atomic uint64_t start_ns, end_ns; /* end_ns 0 while running */
    _Atomic int running;
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
}

static inline void stats_publish_best(LiveStats *live, int depth, int value, Move best)
{
    atomic_store_explicit(&live->depth, depth, memory_order_relaxed);
    atomic_store_explicit(&live->value, value, memory_order_relaxed);
    atomic_store_explicit(&live->best, best, memory_order_relaxed);
}

#endif
