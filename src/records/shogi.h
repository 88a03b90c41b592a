/* shogi.h - what KIF and CSA share about gogo: the pieces' names in each,
 * a board as both draw it, and how a game they record ended. */
#ifndef YOMI_RECORDS_SHOGI_H
#define YOMI_RECORDS_SHOGI_H

#include "games/gogo/gogo.h"
#include "records/internal.h"

/* A position square by square, rank 1 (gote's side) first, file 5 first
 * in each rank, as the diagrams and SFEN lay it out. */
typedef struct {
    GogoPiece piece[25]; /* unpromoted kind, GOGO_NONE empty */
    bool promoted[25];
    int owner[25];
    int hand[2][GOGO_KING]; /* [owner][GogoPiece], pawn to rook */
    int side;
} ShogiBoard;

static inline int shogi_index(int file, int rank) { return (rank - 1) * 5 + (5 - file); }

/* The board of a gogo position, and a board as an SFEN that gogo's
 * parse_position then checks (kings, nifu, counts...). */
void shogi_board_of(const Game *g, const void *state, ShogiBoard *b);
void shogi_board_sfen(const ShogiBoard *b, char *buf, size_t len);

/* KIF's names: 歩 銀 金 角 飛 玉, promoted と 成銀 馬 龍 (and 王, 全, 竜
 * read too).  kif_piece() reads one at s: its length in bytes, 0 if none. */
const char *kif_piece_name(GogoPiece p, bool promoted);
const char *kif_piece_char(GogoPiece p, bool promoted); /* one character (全) */
size_t kif_piece(const char *s, GogoPiece *p, bool *promoted);

/* CSA's: FU GI KI KA HI OU, promoted TO NG UM RY. */
const char *csa_piece_name(GogoPiece p, bool promoted);
bool csa_piece(const char *s, GogoPiece *p, bool *promoted);

/* How a recorded game ended by the rules, after its last move. */
typedef enum { SHOGI_GOES_ON, SHOGI_MATE, SHOGI_NO_MOVE, SHOGI_REPETITION } ShogiEnd;
/* The end and, when there is one, the winner (0 sente, 1 gote). */
ShogiEnd shogi_end(const RecordGame *r, int *winner);

#endif
