/* ggf.c - reversi in GGF, the Generic Game Format of the GGS servers:
 *
 *   (;GM[Othello]PC[yomi]PB[black]PW[white]TY[8]
 *     BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
 *     B[d3]W[c5//1.20]B[PA]...;)
 *
 * BO is the board (its size, the squares row by row from a1: '*' black,
 * 'O' white, '-' empty) and the side to move; B[] and W[] are the moves,
 * a square or PA for a pass, with an evaluation (skipped) and the move's
 * time in seconds after slashes.  TY is the game type: the board's size, and 'r' with a
 * count for a random start, which BO then shows.  Other properties (PC,
 * DT, ratings, times, RE) are read past. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "games/registry.h"
#include "games/reversi/reversi.h"
#include "records/internal.h"

bool ggf_holds(const Game *g) { return reversi_rows(g) == reversi_cols(g); }

static bool ggf_detect(const char *text)
{
    while (isspace((unsigned char)*text))
        text++;
    return strncmp(text, "(;", 2) == 0 && strstr(text, "GM[");
}

/* ---- reading: properties ---------------------------------------------------- */

typedef struct {
    RecordReader *rd;
    bool open, closed;    /* "(;" seen, ";)" seen */
    char tag[8];
    char value[RECORD_LINE_MAX + 1];
    size_t vlen;
    bool in_value;
    int size;             /* from TY, else BO; 0 unknown */
    char board[RECORD_POSITION_MAX]; /* BO as yomi's notation */
    char names[2][RECORD_NAME_MAX];
} Ggf;

static int ggf_start(Ggf *p, Err *err)
{
    char id[32];
    const int size = p->size ? p->size : 8;
    if (size == 8)
        snprintf(id, sizeof id, "reversi");
    else
        snprintf(id, sizeof id, "reversi-%dx%d", size, size);
    /* A board that is one of the usual starts is said as that start, so a
     * restarted game starts the same way (unless the reader was told of
     * another start: then the board stays the position). */
    const char *position = p->board[0] ? p->board : NULL;
    const char *told = NULL;
    for (int i = 0; p->rd->hint && i < p->rd->hint->nopts; i++)
        if (strcmp(p->rd->hint->opts[i].key, "start") == 0)
            told = p->rd->hint->opts[i].value;
    GameOption start = {"start", NULL};
    static const char *const starts[] = {"cross", "parallel"};
    for (int i = 0; position && i < 2; i++) {
        GameOption opts[2] = {{"start", starts[i]}, {"eval", "simple"}};
        Err ignored;
        Game *g = game_open(id, opts, 2, &ignored);
        if (!g)
            break;
        _Alignas(16) unsigned char s[GAME_MAX_STATE];
        char text[RECORD_POSITION_MAX];
        g->ops->start(g, s);
        g->ops->format_position(g, s, text, sizeof text);
        game_close(g);
        if (strcmp(text, position) == 0 && (!told || strcmp(told, starts[i]) == 0)) {
            start.value = i ? starts[i] : NULL; /* cross is the default */
            position = NULL;
        }
    }
    if (rr_begin(p->rd, "reversi", id, &start, start.value ? 1 : 0, position, err) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        rr_name(p->rd, i, p->names[i]);
    return 0;
}

/* TY[8], TY[8r20]: the size, and a random start (BO shows it). */
static int ggf_type(Ggf *p, Err *err)
{
    const char *v = p->value;
    int size = 0;
    while (isdigit((unsigned char)*v) && size < 100)
        size = size * 10 + (*v++ - '0');
    if (*v == 'r')
        for (v++; isdigit((unsigned char)*v); v++)
            ;
    if (size == 0 || *v)
        return rr_fail(p->rd, err,
                       "TY[%.20s]: yomi plays reversi on one board from its start (no anti, "
                       "synchro or komi games)", p->value);
    p->size = size;
    return 0;
}

/* BO[8 ---...--- *]: the board in yomi's notation ("XO-... X"). */
static int ggf_board(Ggf *p, Err *err)
{
    const char *v = p->value;
    int size = 0;
    while (isspace((unsigned char)*v))
        v++;
    while (isdigit((unsigned char)*v) && size < 100)
        size = size * 10 + (*v++ - '0');
    if (size < 1 || size > 8 || (p->size && p->size != size))
        return rr_fail(p->rd, err, "BO[%.10s...]: a board of %d squares a side (yomi's are "
                                   "4, 6 or 8, and TY's)", p->value, size);
    p->size = size;
    int n = 0;
    char side = 0;
    for (; *v; v++) {
        if (isspace((unsigned char)*v))
            continue;
        const char c = *v == '*' ? 'X' : *v == 'O' || *v == 'o' ? 'O' : *v == '-' ? '-' : 0;
        if (!c)
            return rr_fail(p->rd, err, "BO: '%c' is not a square ('*' black, 'O' white, '-' "
                                       "empty)", isprint((unsigned char)*v) ? *v : '?');
        if (n == size * size) {
            side = c;
            if (side == '-' || *rr_skip_blanks(v + 1))
                return rr_fail(p->rd, err, "BO: the board ends with whose move it is (* or O)");
            break;
        }
        p->board[n++] = c;
    }
    if (!side)
        return rr_fail(p->rd, err, "BO: %d squares and whose move (* or O), not %d", size * size,
                       n);
    snprintf(p->board + n, sizeof p->board - (size_t)n, " %c", side);
    return 0;
}

/* B[d3], W[c5/-2.00/1.2], B[PA]: one move of the colour the tag says. */
static int ggf_move(Ggf *p, int colour, Err *err)
{
    RecordReader *rd = p->rd;
    if (!rr_begun(rd) && ggf_start(p, err) != 0)
        return -1;
    char move[16];
    size_t n = strcspn(p->value, "/");
    if (n >= sizeof move)
        n = sizeof move - 1;
    memcpy(move, p->value, n);
    move[n] = '\0';
    const char *text = rr_skip_blanks(move);
    const bool pass = strcasecmp(text, "pa") == 0 || strcasecmp(text, "ps") == 0 ||
                      strcasecmp(text, "pass") == 0;
    const Game *g = rr_game(rd);
    if (g->ops->side_to_move(g, rr_state(rd)) != colour && !rr_over(rd) &&
        rr_forced_pass(rd, err) < 0)
        return -1;
    if (g->ops->side_to_move(g, rr_state(rd)) != colour && !rr_over(rd))
        return colour ? rr_fail(rd, err, "W[%.15s]: it is black's move", p->value)
                      : rr_fail(rd, err, "B[%.15s]: it is white's move", p->value);
    if (rr_move(rd, pass ? "pass" : text, text, err) != 0)
        return -1;
    const char *eval = strchr(p->value, '/'), *time = eval ? strchr(eval + 1, '/') : NULL;
    if (time)
        rr_time(rd, rr_seconds(rr_skip_blanks(time + 1)));
    return 0;
}

static int ggf_property(Ggf *p, Err *err)
{
    const char *t = p->tag;
    if (strcmp(t, "GM") == 0 && strcasecmp(p->value, "othello") != 0 &&
        strcasecmp(p->value, "reversi") != 0)
        return rr_fail(p->rd, err, "GM[%.20s]: not a game of Othello", p->value);
    if (strcmp(t, "TY") == 0)
        return rr_begun(p->rd) ? rr_fail(p->rd, err, "TY after the moves") : ggf_type(p, err);
    if (strcmp(t, "BO") == 0)
        return rr_begun(p->rd) ? rr_fail(p->rd, err, "BO after the moves") : ggf_board(p, err);
    if (strcmp(t, "PB") == 0 || strcmp(t, "PW") == 0)
        snprintf(p->names[t[1] == 'W'], sizeof p->names[0], "%.*s", RECORD_NAME_MAX - 1,
                 p->value);
    if (strcmp(t, "B") == 0 || strcmp(t, "W") == 0)
        return ggf_move(p, t[0] == 'W', err);
    return 0;
}

/* One character outside a value: a tag's letter, '[', or the game's ends. */
static int ggf_outside(Ggf *p, const char *s, size_t *i, Err *err)
{
    const char c = s[*i];
    if (isspace((unsigned char)c))
        return 0;
    if (!p->open) {
        if (c != '(' || s[*i + 1] != ';')
            return rr_fail(p->rd, err, "a GGF game starts with '(;'");
        p->open = true;
        (*i)++;
        return 0;
    }
    if (p->closed)
        return rr_fail(p->rd, err, "a second game after ';)': yomi reads one game a file");
    if (c == ';' && s[*i + 1] == ')') {
        p->closed = true;
        (*i)++;
        return p->tag[0] ? rr_fail(p->rd, err, "'%s' without a value", p->tag) : 0;
    }
    if (isupper((unsigned char)c) && strlen(p->tag) + 1 < sizeof p->tag) {
        const size_t n = strlen(p->tag);
        p->tag[n] = c;
        p->tag[n + 1] = '\0';
        return 0;
    }
    if (c == '[' && p->tag[0]) {
        p->in_value = true;
        p->vlen = 0;
        return 0;
    }
    return rr_fail(p->rd, err, "unexpected '%c' (GGF is TAG[value]...)",
                   isprint((unsigned char)c) ? c : '?');
}

static int ggf_read(RecordReader *rd, Err *err)
{
    Ggf *p = calloc(1, sizeof *p); /* a value may be a whole line long */
    if (!p)
        return err_set(err, "out of memory");
    p->rd = rd;
    int got, rc = 0;
    while (rc == 0 && (got = rr_next_line(rd, err)) > 0) {
        const char *s = rd->line;
        for (size_t i = 0; s[i] && rc == 0; i++) {
            if (!p->in_value) {
                rc = ggf_outside(p, s, &i, err);
            } else if (s[i] == ']') {
                p->value[p->vlen] = '\0';
                p->in_value = false;
                rc = ggf_property(p, err);
                p->tag[0] = '\0';
            } else if (p->vlen < RECORD_LINE_MAX) {
                p->value[p->vlen++] = s[i] == '\\' && s[i + 1] ? s[++i] : s[i];
            }
        }
        if (rc == 0 && p->in_value && p->vlen < RECORD_LINE_MAX)
            p->value[p->vlen++] = ' '; /* a value may go on over lines */
    }
    if (rc == 0 && got < 0)
        rc = -1;
    if (rc == 0 && !p->closed)
        rc = rr_fail(rd, err, "the game does not end (no ';)'): the file is cut short");
    if (rc == 0 && !rr_begun(rd))
        rc = ggf_start(p, err);
    free(p);
    return rc;
}

/* ---- writing ------------------------------------------------------------------ */

static int ggf_write(FILE *out, const RecordGame *r, Err *err)
{
    const Game *g = r->game;
    const int size = reversi_rows(g);
    if (!ggf_holds(g))
        return err_set(err, "GGF boards are square: write %s as a transcript (.txt)", g->name);
    fprintf(out, "(;GM[Othello]PC[yomi]");
    for (int i = 0; i < 2; i++)
        if (r->names[i] && r->names[i][0]) {
            fprintf(out, "P%c[", i ? 'W' : 'B');
            for (const char *c = r->names[i]; *c; c++)
                if (*c != ']' && *c != '\\')
                    fputc(*c, out);
            fputc(']', out);
        }
    fprintf(out, "TY[%d]BO[%d", size, size);
    for (int row = 0; row < size; row++) {
        fputc(' ', out);
        for (int col = 0; col < size; col++) {
            const int c = reversi_colour_at(g, r->start, row, col);
            fputc(c == REVERSI_BLACK ? '*' : c == REVERSI_WHITE ? 'O' : '-', out);
        }
    }
    fprintf(out, " %c]", g->ops->side_to_move(g, r->start) ? 'O' : '*');
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, r->start, g->state_size);
    for (int i = 0; i < r->nmoves; i++) {
        char text[16];
        g->ops->format_move(g, cur, r->moves[i], text, sizeof text);
        fprintf(out, "%c[%s", g->ops->side_to_move(g, cur) ? 'W' : 'B',
                r->moves[i] == MOVE_PASS ? "PA" : text);
        if (r->move_ms) { /* no evaluation, the time in seconds */
            const long long ms = rg_move_ms(r, i);
            fprintf(out, "//%lld.%02lld", ms / 1000, ms % 1000 / 10);
        }
        fputc(']', out);
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    /* RE: the result for black, the first colour, with how it ended. */
    if (r->end != RECORD_END_NONE) {
        fprintf(out, "RE[%s64.00:%c]", r->loser ? "+" : "-", r->end == RECORD_END_TIME ? 't' : 'r');
    } else if (g->ops->is_terminal(g, cur)) {
        const int v = g->ops->final_score(g, cur) * (g->ops->side_to_move(g, cur) ? -1 : 1);
        fprintf(out, "RE[%+d.00]", v);
    }
    fprintf(out, ";)\n");
    return ferror(out) ? err_set(err, "out of memory") : 0;
}

const RecordFormat record_ggf = {
    .name = "ggf",
    .title = "GGF",
    .extension = ".ggf",
    .family = "reversi",
    .detect = ggf_detect,
    .read = ggf_read,
    .write = ggf_write,
};
