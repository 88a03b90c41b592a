/* internal.h - what the gogo files share: piece kinds, the bitboard tables,
 * and the rules' entry points used by the notation and the ops table.
 *
 * A bitboard is a uint32_t with bit `sq` for square sq (0 = 5a .. 24 = 1e).
 * Sente moves towards row 0, gote towards row 4.
 */
#ifndef YOMI_GOGO_INTERNAL_H
#define YOMI_GOGO_INTERNAL_H

#include "games/gogo/gogo.h"

typedef uint32_t Bits;

#define NSQ 25
#define BOARD_BITS ((Bits)0x1FFFFFF)

/* Kinds: the six GogoPiece values, then the promoted pieces. */
enum {
    K_PAWN = GOGO_PAWN,
    K_SILVER = GOGO_SILVER,
    K_GOLD = GOGO_GOLD,
    K_BISHOP = GOGO_BISHOP,
    K_ROOK = GOGO_ROOK,
    K_KING = GOGO_KING,
    K_TOKIN,
    K_PSILVER,
    K_HORSE,
    K_DRAGON,
    K_COUNT /* one past the last kind */
};

static inline int code_kind(int code) { return code & 15; }
static inline int code_owner(int code) { return code >> 4; }
static inline int make_code(int kind, int owner) { return kind | owner << 4; }
static inline bool kind_can_promote(int kind) { return kind >= K_PAWN && kind <= K_ROOK && kind != K_GOLD; }
static inline int kind_promoted(int kind)
{
    static const uint8_t up[K_COUNT] = {0, K_TOKIN, K_PSILVER, 0, K_HORSE, K_DRAGON};
    return up[kind];
}
/* What a captured piece becomes in hand. */
static inline int kind_base(int kind)
{
    static const uint8_t down[K_COUNT] = {0,      K_PAWN,   K_SILVER, K_GOLD,   K_BISHOP, K_ROOK,
                                          K_KING, K_PAWN,   K_SILVER, K_BISHOP, K_ROOK};
    return down[kind];
}

static inline Bits bit(int sq) { return (Bits)1 << sq; }
static inline int lsb(Bits b) { return __builtin_ctz(b); }
static inline int msb(Bits b) { return 31 - __builtin_clz(b); }
static inline int popcount(Bits b) { return __builtin_popcount(b); }

/* ---- tables (tables.c), filled once by gogo_tables_init() ---------------- */
typedef struct {
    Bits step[2][K_COUNT][NSQ]; /* non-sliding part of each kind's moves */
    Bits ray[8][NSQ];           /* 0-3 rook directions, 4-7 bishop; even = towards higher squares */
    Bits rook_empty[NSQ];       /* rook moves on an empty board */
    Bits bishop_empty[NSQ];
    Bits between[NSQ][NSQ];     /* squares strictly between two aligned squares */
    Bits line[NSQ][NSQ];        /* the whole line through two aligned squares */
    Bits file_of[NSQ];          /* the file of a square */
    Bits last_rank[2];          /* a player's promotion zone (the far rank) */
    uint64_t zobrist_piece[32][NSQ]; /* [code][square] */
    uint64_t zobrist_hand[2][GOGO_HAND_KINDS][3];
    uint64_t zobrist_side;
} GogoTables;

extern GogoTables gogo_tables;
void gogo_tables_init(void); /* idempotent, thread-safe */

#define T gogo_tables

/* Sliding moves with the first blocker included (classical rays: the first
 * blocker towards higher squares is the lowest set bit, towards lower
 * squares the highest). */
static inline Bits slide(int first_dir, int sq, Bits occ)
{
    Bits att = 0;
    for (int d = first_dir; d < first_dir + 4; d++) {
        Bits ray = T.ray[d][sq], block = ray & occ;
        if (block)
            ray ^= T.ray[d][(d & 1) ? msb(block) : lsb(block)];
        att |= ray;
    }
    return att;
}
static inline Bits rook_attacks(int sq, Bits occ) { return slide(0, sq, occ); }
static inline Bits bishop_attacks(int sq, Bits occ) { return slide(4, sq, occ); }

static inline Bits piece_attacks(int kind, int owner, int sq, Bits occ)
{
    switch (kind) {
    case K_BISHOP: return bishop_attacks(sq, occ);
    case K_ROOK: return rook_attacks(sq, occ);
    case K_HORSE: return bishop_attacks(sq, occ) | T.step[owner][kind][sq];
    case K_DRAGON: return rook_attacks(sq, occ) | T.step[owner][kind][sq];
    default: return T.step[owner][kind][sq];
    }
}

static inline const GogoState *as_state(const void *s) { return (const GogoState *)s; }
static inline Bits kinds(const GogoState *s, int k) { return s->by_kind[k - 1]; }
static inline Bits occupied(const GogoState *s) { return s->by_owner[0] | s->by_owner[1]; }
static inline int king_square(const GogoState *s, int owner)
{
    Bits k = kinds(s, K_KING) & s->by_owner[owner];
    return k ? lsb(k) : -1;
}

/* ---- rules (movegen.c) -------------------------------------------------- */
/* Pieces of `by` that attack sq with the board occupancy `occ`. */
Bits gogo_attackers(const GogoState *s, int sq, int by, Bits occ);
int gogo_generate(const GogoState *s, Move *moves); /* legal moves, natural order */
int gogo_count(const GogoState *s);                 /* how many legal moves */
void gogo_play(const GogoState *s, Move m, GogoState *child);
uint64_t gogo_perft_state(const GogoState *s, int depth);
bool gogo_state_in_check(const GogoState *s);
/* A move that mates at once, for a side not in check (some rare mates
 * left out: game.h mate_in_one). */
bool gogo_mate_in_one(const GogoState *s, Move *mate);

/* Whether m would pass every rule; when not, a short reason
 * ("leaves the king in check", "nifu", ...) for the move parser. */
bool gogo_explain_illegal(const GogoState *s, Move m, char *why, size_t len);

/* ---- state building (gogo.c) -------------------------------------------- */
void gogo_state_clear(GogoState *s);
void gogo_state_put(GogoState *s, int sq, int kind, int owner); /* empty square */
void gogo_state_set_hand(GogoState *s, int owner, int base_kind, int count);
void gogo_state_set_side(GogoState *s, int side);

/* ---- notation (notation.c) ---------------------------------------------- */
int gogo_parse_position(const Game *g, const char *text, void *state, Err *err);
void gogo_format_position(const Game *g, const void *state, char *buf, size_t len);
int gogo_parse_move(const Game *g, const void *state, const char *text, Move *m, Err *err);
void gogo_format_move(const Game *g, const void *state, Move m, char *buf, size_t len);
void gogo_render_text(const Game *g, const void *state, char *buf, size_t len);

#endif
