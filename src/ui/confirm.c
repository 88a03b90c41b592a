/* confirm.c - see confirm.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "ui/confirm.h"

typedef struct {
    UiConfirmArg arg;
    char title[160], detail[1024], question[160];
    bool answered;
} Confirm;

static int confirm_init(Screen *s, void *arg)
{
    Confirm *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    c->arg = *(const UiConfirmArg *)arg;
    snprintf(c->title, sizeof c->title, "%s", c->arg.title);
    snprintf(c->detail, sizeof c->detail, "%s", c->arg.detail ? c->arg.detail : "");
    snprintf(c->question, sizeof c->question, "%s", c->arg.question);
    s->data = c;
    return 0;
}

static void confirm_free(Screen *s)
{
    Confirm *c = s->data;
    if (c->arg.free_ctx)
        c->arg.free_ctx(c->arg.ctx);
    free(c);
}

static void confirm_key(Screen *s, int key)
{
    Confirm *c = s->data;
    bool yes = key == 'y' || key == 'Y';
    bool no = key == 'n' || key == 'N' || key == 'q' || key == KEY_ESCAPE || key_is_enter(key);
    if (c->answered || (!yes && !no))
        return; /* a stray key (a click, an arrow) answers nothing */
    c->answered = true;
    app_pop(s);
    c->arg.answer(c->arg.ctx, yes);
}

/* Lay `text` out in rows of `cols` columns from row y (at most `rows`
 * rows), breaking anywhere: every character shows, none is reworded.
 * Returns the rows used; draws only when g is not NULL. */
static int wrap_exact(Grid *g, int y, int x, int cols, int rows, const char *text)
{
    int row = 0, col = 0;
    while (*text && row < rows) {
        uint32_t cp;
        text += grid_utf8_decode(text, &cp);
        if (cp == '\n') {
            row++;
            col = 0;
            continue;
        }
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
            cp = '?'; /* a terminal control sequence is shown, not obeyed */
        const int w = grid_cp_width(cp);
        if (col + w > cols) {
            row++;
            col = 0;
            if (row == rows)
                break;
        }
        if (g)
            grid_putcp(g, y + row, x + col, ST_NORMAL, cp);
        col += w;
    }
    return row + (col > 0);
}

static void confirm_draw(Screen *s, Grid *g)
{
    Confirm *c = s->data;
    const int w = g->w - 4, cols = w - 4;
    if (cols < 4)
        return;
    const int room = g->h - 6 > 1 ? g->h - 6 : 1;
    const int needed = wrap_exact(NULL, 0, 0, cols, g->h * cols, c->detail);
    const int lines = needed < room ? needed : room;
    const int h = lines + 5, y = (g->h - h) / 2 > 0 ? (g->h - h) / 2 : 0;
    grid_fill(g, y, 2, h, w, ST_NORMAL, ' ');
    view_box(g, y, 2, h, w, ST_BAD, s->app->glyphs);
    grid_putn(g, y + 1, 4, ST_BAD, c->title, cols);
    if (needed <= room) {
        wrap_exact(g, y + 2, 4, cols, lines, c->detail);
    } else { /* never a cut that looks whole */
        wrap_exact(g, y + 2, 4, cols, lines - 1, c->detail);
        grid_putn(g, y + 1 + lines, 4, ST_BAD, _("... (more: enlarge the terminal to read it all)"),
                  cols);
    }
    grid_putn(g, y + 2 + lines, 4, ST_TITLE, c->question, cols);
    grid_putn(g, y + 3 + lines, 4, ST_DIM, _("y yes   n, Enter or Esc no"), cols);
}

const ScreenOps screen_confirm = {
    .name = "confirm",
    .min_w = 0, /* an overlay: drawn over the screen below */
    .min_h = 0,
    .init = confirm_init,
    .key = confirm_key,
    .draw = confirm_draw,
    .free = confirm_free,
};

void ui_confirm(App *app, const UiConfirmArg *arg)
{
    if (app_push(app, &screen_confirm, (void *)arg) == 0)
        return;
    /* No room to ask: the answer that does nothing. */
    arg->answer(arg->ctx, false);
    if (arg->free_ctx)
        arg->free_ctx(arg->ctx);
}
