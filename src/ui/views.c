/* views.c - which board view draws which game family. */
#include <string.h>

#include "ui/view.h"

extern const BoardView view_reversi, view_gogo, view_kalah, view_tree;

static const BoardView *const views[] = {
    &view_reversi,
    &view_gogo,
    &view_kalah,
    &view_tree,
    NULL,
};

const BoardView *view_for(const Game *g)
{
    if (!g)
        return NULL;
    for (int i = 0; views[i]; i++)
        if (strcmp(views[i]->family, g->ops->family) == 0)
            return views[i];
    return NULL;
}

int view_render(const ViewCtx *ctx, Grid *out)
{
    const BoardView *v = view_for(ctx->game);
    if (!v)
        return -1;
    int w, h;
    v->size(ctx->game, ctx->glyphs, &w, &h);
    if (grid_init(out, w, h) != 0)
        return -1;
    v->draw(out, ctx);
    return 0;
}

void view_turn_square(bool flipped, int rows, int cols, int *row, int *col)
{
    if (!flipped)
        return;
    *row = rows - 1 - *row;
    *col = cols - 1 - *col;
}

void view_turn_direction(bool flipped, int area, int *drow, int *dcol)
{
    if (!flipped)
        return;
    *drow = -*drow;
    if (area == 0)
        *dcol = -*dcol;
}

void view_box(Grid *g, int y, int x, int h, int w, int style, const Glyphs *gl)
{
    if (h < 2 || w < 2)
        return;
    grid_put(g, y, x, style, gl->tl);
    grid_put(g, y, x + w - 1, style, gl->tr);
    grid_put(g, y + h - 1, x, style, gl->bl);
    grid_put(g, y + h - 1, x + w - 1, style, gl->br);
    for (int i = 1; i < w - 1; i++) {
        grid_put(g, y, x + i, style, gl->h);
        grid_put(g, y + h - 1, x + i, style, gl->h);
    }
    for (int i = 1; i < h - 1; i++) {
        grid_put(g, y + i, x, style, gl->v);
        grid_put(g, y + i, x + w - 1, style, gl->v);
    }
}
