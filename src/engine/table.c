/* table.c - the exact memo and yomi's Zobrist table (see table.h). */
#define _DEFAULT_SOURCE /* madvise */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "engine/table.h"

/* ---- the exact memo -------------------------------------------------- */

struct MemoSlot {
    uint64_t hash; /* 0: empty */
    uint32_t off;  /* key bytes in the arena */
    uint16_t len;
    Move move;
    int32_t lower, upper;
};

/* FNV-1a, then a final mix: keys are short and only need spreading. */
static uint64_t memo_hash(const uint8_t *key, int len)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < len; i++)
        h = (h ^ key[i]) * 0x100000001b3ULL;
    h ^= h >> 29;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 32;
    return h | 1;
}

static size_t pow2_at_most(size_t n)
{
    size_t p = 1024;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

int memo_init(Memo *m, size_t bytes)
{
    memset(m, 0, sizeof *m);
    size_t slots = pow2_at_most(bytes / 2 / sizeof(MemoSlot));
    m->slots = calloc(slots, sizeof *m->slots);
    m->arena_cap = bytes / 2 > 4096 ? bytes / 2 : 4096;
    m->arena = malloc(m->arena_cap);
    if (!m->slots || !m->arena) {
        memo_free(m);
        return -1;
    }
    m->mask = slots - 1;
    return 0;
}

void memo_free(Memo *m)
{
    free(m->slots);
    free(m->arena);
    memset(m, 0, sizeof *m);
}

void memo_clear(Memo *m)
{
    memset(m->slots, 0, (m->mask + 1) * sizeof *m->slots);
    m->used = 0;
    m->arena_used = 0;
}

static size_t memo_locate(const Memo *m, const uint8_t *key, int len, uint64_t h)
{
    size_t i = h & m->mask;
    for (;;) {
        const MemoSlot *s = &m->slots[i];
        if (s->hash == 0 || (s->hash == h && s->len == len &&
                             memcmp(m->arena + s->off, key, (size_t)len) == 0))
            return i;
        i = (i + 1) & m->mask;
    }
}

bool memo_find(const Memo *m, const uint8_t *key, int len, MemoEntry *out)
{
    const MemoSlot *s = &m->slots[memo_locate(m, key, len, memo_hash(key, len))];
    if (s->hash == 0)
        return false;
    out->lower = s->lower;
    out->upper = s->upper;
    out->move = s->move;
    return true;
}

/* Doubling keeps the load under one half, so probes stay short. */
static int memo_grow(Memo *m)
{
    size_t n = (m->mask + 1) * 2;
    MemoSlot *slots = calloc(n, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i <= m->mask; i++) {
        const MemoSlot *s = &m->slots[i];
        if (s->hash == 0)
            continue;
        size_t j = s->hash & (n - 1);
        while (slots[j].hash)
            j = (j + 1) & (n - 1);
        slots[j] = *s;
    }
    free(m->slots);
    m->slots = slots;
    m->mask = n - 1;
    return 0;
}

int memo_put(Memo *m, const uint8_t *key, int len, const MemoEntry *e)
{
    const uint64_t h = memo_hash(key, len);
    MemoSlot *s = &m->slots[memo_locate(m, key, len, h)];
    if (s->hash == 0) {
        if ((m->used + 1) * 2 > m->mask + 1) {
            if (memo_grow(m) != 0)
                return -1;
            s = &m->slots[memo_locate(m, key, len, h)];
        }
        if (m->arena_used + (size_t)len > m->arena_cap) {
            uint8_t *a = realloc(m->arena, m->arena_cap * 2);
            if (!a)
                return -1;
            m->arena = a;
            m->arena_cap *= 2;
        }
        memcpy(m->arena + m->arena_used, key, (size_t)len);
        s->hash = h;
        s->off = (uint32_t)m->arena_used;
        s->len = (uint16_t)len;
        m->arena_used += (size_t)len;
        m->used++;
    }
    s->lower = e->lower;
    s->upper = e->upper;
    s->move = e->move;
    return 0;
}

/* ---- yomi's own table ------------------------------------------------ */

int tt_init(Tt *t, size_t bytes)
{
    memset(t, 0, sizeof *t);
    size_t n = 1;
    while (n * 2 * sizeof(TtBucket) <= bytes)
        n *= 2;
    /* Big pages where the system has them (one TLB entry covers 2 MB of
     * buckets instead of 4 KB: probes are random), and every page touched
     * now: the search should pay neither TLB walks nor page faults. */
    const size_t bytes_used = n * sizeof *t->buckets, huge = (size_t)2 << 20;
    if (bytes_used >= huge) {
        t->buckets = aligned_alloc(huge, bytes_used);
#ifdef MADV_HUGEPAGE
        if (t->buckets)
            madvise(t->buckets, bytes_used, MADV_HUGEPAGE);
#endif
    } else {
        t->buckets = malloc(bytes_used);
    }
    if (!t->buckets)
        return -1;
    memset(t->buckets, 0, n * sizeof *t->buckets);
    t->mask = n - 1;
    return 0;
}

void tt_free(Tt *t)
{
    free(t->buckets);
    memset(t, 0, sizeof *t);
}

void tt_clear(Tt *t)
{
    /* A solve that the game's solver takes whole never stores here, and
     * clearing 64 MB for nothing before each benchmark position showed. */
    if (atomic_load_explicit(&t->written, memory_order_relaxed))
        memset(t->buckets, 0, (t->mask + 1) * sizeof *t->buckets);
    atomic_store_explicit(&t->written, false, memory_order_relaxed);
    atomic_store_explicit(&t->age, 0, memory_order_relaxed);
}

void tt_new_search(Tt *t)
{
    atomic_store_explicit(&t->age, (uint8_t)(atomic_load_explicit(&t->age, memory_order_relaxed) + 1),
                          memory_order_relaxed);
}

/* Both words of an entry, as one store; from another thread's view the
 * two may land apart, which the check word's XOR gives away (table.h). */
static inline void tt_write(TtSlot *slot, const TtEntry *e)
{
    const uint64_t data = tt_pack(e);
    atomic_store_explicit(&slot->check, e->key ^ data, memory_order_relaxed);
    atomic_store_explicit(&slot->data, data, memory_order_relaxed);
}

/* A slot's words moved as they are, torn or not: a torn pair stays one. */
static inline void tt_move(TtSlot *to, const TtSlot *from)
{
    TtSlot *f = (TtSlot *)from;
    atomic_store_explicit(&to->check, atomic_load_explicit(&f->check, memory_order_relaxed),
                          memory_order_relaxed);
    atomic_store_explicit(&to->data, atomic_load_explicit(&f->data, memory_order_relaxed),
                          memory_order_relaxed);
}

void tt_store(Tt *t, uint64_t key, int value, int depth, int bound, Move move)
{
    TtBucket *b = &t->buckets[key & t->mask];
    const uint8_t age = atomic_load_explicit(&t->age, memory_order_relaxed);
    TtEntry deep, old;
    tt_read(&b->deep, &deep);
    TtSlot *slot;
    if (deep.key == key || deep.bound == BOUND_NONE || deep.age != age || depth >= deep.depth) {
        /* The deep slot's old occupant moves down rather than vanish. */
        if (deep.key != key && deep.bound != BOUND_NONE)
            tt_move(&b->recent, &b->deep);
        slot = &b->deep;
        old = deep;
    } else {
        slot = &b->recent;
        tt_read(slot, &old);
    }
    if (move == MOVE_NONE && old.key == key)
        move = old.move; /* keep the move of a shallower search */
    const TtEntry e = {.key = key, .value = (int16_t)value, .depth = (uint8_t)(depth > 255 ? 255 : depth),
                       .bound = (uint8_t)bound, .move = move, .age = age};
    tt_write(slot, &e);
    if (!atomic_load_explicit(&t->written, memory_order_relaxed))
        atomic_store_explicit(&t->written, true, memory_order_relaxed);
}
