/* selfplay.c - yomi against itself for the trainers (see selfplay.h). */
#define _POSIX_C_SOURCE 200809L
#include "train/selfplay.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/atomic_file.h"
#include "base/clock.h"
#include "base/i18n.h"
#include "base/rng.h"
#include "train/status.h"

uint64_t selfplay_game_rng(uint64_t seed, long game)
{
    return seed ^ ((uint64_t)game * 0xd1b54a32d192ed03ULL);
}

/* ---- one thread's games ------------------------------------------------------ */

/* The samples of the game being played, with each one's side to move. */
typedef struct {
    unsigned char *data;
    int8_t *side;
    size_t n, cap;
} Kept;

/* What a thread plays with, made once for all its games. */
typedef struct {
    Search *mid, *solver; /* solver: NULL without exact solves */
    SearchResult *r;
    /* The positions of the game: every one when the rules look back at
     * them (history), else just the current one and the next. */
    unsigned char *line;
    const void **line_ptr;
    bool history;
    Kept kept;
    Move moves[GAME_MAX_MOVES]; /* the legal moves of the current position */
    int nmoves;
} Player;

/* The finished games, slot k for game k. */
typedef struct {
    unsigned char *samples;
    size_t n;
    int first_result; /* the end from the first player's view */
} Slot;

typedef struct {
    const Selfplay *sp;
    Slot *slots;
    atomic_long next, done;
    atomic_int failed;
    pthread_mutex_t err_lock;
    Err err;
} Shared;

static void *position(const Player *pl, const Game *g, int ply)
{
    return pl->line + (size_t)(pl->history ? ply : ply % 2) * g->state_size;
}

static void player_free(Player *pl)
{
    search_free(pl->mid);
    search_free(pl->solver);
    free(pl->r);
    free(pl->line);
    free(pl->line_ptr);
    free(pl->kept.data);
    free(pl->kept.side);
}

static int player_init(Player *pl, const Selfplay *sp, Err *err)
{
    memset(pl, 0, sizeof *pl);
    const Game *g = sp->g;
    SearchConfig cfg;
    search_config_default(&cfg);
    cfg.algo = ALGO_PVS;
    cfg.depth = sp->depth;
    cfg.table_mb = 4; /* a shallow search fills little, and every thread has its own */
    if (!(pl->mid = search_new(g, &cfg, err)))
        return -1;
    if (sp->exact >= 0 && g->ops->solver_size) {
        SearchConfig solve = cfg;
        solve.solve = true;
        solve.table_mb = 16;
        solve.endgame = SEARCH_ENDGAME_ALL; /* the game's own solver takes every position */
        if (!(pl->solver = search_new(g, &solve, err)))
            return -1;
    }
    pl->history = g->ops->history_result && sp->max_plies > 0; /* (selfplay.h: it must have one) */
    const int states = pl->history ? sp->max_plies + 1 : 2;
    pl->r = malloc(sizeof *pl->r);
    pl->line = malloc((size_t)states * g->state_size);
    pl->line_ptr = malloc((size_t)states * sizeof *pl->line_ptr);
    if (!pl->r || !pl->line || !pl->line_ptr)
        return err_set(err, "out of memory");
    for (int i = 0; i < states; i++)
        pl->line_ptr[i] = pl->line + (size_t)i * g->state_size;
    return 0;
}

/* Offer a position to the trainer; -1 when memory is short. */
static int offer(const Selfplay *sp, Kept *kept, const SelfplayPosition *pos)
{
    if (sp->max_kept > 0 && kept->n >= (size_t)sp->max_kept)
        return 0;
    if (kept->n == kept->cap) {
        const size_t cap = kept->cap ? kept->cap * 2 : 128;
        unsigned char *data = realloc(kept->data, cap * sp->sample_size);
        if (data)
            kept->data = data;
        int8_t *side = data ? realloc(kept->side, cap * sizeof *side) : NULL;
        if (!side)
            return -1;
        kept->side = side;
        kept->cap = cap;
    }
    if (sp->keep(sp->ctx, pos, kept->data + kept->n * sp->sample_size))
        kept->side[kept->n++] = (int8_t)game_side(sp->g, pos->state);
    return 0;
}

/* The game ends with an exact solve of `s`: its value in *value (side to
 * move's view), and the solved line offered when the trainer wants it. */
static int solve_end(const Selfplay *sp, Player *pl, const void *s, long k, int ply, int *value,
                     Err *err)
{
    const Game *g = sp->g;
    search_clear(pl->solver);
    if (search_run(pl->solver, s, pl->r, err) != 0)
        return -1;
    *value = pl->r->value;
    _Alignas(16) unsigned char line[2][GAME_MAX_STATE];
    memcpy(line[0], s, g->state_size);
    for (int i = 0; sp->keep_solved_line && i < pl->r->pv_len; i++) {
        const void *cur = line[i % 2];
        if (offer(sp, &pl->kept, &(SelfplayPosition){cur, k, ply + i, NULL}) != 0)
            return err_set(err, "out of memory");
        if (g->ops->is_terminal(g, cur))
            break;
        g->ops->play(g, cur, pl->r->pv[i], line[(i + 1) % 2]);
    }
    return 0;
}

/* Whether the game ends at `ply`: 1 with its value (from the side to
 * move's view) in *value, 0 when it goes on, -1 + err. */
static int game_over(const Selfplay *sp, Player *pl, long k, int ply, int random_plies, int *value,
                     Err *err)
{
    const Game *g = sp->g;
    const void *s = position(pl, g, ply);
    if (sp->max_plies > 0 && ply >= sp->max_plies) {
        *value = 0; /* drawn */
        return 1;
    }
    if ((pl->nmoves = g->ops->legal_moves(g, s, pl->moves)) == 0) {
        *value = g->ops->final_score(g, s);
        return 1;
    }
    if (pl->history && g->ops->history_result(g, pl->line_ptr, ply + 1, value))
        return 1;
    int (*measure)(const Game *, const void *) = sp->exact_measure ? sp->exact_measure : g->ops->solver_size;
    if (pl->solver && ply >= random_plies && measure(g, s) <= sp->exact)
        return solve_end(sp, pl, s, k, ply, value, err) == 0 ? 1 : -1;
    return 0;
}

/* The search's move from the position at `ply` (its result in pl->r). */
static int searched_move(Player *pl, const Game *g, int ply, Move *m, Err *err)
{
    const void *s = position(pl, g, ply);
    if (pl->history)
        search_set_history(pl->mid, pl->line_ptr, ply);
    if (search_run(pl->mid, s, pl->r, err) != 0)
        return -1;
    *m = pl->r->move != MOVE_NONE ? pl->r->move : pl->moves[0];
    return 0;
}

/* Label the kept samples with how the game ended and move them into its slot. */
static int finish_game(const Selfplay *sp, Player *pl, int end_side, int value, Slot *slot, Err *err)
{
    const Kept *kept = &pl->kept;
    for (size_t i = 0; i < kept->n; i++)
        sp->label(sp->ctx, kept->data + i * sp->sample_size, kept->side[i] == end_side ? value : -value);
    slot->first_result = end_side == 0 ? value : -value;
    slot->n = kept->n;
    if (kept->n && !(slot->samples = malloc(kept->n * sp->sample_size)))
        return err_set(err, "out of memory");
    if (kept->n)
        memcpy(slot->samples, kept->data, kept->n * sp->sample_size);
    return 0;
}

/* Game k into its slot; 0, or -1 + err. */
static int play_game(const Selfplay *sp, Player *pl, long k, Slot *slot, Err *err)
{
    const Game *g = sp->g;
    uint64_t rng = (sp->game_rng ? sp->game_rng : selfplay_game_rng)(sp->seed, k);
    const int random_plies = sp->random_min + (int)(rng_next(&rng) % (uint64_t)sp->random_span);
    pl->kept.n = 0;
    search_clear(pl->mid);
    g->ops->start(g, position(pl, g, 0));
    int ply = 0, value = 0, over;
    for (; (over = game_over(sp, pl, k, ply, random_plies, &value, err)) == 0; ply++) {
        const void *s = position(pl, g, ply);
        const SearchResult *r = NULL;
        Move m;
        if (ply < random_plies) {
            m = pl->moves[rng_next(&rng) % (uint64_t)pl->nmoves];
        } else if (searched_move(pl, g, ply, &m, err) != 0) {
            return -1;
        } else {
            r = pl->r;
        }
        if (offer(sp, &pl->kept, &(SelfplayPosition){s, k, ply, r}) != 0)
            return err_set(err, "out of memory");
        g->ops->play(g, s, m, position(pl, g, ply + 1));
    }
    if (over < 0)
        return -1;
    return finish_game(sp, pl, game_side(g, position(pl, g, ply)), value, slot, err);
}

static void *player_thread(void *arg)
{
    Shared *sh = arg;
    const Selfplay *sp = sh->sp;
    Err err = {{0}};
    Player pl;
    int rc = player_init(&pl, sp, &err);
    for (long k; rc == 0 && !atomic_load(&sh->failed) && (k = atomic_fetch_add(&sh->next, 1)) < sp->games;)
        if ((rc = play_game(sp, &pl, k, &sh->slots[k], &err)) == 0)
            atomic_fetch_add(&sh->done, 1);
    if (rc != 0) {
        pthread_mutex_lock(&sh->err_lock);
        if (!atomic_exchange(&sh->failed, 1))
            sh->err = err;
        pthread_mutex_unlock(&sh->err_lock);
    }
    player_free(&pl);
    return NULL;
}

/* ---- the games ---------------------------------------------------------------- */

static void show_progress(const Shared *sh, double t0)
{
    const long done = atomic_load(&sh->done), games = sh->sp->games;
    const double elapsed = clock_seconds() - t0;
    char line[200];
    const int len = snprintf(line, sizeof line, _("self-play: %ld/%ld games, %.0f s"), done, games, elapsed);
    if (done > 0 && done < games && len > 0 && (size_t)len < sizeof line)
        snprintf(line + len, sizeof line - (size_t)len, _(" (about %.0f s left)   "),
                 elapsed / (double)done * (double)(games - done));
    train_status("%s", line);
}

static int play_all(Shared *sh, Err *err)
{
    const Selfplay *sp = sh->sp;
    pthread_t tid[SELFPLAY_MAX_THREADS];
    const int threads = sp->threads < 1 ? 1 : sp->threads > SELFPLAY_MAX_THREADS ? SELFPLAY_MAX_THREADS : sp->threads;
    int started = 0;
    for (; started < threads; started++)
        if (pthread_create(&tid[started], NULL, player_thread, sh) != 0)
            break;
    if (started == 0)
        return err_set(err, "cannot start a thread");
    const double t0 = clock_seconds();
    while (sp->progress && atomic_load(&sh->done) < sp->games && !atomic_load(&sh->failed)) {
        show_progress(sh, t0);
        struct timespec pause = {0, 250 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    if (sp->progress) {
        show_progress(sh, t0);
        train_status_end();
    }
    if (atomic_load(&sh->failed)) {
        *err = sh->err;
        return -1;
    }
    return 0;
}

/* The slots, in game order, into one array. */
static int gather(const Selfplay *sp, const Slot *slots, SelfplayGames *out, Err *err)
{
    out->game_start = malloc(((size_t)sp->games + 1) * sizeof *out->game_start);
    if (!out->game_start)
        return err_set(err, "out of memory");
    for (long k = 0; k < sp->games; k++) {
        out->game_start[k] = out->n;
        out->n += slots[k].n;
        const int v = slots[k].first_result;
        out->wins[v > 0 ? 0 : v < 0 ? 1 : 2]++;
    }
    out->game_start[sp->games] = out->n;
    if (!(out->samples = malloc((out->n ? out->n : 1) * sp->sample_size)))
        return err_set(err, "out of memory");
    for (long k = 0; k < sp->games; k++)
        if (slots[k].n)
            memcpy(selfplay_sample(out, sp, out->game_start[k]), slots[k].samples,
                   slots[k].n * sp->sample_size);
    return 0;
}

int selfplay_run(const Selfplay *sp, SelfplayGames *out, Err *err)
{
    memset(out, 0, sizeof *out);
    Shared sh = {.sp = sp, .err_lock = PTHREAD_MUTEX_INITIALIZER};
    if (!(sh.slots = calloc((size_t)sp->games, sizeof *sh.slots)))
        return err_set(err, "out of memory");
    int rc = play_all(&sh, err);
    if (rc == 0)
        rc = gather(sp, sh.slots, out, err);
    for (long k = 0; k < sp->games; k++)
        free(sh.slots[k].samples);
    free(sh.slots);
    pthread_mutex_destroy(&sh.err_lock);
    if (rc != 0)
        selfplay_games_free(out);
    return rc;
}

void selfplay_games_free(SelfplayGames *out)
{
    free(out->samples);
    free(out->game_start);
    memset(out, 0, sizeof *out);
}

int selfplay_fit_rows(const Selfplay *sp,
                      int (*row)(const void *sample, uint32_t *index, int16_t *value, double *label),
                      TrainReport *rep, FitRows *fitted, FitRows *held, Err *err)
{
    SelfplayGames games;
    if (selfplay_run(sp, &games, err) != 0)
        return -1;
    rep->games = sp->games;
    memcpy(rep->wins, games.wins, sizeof rep->wins);
    memset(fitted, 0, sizeof *fitted);
    memset(held, 0, sizeof *held);
    const int rc = fit_rows_of_games(fitted, held, games.samples, sp->sample_size,
                                     games.game_start, sp->games, row);
    selfplay_games_free(&games);
    if (rc != 0) {
        fit_rows_free(fitted);
        fit_rows_free(held);
        return err_set(err, "out of memory");
    }
    return 0;
}

typedef struct {
    WeightsPrinter *print;
    const void *weights;
    const char *comment;
} WeightFile;

static int print_weight_file(FILE *out, const void *arg)
{
    const WeightFile *f = arg;
    return f->print(out, f->weights, f->comment);
}

int selfplay_write_weights(const char *path, WeightsPrinter *print, const void *weights,
                           const char *comment, Err *err)
{
    const WeightFile file = {print, weights, comment};
    return atomic_file_print(path, print_weight_file, &file, err);
}
