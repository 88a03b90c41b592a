/* endgame_solver.c - the reversi solver's life (endgame.h): made with
 * its board's geometry (per-square tables the search reads: quadrants
 * for parity, neighbours, lines for stability and the last flips, the
 * squares' order classes), its table and threads; the hooks that are not
 * a search.  endgame.c holds the search itself.
 */
#include "games/reversi/endgame.h"

#include <stdlib.h>

#include "games/reversi/endgame_impl.h"
#include "games/reversi/internal.h"

static void init_geometry(GameSolver *s, const Reversi *r)
{
    s->valid = r->valid;
    s->corners = r->corners;
    s->squares = r->rows * r->cols;
    s->standard = r->scoring == SCORE_STANDARD;
    for (int sq = 0; sq < 64; sq++) {
        const int row = sq / 8, col = sq % 8;
        if (row >= r->rows || col >= r->cols)
            continue;
        const int q = (row >= r->rows / 2) * 2 + (col >= r->cols / 2);
        s->quadrant[sq] = (uint8_t)(1u << q);
        uint64_t nb = 0;
        for (int dr = -1; dr <= 1; dr++)
            for (int dc = -1; dc <= 1; dc++) {
                const int rr = row + dr, cc = col + dc;
                if ((dr || dc) && rr >= 0 && rr < r->rows && cc >= 0 && cc < r->cols)
                    nb |= 1ULL << (rr * 8 + cc);
            }
        s->neighbours[sq] = nb;
        /* per axis (east-west, north-south, the two diagonals) */
        static const int dir[4][2] = {{0, 1}, {1, 0}, {1, -1}, {1, 1}};
        for (int a = 0; a < 4; a++) {
            const int r1 = row + dir[a][0], c1 = col + dir[a][1];
            const int r2 = row - dir[a][0], c2 = col - dir[a][1];
            if (r1 < 0 || r1 >= r->rows || c1 < 0 || c1 >= r->cols || r2 < 0 || r2 >= r->rows ||
                c2 < 0 || c2 >= r->cols)
                s->walls[a] |= 1ULL << sq;
            /* a line starts where the previous square is off the board */
            if (r2 < 0 || r2 >= r->rows || c2 < 0 || c2 >= r->cols) {
                uint64_t line = 0;
                for (int rr = row, cc = col; rr >= 0 && rr < r->rows && cc >= 0 && cc < r->cols;
                     rr += dir[a][0], cc += dir[a][1])
                    line |= 1ULL << (rr * 8 + cc);
                if (bb_count(line) > 1)
                    s->lines[a][s->nlines[a]++] = line;
            }
        }
    }
    s->full_8x8 = r->rows == 8 && r->cols == 8;
    if (s->full_8x8)
        endgame_edges_init();
#ifdef __BMI2__
    for (int place = 0; place < 8; place++)
        for (unsigned bits = 0; bits < 256; bits++) {
            int n = 0, k;
            for (k = place + 1; k < 8 && !(bits >> k & 1); k++)
                ;
            if (k < 8)
                n += k - place - 1;
            for (k = place - 1; k >= 0 && !(bits >> k & 1); k--)
                ;
            if (k >= 0)
                n += place - k - 1;
            s->last_flips[place][bits] = (uint8_t)n;
        }
    /* The stability bound's lines, by square (a corner alone on a diagonal
     * keeps mask 0: no discs, no flips). */
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < s->nlines[a]; i++)
            for (uint64_t m = s->lines[a][i]; m; m &= m - 1) {
                const int sq = __builtin_ctzll(m);
                s->last_line[sq][a].mask = s->lines[a][i];
                s->last_line[sq][a].place = (uint64_t)bb_count(s->lines[a][i] & ((1ULL << sq) - 1));
            }
#endif
    for (unsigned par = 0; par < 16; par++)
        for (int sq = 0; sq < 64; sq++)
            if (par & s->quadrant[sq])
                s->parity_squares[par] |= 1ULL << sq;
    const uint64_t edges = s->walls[0] | s->walls[1];
    s->prio[0] = r->corners;
    s->prio[1] = edges & ~r->corners & ~r->near_corners;
    s->prio[2] = r->valid & ~edges & ~r->near_corners;
    s->prio[3] = r->near_corners & ~r->corners;
    static const uint8_t class_value[4] = {3, 2, 1, 0};
    for (int c = 0; c < 4; c++)
        for (uint64_t m = s->prio[c]; m; m &= m - 1)
            s->square_value[__builtin_ctzll(m)] = class_value[c];
    /* The stability bound needs many stable opponent discs to cut, so it is
     * only worth computing when alpha is already high; nearer the end the
     * bar is lower.  2e - 2 on 8x8, about Edax's bar (6 at 4 empties, 14
     * at 8, 38 at 20): against 2e + 4 the big solves take far fewer
     * positions for a few more instructions, and lower bars cost more
     * instructions than their positions save (BENCHMARKS.md). */
    for (int e = 0; e <= 64; e++) {
        const int t = 2 * e - 2;
        s->stability_min[e] = t * s->squares / 64;
    }
    s->stability_min[0] = s->stability_min[1] = s->stability_min[2] = s->stability_min[3] =
        SCORE_BOUND;
}

GameSolver *reversi_solver_new(const Game *g, int table_mb, Err *err)
{
    GameSolver *s = calloc(1, sizeof *s);
    if (!s) {
        err_set(err, "out of memory for the reversi endgame solver");
        return NULL;
    }
    init_geometry(s, as_reversi(g));
    s->eval = as_reversi(g)->pattern;
    s->trust = EXACT_TRUST;
    if (table_mb < 1)
        table_mb = 1;
    if (table_mb > 1 << 16)
        table_mb = 1 << 16;
    if (!endgame_tt_open(s, table_mb)) {
        free(s);
        err_set(err, "out of memory for the search (table %d MB)", table_mb);
        return NULL;
    }
    return s;
}

void reversi_solver_clear(GameSolver *s)
{
    endgame_tt_clear(s);
}

size_t reversi_solver_table_entries(const GameSolver *s)
{
    return (size_t)1 << s->far.bits;
}

void reversi_solver_free(GameSolver *s)
{
    if (!s)
        return;
    endgame_team_free(s);
    endgame_tt_close(s);
    free(s);
}

int reversi_solver_threads(GameSolver *s, int threads, Err *err)
{
    endgame_team_free(s);
    if (threads > 1 && !endgame_team_new(s, threads - 1, err))
        return -1;
    return 0;
}

uint64_t reversi_solver_stable_discs(const GameSolver *s, uint64_t p, uint64_t o)
{
    return endgame_stable_discs(s, p, o);
}

int reversi_solver_size(const Game *g, const void *state)
{
    return bb_count(state_empty(as_reversi(g), state));
}

/* The default player's hand-over: an exact solve of up to this many empties
 * (tens of milliseconds at 20), and only where the search itself would get
 * within REVERSI_SOLVER_REACH plies of the end, so in practice the root
 * turns exact as soon as an iteration's depth comes near its empties. */
#ifndef REVERSI_SOLVER_CAP
#define REVERSI_SOLVER_CAP 24
#endif
#ifndef REVERSI_SOLVER_REACH
#define REVERSI_SOLVER_REACH 6
#endif
int reversi_solver_default(const Game *g)
{
    (void)g;
    return REVERSI_SOLVER_CAP;
}

int reversi_solver_reach(const GameSolver *s)
{
    (void)s;
    return REVERSI_SOLVER_REACH;
}
