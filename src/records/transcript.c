/* transcript.c - a reversi game as its moves run together, the way
 * Othello players and programs pass games around: f5d6c3d3c4f4...
 *
 * Squares in either case; passes are usually left out (a side with no
 * move passes by itself) but may be written pa, ps, pass or --.  The start
 * is the usual one.  Lines starting with '#' are comments; yomi writes two
 * kinds it also reads, for a variant other than 8x8 reversi:
 *
 *   # game reversi-6x6
 *   # option start parallel
 *
 * A transcript without them is 8x8 reversi, or the game the reader is
 * told (`yomi show reversi-6x6 --record c4e3...`). */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "games/registry.h"
#include "records/internal.h"

/* The length of the move at s (a square or a pass), 0 when none starts
 * there; *pass says which. */
static size_t move_token(const char *s, bool *pass)
{
    *pass = true;
    if (strncmp(s, "--", 2) == 0)
        return 2;
    if (strncasecmp(s, "pass", 4) == 0)
        return 4;
    if (strncasecmp(s, "pa", 2) == 0 || strncasecmp(s, "ps", 2) == 0)
        return 2;
    *pass = false;
    if (!isalpha((unsigned char)s[0]) || !isdigit((unsigned char)s[1]))
        return 0;
    return isdigit((unsigned char)s[2]) ? 3 : 2;
}

static bool comment_line(const char *line) { return line[0] == '#'; }

static bool transcript_detect(const char *text)
{
    /* The first line that is neither blank nor a comment is all moves. */
    for (const char *line = text; *line;) {
        const char *end = strchr(line, '\n');
        const size_t len = end ? (size_t)(end - line) : strlen(line);
        size_t i = 0;
        while (i < len && isspace((unsigned char)line[i]))
            i++;
        if (i < len && comment_line(line + i) &&
            strncmp(rr_skip_blanks(line + i + 1), "game reversi", 12) == 0)
            return true; /* yomi's own, perhaps of a game without moves yet */
        if (i < len && !comment_line(line + i)) {
            int moves = 0;
            while (i < len) {
                bool pass;
                const size_t n = move_token(line + i, &pass);
                if (n == 0 && !isspace((unsigned char)line[i]))
                    return false;
                moves += n > 0;
                i += n ? n : 1;
            }
            return moves > 0;
        }
        if (!end)
            break;
        line = end + 1;
    }
    return false;
}

typedef struct {
    char id[32];
    GameOption opts[RECORD_MAX_OPTS];
    char key[RECORD_MAX_OPTS][16], value[RECORD_MAX_OPTS][64];
    int nopts;
} Variant;

/* "# game ID" and "# option KEY VALUE"; other comments are read past. */
static int read_comment(RecordReader *rd, Variant *v, const char *line, Err *err)
{
    const char *arg;
    line = rr_skip_blanks(line + 1);
    if ((arg = rr_after(line, "game "))) {
        if (rr_begun(rd))
            return rr_fail(rd, err, "'# game' after the moves");
        snprintf(v->id, sizeof v->id, "%.31s", rr_skip_blanks(arg));
    } else if ((arg = rr_after(line, "option "))) {
        char key[16], value[64];
        if (rr_begun(rd) || v->nopts == RECORD_MAX_OPTS ||
            sscanf(arg, "%15s %63s", key, value) != 2)
            return rr_fail(rd, err, "'# option' wants a name and a value, before the moves");
        snprintf(v->key[v->nopts], sizeof v->key[0], "%s", key);
        snprintf(v->value[v->nopts], sizeof v->value[0], "%s", value);
        v->opts[v->nopts] = (GameOption){v->key[v->nopts], v->value[v->nopts]};
        v->nopts++;
    }
    return 0;
}

static int read_moves(RecordReader *rd, Variant *v, const char *line, Err *err)
{
    if (!rr_begun(rd) &&
        rr_begin(rd, "reversi", v->id[0] ? v->id : NULL, v->opts, v->nopts, NULL, err) != 0)
        return -1;
    for (const char *s = line; *s;) {
        if (isspace((unsigned char)*s)) {
            s++;
            continue;
        }
        bool pass;
        const size_t n = move_token(s, &pass);
        char text[8];
        snprintf(text, sizeof text, "%.*s", (int)(n ? n : 4), s);
        if (n == 0)
            return rr_fail(rd, err, "'%s' is not a move (a square such as f5, or pa for a pass)",
                           text);
        if (!pass && rr_forced_pass(rd, err) < 0)
            return -1;
        if (rr_move(rd, pass ? "pass" : text, text, err) != 0)
            return -1;
        s += n;
    }
    return 0;
}

static int transcript_read(RecordReader *rd, Err *err)
{
    Variant v;
    memset(&v, 0, sizeof v);
    int got;
    while ((got = rr_next_line(rd, err)) > 0) {
        const char *line = rr_skip_blanks(rd->line);
        const int rc = comment_line(line) ? read_comment(rd, &v, line, err)
                     : *line            ? read_moves(rd, &v, line, err)
                                        : 0;
        if (rc != 0)
            return -1;
    }
    return got;
}

/* The options a transcript must name to be read back as this game: those
 * of the rules, at other values than their defaults (not the evaluation,
 * which is the player's, not the game's). */
static void write_options(FILE *out, const RecordGame *r)
{
    const GameInfo *info = r->game->ops->info;
    for (int i = 0; i < r->nopts; i++) {
        if (strcmp(r->opts[i].key, "eval") == 0)
            continue;
        bool is_default = false;
        for (int k = 0; info && k < info->nparams; k++) {
            const GameParam *p = &info->params[k];
            if (strcmp(p->key, r->opts[i].key) == 0 && p->kind == GAME_PARAM_CHOICE &&
                p->def >= 0 && strcmp(p->choices[p->def], r->opts[i].value) == 0)
                is_default = true;
        }
        if (!is_default)
            fprintf(out, "# option %s %s\n", r->opts[i].key, r->opts[i].value);
    }
}

static int transcript_write(FILE *out, const RecordGame *r, Err *err)
{
    const Game *g = r->game;
    if (!record_standard_start(g, r->start))
        return err_set(err, "a transcript starts from the usual start: write this game as GGF");
    /* Named when it is not the default, or when no move would tell that
     * this is a transcript at all. */
    if (strcmp(g->name, "reversi") != 0 || r->nmoves == 0)
        fprintf(out, "# game %s\n", g->name);
    write_options(out, r);
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, r->start, g->state_size);
    for (int i = 0; i < r->nmoves; i++) {
        char text[16];
        g->ops->format_move(g, cur, r->moves[i], text, sizeof text);
        if (r->moves[i] != MOVE_PASS) /* a pass is left out: it is forced */
            fputs(text, out);
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    fputc('\n', out);
    return ferror(out) ? err_set(err, "out of memory") : 0;
}

const RecordFormat record_transcript = {
    .name = "transcript",
    .title = "transcript",
    .extension = ".txt",
    .family = "reversi",
    .detect = transcript_detect,
    .read = transcript_read,
    .write = transcript_write,
};
