/* endgame.c - reversi's exact endgame solver (the GameOps solver hooks).
 *
 * Three layers, by the number of empty squares left:
 *   - deep (more than SHALLOW_MAX): a transposition table with exact bounds
 *     and the best move (probed for the children too: enhanced transposition
 *     cutoffs, and prefetched while moves are ordered), fastest-first
 *     ordering (fewest replies for the opponent), principal-variation search
 *     with null windows;
 *   - shallow (5..SHALLOW_MAX): no table (its entries would cost more than
 *     the subtrees they save), moves in parity order;
 *   - the last 4..1 empties: straight-line routines that test each empty
 *     square for flips instead of generating moves.
 * Stability gives an upper bound that cuts nodes whose window is already
 * hopeless for the mover.  On 8x8 the root of a big position first guesses
 * its value with the pattern evaluation, then runs selective passes
 * (ProbCut) whose moves order the exact pass; the exact value never rests
 * on them.  Nothing allocates after reversi_solver_new().
 */
#define _DEFAULT_SOURCE /* madvise */
#include "games/reversi/endgame.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "games/reversi/eval.h"
#include "games/reversi/internal.h"

enum {
    SHALLOW_MAX = 7,        /* at most this many empties: parity order, no table */
    TABLE_MIN = 8,          /* at least this many empties: the table */
    ETC_MIN = 12,           /* at least this many empties: enhanced transposition cutoffs */
    EVAL_STATIC_MIN = 14,   /* at least this many empties: the evaluation joins the order */
    EVAL_SORT_MIN = 18,     /* at least this many: ... searched (empties - EVAL_SORT_BASE) / 3 plies */
    EVAL_SORT_BASE = 12,
    EVAL_SORT_MAX_DEPTH = 6,
    EVAL_SORT_DELTA = 8,    /* ... and resolves moves only down to this many discs below alpha */
    PROBCUT_ROOT_MIN = 20,  /* at least this many empties: the root's selective passes first */
    PROBCUT_MIN = 10,       /* ... and their nodes from this many empties try a cut */
    PASSES_2_MIN = 22,      /* ... two passes (PASS_MARGINS) from this many empties */
    PASSES_3_MIN = 28,      /* ... three from this many */
    PROBCUT_DEEP_MIN = 18,  /* at least this many empties: that search 4 plies deep, else 2 */
    POLL_EVERY = 1 << 14,   /* positions between two SolverPoll checkpoints */
    TT_START_BITS = 19,     /* entries in use after a clear: 2^19 (12 MB), at most 1/8 of the table */
    NO_SQUARE = 64,
    SCORE_BOUND = 127,      /* beyond every disc difference */
    EXACT_TRUST = 255       /* a table entry's bounds rest on no cut */
};

/* The selective passes' ProbCut margins, in discs beyond the window that
 * the shallow search must reach: about one and a half times the spread of
 * exact value minus such a search measured at 12-22 empties (5-8 discs)
 * for the first pass, wider ones (fewer wrong cuts) after it. */
static const uint8_t PASS_MARGINS[] = {9, 15, 18};

/* One table entry: the exact position (no collisions), the bounds the
 * searches proved for its value, the move that proved the lower one.
 * Bounds a selective pass found above PROBCUT_MIN empties are only
 * guesses: a search with a wider margin, or the exact one, takes such an
 * entry's move and nothing else. */
typedef struct {
    uint64_t p, o;
    int8_t lower, upper;
    uint8_t move;
    uint8_t empties; /* replacement: bigger subtrees stay */
    uint8_t gen;     /* written since the last reversi_solver_clear() when == the solver's */
    uint8_t trust;   /* its bounds may rest on cuts of this margin (node_trust) */
    uint8_t pad[2];
} TtEntry;

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
    /* the table: 2-way buckets, in use a prefix of the mapping that grows
     * with the solve (tt_grow) */
    TtEntry *tt;
    size_t tt_bytes;      /* mapped */
    int tt_bits;          /* entries in use: 2^tt_bits */
    int tt_bits_max;      /* entries mapped */
    int tt_bits_touched;  /* the most ever in use: what a real clear zeroes */
    uint64_t tt_evictions; /* entries of this generation taken over since the last growth */
    uint8_t gen; /* entries of other generations are free slots */
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
};

/* ---- scores ------------------------------------------------------------- */

/* The value of a finished game with `empties` squares left, mover's view. */
static inline int score_end(const GameSolver *s, uint64_t p, int empties)
{
    const int d = 2 * bb_count(p) + empties - s->squares;
    if (!s->standard || d == 0)
        return d;
    return d > 0 ? d + empties : d - empties;
}

/* ---- stability ------------------------------------------------------------ */

/* Discs of `o` that can never flip: on each of the four axes the disc's line
 * is full, or a neighbour on that axis is off the board or another such
 * disc.  Shifts wrap across rows, but only at squares that already have a
 * wall on that axis, so the wrap never decides anything. */
static uint64_t stable_discs(const GameSolver *s, uint64_t p, uint64_t o)
{
    const uint64_t filled = p | o;
    uint64_t ok[4];
    if (s->full_8x8) {
        bb_full_lines(filled, ok);
    } else {
        for (int a = 0; a < 4; a++) {
            ok[a] = 0;
            for (int i = 0; i < s->nlines[a]; i++) {
                const uint64_t m = s->lines[a][i];
                ok[a] |= (filled & m) == m ? m : 0;
            }
        }
    }
    /* the axes spelt out: as a loop over them the compiler made two-lane
     * vector shifts of each round, with a move between register files in
     * every one of its dependent steps */
    const uint64_t h = ok[0] | s->walls[0], v = ok[1] | s->walls[1];
    const uint64_t d7 = ok[2] | s->walls[2], d9 = ok[3] | s->walls[3];
    uint64_t stable = o & h & v & d7 & d9;
    while (stable) {
        const uint64_t next =
            stable | (o & (h | stable >> 1 | stable << 1) & (v | stable >> 8 | stable << 8) &
                      (d7 | stable >> 7 | stable << 7) & (d9 | stable >> 9 | stable << 9));
        if (next == stable)
            break;
        stable = next;
    }
    return stable;
}

/* The best the mover can still reach when alpha is high enough to make the
 * bound worth computing; SCORE_BOUND otherwise. */
static inline int stability_bound(const GameSolver *s, uint64_t p, uint64_t o, int alpha,
                                  int empties)
{
    if (alpha < s->stability_min[empties])
        return SCORE_BOUND;
    return s->squares - 2 * bb_count(stable_discs(s, p, o));
}

/* ---- the transposition table --------------------------------------------- */

static inline TtEntry *tt_bucket(const GameSolver *s, uint64_t p, uint64_t o)
{
    const uint64_t h = (p ^ (o * 0x9E3779B97F4A7C15ULL)) * 0xFF51AFD7ED558CCDULL;
    return &s->tt[(h >> (64 - s->tt_bits)) & ~(uint64_t)1];
}

static inline bool tt_holds(const GameSolver *s, const TtEntry *e, uint64_t p, uint64_t o)
{
    return e->p == p && e->o == o && e->gen == s->gen;
}

static inline const TtEntry *tt_find(const GameSolver *s, uint64_t p, uint64_t o)
{
    const TtEntry *b = tt_bucket(s, p, o);
    if (tt_holds(s, &b[0], p, o))
        return &b[0];
    if (tt_holds(s, &b[1], p, o))
        return &b[1];
    return NULL;
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
static void tt_store(GameSolver *s, uint64_t p, uint64_t o, int empties, int alpha, int beta, int v,
                     int move)
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
static void tt_hint(GameSolver *s, uint64_t p, uint64_t o, int empties, int move)
{
    TtEntry *e = tt_claim(s, p, o, empties);
    if (e->lower == -SCORE_BOUND && e->upper == SCORE_BOUND)
        e->move = (uint8_t)move;
}

/* ---- the last four empties ------------------------------------------------ */

#ifdef __BMI2__
/* The discs that `p` flips by playing the last empty square `sq` of a full
 * board: counted, not made.  Every other square holds a disc, so p's
 * discs on a line, gathered by place, say where its runs of the other
 * colour end. */
static inline int last_flip_count(const GameSolver *s, uint64_t p, int sq)
{
    const LastLine *l = s->last_line[sq];
    return s->last_flips[l[0].place][_pext_u64(p, l[0].mask)] +
           s->last_flips[l[1].place][_pext_u64(p, l[1].mask)] +
           s->last_flips[l[2].place][_pext_u64(p, l[2].mask)] +
           s->last_flips[l[3].place][_pext_u64(p, l[3].mask)];
}
#endif

static int solve_1_any(GameSolver *s, uint64_t p, uint64_t o, int sq);

/* One empty square left: play it if the mover can, else let the opponent. */
static inline __attribute__((always_inline)) int solve_1(GameSolver *s, uint64_t p, uint64_t o, int sq)
{
#ifdef __BMI2__
    if (s->full_8x8) {
        s->nodes++;
        const int n = bb_count(p);
        int f = last_flip_count(s, p, sq);
        if (f)
            return 2 * (n + f + 1) - 64;
        if ((f = last_flip_count(s, o, sq)) != 0)
            return 2 * (n - f) - 64;
        return score_end(s, p, 1);
    }
#endif
    return solve_1_any(s, p, o, sq);
}

/* The same on any board: the flips made. */
static __attribute__((noinline)) int solve_1_any(GameSolver *s, uint64_t p, uint64_t o, int sq)
{
    s->nodes++;
    const int n = bb_count(p);
    uint64_t f = bb_flips(p, o, sq);
    if (f)
        return 2 * (n + bb_count(f) + 1) - s->squares;
    f = bb_flips(o, p, sq);
    if (f)
        return 2 * (n - bb_count(f)) - s->squares;
    return score_end(s, p, 1);
}

/* Flips of a move to `sq`, 0 when illegal; the neighbour test rejects most
 * illegal squares before the rays are looked at. */
static inline uint64_t try_flips(const GameSolver *s, uint64_t p, uint64_t o, int sq)
{
    return (s->neighbours[sq] & o) ? bb_flips(p, o, sq) : 0;
}

/* The last two and three empties are inlined into their callers (a call
 * costs as much as their work: 10% fewer instructions in all); the rare
 * pass leaves through an out-of-line function so that they never call
 * themselves. */
static int solve_2_pass(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int x1,
                        int x2);
static int solve_3_pass(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int x1,
                        int x2, int x3);

static inline __attribute__((always_inline)) int solve_2(GameSolver *s, uint64_t p, uint64_t o,
                                                         int alpha, int beta, int x1, int x2,
                                                         bool passed)
{
    s->nodes++;
    int best = -SCORE_BOUND;
    uint64_t f;
    if ((f = try_flips(s, p, o, x1)) != 0) {
        best = -solve_1(s, o ^ f, p ^ f ^ (1ULL << x1), x2);
        if (best >= beta)
            return best;
    }
    if ((f = try_flips(s, p, o, x2)) != 0) {
        const int v = -solve_1(s, o ^ f, p ^ f ^ (1ULL << x2), x1);
        return v > best ? v : best;
    }
    if (best != -SCORE_BOUND)
        return best;
    if (passed)
        return -score_end(s, o, 2);
    return solve_2_pass(s, p, o, alpha, beta, x1, x2);
}

static __attribute__((noinline)) int solve_2_pass(GameSolver *s, uint64_t p, uint64_t o, int alpha,
                                                  int beta, int x1, int x2)
{
    return -solve_2(s, o, p, -beta, -alpha, x1, x2, true);
}

static inline __attribute__((always_inline)) int solve_3(GameSolver *s, uint64_t p, uint64_t o,
                                                         int alpha, int beta, int x1, int x2,
                                                         int x3, bool passed)
{
    s->nodes++;
    int best = -SCORE_BOUND;
    uint64_t f;
    if ((f = try_flips(s, p, o, x1)) != 0) {
        best = -solve_2(s, o ^ f, p ^ f ^ (1ULL << x1), -beta, -alpha, x2, x3, false);
        if (best >= beta)
            return best;
        if (best > alpha)
            alpha = best;
    }
    if ((f = try_flips(s, p, o, x2)) != 0) {
        const int v = -solve_2(s, o ^ f, p ^ f ^ (1ULL << x2), -beta, -alpha, x1, x3, false);
        if (v >= beta)
            return v;
        if (v > best) {
            best = v;
            if (v > alpha)
                alpha = v;
        }
    }
    if ((f = try_flips(s, p, o, x3)) != 0) {
        const int v = -solve_2(s, o ^ f, p ^ f ^ (1ULL << x3), -beta, -alpha, x1, x2, false);
        return v > best ? v : best;
    }
    if (best != -SCORE_BOUND)
        return best;
    if (passed)
        return -score_end(s, o, 3);
    return solve_3_pass(s, p, o, alpha, beta, x1, x2, x3);
}

static __attribute__((noinline)) int solve_3_pass(GameSolver *s, uint64_t p, uint64_t o, int alpha,
                                                  int beta, int x1, int x2, int x3)
{
    return -solve_3(s, o, p, -beta, -alpha, x1, x2, x3, true);
}

/* Four empties: squares in odd quadrants first (the parity heuristic: the
 * last move of a region is worth having), then the three-empties routine. */
static int solve_4(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, uint64_t empty,
                   unsigned parity, bool passed)
{
    const uint64_t odd = empty & s->parity_squares[parity];
    int sq[4], k = 0;
    for (uint64_t m = odd; m; m &= m - 1)
        sq[k++] = __builtin_ctzll(m);
    for (uint64_t m = empty ^ odd; m; m &= m - 1)
        sq[k++] = __builtin_ctzll(m);

    s->nodes++;
    /* stability_bound() spelt out: through the helper this hottest routine
     * runs 0.7% more instructions in all (callgrind, FFO lines 9, 10, 13) */
    if (alpha >= s->stability_min[4]) {
        const int bound = s->squares - 2 * bb_count(stable_discs(s, p, o));
        if (bound <= alpha)
            return bound;
    }
    int best = -SCORE_BOUND;
    static const int rest[4][3] = {{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}};
    for (int i = 0; i < 4; i++) {
        const uint64_t f = try_flips(s, p, o, sq[i]);
        if (!f)
            continue;
        const int v = -solve_3(s, o ^ f, p ^ f ^ (1ULL << sq[i]), -beta, -alpha, sq[rest[i][0]],
                               sq[rest[i][1]], sq[rest[i][2]], false);
        if (v > best) {
            best = v;
            if (v >= beta)
                return v;
            if (v > alpha)
                alpha = v;
        }
    }
    if (best != -SCORE_BOUND)
        return best;
    if (passed)
        return -score_end(s, o, 4);
    return -solve_4(s, o, p, -beta, -alpha, empty, parity, true);
}

/* ---- shallow: parity order, no table ------------------------------------- */

static int search_shallow(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                          uint64_t empty, unsigned parity, bool passed);

/* Any position with `empties` empty squares (0..SHALLOW_MAX). */
static inline int solve_small(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta,
                              int empties, uint64_t empty, unsigned parity)
{
    switch (empties) {
    case 0:
        s->nodes++;
        return score_end(s, p, 0);
    case 1:
        return solve_1(s, p, o, __builtin_ctzll(empty));
    case 2: {
        const int x1 = __builtin_ctzll(empty);
        return solve_2(s, p, o, alpha, beta, x1, __builtin_ctzll(empty & (empty - 1)), false);
    }
    case 3: {
        const int x1 = __builtin_ctzll(empty);
        const uint64_t e2 = empty & (empty - 1);
        const int x2 = __builtin_ctzll(e2);
        return solve_3(s, p, o, alpha, beta, x1, x2, __builtin_ctzll(e2 & (e2 - 1)), false);
    }
    case 4:
        return solve_4(s, p, o, alpha, beta, empty, parity, false);
    default:
        return search_shallow(s, p, o, alpha, beta, empties, empty, parity, false);
    }
}

/// The shallow search plays the last few empties before the four-empties
/// routine: a table probe or a mobility sort costs more than these small
/// subtrees, so moves go in a fixed order that is nearly as good here:
/// squares in quadrants with an odd number of empties first (whoever moves
/// last in a region gains), and within that corners, edges, the inside, and
/// the squares next to a corner last.
static int search_shallow(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                          uint64_t empty, unsigned parity, bool passed)
{
    s->nodes++;
    const int bound = stability_bound(s, p, o, alpha, empties);
    if (bound <= alpha)
        return bound;
    const uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (passed)
            return -score_end(s, o, empties);
        return -search_shallow(s, o, p, -beta, -alpha, empties, empty, parity, true);
    }
    int best = -SCORE_BOUND;
    const uint64_t odd = s->parity_squares[parity];
    for (int half = 0; half < 2; half++) {
        const uint64_t part = moves & (half ? ~odd : odd);
        if (!part)
            continue;
        for (int c = 0; c < 4; c++) {
            for (uint64_t m = part & s->prio[c]; m; m &= m - 1) {
                const int sq = __builtin_ctzll(m);
                const uint64_t bit = 1ULL << sq, f = bb_flips(p, o, sq);
                const uint64_t np = o ^ f, no = p ^ f ^ bit, ne = empty ^ bit;
                const int v = empties == 5
                                  ? -solve_4(s, np, no, -beta, -alpha, ne,
                                             parity ^ s->quadrant[sq], false)
                                  : -search_shallow(s, np, no, -beta, -alpha, empties - 1, ne,
                                                    parity ^ s->quadrant[sq], false);
                if (v > best) {
                    best = v;
                    if (v >= beta)
                        return v;
                    if (v > alpha)
                        alpha = v;
                }
            }
        }
    }
    return best;
}

/* ---- deep: table, fastest first, PVS -------------------------------------- */

/* What a node is expected to be, by its place in the tree (Knuth and
 * Moore's node types): on the principal variation, a cut node (a move
 * will refute it), an all node (every move will fail low). */
typedef enum { NODE_PV, NODE_CUT, NODE_ALL } NodeType;

/* The type of a node's first child, or of the same position after a pass
 * (a later child is a cut node: the node's first move did not refute it). */
static inline NodeType child_type(NodeType t)
{
    return t == NODE_CUT ? NODE_ALL : t == NODE_ALL ? NODE_CUT : NODE_PV;
}

typedef struct {
    uint64_t flips;
    int sq;
    int score;
} MoveItem;

static bool poll_stop(GameSolver *s)
{
    s->next_poll = s->nodes + POLL_EVERY;
    if (s->poll && s->poll->checkpoint && s->poll->checkpoint(s->poll->arg, s->nodes))
        s->stopped = true;
    return s->stopped;
}

/* Empty squares next to the discs of `o`: where the side of `p` may one
 * day move ("potential mobility"); the wraps of the shifts only reach
 * squares outside the empties of narrow boards or harmless ones. */
static inline uint64_t potential_moves(uint64_t o, uint64_t empty)
{
    const uint64_t side = o & BB_INNER_COLS;
    return (side << 1 | side >> 1 | o << 8 | o >> 8 | side << 7 | side >> 7 | side << 9 |
            side >> 9) & empty;
}

/* Corners and the edge squares beside them held by `p`: never flippable,
 * a cheap stand-in for stability. */
static inline int corner_stability(const GameSolver *s, uint64_t p)
{
    const uint64_t c = p & s->corners;
    return bb_count((c | (c << 1 & ~0x0101010101010101ULL) | (c >> 1 & ~0x8080808080808080ULL) |
                     c << 8 | c >> 8) & p);
}

static inline int weighted_count(const GameSolver *s, uint64_t b)
{
    return bb_count(b) + bb_count(b & s->corners);
}

static int guess_search(GameSolver *s, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                        bool passed);

/* How many plies the order searches each move with the evaluation at a
 * node of `empties` (0: the evaluation itself; -1: not at all, mobility
 * alone). */
static inline int eval_sort_depth(const GameSolver *s, int empties)
{
    if (!s->eval || empties < EVAL_STATIC_MIN)
        return -1;
    if (empties < EVAL_SORT_MIN)
        return 0;
    const int d = (empties - EVAL_SORT_BASE) / 3;
    return d > EVAL_SORT_MAX_DEPTH ? EVAL_SORT_MAX_DEPTH : d;
}

/* Order: a wipe-out, then moves leaving the opponent the
 * fewest replies (corners count twice: they are the replies that hurt);
 * ties go to moves that make our corners and edges safe, that leave the
 * opponent few squares to aim at later, into good squares, into odd
 * quadrants.  With sort_depth >= 0 (big nodes, 8x8) the pattern
 * evaluation of the move, searched that many plies, counts too: two discs
 * of it weigh as much as one reply less (the balance Edax uses); eight
 * discs of the evaluation alone (sort_depth 0), which guesses worse.
 * The searched evaluation's window stops EVAL_SORT_DELTA discs below
 * alpha (Edax's margin): a move that far below only needs to sort late,
 * not to be valued (FFO #20-#39 0.9% fewer instructions, #40-#49 the
 * same positions within 0.2%; 4 discs saved more on #20-#39 but cost
 * 1.1% more positions on #40-#49).
 * Mobility alone misorders the big nodes, where the game is still a
 * midgame: with the searched evaluation from 18 empties FFO #40-#47 take
 * 28% fewer positions, #48 80% fewer; the evaluation alone at 14-17
 * empties then saves another 10% on #20-#39 and 7% on #40-#49. */
static int order_moves(GameSolver *s, uint64_t p, uint64_t o, uint64_t moves, uint64_t empty,
                       unsigned parity, bool prefetch, int sort_depth, int alpha, MoveItem *list)
{
    const int floor = alpha - EVAL_SORT_DELTA; /* the mover's view */
    const int sort_beta = floor > -s->squares ? -floor * REVAL_SCALE : SCORE_BOUND * REVAL_SCALE;
    int n = 0;
    for (; moves; moves &= moves - 1) {
        const int sq = __builtin_ctzll(moves);
        const uint64_t bit = 1ULL << sq, f = bb_flips(p, o, sq);
        const uint64_t np = o ^ f, no = p ^ f ^ bit, ne = empty ^ bit;
        int score;
        if (prefetch)
            __builtin_prefetch(tt_bucket(s, np, no));
        if (!np) {
            score = 1 << 29;
        } else {
            score = (64 - weighted_count(s, bb_moves(np, no, ne))) << 15;
            score += corner_stability(s, no) << 11;
            score += (64 - weighted_count(s, potential_moves(no, ne))) << 5;
            score += s->square_value[sq];
            if (parity & s->quadrant[sq])
                score += 4;
            if (sort_depth >= 0) {
                const int fine = sort_depth == 0
                    ? reval_evaluate_fine(s->eval, np, no)
                    : guess_search(s, np, no, sort_depth, -SCORE_BOUND * REVAL_SCALE,
                                   sort_beta, false);
                int discs = 64 - fine / REVAL_SCALE; /* 0..128, the mover's view */
                discs = discs < 0 ? 0 : discs > 128 ? 128 : discs;
                /* two searched discs weigh one reply, eight static ones */
                score += (discs >> (sort_depth == 0 ? 3 : 1)) << 15;
            }
        }
        list[n].flips = f;
        list[n].sq = sq;
        list[n].score = score;
        n++;
    }
    return n;
}

/* Selection sort, one step at a time: the best of list[i..n) moves to i
 * (a cutoff usually comes before the rest need sorting). */
static inline MoveItem next_best(MoveItem *list, int i, int n)
{
    int top = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[top].score)
            top = j;
    const MoveItem m = list[top];
    list[top] = list[i];
    list[i] = m;
    return m;
}

/* Enhanced transposition cutoff: a child the table already knows to be
 * bad enough for the opponent refutes this node without a search. */
static bool etc_cut(const GameSolver *s, uint64_t p, uint64_t o, int empties, const MoveItem *list,
                    int n, int beta, int *value, int *move)
{
    for (int i = 0; i < n; i++) {
        const uint64_t bit = 1ULL << list[i].sq;
        const TtEntry *e = tt_find(s, o ^ list[i].flips, p ^ list[i].flips ^ bit);
        if (e && e->trust >= node_trust(s, empties - 1) && -e->upper >= beta) {
            *value = -e->upper;
            *move = list[i].sq;
            return true;
        }
    }
    return false;
}

/// ProbCut, in a selective pass only: a shallow search with the pattern
/// evaluation (2 plies, 4 from 18 empties) that lands the pass's margin
/// (s->trust, PASS_MARGINS) beyond the window predicts the exact search's
/// side of it, so the node returns that bound unsearched.  A wrong cut
/// costs only order in the later passes, never the value, since a search
/// takes no bounds from a pass of a narrower margin than its own.
/// The cut goes into the table with the shallow search's best move (none
/// for a cut below the window): a revisit of the node in the pass costs
/// nothing, and the exact pass tries that move first where the cut was
/// high and skips the evaluation in the order where it was low (ts22 4%
/// fewer positions, s20 2.5%, #40-#49 0.6%; #20-#39 0.3% more).
static bool probcut(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                    int *value, int *move)
{
    const int depth = empties >= PROBCUT_DEEP_MIN ? 4 : 2;
    if (beta < s->squares) {
        const int hi = (beta + s->trust) * REVAL_SCALE;
        if (guess_search(s, p, o, depth, hi - 1, hi, false) >= hi) {
            *value = beta;
            *move = s->guess_move;
            return true;
        }
    }
    if (alpha > -s->squares) {
        const int lo = (alpha - s->trust) * REVAL_SCALE;
        if (guess_search(s, p, o, depth, lo, lo + 1, false) <= lo) {
            *value = alpha;
            *move = NO_SQUARE;
            return true;
        }
    }
    return false;
}

/// The deep search runs principal-variation search: the first (best-ordered)
/// move gets the full window, the others a null window that only asks "is
/// it better?", re-searched in full when it is; nodes outside the principal
/// variation receive null windows and so never re-search.  Each node keeps
/// what it proved in the table (bounds and the move), which both cuts
/// transpositions and puts the refutation first when the position returns
/// with another window.  Ordering is fastest-first: reversi endgames are won
/// by restricting the opponent, and the move leaving fewest replies is most
/// often the cutoff, with much smaller subtrees below it.  From
/// EVAL_STATIC_MIN empties up the pattern evaluation joins in, from
/// EVAL_SORT_MIN searched a few plies: those few nodes are the roots of
/// almost all the work, and their midgame-like positions are where
/// mobility alone guesses worst.  Except at a node expected to fail low:
/// every move must be searched whatever the order, so the evaluation's part
/// of the order is not paid for.  Expected where a selective pass saw the
/// node fail low (FFO #20-#39 and a self-play set: 1% fewer positions or
/// the same, 1-8% less time), and at an all node by its place in the tree
/// (`type`: the first child of a cut node, every child of an all node),
/// which in FFO #50's exact pass failed low 99.6% of the time at 8
/// empties, 99.9% from 12 (#40-#49 0.5% more positions, 4% less time;
/// #50 12% less).  Its other moves are not cheaper to order by less: the
/// mobility sort also puts the small subtrees first, whose table entries
/// then serve the later ones (#50 3% more positions in parity order).
static int search_deep(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                       uint64_t empty, unsigned parity, bool passed, int *best_move, NodeType type)
{
    if (++s->nodes >= s->next_poll && poll_stop(s))
        return 0;
    if (empties >= TABLE_MIN)
        __builtin_prefetch(tt_bucket(s, p, o));
    const int bound = stability_bound(s, p, o, alpha, empties);
    if (bound <= alpha)
        return bound;
    int hint = NO_SQUARE;
    bool expect_all = type == NODE_ALL;
    const TtEntry *e = empties >= TABLE_MIN ? tt_find(s, p, o) : NULL;
    if (e && e->trust < node_trust(s, empties)) {
        hint = e->move;
        expect_all = expect_all || e->upper <= alpha;
    } else if (e) {
        if (e->lower >= beta || e->lower == e->upper) {
            if (best_move)
                *best_move = e->move;
            return e->lower;
        }
        if (e->upper <= alpha)
            return e->upper;
        hint = e->move;
    }
    int cut, cut_move;
    if (selective_node(s, empties) && probcut(s, p, o, alpha, beta, empties, &cut, &cut_move)) {
        tt_store(s, p, o, empties, alpha, beta, cut, cut_move);
        return cut;
    }
    const uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (passed)
            return -score_end(s, o, empties);
        return -search_deep(s, o, p, -beta, -alpha, empties, empty, parity, true, NULL,
                            child_type(type));
    }
    /* The table's move alone first: it often cuts, and then the others
     * need not be ordered at all. */
    MoveItem list[64];
    int n = 0;
    uint64_t unordered = moves;
    if (hint != NO_SQUARE && (moves >> hint & 1)) {
        list[0].flips = bb_flips(p, o, hint);
        list[0].sq = hint;
        list[0].score = 0;
        n = 1;
        unordered ^= 1ULL << hint;
    }
    const int alpha0 = alpha;
    int best = -SCORE_BOUND, best_sq = NO_SQUARE;
    for (int i = 0;; i++) {
        if (i == n) {
            if (!unordered)
                break;
            const int first = n;
            n += order_moves(s, p, o, unordered, empty, parity, empties > TABLE_MIN,
                             expect_all ? -1 : eval_sort_depth(s, empties), alpha, list + n);
            unordered = 0;
            if (empties >= ETC_MIN &&
                etc_cut(s, p, o, empties, list + first, n - first, beta, &best, &best_sq)) {
                tt_store(s, p, o, empties, alpha0, beta, best, best_sq);
                if (best_move)
                    *best_move = best_sq;
                return best;
            }
        }
        const MoveItem m = next_best(list, i, n);
        const uint64_t bit = 1ULL << m.sq;
        const uint64_t np = o ^ m.flips, no = p ^ m.flips ^ bit, ne = empty ^ bit;
        const unsigned npar = parity ^ s->quadrant[m.sq];
        int v;
        if (empties - 1 <= SHALLOW_MAX) {
            v = -solve_small(s, np, no, -beta, -alpha, empties - 1, ne, npar);
        } else if (i == 0 || beta == alpha + 1) {
            v = -search_deep(s, np, no, -beta, -alpha, empties - 1, ne, npar, false, NULL,
                             i > 0 ? NODE_CUT : child_type(type));
        } else {
            v = -search_deep(s, np, no, -alpha - 1, -alpha, empties - 1, ne, npar, false, NULL,
                             NODE_CUT);
            if (v > alpha && v < beta && !s->stopped)
                v = -search_deep(s, np, no, -beta, -alpha, empties - 1, ne, npar, false, NULL,
                                 NODE_PV);
        }
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_sq = m.sq;
            if (v >= beta)
                break;
            if (v > alpha)
                alpha = v;
        }
    }
    if (empties >= TABLE_MIN || best_move)
        tt_store(s, p, o, empties, alpha0, beta, best, best_sq);
    if (best_move)
        *best_move = best_sq;
    return best;
}

/* ---- the first guess ------------------------------------------------------ */

/* From this many empties the root searches a window around a guess first
 * (a solve is then millions of positions, the guess thousands). */
#define GUESS_MIN_EMPTIES 18
#define GUESS_DEPTH 7
#define HINT_MARGIN 4 /* guess nodes this many plies deeper than the order's leave a move */

/// The first guess: a plain alpha-beta GUESS_DEPTH plies deep with the
/// pattern evaluation at the leaves (in 1/REVAL_SCALE discs), fastest-first
/// order and no table lookups.  Its value, rounded to the nearest possible
/// score, is where the root's first window goes: measured on FFO #40-#47, a
/// window of one value around it and a re-search on the side it failed cuts
/// the positions by about 30% against the full window.  Its depth is a
/// matter of time more than of positions: a guess position costs several
/// times a solver's (the evaluation at each leaf, the move order at each
/// inner node), and 10 plies took 12% of the time of FFO #20-#39; at 7
/// plies that is 1%, while the solver's positions barely move (#20-#39
/// +1%, ts22 -1%, #40-#49 -10%, s20 +8%; 8 and 9 plies were worse on
/// the whole, 6 much worse).  Its nodes with HINT_MARGIN plies or more
/// still to go beyond the sort search the exact search would run there
/// (the evaluation alone below EVAL_SORT_MIN empties) also leave their best move in the
/// table (an entry with no bounds, where the table has nothing): the exact
/// search tries that move first, a deeper opinion than its own order's in the top
/// plies, which hold nearly all the work.  A small share of what Edax gains
/// from selective searches before an exact one, for the price of the guess
/// already made: FFO #20-#39 and #40-#49 take about 20% fewer positions.
/// Hints no deeper than the order's own search cost positions (#51 and #52,
/// 27 empties, took 40-60% more with every guess node leaving one).
static int guess_search(GameSolver *s, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                        bool passed)
{
    const uint64_t empty = s->valid & ~(p | o);
    s->nodes++;
    if (!empty)
        return score_end(s, p, 0) * REVAL_SCALE;
    if (depth == 0)
        return reval_evaluate_fine(s->eval, p, o);
    const uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (passed)
            return score_end(s, p, bb_count(empty)) * REVAL_SCALE;
        const int v = -guess_search(s, o, p, depth, -beta, -alpha, true);
        s->guess_move = NO_SQUARE;
        return v;
    }
    MoveItem list[64];
    const int n = order_moves(s, p, o, moves, empty, 0, false, -1, -SCORE_BOUND, list);
    int best = -SCORE_BOUND * REVAL_SCALE, best_sq = NO_SQUARE;
    for (int i = 0; i < n && best < beta; i++) {
        const MoveItem m = next_best(list, i, n);
        const uint64_t np = o ^ m.flips, no = p ^ m.flips ^ (1ULL << m.sq);
        const int v = -guess_search(s, np, no, depth - 1, -beta, -(alpha > best ? alpha : best), false);
        if (v > best) {
            best = v;
            best_sq = m.sq;
        }
    }
    if (s->leave_hints && best > alpha) {
        const int e = bb_count(empty), sort_depth = eval_sort_depth(s, e);
        if (depth >= (sort_depth > 0 ? sort_depth : 0) + HINT_MARGIN)
            tt_hint(s, p, o, e, best_sq);
    }
    s->guess_move = best_sq;
    return best;
}

/* The score nearest a fine guess: scores have the parity of the squares. */
static int nearest_score(const GameSolver *s, int fine)
{
    const int discs = fine >= 0 ? (fine + REVAL_SCALE / 2) / REVAL_SCALE
                                : -((-fine + REVAL_SCALE / 2) / REVAL_SCALE);
    int g = (discs - s->squares) % 2 ? discs + (discs > 0 ? -1 : 1) : discs;
    return g > s->squares ? s->squares : g < -s->squares ? -s->squares : g;
}

/* The window (g - 1, g + 1) that holds only the guessed score g, then, as
 * it failed low or high, the rest of the window on that side from the
 * bound it returned (fail-soft: that bound is already proved). */
static int search_around(GameSolver *s, uint64_t p, uint64_t o, int g, int alpha, int beta,
                         int empties, uint64_t empty, unsigned parity, int *sq)
{
    int v = search_deep(s, p, o, g - 1, g + 1, empties, empty, parity, false, sq, NODE_PV);
    if (s->stopped)
        return v;
    if (v <= g - 1 && v > alpha)
        v = search_deep(s, p, o, alpha, v + 1, empties, empty, parity, false, sq, NODE_PV);
    else if (v >= g + 1 && v < beta)
        v = search_deep(s, p, o, v - 1, beta, empties, empty, parity, false, sq, NODE_PV);
    return v;
}

/* How many selective passes the root of a position of `empties` runs
 * before the exact one: the first PASSES of PASS_MARGINS. */
static int selective_passes(int empties)
{
    return empties < PROBCUT_ROOT_MIN ? 0
           : empties < PASSES_2_MIN   ? 1
           : empties < PASSES_3_MIN   ? 2
                                      : 3;
}

/// The root: when the window is wide and the position big, the search
/// goes around a guess (search_around).  From PROBCUT_ROOT_MIN empties
/// selective passes (ProbCut at their nodes) run first, as Edax's iterative
/// selectivity does before its exact search: each costs a fraction of the
/// next and leaves a deeper opinion's move at the nodes that hold most of
/// the work, which the next pass tries first.  The passes go around the
/// guess, each with a wider margin (a cut less often wrong); the exact pass
/// goes around the last pass's value, a better guess than the guess.
/// Measured against one pass of 9 discs around the guess (positions):
/// the exact pass around the pass's value, FFO #40-#49 -14%, #20-#39 -4%;
/// a second pass of 13 discs from 22 empties, #40-#48 a further -6%,
/// #49-#52 (26-27 empties) -15 to -22% but #50 +9%; a third of 18 from 28
/// empties, #53 4.0 G positions with one pass, 2.8 G with two, 2.3 G with
/// three (a fourth of 24: 2.4 G).  The second pass at 15 discs rather
/// than 13: #20-#39 -4.5%, #40-#49 +0.5%, #50-#52 -1.5%, #53 -0.8% (11,
/// 17 and 20 were worse; 7 or 11 for the first, much worse).  Passes
/// around the previous pass's value instead of the guess took 5% more
/// on #53.
static int search_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                       uint64_t empty, unsigned parity, int *sq)
{
    if (!s->eval || empties < GUESS_MIN_EMPTIES || beta - alpha <= 4)
        return search_deep(s, p, o, alpha, beta, empties, empty, parity, false, sq, NODE_PV);
    s->leave_hints = true;
    const int g = nearest_score(s, guess_search(s, p, o, GUESS_DEPTH, -SCORE_BOUND * REVAL_SCALE,
                                                SCORE_BOUND * REVAL_SCALE, false));
    s->leave_hints = false; /* the order's shallow searches are too shallow */
    if (g <= alpha || g >= beta)
        return search_deep(s, p, o, alpha, beta, empties, empty, parity, false, sq, NODE_PV);
    int centre = g;
    for (int k = 0; k < selective_passes(empties) && !s->stopped; k++) {
        s->trust = PASS_MARGINS[k];
        centre = search_around(s, p, o, g, alpha, beta, empties, empty, parity, NULL);
    }
    s->trust = EXACT_TRUST;
    if (s->stopped)
        return 0;
    return search_around(s, p, o, centre, alpha, beta, empties, empty, parity, sq);
}

/* ---- the hooks ------------------------------------------------------------ */

static void init_geometry(GameSolver *s, const Reversi *r)
{
    s->valid = r->valid;
    s->corners = r->corners;
    s->squares = r->rows * r->cols;
    s->standard = r->scoring == SCORE_STANDARD;
    for (int sq = 0; sq < 64; sq++) {
        const int row = sq / 8, col = sq % 8;
        if (row >= r->rows || col >= r->cols)
            continue;
        const int q = (row >= r->rows / 2) * 2 + (col >= r->cols / 2);
        s->quadrant[sq] = (uint8_t)(1u << q);
        uint64_t nb = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                const int rr = row + dr, cc = col + dc;
                if ((dr || dc) && rr >= 0 && rr < r->rows && cc >= 0 && cc < r->cols)
                    nb |= 1ULL << (rr * 8 + cc);
            }
        s->neighbours[sq] = nb;
        /* per axis (east-west, north-south, the two diagonals) */
        static const int dir[4][2] = {{0, 1}, {1, 0}, {1, -1}, {1, 1}};
        for (int a = 0; a < 4; a++) {
            const int r1 = row + dir[a][0], c1 = col + dir[a][1];
            const int r2 = row - dir[a][0], c2 = col - dir[a][1];
            if (r1 < 0 || r1 >= r->rows || c1 < 0 || c1 >= r->cols || r2 < 0 || r2 >= r->rows ||
                c2 < 0 || c2 >= r->cols)
                s->walls[a] |= 1ULL << sq;
            /* a line starts where the previous square is off the board */
            if (r2 < 0 || r2 >= r->rows || c2 < 0 || c2 >= r->cols) {
                uint64_t line = 0;
                for (int rr = row, cc = col; rr >= 0 && rr < r->rows && cc >= 0 && cc < r->cols;
                     rr += dir[a][0], cc += dir[a][1])
                    line |= 1ULL << (rr * 8 + cc);
                if (bb_count(line) > 1)
                    s->lines[a][s->nlines[a]++] = line;
            }
        }
    }
    s->full_8x8 = r->rows == 8 && r->cols == 8;
#ifdef __BMI2__
    for (int place = 0; place < 8; place++)
        for (unsigned bits = 0; bits < 256; bits++) {
            int n = 0, k;
            for (k = place + 1; k < 8 && !(bits >> k & 1); k++)
                ;
            if (k < 8)
                n += k - place - 1;
            for (k = place - 1; k >= 0 && !(bits >> k & 1); k--)
                ;
            if (k >= 0)
                n += place - k - 1;
            s->last_flips[place][bits] = (uint8_t)n;
        }
    /* The stability bound's lines, by square (a corner alone on a diagonal
     * keeps mask 0: no discs, no flips). */
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < s->nlines[a]; i++)
            for (uint64_t m = s->lines[a][i]; m; m &= m - 1) {
                const int sq = __builtin_ctzll(m);
                s->last_line[sq][a].mask = s->lines[a][i];
                s->last_line[sq][a].place = (uint64_t)bb_count(s->lines[a][i] & ((1ULL << sq) - 1));
            }
#endif
    for (unsigned par = 0; par < 16; par++)
        for (int sq = 0; sq < 64; sq++)
            if (par & s->quadrant[sq])
                s->parity_squares[par] |= 1ULL << sq;
    const uint64_t edges = s->walls[0] | s->walls[1];
    s->prio[0] = r->corners;
    s->prio[1] = edges & ~r->corners & ~r->near_corners;
    s->prio[2] = r->valid & ~edges & ~r->near_corners;
    s->prio[3] = r->near_corners & ~r->corners;
    static const uint8_t class_value[4] = {3, 2, 1, 0};
    for (int c = 0; c < 4; c++)
        for (uint64_t m = s->prio[c]; m; m &= m - 1)
            s->square_value[__builtin_ctzll(m)] = class_value[c];
    /* The stability bound needs many stable opponent discs to cut, so it is
     * only worth computing when alpha is already high; nearer the end the
     * bar is lower. */
    for (int e = 0; e <= 64; e++) {
        const int t = 2 * e + 4;
        s->stability_min[e] = t * s->squares / 64;
    }
    s->stability_min[0] = s->stability_min[1] = s->stability_min[2] = s->stability_min[3] =
        SCORE_BOUND;
}

GameSolver *reversi_solver_new(const Game *g, int table_mb, Err *err)
{
    GameSolver *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "out of memory for the reversi endgame solver");
        return NULL;
    }
    init_geometry(s, as_reversi(g));
    s->eval = as_reversi(g)->pattern;
    if (table_mb < 1)
        table_mb = 1;
    if (table_mb > 1 << 16)
        table_mb = 1 << 16;
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
    s->trust = EXACT_TRUST;
#ifdef MADV_HUGEPAGE
    if (s->tt)
        madvise(s->tt, s->tt_bytes, MADV_HUGEPAGE);
#endif
    if (!s->tt) {
        free(s);
        err_set(err, "out of memory for the search (table %d MB)", table_mb);
        return NULL;
    }
    return s;
}

/* Forget every position: a new generation, so the old entries are free
 * slots without the table being written (a fresh table's pages are only
 * ever touched by the searches that need them).  After 255 generations
 * the old numbers come back, and the table is really cleared. */
void reversi_solver_clear(GameSolver *s)
{
    if (++s->gen == 0) {
        memset(s->tt, 0, sizeof(TtEntry) << s->tt_bits_touched);
        s->gen = 1;
    }
    s->tt_bits = tt_start_bits(s);
    s->tt_evictions = 0;
}

size_t reversi_solver_table_entries(const GameSolver *s)
{
    return (size_t)1 << s->tt_bits;
}

void reversi_solver_free(GameSolver *s)
{
    if (!s)
        return;
    if (s->tt)
        munmap(s->tt, s->tt_bytes);
    free(s);
}

int reversi_solver_size(const Game *g, const void *state)
{
    return bb_count(state_empty(as_reversi(g), state));
}

/* The default player's hand-over: an exact solve of up to this many empties
 * (tens of milliseconds at 20), and only where the search itself would get
 * within REVERSI_SOLVER_REACH plies of the end, so in practice the root
 * turns exact as soon as an iteration's depth comes near its empties. */
#ifndef REVERSI_SOLVER_CAP
#define REVERSI_SOLVER_CAP 24
#endif
#ifndef REVERSI_SOLVER_REACH
#define REVERSI_SOLVER_REACH 6
#endif
int reversi_solver_default(const Game *g)
{
    (void)g;
    return REVERSI_SOLVER_CAP;
}

int reversi_solver_reach(const GameSolver *s)
{
    (void)s;
    return REVERSI_SOLVER_REACH;
}

int reversi_solver_search(GameSolver *s, const void *state, int alpha, int beta, Move *best,
                          const SolverPoll *poll)
{
    const ReversiState *st = state;
    const uint64_t p = st->mover, o = st->other, empty = s->valid & ~(p | o);
    const int empties = bb_count(empty);
    s->poll = poll;
    s->nodes = 0;
    s->next_poll = POLL_EVERY;
    s->stopped = false;
    *best = MOVE_NONE;
    /* Every value lies in [-squares, squares]: a window beyond that is
     * answered by the bound itself. */
    if (alpha >= s->squares || beta <= -s->squares) {
        if (poll && poll->checkpoint)
            poll->checkpoint(poll->arg, 0);
        return alpha >= s->squares ? s->squares : -s->squares;
    }
    if (alpha < -s->squares - 1)
        alpha = -s->squares - 1;
    if (beta > s->squares + 1)
        beta = s->squares + 1;
    unsigned parity = 0;
    for (uint64_t e = empty; e; e &= e - 1)
        parity ^= s->quadrant[__builtin_ctzll(e)];

    int v, sq = NO_SQUARE;
    const uint64_t moves = bb_moves(p, o, empty);
    if (moves) {
        v = search_root(s, p, o, alpha, beta, empties, empty, parity, &sq);
        if (sq != NO_SQUARE)
            *best = (Move)sq;
    } else if (bb_moves(o, p, empty)) {
        v = -search_deep(s, o, p, -beta, -alpha, empties, empty, parity, true, NULL, NODE_PV);
        *best = MOVE_PASS;
    } else {
        s->nodes++;
        v = score_end(s, p, empties);
    }
    if (poll && poll->checkpoint && poll->checkpoint(poll->arg, s->nodes))
        s->stopped = true;
    return v;
}
