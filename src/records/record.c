/* record.c - the formats' table, and what every format's reader and writer
 * share: telling the format from the text, opening the game a record
 * holds, checking each move through the game itself, and writing a record
 * to memory or to a file. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/atomic_file.h"
#include "base/i18n.h"
#include "games/registry.h"
#include "records/internal.h"

/* Detection tries the rows in this order: the formats with a header of
 * their own first, the bare transcript last. */
static const RecordFormat *const formats[] = {&record_kalah, &record_ggf, &record_csa,
                                              &record_kifu,  &record_kif, &record_transcript,
                                              NULL};

/* ---- the formats ----------------------------------------------------------- */

const RecordFormat *record_format_named(const char *name)
{
    for (int i = 0; name && formats[i]; i++)
        if (strcasecmp(name, formats[i]->name) == 0)
            return formats[i];
    return NULL;
}

const RecordFormat *record_format_of_path(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    const char *dot = path ? strrchr(slash ? slash : path, '.') : NULL;
    for (int i = 0; dot && formats[i]; i++)
        if (strcasecmp(dot, formats[i]->extension) == 0)
            return formats[i];
    return NULL;
}

const RecordFormat *record_format_natural(const Game *g)
{
    static const RecordFormat *const natural[] = {&record_kifu, &record_ggf, &record_kalah};
    const char *family = g->ops->family;
    for (size_t i = 0; i < sizeof natural / sizeof natural[0]; i++)
        if (strcmp(family, natural[i]->family) == 0)
            return natural[i] != &record_ggf || ggf_holds(g) ? natural[i] : &record_transcript;
    return NULL;
}

const char *record_format_name(const RecordFormat *f) { return f->name; }
const char *record_format_title(const RecordFormat *f) { return f->title; }
const char *record_format_extension(const RecordFormat *f) { return f->extension; }

void record_format_list(char *buf, size_t len)
{
    static const RecordFormat *const listed[] = {&record_kif,  &record_kifu,       &record_csa,
                                                 &record_ggf,  &record_transcript, &record_kalah};
    size_t used = 0;
    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof listed / sizeof listed[0] && used < len; i++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "", listed[i]->name);
}

/* ---- reading: lines and messages ------------------------------------------- */

int rr_next_line(RecordReader *rd, Err *err)
{
    const int got = text_lines_next(&rd->lines, rd->line, err);
    if (got > 0) {
        size_t end = strlen(rd->line);
        while (end && (rd->line[end - 1] == ' ' || rd->line[end - 1] == '\t' ||
                       rd->line[end - 1] == '\r'))
            end--;
        rd->line[end] = '\0';
    }
    return got;
}

static int fail_at(RecordReader *rd, int lineno, Err *err, const char *fmt, va_list ap)
    YOMI_PRINTF(4, 0);
static int fail_at(RecordReader *rd, int lineno, Err *err, const char *fmt, va_list ap)
{
    /* The place first, then as much of the reason as fits. */
    int n = lineno > 0 ? snprintf(err->msg, sizeof err->msg, "%.100s:%d: ", rd->name, lineno)
                       : snprintf(err->msg, sizeof err->msg, "%.100s: ", rd->name);
    if (n < 0 || (size_t)n >= sizeof err->msg)
        n = 0;
    vsnprintf(err->msg + n, sizeof err->msg - (size_t)n, _(fmt), ap);
    return -1;
}

int rr_fail(RecordReader *rd, Err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_at(rd, rd->lines.lineno, err, fmt, ap);
    va_end(ap);
    return -1;
}

int rr_fail_file(RecordReader *rd, Err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fail_at(rd, 0, err, fmt, ap);
    va_end(ap);
    return -1;
}

const char *rr_after(const char *s, const char *prefix)
{
    const size_t n = strlen(prefix);
    return strncmp(s, prefix, n) == 0 ? s + n : NULL;
}

const char *rr_skip_blanks(const char *s)
{
    for (;;) {
        if (*s == ' ' || *s == '\t')
            s++;
        else if (strncmp(s, "\u3000", 3) == 0)
            s += 3;
        else
            return s;
    }
}

/* ---- reading: the game ---------------------------------------------------- */

static int grow(Record *r, int need)
{
    return game_line_reserve(r->game, &r->states, &r->moves, &r->cap, need);
}

static int add_option(RecordReader *rd, Record *r, const GameOption *o, Err *err)
{
    for (int i = 0; i < r->nopts; i++) {
        if (strcmp(r->key[i], o->key) != 0)
            continue;
        if (o->value && strcmp(r->value[i], o->value) == 0)
            return 0; /* said twice, alike */
        return rr_fail_file(rd, err, "the record plays with --%s %s, not --%.40s %.40s",
                            r->key[i], r->value[i], o->key, o->value ? o->value : "");
    }
    if (r->nopts == RECORD_MAX_OPTS || strlen(o->key) >= sizeof r->key[0] ||
        (o->value && strlen(o->value) >= sizeof r->value[0]))
        return rr_fail_file(rd, err, "too many or too long game options (--%.40s)", o->key);
    snprintf(r->key[r->nopts], sizeof r->key[0], "%s", o->key);
    snprintf(r->value[r->nopts], sizeof r->value[0], "%s", o->value ? o->value : "");
    r->nopts++;
    return 0;
}

/* Whether `id` names the family without a size: its id or an alias. */
static bool plain_id(const GameOps *ops, const char *id)
{
    if (strcmp(id, ops->family) == 0)
        return true;
    for (const char *const *a = ops->info ? ops->info->aliases : NULL; a && *a; a++)
        if (strcmp(id, *a) == 0)
            return true;
    return false;
}

/* The variant: the record's own, the hint's when the record names none
 * (a transcript), else the family's.  A hint of another game is an error;
 * one of the same family without a size ("reversi", "minishogi") defers
 * to the record. */
static int choose_id(RecordReader *rd, const char *family, const char *id, char *out, size_t len,
                     Err *err)
{
    const char *hint = rd->hint ? rd->hint->id : NULL;
    const GameOps *mine = game_family_of(family);
    if (hint && game_family_of(hint) != mine)
        return rr_fail_file(rd, err, "a %s record, not a game of %.40s", family, hint);
    if (id && hint && !plain_id(mine, hint) && strcmp(hint, id) != 0)
        return rr_fail_file(rd, err, "the record is a game of %s, not %.40s", id, hint);
    snprintf(out, len, "%s", id ? id : hint ? hint : family);
    return 0;
}

int rr_begin(RecordReader *rd, const char *family, const char *id, const GameOption *opts,
             int nopts, const char *position, Err *err)
{
    Record *r = calloc(1, sizeof *r);
    if (!r)
        return err_set(err, "out of memory");
    rd->rec = r;
    if (choose_id(rd, family, id, r->id, sizeof r->id, err) != 0)
        return -1;
    for (int i = 0; i < nopts; i++)
        if (add_option(rd, r, &opts[i], err) != 0)
            return -1;
    for (int i = 0; rd->hint && i < rd->hint->nopts; i++)
        if (add_option(rd, r, &rd->hint->opts[i], err) != 0)
            return -1;
    for (int i = 0; i < r->nopts; i++)
        r->opts[i] = (GameOption){r->key[i], r->value[i]};
    Err why = {{0}};
    r->game = game_open(r->id, r->opts, r->nopts, &why);
    if (!r->game)
        return rr_fail_file(rd, err, "%s", why.msg);
    if (grow(r, 1) != 0)
        return err_set(err, "out of memory");
    memset(r->states, 0, r->game->state_size);
    if (position && *position) {
        if (r->game->ops->parse_position(r->game, position, r->states, &why) != 0)
            return rr_fail(rd, err, "the start position: %s", why.msg);
        snprintf(r->position, sizeof r->position, "%s", position);
    } else {
        r->game->ops->start(r->game, r->states);
    }
    return 0;
}

bool rr_begun(const RecordReader *rd) { return rd->rec && rd->rec->game; }
const Game *rr_game(const RecordReader *rd) { return rd->rec->game; }
const void *rr_state(const RecordReader *rd) { return record_final(rd->rec); }

bool rr_over(const RecordReader *rd)
{
    const Record *r = rd->rec;
    const Game *g = r->game;
    Move moves[GAME_MAX_MOVES];
    if (g->ops->legal_moves(g, record_final(r), moves) == 0)
        return true;
    if (!g->ops->history_result)
        return false;
    const void *stack[512];
    const int n = r->nmoves + 1 > 512 ? 512 : r->nmoves + 1;
    for (int i = 0; i < n; i++)
        stack[i] = record_state(r, r->nmoves + 1 - n + i);
    int value;
    return g->ops->history_result(g, stack, n, &value);
}

int rr_play(RecordReader *rd, Move m, const char *shown, Err *err)
{
    Record *r = rd->rec;
    const Game *g = r->game;
    if (rr_over(rd))
        return rr_fail(rd, err, "'%.40s' comes after the end of the game", shown);
    if (!game_has_move(g, record_final(r), m))
        return rr_fail(rd, err, "'%.40s' is not a legal move here", shown);
    if (r->nmoves >= RECORD_MAX_PLIES)
        return rr_fail(rd, err, "more than %d moves", RECORD_MAX_PLIES);
    if (grow(r, r->nmoves + 1) != 0)
        return err_set(err, "out of memory");
    g->ops->play(g, record_final(r), m, r->states + (size_t)(r->nmoves + 1) * g->state_size);
    r->moves[r->nmoves++] = m;
    return 0;
}

int rr_move(RecordReader *rd, const char *notation, const char *shown, Err *err)
{
    const Game *g = rd->rec->game;
    Err why = {{0}};
    Move m;
    if (rr_over(rd))
        return rr_fail(rd, err, "'%.40s' comes after the end of the game", shown);
    if (g->ops->parse_move(g, record_final(rd->rec), notation, &m, &why) != 0)
        return rr_fail(rd, err, "'%.40s': %s", shown, why.msg);
    return rr_play(rd, m, shown, err);
}

int rr_forced_pass(RecordReader *rd, Err *err)
{
    const Game *g = rd->rec->game;
    Move moves[GAME_MAX_MOVES];
    if (g->ops->legal_moves(g, record_final(rd->rec), moves) != 1 || moves[0] != MOVE_PASS)
        return 0;
    return rr_play(rd, MOVE_PASS, "pass", err) == 0 ? 1 : -1;
}

void rr_time(RecordReader *rd, int64_t ms)
{
    Record *r = rd->rec;
    if (!r || r->nmoves == 0 || ms < 0)
        return;
    r->move_ms[r->nmoves - 1] = ms;
    r->timed = r->timed || ms > 0;
}

int64_t rr_seconds(const char *s)
{
    int64_t ms = 0;
    int digits = 0;
    for (; isdigit((unsigned char)*s); s++, digits++)
        if ((ms = ms * 10 + (*s - '0')) > RECORD_TIME_MAX_S)
            return -1;
    if (digits == 0)
        return -1;
    ms *= 1000;
    if (*s == '.')
        for (int64_t unit = 100; isdigit((unsigned char)*++s); unit /= 10)
            ms += unit * (*s - '0');
    return ms;
}

void rr_name(RecordReader *rd, int side, const char *name)
{
    char *out = rd->rec->names[side];
    size_t n = 0;
    name = rr_skip_blanks(name);
    /* Control characters out: a name is shown on a terminal. */
    for (; *name && n + 1 < RECORD_NAME_MAX; name++)
        if ((unsigned char)*name >= 0x20 && *name != 0x7F)
            out[n++] = *name;
    /* Never end inside a UTF-8 character cut short: back to the start of
     * the last one, which goes if it does not fit whole. */
    size_t last = n;
    while (last > 0 && ((unsigned char)out[last - 1] & 0xC0) == 0x80)
        last--;
    if (last > 0 && ((unsigned char)out[last - 1] & 0x80)) {
        const unsigned char lead = (unsigned char)out[last - 1];
        const size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (n - (last - 1) < want)
            n = last - 1;
    }
    out[n] = '\0';
    if (!utf8_valid(out, n))
        out[0] = '\0';
}

bool record_standard_start(const Game *g, const void *start)
{
    _Alignas(16) unsigned char own[GAME_MAX_STATE];
    memset(own, 0, sizeof own);
    g->ops->start(g, own);
    return memcmp(own, start, g->state_size) == 0;
}

/* ---- reading: the whole record -------------------------------------------- */

void record_free(Record *r)
{
    if (!r)
        return;
    game_close(r->game);
    free(r->states);
    free(r->moves);
    free(r);
}

/* The text as UTF-8 and NUL-terminated: copied, or decoded from Shift_JIS
 * (a .kif, a CSA file from a Windows program).  *owned is what to free. */
static const char *as_utf8(const char *text, size_t *len, char **owned, bool *was_sjis,
                           const char *name, Err *err)
{
    *owned = NULL;
    *was_sjis = false;
    if (memchr(text, '\0', *len)) {
        err_set(err, "%.100s: a binary file, not a game record", name);
        return NULL;
    }
    if (*len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) { /* a byte-order mark */
        text += 3;
        *len -= 3;
    }
    if (utf8_valid(text, *len)) {
        /* A copy, so that the text ends in a NUL as the detectors expect
         * (a caller's buffer need not). */
        *owned = malloc(*len + 1);
        if (!*owned) {
            err_set(err, "out of memory");
            return NULL;
        }
        memcpy(*owned, text, *len);
        (*owned)[*len] = '\0';
        return *owned;
    }
    Err why = {{0}};
    *owned = sjis_to_utf8(text, *len, len, &why);
    if (!*owned) {
        err_set(err, "%.100s: %s", name, why.msg);
        return NULL;
    }
    *was_sjis = true;
    return *owned;
}

static const RecordFormat *detect(const char *text)
{
    for (int i = 0; formats[i]; i++)
        if (formats[i]->detect && formats[i]->detect(text))
            return formats[i];
    return NULL;
}

bool record_text_detected(const char *text, size_t len)
{
    char *owned;
    bool sjis;
    Err ignored;
    const char *utf8 = as_utf8(text, &len, &owned, &sjis, "", &ignored);
    const bool found = utf8 && detect(utf8);
    free(owned);
    return found;
}

Record *record_parse(const char *text, size_t len, const char *name, const RecordHint *hint,
                     Err *err)
{
    char *owned;
    bool sjis;
    const char *utf8 = as_utf8(text, &len, &owned, &sjis, name, err);
    if (!utf8)
        return NULL;
    const RecordFormat *f = detect(utf8);
    if (!f) {
        char list[120];
        record_format_list(list, sizeof list);
        err_set(err, "%.100s: not a game record yomi reads (%s)", name, list);
        free(owned);
        return NULL;
    }
    RecordReader rd = {.name = name, .hint = hint};
    rd.lines = text_lines(name, utf8, len, RECORD_LINE_MAX);
    int rc = f->read(&rd, err);
    free(owned);
    if (rc == 0 && !rr_begun(&rd))
        rc = rr_fail_file(&rd, err, "no game in the record");
    if (rc != 0) {
        record_free(rd.rec);
        return NULL;
    }
    rd.rec->format = f == &record_kifu && sjis ? &record_kif : f;
    return rd.rec;
}

Record *record_load(const char *file_or_text, const RecordHint *hint, Err *err)
{
    if (!file_or_text || !*file_or_text) {
        err_set(err, "no record given (a file, or the record's text)");
        return NULL;
    }
    if (read_file_absent(file_or_text)) {
        const size_t len = strlen(file_or_text);
        if (!record_text_detected(file_or_text, len)) {
            err_set(err, "'%.60s': no such file, nor a game record", file_or_text);
            return NULL;
        }
        return record_parse(file_or_text, len, "record", hint, err);
    }
    size_t len;
    char *text = read_file_whole(file_or_text, RECORD_FILE_MAX, &len, err);
    if (!text)
        return NULL;
    Record *r = record_parse(text, len, file_or_text, hint, err);
    free(text);
    return r;
}

/* ---- writing ----------------------------------------------------------------- */

RecordGame record_game(const Record *r)
{
    return (RecordGame){.game = r->game,
                        .opts = r->opts,
                        .nopts = r->nopts,
                        .start = record_state(r, 0),
                        .moves = r->moves,
                        .nmoves = r->nmoves,
                        .names = {r->names[0], r->names[1]},
                        .move_ms = r->timed ? r->move_ms : NULL};
}

char *record_text(const RecordFormat *f, const RecordGame *g, size_t *len, Err *err)
{
    if (strcmp(g->game->ops->family, f->family) != 0) {
        err_set(err, "a %s record holds %s games, not %s", f->title, f->family,
                g->game->ops->family);
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    if (!out) {
        err_set(err, "out of memory");
        return NULL;
    }
    const int rc = f->write(out, g, err);
    if (fclose(out) != 0 && rc == 0) {
        free(buf);
        err_set(err, "out of memory");
        return NULL;
    }
    if (rc != 0) {
        free(buf);
        return NULL;
    }
    if (!f->shift_jis) {
        *len = n;
        return buf;
    }
    char *sjis = utf8_to_sjis(buf, n, len, err);
    free(buf);
    return sjis;
}

int record_save(const RecordFormat *f, const RecordGame *g, const char *path, Err *err)
{
    size_t len;
    char *text = record_text(f, g, &len, err);
    if (!text)
        return -1;
    const int rc = atomic_file_write(path, text, len, err);
    free(text);
    return rc;
}
