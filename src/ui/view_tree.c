/* view_tree.c - the tree game: the path so far, then the current node's
 * children one per row, each numbered with its move and written out as its
 * subtree (cut to the width), the cursor on the row to play.  A node with
 * more children than rows scrolls with the cursor. */
#include <stdio.h>

#include "base/i18n.h"
#include "games/tree/tree.h"
#include "ui/view.h"

enum { WIDTH = 44, ROWS = 9, TOP = 1, NUM_W = 4 };

static void tv_size(const Game *g, const Glyphs *gl, int *w, int *h)
{
    (void)gl;
    (void)g;
    *w = WIDTH;
    *h = TOP + ROWS;
}

/* The first child row shown: the cursor's row stays in sight. */
static int first_shown(const Cursor *c)
{
    return c && c->row >= ROWS ? c->row - ROWS + 1 : 0;
}

static void tv_draw(Grid *out, const ViewCtx *ctx)
{
    const Game *g = ctx->game;
    const int node = tree_node(ctx->state);
    char path[120];
    tree_path(g, node, path, sizeof path);
    if (tree_is_leaf(g, node)) {
        grid_printf(out, 0, 0, ST_TITLE, _("At %s: leaf %d"), path, tree_leaf_value(g, node));
        return;
    }
    grid_printf(out, 0, 0, ST_TITLE, _("At %s: %s to move"), path,
                tree_depth(g, node) % 2 ? _("Min") : _("Max"));
    const int n = tree_children(g, node), first = first_shown(ctx->cursor);
    for (int i = first; i < n && i < first + ROWS; i++) {
        const int y = TOP + i - first;
        char sub[WIDTH];
        tree_text(g, tree_child(g, node, i), sub, sizeof sub - NUM_W);
        grid_printf(out, y, 0, ST_DIM, "%3d", i + 1);
        grid_put(out, y, NUM_W, ctx->show_legal ? ST_LEGAL : ST_NORMAL, sub);
        if (ctx->cursor && ctx->cursor->row == i)
            grid_flag(out, y, 0, WIDTH, SF_CURSOR);
    }
}

static void tv_home(const Game *g, const void *state, Cursor *c)
{
    c->area = 0;
    c->col = 0;
    if (c->row < 0 || c->row >= tree_children(g, tree_node(state)))
        c->row = 0;
}

static void tv_move(const Game *g, const void *state, Cursor *c, int dr, int dc)
{
    const int n = tree_children(g, tree_node(state));
    if (n == 0)
        return;
    c->row = ((c->row + dr + dc) % n + n) % n; /* left and right walk the list too */
}

static PickResult tv_pick(const Game *g, const void *state, Cursor *c, Move moves[2], char *msg,
                          size_t len)
{
    if (c->row < 0 || c->row >= tree_children(g, tree_node(state))) {
        snprintf(msg, len, "%s", _("choose one of the numbered children"));
        return PICK_NONE;
    }
    moves[0] = (Move)(c->row + 1);
    return PICK_MOVE;
}

static bool tv_hit(const ViewCtx *ctx, int y, int x, Cursor *c)
{
    const int row = first_shown(ctx->cursor) + y - TOP;
    if (y < TOP || x < 0 || x >= WIDTH || row >= tree_children(ctx->game, tree_node(ctx->state)))
        return false;
    c->area = 0;
    c->row = row;
    return true;
}

static void tv_cursor_to_move(const Game *g, const void *state, Move m, Cursor *c)
{
    (void)g;
    (void)state;
    if (m == MOVE_PASS || m == MOVE_NONE)
        return;
    c->area = 0;
    c->row = m - 1;
}

static void tv_score(const Game *g, const void *state, char *buf, size_t len)
{
    const int node = tree_node(state);
    if (tree_is_leaf(g, node))
        snprintf(buf, len, _("Leaf value %d (for Max)"), tree_leaf_value(g, node));
    else
        snprintf(buf, len, _("Leaves below: %d"), tree_leaves_under(g, node));
}

const BoardView view_tree = {
    .family = "tree",
    .side_name = {N_("Max"), N_("Min")},
    .size = tv_size,
    .draw = tv_draw,
    .cursor_home = tv_home,
    .cursor_move = tv_move,
    .pick = tv_pick,
    .hit = tv_hit,
    .cursor_to_move = tv_cursor_to_move,
    .score = tv_score,
};
