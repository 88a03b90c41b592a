/* view_gogo.c - the 5x5 shogi board with both hands: kanji pieces in
 * fixed-width cells in UTF-8 (gote's marked with a 'v' and their own
 * style), K R B G S P with '+' for promoted and lower case for gote in
 * ASCII.  Input: pick a piece (or a piece in hand), then a target. */
#include <stdio.h>
#include <string.h>

#include "games/gogo/gogo.h"
#include "base/i18n.h"
#include "ui/view.h"

/* Layout: gote's hand, file labels, the framed board, sente's hand (the
 * hands change rows on a turned board). */
enum { ROW_TOP_HAND = 0, ROW_FILES = 1, ROW_BOARD = 3, ROW_BOTTOM_HAND = 9, HAND_X = 11 };

static int cell_w(const Glyphs *gl) { return gl->utf8 ? 4 : 3; }

static const char *const kanji[2][7] = {
    /* unpromoted: -, P S G B R K (sente's king 王, gote's 玉) */
    {"", "歩", "銀", "金", "角", "飛", "王"},
    {"", "と", "全", "金", "馬", "龍", "玉"},
};
static const char letters[] = " PSGBRK";
static const GogoPiece hand_order[GOGO_HAND_KINDS] = {GOGO_ROOK, GOGO_BISHOP, GOGO_GOLD,
                                                      GOGO_SILVER, GOGO_PAWN};

static void gg_size(const Game *g, const Glyphs *gl, int *w, int *h)
{
    (void)g;
    *w = 5 * cell_w(gl) + 5;
    if (*w < HAND_X + 16)
        *w = HAND_X + 16;
    *h = ROW_BOTTOM_HAND + 1;
}

static void square_of(int row, int col, int *file, int *rank)
{
    *file = 5 - col;
    *rank = row + 1;
}

/* The piece text for one cell: "v飛 " or "+r ". */
static void piece_text(const Glyphs *gl, GogoPiece p, int owner, bool promoted, char *buf,
                       size_t len)
{
    if (gl->utf8) {
        const char *k = p == GOGO_KING ? (owner ? "玉" : "王") : kanji[promoted][p];
        snprintf(buf, len, "%s%s", owner ? "v" : " ", k);
    } else {
        char c = letters[p];
        if (owner)
            c = (char)(c - 'A' + 'a');
        snprintf(buf, len, "%c%c", promoted ? '+' : ' ', c);
    }
}

/* x of each hand item, for drawing and for clicks: -1 when not in hand. */
static void hand_layout(const Game *g, const void *state, int owner, const Glyphs *gl, int xs[5],
                        int counts[5])
{
    int x = HAND_X;
    for (int i = 0; i < GOGO_HAND_KINDS; i++) {
        counts[i] = gogo_hand_count(g, state, owner, hand_order[i]);
        if (!counts[i]) {
            xs[i] = -1;
            continue;
        }
        xs[i] = x;
        x += (gl->utf8 ? 2 : 1) + (counts[i] > 1 ? 1 : 0) + 1;
    }
}

static void draw_hand(Grid *out, const ViewCtx *ctx, int owner, int y)
{
    int xs[5], counts[5];
    hand_layout(ctx->game, ctx->state, owner, ctx->glyphs, xs, counts);
    grid_put(out, y, 0, owner ? ST_P1 : ST_P0, owner ? _("Gote") : _("Sente"));
    /* clipped: the hand items start at HAND_X whatever the language */
    grid_putn(out, y, 6, ST_DIM, _("hand"), HAND_X - 7);
    bool any = false;
    for (int i = 0; i < GOGO_HAND_KINDS; i++) {
        if (xs[i] < 0)
            continue;
        any = true;
        char item[16];
        GogoPiece p = hand_order[i];
        if (ctx->glyphs->utf8)
            snprintf(item, sizeof item, "%s", kanji[0][p]);
        else
            snprintf(item, sizeof item, "%c", owner ? letters[p] - 'A' + 'a' : letters[p]);
        if (counts[i] > 1)
            snprintf(item + strlen(item), sizeof item - strlen(item), "%d", counts[i]);
        grid_put(out, y, xs[i], owner ? ST_P1 : ST_P0, item);
        int w = grid_text_width(item);
        const Cursor *c = ctx->cursor;
        if (c && c->area == 1 + owner && c->col == i)
            grid_flag(out, y, xs[i], w, SF_CURSOR);
        if (c && c->selected && c->sel_area == 1 + owner && c->sel_col == i)
            grid_flag(out, y, xs[i], w, SF_SELECT | SF_BOLD);
    }
    if (!any)
        grid_put(out, y, HAND_X, ST_DIM, "-");
}

/* Whose hand shows on the top row: gote's, sente's on a turned board. */
static int top_hand(const ViewCtx *ctx) { return ctx->flipped ? GOGO_SENTE : GOGO_GOTE; }

/* Whether the last move went from or to (file, rank): both squares are
 * marked, as a drop's to-square alone. */
static bool last_move_at(const GogoMoveInfo *last, int file, int rank)
{
    return (last->to_file == file && last->to_rank == rank) ||
           (!last->drop && last->from_file == file && last->from_rank == rank);
}

/* Drawn place by place: (row, col) is where a square shows, (sr, sc) the
 * square itself, the same unless the board is turned. */
static void gg_draw(Grid *out, const ViewCtx *ctx)
{
    const Game *g = ctx->game;
    const Glyphs *gl = ctx->glyphs;
    int cw = cell_w(gl);
    draw_hand(out, ctx, top_hand(ctx), ROW_TOP_HAND);
    for (int col = 0; col < 5; col++) {
        int sr = 0, sc = col;
        view_turn_square(ctx->flipped, 5, 5, &sr, &sc);
        grid_printf(out, ROW_FILES, 1 + col * cw + 1, ST_DIM, "%d", 5 - sc);
    }
    view_box(out, ROW_BOARD - 1, 0, 7, 5 * cw + 2, ST_DIM, gl);

    /* targets of the selected piece */
    bool target[25] = {false};
    const Cursor *cur = ctx->cursor;
    if (cur && cur->selected && ctx->show_legal) {
        Move moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, ctx->state, moves);
        for (int i = 0; i < n; i++) {
            GogoMoveInfo mi;
            if (!gogo_decode_move(moves[i], &mi))
                continue;
            bool from_here;
            if (cur->sel_area == 0) {
                int f, r;
                square_of(cur->sel_row, cur->sel_col, &f, &r);
                from_here = !mi.drop && mi.from_file == f && mi.from_rank == r;
            } else {
                from_here = mi.drop && mi.piece == hand_order[cur->sel_col];
            }
            if (from_here)
                target[gogo_square(mi.to_file, mi.to_rank)] = true;
        }
    }
    GogoMoveInfo last;
    bool have_last = ctx->last != MOVE_NONE && gogo_decode_move(ctx->last, &last);
    for (int row = 0; row < 5; row++) {
        int y = ROW_BOARD + row;
        for (int col = 0; col < 5; col++) {
            int sr = row, sc = col;
            view_turn_square(ctx->flipped, 5, 5, &sr, &sc);
            if (col == 0)
                grid_putcp(out, y, 5 * cw + 3, ST_DIM, (uint32_t)('a' + sr));
            int x = 1 + col * cw, file, rank, owner = 0;
            bool promoted = false;
            square_of(sr, sc, &file, &rank);
            GogoPiece p = gogo_piece_at(g, ctx->state, file, rank, &owner, &promoted);
            bool is_target = target[gogo_square(file, rank)];
            char text[16];
            if (p != GOGO_NONE) {
                piece_text(gl, p, owner, promoted, text, sizeof text);
                grid_put(out, y, x, (owner ? ST_P1 : ST_P0) | (promoted ? SF_PROMO : 0), text);
            } else if (is_target) {
                grid_put(out, y, x + 1, ST_LEGAL, gl->utf8 ? "＊" : "*");
            } else {
                grid_put(out, y, x + 1, ST_DIM, gl->utf8 ? "・" : ".");
            }
            /* A piece that can be taken keeps its own look (whose it is
             * matters) and gets the legal-move mark in the cell's free
             * column, which shows without colour or bold, plus the
             * target style on the whole cell. */
            if (p != GOGO_NONE && is_target) {
                grid_put(out, y, x + cw - 1, ST_LEGAL, "*");
                grid_flag(out, y, x, cw, SF_TARGET);
            }
            if (have_last && last_move_at(&last, file, rank))
                grid_flag(out, y, x, cw, SF_LAST);
            if (cur && cur->selected && cur->sel_area == 0 && cur->sel_row == sr &&
                cur->sel_col == sc)
                grid_flag(out, y, x, cw, SF_SELECT | SF_BOLD);
            if (cur && cur->area == 0 && cur->row == sr && cur->col == sc)
                grid_flag(out, y, x, cw, SF_CURSOR);
        }
    }
    draw_hand(out, ctx, !top_hand(ctx), ROW_BOTTOM_HAND);
}

static int first_in_hand(const Game *g, const void *state, int owner, int from, int dir)
{
    for (int i = from; i >= 0 && i < GOGO_HAND_KINDS; i += dir)
        if (gogo_hand_count(g, state, owner, hand_order[i]) > 0)
            return i;
    return -1;
}

static void gg_home(const Game *g, const void *state, Cursor *c)
{
    c->selected = false;
    if (c->area != 0 && first_in_hand(g, state, c->area - 1, 0, 1) < 0)
        c->area = 0;
    if (c->area == 0 && c->row == 0 && c->col == 0 && gogo_side_to_move(g, state) == GOGO_SENTE) {
        c->row = 4; /* start on sente's king row */
        c->col = 0;
    }
}

static void gg_move(const Game *g, const void *state, Cursor *c, int dr, int dc)
{
    if (c->area == 0) {
        int row = c->row + dr;
        if (row > 4 || row < 0) {
            int owner = row > 4 ? GOGO_SENTE : GOGO_GOTE;
            int i = first_in_hand(g, state, owner, 0, 1);
            if (i >= 0) {
                c->area = 1 + owner;
                c->col = i;
            }
            return;
        }
        c->row = row;
        c->col = (c->col + dc + 5) % 5;
        return;
    }
    int owner = c->area - 1;
    if ((owner == GOGO_SENTE && dr < 0) || (owner == GOGO_GOTE && dr > 0)) {
        c->area = 0;
        c->row = owner == GOGO_SENTE ? 4 : 0;
        return;
    }
    if (dc) {
        int i = first_in_hand(g, state, owner, c->col + dc, dc);
        if (i >= 0)
            c->col = i;
    }
}

static bool own_piece(const Game *g, const void *state, int row, int col)
{
    int file, rank, owner;
    square_of(row, col, &file, &rank);
    return gogo_piece_at(g, state, file, rank, &owner, NULL) != GOGO_NONE &&
           owner == gogo_side_to_move(g, state);
}

static bool has_moves_from(const Game *g, const void *state, const Cursor *c)
{
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, state, moves);
    for (int i = 0; i < n; i++) {
        GogoMoveInfo mi;
        if (!gogo_decode_move(moves[i], &mi))
            continue;
        if (c->area == 0) {
            int f, r;
            square_of(c->row, c->col, &f, &r);
            if (!mi.drop && mi.from_file == f && mi.from_rank == r)
                return true;
        } else if (mi.drop && mi.piece == hand_order[c->col]) {
            return true;
        }
    }
    return false;
}

static PickResult select_here(const Game *g, const void *state, Cursor *c, char *msg, size_t len)
{
    if (!has_moves_from(g, state, c)) {
        snprintf(msg, len, "%s", gogo_in_check(g, state) ? _("you are in check: that piece cannot help")
                                                          : _("that piece has no legal move"));
        return PICK_NONE;
    }
    c->selected = true;
    c->sel_area = c->area;
    c->sel_row = c->row;
    c->sel_col = c->col;
    (void)msg; /* the status line says what comes next */
    return PICK_SELECTED;
}

static PickResult gg_pick(const Game *g, const void *state, Cursor *c, Move moves[2], char *msg,
                          size_t len)
{
    int side = gogo_side_to_move(g, state);
    if (c->area != 0) {
        if (c->area - 1 != side) {
            snprintf(msg, len, "%s", _("those are your opponent's pieces in hand"));
            return PICK_NONE;
        }
        return select_here(g, state, c, msg, len);
    }
    if (!c->selected || (c->sel_area == 0 && own_piece(g, state, c->row, c->col))) {
        if (c->selected && c->sel_row == c->row && c->sel_col == c->col) {
            c->selected = false;
            snprintf(msg, len, "%s", _("put back"));
            return PICK_NONE;
        }
        if (!own_piece(g, state, c->row, c->col)) {
            snprintf(msg, len, "%s", _("pick one of your own pieces, or one in your hand"));
            return PICK_NONE;
        }
        return select_here(g, state, c, msg, len);
    }
    int tf, tr;
    square_of(c->row, c->col, &tf, &tr);
    if (c->sel_area != 0) {
        Move m = gogo_make_drop(hand_order[c->sel_col], tf, tr);
        if (gogo_is_legal(g, state, m)) {
            moves[0] = m;
            c->selected = false;
            return PICK_MOVE;
        }
        snprintf(msg, len, "%s", gogo_in_check(g, state) ? _("cannot drop there (you are in check)")
                                                         : _("cannot drop there"));
        return PICK_NONE;
    }
    int ff, fr;
    square_of(c->sel_row, c->sel_col, &ff, &fr);
    Move plain = gogo_make_move(ff, fr, tf, tr, false);
    Move promo = gogo_make_move(ff, fr, tf, tr, true);
    bool can_plain = gogo_is_legal(g, state, plain), can_promo = gogo_is_legal(g, state, promo);
    if (can_plain && can_promo) {
        moves[0] = promo;
        moves[1] = plain;
        c->selected = false;
        return PICK_PROMOTE;
    }
    if (can_plain || can_promo) {
        moves[0] = can_promo ? promo : plain;
        c->selected = false;
        return PICK_MOVE;
    }
    snprintf(msg, len, "%s", gogo_in_check(g, state) ? _("that piece cannot go there (you are in check)")
                                                     : _("that piece cannot go there"));
    return PICK_NONE;
}

static bool gg_hit(const ViewCtx *ctx, int y, int x, Cursor *c)
{
    const Glyphs *gl = ctx->glyphs;
    int cw = cell_w(gl);
    if (y >= ROW_BOARD && y < ROW_BOARD + 5 && x >= 1 && x < 1 + 5 * cw) {
        int row = y - ROW_BOARD, col = (x - 1) / cw;
        view_turn_square(ctx->flipped, 5, 5, &row, &col);
        c->area = 0;
        c->row = row;
        c->col = col;
        return true;
    }
    if (y == ROW_TOP_HAND || y == ROW_BOTTOM_HAND) {
        int owner = y == ROW_TOP_HAND ? top_hand(ctx) : !top_hand(ctx);
        int xs[5], counts[5];
        hand_layout(ctx->game, ctx->state, owner, gl, xs, counts);
        for (int i = 0; i < GOGO_HAND_KINDS; i++) {
            if (xs[i] >= 0 && x >= xs[i] && x < xs[i] + (gl->utf8 ? 2 : 1) + (counts[i] > 1)) {
                c->area = 1 + owner;
                c->col = i;
                return true;
            }
        }
    }
    return false;
}

static void gg_cursor_to_move(const Game *g, const void *state, Move m, Cursor *c)
{
    GogoMoveInfo mi;
    if (!gogo_decode_move(m, &mi))
        return;
    if (mi.drop) {
        c->area = 1 + gogo_side_to_move(g, state);
        for (int i = 0; i < GOGO_HAND_KINDS; i++)
            if (hand_order[i] == mi.piece)
                c->col = i;
        return;
    }
    c->area = 0;
    c->row = mi.from_rank - 1;
    c->col = 5 - mi.from_file;
}

static void gg_score(const Game *g, const void *state, char *buf, size_t len)
{
    int in_hand[2] = {0, 0};
    for (int o = 0; o < 2; o++)
        for (int i = 0; i < GOGO_HAND_KINDS; i++)
            in_hand[o] += gogo_hand_count(g, state, o, hand_order[i]);
    snprintf(buf, len, _("In hand: Sente %d  Gote %d%s"), in_hand[0], in_hand[1],
             gogo_in_check(g, state) ? _("   CHECK!") : "");
}

const BoardView view_gogo = {
    .family = "gogo",
    .side_name = {N_("Sente"), N_("Gote")},
    .size = gg_size,
    .draw = gg_draw,
    .cursor_home = gg_home,
    .cursor_move = gg_move,
    .pick = gg_pick,
    .hit = gg_hit,
    .cursor_to_move = gg_cursor_to_move,
    .score = gg_score,
    .flippable = true,
};
