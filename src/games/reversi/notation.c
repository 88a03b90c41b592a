/* notation.c - reversi positions and moves as text (doc/cli.md), and the board
 * that `yomi show` prints. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "games/reversi/internal.h"

/* Longest position text accepted: 64 squares, the side and generous
 * whitespace.  Anything longer is rejected before it is scanned. */
#define POSITION_MAX_TEXT 256

/* strnlen(text) > n, without reading past the terminating NUL. */
static bool longer_than(const char *text, size_t n)
{
    for (size_t i = 0; i <= n; i++)
        if (text[i] == '\0')
            return false;
    return true;
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Describe one character of user input safely in a message. */
static const char *shown(char c, char *buf)
{
    if (isprint((unsigned char)c))
        snprintf(buf, 8, "'%c'", c);
    else
        snprintf(buf, 8, "0x%02x", (unsigned char)c);
    return buf;
}

int reversi_parse_position(const Game *g, const char *text, void *state, Err *err)
{
    const Reversi *r = as_reversi(g);
    const int squares = r->rows * r->cols;
    char c1[8];
    if (!text)
        return err_set(err, "no position given");
    if (longer_than(text, POSITION_MAX_TEXT))
        return err_set(err, "position too long (a %dx%d position is %d squares, a space "
                            "and X or O)", r->rows, r->cols, squares);
    const char *p = text;
    while (is_space(*p))
        p++;
    uint64_t black = 0, white = 0;
    int n = 0;
    for (;; p++) {
        const char c = *p;
        const bool square = c == 'X' || c == 'x' || c == 'O' || c == 'o' || c == '-' || c == '.';
        if (!square)
            break;
        if (n == squares)
            return err_set(err, "too many squares: a %dx%d position has %d, then a space and "
                                "X or O", r->rows, r->cols, squares);
        const uint64_t bit = 1ULL << ((n / r->cols) * 8 + n % r->cols);
        if (c == 'X' || c == 'x')
            black |= bit;
        else if (c == 'O' || c == 'o')
            white |= bit;
        n++;
    }
    if (*p != '\0' && !is_space(*p))
        return err_set(err, "bad character %s at offset %d (squares are X, O, - or .)",
                       shown(*p, c1), (int)(p - text));
    if (n < squares)
        return err_set(err, "too few squares: got %d, a %dx%d position has %d", n, r->rows,
                       r->cols, squares);
    while (is_space(*p))
        p++;
    int side;
    if (*p == 'X' || *p == 'x')
        side = 0;
    else if (*p == 'O' || *p == 'o')
        side = 1;
    else if (*p == '\0')
        return err_set(err, "missing side to move: add a space and X or O after the squares");
    else
        return err_set(err, "bad side to move %s (X or O)", shown(*p, c1));
    p++;
    const char *end = p;
    while (is_space(*end))
        end++;
    if (*end != '\0' || (end == p && *p != '\0'))
        return err_set(err, "unexpected text after the side to move: '%.20s'", p);
    ReversiState *s = state;
    memset(s, 0, sizeof *s);
    s->side = (uint8_t)side;
    s->mover = side ? white : black;
    s->other = side ? black : white;
    return 0;
}

void reversi_format_position(const Game *g, const void *state, char *buf, size_t len)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    char text[80];
    int n = 0;
    for (int row = 0; row < r->rows; row++)
        for (int col = 0; col < r->cols; col++) {
            const int colour = reversi_colour_at(g, state, row, col);
            text[n++] = colour == REVERSI_BLACK ? 'X' : colour == REVERSI_WHITE ? 'O' : '-';
        }
    text[n++] = ' ';
    text[n++] = s->side ? 'O' : 'X';
    text[n] = '\0';
    snprintf(buf, len, "%s", text);
}

static void square_name(int sq, char *buf, size_t len)
{
    snprintf(buf, len, "%c%d", 'a' + sq % 8, sq / 8 + 1);
}

void reversi_format_move(const Game *g, const void *state, Move m, char *buf, size_t len)
{
    (void)g;
    (void)state;
    if (m == MOVE_PASS)
        snprintf(buf, len, "pass");
    else if (m == MOVE_NONE || m >= 64)
        snprintf(buf, len, "none");
    else
        square_name(m, buf, len);
}

static bool equals_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return false;
    return *a == *b;
}

int reversi_parse_move(const Game *g, const void *state, const char *text, Move *m, Err *err)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    const char *who = s->side ? _("O (white)") : _("X (black)");
    if (!text || !*text)
        return err_set(err, "no move given (a square like c4, or pass)");
    const uint64_t empty = state_empty(r, s);
    const uint64_t moves = bb_moves(s->mover, s->other, empty);
    const bool terminal = !moves && !bb_moves(s->other, s->mover, empty);
    if (equals_nocase(text, "pass") || equals_nocase(text, "ps")) {
        if (terminal)
            return err_set(err, "cannot pass: the game is over");
        if (moves)
            return err_set(err,
                           ngettext("cannot pass: %s has %d legal move",
                                    "cannot pass: %s has %d legal moves", (unsigned long)bb_count(moves)),
                           who, bb_count(moves));
        *m = MOVE_PASS;
        return 0;
    }
    const char letter = (char)tolower((unsigned char)text[0]);
    const char *digits = text + 1;
    const size_t ndigits = strspn(digits, "0123456789");
    if (letter < 'a' || letter > 'z' || ndigits == 0 || ndigits > 2 || digits[ndigits] != '\0')
        return err_set(err, "bad move '%.20s' (a column letter and a row number like c4, or pass)",
                       text);
    const int col = letter - 'a';
    const int row = (ndigits == 1 ? digits[0] - '0' : (digits[0] - '0') * 10 + digits[1] - '0') - 1;
    if (col >= r->cols || row < 0 || row >= r->rows)
        return err_set(err, "'%.20s' is off the %dx%d board (columns a-%c, rows 1-%d)", text,
                       r->rows, r->cols, 'a' + r->cols - 1, r->rows);
    const int sq = row * 8 + col;
    char name[8];
    square_name(sq, name, sizeof name);
    if (terminal)
        return err_set(err, "%s is not legal: the game is over", name);
    if (!(empty >> sq & 1))
        return err_set(err, "%s is not legal: the square is taken", name);
    if (!moves)
        return err_set(err, "%s is not legal: %s has no move and must pass", name, who);
    if (!(moves >> sq & 1))
        return err_set(err, "%s is not legal: it flips no disc", name);
    *m = (Move)sq;
    return 0;
}

/* Append to a bounded buffer; the tail is dropped when it is full. */
typedef struct {
    char *buf;
    size_t len, used;
} Out;

static void out_add(Out *o, const char *fmt, ...) YOMI_PRINTF(2, 3);

static void out_add(Out *o, const char *fmt, ...)
{
    if (o->used >= o->len)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(o->buf + o->used, o->len - o->used, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->used += (size_t)n;
}

/// render_text draws the board for people: column letters above, row
/// numbers beside, X and O discs, '*' on the squares the side to move may
/// play, then the disc counts and whose turn it is (or the result).
void reversi_render_text(const Game *g, const void *state, char *buf, size_t len)
{
    const Reversi *r = as_reversi(g);
    const ReversiState *s = state;
    Out o = {buf, len, 0};
    if (len)
        buf[0] = '\0';
    const uint64_t empty = state_empty(r, s);
    const uint64_t moves = bb_moves(s->mover, s->other, empty);
    const bool opponent_can = bb_moves(s->other, s->mover, empty) != 0;
    out_add(&o, "  ");
    for (int col = 0; col < r->cols; col++)
        out_add(&o, " %c", 'a' + col);
    out_add(&o, "\n");
    for (int row = 0; row < r->rows; row++) {
        out_add(&o, " %d", row + 1);
        for (int col = 0; col < r->cols; col++) {
            const int sq = row * 8 + col;
            const int colour = reversi_colour_at(g, state, row, col);
            const char c = colour == REVERSI_BLACK ? 'X' : colour == REVERSI_WHITE ? 'O'
                         : (moves >> sq & 1) ? '*' : '.';
            out_add(&o, " %c", c);
        }
        out_add(&o, "\n");
    }
    int black, white;
    reversi_disc_counts(g, state, &black, &white);
    out_add(&o, "discs: X (black) %d, O (white) %d, empty %d\n", black, white, bb_count(empty));
    const char *who = s->side ? _("O (white)") : _("X (black)");
    if (moves) {
        out_add(&o, "%s to move; %d legal move%s marked *:", who, bb_count(moves),
                bb_count(moves) == 1 ? "" : "s");
        for (uint64_t m = moves; m; m &= m - 1) {
            char name[8];
            square_name(__builtin_ctzll(m), name, sizeof name);
            out_add(&o, " %s", name);
        }
        out_add(&o, "\n");
    } else if (opponent_can) {
        out_add(&o, "%s to move has no legal move and must pass\n", who);
    } else {
        const int score = g->ops->final_score(g, state) * (s->side ? -1 : 1); /* black's view */
        if (score == 0)
            out_add(&o, "game over: a draw\n");
        else
            out_add(&o, "game over: %s wins by %d (%s scoring)\n",
                    score > 0 ? "X (black)" : "O (white)", score > 0 ? score : -score,
                    r->scoring == SCORE_DISCS ? "disc difference" : "empties to the winner");
    }
}
