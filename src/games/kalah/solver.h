/* solver.h - the inside of Kalah's exact solver, shared by solve.c (the
 * search) and solve_crew.c (its threads); nothing else includes it. */
#ifndef YOMI_KALAH_SOLVER_H
#define YOMI_KALAH_SOLVER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/workers.h"
#include "games/kalah/enddb.h"
#include "games/kalah/internal.h"

#define POLL_EVERY 4096
#define NO_PIT 0xFF
#define BUSY_BITS 14
#define BUSY_SLOTS (1 << BUSY_BITS)

/// One table entry: exact bounds of the pits-only value, the best (or
/// cutting) pit in the mover's frame (NO_PIT) and the log2 of the
/// positions searched below it (what to keep).  The solver's threads
/// share the table without a lock, as the engine's (engine/table.h): two
/// relaxed atomic words, the first the key XOR the second, so an entry
/// torn by two threads' stores decodes to another key and misses.
typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;  /* lower, upper (16 bits each), pit, work: pack() */
} Entry;

_Static_assert(sizeof(Entry) == 16, "four entries per cache line");

/* An entry as read. */
typedef struct {
    uint64_t key, data;
    int lower, upper, pit, work;
} Bounds;

static inline uint64_t pack(int lower, int upper, int pit, int work)
{
    return (uint64_t)(uint16_t)lower | (uint64_t)(uint16_t)upper << 16 | (uint64_t)(uint8_t)pit << 32 |
           (uint64_t)(uint8_t)work << 40;
}

static inline void read_entry(const Entry *e, Bounds *out)
{
    Entry *m = (Entry *)e;
    const uint64_t data = atomic_load_explicit(&m->data, memory_order_relaxed);
    out->key = atomic_load_explicit(&m->check, memory_order_relaxed) ^ data;
    out->data = data;
    out->lower = (int16_t)(uint16_t)data;
    out->upper = (int16_t)(uint16_t)(data >> 16);
    out->pit = (uint8_t)(data >> 32);
    out->work = (uint8_t)(data >> 40);
}

typedef struct Crew Crew;

struct GameSolver {
    const Kalah *k;
    int m;
    bool capture_empty;
    Entry *table;
    uint64_t buckets; /* a power of two */
    KalahDb *db;
    int db_seeds; /* positions with at most this many seeds are looked up; -1 none */
    uint64_t nodes, next_poll;
    const SolverPoll *poll;
    bool stopped; /* unwinding: told to stop (halted), or a helper has the answer */
    bool halted;  /* the caller's checkpoint said stop */
    bool trace; /* YOMI_KALAH_TRACE: each MTD(f) test on stderr */
    uint64_t guess_cap; /* nodes at which a guess iteration gives up */
    /* threads (solve_crew.c): the main solver's helpers, or the
     * helper's crew; NULL on one thread */
    Crew *crew;
    int id;             /* 0: the main thread; helpers 1, 2, ... */
    int ply;            /* below the root of the test being searched */
    bool crew_on;       /* the helpers search beside this solve */
    _Atomic uint64_t told; /* a helper's nodes, as the main thread reads them */
};

/* solve.c: the null-window search of one node (`best_pit` at the root). */
int kalah_solve_node(GameSolver *sv, const KBoard *b, int seeds, uint64_t key, int alpha, int beta,
                     int *best_pit);

/// Lazy SMP with ABDADA's deferral: the helpers search each MTD(f) test
/// of the main thread's at the same root and window, over the one shared
/// table, and the first thread to finish answers the test (the others
/// are stopped).  Every entry any thread stores is a true bound of its
/// position, so the answer is exact whoever gives it.  Searching in the
/// same order, the threads would walk the same nodes in step; so a node
/// near the root marks itself busy while a thread is in it (a small table
/// of keys, `marks`), and a thread leaves its moves that another is
/// searching for last, once: the threads share out the moves of a node
/// whose moves must all be searched, and what one finishes the other
/// meets in the table.  (Giving each helper an order of its own near the
/// root instead, as Lazy SMP usually does, measured slower than one
/// thread.)  The helpers sleep between tests (base/workers.h); everything
/// they use is made with them.
struct Crew {
    GameSolver **helper;
    int n;
    Workers workers;
    atomic_int answered; /* a helper finished the test: its value and pit */
    int answer, answer_pit;
    /* the test, written before the helpers wake */
    KBoard root;
    int seeds, alpha, beta;
    uint64_t key;
    atomic_int abort; /* the test is answered: every thread stops */
    /* the nodes near the root that some thread is searching (ABDADA) */
    _Atomic uint64_t marks[BUSY_SLOTS];
};

static inline _Atomic uint64_t *busy_slot(const Crew *crew, uint64_t key)
{
    return (_Atomic uint64_t *)&crew->marks[(key * 0x9E3779B97F4A7C15ull) >> (64 - BUSY_BITS)];
}

static inline void crew_enter(Crew *crew, uint64_t key)
{
    atomic_store_explicit(busy_slot(crew, key), key, memory_order_relaxed);
}

static inline void crew_leave(Crew *crew, uint64_t key)
{
    uint64_t expected = key;
    atomic_compare_exchange_strong_explicit(busy_slot(crew, key), &expected, 0, memory_order_relaxed,
                                            memory_order_relaxed);
}

static inline bool crew_busy(const Crew *crew, uint64_t key)
{
    return atomic_load_explicit(busy_slot(crew, key), memory_order_relaxed) == key;
}

static inline bool crew_aborted(const Crew *crew)
{
    return atomic_load_explicit(&((Crew *)crew)->abort, memory_order_relaxed) != 0;
}

/* solve_crew.c */
uint64_t kalah_crew_nodes(const Crew *crew);
void kalah_crew_start(Crew *crew, const KBoard *b, int seeds, uint64_t key, int alpha, int beta);
void kalah_crew_finish(Crew *crew);
bool kalah_crew_answer(const Crew *crew, int *value, int *pit);
void kalah_crew_free(Crew *crew);

#endif
