/* session.c - a game in progress: history, undo/redo, save files. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/atomic_file.h"
#include "base/clock.h"
#include "base/read_file.h"
#include "base/i18n.h"
#include "games/registry.h"
#include "players/player.h"
#include "ui/session.h"

/* The clocks grow beside the game's arrays, a position each. */
static int grow(Session *s, int need)
{
    if (game_line_reserve(s->game, &s->states, &s->moves, &s->cap, need) != 0)
        return -1;
    if (s->clock_cap >= s->cap)
        return 0;
    GameClock *at = realloc(s->clock_at, (size_t)(s->cap + 1) * sizeof *at);
    if (!at)
        return -1;
    s->clock_at = at;
    s->clock_cap = s->cap;
    return 0;
}

Session *session_new(const char *id, const GameOption *opts, int nopts,
                     const UiPlayer players[2], const char *position, Err *err)
{
    if (nopts > SESSION_MAX_OPTS) {
        err_set(err, "too many game options");
        return NULL;
    }
    /* Cut short, an option would name another game in the save file. */
    for (int i = 0; i < nopts; i++) {
        if (strlen(opts[i].key) >= SESSION_OPT_KEY_MAX ||
            strlen(opts[i].value) >= SESSION_OPT_VALUE_MAX) {
            err_set(err, "--%.15s: %zu characters, more than a save file keeps (%d)",
                    opts[i].key, strlen(opts[i].value), SESSION_OPT_VALUE_MAX - 1);
            return NULL;
        }
    }
    Session *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "out of memory");
        return NULL;
    }
    snprintf(s->id, sizeof s->id, "%s", id);
    for (int i = 0; i < nopts; i++) {
        snprintf(s->opt_key[i], sizeof s->opt_key[i], "%s", opts[i].key);
        snprintf(s->opt_val[i], sizeof s->opt_val[i], "%s", opts[i].value);
    }
    s->nopts = nopts;
    s->players[0] = players[0];
    s->players[1] = players[1];
    s->game = game_open(id, opts, nopts, err);
    if (!s->game || grow(s, 1) != 0) {
        if (s->game)
            err_set(err, "out of memory");
        session_free(s);
        return NULL;
    }
    /* A level's search is the game's (players/level.h): the panels show it. */
    for (int i = 0; i < 2; i++)
        if (player_fit_game(&s->players[i], s->game->ops->family, err) != 0) {
            session_free(s);
            return NULL;
        }
    memset(s->states, 0, s->game->state_size);
    s->now = clock_ms;
    session_set_clock(s, NULL);
    if (position) {
        if (s->game->ops->parse_position(s->game, position, s->states, err) != 0) {
            session_free(s);
            return NULL;
        }
    } else {
        s->game->ops->start(s->game, s->states);
    }
    return s;
}

Session *session_restart(const Session *s, Err *err)
{
    GameOption opts[SESSION_MAX_OPTS];
    for (int i = 0; i < s->nopts; i++)
        opts[i] = (GameOption){s->opt_key[i], s->opt_val[i]};
    Session *fresh = session_new(s->id, opts, s->nopts, s->players, NULL, err);
    if (fresh) {
        fresh->now = s->now;
        session_set_clock(fresh, &s->clock.rules);
    }
    return fresh;
}

void session_free(Session *s)
{
    if (!s)
        return;
    game_close(s->game);
    free(s->states);
    free(s->moves);
    free(s->clock_at);
    free(s);
}

const void *session_state(const Session *s, int i)
{
    return s->states + (size_t)i * s->game->state_size;
}

int session_side(const Session *s) { return game_side(s->game, session_current(s)); }

int session_play(Session *s, Move m)
{
    if (grow(s, s->n + 1) != 0)
        return -1;
    s->game->ops->play(s->game, session_state(s, s->n), m,
                       s->states + (size_t)(s->n + 1) * s->game->state_size);
    s->moves[s->n++] = m;
    s->top = s->n;
    game_clock_end_move(&s->clock, s->now());
    s->clock_at[s->n] = s->clock;
    return 0;
}

int session_play_recorded(Session *s, Move m, int64_t ms)
{
    const int side = session_side(s);
    if (session_play(s, m) != 0)
        return -1;
    s->clock.used[side] += ms > 0 ? ms : 0;
    s->clock_at[s->n] = s->clock;
    return 0;
}

int64_t session_move_ms(const Session *s, int i)
{
    const int side = game_side(s->game, session_state(s, i));
    const int64_t ms = s->clock_at[i + 1].used[side] - s->clock_at[i].used[side];
    return ms > 0 ? ms : 0;
}

bool session_undo(Session *s)
{
    if (s->n == 0)
        return false;
    s->n--;
    s->clock = s->clock_at[s->n];
    return true;
}

bool session_redo(Session *s)
{
    if (s->n >= s->top)
        return false;
    s->n++;
    s->clock = s->clock_at[s->n];
    return true;
}

void session_set_clock(Session *s, const ClockRules *r)
{
    const ClockRules none = {.timed = false};
    game_clock_init(&s->clock, r ? r : &none);
    for (int i = 0; i <= s->top; i++)
        s->clock_at[i] = s->clock;
}

bool session_timed(const Session *s) { return s->clock.rules.timed; }

void session_clock_run(Session *s, bool run)
{
    if (run && s->clock.flag < 0)
        game_clock_start(&s->clock, session_side(s), s->now());
    else
        game_clock_stop(&s->clock, s->now());
}

bool session_clock_fell(Session *s) { return game_clock_check(&s->clock, s->now()) >= 0; }

int64_t session_time_used(const Session *s, int side)
{
    return game_clock_used(&s->clock, side, s->now());
}

bool session_over(const Session *s, int *value, const char **why)
{
    const Game *g = s->game;
    const void *cur = session_current(s);
    int v;
    *why = "";
    if (s->clock.flag >= 0) {
        *value = s->clock.flag == 0 ? -SCORE_WIN : SCORE_WIN;
        *why = N_("running out of time"); /* not "time": the panel has that word */
        return true;
    }
    if (g->ops->history_result) {
        const void *stack[512];
        int n = s->n + 1 > 512 ? 512 : s->n + 1;
        for (int i = 0; i < n; i++)
            stack[i] = session_state(s, s->n + 1 - n + i);
        if (g->ops->history_result(g, stack, n, &v)) {
            *value = game_side(g, cur) == 0 ? v : -v;
            *why = N_("repetition");
            return true;
        }
    }
    Move moves[GAME_MAX_MOVES];
    if (g->ops->legal_moves(g, cur, moves) != 0)
        return false;
    v = g->ops->final_score(g, cur);
    *value = game_side(g, cur) == 0 ? v : -v;
    return true;
}

void session_move_text(const Session *s, int i, char *buf, size_t len)
{
    s->game->ops->format_move(s->game, session_state(s, i), s->moves[i], buf, len);
}

static const char *const side_word[2] = {"first", "second"};

/* The clock lines (session.h), as of now: the move under way gives up the
 * main time it has taken, so a game saved mid-move goes on from there. */
static void write_clock(const Session *s, FILE *f)
{
    const GameClock *c = &s->clock;
    const uint64_t now = s->now();
    long long used[2], left[2];
    for (int i = 0; i < 2; i++) {
        used[i] = (long long)game_clock_used(c, i, now);
        const int64_t main_left = c->main_left[i] - game_clock_turn_ms(c, i, now);
        left[i] = main_left > 0 ? (long long)main_left : 0;
    }
    if (c->rules.timed) {
        fprintf(f, "clock %lld %lld %lld\n", (long long)c->rules.main_ms,
                (long long)c->rules.inc_ms, (long long)c->rules.byoyomi_ms);
        fprintf(f, "clock-left %lld %lld\n", left[0], left[1]);
        if (c->flag >= 0)
            fprintf(f, "clock-flag %s\n", side_word[c->flag]);
    }
    if (used[0] || used[1])
        fprintf(f, "time-used %lld %lld\n", used[0], used[1]);
}

int session_write(const Session *s, FILE *f)
{
    char buf[512];
    fprintf(f, "yomi-save 1\n# a yomi game: `yomi` > Load game, or edit by hand\n");
    fprintf(f, "game %s\n", s->id);
    for (int i = 0; i < s->nopts; i++)
        fprintf(f, "option %s %s\n", s->opt_key[i], s->opt_val[i]);
    for (int i = 0; i < 2; i++) {
        player_format(&s->players[i], buf, sizeof buf);
        fprintf(f, "%s %s\n", i == 0 ? "first" : "second", buf);
    }
    write_clock(s, f);
    s->game->ops->format_position(s->game, session_state(s, 0), buf, sizeof buf);
    fprintf(f, "position %s\nmoves\n", buf);
    /* Moves past the current one are kept too, so a saved game can be
     * redone after loading; `at` says where the game stands. */
    for (int i = 0; i < s->top; i++) {
        s->game->ops->format_move(s->game, session_state(s, i), s->moves[i], buf, sizeof buf);
        fprintf(f, "%s\n", buf);
    }
    if (s->top != s->n)
        fprintf(f, "at %d\n", s->n);
    return ferror(f) ? -1 : 0;
}

char *session_text(const Session *s, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        return NULL;
    int bad = session_write(s, f);
    if (fclose(f) != 0 || bad) {
        free(buf);
        return NULL;
    }
    return buf;
}

int session_save(const Session *s, const char *path, Err *err)
{
    size_t len;
    char *text = session_text(s, &len);
    if (!text)
        return err_set(err, "out of memory");
    int rc = atomic_file_write(path, text, len, err);
    free(text);
    return rc;
}

/* What the reader has seen so far: the header's items until the 'moves'
 * line, then the session those moves are played in. */
typedef struct {
    const char *name; /* the file, for messages */
    int lineno;
    bool header;      /* the 'yomi-save 1' line was seen */
    char id[32], position[512];
    char keys[SESSION_MAX_OPTS][SESSION_OPT_KEY_MAX], vals[SESSION_MAX_OPTS][SESSION_OPT_VALUE_MAX];
    int nopts;
    UiPlayer players[2];
    bool have_player[2];
    Session *s;       /* from the 'moves' line on */
    bool at_seen;     /* the 'at' line ends the file */
    ClockRules rules; /* the 'clock' line's */
    bool have_left;
    int64_t left[2], used[2];
    int flag;         /* -1: none */
} SaveReader;

/* The next line into line[SESSION_LINE_MAX + 1], trailing blanks removed
 * too: 1, 0 at the end, -1 + err for a line no save file has. */
static int next_line(SaveReader *r, TextLines *lines, char *line, Err *err)
{
    const int got = text_lines_next(lines, line, err);
    r->lineno = lines->lineno;
    if (got > 0) {
        size_t end = strlen(line);
        while (end && (line[end - 1] == '\r' || line[end - 1] == ' '))
            end--;
        line[end] = '\0';
    }
    return got;
}

/* The 'moves' line: the header is complete, the game can be opened. */
static int open_game(SaveReader *r, Err *err)
{
    Err perr = {{0}};
    if (!r->id[0])
        return err_set(err, "%.100s: no 'game' line before the moves", r->name);
    for (int i = 0; i < 2; i++)
        if (!r->have_player[i])
            ui_player_parse(i == 0 ? "human" : PLAYER_DEFAULT_COMPUTER, &r->players[i], &perr);
    GameOption opts[SESSION_MAX_OPTS];
    for (int i = 0; i < r->nopts; i++)
        opts[i] = (GameOption){r->keys[i], r->vals[i]};
    const char *position = r->position[0] ? r->position : NULL;
    r->s = session_new(r->id, opts, r->nopts, r->players, position, &perr);
    if (!r->s)
        return err_set(err, "%.100s: %s", r->name, perr.msg);
    return 0;
}

/* The longest time a save file may say a side has left or used: as if a
 * day's clock gained a day's increment for a thousand moves. */
#define SAVE_TIME_MAX ((int64_t)CLOCK_MAX_MS * 1000)

/* `want` whole numbers from 0 to `max`, separated by single spaces, and
 * nothing else; true when `text` is exactly that. */
static bool read_times(const char *text, int want, int64_t max, int64_t *out)
{
    const char *p = text;
    for (int i = 0; i < want; i++) {
        if (i > 0 && *p++ != ' ')
            return false;
        if (*p < '0' || *p > '9')
            return false;
        char *end;
        errno = 0;
        const long long v = strtoll(p, &end, 10);
        if (errno || v > max)
            return false;
        out[i] = v;
        p = end;
    }
    return *p == '\0';
}

/* The clock's lines (session.h): 1 when `line` (its keyword cut off at
 * `arg`) was one, 0 when it is some other line, -1 + err when it is wrong. */
static int read_clock_line(SaveReader *r, const char *line, const char *arg, Err *err)
{
    int64_t v[3];
    if (strcmp(line, "clock") == 0) {
        const bool numbers = read_times(arg, 3, CLOCK_MAX_MS, v);
        r->rules = (ClockRules){.timed = true};
        if (numbers)
            r->rules = (ClockRules){.timed = true, .main_ms = v[0], .inc_ms = v[1], .byoyomi_ms = v[2]};
        if (!numbers || !clock_rules_ok(&r->rules))
            return err_set(err,
                           "%.100s:%d: 'clock' needs main time, increment and byoyomi in ms "
                           "(0 to %d, main time or byoyomi above 0), not '%.40s'",
                           r->name, r->lineno, CLOCK_MAX_MS, arg);
        return 1;
    }
    const bool left = strcmp(line, "clock-left") == 0, flag = strcmp(line, "clock-flag") == 0;
    if ((left || flag) && !r->rules.timed)
        return err_set(err, "%.100s:%d: '%s' needs a 'clock' line before it", r->name, r->lineno,
                       line);
    if (left || strcmp(line, "time-used") == 0) {
        if (!read_times(arg, 2, SAVE_TIME_MAX, v))
            return err_set(err, "%.100s:%d: '%s' needs two times in ms (first, second), not '%.40s'",
                           r->name, r->lineno, line, arg);
        int64_t *to = left ? r->left : r->used;
        to[0] = v[0];
        to[1] = v[1];
        r->have_left |= left;
        return 1;
    }
    if (flag) {
        r->flag = strcmp(arg, "first") == 0 ? 0 : strcmp(arg, "second") == 0 ? 1 : -2;
        if (r->flag < -1)
            return err_set(err, "%.100s:%d: 'clock-flag' needs first or second, not '%.20s'",
                           r->name, r->lineno, arg);
        return 1;
    }
    return 0;
}

/* The file read whole: the clock goes on from its times, and the plies
 * before it, whose times the file does not keep, come back with the same. */
static void apply_clock(SaveReader *r)
{
    Session *s = r->s;
    GameClock *c = &s->clock;
    session_set_clock(s, r->rules.timed ? &r->rules : NULL);
    for (int i = 0; i < 2; i++) {
        if (r->have_left)
            c->main_left[i] = r->left[i];
        c->used[i] = r->used[i];
    }
    for (int i = 0; i <= s->top; i++)
        s->clock_at[i] = *c;
    c->flag = r->flag;
}

/* A line before 'moves': KEYWORD ARGUMENT. */
static int read_header_line(SaveReader *r, char *line, Err *err)
{
    Err perr = {{0}};
    char *arg = strchr(line, ' ');
    if (arg)
        *arg++ = '\0';
    else
        arg = line + strlen(line);
    const int clock_line = read_clock_line(r, line, arg, err);
    if (clock_line != 0)
        return clock_line < 0 ? -1 : 0;
    if (strcmp(line, "game") == 0) {
        snprintf(r->id, sizeof r->id, "%s", arg);
    } else if (strcmp(line, "option") == 0) {
        char *v = strchr(arg, ' ');
        if (!v || r->nopts == SESSION_MAX_OPTS || (size_t)(v - arg) >= SESSION_OPT_KEY_MAX ||
            strlen(v + 1) >= SESSION_OPT_VALUE_MAX)
            return err_set(err, "%.100s:%d: bad option line", r->name, r->lineno);
        *v++ = '\0';
        snprintf(r->keys[r->nopts], sizeof r->keys[0], "%s", arg);
        snprintf(r->vals[r->nopts], sizeof r->vals[0], "%s", v);
        r->nopts++;
    } else if (strcmp(line, "first") == 0 || strcmp(line, "second") == 0) {
        const int side = line[0] == 's';
        if (ui_player_parse(arg, &r->players[side], &perr) != 0)
            return err_set(err, "%.100s:%d: %s", r->name, r->lineno, perr.msg);
        r->have_player[side] = true;
    } else if (strcmp(line, "position") == 0) {
        snprintf(r->position, sizeof r->position, "%s", arg);
    } else if (strcmp(line, "moves") == 0) {
        return open_game(r, err);
    } else {
        return err_set(err, "%.100s:%d: unknown line '%.30s'", r->name, r->lineno, line);
    }
    return 0;
}

/* 'at N': where the game stands among the moves listed (the rest can be
 * redone).  Written last, so every move is known by then. */
static int read_at_line(SaveReader *r, const char *number, Err *err)
{
    char *end;
    errno = 0;
    const long at = strtol(number, &end, 10);
    if (number[0] < '0' || number[0] > '9' || *end || errno || at > r->s->top)
        return err_set(err, "%.100s:%d: 'at' needs a move number from 0 to %d, not '%.20s'",
                       r->name, r->lineno, r->s->top, number);
    r->s->n = (int)at;
    r->at_seen = true;
    return 0;
}

/* A line after 'moves': a move in the game's notation, or 'at N'. */
static int read_move_line(SaveReader *r, const char *line, Err *err)
{
    Session *s = r->s;
    Err perr = {{0}};
    Move m;
    int value;
    const char *why;
    if (r->at_seen)
        return err_set(err, "%.100s:%d: nothing may follow the 'at' line", r->name, r->lineno);
    if (strncmp(line, "at", 2) == 0 && (line[2] == ' ' || line[2] == '\0'))
        return read_at_line(r, line[2] ? line + 3 : "", err);
    /* A game that is over takes no moves, even ones its board would allow
     * (gogo after a fourfold repetition). */
    if (session_over(s, &value, &why))
        return err_set(err, "%.100s:%d: '%.30s' comes after the end of the game", r->name,
                       r->lineno, line);
    if (s->game->ops->parse_move(s->game, session_current(s), line, &m, &perr) != 0)
        return err_set(err, "%.100s:%d: %s", r->name, r->lineno, perr.msg);
    if (session_play(s, m) != 0)
        return err_set(err, "out of memory");
    return 0;
}

Session *session_parse(const char *text, size_t len, const char *name, Err *err)
{
    SaveReader r = {.name = name, .flag = -1};
    TextLines lines = text_lines(name, text, len, SESSION_LINE_MAX);
    char line[SESSION_LINE_MAX + 1];
    int got;
    while ((got = next_line(&r, &lines, line, err)) > 0) {
        if (line[0] == '#' || line[0] == '\0')
            continue;
        if (!r.header) {
            if (strcmp(line, "yomi-save 1") != 0) {
                err_set(err, "%.100s: not a yomi save file (no 'yomi-save 1' line)", name);
                goto fail;
            }
            r.header = true;
            continue;
        }
        if ((r.s ? read_move_line(&r, line, err) : read_header_line(&r, line, err)) != 0)
            goto fail;
    }
    if (got < 0)
        goto fail;
    if (!r.s) {
        err_set(err, "%.100s: %s", name, r.header ? "no 'moves' line" : "empty file");
        return NULL;
    }
    apply_clock(&r);
    return r.s;
fail:
    session_free(r.s);
    return NULL;
}

Session *session_load(const char *path, Err *err)
{
    size_t len;
    char *text = read_file_whole(path, SESSION_FILE_MAX, &len, err);
    if (!text)
        return NULL;
    Session *s = session_parse(text, len, path, err);
    free(text);
    return s;
}

static int mkdir_p(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(path, 0700) != 0 && errno != EEXIST) {
                *p = '/';
                return -1;
            }
            *p = '/';
        }
    }
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

int session_state_dir(char *buf, size_t len, Err *err)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(buf, len, "%s/yomi", xdg);
    else if (home && home[0])
        n = snprintf(buf, len, "%s/.local/state/yomi", home);
    else
        return err_set(err, "neither XDG_STATE_HOME nor HOME is set");
    if (n < 0 || (size_t)n >= len)
        return err_set(err, "state folder path too long");
    if (mkdir_p(buf) != 0)
        return err_set(err, "cannot create %.200s: %s", buf, strerror(errno));
    return 0;
}

int session_autosave_path(char *buf, size_t len, Err *err)
{
    char dir[3000];
    if (session_state_dir(dir, sizeof dir, err) != 0)
        return -1;
    if ((size_t)snprintf(buf, len, "%s/autosave.yomi", dir) >= len)
        return err_set(err, "path too long");
    return 0;
}
