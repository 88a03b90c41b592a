/* csa.c - gogo in the CSA standard file format (the Computer Shogi
 * Association's, V2.2 and V3.0), its board cut to 5x5:
 *
 *   V2.2
 *   N+human
 *   N-yomi
 *   P1-HI-KA-GI-KI-OU
 *   P2 *  *  *  * -FU
 *   P3 *  *  *  *  *
 *   P4+FU *  *  *  *
 *   P5+OU+KI+GI+KA+HI
 *   +
 *   +2524FU
 *   -1524KA
 *   %TORYO
 *
 * The standard draws a 9x9 board, rank by rank from P1 with files 9 to 1,
 * or PI for the 9x9 start; no 5x5 convention is written down.  yomi uses
 * the P-lines with five squares each (files 5 to 1) and P1 to P5: the
 * standard's own layout on a smaller board, and always writes the board
 * (PI, the 9x9 start, is refused).  P+ and P- lines add pieces ("P+00FU"
 * in hand, 00AL all the rest) to the board or to an empty one; "+" or "-"
 * says who moves first.  A move is the mover's sign, from and to (00 for
 * a drop: "+0024FU") and the piece as it stands after the move (promoted:
 * "+2221UM").  Statements may share a line, separated by commas; T (time),
 * $ (game information) and ' (comment) lines are read past; a % line ends
 * the game. */
#include <ctype.h>
#include <string.h>

#include "records/shogi.h"

static bool csa_detect(const char *text)
{
    for (const char *line = text; *line;) {
        while (*line == ' ' || *line == '\t' || *line == '\r' || *line == '\n')
            line++;
        if (*line != '\'')
            return (line[0] == 'V' && isdigit((unsigned char)line[1])) ||
                   (line[0] == 'N' && (line[1] == '+' || line[1] == '-')) || line[0] == '$' ||
                   (line[0] == 'P' && (isdigit((unsigned char)line[1]) || line[1] == 'I' ||
                                       line[1] == '+' || line[1] == '-'));
        line = strchr(line, '\n');
        if (!line)
            break;
    }
    return false;
}

/* ---- reading ------------------------------------------------------------------ */

typedef struct {
    RecordReader *rd;
    ShogiBoard board;
    bool board_seen, side_seen, ended;
    char names[2][RECORD_NAME_MAX];
} CsaReader;

static int csa_begin(CsaReader *c, Err *err)
{
    char sfen[RECORD_POSITION_MAX] = "";
    if (c->board_seen)
        shogi_board_sfen(&c->board, sfen, sizeof sfen);
    else if (c->board.side)
        return rr_fail_file(c->rd, err, "gote moves first ('-'): draw the board (P1 to P5)");
    if (rr_begin(c->rd, "gogo", "gogo", NULL, 0, sfen, err) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        rr_name(c->rd, i, c->names[i]);
    return 0;
}

/* A square "11".."55" into file and rank; false when off the 5x5 board. */
static bool csa_square(const char *s, int *file, int *rank)
{
    *file = s[0] - '0';
    *rank = s[1] - '0';
    return *file >= 1 && *file <= 5 && *rank >= 1 && *rank <= 5;
}

/* "P3 *  * -FU *  * ": rank 3 of the board. */
static int csa_rank(CsaReader *c, const char *s, Err *err)
{
    const int rank = s[1] - '0';
    if (rank < 1 || rank > 5)
        return rr_fail(c->rd, err, "P%c: a 5x5 board has ranks P1 to P5", s[1]);
    c->board_seen = true;
    s += 2;
    for (int file = 5; file >= 1; file--) {
        const int i = shogi_index(file, rank);
        if (s[0] == ' ' && s[1] == '*') {
            c->board.piece[i] = GOGO_NONE;
            s += s[2] ? 3 : 2;
            continue;
        }
        if ((s[0] != '+' && s[0] != '-') ||
            !csa_piece(s + 1, &c->board.piece[i], &c->board.promoted[i]))
            return rr_fail(c->rd, err, "P%d: a square is ' * ' or a sign and a piece (+FU)",
                           rank);
        c->board.owner[i] = s[0] == '-';
        s += 3;
    }
    if (*s)
        return rr_fail(c->rd, err, "P%d has more than 5 squares: yomi plays 5x5 shogi", rank);
    return 0;
}

/* "P+00FU23GI", "P-00AL": pieces for one side, on the board or in hand. */
static int csa_pieces(CsaReader *c, const char *s, Err *err)
{
    const int owner = s[1] == '-';
    c->board_seen = true;
    for (s += 2; *s; s += 4) {
        GogoPiece p;
        bool promoted;
        int file, rank;
        if (strncmp(s, "00AL", 4) == 0) {
            static const int total[] = {0, 2, 2, 2, 2, 2}; /* two of each */
            for (int k = GOGO_PAWN; k <= GOGO_ROOK; k++) {
                int left = total[k] - c->board.hand[0][k] - c->board.hand[1][k];
                for (int i = 0; i < 25; i++)
                    left -= c->board.piece[i] == (GogoPiece)k;
                c->board.hand[owner][k] += left > 0 ? left : 0;
            }
            continue;
        }
        if (strlen(s) < 4 || !csa_piece(s + 2, &p, &promoted))
            return rr_fail(c->rd, err, "'%.12s' is not a square and a piece (00FU, 23GI)", s);
        if (s[0] == '0' && s[1] == '0') {
            if (promoted || p == GOGO_KING)
                return rr_fail(c->rd, err, "'%.4s': not a piece to hold in hand", s);
            c->board.hand[owner][p]++;
        } else if (csa_square(s, &file, &rank)) {
            const int i = shogi_index(file, rank);
            c->board.piece[i] = p, c->board.promoted[i] = promoted, c->board.owner[i] = owner;
        } else {
            return rr_fail(c->rd, err, "'%.4s' is off the 5x5 board", s);
        }
    }
    return 0;
}

/* "+2524FU": a move, as gogo's USI for its own parser. */
static int csa_move(CsaReader *c, const char *s, Err *err)
{
    RecordReader *rd = c->rd;
    if (c->ended)
        return rr_fail(rd, err, "a move after the end of the game: '%.20s'", s);
    if (!rr_begun(rd) && csa_begin(c, err) != 0)
        return -1;
    const Game *g = rr_game(rd);
    const int side = s[0] == '-';
    GogoPiece p;
    bool promoted;
    int from_file, from_rank, to_file, to_rank;
    if (strlen(s) != 7 || !isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]) ||
        !csa_square(s + 3, &to_file, &to_rank) || !csa_piece(s + 5, &p, &promoted))
        return rr_fail(rd, err, "'%.20s' is not a CSA move (such as +2524FU, +0023FU)", s);
    if (!rr_over(rd) && g->ops->side_to_move(g, rr_state(rd)) != side)
        return side ? rr_fail(rd, err, "'%s': it is sente's (+) move", s)
                    : rr_fail(rd, err, "'%s': it is gote's (-) move", s);
    char usi[16];
    if (s[1] == '0' && s[2] == '0') {
        snprintf(usi, sizeof usi, "%c*%d%c", "?PSGBRK"[p], to_file, 'a' + to_rank - 1);
    } else {
        if (!csa_square(s + 1, &from_file, &from_rank))
            return rr_fail(rd, err, "'%s': %.2s is off the 5x5 board", s, s + 1);
        bool was_promoted;
        const GogoPiece on = gogo_piece_at(g, rr_state(rd), from_file, from_rank, NULL,
                                           &was_promoted);
        /* The piece after the move: the same, or promoted by it. */
        if (on != p || (was_promoted && !promoted))
            return rr_fail(rd, err, "'%s': the piece on %d%c does not become %.2s", s, from_file,
                           'a' + from_rank - 1, s + 5);
        snprintf(usi, sizeof usi, "%d%c%d%c%s", from_file, 'a' + from_rank - 1, to_file,
                 'a' + to_rank - 1, promoted && !was_promoted ? "+" : "");
    }
    return rr_move(rd, usi, s, err);
}

static int csa_statement(CsaReader *c, const char *s, Err *err)
{
    RecordReader *rd = c->rd;
    s = rr_skip_blanks(s);
    if (*s == 'T') {
        rr_time(rd, rr_seconds(s + 1));
        return 0;
    }
    if (*s == '\0' || *s == '\'' || *s == '$' || *s == 'V')
        return 0;
    if (*s == '%') {
        c->ended = true;
        return 0;
    }
    if (strcmp(s, "/") == 0)
        return rr_fail(rd, err, "a second game after '/': yomi reads one game a file");
    if (s[0] == 'N' && (s[1] == '+' || s[1] == '-')) {
        snprintf(c->names[s[1] == '-'], sizeof c->names[0], "%.*s", RECORD_NAME_MAX - 1, s + 2);
        return 0;
    }
    if ((s[0] == '+' || s[0] == '-') && s[1] == '\0') {
        if (rr_begun(rd))
            return rr_fail(rd, err, "who moves first, said after the moves");
        c->board.side = s[0] == '-';
        c->side_seen = true;
        return 0;
    }
    if (s[0] == '+' || s[0] == '-')
        return csa_move(c, s, err);
    if (s[0] == 'P' && rr_begun(rd))
        return rr_fail(rd, err, "the board after the moves");
    if (s[0] == 'P' && s[1] == 'I')
        return rr_fail(rd, err, "PI is the 9x9 start: a 5x5 record draws its board as P1 to P5");
    if (s[0] == 'P' && isdigit((unsigned char)s[1]))
        return csa_rank(c, s, err);
    if (s[0] == 'P' && (s[1] == '+' || s[1] == '-'))
        return csa_pieces(c, s, err);
    return rr_fail(rd, err, "'%.20s' is not a CSA line", s);
}

static int csa_read(RecordReader *rd, Err *err)
{
    CsaReader c = {.rd = rd};
    int got;
    while ((got = rr_next_line(rd, err)) > 0) {
        char *line = rd->line;
        if (line[0] == '\'') /* a comment may hold commas */
            continue;
        for (char *s = line, *comma; s; s = comma ? comma + 1 : NULL) {
            if ((comma = strchr(s, ',')))
                *comma = '\0';
            if (csa_statement(&c, s, err) != 0)
                return -1;
        }
    }
    if (got < 0)
        return -1;
    return rr_begun(rd) ? 0 : csa_begin(&c, err);
}

/* ---- writing ------------------------------------------------------------------ */

static void put_hand(FILE *out, const ShogiBoard *b, int owner)
{
    bool any = false;
    for (int p = GOGO_ROOK; p >= GOGO_PAWN; p--)
        for (int n = 0; n < b->hand[owner][p]; n++) {
            fprintf(out, "%s00%s", any ? "" : owner ? "P-" : "P+", csa_piece_name((GogoPiece)p, false));
            any = true;
        }
    if (any)
        fputc('\n', out);
}

static void put_board(FILE *out, const RecordGame *r)
{
    ShogiBoard b;
    shogi_board_of(r->game, r->start, &b);
    for (int rank = 1; rank <= 5; rank++) {
        fprintf(out, "P%d", rank);
        for (int file = 5; file >= 1; file--) {
            const int i = shogi_index(file, rank);
            if (b.piece[i] == GOGO_NONE)
                fprintf(out, " * ");
            else
                fprintf(out, "%c%s", b.owner[i] ? '-' : '+', csa_piece_name(b.piece[i], b.promoted[i]));
        }
        fputc('\n', out);
    }
    put_hand(out, &b, 0);
    put_hand(out, &b, 1);
    fprintf(out, "%c\n", b.side ? '-' : '+');
}

static void put_move(FILE *out, const Game *g, const void *state, Move m)
{
    GogoMoveInfo mi;
    gogo_decode_move(m, &mi);
    const char sign = gogo_side_to_move(g, state) ? '-' : '+';
    if (mi.drop) {
        fprintf(out, "%c00%d%d%s\n", sign, mi.to_file, mi.to_rank, csa_piece_name(mi.piece, false));
        return;
    }
    bool promoted;
    const GogoPiece p = gogo_piece_at(g, state, mi.from_file, mi.from_rank, NULL, &promoted);
    fprintf(out, "%c%d%d%d%d%s\n", sign, mi.from_file, mi.from_rank, mi.to_file, mi.to_rank,
            csa_piece_name(p, promoted || mi.promote));
}

static int csa_write(FILE *out, const RecordGame *r, Err *err)
{
    const Game *g = r->game;
    fprintf(out, "' yomi: gogo (5x5 shogi); the board is 5x5, files 5 to 1\nV2.2\n");
    for (int i = 0; i < 2; i++) {
        if (!r->names[i] || !r->names[i][0])
            continue;
        fprintf(out, "N%c", i ? '-' : '+');
        for (const char *c = r->names[i]; *c; c++) /* a comma would end the line's statement */
            fputc(*c == ',' ? ' ' : *c, out);
        fputc('\n', out);
    }
    put_board(out, r);
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, r->start, g->state_size);
    for (int i = 0; i < r->nmoves; i++) {
        put_move(out, g, cur, r->moves[i]);
        if (r->move_ms) /* whole seconds, as servers send them */
            fprintf(out, "T%lld\n", (long long)(rg_move_ms(r, i) / 1000));
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    int winner;
    static const char *const ends[] = {"", "%TORYO", "%TIME_UP", "%ILLEGAL_MOVE"};
    const ShogiEnd end = r->end != RECORD_END_NONE ? SHOGI_GOES_ON : shogi_end(r, &winner);
    if (r->end != RECORD_END_NONE)
        fprintf(out, "%s\n", ends[r->end]);
    else if (end == SHOGI_MATE || end == SHOGI_NO_MOVE)
        fprintf(out, "%%TSUMI\n");
    else if (end == SHOGI_REPETITION)
        fprintf(out, "%%SENNICHITE\n");
    return ferror(out) ? err_set(err, "out of memory") : 0;
}

const RecordFormat record_csa = {
    .name = "csa",
    .title = "CSA",
    .extension = ".csa",
    .family = "gogo",
    .detect = csa_detect,
    .read = csa_read,
    .write = csa_write,
};
