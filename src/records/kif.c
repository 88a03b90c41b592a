/* kif.c - gogo in KIF, Kakinoki's format that most shogi programs read
 * (Kifu for Windows, ShogiHome, lishogi): UTF-8 in a .kifu file, Shift_JIS
 * in a .kif.
 *
 *   手合割：5五将棋
 *   先手：human
 *   後手：yomi:40,time=1000
 *   手数----指手---------消費時間--
 *      1 ２四歩(25)   ( 0:00/00:00:00)
 *      2 同　銀(33)   ( 0:00/00:00:00)
 *      3 ３三角成(22)  ...
 *      4 ４二金打     ...
 *
 * A move is its square (a full-width file digit and a kanji rank, or 同
 * for the square of the move before), the piece as it stood, 成 when it
 * promotes (不成 may say that it does not), and where it came from in
 * ASCII digits, or 打 for a drop; a time may follow.  The game's end is a
 * word (投了, 詰み, 千日手...), then "まで…" for people.  手合割：5五将棋
 * names the 5x5 start, as lishogi writes it; any other start is drawn as
 * a 5x5 board between its two hands ("後手の持駒：…", the ranks as
 * "|v飛v角v銀v金v玉|一", "先手の持駒：…", and 後手番 when gote moves first).
 * Lines starting with # are comments, * and & annotate a move, and a
 * variation (変化：) ends the main line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "records/shogi.h"

static const char *const rank_kanji[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
/* Full-width digits are U+FF10.. : EF BC 90.. in UTF-8. */
#define FW_DIGIT_LEAD "\xEF\xBC"

static bool kif_detect(const char *text)
{
    if (strstr(text, "手合割") || strstr(text, "手数----") || strstr(text, "の持駒"))
        return true;
    /* A bare list of moves: "1 ２四歩(25)". */
    const char *s = text;
    while (isspace((unsigned char)*s))
        s++;
    if (*s != '1')
        return false;
    s = rr_skip_blanks(s + 1);
    return strncmp(s, FW_DIGIT_LEAD, 2) == 0 || strncmp(s, "同", 3) == 0;
}

/* ---- squares and numbers --------------------------------------------------- */

/* A file digit (full-width or ASCII) 1..9, or 0; advances *s. */
static int read_file_digit(const char **s)
{
    const unsigned char *p = (const unsigned char *)*s;
    if (p[0] == 0xEF && p[1] == 0xBC && p[2] >= 0x91 && p[2] <= 0x99) {
        *s += 3;
        return p[2] - 0x90;
    }
    if (p[0] >= '1' && p[0] <= '9') {
        *s += 1;
        return p[0] - '0';
    }
    return 0;
}

static int read_rank_kanji(const char **s)
{
    for (int i = 0; i < 9; i++)
        if (strncmp(*s, rank_kanji[i], 3) == 0) {
            *s += 3;
            return i + 1;
        }
    return read_file_digit(s); /* "5五" and "55" are seen too */
}

/* 一 .. 十八: a hand's count. */
static int read_kanji_count(const char **s)
{
    int tens = 0, ones = 0;
    if (strncmp(*s, "十", 3) == 0) {
        tens = 1;
        *s += 3;
    }
    for (int i = 0; i < 9; i++)
        if (strncmp(*s, rank_kanji[i], 3) == 0) {
            ones = i + 1;
            *s += 3;
            break;
        }
    return tens * 10 + ones;
}

/* ---- reading ------------------------------------------------------------------ */

typedef struct {
    RecordReader *rd;
    ShogiBoard board;
    bool have_board;
    int board_rows;
    char names[2][RECORD_NAME_MAX];
    int last_to_file, last_to_rank; /* for 同 */
    int next_number;                /* the move number expected, 0 before the first */
    bool ended;                     /* an end word was read */
    bool variations;                /* 変化：: the main line is over */
} KifReader;

static int kif_begin(KifReader *k, Err *err)
{
    char sfen[RECORD_POSITION_MAX] = "";
    if (k->have_board && k->board_rows != 5)
        return rr_fail(k->rd, err, "the board has %d ranks: yomi plays 5x5 shogi", k->board_rows);
    if (k->have_board)
        shogi_board_sfen(&k->board, sfen, sizeof sfen);
    if (rr_begin(k->rd, "gogo", "gogo", NULL, 0, sfen, err) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        rr_name(k->rd, i, k->names[i]);
    return 0;
}

/* "飛 角二 歩" or なし: a side's pieces in hand. */
static int read_hand(KifReader *k, int owner, const char *s, Err *err)
{
    k->have_board = true;
    for (s = rr_skip_blanks(s); *s; s = rr_skip_blanks(s)) {
        if (rr_after(s, "なし"))
            return 0;
        GogoPiece p;
        bool promoted;
        const size_t n = kif_piece(s, &p, &promoted);
        if (n == 0 || promoted || p == GOGO_KING)
            return rr_fail(k->rd, err, "not a piece in hand: '%.12s'", s);
        s += n;
        const int count = read_kanji_count(&s);
        k->board.hand[owner][p] += count ? count : 1;
    }
    return 0;
}

/* "|v飛v角v銀v金v玉|一": one rank of the board. */
static int read_board_row(KifReader *k, const char *s, Err *err)
{
    k->have_board = true;
    if (k->board_rows >= 5)
        return rr_fail(k->rd, err, "more than 5 ranks: yomi plays 5x5 shogi");
    s++;
    for (int col = 0; col < 5; col++) {
        const bool gote = *s == 'v';
        if (*s != ' ' && *s != 'v')
            return rr_fail(k->rd, err, "rank %d: a square is ' ・', ' 歩' or 'v歩'",
                           k->board_rows + 1);
        s++;
        const int i = k->board_rows * 5 + col;
        if (rr_after(s, "・")) {
            s += 3;
            continue;
        }
        const size_t n = kif_piece(s, &k->board.piece[i], &k->board.promoted[i]);
        if (n == 0)
            return rr_fail(k->rd, err, "rank %d: not a piece: '%.6s'", k->board_rows + 1, s);
        k->board.owner[i] = gote;
        s += n;
    }
    if (*s != '|')
        return rr_fail(k->rd, err, "rank %d has more than 5 squares: yomi plays 5x5 shogi",
                       k->board_rows + 1);
    k->board_rows++;
    return 0;
}

static const char *const end_words[] = {"投了", "中断", "千日手", "詰み", "持将棋", "切れ負け",
                                        "反則勝ち", "反則負け", "入玉勝ち", "不戦勝", "不戦敗",
                                        "不詰", "封じ手", "時間切れ", NULL};

/* A move in KIF as a USI move for gogo's own parser: "２四歩(25)" is
 * 2e2d, "３三角成(22)" 2b3c+... `text` starts at the square. */
static int kif_move(KifReader *k, const char *text, Err *err)
{
    RecordReader *rd = k->rd;
    const char *s = text;
    for (const char *const *w = end_words; *w; w++)
        if (rr_after(s, *w)) {
            k->ended = true;
            return 0;
        }
    if (k->ended)
        return rr_fail(rd, err, "a move after the end of the game: '%.40s'", text);
    int to_file, to_rank;
    if (rr_after(s, "同")) {
        s = rr_skip_blanks(s + 3);
        to_file = k->last_to_file, to_rank = k->last_to_rank;
        if (!to_file)
            return rr_fail(rd, err, "'%.40s': 同 (the same square) with no move before it", text);
    } else {
        to_file = read_file_digit(&s);
        to_rank = read_rank_kanji(&s);
    }
    GogoPiece piece;
    bool promoted;
    const size_t pn = to_file && to_rank ? kif_piece(s, &piece, &promoted) : 0;
    if (pn == 0)
        return rr_fail(rd, err, "'%.40s' is not a KIF move (such as ２四歩(25), 同　銀(33), "
                                "４二金打)", text);
    s += pn;
    bool promote = false, drop = false;
    const char *rest;
    if ((rest = rr_after(s, "不成")))
        s = rest;
    else if ((rest = rr_after(s, "成")))
        s = rest, promote = true;
    else if ((rest = rr_after(s, "打")))
        s = rest, drop = true;
    char usi[16];
    if (drop) {
        snprintf(usi, sizeof usi, "%c*%d%c", "?PSGBRK"[piece], to_file, 'a' + to_rank - 1);
    } else {
        if (s[0] != '(' || !isdigit((unsigned char)s[1]) || !isdigit((unsigned char)s[2]) ||
            s[3] != ')')
            return rr_fail(rd, err, "'%.40s': where the piece came from, as (25), or 打 for a "
                                    "drop", text);
        const int from_file = s[1] - '0', from_rank = s[2] - '0';
        int owner;
        bool on_promoted;
        const GogoPiece on = gogo_piece_at(rr_game(rd), rr_state(rd), from_file, from_rank, &owner,
                                           &on_promoted);
        if (on != piece || on_promoted != promoted)
            return rr_fail(rd, err, "'%.40s': the piece on %d%c is not %s", text, from_file,
                           'a' + from_rank - 1, kif_piece_name(piece, promoted));
        snprintf(usi, sizeof usi, "%d%c%d%c%s", from_file, 'a' + from_rank - 1, to_file,
                 'a' + to_rank - 1, promote ? "+" : "");
    }
    char shown[48];
    snprintf(shown, sizeof shown, "%.*s", (int)(strcspn(text, " \t(") + (drop ? 0 : 4)), text);
    if (rr_move(rd, usi, shown, err) != 0)
        return -1;
    k->last_to_file = to_file, k->last_to_rank = to_rank;
    return 0;
}

/* The move's time, "( 0:01/00:00:05)" after the move, in minutes and
 * seconds (the origin's "(25)" has no colon). */
static void kif_time(RecordReader *rd, const char *text)
{
    const char *open = strrchr(text, '(');
    if (!open)
        return;
    const char *s = rr_skip_blanks(open + 1);
    char *end;
    const long minutes = strtol(s, &end, 10);
    if (end == s || *end != ':' || minutes < 0 || minutes > RECORD_TIME_MAX_S / 60)
        return;
    const int64_t seconds = rr_seconds(end + 1);
    if (seconds >= 0)
        rr_time(rd, (int64_t)minutes * 60000 + seconds);
}

/* "  12 ２四歩(25) ( 0:01/00:00:05)": numbered moves, one a line. */
static int kif_move_line(KifReader *k, const char *line, Err *err)
{
    char *end;
    const long number = strtol(line, &end, 10);
    if (k->next_number && number != k->next_number)
        return rr_fail(k->rd, err, "move %ld where move %d was due", number, k->next_number);
    k->next_number = (int)number + 1;
    if (!rr_begun(k->rd) && kif_begin(k, err) != 0)
        return -1;
    const char *text = rr_skip_blanks(end);
    static const char *const marks[] = {"▲", "△", "☗", "☖"}; /* KI2's, seen in KIF too */
    for (int i = 0; i < 4; i++)
        if (rr_after(text, marks[i]))
            text += strlen(marks[i]);
    const int before = k->rd->rec->nmoves;
    if (kif_move(k, text, err) != 0)
        return -1;
    if (k->rd->rec->nmoves > before) /* not an end word's line (投了): its time is no move's */
        kif_time(k->rd, text);
    return 0;
}

/* "KEY：VALUE" (a full-width colon, or ':'): what the header says. */
static int kif_header(KifReader *k, const char *line, Err *err)
{
    const char *colon = strstr(line, "：");
    const char *value = colon ? colon + 3 : NULL;
    if (!colon && (colon = strchr(line, ':')))
        value = colon + 1;
    if (!colon)
        return 0; /* a line for people (まで…) */
    const size_t klen = (size_t)(colon - line);
    char key[64];
    snprintf(key, sizeof key, "%.*s", (int)(klen < sizeof key ? klen : sizeof key - 1), line);
    if (strcmp(key, "手合割") == 0) {
        value = rr_skip_blanks(value);
        if (rr_after(value, "5五将棋") || rr_after(value, "５五将棋") ||
            rr_after(value, "五々将棋") || rr_after(value, "その他"))
            return 0;
        return rr_fail(k->rd, err, "手合割：%.30s is not 5x5 shogi (手合割：5五将棋)", value);
    }
    const int owner = strcmp(key, "後手") == 0 || strcmp(key, "上手") == 0      ? 1
                    : strcmp(key, "先手") == 0 || strcmp(key, "下手") == 0      ? 0
                    : strcmp(key, "後手の持駒") == 0 || strcmp(key, "上手の持駒") == 0 ? 3
                    : strcmp(key, "先手の持駒") == 0 || strcmp(key, "下手の持駒") == 0 ? 2
                                                                                : -1;
    if (owner == 0 || owner == 1)
        snprintf(k->names[owner], sizeof k->names[0], "%.*s", RECORD_NAME_MAX - 1, value);
    else if (owner >= 2)
        return read_hand(k, owner - 2, value, err);
    return 0;
}

static int kif_line(KifReader *k, const char *line, Err *err)
{
    if (line[0] == '#' || line[0] == '*' || line[0] == '&' || line[0] == '\0')
        return 0;
    if (rr_after(line, "変化")) {
        k->variations = true;
        return 0;
    }
    if (isdigit((unsigned char)line[0]))
        return kif_move_line(k, line, err);
    if (rr_begun(k->rd))
        return 0; /* after the moves: the result, for people */
    if (line[0] == '|')
        return read_board_row(k, line, err);
    if (rr_after(line, "後手番") || rr_after(line, "上手番")) {
        k->board.side = 1;
        return 0;
    }
    if (rr_after(line, "先手番") || rr_after(line, "下手番") || line[0] == '+' ||
        rr_after(line, "手数"))
        return 0;
    return kif_header(k, line, err);
}

static int kif_read(RecordReader *rd, Err *err)
{
    KifReader k = {.rd = rd};
    int got;
    while (!k.variations && (got = rr_next_line(rd, err)) > 0)
        if (kif_line(&k, rr_skip_blanks(rd->line), err) != 0)
            return -1;
    if (!k.variations && got < 0)
        return -1;
    return rr_begun(rd) ? 0 : kif_begin(&k, err);
}

/* ---- writing ------------------------------------------------------------------ */

static void put_square(FILE *out, int file, int rank)
{
    fprintf(out, FW_DIGIT_LEAD "%c%s", (char)(0x90 + file), rank_kanji[rank - 1]);
}

static void put_hand(FILE *out, const ShogiBoard *b, int owner)
{
    static const int order[] = {GOGO_ROOK, GOGO_BISHOP, GOGO_GOLD, GOGO_SILVER, GOGO_PAWN};
    fprintf(out, "%s：", owner ? "後手の持駒" : "先手の持駒");
    bool any = false;
    for (int i = 0; i < 5; i++) {
        const int n = b->hand[owner][order[i]];
        if (!n)
            continue;
        fprintf(out, "%s%s%s", any ? "　" : "", kif_piece_name((GogoPiece)order[i], false),
                n > 1 ? rank_kanji[n - 1] : "");
        any = true;
    }
    fprintf(out, "%s\n", any ? "" : "なし");
}

static void put_board(FILE *out, const RecordGame *r)
{
    ShogiBoard b;
    shogi_board_of(r->game, r->start, &b);
    put_hand(out, &b, 1);
    fprintf(out, "  ５ ４ ３ ２ １\n+---------------+\n");
    for (int rank = 1; rank <= 5; rank++) {
        fputc('|', out);
        for (int file = 5; file >= 1; file--) {
            const int i = shogi_index(file, rank);
            if (b.piece[i] == GOGO_NONE)
                fprintf(out, " ・");
            else
                fprintf(out, "%c%s", b.owner[i] ? 'v' : ' ', kif_piece_char(b.piece[i], b.promoted[i]));
        }
        fprintf(out, "|%s\n", rank_kanji[rank - 1]);
    }
    fprintf(out, "+---------------+\n");
    put_hand(out, &b, 0);
    if (b.side)
        fprintf(out, "後手番\n");
}

static void put_move(FILE *out, const Game *g, const void *state, Move m, int last_to)
{
    GogoMoveInfo mi;
    gogo_decode_move(m, &mi);
    if (gogo_square(mi.to_file, mi.to_rank) == last_to)
        fprintf(out, "同　");
    else
        put_square(out, mi.to_file, mi.to_rank);
    if (mi.drop) {
        fprintf(out, "%s打", kif_piece_name(mi.piece, false));
        return;
    }
    bool promoted;
    const GogoPiece p = gogo_piece_at(g, state, mi.from_file, mi.from_rank, NULL, &promoted);
    fprintf(out, "%s%s(%d%d)", kif_piece_name(p, promoted), mi.promote ? "成" : "", mi.from_file,
            mi.from_rank);
}

static void put_end(FILE *out, const RecordGame *r)
{
    int winner = -1;
    const char *word = NULL;
    if (r->end != RECORD_END_NONE) {
        static const char *const words[] = {"", "投了", "切れ負け", "反則負け"};
        word = words[r->end];
        winner = 1 - r->loser;
    } else {
        const ShogiEnd end = shogi_end(r, &winner);
        word = end == SHOGI_MATE ? "詰み" : end == SHOGI_REPETITION ? "千日手" : NULL;
        if (end == SHOGI_GOES_ON)
            return;
    }
    if (word)
        fprintf(out, "%4d %s   ( 0:00/00:00:00)\n", r->nmoves + 1, word);
    fprintf(out, "まで%d手で%sの勝ち\n", r->nmoves, winner ? "後手" : "先手");
}

/* "( 0:03/00:01:12)": a move's time and its side's whole time so far, in
 * whole seconds (cut, not rounded, as a clock shows them). */
static void put_time(FILE *out, int64_t move_ms, int64_t total_ms)
{
    const int64_t m = move_ms / 1000, t = total_ms / 1000;
    fprintf(out, "   (%2lld:%02lld/%02lld:%02lld:%02lld)\n", (long long)(m / 60), (long long)(m % 60),
            (long long)(t / 3600), (long long)(t / 60 % 60), (long long)(t % 60));
}

static int kif_write(FILE *out, const RecordGame *r, Err *err)
{
    const Game *g = r->game;
    fprintf(out, "# ---- yomi 棋譜ファイル ----\n手合割：5五将棋\n");
    for (int i = 0; i < 2; i++)
        if (r->names[i] && r->names[i][0])
            fprintf(out, "%s：%s\n", i ? "後手" : "先手", r->names[i]);
    if (!record_standard_start(g, r->start))
        put_board(out, r);
    fprintf(out, "手数----指手---------消費時間--\n");
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, r->start, g->state_size);
    int last_to = -1;
    int64_t used[2] = {0, 0};
    for (int i = 0; i < r->nmoves; i++) {
        fprintf(out, "%4d ", i + 1);
        put_move(out, g, cur, r->moves[i], last_to);
        const int64_t ms = rg_move_ms(r, i);
        int64_t *side_used = &used[g->ops->side_to_move(g, cur)];
        *side_used += ms;
        put_time(out, ms, *side_used);
        last_to = gogo_move_to(r->moves[i]);
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    put_end(out, r);
    return ferror(out) ? err_set(err, "out of memory") : 0;
}

const RecordFormat record_kifu = {
    .name = "kifu",
    .title = "KIF",
    .extension = ".kifu",
    .family = "gogo",
    .detect = kif_detect,
    .read = kif_read,
    .write = kif_write,
};

const RecordFormat record_kif = {
    .name = "kif",
    .title = "KIF",
    .extension = ".kif",
    .family = "gogo",
    .shift_jis = true,
    .read = kif_read,
    .write = kif_write,
};
