/* tables.c - the precomputed gogo tables: step moves per kind and owner,
 * sliding rays, lines between squares, and the Zobrist keys.  Built once,
 * read-only afterwards, so any number of threads may share them. */
#include <pthread.h>

#include "base/rng.h"
#include "games/gogo/internal.h"

GogoTables gogo_tables;

/* Row and column steps of each direction, in the ray numbering of
 * internal.h: even directions go towards higher square numbers. */
static const int dir_row[8] = {1, -1, 0, 0, 1, -1, 1, -1};
static const int dir_col[8] = {0, 0, 1, -1, 1, -1, -1, 1};

static bool inside(int row, int col) { return row >= 0 && row < 5 && col >= 0 && col < 5; }

/* Step patterns as (forward, sideways) pairs, forward meaning towards the
 * opponent; the tables turn them round for gote. */
typedef struct {
    int n;
    int fwd[8], side[8];
} Steps;

static const Steps pawn_steps = {1, {1}, {0}};
static const Steps silver_steps = {5, {1, 1, 1, -1, -1}, {-1, 0, 1, -1, 1}};
static const Steps gold_steps = {6, {1, 1, 1, 0, 0, -1}, {-1, 0, 1, -1, 1, 0}};
static const Steps king_steps = {8, {1, 1, 1, 0, 0, -1, -1, -1}, {-1, 0, 1, -1, 1, -1, 0, 1}};
/* Horse and dragon add the king steps their slides lack. */
static const Steps horse_steps = {4, {1, 0, 0, -1}, {0, -1, 1, 0}};
static const Steps dragon_steps = {4, {1, 1, -1, -1}, {-1, 1, -1, 1}};

static Bits steps_from(const Steps *st, int owner, int sq)
{
    const int forward = owner == GOGO_SENTE ? -1 : 1; /* sente moves to row 0 */
    Bits b = 0;
    for (int i = 0; i < st->n; i++) {
        int row = sq / 5 + st->fwd[i] * forward, col = sq % 5 + st->side[i];
        if (inside(row, col))
            b |= bit(row * 5 + col);
    }
    return b;
}

static void build(void)
{
    GogoTables *t = &gogo_tables;
    static const Steps *const by_kind[K_COUNT] = {
        [K_PAWN] = &pawn_steps,   [K_SILVER] = &silver_steps, [K_GOLD] = &gold_steps,
        [K_KING] = &king_steps,   [K_TOKIN] = &gold_steps,    [K_PSILVER] = &gold_steps,
        [K_HORSE] = &horse_steps, [K_DRAGON] = &dragon_steps,
    };
    for (int owner = 0; owner < 2; owner++)
        for (int k = 1; k < K_COUNT; k++)
            for (int sq = 0; sq < NSQ; sq++)
                t->step[owner][k][sq] = by_kind[k] ? steps_from(by_kind[k], owner, sq) : 0;

    for (int sq = 0; sq < NSQ; sq++) {
        t->rook_empty[sq] = t->bishop_empty[sq] = 0;
        for (int d = 0; d < 8; d++) {
            Bits ray = 0;
            int row = sq / 5 + dir_row[d], col = sq % 5 + dir_col[d];
            for (; inside(row, col); row += dir_row[d], col += dir_col[d])
                ray |= bit(row * 5 + col);
            t->ray[d][sq] = ray;
            if (d < 4)
                t->rook_empty[sq] |= ray;
            else
                t->bishop_empty[sq] |= ray;
        }
        t->file_of[sq] = 0;
        for (int row = 0; row < 5; row++)
            t->file_of[sq] |= bit(row * 5 + sq % 5);
    }
    for (int a = 0; a < NSQ; a++) {
        for (int b = 0; b < NSQ; b++) {
            t->between[a][b] = t->line[a][b] = 0;
            for (int d = 0; d < 8; d++) {
                if (!(t->ray[d][a] & bit(b)))
                    continue;
                t->between[a][b] = t->ray[d][a] & t->ray[d ^ 1][b];
                t->line[a][b] = t->ray[d][a] | t->ray[d ^ 1][a] | bit(a);
            }
        }
    }
    t->last_rank[GOGO_SENTE] = 0x1F;
    t->last_rank[GOGO_GOTE] = (Bits)0x1F << 20;

    uint64_t seed = 0x676F676F73686F67ULL; /* "gogoshog": fixed, the same hashes every run */
    for (int code = 0; code < 32; code++)
        for (int sq = 0; sq < NSQ; sq++)
            t->zobrist_piece[code][sq] = rng_next(&seed);
    for (int owner = 0; owner < 2; owner++)
        for (int k = 0; k < GOGO_HAND_KINDS; k++)
            for (int n = 0; n < 3; n++)
                t->zobrist_hand[owner][k][n] = n ? rng_next(&seed) : 0;
    t->zobrist_side = rng_next(&seed);
}

static pthread_once_t built = PTHREAD_ONCE_INIT;

void gogo_tables_init(void) { pthread_once(&built, build); }
