/* prompt.c - a one-line question over the current screen (file names, a
 * move). */
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/i18n.h"
#include "ui/screen.h"

typedef struct {
    UiPromptArg arg;
    char text[1024];
    size_t len;
} Prompt;

static int prompt_init(Screen *s, void *arg)
{
    Prompt *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    p->arg = *(UiPromptArg *)arg;
    if (p->arg.initial) {
        strncpy(p->text, p->arg.initial, sizeof p->text - 1);
        p->len = strlen(p->text);
    }
    s->data = p;
    return 0;
}

static void prompt_free(Screen *s) { free(s->data); }

static void prompt_key(Screen *s, int key)
{
    Prompt *p = s->data;
    if (key == KEY_ESCAPE) {
        app_pop(s);
    } else if (key_is_enter(key)) {
        app_pop(s);
        if (p->len)
            p->arg.done(p->arg.ctx, p->text);
    } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
        if (p->len) {
            /* back over a whole UTF-8 sequence */
            do
                p->len--;
            while (p->len && ((unsigned char)p->text[p->len] & 0xC0) == 0x80);
            p->text[p->len] = '\0';
        }
    } else if (key == KEY_CTRL('u')) {
        p->len = 0;
        p->text[0] = '\0';
    } else if (key >= 32 && key < 256 && key != 127 && p->len + 1 < sizeof p->text) {
        p->text[p->len++] = (char)key;
        p->text[p->len] = '\0';
    }
}

static void prompt_draw(Screen *s, Grid *g)
{
    Prompt *p = s->data;
    int y = p->arg.low ? g->h - 8 : g->h / 2 - 2, w = g->w - 4;
    if (w < 4)
        return;
    grid_fill(g, y, 2, 5, w, ST_NORMAL, ' ');
    view_box(g, y, 2, 5, w, ST_TITLE, s->app->glyphs);
    grid_putn(g, y + 1, 4, ST_TITLE, p->arg.question, w - 4);
    /* Show the end of a long answer: that is where the typing happens. */
    const char *shown = p->text;
    int room = w - 6;
    while (*shown && grid_text_width(shown) > room) {
        uint32_t cp; /* a whole character at a time: never half a kanji */
        shown += grid_utf8_decode(shown, &cp);
    }
    int x = grid_put(g, y + 2, 4, ST_NORMAL, shown);
    grid_putcp(g, y + 2, x, ST_NORMAL | SF_CURSOR, ' ');
    grid_putn(g, y + 3, 4, ST_DIM, _("Enter accept   Esc cancel   Ctrl-U clear"), w - 4);
}

const ScreenOps screen_prompt = {
    .name = "prompt",
    .min_w = 0, /* an overlay: drawn over the screen below */
    .min_h = 0,
    .init = prompt_init,
    .key = prompt_key,
    .draw = prompt_draw,
    .free = prompt_free,
};
