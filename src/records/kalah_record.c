/* kalah_record.c - yomi's Kalah record (doc/records.md): tag lines in the
 * manner of chess's PGN, then the turns.
 *
 *   [Game "Kalah"]
 *   [Pits "6"]               pits a side (default 6)
 *   [Seeds "4"]              seeds a pit at the start (default 6)
 *   [Capture "standard"]     or "empty": capture even opposite an empty pit
 *   [Rules "standard"]       or "seed": the tutorial's rules
 *   [First "..."]            the players, as the record names them
 *   [Second "..."]
 *   [Position "..."]         a set-up start, in yomi's Kalah notation
 *   [Result "30-18"]         the stores at the end (written, not read)
 *
 *   1. 3-6 2
 *   2. 5 1-4
 *
 * A move is a pit number, 1 to Pits, counted from the mover's left as the
 * mover sees the board.  One player's moves in a row (the last seed of a
 * move in the mover's own store gives another turn) are joined with '-';
 * blanks separate the players' turns; "N." numbers the lines for people
 * and is read past.  Both are checked against the rules: a record whose
 * turns do not match the moves is wrong somewhere. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "games/kalah/kalah.h"
#include "games/registry.h"
#include "records/internal.h"

static bool kalah_detect(const char *text)
{
    for (;;) {
        while (isspace((unsigned char)*text))
            text++;
        if (*text != '#')
            return strncmp(text, "[Game \"Kalah\"]", 14) == 0;
        text = strchr(text, '\n');
        if (!text)
            return false;
    }
}

typedef struct {
    RecordReader *rd;
    int pits, seeds;
    char capture[16], rules[16], position[RECORD_POSITION_MAX];
    char names[2][RECORD_NAME_MAX];
    bool game_tag;
    int mover;       /* who played the last move, -1 before the first */
    bool joined;     /* the next move was joined to it with '-' */
} KalahReader;

/* [Name "value"] into name and value; -1 when the line is not a tag. */
static int split_tag(const char *line, char *name, size_t nlen, char *value, size_t vlen)
{
    if (line[0] != '[')
        return -1;
    const char *q = strchr(line, '"');
    const char *end = strrchr(line, '"');
    if (!q || end == q || strcmp(end, "\"]") != 0)
        return -1;
    size_t n = (size_t)(q - line - 1);
    while (n && line[n] == ' ')
        n--;
    if (n == 0 || n >= nlen || (size_t)(end - q - 1) >= vlen)
        return -1;
    memcpy(name, line + 1, n);
    name[n] = '\0';
    memcpy(value, q + 1, (size_t)(end - q - 1));
    value[end - q - 1] = '\0';
    return 0;
}

static int number_tag(KalahReader *k, const char *name, const char *value, int *out, Err *err)
{
    char *end;
    const long v = strtol(value, &end, 10);
    if (!isdigit((unsigned char)value[0]) || *end || v < 1 || v > 99)
        return rr_fail(k->rd, err, "[%s \"%.20s\"] needs a whole number", name, value);
    *out = (int)v;
    return 0;
}

static int read_tag(KalahReader *k, const char *line, Err *err)
{
    char name[32], value[RECORD_LINE_MAX + 1];
    if (split_tag(line, name, sizeof name, value, sizeof value) != 0)
        return rr_fail(k->rd, err, "not a tag line ([Name \"value\"])");
    if (!k->game_tag) {
        if (strcmp(name, "Game") != 0 || strcmp(value, "Kalah") != 0)
            return rr_fail(k->rd, err, "a Kalah record starts with [Game \"Kalah\"]");
        k->game_tag = true;
    } else if (strcmp(name, "Pits") == 0) {
        return number_tag(k, name, value, &k->pits, err);
    } else if (strcmp(name, "Seeds") == 0) {
        return number_tag(k, name, value, &k->seeds, err);
    } else if (strcmp(name, "Capture") == 0) {
        snprintf(k->capture, sizeof k->capture, "%.15s", value);
    } else if (strcmp(name, "Rules") == 0) {
        snprintf(k->rules, sizeof k->rules, "%.15s", value);
    } else if (strcmp(name, "Position") == 0) {
        snprintf(k->position, sizeof k->position, "%.*s", RECORD_POSITION_MAX - 1, value);
    } else if (strcmp(name, "First") == 0 || strcmp(name, "Second") == 0) {
        snprintf(k->names[name[0] == 'S'], sizeof k->names[0], "%.*s", RECORD_NAME_MAX - 1, value);
    }
    return 0; /* other tags (Event, Date, Result...) are for people */
}

static int kalah_begin(KalahReader *k, Err *err)
{
    char id[32];
    const int size[2] = {k->pits, k->seeds};
    game_size_id(&kalah_ops, size, false, id, sizeof id);
    GameOption opts[2];
    int n = 0;
    if (k->capture[0])
        opts[n++] = (GameOption){"capture", k->capture};
    if (k->rules[0])
        opts[n++] = (GameOption){"rules", k->rules};
    if (rr_begin(k->rd, "kalah", id, opts, n, k->position, err) != 0)
        return -1;
    for (int i = 0; i < 2; i++)
        rr_name(k->rd, i, k->names[i]);
    return 0;
}

/* One pit; `joined`: written after a '-'. */
static int read_pit(KalahReader *k, const char *pit, bool joined, Err *err)
{
    RecordReader *rd = k->rd;
    const Game *g = rr_game(rd);
    const int side = g->ops->side_to_move(g, rr_state(rd));
    if (k->mover >= 0 && !rr_over(rd)) {
        if (joined && side != k->mover)
            return rr_fail(rd, err, "'-%s': the move before it ended the turn; the next is the "
                                    "other player's, after a blank", pit);
        if (!joined && side == k->mover)
            return rr_fail(rd, err, "'%s': the move before it gave another turn; join the "
                                    "mover's next pit with '-'", pit);
    }
    if (rr_move(rd, pit, pit, err) != 0)
        return -1;
    k->mover = side;
    return 0;
}

static int read_turns(KalahReader *k, const char *line, Err *err)
{
    if (!rr_begun(k->rd) && kalah_begin(k, err) != 0)
        return -1;
    for (const char *s = line; *s;) {
        if (isspace((unsigned char)*s)) {
            s++;
            k->joined = false;
            continue;
        }
        const size_t n = strspn(s, "0123456789");
        if (n > 0 && s[n] == '.') { /* "12." numbers the line */
            s += n + 1;
            continue;
        }
        if (*s == '-' && k->mover >= 0 && !k->joined) {
            k->joined = true;
            s++;
            continue;
        }
        if (n == 0 || n > 2 || (s[n] && s[n] != '-' && !isspace((unsigned char)s[n]))) {
            char shown[12];
            snprintf(shown, sizeof shown, "%.10s", s);
            return rr_fail(k->rd, err, "'%s' is not a pit number (1 to %d)", shown,
                           kalah_pits(rr_game(k->rd)));
        }
        char pit[4];
        snprintf(pit, sizeof pit, "%.*s", (int)n, s);
        if (read_pit(k, pit, k->joined, err) != 0)
            return -1;
        k->joined = false;
        s += n;
    }
    return 0;
}

static int kalah_read(RecordReader *rd, Err *err)
{
    KalahReader k = {.rd = rd, .pits = 6, .seeds = 6, .mover = -1};
    int got;
    while ((got = rr_next_line(rd, err)) > 0) {
        const char *line = rr_skip_blanks(rd->line);
        int rc = 0;
        if (*line == '#' || *line == '\0')
            continue;
        if (*line == '[')
            rc = rr_begun(rd) ? rr_fail(rd, err, "a tag after the moves") : read_tag(&k, line, err);
        else
            rc = read_turns(&k, line, err);
        if (rc != 0)
            return -1;
    }
    if (got == 0 && !rr_begun(rd))
        return kalah_begin(&k, err);
    return got;
}

/* ---- writing ------------------------------------------------------------------- */

static int kalah_write(FILE *out, const RecordGame *r, Err *err)
{
    const Game *g = r->game;
    const int pits = kalah_pits(g);
    fprintf(out, "[Game \"Kalah\"]\n[Pits \"%d\"]\n[Seeds \"%d\"]\n", pits,
            kalah_total_seeds(g) / (2 * pits));
    fprintf(out, "[Capture \"%s\"]\n[Rules \"%s\"]\n",
            kalah_capture(g) == KALAH_CAPTURE_EMPTY ? "empty" : "standard",
            kalah_rules(g) == KALAH_RULES_SEED ? "seed" : "standard");
    for (int i = 0; i < 2; i++)
        if (r->names[i] && r->names[i][0])
            fprintf(out, "[%s \"%s\"]\n", i ? "Second" : "First", r->names[i]);
    if (!record_standard_start(g, r->start)) {
        char pos[RECORD_POSITION_MAX];
        g->ops->format_position(g, r->start, pos, sizeof pos);
        fprintf(out, "[Position \"%s\"]\n", pos);
    }
    /* The result is a tag too: tags come before the moves. */
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, r->start, g->state_size);
    for (int i = 0; i < r->nmoves; i++) {
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    if (g->ops->is_terminal(g, cur)) {
        int stores[2];
        g->ops->info->counts(g, cur, stores);
        fprintf(out, "[Result \"%d-%d\"]\n", stores[0], stores[1]);
    }
    memcpy(cur, r->start, g->state_size);
    int turn = 0, last = -1;
    for (int i = 0; i < r->nmoves; i++) {
        const int side = g->ops->side_to_move(g, cur);
        char pit[8];
        g->ops->format_move(g, cur, r->moves[i], pit, sizeof pit);
        if (side == last)
            fprintf(out, "-%s", pit);
        else
            fprintf(out, "\n%d. %s", ++turn, pit);
        last = side;
        g->ops->play(g, cur, r->moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    if (turn)
        fputc('\n', out);
    return ferror(out) ? err_set(err, "out of memory") : 0;
}

const RecordFormat record_kalah = {
    .name = "kalah",
    .title = "Kalah record",
    .extension = ".kalah",
    .family = "kalah",
    .detect = kalah_detect,
    .read = kalah_read,
    .write = kalah_write,
};
