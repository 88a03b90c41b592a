/* bitboard.c - the ray table and the bulk-counting perft. */
#include "games/reversi/bitboard.h"

#include <pthread.h>

_Alignas(64) uint64_t bb_rays[64][8];

static void fill_rays(void)
{
    /* (drow, dcol) in the order bitboard.h documents: +1 +7 +8 +9, then -1 -7 -8 -9. */
    static const int step[8][2] = {{0, 1},  {1, -1}, {1, 0},  {1, 1},
                                   {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}};
    for (int sq = 0; sq < 64; sq++) {
        for (int d = 0; d < 8; d++) {
            uint64_t ray = 0;
            int r = sq / 8 + step[d][0], c = sq % 8 + step[d][1];
            while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                ray |= 1ULL << (r * 8 + c);
                r += step[d][0];
                c += step[d][1];
            }
            bb_rays[sq][d] = ray;
        }
    }
}

void bb_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fill_rays);
}

/* Leaves one ply below (p, o): the move count, or 1 for a forced pass, or 0
 * when the game is over.  The last ply never plays a move: counting the
 * move mask is what makes perft fast ("bulk counting"). */
static inline uint64_t count_last_ply(uint64_t p, uint64_t o, uint64_t valid)
{
    const uint64_t empty = valid & ~(p | o);
    const uint64_t moves = bb_moves(p, o, empty);
    if (moves)
        return (uint64_t)bb_count(moves);
    return bb_moves(o, p, empty) != 0;
}

/// Perft walks the whole tree to `depth` plies under Edax's convention: a
/// side without a move passes (one ply, one node) only while the opponent can
/// move; when neither can, the game is over and contributes nothing unless
/// that happens exactly at the last ply.  The last ply is counted from the
/// move mask without playing it, and the children are built by xor with the
/// flip set (copy-make on two words), so the cost per leaf is a fraction of
/// one move generation.
uint64_t bb_perft(uint64_t p, uint64_t o, uint64_t valid, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return count_last_ply(p, o, valid);
    const uint64_t empty = valid & ~(p | o);
    uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (!bb_moves(o, p, empty))
            return 0;
        return bb_perft(o, p, valid, depth - 1);
    }
    uint64_t total = 0;
    if (depth == 2) {
        do {
            const int sq = __builtin_ctzll(moves);
            const uint64_t f = bb_flips(p, o, sq);
            total += count_last_ply(o ^ f, p ^ f ^ (1ULL << sq), valid);
            moves &= moves - 1;
        } while (moves);
        return total;
    }
    do {
        const int sq = __builtin_ctzll(moves);
        const uint64_t f = bb_flips(p, o, sq);
        total += bb_perft(o ^ f, p ^ f ^ (1ULL << sq), valid, depth - 1);
        moves &= moves - 1;
    } while (moves);
    return total;
}
