/* view_reversi.c - the reversi board: a framed grid of discs with
 * coordinates, the legal moves marked, the cursor and the last move shown
 * by style (reverse / underline in monochrome). */
#include <stdio.h>

#include "games/reversi/reversi.h"
#include "base/i18n.h"
#include "ui/view.h"

enum { CELL_W = 3, LEFT = 3, TOP = 2 };

static void rv_size(const Game *g, const Glyphs *gl, int *w, int *h)
{
    (void)gl;
    *w = LEFT + reversi_cols(g) * CELL_W + 1;
    *h = TOP + reversi_rows(g) + 1;
}

/* Drawn place by place: (r, c) is where the square shows, (sr, sc) the
 * square itself, the same unless the board is turned. */
static void rv_draw(Grid *out, const ViewCtx *ctx)
{
    const Game *g = ctx->game;
    const Glyphs *gl = ctx->glyphs;
    int rows = reversi_rows(g), cols = reversi_cols(g);
    for (int c = 0; c < cols; c++) {
        int sr = 0, sc = c;
        view_turn_square(ctx->flipped, rows, cols, &sr, &sc);
        grid_putcp(out, 0, LEFT + c * CELL_W + 1, ST_DIM, (uint32_t)('a' + sc));
    }
    view_box(out, 1, LEFT - 1, rows + 2, cols * CELL_W + 2, ST_DIM, gl);
    uint64_t legal = ctx->show_legal ? reversi_legal_mask(g, ctx->state) : 0;
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) {
            int sr = r, sc = c;
            view_turn_square(ctx->flipped, rows, cols, &sr, &sc);
            if (c == 0)
                grid_printf(out, TOP + r, 0, ST_DIM, "%d", sr + 1);
            int x = LEFT + c * CELL_W, y = TOP + r;
            int colour = reversi_colour_at(g, ctx->state, sr, sc);
            if (colour != REVERSI_EMPTY)
                grid_put(out, y, x + 1, colour == REVERSI_BLACK ? ST_P0 : ST_P1, gl->disc[colour]);
            else if (legal >> (sr * 8 + sc) & 1)
                grid_put(out, y, x + 1, ST_LEGAL, gl->legal);
            else
                grid_put(out, y, x + 1, ST_DIM, gl->disc[0]);
            if (ctx->last != MOVE_NONE && ctx->last != MOVE_PASS &&
                reversi_move_row(ctx->last) == sr && reversi_move_col(ctx->last) == sc)
                grid_flag(out, y, x, CELL_W, SF_LAST);
            if (ctx->cursor && ctx->cursor->row == sr && ctx->cursor->col == sc)
                grid_flag(out, y, x, CELL_W, SF_CURSOR);
        }
    }
}

static void rv_home(const Game *g, const void *state, Cursor *c)
{
    uint64_t legal = reversi_legal_mask(g, state);
    c->area = 0;
    /* stay where the player left the cursor if that square is still free */
    if (reversi_colour_at(g, state, c->row, c->col) == REVERSI_EMPTY &&
        c->row < reversi_rows(g) && c->col < reversi_cols(g) && (legal >> (c->row * 8 + c->col) & 1))
        return;
    if (legal) {
        int sq = __builtin_ctzll(legal);
        c->row = sq / 8;
        c->col = sq % 8;
    } else {
        c->row = reversi_rows(g) / 2 - 1;
        c->col = reversi_cols(g) / 2 - 1;
    }
}

static void rv_move(const Game *g, const void *state, Cursor *c, int dr, int dc)
{
    (void)state;
    int rows = reversi_rows(g), cols = reversi_cols(g);
    c->row = (c->row + dr + rows) % rows;
    c->col = (c->col + dc + cols) % cols;
}

static PickResult rv_pick(const Game *g, const void *state, Cursor *c, Move moves[2], char *msg,
                          size_t len)
{
    if (reversi_is_legal(g, state, c->row, c->col)) {
        moves[0] = reversi_move_at(c->row, c->col);
        return PICK_MOVE;
    }
    if (reversi_colour_at(g, state, c->row, c->col) != REVERSI_EMPTY)
        snprintf(msg, len, "%c%d is taken: choose an empty square marked %s", 'a' + c->col,
                 c->row + 1, "+");
    else
        snprintf(msg, len, "%c%d is not a legal move: it must flip at least one disc",
                 'a' + c->col, c->row + 1);
    return PICK_NONE;
}

static bool rv_hit(const ViewCtx *ctx, int y, int x, Cursor *c)
{
    const int rows = reversi_rows(ctx->game), cols = reversi_cols(ctx->game);
    int r = y - TOP, col = (x - LEFT) / CELL_W;
    if (r < 0 || r >= rows || x < LEFT || col >= cols)
        return false;
    view_turn_square(ctx->flipped, rows, cols, &r, &col);
    c->area = 0;
    c->row = r;
    c->col = col;
    return true;
}

static void rv_cursor_to_move(const Game *g, const void *state, Move m, Cursor *c)
{
    (void)g;
    (void)state;
    if (m == MOVE_PASS || m == MOVE_NONE)
        return;
    c->area = 0;
    c->row = reversi_move_row(m);
    c->col = reversi_move_col(m);
}

static void rv_score(const Game *g, const void *state, char *buf, size_t len)
{
    int b, w;
    reversi_disc_counts(g, state, &b, &w);
    int empty = reversi_rows(g) * reversi_cols(g) - b - w;
    snprintf(buf, len, _("Discs: Black %d  White %d  (%d empty)"), b, w, empty);
}

const BoardView view_reversi = {
    .family = "reversi",
    .side_name = {N_("Black"), N_("White")},
    .size = rv_size,
    .draw = rv_draw,
    .cursor_home = rv_home,
    .cursor_move = rv_move,
    .pick = rv_pick,
    .hit = rv_hit,
    .cursor_to_move = rv_cursor_to_move,
    .score = rv_score,
    .flippable = true,
};
