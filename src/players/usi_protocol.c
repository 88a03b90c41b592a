/* usi_protocol.c - reading USI lines (usi_protocol.h): tokens are walked in place, nothing is
 * copied before it is known to fit. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "players/usi_protocol.h"

typedef struct {
    const char *p;   /* start of the token */
    size_t len;
} Tok;

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The next whitespace-separated token after *cur; false at the end. */
static bool next_tok(const char **cur, Tok *t)
{
    const char *s = *cur;
    while (*s && is_space(*s))
        s++;
    if (!*s)
        return *cur = s, false;
    t->p = s;
    while (*s && !is_space(*s))
        s++;
    t->len = (size_t)(s - t->p);
    *cur = s;
    return true;
}

static bool tok_is(const Tok *t, const char *word)
{
    return t->len == strlen(word) && memcmp(t->p, word, t->len) == 0;
}

/* A token as a bounded printable string for messages. */
static const char *tok_show(const Tok *t, char *buf, size_t size)
{
    size_t n = t->len < size - 1 ? t->len : size - 1;
    for (size_t i = 0; i < n; i++) {
        const unsigned char c = (unsigned char)t->p[i];
        buf[i] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    buf[n] = '\0';
    return buf;
}

static int tok_int(const Tok *t, const char *what, int64_t lo, int64_t hi, int64_t *out, Err *err)
{
    char buf[32], show[24];
    if (t->len == 0 || t->len >= sizeof buf)
        return err_set(err, "%s: '%s' is not a number", what, tok_show(t, show, sizeof show));
    memcpy(buf, t->p, t->len);
    buf[t->len] = '\0';
    errno = 0;
    char *end;
    const long long v = strtoll(buf, &end, 10);
    if (*end || errno == ERANGE)
        return err_set(err, "%s: '%s' is not a number", what, tok_show(t, show, sizeof show));
    if (v < lo || v > hi)
        return err_set(err, "%s: %lld is out of range (%lld..%lld)", what, v, (long long)lo,
                       (long long)hi);
    *out = v;
    return 0;
}

/* Append `t` to dst (with a space before it unless first); -1 when full. */
static int append_tok(char *dst, size_t size, const Tok *t)
{
    size_t n = strlen(dst);
    const size_t need = (n ? 1 : 0) + t->len;
    if (n + need >= size)
        return -1;
    if (n)
        dst[n++] = ' ';
    memcpy(dst + n, t->p, t->len);
    dst[n + t->len] = '\0';
    return 0;
}

/* A move token is a short word of letters, digits, '*' and '+'; the game
 * decides later whether it is a legal move. */
static bool move_token_ok(const Tok *t)
{
    if (t->len < 2 || t->len >= USI_MOVE_LEN)
        return false;
    for (size_t i = 0; i < t->len; i++) {
        const char c = t->p[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '*' || c == '+'))
            return false;
    }
    return true;
}

/* setoption name NAME [value VALUE]: both may hold spaces. */
static int parse_setoption(const char *rest, UsiCommand *out, Err *err)
{
    Tok t;
    if (!next_tok(&rest, &t) || !tok_is(&t, "name"))
        return err_set(err, "setoption: expected 'setoption name NAME [value VALUE]'");
    char *dst = out->name;
    size_t size = sizeof out->name;
    while (next_tok(&rest, &t)) {
        if (dst == out->name && tok_is(&t, "value") && out->name[0]) {
            dst = out->value;
            size = sizeof out->value;
            out->has_value = true;
            continue;
        }
        if (append_tok(dst, size, &t) != 0)
            return err_set(err, "setoption: the option %s is too long",
                           dst == out->name ? "name" : "value");
    }
    if (!out->name[0])
        return err_set(err, "setoption: the option name is missing");
    return 0;
}

static int parse_position(const char *rest, UsiCommand *out, Err *err)
{
    Tok t;
    char show[24];
    if (!next_tok(&rest, &t))
        return err_set(err, "position: expected startpos or sfen");
    if (tok_is(&t, "startpos")) {
        out->startpos = true;
        if (!next_tok(&rest, &t))
            return 0;
    } else if (tok_is(&t, "sfen")) {
        int fields = 0;
        bool more;
        while ((more = next_tok(&rest, &t)) && !tok_is(&t, "moves")) {
            if (append_tok(out->sfen, sizeof out->sfen, &t) != 0)
                return err_set(err, "position: the sfen is too long");
            fields++;
        }
        if (fields == 0)
            return err_set(err, "position sfen: the position is missing");
        if (!more)
            return 0;
    } else {
        return err_set(err, "position: expected startpos or sfen, not '%s'",
                       tok_show(&t, show, sizeof show));
    }
    if (!tok_is(&t, "moves"))
        return err_set(err, "position: expected 'moves', not '%s'", tok_show(&t, show, sizeof show));
    while (next_tok(&rest, &t)) {
        if (!move_token_ok(&t))
            return err_set(err, "position: '%s' is not a move", tok_show(&t, show, sizeof show));
        if (out->nmoves == USI_MAX_MOVES)
            return err_set(err, "position: more than %d moves", USI_MAX_MOVES);
        memcpy(out->moves[out->nmoves], t.p, t.len);
        out->moves[out->nmoves][t.len] = '\0';
        out->nmoves++;
    }
    return 0;
}

static int parse_go(const char *rest, UsiGo *go, Err *err)
{
    const struct {
        const char *word;
        int64_t *field;
    } times[] = {
        {"btime", &go->btime},     {"wtime", &go->wtime}, {"byoyomi", &go->byoyomi},
        {"binc", &go->binc},       {"winc", &go->winc},   {"movetime", &go->movetime},
    };
    const int64_t max_ms = 1000LL * 3600 * 24 * 365;
    Tok t, v;
    char show[24];
    while (next_tok(&rest, &t)) {
        bool done = false;
        for (size_t i = 0; i < sizeof times / sizeof times[0] && !done; i++) {
            if (!tok_is(&t, times[i].word))
                continue;
            if (!next_tok(&rest, &v))
                return err_set(err, "go: %s needs a number", times[i].word);
            int64_t *field = times[i].field;
            /* Some GUIs send a negative clock when time is short; read it as 0. */
            if (tok_int(&v, times[i].word, -max_ms, max_ms, field, err) != 0)
                return -1;
            if (*field < 0) {
                *field = 0;
                go->negative_movetime |= field == &go->movetime;
            }
            done = true;
        }
        if (done)
            continue;
        int64_t n;
        if (tok_is(&t, "infinite")) {
            go->infinite = true;
        } else if (tok_is(&t, "ponder")) {
            go->ponder = true;
        } else if (tok_is(&t, "depth")) {
            if (!next_tok(&rest, &v))
                return err_set(err, "go: depth needs a number");
            if (tok_int(&v, "depth", 1, 1000, &n, err) != 0)
                return -1;
            go->depth = (int)n;
        } else if (tok_is(&t, "nodes")) {
            if (!next_tok(&rest, &v))
                return err_set(err, "go: nodes needs a number");
            if (tok_int(&v, "nodes", 1, INT64_MAX / 2, &go->nodes, err) != 0)
                return -1;
        } else if (tok_is(&t, "mate")) {
            if (!next_tok(&rest, &v))
                return err_set(err, "go: mate needs a number or infinite");
            if (tok_is(&v, "infinite"))
                go->mate = 0;
            else if (tok_int(&v, "mate", 1, max_ms, &n, err) != 0)
                return -1;
            else
                go->mate = (int)(n > 1000000 ? 1000000 : n);
            go->infinite = true;
        } else {
            return err_set(err, "go: unknown parameter '%s'", tok_show(&t, show, sizeof show));
        }
    }
    return 0;
}

int usi_parse_line(const char *line, UsiCommand *out, Err *err)
{
    out->kind = USI_CMD_EMPTY;
    out->name[0] = out->value[0] = out->sfen[0] = '\0';
    out->has_value = out->startpos = false;
    out->nmoves = 0;
    out->go = (UsiGo){.btime = -1, .wtime = -1, .byoyomi = -1, .binc = -1, .winc = -1,
                      .movetime = -1, .depth = -1, .nodes = -1, .mate = -1};
    out->gameover = USI_GAMEOVER_DRAW;
    if (!line)
        return 0;
    const char *rest = line;
    Tok t;
    char show[24];
    if (!next_tok(&rest, &t))
        return 0;
    static const struct {
        const char *word;
        UsiCommandKind kind;
    } simple[] = {
        {"usi", USI_CMD_USI},   {"isready", USI_CMD_ISREADY},     {"usinewgame", USI_CMD_USINEWGAME},
        {"stop", USI_CMD_STOP}, {"ponderhit", USI_CMD_PONDERHIT}, {"quit", USI_CMD_QUIT},
    };
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++) {
        if (tok_is(&t, simple[i].word)) {
            Tok extra;
            if (next_tok(&rest, &extra))
                return err_set(err, "%s: unexpected '%s'", simple[i].word,
                               tok_show(&extra, show, sizeof show));
            out->kind = simple[i].kind;
            return 0;
        }
    }
    if (tok_is(&t, "setoption")) {
        out->kind = USI_CMD_SETOPTION;
        return parse_setoption(rest, out, err);
    }
    if (tok_is(&t, "position")) {
        out->kind = USI_CMD_POSITION;
        return parse_position(rest, out, err);
    }
    if (tok_is(&t, "go")) {
        out->kind = USI_CMD_GO;
        return parse_go(rest, &out->go, err);
    }
    if (tok_is(&t, "gameover")) {
        Tok r;
        out->kind = USI_CMD_GAMEOVER;
        if (!next_tok(&rest, &r))
            return err_set(err, "gameover: expected win, lose or draw");
        if (tok_is(&r, "win"))
            out->gameover = USI_GAMEOVER_WIN;
        else if (tok_is(&r, "lose"))
            out->gameover = USI_GAMEOVER_LOSE;
        else if (tok_is(&r, "draw"))
            out->gameover = USI_GAMEOVER_DRAW;
        else
            return err_set(err, "gameover: expected win, lose or draw, not '%s'",
                           tok_show(&r, show, sizeof show));
        return 0;
    }
    return err_set(err, "unknown command '%s'", tok_show(&t, show, sizeof show));
}

/* ---- replies ----------------------------------------------------------- */

static void parse_info(const char *rest, UsiReply *out)
{
    Tok t, v;
    Err ignore;
    int64_t n;
    while (next_tok(&rest, &t)) {
        if (tok_is(&t, "pv")) { /* the rest of the line is moves */
            while (out->pv_len < USI_PV_MAX && next_tok(&rest, &v) && move_token_ok(&v)) {
                memcpy(out->pv[out->pv_len], v.p, v.len);
                out->pv[out->pv_len++][v.len] = '\0';
            }
            break;
        }
        if (tok_is(&t, "string"))
            break; /* the rest of the line is free text */
        if (tok_is(&t, "depth") && next_tok(&rest, &v)) {
            if (tok_int(&v, "depth", 0, 100000, &n, &ignore) == 0)
                out->depth = (int)n;
        } else if (tok_is(&t, "nodes") && next_tok(&rest, &v)) {
            if (tok_int(&v, "nodes", 0, INT64_MAX / 2, &n, &ignore) == 0)
                out->nodes = n;
        } else if (tok_is(&t, "score") && next_tok(&rest, &v)) {
            const bool mate = tok_is(&v, "mate");
            if ((mate || tok_is(&v, "cp")) && next_tok(&rest, &v)) {
                if (tok_int(&v, "score", -10000000, 10000000, &n, &ignore) == 0) {
                    out->has_score = true;
                    out->mate_score = mate;
                    out->score = (int)n;
                } else if (mate && (v.len == 1 && (v.p[0] == '+' || v.p[0] == '-'))) {
                    out->has_score = out->mate_score = true; /* "mate +": a mate, length unknown */
                    out->score = v.p[0] == '+' ? 1 : -1;
                }
            }
        }
    }
}

int usi_parse_reply(const char *line, UsiReply *out, Err *err)
{
    memset(out, 0, sizeof *out);
    out->kind = USI_REPLY_OTHER;
    out->depth = -1;
    out->nodes = -1;
    if (!line)
        return 0;
    const char *rest = line;
    Tok t, v;
    char show[24];
    if (!next_tok(&rest, &t))
        return 0;
    if (tok_is(&t, "usiok")) {
        out->kind = USI_REPLY_USIOK;
    } else if (tok_is(&t, "readyok")) {
        out->kind = USI_REPLY_READYOK;
    } else if (tok_is(&t, "info")) {
        out->kind = USI_REPLY_INFO;
        parse_info(rest, out);
    } else if (tok_is(&t, "option")) {
        out->kind = USI_REPLY_OPTION;
        if (next_tok(&rest, &v) && tok_is(&v, "name") && next_tok(&rest, &v)) {
            const size_t n = v.len < sizeof out->name - 1 ? v.len : sizeof out->name - 1;
            memcpy(out->name, v.p, n);
            out->name[n] = '\0';
        }
    } else if (tok_is(&t, "bestmove")) {
        out->kind = USI_REPLY_BESTMOVE;
        if (!next_tok(&rest, &v))
            return err_set(err, "bestmove without a move");
        if (tok_is(&v, "resign")) {
            out->best_kind = USI_BEST_RESIGN;
        } else if (tok_is(&v, "win")) {
            out->best_kind = USI_BEST_WIN;
        } else {
            if (!move_token_ok(&v))
                return err_set(err, "bestmove: '%s' is not a move", tok_show(&v, show, sizeof show));
            out->best_kind = USI_BEST_MOVE;
            memcpy(out->best, v.p, v.len);
            out->best[v.len] = '\0';
        }
    }
    return 0;
}
