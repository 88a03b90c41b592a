/* endgame_impl.h - the reversi solver's insides, shared by its files and
 * included by no others: endgame.c (the deep search, the root, the hooks),
 * endgame_table.c (the transposition table), endgame_last.c (stability,
 * the last empties).  The table's probes and the stability test stay
 * inline here: the deep search runs them at every node.
 */
#ifndef YOMI_REVERSI_ENDGAME_IMPL_H
#define YOMI_REVERSI_ENDGAME_IMPL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"
#include "games/reversi/bitboard.h"
#include "games/reversi/eval.h"

enum {
    SHALLOW_MAX = 7,  /* at most this many empties: parity order, no table */
    TABLE_MIN = 8,    /* at least this many empties: the tables */
    NEAR_MAX = 12,    /* at most this many empties: the near table (tt_of) */
    PROBCUT_MIN = 10, /* in a selective pass, nodes from this many empties try a cut */
    NO_SQUARE = 64,
    SCORE_BOUND = 127, /* beyond every disc difference */
    EXACT_TRUST = 255  /* a table entry's bounds rest on no cut */
};

/* One table entry, as a search reads it: the bounds the searches proved
 * for a position's value, the move that proved the lower one.  Bounds a
 * selective pass found above PROBCUT_MIN empties are only guesses: a
 * search with a wider margin, or the exact one, takes such an entry's
 * move and nothing else. */
typedef struct {
    int8_t lower, upper;
    uint8_t move;
    uint8_t empties; /* replacement: bigger subtrees stay */
    uint8_t gen;     /* written since the last reversi_solver_clear() when == the solver's */
    uint8_t trust;   /* its bounds may rest on cuts of this margin (node_trust) */
} TtEntry;

/// An entry in memory: the exact position (no collisions) and the entry
/// packed in one word, read and written by every thread of a solve at
/// once without a lock.  A reader may see words of two stores; so each
/// half of the position is kept XOR the data word (Hyatt and Mann's
/// lockless hashing, as the engine's table.h), and a torn slot decodes to
/// a position that is not the one asked for: the probe misses.  Each word
/// is a relaxed atomic: a plain aligned load or store, and it tells the
/// compiler and ThreadSanitizer that the race is meant.
typedef struct {
    _Atomic uint64_t p, o; /* the position's discs, each ^ data */
    _Atomic uint64_t data; /* the TtEntry (tt_pack) */
} TtSlot;

/* One table: 2-way buckets, in use a prefix of the mapping that grows
 * with the solve (tt_grow). */
typedef struct {
    TtSlot *entry;
    size_t bytes;       /* mapped */
    int bits;           /* entries in use: 2^bits */
    int bits_max;       /* entries mapped */
    int bits_touched;   /* the most ever in use: what a real clear zeroes */
    int bits_start;     /* entries in use after a clear */
    uint64_t evictions; /* entries of this generation taken over since the last growth */
} TtTable;

#ifdef __BMI2__
/* A square's line on one axis, for counting the last move's flips. */
typedef struct {
    uint64_t mask;  /* the line's squares (0 where the square is alone on it) */
    uint64_t place; /* the square's place on it, lowest square first */
} LastLine;
#endif

struct GameSolver {
    uint64_t valid, corners;
    int squares;
    bool standard; /* empties go to the winner */
    bool full_8x8; /* the whole 8x8 board: shifts find its full lines */
#ifdef __BMI2__
    /* The last empty square of a full 8x8 board: every other square holds a
     * disc, so one colour's discs on a line decide the flips there. */
    LastLine last_line[64][4];  /* per square, its line on each axis */
    uint8_t last_flips[8][256]; /* [place][discs of the mover by place] */
#endif
    /* per search */
    uint64_t nodes, next_poll;
    const SolverPoll *poll;
    bool stopped;
    /* the tables: nodes of TABLE_MIN..NEAR_MAX empties in `near`, bigger
     * ones in `far` (tt_of) */
    TtTable far, near;
    uint8_t gen; /* entries of other generations are free slots (both tables) */
    /* board geometry */
    uint8_t quadrant[64];          /* the bit of the square's quadrant */
    uint64_t parity_squares[16];   /* squares of the quadrants a parity mask names */
    uint64_t neighbours[64];       /* the (up to 8) squares around each square */
    uint64_t prio[4];              /* shallow order: corners, edges, inside, next to corners */
    uint8_t square_value[64];      /* deep order's last tie-break, by prio class */
    uint64_t walls[4];             /* per axis, squares with an off-board neighbour on it */
    uint64_t lines[4][16];         /* per axis, every line of squares */
    int nlines[4];
    int stability_min[65];         /* alpha from which the stability bound is tried */
    const ReversiEval *eval;       /* 8x8: the pattern evaluation (first guess, deep order) */
    bool leave_hints;              /* the root's guess is running: its nodes leave moves */
    uint8_t trust;                 /* the running selective pass's ProbCut margin, EXACT_TRUST
                                      when the search is exact */
    int guess_move;                /* the best move of guess_search()'s last root */
    /* a solve on several threads (endgame_team.c) */
    struct SolverTeam *team;       /* the main solver's helpers; NULL: one thread */
    _Atomic uint64_t *busy;        /* while a solve runs on several: the positions being
                                      searched (busy_slot), else NULL */
    atomic_int *halt;              /* raised: every thread of the solve stops */
    atomic_int *passes_done;       /* the root's passes one of them finished (pass_finish) */
    int pass;                      /* the root's pass this thread is in */
    bool pass_over;                /* stopped: another thread finished this pass */
    struct SolverLane *lanes;      /* every thread's path (lanes_answered) */
    int lane, nlanes;              /* this thread's lane, and how many there are */
    int unwind;                    /* stopped to go back to the node of this many empties */
    _Atomic uint64_t told_nodes;   /* a helper's nodes, published at each poll */
};

enum { BUSY_BITS = 12 }; /* the busy table: 2^12 positions */

/* What one thread of a solve is searching: at each count of empties from
 * DEFER_MIN - 1 up, the position on its path (busy_key; 0: none) and the
 * window it is searched with, and the empties of a node on that path that
 * another thread has just answered (0: none). */
typedef struct SolverLane {
    _Atomic uint64_t key[65];
    _Atomic uint32_t window[65];
    atomic_int answered;
    char pad[60];
} SolverLane;

/* A position's hash, for the busy table: nonzero, a free slot is 0. */
static inline uint64_t busy_key(uint64_t p, uint64_t o)
{
    return ((p ^ (o * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL) | 1;
}

static inline _Atomic uint64_t *busy_slot(const GameSolver *s, uint64_t key)
{
    return &s->busy[key >> (64 - BUSY_BITS)];
}

/* ---- scores ------------------------------------------------------------- */

/* The value of a finished game with `empties` squares left, mover's view. */
static inline int score_end(const GameSolver *s, uint64_t p, int empties)
{
    const int d = 2 * bb_count(p) + empties - s->squares;
    if (!s->standard || d == 0)
        return d;
    return d > 0 ? d + empties : d - empties;
}

/* ---- the transposition table: probes ------------------------------------- */

/// Two tables, by the size of the node.  The nodes just above the shallow
/// search make most of the table's traffic, and what they store serves
/// transpositions close by in the tree; in a table of hundreds of
/// megabytes each of their probes misses every cache and the TLB.  So they
/// get a table of a few tens of megabytes that stays in the caches, and
/// the big nodes, whose entries are worth keeping for the whole solve,
/// have the big one to themselves: measured, much less time on the big FFO
/// solves for a few more positions (the near table to 12 empties; to 10
/// it saved less, to 14 no more).  Its size is a trade: the big solves lose
/// the entries their later passes would find there, and in a bigger one
/// each position costs more; 2^21 entries (48 MB) measured best
/// (endgame_tt_open; BENCHMARKS.md, "Reversi endgame: FFO").
static inline TtTable *tt_of(GameSolver *s, int empties)
{
    return empties <= NEAR_MAX ? &s->near : &s->far;
}

static inline TtSlot *tt_bucket(const TtTable *t, uint64_t p, uint64_t o)
{
    const uint64_t h = (p ^ (o * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
    return &t->entry[(h >> (64 - t->bits)) & ~(uint64_t)1];
}

static inline uint64_t tt_pack(const TtEntry *e)
{
    return (uint64_t)(uint8_t)e->lower | (uint64_t)(uint8_t)e->upper << 8 |
           (uint64_t)e->move << 16 | (uint64_t)e->empties << 24 | (uint64_t)e->gen << 32 |
           (uint64_t)e->trust << 40;
}

/* The entry a slot holds, if it is of (p, o) and of this generation (a
 * free slot is of generation 0, which a solver never has). */
static inline bool tt_read(const GameSolver *s, const TtSlot *slot, uint64_t p, uint64_t o,
                           TtEntry *e)
{
    TtSlot *w = (TtSlot *)slot;
    const uint64_t d = atomic_load_explicit(&w->data, memory_order_relaxed);
    if ((atomic_load_explicit(&w->p, memory_order_relaxed) ^ d) != p ||
        (atomic_load_explicit(&w->o, memory_order_relaxed) ^ d) != o ||
        (uint8_t)(d >> 32) != s->gen)
        return false;
    e->lower = (int8_t)(uint8_t)d;
    e->upper = (int8_t)(uint8_t)(d >> 8);
    e->move = (uint8_t)(d >> 16);
    e->empties = (uint8_t)(d >> 24);
    e->gen = (uint8_t)(d >> 32);
    e->trust = (uint8_t)(d >> 40);
    return true;
}

static inline bool tt_find(GameSolver *s, uint64_t p, uint64_t o, int empties, TtEntry *e)
{
    const TtSlot *b = tt_bucket(tt_of(s, empties), p, o);
    return tt_read(s, &b[0], p, o, e) || tt_read(s, &b[1], p, o, e);
}

/* Whether a node of `empties` tries ProbCut, so that what a search
 * proves there may rest on a cut: only in a selective pass, and only
 * from PROBCUT_MIN empties up.  Smaller nodes, and all below them, search
 * exactly even in that pass, so their bounds are as true as the exact
 * pass's own and serve it; the one predicate decides both. */
static inline bool selective_node(const GameSolver *s, int empties)
{
    return s->trust != EXACT_TRUST && empties >= PROBCUT_MIN;
}

/* How far the bounds a node proves can be trusted: the margin of the
 * pass's cuts, EXACT_TRUST where none may be under it.  A search uses
 * an entry's bounds when their trust is no lower than its own node's. */
static inline int node_trust(const GameSolver *s, int empties)
{
    return selective_node(s, empties) ? s->trust : EXACT_TRUST;
}

/* ---- across the files ----------------------------------------------------- */

/* endgame_last.c */
uint64_t endgame_stable_discs(const GameSolver *s, uint64_t p, uint64_t o);
/* Build the 8x8 edges' stability table; any thread, any number of times. */
void endgame_edges_init(void);
/* A position of 0..4 empties, exactly. */
int endgame_solve_few(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                      uint64_t empty, unsigned parity);
/* One of 5..SHALLOW_MAX empties, exactly; `passed`: the opponent just passed. */
int endgame_search_shallow(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                           uint64_t empty, unsigned parity, bool passed);

/* Any position of 0..SHALLOW_MAX empties, exactly: from the deep search
 * nearly always the shallow one, called straight (a dispatch through
 * one function cost more instructions). */
static inline int endgame_solve_small(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta,
                                      int empties, uint64_t empty, unsigned parity)
{
    if (empties > 4)
        return endgame_search_shallow(s, p, o, alpha, beta, empties, empty, parity, false);
    return endgame_solve_few(s, p, o, alpha, beta, empties, empty, parity);
}

/* endgame.c: the root's whole procedure (guess, passes, the exact
 * search) of a position that has moves; *sq gets the best. */
int endgame_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int *sq);

/* endgame_team.c */
bool endgame_team_new(GameSolver *s, int helpers, Err *err);
void endgame_team_free(GameSolver *s);
int endgame_team_size(const GameSolver *s);
/* The positions the helpers have told so far in the running solve. */
uint64_t endgame_team_nodes(const GameSolver *s);
/* endgame_root() on up to `threads` threads; the nodes of all join s->nodes. */
int endgame_team_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int *sq,
                      int threads);

/* endgame_table.c */

bool endgame_tt_open(GameSolver *s, int table_mb);
void endgame_tt_clear(GameSolver *s);
void endgame_tt_close(GameSolver *s);
/* Grow the far table to 2^bits entries in use, or all it has, now. */
void endgame_tt_reserve(GameSolver *s, int bits);
void endgame_tt_store(GameSolver *s, uint64_t p, uint64_t o, int empties, int alpha, int beta,
                      int v, int move);
void endgame_tt_hint(GameSolver *s, uint64_t p, uint64_t o, int empties, int move);

/* ---- stability ------------------------------------------------------------ */

/* The best the mover can still reach when alpha is high enough to make the
 * bound worth computing; SCORE_BOUND otherwise. */
static inline int stability_bound(const GameSolver *s, uint64_t p, uint64_t o, int alpha,
                                  int empties)
{
    if (alpha < s->stability_min[empties])
        return SCORE_BOUND;
    return s->squares - 2 * bb_count(endgame_stable_discs(s, p, o));
}

#endif
