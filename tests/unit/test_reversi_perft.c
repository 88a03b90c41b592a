/* test_reversi_perft.c - reversi move generation against reference counts
 * (tests/data/reversi) and against a deliberately naive second
 * implementation on random positions of every board size. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"
#include "games/registry.h"
#include "games/reversi/reversi.h"

/* Which depths run here (the rest belong in `yomi bench`): a count of at
 * most MAX_COUNT_IN_SUITE leaves, and a tree above them of at most
 * $YOMI_PERFT_BUDGET nodes (default below).  The second limit matters for
 * positions near the end of a game, whose counts shrink again at the deepest
 * depths while the tree above them stays big. */
#define MAX_COUNT_IN_SUITE 30000000ULL
#define DEFAULT_INTERIOR_BUDGET 5000000ULL

static unsigned long long interior_budget(void)
{
    const char *env = getenv("YOMI_PERFT_BUDGET");
    return env && *env ? strtoull(env, NULL, 10) : DEFAULT_INTERIOR_BUDGET;
}

/* The generic perft (legal_moves + play through the vtable) is slower; it
 * checks the hook on the smaller counts. */
#define MAX_COUNT_GENERIC 300000ULL

static FILE *open_data(const char *name)
{
    const char *dir = getenv("TESTDATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/reversi/%s", dir ? dir : YOMI_SRCDIR "/tests/data", name);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    return f;
}

static Game *open_size(const char *size, const char *start)
{
    char id[32];
    snprintf(id, sizeof id, "reversi-%s", size);
    GameOption opt = {"start", start};
    Err err = {{0}};
    Game *g = game_open(id, &opt, 1, &err);
    if (!g)
        fail_msg("open %s: %s", id, err.msg);
    return g;
}

static void check_perft(const Game *g, const ReversiState *s, int depth, unsigned long long want,
                        const char *what)
{
    unsigned long long got = game_perft(g, s, depth);
    if (got != want)
        fail_msg("%s depth %d: perft %llu, want %llu", what, depth, got, want);
    if (want <= MAX_COUNT_GENERIC) {
        got = game_perft_generic(g, s, depth);
        if (got != want)
            fail_msg("%s depth %d: generic perft %llu, want %llu", what, depth, got, want);
    }
}

/* perft.txt: BOARD START DEPTH COUNT PASSES COUNT_B COUNT_C SOURCE */
static void test_perft_from_the_start(void **unused)
{
    (void)unused;
    FILE *f = open_data("perft.txt");
    char line[512];
    int lines = 0, checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char size[8], start[16];
        int depth;
        unsigned long long count;
        if (sscanf(line, "%7s %15s %d %llu", size, start, &depth, &count) != 4)
            fail_msg("unreadable line: %s", line);
        lines++;
        if (count > MAX_COUNT_IN_SUITE)
            continue;
        Game *g = open_size(size, start);
        ReversiState s;
        g->ops->start(g, &s);
        check_perft(g, &s, depth, count, size);
        game_close(g);
        checked++;
    }
    fclose(f);
    assert_int_equal(lines, 46);
    print_message("checked %d of %d perft.txt lines (the rest are over %llu leaves)\n", checked,
                  lines, MAX_COUNT_IN_SUITE);
    assert_true(checked >= 38);
}

/* perft-positions.txt: RxC POSITION SIDE ; D1 n ; D2 n ; ... */
static void test_perft_from_positions(void **unused)
{
    (void)unused;
    FILE *f = open_data("perft-positions.txt");
    char line[2048];
    int positions = 0, checked = 0, skipped = 0;
    const unsigned long long budget = interior_budget();
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char size[8], board[80], side[4];
        int used = 0;
        if (sscanf(line, "%7s %79s %3s%n", size, board, side, &used) != 3)
            fail_msg("unreadable line: %s", line);
        Game *g = open_size(size, "cross");
        char text[96];
        snprintf(text, sizeof text, "%s %s", board, side);
        ReversiState s;
        Err err = {{0}};
        if (g->ops->parse_position(g, text, &s, &err) != 0)
            fail_msg("%s: %s", text, err.msg);
        const char *p = line + used;
        int depth;
        unsigned long long count;
        int n;
        int depths = 0;
        unsigned long long above = 0; /* nodes at the depths before this one */
        bool too_big = false;
        while (sscanf(p, " ; D%d %llu%n", &depth, &count, &n) == 2) {
            p += n;
            depths++;
            too_big = too_big || count > MAX_COUNT_IN_SUITE || above > budget;
            above += count;
            if (too_big) {
                skipped++;
                continue;
            }
            check_perft(g, &s, depth, count, text);
            checked++;
        }
        assert_true(depths >= 6);
        game_close(g);
        positions++;
    }
    fclose(f);
    assert_int_equal(positions, 37);
    print_message("checked %d depths of %d positions (%d deeper ones skipped: over %llu "
                  "leaves or %llu interior nodes)\n", checked, positions, skipped,
                  MAX_COUNT_IN_SUITE, budget);
    assert_true(checked >= 300);
}

/* ---- the naive second implementation ------------------------------------ */
/* Plain arrays and a walk per direction: slow and obviously right. */

typedef struct {
    int rows, cols;
    int side;          /* 1 black, 2 white: the mover */
    int cell[8][8];    /* 0 empty, 1 black, 2 white */
} Naive;

static int naive_flips_dir(const Naive *b, int me, int r, int c, int dr, int dc)
{
    const int them = 3 - me;
    int n = 0;
    r += dr;
    c += dc;
    while (r >= 0 && r < b->rows && c >= 0 && c < b->cols && b->cell[r][c] == them) {
        n++;
        r += dr;
        c += dc;
    }
    if (n > 0 && r >= 0 && r < b->rows && c >= 0 && c < b->cols && b->cell[r][c] == me)
        return n;
    return 0;
}

static bool naive_legal(const Naive *b, int me, int r, int c)
{
    if (b->cell[r][c] != 0)
        return false;
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++)
            if ((dr || dc) && naive_flips_dir(b, me, r, c, dr, dc))
                return true;
    return false;
}

static int naive_moves(const Naive *b, Move *moves)
{
    int n = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            if (naive_legal(b, b->side, r, c))
                moves[n++] = (Move)(r * 8 + c);
    if (n)
        return n;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            if (naive_legal(b, 3 - b->side, r, c)) {
                moves[0] = MOVE_PASS;
                return 1;
            }
    return 0;
}

static void naive_play(Naive *b, Move m)
{
    if (m != MOVE_PASS) {
        const int r = m / 8, c = m % 8;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                if (!dr && !dc)
                    continue;
                const int n = naive_flips_dir(b, b->side, r, c, dr, dc);
                for (int k = 1; k <= n; k++)
                    b->cell[r + k * dr][c + k * dc] = b->side;
            }
        b->cell[r][c] = b->side;
    }
    b->side = 3 - b->side;
}

static void naive_text(const Naive *b, char *text)
{
    int n = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++)
            text[n++] = "-XO"[b->cell[r][c]];
    text[n++] = ' ';
    text[n++] = b->side == 1 ? 'X' : 'O';
    text[n] = '\0';
}

static uint64_t rng_state = 0x243f6a8885a308d3ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Compare the two implementations on one position: the move lists in
 * order, terminal, and the board after every move.  Returns the move count. */
static int compare_position(const Game *g, const Naive *b)
{
    char text[96];
    naive_text(b, text);
    ReversiState s;
    Err err = {{0}};
    if (g->ops->parse_position(g, text, &s, &err) != 0)
        fail_msg("%s: %s", text, err.msg);
    Move want[GAME_MAX_MOVES], got[GAME_MAX_MOVES];
    const int nw = naive_moves(b, want), ng = g->ops->legal_moves(g, &s, got);
    if (nw != ng || memcmp(want, got, sizeof want[0] * (size_t)nw) != 0)
        fail_msg("%s %s: %d moves, naive %d", g->name, text, ng, nw);
    assert_int_equal(g->ops->is_terminal(g, &s), nw == 0);
    for (int i = 0; i < nw; i++) {
        Naive nb = *b;
        naive_play(&nb, want[i]);
        ReversiState child;
        g->ops->play(g, &s, got[i], &child);
        char want_text[96], got_text[96];
        naive_text(&nb, want_text);
        g->ops->format_position(g, &child, got_text, sizeof got_text);
        if (strcmp(want_text, got_text) != 0)
            fail_msg("%s %s move %d: %s, naive %s", g->name, text, want[i], got_text, want_text);
    }
    return nw;
}

static void naive_start(Naive *b, int rows, int cols, bool parallel)
{
    memset(b, 0, sizeof *b);
    b->rows = rows;
    b->cols = cols;
    b->side = 1;
    const int r = rows / 2 - 1, c = cols / 2 - 1;
    b->cell[r][c] = 2;
    b->cell[r][c + 1] = 1;
    b->cell[r + 1][c] = parallel ? 2 : 1;
    b->cell[r + 1][c + 1] = parallel ? 1 : 2;
}

static void test_naive_cross_check(void **unused)
{
    (void)unused;
    static const int sizes[] = {4, 6, 8};
    long positions = 0, moves = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int parallel = 0; parallel < 2; parallel++) {
                const int rows = sizes[i], cols = sizes[j];
                char size[8];
                snprintf(size, sizeof size, "%dx%d", rows, cols);
                Game *g = open_size(size, parallel ? "parallel" : "cross");
                /* Whole random games from the start, passes included. */
                for (int game = 0; game < 40; game++) {
                    Naive b;
                    naive_start(&b, rows, cols, parallel);
                    ReversiState s;
                    g->ops->start(g, &s);
                    char a[96], c[96];
                    naive_text(&b, a);
                    g->ops->format_position(g, &s, c, sizeof c);
                    assert_string_equal(a, c);
                    for (;;) {
                        Move list[GAME_MAX_MOVES];
                        const int n = compare_position(g, &b);
                        positions++;
                        moves += n;
                        if (!n)
                            break;
                        naive_moves(&b, list);
                        naive_play(&b, list[rng() % (uint64_t)n]);
                    }
                }
                /* Arbitrary boards: discs anywhere, sparse to crowded. */
                for (int k = 0; k < 300; k++) {
                    Naive b;
                    memset(&b, 0, sizeof b);
                    b.rows = rows;
                    b.cols = cols;
                    b.side = 1 + (int)(rng() % 2);
                    const int fill = (int)(rng() % 100);
                    for (int r = 0; r < rows; r++)
                        for (int c = 0; c < cols; c++)
                            if ((int)(rng() % 100) < fill)
                                b.cell[r][c] = 1 + (int)(rng() % 2);
                    moves += compare_position(g, &b);
                    positions++;
                }
                game_close(g);
            }
    print_message("naive cross-check: %ld positions, %ld moves\n", positions, moves);
    assert_true(positions > 10000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_from_the_start),
        cmocka_unit_test(test_perft_from_positions),
        cmocka_unit_test(test_naive_cross_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
