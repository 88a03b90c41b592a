/* view_kalah.c - the Kalah board: two rows of pits between the two stores,
 * South's row at the bottom (North's on a turned board), each side's pits
 * numbered from its own left (so the top row's right to left on screen),
 * sowing anticlockwise.
 *
 * The view reads the position through the game's own notation (doc/cli.md:
 * the 2M+2 counts in sowing order, then the side to move) and makes moves
 * by pit number, so it needs nothing from the game beyond GameOps. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "ui/view.h"

#define KALAH_MAX_PITS 16

typedef struct {
    int pits;                       /* per side */
    int seeds[2][KALAH_MAX_PITS];   /* [side][pit from that side's left] */
    int store[2];
    int side;
} KalahBoard;

enum { PIT_W = 5, ROW_TOP = 2, ROW_STORES = 4, ROW_BOTTOM = 6 };

static bool read_board(const Game *g, const void *state, KalahBoard *b)
{
    char text[512];
    int v[2 * KALAH_MAX_PITS + 3], n = 0;
    g->ops->format_position(g, state, text, sizeof text);
    for (const char *p = text; *p && n < (int)(sizeof v / sizeof v[0]);) {
        if (isdigit((unsigned char)*p)) {
            char *end;
            v[n++] = (int)strtol(p, &end, 10);
            p = end;
        } else {
            p++;
        }
    }
    memset(b, 0, sizeof *b);
    if (n < 5 || (n - 3) % 2 != 0 || (n - 3) / 2 > KALAH_MAX_PITS)
        return false;
    b->pits = (n - 3) / 2;
    for (int i = 0; i < b->pits; i++) {
        b->seeds[0][i] = v[i];
        b->seeds[1][i] = v[b->pits + 1 + i];
    }
    b->store[0] = v[b->pits];
    b->store[1] = v[2 * b->pits + 1];
    b->side = v[n - 1] == 2 ? 1 : 0;
    return true;
}

/* The side whose row is at the bottom, its store on the right. */
static int bottom_side(bool flipped) { return flipped ? 1 : 0; }

static int row_of(int side, bool flipped) { return side == bottom_side(flipped) ? ROW_BOTTOM : ROW_TOP; }

/* Screen column (0-based among the pits) of `side`'s pit `i`: the bottom
 * row runs left to right, the top one right to left. */
static int pit_column(const KalahBoard *b, int side, int i, bool flipped)
{
    return side == bottom_side(flipped) ? i : b->pits - 1 - i;
}

static int pit_x(int column) { return PIT_W + column * PIT_W; }

static void kl_size(const Game *g, const Glyphs *gl, int *w, int *h)
{
    (void)gl;
    unsigned char st[GAME_MAX_STATE];
    KalahBoard b;
    g->ops->start(g, st);
    read_board(g, st, &b);
    *w = 2 * PIT_W + b.pits * PIT_W + 1;
    *h = ROW_BOTTOM + 3;
}

/* A horizontal rule from x0 to x1 with `joint` every PIT_W columns. */
static void rule(Grid *out, int y, int x0, int x1, const char *left, const char *joint,
                 const char *right, const Glyphs *gl)
{
    for (int x = x0 + 1; x < x1; x++)
        grid_put(out, y, x, ST_DIM, (x - x0) % PIT_W == 0 ? joint : gl->h);
    grid_put(out, y, x0, ST_DIM, left);
    grid_put(out, y, x1, ST_DIM, right);
}

static int pit_of_move(const Game *g, const void *before, Move m)
{
    char text[16];
    g->ops->format_move(g, before, m, text, sizeof text);
    return atoi(text) - 1;
}

static void kl_draw(Grid *out, const ViewCtx *ctx)
{
    const Glyphs *gl = ctx->glyphs;
    KalahBoard b;
    if (!read_board(ctx->game, ctx->state, &b))
        return;
    int right = PIT_W + b.pits * PIT_W; /* x of the pits' right edge */
    int last_side = -1, last_pit = -1;
    if (ctx->last != MOVE_NONE && ctx->last_before) {
        last_side = game_side(ctx->game, ctx->last_before);
        last_pit = pit_of_move(ctx->game, ctx->last_before, ctx->last);
    }
    const bool flipped = ctx->flipped;
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < b.pits; i++)
            grid_printf(out, row_of(side, flipped) == ROW_TOP ? 0 : ROW_BOTTOM + 2,
                        pit_x(pit_column(&b, side, i, flipped)) + 2, ST_DIM, "%d", i + 1);
    rule(out, ROW_TOP - 1, PIT_W, right, gl->tl, gl->tt, gl->tr, gl);
    rule(out, ROW_STORES - 1, 0, right + PIT_W, gl->tl, gl->tb, gl->tr, gl);
    grid_put(out, ROW_STORES - 1, PIT_W, ST_DIM, gl->x);
    grid_put(out, ROW_STORES - 1, right, ST_DIM, gl->x);
    rule(out, ROW_STORES + 1, 0, right + PIT_W, gl->bl, gl->tt, gl->br, gl);
    grid_put(out, ROW_STORES + 1, PIT_W, ST_DIM, gl->x);
    grid_put(out, ROW_STORES + 1, right, ST_DIM, gl->x);
    rule(out, ROW_BOTTOM + 1, PIT_W, right, gl->bl, gl->tb, gl->br, gl);
    for (int side = 0; side < 2; side++) {
        int y = row_of(side, flipped);
        for (int c = 0; c <= b.pits; c++)
            grid_put(out, y, pit_x(c), ST_DIM, gl->v);
        for (int i = 0; i < b.pits; i++) {
            int x = pit_x(pit_column(&b, side, i, flipped)) + 1;
            int n = b.seeds[side][i];
            grid_printf(out, y, x, n ? (side ? ST_P1 : ST_P0) : ST_DIM, "%3d ", n);
            if (side == last_side && i == last_pit)
                grid_flag(out, y, x, PIT_W - 1, SF_LAST);
            if (ctx->cursor && side == b.side && ctx->cursor->col == i)
                grid_flag(out, y, x, PIT_W - 1, SF_CURSOR);
        }
    }
    /* stores: the bottom side's on the right, the top side's on the left */
    const int bottom = bottom_side(flipped);
    grid_put(out, ROW_STORES, 0, ST_DIM, gl->v);
    grid_put(out, ROW_STORES, PIT_W, ST_DIM, gl->v);
    grid_put(out, ROW_STORES, right, ST_DIM, gl->v);
    grid_put(out, ROW_STORES, right + PIT_W, ST_DIM, gl->v);
    grid_printf(out, ROW_STORES, 1, (bottom ? ST_P0 : ST_P1) | SF_BOLD, "%3d", b.store[!bottom]);
    grid_printf(out, ROW_STORES, right + 1, (bottom ? ST_P1 : ST_P0) | SF_BOLD, "%3d", b.store[bottom]);
    const char *arrow = gl->utf8 ? _("\xe2\x86\xba sowing") : "sowing anticlockwise";
    if (grid_text_width(arrow) > right - PIT_W - 3)
        arrow = gl->utf8 ? "\xe2\x86\xba" : "sowing";
    grid_put(out, ROW_STORES, (right + PIT_W - grid_text_width(arrow)) / 2 + 1, ST_DIM, arrow);
}

static void kl_home(const Game *g, const void *state, Cursor *c)
{
    KalahBoard b;
    c->area = 0;
    c->selected = false;
    if (!read_board(g, state, &b))
        return;
    if (c->col < b.pits && b.seeds[b.side][c->col] > 0)
        return;
    for (int i = 0; i < b.pits; i++)
        if (b.seeds[b.side][i] > 0) {
            c->col = i;
            return;
        }
}

static void kl_move(const Game *g, const void *state, Cursor *c, int dr, int dc)
{
    (void)dr;
    KalahBoard b;
    if (!read_board(g, state, &b) || !dc)
        return;
    /* North's pits run right to left on the board as first drawn (turned,
     * the caller has turned dc too: view_turn_direction) */
    int step = b.side == 0 ? dc : -dc;
    c->col = (c->col + step + b.pits) % b.pits;
}

static PickResult kl_pick(const Game *g, const void *state, Cursor *c, Move moves[2], char *msg,
                          size_t len)
{
    char text[16];
    Err err = {{0}};
    KalahBoard b;
    if (read_board(g, state, &b) && c->col < b.pits && b.seeds[b.side][c->col] == 0) {
        snprintf(msg, len, _("pit %d is empty: choose a pit with seeds"), c->col + 1);
        return PICK_NONE;
    }
    snprintf(text, sizeof text, "%d", c->col + 1);
    if (g->ops->parse_move(g, state, text, &moves[0], &err) != 0) {
        snprintf(msg, len, "%s", err.msg);
        return PICK_NONE;
    }
    return PICK_MOVE;
}

static bool kl_hit(const ViewCtx *ctx, int y, int x, Cursor *c)
{
    KalahBoard b;
    if (!read_board(ctx->game, ctx->state, &b))
        return false;
    int column = (x - PIT_W) / PIT_W;
    if (y != row_of(b.side, ctx->flipped) || x <= PIT_W || column >= b.pits)
        return false;
    c->area = 0;
    c->col = pit_column(&b, b.side, column, ctx->flipped); /* its own inverse */
    return true;
}

static void kl_cursor_to_move(const Game *g, const void *state, Move m, Cursor *c)
{
    c->area = 0;
    c->col = pit_of_move(g, state, m);
}

static void kl_score(const Game *g, const void *state, char *buf, size_t len)
{
    KalahBoard b;
    if (!read_board(g, state, &b)) {
        snprintf(buf, len, "?");
        return;
    }
    snprintf(buf, len, _("In store: South %d  North %d"), b.store[0], b.store[1]);
}

static bool kl_cursor_to_digit(const Game *g, const void *state, int n, Cursor *c, char *msg,
                               size_t len)
{
    KalahBoard b;
    if (!read_board(g, state, &b))
        return false;
    if (n < 1 || n > b.pits) {
        snprintf(msg, len, _("there is no pit %d: the pits are numbered 1 to %d"), n, b.pits);
        return false;
    }
    c->area = 0;
    c->col = n - 1;
    return true;
}

const BoardView view_kalah = {
    .family = "kalah",
    .side_name = {N_("South"), N_("North")},
    .size = kl_size,
    .draw = kl_draw,
    .cursor_home = kl_home,
    .cursor_move = kl_move,
    .pick = kl_pick,
    .hit = kl_hit,
    .cursor_to_move = kl_cursor_to_move,
    .score = kl_score,
    .cursor_to_digit = kl_cursor_to_digit,
    .flippable = true,
};
