/* notation.c - gogo positions in SFEN, moves in USI, and the text board.
 *
 * SFEN: ranks a..e from gote's side (top) to sente's, files 5..1 left to
 * right, uppercase for sente, '+' before a promoted piece, digits for empty
 * squares; then b or w, the hands (e.g. 2BGSp, or -), and an optional move
 * number.  USI moves: 2e2d, 2b3a+ (promoting), P*3c (drop).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "games/gogo/internal.h"

#define MAX_POSITION_TEXT 120 /* the longest sensible SFEN is well under this */

static const char piece_letters[] = "?PSGBRK"; /* by GogoPiece */
static const char *const piece_names[] = {"?", N_("pawn"), N_("silver"), N_("gold"),
                                          N_("bishop"), N_("rook"), N_("king")};
/* `yomi show` prints these as they are (its output is a format); error
 * messages translate them. */
static const char *const player_names[] = {"sente", "gote"};
static const char *side_word(int owner) { return owner ? _("gote") : _("sente"); }

static int letter_kind(char c)
{
    const char *p = strchr(piece_letters + 1, toupper((unsigned char)c));
    return c && p ? (int)(p - piece_letters) : 0;
}

static void square_name(int sq, char out[3])
{
    out[0] = (char)('0' + gogo_square_file(sq));
    out[1] = (char)('a' + gogo_square_rank(sq) - 1);
    out[2] = '\0';
}

/* ---- SFEN parsing ------------------------------------------------------------ */

/* Next space-separated field of *p into field (NUL-terminated); false at the end. */
static bool next_field(const char **p, char *field, size_t size)
{
    while (**p == ' ')
        (*p)++;
    if (!**p)
        return false;
    size_t n = 0;
    while (**p && **p != ' ') {
        if (n + 1 < size)
            field[n++] = **p;
        (*p)++;
    }
    field[n] = '\0';
    return true;
}

static int parse_board(GogoState *s, const char *text, Err *err)
{
    int row = 0, col = 0;
    for (const char *p = text;; p++) {
        const char c = *p;
        if (c == '/' || c == '\0') {
            if (col != 5)
                return err_set(err, "rank %c has %d squares (every rank has 5)", 'a' + row, col);
            if (c == '\0')
                break;
            if (++row == 5)
                return err_set(err, "more than 5 ranks in the board (ranks are separated by '/')");
            col = 0;
            continue;
        }
        if (c >= '1' && c <= '9') {
            col += c - '0';
            if (col > 5)
                return err_set(err, "rank %c has more than 5 squares", 'a' + row);
            continue;
        }
        const bool promoted = c == '+';
        const char letter = promoted ? p[1] : c;
        const int base = letter_kind(letter);
        if (!base) {
            if (promoted)
                return err_set(err, "'+' must be followed by a piece letter in rank %c", 'a' + row);
            return err_set(err, "unexpected '%c' in the board (pieces are P S G B R K, uppercase for "
                                "sente; '+' promotes; digits 1-5 count empty squares)",
                           isprint((unsigned char)c) ? c : '?');
        }
        if (promoted && !kind_can_promote(base))
            return err_set(err, "a %s cannot be promoted (+%c in rank %c)", _(piece_names[base]), letter,
                           'a' + row);
        if (col == 5)
            return err_set(err, "rank %c has more than 5 squares", 'a' + row);
        const int owner = isupper((unsigned char)letter) ? GOGO_SENTE : GOGO_GOTE;
        gogo_state_put(s, row * 5 + col, promoted ? kind_promoted(base) : base, owner);
        col++;
        p += promoted;
    }
    if (row != 4)
        return err_set(err, "the board has %d ranks (it has 5, separated by '/')", row + 1);
    return 0;
}

static int parse_side(GogoState *s, const char *field, Err *err)
{
    if (strcmp(field, "b") == 0)
        gogo_state_set_side(s, GOGO_SENTE);
    else if (strcmp(field, "w") == 0)
        gogo_state_set_side(s, GOGO_GOTE);
    else
        return err_set(err, "side to move '%.20s' must be b (sente) or w (gote)", field);
    return 0;
}

static int parse_hands(GogoState *s, const char *field, Err *err)
{
    if (strcmp(field, "-") == 0)
        return 0;
    bool seen[2][GOGO_HAND_KINDS] = {{false}};
    for (const char *p = field; *p;) {
        int count = 1;
        if (isdigit((unsigned char)*p)) {
            count = 0;
            while (isdigit((unsigned char)*p) && count < 100)
                count = count * 10 + (*p++ - '0');
            if (count < 1 || count > 2)
                return err_set(err, "bad count %d in the hands (a player holds at most 2 of a kind)",
                               count);
            if (!*p)
                return err_set(err, "the hands end with a count and no piece");
        }
        const int base = letter_kind(*p);
        if (!base)
            return err_set(err, "unexpected '%c' in the hands (pieces are P S G B R, uppercase for "
                                "sente, lowercase for gote; '-' for none)",
                           isprint((unsigned char)*p) ? *p : '?');
        if (base == K_KING)
            return err_set(err, "a king cannot be in hand");
        const int owner = isupper((unsigned char)*p) ? GOGO_SENTE : GOGO_GOTE;
        if (seen[owner][base - 1])
            return err_set(err, "%c is listed twice in the hands", *p);
        seen[owner][base - 1] = true;
        gogo_state_set_hand(s, owner, base, count);
        p++;
    }
    return 0;
}

static int parse_move_number(GogoState *s, const char *field, Err *err)
{
    long n = 0;
    for (const char *p = field; *p; p++) {
        if (!isdigit((unsigned char)*p) || n > 100000)
            return err_set(err, "move number '%.20s' must be a number from 1 to 65535", field);
        n = n * 10 + (*p - '0');
    }
    if (n < 1 || n > UINT16_MAX)
        return err_set(err, "move number '%.20s' must be a number from 1 to 65535", field);
    s->move_number = (uint16_t)n;
    return 0;
}

/* What the board and hands may hold at all: one king each, at most two of
 * each kind overall, no pawn that could never move, no nifu, and the side
 * that just moved not left in check. */
static int check_material(const GogoState *s, Err *err)
{
    for (int owner = 0; owner < 2; owner++) {
        int kings = popcount(kinds(s, K_KING) & s->by_owner[owner]);
        if (kings == 0)
            return err_set(err, "no %s king", side_word(owner));
        if (kings > 1)
            return err_set(err, "%d %s kings (one each)", kings, side_word(owner));
    }
    for (int base = K_PAWN; base <= K_ROOK; base++) {
        int total = s->hand[0][base - 1] + s->hand[1][base - 1] + popcount(kinds(s, base));
        if (kind_promoted(base))
            total += popcount(kinds(s, kind_promoted(base)));
        if (total > 2)
            return err_set(err, "too many of a kind: %d %s, counting promoted ones and hands "
                                "(gogo has 2 of each)", total, _(piece_names[base]));
    }
    for (int owner = 0; owner < 2; owner++) {
        const Bits pawns = kinds(s, K_PAWN) & s->by_owner[owner];
        char name[3];
        if (pawns & T.last_rank[owner]) {
            square_name(lsb(pawns & T.last_rank[owner]), name);
            return err_set(err, "unpromoted %s pawn on %s, its last rank (it could never move)",
                           side_word(owner), name);
        }
        for (Bits p = pawns; p; p &= p - 1)
            if (popcount(pawns & T.file_of[lsb(p)]) > 1)
                return err_set(err, "two unpromoted %s pawns on file %d (nifu)", side_word(owner),
                               gogo_square_file(lsb(p)));
    }
    const int waiting = s->side ^ 1;
    if (gogo_attackers(s, king_square(s, waiting), s->side, occupied(s)))
        return err_set(err, "%s's king is in check but it is %s's move (the king could be captured)",
                       side_word(waiting), side_word(s->side));
    return 0;
}

int gogo_parse_position(const Game *g, const char *text, void *state, Err *err)
{
    (void)g;
    if (!text)
        return err_set(err, "empty position (expected an SFEN such as rbsgk/4p/5/P4/KGSBR b - 1)");
    size_t len = 0;
    while (text[len] && len <= MAX_POSITION_TEXT)
        len++;
    if (len > MAX_POSITION_TEXT)
        return err_set(err, "position too long (more than %d characters)", MAX_POSITION_TEXT);
    const char *p = text;
    char board[MAX_POSITION_TEXT + 1], side[MAX_POSITION_TEXT + 1], hands[MAX_POSITION_TEXT + 1];
    char number[MAX_POSITION_TEXT + 1], extra[MAX_POSITION_TEXT + 1];
    if (!next_field(&p, board, sizeof board))
        return err_set(err, "empty position (expected an SFEN such as rbsgk/4p/5/P4/KGSBR b - 1)");
    if (strcmp(board, "sfen") == 0 && !next_field(&p, board, sizeof board))
        return err_set(err, "nothing after 'sfen'");
    GogoState s;
    gogo_state_clear(&s);
    if (parse_board(&s, board, err) != 0)
        return -1;
    if (!next_field(&p, side, sizeof side))
        return err_set(err, "missing side to move after the board (b or w)");
    if (parse_side(&s, side, err) != 0)
        return -1;
    if (!next_field(&p, hands, sizeof hands))
        return err_set(err, "missing hands after the side to move ('-' when both are empty)");
    if (parse_hands(&s, hands, err) != 0)
        return -1;
    s.move_number = 1;
    if (next_field(&p, number, sizeof number) && parse_move_number(&s, number, err) != 0)
        return -1;
    if (next_field(&p, extra, sizeof extra))
        return err_set(err, "unexpected '%.20s' after the move number", extra);
    if (check_material(&s, err) != 0)
        return -1;
    memcpy(state, &s, sizeof s);
    return 0;
}

/* ---- SFEN formatting --------------------------------------------------------- */

/* A small bounded writer: output is cut at the buffer's end, never overrun. */
typedef struct {
    char *buf;
    size_t len, used;
} Out;

static void put(Out *o, const char *fmt, ...) YOMI_PRINTF(2, 3);
static void put(Out *o, const char *fmt, ...)
{
    if (o->used + 1 >= o->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->used, o->len - o->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->used = o->used + (size_t)n < o->len ? o->used + (size_t)n : o->len - 1;
}

static char piece_char(int code)
{
    const char c = piece_letters[kind_base(code_kind(code))];
    return code_owner(code) == GOGO_SENTE ? c : (char)tolower((unsigned char)c);
}

/* SFEN hands in the usual order (R B G S P), sente then gote; "-" if none. */
static void put_hands(Out *o, const GogoState *s)
{
    static const int order[] = {K_ROOK, K_BISHOP, K_GOLD, K_SILVER, K_PAWN};
    bool any = false;
    for (int owner = 0; owner < 2; owner++) {
        for (int i = 0; i < 5; i++) {
            const int n = s->hand[owner][order[i] - 1];
            if (!n)
                continue;
            char c = piece_letters[order[i]];
            if (owner == GOGO_GOTE)
                c = (char)tolower((unsigned char)c);
            if (n > 1)
                put(o, "%d", n);
            put(o, "%c", c);
            any = true;
        }
    }
    if (!any)
        put(o, "-");
}

void gogo_format_position(const Game *g, const void *state, char *buf, size_t len)
{
    (void)g;
    const GogoState *s = as_state(state);
    Out o = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    for (int row = 0; row < 5; row++) {
        int empty = 0;
        for (int col = 0; col < 5; col++) {
            const int code = s->board[row * 5 + col];
            if (!code) {
                empty++;
                continue;
            }
            if (empty)
                put(&o, "%d", empty);
            empty = 0;
            put(&o, "%s%c", code_kind(code) > K_KING ? "+" : "", piece_char(code));
        }
        if (empty)
            put(&o, "%d", empty);
        if (row < 4)
            put(&o, "/");
    }
    put(&o, " %c ", s->side == GOGO_SENTE ? 'b' : 'w');
    put_hands(&o, s);
    put(&o, " %d", s->move_number ? s->move_number : 1);
}

/* ---- USI moves ---------------------------------------------------------------- */

static int parse_square(const char *p)
{
    if (p[0] < '1' || p[0] > '5' || p[1] < 'a' || p[1] > 'e')
        return -1;
    return gogo_square(p[0] - '0', p[1] - 'a' + 1);
}

int gogo_parse_move(const Game *g, const void *state, const char *text, Move *m, Err *err)
{
    (void)g;
    const GogoState *s = as_state(state);
    static const char usage[] = "is not a USI move (e.g. 2e2d, 2b3a+ to promote, P*3c to drop)";
    if (!text || !*text)
        return err_set(err, "empty move (e.g. 2e2d, 2b3a+ to promote, P*3c to drop)");
    size_t len = 0;
    while (text[len] && len < 8)
        len++;
    Move move;
    if (len == 4 && text[1] == '*') {
        const int base = letter_kind(text[0]), to = parse_square(text + 2);
        if (!base || base == K_KING || to < 0)
            return err_set(err, "'%.8s' %s", text, usage);
        move = gogo_drop((GogoPiece)base, to);
    } else if (len == 4 || (len == 5 && text[4] == '+')) {
        const int from = parse_square(text), to = parse_square(text + 2);
        if (from < 0 || to < 0)
            return err_set(err, "'%.8s' %s", text, usage);
        if (from == to)
            return err_set(err, "%.8s is illegal: a piece must move to another square", text);
        move = gogo_move(from, to, len == 5);
    } else {
        return err_set(err, "'%.8s' %s", text, usage);
    }
    char why[128];
    if (gogo_explain_illegal(s, move, why, sizeof why))
        return err_set(err, "%.8s is illegal: %s", text, why);
    *m = move;
    return 0;
}

void gogo_format_move(const Game *g, const void *state, Move m, char *buf, size_t len)
{
    (void)g;
    (void)state;
    char from[3], to[3];
    GogoMoveInfo info;
    if (!len)
        return;
    if (!gogo_decode_move(m, &info)) {
        snprintf(buf, len, "%s", m == MOVE_NONE ? "none" : "?");
        return;
    }
    square_name(gogo_move_to(m), to);
    if (info.drop) {
        snprintf(buf, len, "%c*%s", piece_letters[info.piece], to);
    } else {
        square_name(gogo_move_from(m), from);
        snprintf(buf, len, "%s%s%s", from, to, info.promote ? "+" : "");
    }
}

/* ---- the text board -------------------------------------------------------------- */

static void put_hand_line(Out *o, const GogoState *s, int owner)
{
    put(o, "%s (%c) in hand:", player_names[owner], owner == GOGO_SENTE ? 'b' : 'w');
    bool any = false;
    for (int k = K_ROOK; k >= K_PAWN; k--) {
        const int n = s->hand[owner][k - 1];
        if (!n)
            continue;
        char c = piece_letters[k];
        if (owner == GOGO_GOTE)
            c = (char)tolower((unsigned char)c);
        if (n > 1)
            put(o, " %d%c", n, c);
        else
            put(o, " %c", c);
        any = true;
    }
    put(o, "%s\n", any ? "" : " -");
}

void gogo_render_text(const Game *g, const void *state, char *buf, size_t len)
{
    (void)g;
    const GogoState *s = as_state(state);
    Out o = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    put_hand_line(&o, s, GOGO_GOTE);
    put(&o, "    5  4  3  2  1\n  +---------------+\n");
    for (int row = 0; row < 5; row++) {
        put(&o, "  |");
        for (int col = 0; col < 5; col++) {
            const int code = s->board[row * 5 + col];
            if (code)
                put(&o, "%c%c ", code_kind(code) > K_KING ? '+' : ' ', piece_char(code));
            else
                put(&o, " . ");
        }
        put(&o, "| %c\n", 'a' + row);
    }
    put(&o, "  +---------------+\n");
    put_hand_line(&o, s, GOGO_SENTE);
    put(&o, "%s (%c) to move", player_names[s->side], s->side == GOGO_SENTE ? 'b' : 'w');
    if (gogo_count(s) == 0)
        put(&o, ": %s, %s wins", gogo_state_in_check(s) ? "checkmate" : "no legal move",
            player_names[s->side ^ 1]);
    else if (gogo_state_in_check(s))
        put(&o, ", in check");
    put(&o, "\n");
}
