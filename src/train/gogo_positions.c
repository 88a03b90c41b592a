/* gogo_positions.c - the positions gogo's trainers fit: played, read and
 * written (see gogo_positions.h). */
#include "train/gogo_positions.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/read_file.h"
#include "engine/search.h"
#include "train/selfplay.h"

#define MAX_GAME_PLIES 300 /* longer games are scored as draws */

/* ---- self-play ---------------------------------------------------------------- */


/* ---- self-play ---------------------------------------------------------------- */

/* Game k's opening generator: the mix gogo's games have always been drawn
 * from (another would change every file trained since). */
static uint64_t gogo_game_rng(uint64_t seed, long game)
{
    return seed * 0x2545F4914F6CDD1DULL + (uint64_t)game;
}

/* GogoPositions worth fitting: the side to move is not in check and its best
 * move is quiet, so the static value is about what the search would say. */
static bool is_quiet(const Game *g, const GogoState *s, Move best, int value)
{
    if (best == MOVE_NONE || value >= SCORE_WIN_MIN || value <= -SCORE_WIN_MIN)
        return false;
    if (g->ops->in_check(g, s) || gogo_move_promotes(best))
        return false;
    return gogo_move_is_drop(best) || s->board[gogo_move_to(best)] == 0;
}

/* The searched positions (after the opening) that are quiet. */
static bool keep_position(const void *ctx, const SelfplayPosition *pos, void *sample)
{
    const Game *g = ctx;
    if (!pos->search || !is_quiet(g, pos->state, pos->search->move, pos->search->value))
        return false;
    *(GogoSample *)sample = (GogoSample){.state = *(const GogoState *)pos->state};
    return true;
}

static void label_position(const void *ctx, void *sample, int result)
{
    (void)ctx;
    ((GogoSample *)sample)->result = result > 0 ? 1.0f : result < 0 ? 0.0f : 0.5f;
}

#define POS_MAGIC "yomi-gogo-positions"
#define POS_LINE_MAX 256
#define POS_FILE_MAX ((size_t)1 << 32) /* about 60 M positions */

void gogo_positions_free(GogoPositions *p)
{
    free(p->x);
    free(p->game_start);
    memset(p, 0, sizeof *p);
}

static const char *result_word(float r) { return r > 0.75f ? "win" : r < 0.25f ? "loss" : "draw"; }

typedef struct {
    const Game *g;
    const GogoPositions *p;
} GogoPositionsFile;

static int print_positions(FILE *out, const void *arg)
{
    const GogoPositionsFile *f = arg;
    char text[POS_LINE_MAX];
    bool scored = true;
    for (size_t i = 0; i < f->p->n; i++)
        scored &= f->p->x[i].scored;
    fprintf(out, "%s %d %ld\n", POS_MAGIC, scored ? 2 : 1, f->p->games);
    for (long k = 0; k < f->p->games; k++)
        for (size_t i = f->p->game_start[k]; i < f->p->game_start[k + 1]; i++) {
            const GogoSample *x = &f->p->x[i];
            f->g->ops->format_position(f->g, &x->state, text, sizeof text);
            if (scored)
                fprintf(out, "%ld %s %d %s\n", k, result_word(x->result), (int)x->score, text);
            else
                fprintf(out, "%ld %s %s\n", k, result_word(x->result), text);
        }
    return ferror(out) ? -1 : 0;
}

int gogo_positions_save(const Game *g, const char *path, const GogoPositions *p, Err *err)
{
    const GogoPositionsFile f = {g, p};
    return atomic_file_print(path, print_positions, &f, err);
}

/* Room for `games` games (never fewer than now), the new ones empty. */
static bool positions_grow(GogoPositions *p, long games)
{
    if (games <= p->games && p->game_start)
        return true;
    size_t *gs = realloc(p->game_start, ((size_t)games + 1) * sizeof *gs);
    if (!gs)
        return false;
    p->game_start = gs;
    for (long k = p->games + 1; k <= games; k++)
        gs[k] = p->n;
    if (p->games == 0)
        gs[0] = p->n;
    p->games = games;
    return true;
}

/* One line's position and result appended to game `game` (numbered within
 * the file, from `first`, the games loaded before it). */
static int load_line(const Game *g, GogoPositions *p, const char *line, int version, long first,
                     long games, long *last, Err *err)
{
    char result[8];
    long game, score = 0;
    int at = 0;
    if (sscanf(line, "%ld %7s %n", &game, result, &at) != 2)
        return version == 1 ? err_set(err, "expected 'GAME win|draw|loss POSITION'")
                            : err_set(err, "expected 'GAME win|draw|loss SCORE POSITION'");
    if (version == 2) {
        char *end;
        errno = 0;
        score = strtol(line + at, &end, 10);
        if (at == 0 || end == line + at || (*end != ' ' && *end != '\t'))
            return err_set(err, "expected 'GAME win|draw|loss SCORE POSITION'");
        if (errno == ERANGE || score < -SCORE_WIN || score > SCORE_WIN)
            return err_set(err, "score %ld out of range (+-%d)", score, SCORE_WIN);
        at = (int)(text_skip_blanks(end) - line);
    }
    if (at == 0)
        return err_set(err, "no position");
    if (game < *last || game >= games)
        return err_set(err, "game %ld out of order or past the header's %ld", game, games);
    *last = game;
    GogoSample x = {.scored = version == 2, .score = (int)score};
    x.result = strcmp(result, "win") == 0 ? 1.0f : strcmp(result, "loss") == 0 ? 0.0f : 0.5f;
    if (x.result == 0.5f && strcmp(result, "draw") != 0)
        return err_set(err, "'%s' is not win, draw or loss", result);
    memset(&x.state, 0, sizeof x.state);
    Err why = {{0}};
    if (g->ops->parse_position(g, line + at, &x.state, &why) != 0)
        return err_set(err, "%s", why.msg);
    if (p->n == p->cap) {
        const size_t cap = p->cap ? 2 * p->cap : 4096;
        GogoSample *grown = realloc(p->x, cap * sizeof *grown);
        if (!grown)
            return err_set(err, "out of memory");
        p->x = grown;
        p->cap = cap;
    }
    /* The games up to this one end before it; this one ends after it. */
    if (!positions_grow(p, first + game + 1))
        return err_set(err, "out of memory");
    p->x[p->n++] = x;
    p->game_start[p->games] = p->n;
    return 0;
}

/* The first line, "yomi-gogo-positions VERSION GAMES" and nothing after. */
static bool read_header(const char *line, int *version, long *games)
{
    char magic[32];
    int end = 0;
    if (sscanf(line, "%31s %d %ld %n", magic, version, games, &end) != 3 || end == 0 ||
        line[end] != '\0')
        return false;
    return strcmp(magic, POS_MAGIC) == 0 && *version >= 1 && *version <= 2 && *games >= 0 &&
           *games <= 100000000L;
}

int gogo_positions_load(const Game *g, const char *path, GogoPositions *p, Err *err)
{
    size_t len;
    char *text = read_file_whole(path, POS_FILE_MAX, &len, err);
    if (!text)
        return -1;
    TextLines lines = text_lines(path, text, len, POS_LINE_MAX);
    char line[POS_LINE_MAX + 1];
    const long first = p->games;
    long games = -1, last = 0;
    int got, rc = 0, version = 0;
    Err why = {{0}};
    while (rc == 0 && (got = text_lines_next(&lines, line, err)) > 0) {
        if (games < 0) {
            if (!read_header(line, &version, &games)) {
                games = -1;
                rc = err_set(err, "%.200s: not a gogo positions file (expected '%s 1|2 GAMES')",
                             path, POS_MAGIC);
            }
        } else if (load_line(g, p, line, version, first, games, &last, &why) != 0) {
            rc = err_set(err, "%.200s: line %d: %s", path, lines.lineno, why.msg);
        }
    }
    if (rc == 0 && got < 0)
        rc = -1;
    if (rc == 0 && games < 0)
        rc = err_set(err, "%.200s: empty (expected '%s 1|2 GAMES')", path, POS_MAGIC);
    if (rc == 0 && !positions_grow(p, first + games))
        rc = err_set(err, "out of memory");
    free(text);
    return rc;
}

/* The games played, as positions (the samples taken over). */
static int play(const Selfplay *sp, GogoPositions *p, TrainReport *rep, Err *err)
{
    SelfplayGames games;
    if (selfplay_run(sp, &games, err) != 0)
        return -1;
    memcpy(rep->wins, games.wins, sizeof rep->wins);
    p->x = (GogoSample *)(void *)games.samples; /* malloc'd: aligned for any sample */
    p->n = p->cap = games.n;
    p->game_start = games.game_start;
    p->games = sp->games;
    games.samples = NULL;
    games.game_start = NULL;
    selfplay_games_free(&games);
    return 0;
}


int gogo_positions_get(const Game *g, const TrainOptions *o, GogoPositions *p, TrainReport *rep,
                       Err *err)
{
    /* The games may be played with another evaluation (a network) than
     * the one the positions are read with. */
    const Game *player = o->play_game ? o->play_game : g;
    const Selfplay sp = {
        .g = player, .games = o->games, .threads = o->threads, .depth = o->depth, .seed = o->seed,
        .game_rng = gogo_game_rng, .random_min = 2, .random_span = 7, /* 2-8 random plies */
        .exact = -1, .max_plies = MAX_GAME_PLIES,
        .sample_size = sizeof(GogoSample),
        .keep = keep_position, .label = label_position, .ctx = player,
        .progress = o->progress,
    };
    memset(p, 0, sizeof *p);
    int rc = 0;
    if (o->nload == 0)
        rc = play(&sp, p, rep, err);
    /* Files of several runs fit as one set, their games numbered on. */
    for (int f = 0; f < o->nload && rc == 0; f++)
        rc = gogo_positions_load(g, o->load_positions[f], p, err);
    rep->games = p->games;
    rep->loaded = o->nload > 0;
    if (rc != 0)
        gogo_positions_free(p);
    return rc;
}
