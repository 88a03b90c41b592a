/* help.c - the help screen: sections from assets/help.txt (read at run time
 * so the installed text can be edited), with the same text compiled in as a
 * fallback. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/assets.h"
#include "base/i18n.h"
#include "ui/screen.h"

/* help_text.h is generated from assets/help.txt by the build. */
#include "src/ui/help_text.h"

#define HELP_MAX_SECTIONS 8
#define HELP_MAX_LINES 400

typedef struct {
    char *text;                     /* the whole file, lines split in place */
    const char *lines[HELP_MAX_LINES];
    int nlines;
    int section_start[HELP_MAX_SECTIONS + 1];
    const char *section_name[HELP_MAX_SECTIONS];
    int nsections, cur, scroll;
} Help;

/* The English help is under 10 KB, the Japanese under 12 KB. */
#define HELP_FILE_MAX (64 * 1024)

static char *load_file(const char *name)
{
    size_t len;
    char *t = asset_read(name, HELP_FILE_MAX, &len, NULL, 0, NULL);
    if (t && strstr(t, "== "))
        return t;
    free(t);
    return NULL;
}

/* The help in the language of the messages: the catalog names its file, so
 * the help is Japanese exactly when the menus are.  English (the file, then
 * the compiled-in copy) when that file is missing. */
static char *load_text(void)
{
    /* TRANSLATORS: the help file in your language, in yomi's data folder
       (assets/help.ja.txt for Japanese). */
    const char *name = _("help.txt");
    char *t = strcmp(name, "help.txt") != 0 ? load_file(name) : NULL;
    if (!t)
        t = load_file("help.txt");
    return t ? t : strdup(help_text_builtin);
}

static void split(Help *h)
{
    h->nsections = 0;
    char *p = h->text;
    while (p && *p && h->nlines < HELP_MAX_LINES) {
        char *nl = strchr(p, '\n');
        if (nl)
            *nl = '\0';
        size_t n = strlen(p);
        if (n > 6 && strncmp(p, "== ", 3) == 0 && strcmp(p + n - 3, " ==") == 0 &&
            h->nsections < HELP_MAX_SECTIONS) {
            p[n - 3] = '\0';
            h->section_name[h->nsections] = p + 3;
            h->section_start[h->nsections++] = h->nlines;
        } else if (h->nsections > 0) {
            h->lines[h->nlines++] = p;
        }
        p = nl ? nl + 1 : NULL;
    }
    h->section_start[h->nsections] = h->nlines;
}

static int help_init(Screen *s, void *arg)
{
    Help *h = calloc(1, sizeof *h);
    if (!h)
        return -1;
    h->text = load_text();
    if (h->text)
        split(h);
    if (arg) /* open at a section by name */
        for (int i = 0; i < h->nsections; i++)
            if (strcmp(h->section_name[i], (const char *)arg) == 0 ||
                strcmp(h->section_name[i], _((const char *)arg)) == 0)
                h->cur = i;
    s->data = h;
    return 0;
}

static void help_free(Screen *s)
{
    Help *h = s->data;
    free(h->text);
    free(h);
}

/* Without UTF-8 a "(王 玉)" group would show as "(? ?)": drop groups in
 * parentheses that hold no ASCII letter, with the space before. */
static void ascii_only(const char *in, char *out, size_t len)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 1 < len; p++) {
        if (*p == '(') {
            const char *close = strchr(p, ')');
            bool plain = false, foreign = false;
            for (const char *q = p + 1; close && q < close; q++) {
                plain |= (*q >= 'A' && *q <= 'Z') || (*q >= 'a' && *q <= 'z');
                foreign |= (unsigned char)*q >= 0x80;
            }
            if (close && foreign && !plain) {
                if (o > 0 && out[o - 1] == ' ')
                    o--;
                p = close;
                continue;
            }
        }
        if ((unsigned char)*p < 0x80)
            out[o++] = *p;
    }
    out[o] = '\0';
}

static int section_lines(const Help *h)
{
    return h->section_start[h->cur + 1] - h->section_start[h->cur];
}

static void help_key(Screen *s, int key)
{
    Help *h = s->data;
    int page = s->app->h - 5;
    int dr, dc;
    if (key == KEY_ESCAPE || key == '?') {
        app_pop(s);
        return;
    }
    if (key == 'q') {
        app_request_quit(s->app);
        return;
    }
    if (key == '\t')
        key = KEY_RIGHT;
    if (key == KEY_BTAB)
        key = KEY_LEFT;
    if (key >= '1' && key < '1' + h->nsections) {
        h->cur = key - '1';
        h->scroll = 0;
        return;
    }
    if (key == KEY_NPAGE || key == ' ')
        h->scroll += page;
    else if (key == KEY_PPAGE || key == 'b')
        h->scroll -= page;
    else if (key == KEY_HOME || key == 'g')
        h->scroll = 0;
    else if (key == KEY_END || key == 'G')
        h->scroll = section_lines(h);
    else if (key_direction(key, &dr, &dc)) {
        if (dc && h->nsections) {
            h->cur = (h->cur + dc + h->nsections) % h->nsections;
            h->scroll = 0;
        }
        h->scroll += dr;
    }
    int max = section_lines(h) - page;
    if (h->scroll > max)
        h->scroll = max;
    if (h->scroll < 0)
        h->scroll = 0;
}

/* The sections as a row of tabs; when they are wider than the screen the
 * row starts late enough to show the current one, with < and > saying
 * that more lie off either edge. */
static void draw_tabs(const Help *h, Grid *g)
{
    char tab[HELP_MAX_SECTIONS][80];
    int width[HELP_MAX_SECTIONS];
    for (int i = 0; i < h->nsections; i++) {
        snprintf(tab[i], sizeof tab[i], " %d %s ", i + 1, h->section_name[i]);
        width[i] = grid_text_width(tab[i]) + 1;
    }
    const int room = g->w - 3;
    int first = 0, used = 0;
    for (int i = 0; i <= h->cur && i < h->nsections; i++)
        used += width[i];
    while (first < h->cur && used > room)
        used -= width[first++];
    if (first > 0)
        grid_put(g, 1, 0, ST_DIM, "<");
    int x = 1;
    for (int i = first; i < h->nsections; i++) {
        if (x + width[i] > room + 1) {
            grid_put(g, 1, g->w - 1, ST_DIM, ">");
            break;
        }
        x = grid_put(g, 1, x, i == h->cur ? ST_TITLE | SF_SELECT : ST_NORMAL, tab[i]) + 1;
    }
}

static void help_draw(Screen *s, Grid *g)
{
    Help *h = s->data;
    draw_title(g, _("Help"), s->app);
    draw_tabs(h, g);
    int page = g->h - 5;
    int first = h->section_start[h->cur] + h->scroll;
    for (int r = 0; r < page && first + r < h->section_start[h->cur + 1]; r++) {
        char plain[512];
        const char *line = h->lines[first + r];
        if (!s->app->glyphs->utf8) {
            ascii_only(line, plain, sizeof plain);
            line = plain;
        }
        grid_putn(g, 3 + r, 2, ST_NORMAL, line, g->w - 3);
    }
    if (h->scroll > 0)
        grid_put(g, 2, g->w - 10, ST_DIM, _("more ^"));
    if (h->scroll + page < section_lines(h))
        grid_put(g, g->h - 2, g->w - 10, ST_DIM, _("more v"));
    static const char *const keys[] = {"\xe2\x86\x90\xe2\x86\x92", N_("section"), "\xe2\x86\x91\xe2\x86\x93",
                                       N_("scroll"), "PgUp/PgDn", N_("page"), "Esc", N_("back"), NULL};
    static const char *const keys_ascii[] = {"left/right", N_("section"), "up/down", N_("scroll"),
                                             "PgUp/PgDn", N_("page"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_help = {
    .name = "help",
    .min_w = 40,
    .min_h = 10,
    .init = help_init,
    .key = help_key,
    .draw = help_draw,
    .free = help_free,
};
