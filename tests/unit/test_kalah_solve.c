/* test_kalah_solve.c - Kalah's exact solver and endgame database against a
 * plain minimax over the game's own rules (kalah.c), so the solver's
 * pits-only board, its sowing, its windows and the database's ranking are
 * all checked against code that shares none of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/game.h"
#include "engine/search.h"
#include "games/kalah/enddb.h"
#include "games/kalah/internal.h"
#include "games/registry.h"

static char cache[64];

static Game *open_kalah(const char *id, const char *capture)
{
    GameOption opt = {"capture", capture};
    Err err = {{0}};
    Game *g = game_open(id, &opt, 1, &err);
    if (!g)
        fail_msg("cannot open %s: %s", id, err.msg);
    return g;
}

/* The value by the rules alone: every line to the end. */
static int minimax(const Game *g, const KalahState *s)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, s, moves);
    if (n == 0)
        return g->ops->final_score(g, s);
    int best = -1000;
    for (int i = 0; i < n; i++) {
        KalahState c;
        g->ops->play(g, s, moves[i], &c);
        const int v = c.side == s->side ? minimax(g, &c) : -minimax(g, &c);
        if (v > best)
            best = v;
    }
    return best;
}

/* Every board of 3 pits a side with at most 6 seeds, from the database,
 * against minimax on the same seeds with empty stores. */
static void check_database(const char *capture_name, KalahCapture capture)
{
    Game *g = open_kalah("kalah-3x1", capture_name);
    Err err = {{0}};
    KalahDb *db = kalah_db_open(3, capture, 6, NULL, NULL, &err);
    assert_non_null(db);
    assert_true(kalah_db_seeds(db) >= 6);
    int checked = 0;
    for (int code = 0; code < 7 * 7 * 7 * 7 * 7 * 7; code++) {
        KBoard b;
        memset(&b, 0, sizeof b);
        int seeds = 0, x = code;
        for (int i = 0; i < 6; i++, x /= 7)
            seeds += b.p[i] = (uint8_t)(x % 7);
        if (seeds > 6)
            continue;
        KalahState s;
        memset(&s, 0, sizeof s);
        memcpy(s.cells, b.p, 3);
        memcpy(s.cells + 4, b.p + 3, 3);
        assert_int_equal(kalah_db_value(db, &b, seeds), minimax(g, &s));
        checked++;
    }
    assert_int_equal(checked, 924); /* C(12,6): the ways of up to 6 seeds in 6 pits */
    kalah_db_free(db);
    game_close(g);
}

static void database_standard_capture(void **st)
{
    (void)st;
    check_database("standard", KALAH_CAPTURE_STANDARD);
}

static void database_empty_capture(void **st)
{
    (void)st;
    check_database("empty", KALAH_CAPTURE_EMPTY);
}

/* The cache file is mapped when loaded: a mapped database answers like a
 * built one, and a file with one byte changed or cut short is refused
 * (then rebuilt and rewritten), never used. */
static void database_file_checked(void **st)
{
    (void)st;
    Err err = {{0}};
    KalahDb *db = kalah_db_open(3, KALAH_CAPTURE_STANDARD, 6, NULL, NULL, &err);
    assert_non_null(db); /* built (and saved) now or by an earlier test */
    kalah_db_free(db);
    check_database("standard", KALAH_CAPTURE_STANDARD); /* from the file this time */
    char path[1100];
    assert_int_equal(kalah_db_path(3, KALAH_CAPTURE_STANDARD, path, sizeof path, &err), 0);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    const long size = ftell(f);
    assert_true(size > 900); /* the header and 924 values */
    assert_int_equal(fseek(f, size / 2, SEEK_SET), 0);
    const int byte = fgetc(f);
    assert_int_equal(fseek(f, size / 2, SEEK_SET), 0);
    fputc(byte ^ 1, f);
    assert_int_equal(fclose(f), 0);
    assert_null(kalah_db_open(3, KALAH_CAPTURE_STANDARD, 0, NULL, NULL, &err));
    assert_non_null(strstr(err.msg, "no kalah database"));
    assert_int_equal(truncate(path, size - 1), 0);
    assert_null(kalah_db_open(3, KALAH_CAPTURE_STANDARD, 0, NULL, NULL, &err));
    db = kalah_db_open(3, KALAH_CAPTURE_STANDARD, 6, NULL, NULL, &err); /* rebuilt */
    assert_non_null(db);
    kalah_db_free(db);
    db = kalah_db_open(3, KALAH_CAPTURE_STANDARD, 0, NULL, NULL, &err); /* and saved again */
    assert_non_null(db);
    kalah_db_free(db);
    check_database("standard", KALAH_CAPTURE_STANDARD);
}

static uint64_t rng = 12345;
static unsigned next_random(void)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)(rng >> 33);
}

typedef struct {
    int calls;
    uint64_t last;
    int stop_at; /* 0: never */
} Poll;

static bool count_poll(void *arg, uint64_t nodes)
{
    Poll *p = arg;
    p->calls++;
    assert_true(nodes >= p->last);
    p->last = nodes;
    return p->stop_at && p->calls >= p->stop_at;
}

/* Random positions of a game, the solver through the engine's hooks: the
 * exact value in a wide window, fail-soft bounds in null windows around
 * it, and a best move that keeps the value. */
static void check_solver(const char *id, const char *capture, int positions)
{
    Game *g = open_kalah(id, capture);
    Err err = {{0}};
    GameSolver *sv = g->ops->solver_new(g, 1, &err);
    assert_non_null(sv);
    for (int p = 0; p < positions; p++) {
        KalahState s;
        g->ops->start(g, &s);
        const int plies = (int)(next_random() % 12);
        for (int i = 0; i < plies && !g->ops->is_terminal(g, &s); i++) {
            Move moves[GAME_MAX_MOVES];
            const int n = g->ops->legal_moves(g, &s, moves);
            KalahState c;
            g->ops->play(g, &s, moves[next_random() % (unsigned)n], &c);
            s = c;
        }
        const int want = minimax(g, &s);
        Poll poll = {0, 0, 0};
        const SolverPoll sp = {count_poll, &poll, 1};
        Move best;
        assert_int_equal(g->ops->solver_search(sv, &s, -SCORE_INF, SCORE_INF, &best, &sp), want);
        assert_true(poll.calls >= 1);
        if (!g->ops->is_terminal(g, &s)) {
            KalahState c;
            g->ops->play(g, &s, best, &c);
            assert_int_equal(c.side == s.side ? minimax(g, &c) : -minimax(g, &c), want);
        }
        poll = (Poll){0, 0, 0}; /* each search counts from zero */
        assert_true(g->ops->solver_search(sv, &s, want, want + 1, &best, &sp) <= want);
        poll = (Poll){0, 0, 0};
        assert_true(g->ops->solver_search(sv, &s, want - 1, want, &best, &sp) >= want);
        poll = (Poll){0, 0, 0};
        assert_true(g->ops->solver_search(sv, &s, want + 3, want + 9, &best, &sp) <= want + 3);
        poll = (Poll){0, 0, 0};
        assert_true(g->ops->solver_search(sv, &s, want - 9, want - 3, &best, &sp) >= want - 3);
    }
    g->ops->solver_free(sv);
    game_close(g);
}

static void solver_small_boards(void **st)
{
    (void)st;
    check_solver("kalah-3x2", "standard", 40);
    check_solver("kalah-3x2", "empty", 40);
    check_solver("kalah-4x2", "standard", 20);
    check_solver("kalah-2x3", "empty", 40);
}

/* Without the database, the search alone. */
static void solver_without_database(void **st)
{
    (void)st;
    setenv("YOMI_KALAH_DB", "off", 1);
    check_solver("kalah-3x2", "standard", 30);
    check_solver("kalah-3x2", "empty", 30);
    unsetenv("YOMI_KALAH_DB");
}

/* A stop request ends the solve at the next poll. */
static void solver_stops_when_asked(void **st)
{
    (void)st;
    Game *g = open_kalah("kalah-6x4", "standard");
    Err err = {{0}};
    GameSolver *sv = g->ops->solver_new(g, 1, &err);
    assert_non_null(sv);
    KalahState s;
    g->ops->start(g, &s);
    Poll poll = {0, 0, 2};
    const SolverPoll sp = {count_poll, &poll, 1};
    Move best;
    (void)g->ops->solver_search(sv, &s, -SCORE_INF, SCORE_INF, &best, &sp);
    assert_int_equal(poll.calls, 3); /* two while searching, one with the total */
    assert_true(poll.last < 100000);
    g->ops->solver_free(sv);
    game_close(g);
}

/* Seeds left in the pits, and the seed rules left to the engine. */
static void solver_size(void **st)
{
    (void)st;
    Game *g = open_kalah("kalah-4x3", "standard");
    KalahState s;
    g->ops->start(g, &s);
    assert_int_equal(g->ops->solver_size(g, &s), 24);
    KalahState c;
    g->ops->play(g, &s, kalah_move(g, 0, 1), &c); /* 3 seeds from pit 2: the last in the store */
    assert_int_equal(g->ops->solver_size(g, &c), 23);
    game_close(g);
    GameOption opt = {"rules", "seed"};
    Err err = {{0}};
    g = game_open("kalah-4x3", &opt, 1, &err);
    assert_non_null(g);
    g->ops->start(g, &s);
    assert_true(g->ops->solver_size(g, &s) > SEARCH_ENDGAME_ALL);
    game_close(g);
}

static int setup(void **st)
{
    (void)st;
    snprintf(cache, sizeof cache, "/tmp/yomi-kalah-solve-XXXXXX");
    if (!mkdtemp(cache))
        return -1;
    setenv("XDG_CACHE_HOME", cache, 1);
    return 0;
}

static int teardown(void **st)
{
    (void)st;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(database_standard_capture),
        cmocka_unit_test(database_empty_capture),
        cmocka_unit_test(database_file_checked),
        cmocka_unit_test(solver_small_boards),
        cmocka_unit_test(solver_without_database),
        cmocka_unit_test(solver_stops_when_asked),
        cmocka_unit_test(solver_size),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
