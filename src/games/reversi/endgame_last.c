/* endgame_last.c - the reversi solver's last empties and its stability test.
 *
 * Below TABLE_MIN empties the solver plays without its table: the shallow
 * search (5..SHALLOW_MAX empties) in parity order, then straight-line
 * routines for the last four that test each empty square for flips
 * instead of generating moves.  Nearly all of a solve's positions are
 * here, so these routines are written for speed first.
 */
#include "games/reversi/endgame_impl.h"

#include <pthread.h>

#ifdef __BMI2__
#include <immintrin.h>
#endif

/* ---- stability ------------------------------------------------------------ */

/* The stable discs of an 8-square edge, [mine << 8 | theirs] by place on
 * it (the same for every solver: built once, endgame_edges_init). */
static uint8_t edge_stable[256 * 256];
static uint64_t column_squares[256]; /* an edge's places back to squares of column a */

/* The discs of `mine` that no sequence of moves on the line can flip,
 * from the same of every line one move on (a disc stays stable when it
 * stays mine and stable after whichever side fills whichever empty square:
 * a move on an edge may be legal by another line and flip nothing here).
 * The line is row 1 of an otherwise empty board, so the board's own
 * flips are the line's. */
static unsigned edge_stable_from_next(unsigned mine, unsigned theirs)
{
    unsigned stable = mine;
    for (int at = 0; at < 8 && stable; at++) {
        const unsigned bit = 1u << at;
        if ((mine | theirs) & bit)
            continue;
        const unsigned taken = (unsigned)bb_flips(theirs, mine, at);
        stable &= edge_stable[(mine & ~taken) << 8 | (theirs | taken | bit)];
        const unsigned won = (unsigned)bb_flips(mine, theirs, at);
        stable &= edge_stable[(mine | won | bit) << 8 | (theirs & ~won)];
    }
    return stable;
}

/* Column a's squares as an edge's places, lowest square first: the
 * multiply gathers bit 8k at bit 56 + k. */
static inline unsigned column_a_places(uint64_t b)
{
    return (unsigned)(((b & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
}

/* The edges' table, lines with fewer empties first: a line's moves lead
 * to lines with one empty less. */
static void build_edges(void)
{
    bb_init();
    for (int empties = 0; empties <= 8; empties++)
        for (unsigned mine = 0; mine < 256; mine++)
            for (unsigned theirs = 0; theirs < 256; theirs++)
                if (!(mine & theirs) && 8 - __builtin_popcount(mine | theirs) == empties)
                    edge_stable[mine << 8 | theirs] = (uint8_t)edge_stable_from_next(mine, theirs);
    for (unsigned places = 0; places < 256; places++) {
        uint64_t squares = 0;
        for (int k = 0; k < 8; k++)
            if (places >> k & 1)
                squares |= 1ULL << (8 * k);
        column_squares[places] = squares;
    }
}

void endgame_edges_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_edges);
}

/* The 8x8 board's stable discs of `o` on its four edges, by table. */
static inline uint64_t edge_stable_discs(uint64_t p, uint64_t o)
{
    uint64_t stable = edge_stable[(o & 0xFF) << 8 | (p & 0xFF)];
    stable |= (uint64_t)edge_stable[(o >> 56) << 8 | (p >> 56)] << 56;
    stable |= column_squares[edge_stable[column_a_places(o) << 8 | column_a_places(p)]];
    stable |= column_squares[edge_stable[column_a_places(o >> 7) << 8 | column_a_places(p >> 7)]]
              << 7;
    return stable;
}

/// Discs of `o` that can never flip: on each of the four axes the disc's
/// line is full, or a neighbour on that axis is off the board or another
/// such disc.  Shifts wrap across rows, but only at squares that already
/// have a wall on that axis, so the wrap never decides anything.  On 8x8
/// the edges start from their table (as Edax's get_stability does): an
/// edge disc can only be flipped along its edge, so the table is exact for
/// it, and it knows runs the neighbour rule misses (a run walled in by the
/// other colour, "- O X X X O"), while the fixed point below, seeded with
/// whole edges, settles in fewer rounds (measured: slightly fewer
/// positions and less time, BENCHMARKS.md).
uint64_t endgame_stable_discs(const GameSolver *s, uint64_t p, uint64_t o)
{
    const uint64_t filled = p | o;
    uint64_t ok[4];
    uint64_t edges = 0;
    if (s->full_8x8) {
        bb_full_lines(filled, ok);
        edges = edge_stable_discs(p, o);
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
    uint64_t stable = (o & h & v & d7 & d9) | edges;
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
 * costs as much as their work, measured in instructions); the rare
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
     * runs measurably more instructions in all (callgrind) */
    if (alpha >= s->stability_min[4]) {
        const int bound = s->squares - 2 * bb_count(endgame_stable_discs(s, p, o));
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

int endgame_solve_few(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                      uint64_t empty, unsigned parity)
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
    default:
        return solve_4(s, p, o, alpha, beta, empty, parity, false);
    }
}

/* ---- shallow: parity order, no table ------------------------------------- */

/* A child's value into its node's best and alpha: true when it cuts.
 * (solve_4 keeps the same lines written out: through this helper the
 * compiler gave it more instructions.) */
static inline __attribute__((always_inline)) bool take_value(int v, int *best, int *alpha, int beta)
{
    if (v <= *best)
        return false;
    *best = v;
    if (v >= beta)
        return true;
    if (v > *alpha)
        *alpha = v;
    return false;
}

/// The shallow search plays the last few empties before the four-empties
/// routine: a table probe or a mobility sort costs more than these small
/// subtrees, so moves go in a fixed order that is nearly as good here:
/// squares in quadrants with an odd number of empties first (whoever moves
/// last in a region gains), and within that corners, edges, the inside, and
/// the squares next to a corner last.
int endgame_search_shallow(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
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
        return -endgame_search_shallow(s, o, p, -beta, -alpha, empties, empty, parity, true);
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
                                  : -endgame_search_shallow(s, np, no, -beta, -alpha, empties - 1,
                                                            ne, parity ^ s->quadrant[sq], false);
                if (take_value(v, &best, &alpha, beta))
                    return v;
            }
        }
    }
    return best;
}
