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
 * move, fixed memory allocated once.
 */
#ifndef YOMI_TABLE_H
#define YOMI_TABLE_H

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

typedef struct {
    uint64_t key;
    int16_t value;
    uint8_t depth;
    uint8_t bound;
    Move move;
    uint8_t age;
    uint8_t pad;
} TtEntry;

typedef struct {
    TtEntry deep;   /* replaced only by deeper (or newer) searches */
    TtEntry recent; /* always replaced */
} TtBucket;

typedef struct {
    TtBucket *buckets;
    size_t mask;
    uint8_t age;
    bool written; /* since the last clear: a clean table needs no clearing */
} Tt;

int tt_init(Tt *t, size_t bytes);
void tt_free(Tt *t);
void tt_clear(Tt *t);
void tt_new_search(Tt *t);

static inline const TtEntry *tt_find(const Tt *t, uint64_t key)
{
    const TtBucket *b = &t->buckets[key & t->mask];
    if (b->deep.key == key && b->deep.bound != BOUND_NONE)
        return &b->deep;
    if (b->recent.key == key && b->recent.bound != BOUND_NONE)
        return &b->recent;
    return NULL;
}

void tt_store(Tt *t, uint64_t key, int value, int depth, int bound, Move move);

#endif
