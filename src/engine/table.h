/* table.h - the two transposition tables.
 *
 * Memo (--table exact): the seeds' memo table.  Keyed by the game's exact
 * key plus the remaining depth, so two positions never share an entry, and
 * nothing is ever replaced: a faithful copy of a Lisp hash table, which is
 * what makes the seed numbers reproducible.  It grows when it fills (rarely:
 * it starts at --table-mb), so it is a reproduction tool, not a playing one.
 *
 * Tt (--table on): yomi's own.  Zobrist-keyed buckets of two entries (one
 * kept for the deepest search, one always replaced), bounds + depth + best
 * move, fixed memory allocated once, shared by a search's threads.
 */
#ifndef YOMI_TABLE_H
#define YOMI_TABLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"

/* ---- the exact memo -------------------------------------------------- */
#define MEMO_MAX_KEY (GAME_MAX_KEY + 2)

typedef struct {
    int lower, upper;
    Move move;
} MemoEntry;

typedef struct MemoSlot MemoSlot;
typedef struct {
    MemoSlot *slots;
    size_t mask;      /* slots - 1 (a power of two minus one) */
    size_t used;
    uint8_t *arena;   /* the keys, back to back */
    size_t arena_used, arena_cap;
} Memo;

int memo_init(Memo *m, size_t bytes);
void memo_free(Memo *m);
void memo_clear(Memo *m);
bool memo_find(const Memo *m, const uint8_t *key, int len, MemoEntry *out);
/* Insert or overwrite.  Returns -1 only when memory runs out. */
int memo_put(Memo *m, const uint8_t *key, int len, const MemoEntry *e);

/* ---- yomi's own table ------------------------------------------------ */
enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

/* One entry as the search reads it (tt_find) and writes it (tt_store). */
typedef struct {
    uint64_t key;
    int16_t value;
    uint8_t depth;
    uint8_t bound;
    Move move;
    uint8_t age;
} TtEntry;

/// An entry in memory: two words, written and read by several search
/// threads at once without a lock (Lazy SMP, search.c).  A reader may see
/// one word of one store and the other of another; so the first word is
/// the key XOR the second (Hyatt and Mann's lockless hashing), and a torn
/// pair decodes to a key that is not the position's: the probe misses, as
/// it would on any other position's entry.  Each word is a relaxed atomic:
/// on every machine yomi runs on an aligned 64-bit load or store, and it
/// tells the compiler and ThreadSanitizer that the race is meant.
typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* value, depth, bound, move, age (tt_pack) */
} TtSlot;

typedef struct {
    TtSlot deep;   /* replaced only by deeper (or newer) searches */
    TtSlot recent; /* always replaced */
} TtBucket;

typedef struct {
    TtBucket *buckets;
    size_t mask;
    _Atomic uint8_t age;    /* bumped by the main thread while helpers store */
    _Atomic bool written;   /* since the last clear: a clean table needs no clearing */
} Tt;

int tt_init(Tt *t, size_t bytes);
void tt_free(Tt *t);
void tt_clear(Tt *t);
void tt_new_search(Tt *t);

static inline uint64_t tt_pack(const TtEntry *e)
{
    return (uint64_t)(uint16_t)e->value | (uint64_t)e->depth << 16 | (uint64_t)e->bound << 24 |
           (uint64_t)e->move << 32 | (uint64_t)e->age << 48;
}

/* The entry a slot holds; its key is not the position's if the slot was
 * torn by two threads' stores. */
static inline void tt_read(const TtSlot *slot, TtEntry *e)
{
    TtSlot *s = (TtSlot *)slot;
    const uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    e->key = atomic_load_explicit(&s->check, memory_order_relaxed) ^ data;
    e->value = (int16_t)(uint16_t)data;
    e->depth = (uint8_t)(data >> 16);
    e->bound = (uint8_t)(data >> 24);
    e->move = (Move)(data >> 32);
    e->age = (uint8_t)(data >> 48);
}

/* The entry of `key` with a bound, copied into *out; false when none. */
static inline bool tt_find(const Tt *t, uint64_t key, TtEntry *out)
{
    const TtBucket *b = &t->buckets[key & t->mask];
    tt_read(&b->deep, out);
    if (out->key == key && out->bound != BOUND_NONE)
        return true;
    tt_read(&b->recent, out);
    return out->key == key && out->bound != BOUND_NONE;
}

void tt_store(Tt *t, uint64_t key, int value, int depth, int bound, Move move);

#endif
