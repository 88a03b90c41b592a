/* shogi.c - see shogi.h. */
#include <stdlib.h>
#include <string.h>

#include "records/shogi.h"

void shogi_board_of(const Game *g, const void *state, ShogiBoard *b)
{
    memset(b, 0, sizeof *b);
    for (int rank = 1; rank <= 5; rank++)
        for (int file = 5; file >= 1; file--) {
            const int i = shogi_index(file, rank);
            b->piece[i] = gogo_piece_at(g, state, file, rank, &b->owner[i], &b->promoted[i]);
        }
    for (int owner = 0; owner < 2; owner++)
        for (int p = GOGO_PAWN; p <= GOGO_ROOK; p++)
            b->hand[owner][p] = gogo_hand_count(g, state, owner, (GogoPiece)p);
    b->side = gogo_side_to_move(g, state);
}

void shogi_board_sfen(const ShogiBoard *b, char *buf, size_t len)
{
    static const char letters[] = "?PSGBRK";
    static const int hand_order[] = {GOGO_ROOK, GOGO_BISHOP, GOGO_GOLD, GOGO_SILVER, GOGO_PAWN};
    char out[RECORD_POSITION_MAX];
    size_t n = 0;
    for (int row = 0; row < 5; row++) {
        int empty = 0;
        for (int col = 0; col < 5; col++) {
            const int i = row * 5 + col;
            if (b->piece[i] == GOGO_NONE) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            if (b->promoted[i])
                out[n++] = '+';
            const char c = letters[b->piece[i]];
            out[n++] = b->owner[i] ? (char)(c - 'A' + 'a') : c;
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        out[n++] = row < 4 ? '/' : ' ';
    }
    out[n++] = b->side ? 'w' : 'b';
    out[n++] = ' ';
    const size_t hands = n;
    for (int owner = 0; owner < 2; owner++)
        for (int k = 0; k < 5; k++) {
            const int count = b->hand[owner][hand_order[k]];
            if (count <= 0)
                continue;
            if (count > 1)
                n += (size_t)snprintf(out + n, sizeof out - n, "%d", count > 99 ? 99 : count);
            const char c = letters[hand_order[k]];
            out[n++] = owner ? (char)(c - 'A' + 'a') : c;
        }
    if (n == hands)
        out[n++] = '-';
    out[n] = '\0';
    snprintf(buf, len, "%s 1", out);
}

/* ---- names ---------------------------------------------------------------------- */

static const struct {
    GogoPiece piece;
    bool promoted;
    const char *kif, *csa;
    bool kif_main; /* the name written; the others are only read */
} names[] = {
    {GOGO_SILVER, true, "成銀", "NG", true}, /* before 銀: the longer name first */
    {GOGO_PAWN, false, "歩", "FU", true},     {GOGO_PAWN, true, "と", "TO", true},
    {GOGO_SILVER, false, "銀", "GI", true},   {GOGO_SILVER, true, "全", NULL, false},
    {GOGO_GOLD, false, "金", "KI", true},     {GOGO_BISHOP, false, "角", "KA", true},
    {GOGO_BISHOP, true, "馬", "UM", true},    {GOGO_ROOK, false, "飛", "HI", true},
    {GOGO_ROOK, true, "龍", "RY", true},      {GOGO_ROOK, true, "竜", NULL, false},
    {GOGO_KING, false, "玉", "OU", true},     {GOGO_KING, false, "王", NULL, false},
};
enum { NNAMES = sizeof names / sizeof names[0] };

const char *kif_piece_name(GogoPiece p, bool promoted)
{
    for (int i = 0; i < NNAMES; i++)
        if (names[i].piece == p && names[i].promoted == promoted && names[i].kif_main)
            return names[i].kif;
    return "?";
}

const char *kif_piece_char(GogoPiece p, bool promoted)
{
    return p == GOGO_SILVER && promoted ? "全" : kif_piece_name(p, promoted);
}

size_t kif_piece(const char *s, GogoPiece *p, bool *promoted)
{
    for (int i = 0; i < NNAMES; i++) {
        const size_t n = strlen(names[i].kif);
        if (strncmp(s, names[i].kif, n) == 0) {
            *p = names[i].piece;
            *promoted = names[i].promoted;
            return n;
        }
    }
    return 0;
}

const char *csa_piece_name(GogoPiece p, bool promoted)
{
    for (int i = 0; i < NNAMES; i++)
        if (names[i].piece == p && names[i].promoted == promoted && names[i].csa)
            return names[i].csa;
    return "??";
}

bool csa_piece(const char *s, GogoPiece *p, bool *promoted)
{
    for (int i = 0; i < NNAMES; i++)
        if (names[i].csa && strncmp(s, names[i].csa, 2) == 0) {
            *p = names[i].piece;
            *promoted = names[i].promoted;
            return true;
        }
    return false;
}

/* ---- the end -------------------------------------------------------------------- */

ShogiEnd shogi_end(const RecordGame *r, int *winner)
{
    const Game *g = r->game;
    const size_t size = g->state_size;
    unsigned char *states = malloc((size_t)(r->nmoves + 1) * size);
    if (!states)
        return SHOGI_GOES_ON; /* the record is still right, only without its end */
    memcpy(states, r->start, size);
    for (int i = 0; i < r->nmoves; i++)
        g->ops->play(g, states + (size_t)i * size, r->moves[i], states + (size_t)(i + 1) * size);
    const void *now = states + (size_t)r->nmoves * size;
    const int side = g->ops->side_to_move(g, now);
    ShogiEnd end = SHOGI_GOES_ON;
    const void *stack[512];
    const int n = r->nmoves + 1 > 512 ? 512 : r->nmoves + 1;
    for (int i = 0; i < n; i++)
        stack[i] = states + (size_t)(r->nmoves + 1 - n + i) * size;
    int value;
    if (g->ops->history_result(g, stack, n, &value)) {
        end = SHOGI_REPETITION;
        *winner = value > 0 ? side : 1 - side;
    } else if (g->ops->is_terminal(g, now)) {
        end = gogo_in_check(g, now) ? SHOGI_MATE : SHOGI_NO_MOVE;
        *winner = 1 - side;
    }
    free(states);
    return end;
}
