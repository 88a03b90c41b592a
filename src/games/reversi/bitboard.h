/* bitboard.h - reversi move generation and flips on 64-bit boards.
 *
 * Every board size lives in the top-left corner of the 8x8 layout: square
 * (row, col) is bit row*8 + col, a1 = bit 0 is the top-left corner.  Squares
 * outside the R x C board are simply never occupied, and the caller's
 * `empty` set excludes them, so the 8x8 routines serve every size: a line of
 * discs always ends at the first square that is not an opponent's disc, and
 * an invalid square never is one.
 *
 * Everything here is inline because it is the inner loop of perft and of
 * every search; nothing walks square by square.
 */
#ifndef YOMI_REVERSI_BITBOARD_H
#define YOMI_REVERSI_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>
#if defined(__AVX2__)
#include <immintrin.h>
#endif

/* Columns b..g: a horizontal or diagonal line of flipped discs never
 * includes column a or h (those can only be its ends), so masking them out
 * of the opponent's discs stops shifts from wrapping into the next row. */
#define BB_INNER_COLS 0x7E7E7E7E7E7E7E7EULL

/* The 8 rays from each square to the 8x8 edge, excluding the square itself.
 * Rays 0..3 run towards higher bits (+1 east, +7 south-west, +8 south,
 * +9 south-east), rays 4..7 towards lower bits (the opposites). */
extern _Alignas(64) uint64_t bb_rays[64][8];

/* Fill bb_rays; safe to call from any number of threads, any number of times. */
void bb_init(void);

/* Squares one step beyond a line of `o` discs that starts next to a `p` disc,
 * in both senses of one axis (`s` = 1, 7, 8 or 9).  Doubling the step after
 * two single steps covers the longest possible line (6 discs) in 4 steps. */
static inline uint64_t bb_moves_axis(uint64_t p, uint64_t o, int s)
{
    uint64_t up = o & (p << s), down = o & (p >> s);
    up |= o & (up << s);
    down |= o & (down >> s);
    const uint64_t pair_up = o & (o << s), pair_down = o & (o >> s);
    up |= pair_up & (up << (2 * s));
    down |= pair_down & (down >> (2 * s));
    up |= pair_up & (up << (2 * s));
    down |= pair_down & (down >> (2 * s));
    return (up << s) | (down >> s);
}

/* Legal moves for the side owning `p`: empty squares that close a line. */
#if defined(__AVX2__)
/* The four axes side by side, one per 64-bit lane: shifts, and the
 * opponent's discs with columns a and h masked out on the three sideways
 * axes (as BB_INNER_COLS does for the scalar code). */
#define BB_AXIS_SHIFTS _mm256_set_epi64x(9, 7, 8, 1)
static inline __m256i bb_axis_discs(uint64_t o)
{
    return _mm256_and_si256(_mm256_set1_epi64x((long long)o),
                            _mm256_set_epi64x((long long)BB_INNER_COLS, (long long)BB_INNER_COLS,
                                              -1LL, (long long)BB_INNER_COLS));
}

/* The runs of `O` discs that start next to a bit of `from`, on every axis
 * in both senses (the steps of bb_moves_axis, four lanes at once). */
static inline __attribute__((always_inline)) void bb_runs4(__m256i from, __m256i O,
                                                           __m256i *up, __m256i *down)
{
    const __m256i shift = BB_AXIS_SHIFTS, shift2 = _mm256_add_epi64(shift, shift);
    __m256i u = _mm256_and_si256(O, _mm256_sllv_epi64(from, shift));
    __m256i d = _mm256_and_si256(O, _mm256_srlv_epi64(from, shift));
    u = _mm256_or_si256(u, _mm256_and_si256(O, _mm256_sllv_epi64(u, shift)));
    d = _mm256_or_si256(d, _mm256_and_si256(O, _mm256_srlv_epi64(d, shift)));
    const __m256i pair_up = _mm256_and_si256(O, _mm256_sllv_epi64(O, shift));
    const __m256i pair_down = _mm256_and_si256(O, _mm256_srlv_epi64(O, shift));
    u = _mm256_or_si256(u, _mm256_and_si256(pair_up, _mm256_sllv_epi64(u, shift2)));
    d = _mm256_or_si256(d, _mm256_and_si256(pair_down, _mm256_srlv_epi64(d, shift2)));
    u = _mm256_or_si256(u, _mm256_and_si256(pair_up, _mm256_sllv_epi64(u, shift2)));
    d = _mm256_or_si256(d, _mm256_and_si256(pair_down, _mm256_srlv_epi64(d, shift2)));
    *up = u;
    *down = d;
}

static inline uint64_t bb_or_lanes(__m256i v)
{
    const __m128i h = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    return (uint64_t)_mm_cvtsi128_si64(h) | (uint64_t)_mm_extract_epi64(h, 1);
}

/* Legal moves for the side owning `p`: empty squares that close a line
 * (the square beyond each run of the opponent's discs from a p disc). */
static inline __attribute__((always_inline)) uint64_t bb_moves(uint64_t p, uint64_t o,
                                                               uint64_t empty)
{
    const __m256i shift = BB_AXIS_SHIFTS;
    __m256i up, down;
    bb_runs4(_mm256_set1_epi64x((long long)p), bb_axis_discs(o), &up, &down);
    return bb_or_lanes(_mm256_or_si256(_mm256_sllv_epi64(up, shift),
                                       _mm256_srlv_epi64(down, shift))) & empty;
}
#else
static inline uint64_t bb_moves(uint64_t p, uint64_t o, uint64_t empty)
{
    const uint64_t inner = o & BB_INNER_COLS;
    return (bb_moves_axis(p, inner, 1) | bb_moves_axis(p, o, 8) |
            bb_moves_axis(p, inner, 7) | bb_moves_axis(p, inner, 9)) & empty;
}
#endif

/* Discs flipped along a ray towards higher bits: every disc before the first
 * non-opponent square, when that square holds a `p` disc. */
static inline uint64_t bb_flips_up(uint64_t ray, uint64_t p, uint64_t o)
{
    const uint64_t stop = ray & ~o;
    const uint64_t first = stop & (0 - stop); /* 0 when the ray is all `o` */
    const uint64_t mask = 0 - (uint64_t)((first & p) != 0);
    return (first - 1) & ray & mask;
}

/* The same towards lower bits: the first stop is the HIGHEST set bit.  The
 * `| 1` keeps clz defined; the `& ray` then rejects that fake stop. */
static inline uint64_t bb_flips_down(uint64_t ray, uint64_t p, uint64_t o)
{
    const uint64_t stop = ray & ~o;
    const uint64_t last = (1ULL << 63) >> __builtin_clzll(stop | 1);
    const uint64_t mask = 0 - (uint64_t)((last & p & ray) != 0);
    return ray & (0 - (last << 1)) & mask;
}

/* Discs flipped when the owner of `p` plays on the empty square `sq`
 * (0 when the move is illegal). */
#if defined(__AVX512VL__) && defined(__AVX512CD__)
/* The same per-ray arithmetic on the four rays of each sense at once: the
 * nearest stop towards higher bits is the lowest set bit (x & -x), towards
 * lower bits the highest (a vector count of leading zeros). */
static inline __attribute__((always_inline)) uint64_t bb_flips(uint64_t p, uint64_t o, int sq)
{
    const __m256i P = _mm256_set1_epi64x((long long)p), O = _mm256_set1_epi64x((long long)o);
    const __m256i zero = _mm256_setzero_si256();
    const __m256i up = _mm256_load_si256((const __m256i *)&bb_rays[sq][0]);
    const __m256i down = _mm256_load_si256((const __m256i *)&bb_rays[sq][4]);
    const __m256i stop_up = _mm256_andnot_si256(O, up);
    const __m256i first = _mm256_and_si256(stop_up, _mm256_sub_epi64(zero, stop_up));
    const __m256i flips_up = _mm256_maskz_and_epi64(
        _mm256_test_epi64_mask(first, P),
        _mm256_add_epi64(first, _mm256_set1_epi64x(-1)), up);
    const __m256i stop_down = _mm256_andnot_si256(O, down);
    const __m256i last = _mm256_srlv_epi64(_mm256_set1_epi64x((long long)(1ULL << 63)),
                                           _mm256_lzcnt_epi64(stop_down));
    const __m256i flips_down = _mm256_maskz_and_epi64(
        _mm256_test_epi64_mask(last, P),
        _mm256_sub_epi64(zero, _mm256_add_epi64(last, last)), down);
    return bb_or_lanes(_mm256_or_si256(flips_up, flips_down));
}
#elif defined(__AVX2__)
/* Without a vector count of leading zeros, the four rays of each sense at
 * once by two other tricks.  Towards higher bits the nearest square that
 * is not the opponent's is the lowest set bit of the ray's non-`o`
 * squares, and x ^ (x - 1) keeps the run up to it: the run flips when
 * that square is a `p` disc.  Towards lower bits the nearest `p` disc is
 * the highest: smearing p's discs down the ray marks everything from it
 * on, and the squares above it flip when no empty square lies nearer
 * (p's highest bit above the empties': a plain comparison, as no ray
 * below a square reaches bit 63).  Shorter chains than growing the runs:
 * perft and the endgame solver measured faster (identical counts). */
static inline __attribute__((always_inline)) uint64_t bb_flips(uint64_t p, uint64_t o, int sq)
{
    const __m256i P = _mm256_set1_epi64x((long long)p), O = _mm256_set1_epi64x((long long)o);
    const __m256i up = _mm256_load_si256((const __m256i *)&bb_rays[sq][0]);
    const __m256i down = _mm256_load_si256((const __m256i *)&bb_rays[sq][4]);
    const __m256i stop_up = _mm256_andnot_si256(O, up);
    const __m256i run = _mm256_and_si256(
        _mm256_xor_si256(_mm256_add_epi64(stop_up, _mm256_set1_epi64x(-1)), stop_up), up);
    const __m256i run_o = _mm256_andnot_si256(P, run); /* without its stop when that is p's */
    __m256i flips = _mm256_andnot_si256(_mm256_cmpeq_epi64(run_o, run), run_o);
    /* the rays' steps in bb_rays order: -1, -7, -8, -9 */
    const __m256i p_down = _mm256_and_si256(P, down);
    __m256i beyond = _mm256_or_si256(p_down, _mm256_srlv_epi64(p_down, _mm256_set_epi64x(9, 8, 7, 1)));
    beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, _mm256_set_epi64x(18, 16, 14, 2)));
    beyond = _mm256_or_si256(beyond, _mm256_srlv_epi64(beyond, _mm256_set_epi64x(36, 32, 28, 4)));
    const __m256i empty_down = _mm256_xor_si256(_mm256_andnot_si256(O, down), p_down);
    flips = _mm256_or_si256(flips, _mm256_and_si256(_mm256_andnot_si256(beyond, down),
                                                    _mm256_cmpgt_epi64(p_down, empty_down)));
    return bb_or_lanes(flips);
}
#else
static inline __attribute__((always_inline)) uint64_t bb_flips(uint64_t p, uint64_t o, int sq)
{
    const uint64_t *r = bb_rays[sq];
    return bb_flips_up(r[0], p, o) | bb_flips_up(r[1], p, o) |
           bb_flips_up(r[2], p, o) | bb_flips_up(r[3], p, o) |
           bb_flips_down(r[4], p, o) | bb_flips_down(r[5], p, o) |
           bb_flips_down(r[6], p, o) | bb_flips_down(r[7], p, o);
}
#endif

static inline int bb_count(uint64_t b) { return __builtin_popcountll(b); }

/* The squares of `filled` from which the ray of step `shift` (up the
 * board, or down) is filled to the edge.  After each step r holds the
 * squares whose next 2, 4, 8 squares along the ray (the square itself
 * first) are filled or off the board: one shift doubles the reach, and
 * ends1/2/4 (the squares whose ray leaves the board within 1, 2, 4 steps)
 * stand in for the shifted bit exactly where it would have wrapped into
 * another row.  A ray has at most seven squares beyond its start. */
static inline uint64_t diagonal_run(uint64_t filled, int shift, uint64_t ends1, uint64_t ends2,
                                    uint64_t ends4, bool up)
{
    uint64_t r = filled;
    r &= (up ? r >> shift : r << shift) | ends1;
    r &= (up ? r >> 2 * shift : r << 2 * shift) | ends2;
    r &= (up ? r >> 4 * shift : r << 4 * shift) | ends4;
    return r;
}

/* The squares of `filled` whose line on each axis of the full 8x8 board
 * is filled from edge to edge: full[0] rows, full[1] columns, full[2] the
 * a8-h1 diagonals (step 7), full[3] the a1-h8 ones (step 9).  By shifts,
 * not by line: a row folds onto its column a (h & h >> 1, >> 2, >> 4),
 * a column onto itself by rotating, and a diagonal square is on a full
 * line when its rays both ways are filled to the edge (diagonal_run). */
static inline void bb_full_lines(uint64_t filled, uint64_t full[4])
{
    uint64_t h = filled & filled >> 1;
    h &= h >> 2;
    h &= h >> 4;
    full[0] = (h & 0x0101010101010101ULL) * 0xFF;
    uint64_t v = filled & (filled >> 8 | filled << 56);
    v &= v >> 16 | v << 48;
    v &= v >> 32 | v << 32;
    full[1] = v;
    /* three doublings per ray where walking it square by square took
     * seven steps: the stability bound's share of the solver's time fell
     * by nearly half with the scalar loop in stable_discs() */
    const uint64_t up7 = diagonal_run(filled, 7, 0xFF01010101010101ULL, 0xFFFF030303030303ULL,
                                      0xFFFFFFFF0F0F0F0FULL, true);
    const uint64_t down7 = diagonal_run(filled, 7, 0x80808080808080FFULL, 0xC0C0C0C0C0C0FFFFULL,
                                        0xF0F0F0F0FFFFFFFFULL, false);
    const uint64_t up9 = diagonal_run(filled, 9, 0xFF80808080808080ULL, 0xFFFFC0C0C0C0C0C0ULL,
                                      0xFFFFFFFFF0F0F0F0ULL, true);
    const uint64_t down9 = diagonal_run(filled, 9, 0x01010101010101FFULL, 0x030303030303FFFFULL,
                                        0x0F0F0F0FFFFFFFFFULL, false);
    full[2] = up7 & down7;
    full[3] = up9 & down9;
}

/* Perft from (p to move, o), Edax's convention (tests/data/reversi/perft.txt):
 * a pass is a ply, a finished game is a leaf only at the last ply.
 * `valid` is the board's mask of squares. */
uint64_t bb_perft(uint64_t p, uint64_t o, uint64_t valid, int depth);

#endif
