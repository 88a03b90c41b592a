/* gogo.h - what the UI and the tests need to know about a gogo (5x5 shogi)
 * Game beyond the GameOps table: who stands where, what is in hand, how a
 * Move is built and read, which moves may or must promote.
 *
 * Coordinates are the shogi ones the notation uses: files 1..5 (5 on the
 * left as sente sees the board), ranks 1..5 for a..e (rank a at the top, on
 * gote's side).  Internally a square is (rank - 1) * 5 + (5 - file), so 5a
 * is 0 and 1e is 24: row-major in the order the board is printed.
 * Players: 0 sente (b, moves first, up the board), 1 gote (w).
 */
#ifndef YOMI_GOGO_H
#define YOMI_GOGO_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"

typedef enum {
    GOGO_NONE = 0,
    GOGO_PAWN,
    GOGO_SILVER,
    GOGO_GOLD,
    GOGO_BISHOP,
    GOGO_ROOK,
    GOGO_KING
} GogoPiece;

enum { GOGO_SENTE = 0, GOGO_GOTE = 1 };
#define GOGO_HAND_KINDS 5 /* pawn, silver, gold, bishop, rook */

/* One position, copied by value (copy-make).  96 bytes, padding explicit and
 * always zero.  `board` holds kind | owner << 4 per square (0 empty), the
 * kinds being GogoPiece 1..6 and the promoted ones 7..10 (tokin, promoted
 * silver, horse, dragon); `by_kind[k - 1]` has the squares of kind k.
 * board, hand and side are contiguous: together they are the exact key. */
typedef struct {
    uint64_t hash;          /* Zobrist: board, hands, side to move */
    uint32_t by_owner[2];   /* bit = square */
    uint32_t by_kind[10];
    uint8_t board[25];
    uint8_t hand[2][GOGO_HAND_KINDS]; /* [player][GogoPiece - 1] */
    uint8_t side;           /* player to move */
    uint16_t move_number;   /* SFEN's move number; not part of any key */
    uint8_t zero[2];
} GogoState;

/* ---- squares ------------------------------------------------------------ */
static inline int gogo_square(int file, int rank) { return (rank - 1) * 5 + (5 - file); }
static inline int gogo_square_file(int sq) { return 5 - sq % 5; }
static inline int gogo_square_rank(int sq) { return sq / 5 + 1; }
static inline bool gogo_on_board(int file, int rank)
{
    return file >= 1 && file <= 5 && rank >= 1 && rank <= 5;
}

/* ---- moves ---------------------------------------------------------------
 * 16 bits: to (bits 0-4), from (bits 5-9; 25 + GogoPiece - 1 for a drop),
 * promotion (bit 10).  Natural order: board moves by origin square, then by
 * target, the plain move before the promoting one; then drops by piece
 * (P S G B R) and target. */
#define GOGO_DROP_FROM 25
static inline Move gogo_move(int from_sq, int to_sq, bool promote)
{
    return (Move)(to_sq | from_sq << 5 | (promote ? 1 << 10 : 0));
}
static inline Move gogo_drop(GogoPiece piece, int to_sq)
{
    return (Move)(to_sq | (GOGO_DROP_FROM + (int)piece - 1) << 5);
}
static inline int gogo_move_to(Move m) { return m & 31; }
static inline int gogo_move_from(Move m) { return m >> 5 & 31; } /* >= 25: a drop */
static inline bool gogo_move_is_drop(Move m) { return gogo_move_from(m) >= GOGO_DROP_FROM; }
static inline bool gogo_move_promotes(Move m) { return (m >> 10 & 1) != 0; }
static inline GogoPiece gogo_move_drop_piece(Move m)
{
    return (GogoPiece)(gogo_move_from(m) - GOGO_DROP_FROM + 1);
}

/* The same in file/rank terms, for the UI. */
typedef struct {
    bool drop;
    GogoPiece piece;        /* the dropped piece (drops only) */
    int from_file, from_rank; /* 0 for a drop */
    int to_file, to_rank;
    bool promote;
} GogoMoveInfo;

Move gogo_make_move(int from_file, int from_rank, int to_file, int to_rank, bool promote);
Move gogo_make_drop(GogoPiece piece, int to_file, int to_rank);
/* False (and *info zeroed) when m is not a well-formed gogo move. */
bool gogo_decode_move(Move m, GogoMoveInfo *info);

/* ---- the position --------------------------------------------------------- */
/* The piece at (file, rank) as its unpromoted kind, GOGO_NONE when empty or
 * off the board; owner and promotion through the pointers (may be NULL). */
GogoPiece gogo_piece_at(const Game *g, const void *state, int file, int rank, int *owner,
                        bool *promoted);
int gogo_hand_count(const Game *g, const void *state, int owner, GogoPiece piece);
int gogo_side_to_move(const Game *g, const void *state);
bool gogo_in_check(const Game *g, const void *state);
bool gogo_is_legal(const Game *g, const void *state, Move m);

/* For the side to move's piece on (from): whether the move to (to) may be
 * played promoted, and whether it has to be (a pawn reaching the last
 * rank).  Geometry only: legality is gogo_is_legal's job. */
bool gogo_may_promote(const Game *g, const void *state, int from_file, int from_rank,
                      int to_file, int to_rank);
bool gogo_must_promote(const Game *g, const void *state, int from_file, int from_rank,
                       int to_file, int to_rank);

#endif
