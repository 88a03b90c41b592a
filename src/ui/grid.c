/* grid.c - styled cell grids, UTF-8 in, clipped everywhere. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/grid.h"

int grid_init(Grid *g, int w, int h)
{
    if (w < 0)
        w = 0;
    if (h < 0)
        h = 0;
    g->w = w;
    g->h = h;
    g->cells = calloc((size_t)w * (size_t)h + 1, sizeof *g->cells);
    if (!g->cells) {
        g->w = g->h = 0;
        return -1;
    }
    grid_clear(g);
    return 0;
}

void grid_free(Grid *g)
{
    free(g->cells);
    g->cells = NULL;
    g->w = g->h = 0;
}

void grid_clear(Grid *g)
{
    for (int i = 0; i < g->w * g->h; i++)
        g->cells[i] = (GridCell){' ', ST_NORMAL};
}

GridCell *grid_at(Grid *g, int y, int x)
{
    if (y < 0 || x < 0 || y >= g->h || x >= g->w)
        return NULL;
    return &g->cells[y * g->w + x];
}

int grid_cp_width(uint32_t cp)
{
    /* East Asian Wide and Fullwidth blocks the UI can meet (kanji pieces). */
    if ((cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) ||
        (cp >= 0x3041 && cp <= 0x33FF) || (cp >= 0x3400 && cp <= 0x4DBF) ||
        (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
        (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
        (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
        (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD))
        return 2;
    return 1;
}

int grid_utf8_decode(const char *s, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s;
    if (u[0] < 0x80) {
        *cp = u[0];
        return 1;
    }
    int n;
    uint32_t c;
    if ((u[0] & 0xE0) == 0xC0) {
        n = 2;
        c = u[0] & 0x1F;
    } else if ((u[0] & 0xF0) == 0xE0) {
        n = 3;
        c = u[0] & 0x0F;
    } else if ((u[0] & 0xF8) == 0xF0) {
        n = 4;
        c = u[0] & 0x07;
    } else {
        *cp = 0xFFFD;
        return 1;
    }
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xC0) != 0x80) {
            *cp = 0xFFFD;
            return i;
        }
        c = (c << 6) | (u[i] & 0x3F);
    }
    *cp = c;
    return n;
}

int grid_text_width(const char *s)
{
    int w = 0;
    while (*s) {
        uint32_t cp;
        s += grid_utf8_decode(s, &cp);
        w += grid_cp_width(cp);
    }
    return w;
}

void grid_putcp(Grid *g, int y, int x, int style, uint32_t cp)
{
    int w = grid_cp_width(cp);
    GridCell *c = grid_at(g, y, x);
    if (!c)
        return;
    if (w == 2) {
        GridCell *right = grid_at(g, y, x + 1);
        if (!right) { /* half a kanji does not fit: leave a blank */
            *c = (GridCell){' ', (uint16_t)style};
            return;
        }
        *right = (GridCell){0, (uint16_t)style};
    }
    /* Overwriting the right half of a wide char orphans its left half. */
    if (c->ch == 0 && x > 0)
        grid_at(g, y, x - 1)->ch = ' ';
    *c = (GridCell){cp, (uint16_t)style};
}

int grid_putn(Grid *g, int y, int x, int style, const char *s, int maxcols)
{
    int end = maxcols < 0 ? g->w : x + maxcols;
    while (*s) {
        uint32_t cp;
        s += grid_utf8_decode(s, &cp);
        if (cp == '\n' || cp == '\t')
            cp = ' ';
        int w = grid_cp_width(cp);
        if (x + w > end)
            break;
        grid_putcp(g, y, x, style, cp);
        x += w;
    }
    return x;
}

int grid_put(Grid *g, int y, int x, int style, const char *s)
{
    return grid_putn(g, y, x, style, s, -1);
}

int grid_put_field(Grid *g, int y, int x, int style, const char *s, int cols)
{
    int end = grid_putn(g, y, x, style, s, cols);
    for (; end < x + cols; end++) /* padded in the style, like %-*s */
        grid_putcp(g, y, end, style, ' ');
    return x + cols;
}

/* Where the row starting at s ends when it may take `cols` columns. */
static const char *row_end(const char *s, int cols)
{
    const char *p = s, *space = NULL;
    int w = 0;
    while (*p) {
        uint32_t cp;
        int n = grid_utf8_decode(p, &cp);
        if (w + grid_cp_width(cp) > cols) {
            if (cp == ' ')
                return p;
            return space ? space : p == s ? p + n : p;
        }
        if (cp == ' ' && p > s)
            space = p;
        w += grid_cp_width(cp);
        p += n;
    }
    return p;
}

/* Put s[0..end) at (y, x), at most `cols` columns; the column after it. */
static int put_span(Grid *g, int y, int x, int style, const char *s, const char *end, int cols)
{
    char row[512];
    size_t n = (size_t)(end - s) < sizeof row - 1 ? (size_t)(end - s) : sizeof row - 1;
    memcpy(row, s, n);
    row[n] = '\0';
    return grid_putn(g, y, x, style, row, cols);
}

/* The start of the row after the one starting at s. */
static const char *next_row(const char *s, int cols)
{
    for (s = row_end(s, cols); *s == ' '; s++)
        ;
    return s;
}

int grid_put_wrapped(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows)
{
    int rows = 0;
    while (*s && rows < max_rows && cols > 0) {
        put_span(g, y + rows++, x, style, s, row_end(s, cols), cols);
        s = next_row(s, cols);
    }
    return rows;
}

int grid_wrapped_rows(const char *s, int cols)
{
    int rows = 0;
    for (; *s && cols > 0; s = next_row(s, cols))
        rows++;
    return rows;
}

/* The shortest tail of s that takes at most `cols` columns. */
static const char *tail_fitting(const char *s, int cols)
{
    int left = grid_text_width(s);
    while (*s && left > cols) {
        uint32_t cp;
        s += grid_utf8_decode(s, &cp);
        left -= grid_cp_width(cp);
    }
    return s;
}

int grid_put_wrapped_short(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows,
                           const char *more)
{
    const int room = cols - grid_text_width(more);
    if (max_rows < 1 || room < 1 || grid_wrapped_rows(s, cols) <= max_rows)
        return grid_put_wrapped(g, y, x, style, s, cols, max_rows);
    int rows = 0;
    for (; rows < max_rows - 1; rows++) {
        put_span(g, y + rows, x, style, s, row_end(s, cols), cols);
        s = next_row(s, cols);
    }
    /* the last row: the end of the text, after `more` when some is left out */
    if (grid_text_width(s) <= cols) {
        grid_putn(g, y + rows, x, style, s, cols);
    } else {
        const int at = grid_put(g, y + rows, x, style, more);
        grid_putn(g, y + rows, at, style, tail_fitting(s, room), room);
    }
    return rows + 1;
}

int grid_put_wrapped_cut(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows,
                         const char *more)
{
    char text[1024];
    snprintf(text, sizeof text, "%s", s);
    if (max_rows < 1 || grid_wrapped_rows(text, cols) <= max_rows)
        return grid_put_wrapped(g, y, x, style, text, cols, max_rows);
    /* Drop whole words from the end until what is left and `more` fit. */
    const size_t more_len = strlen(more);
    for (char *space; (space = strrchr(text, ' ')) != NULL;) {
        *space = '\0';
        const size_t n = strlen(text);
        if (n + 1 + more_len >= sizeof text)
            continue;
        text[n] = ' ';
        memcpy(text + n + 1, more, more_len + 1);
        if (grid_wrapped_rows(text, cols) <= max_rows)
            return grid_put_wrapped(g, y, x, style, text, cols, max_rows);
        text[n] = '\0';
    }
    return grid_put_wrapped(g, y, x, style, more, cols, max_rows);
}

int grid_printf(Grid *g, int y, int x, int style, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return grid_put(g, y, x, style, buf);
}

void grid_flag(Grid *g, int y, int x, int n, int flags)
{
    for (int i = 0; i < n; i++) {
        GridCell *c = grid_at(g, y, x + i);
        if (c)
            c->style = (uint16_t)(c->style | flags);
    }
}

void grid_fill(Grid *g, int y, int x, int h, int w, int style, uint32_t cp)
{
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            grid_putcp(g, y + r, x + c, style, cp);
}

void grid_blit(Grid *dst, int y, int x, const Grid *src)
{
    for (int r = 0; r < src->h; r++) {
        for (int c = 0; c < src->w; c++) {
            const GridCell *s = &src->cells[r * src->w + c];
            if (s->ch == 0)
                continue; /* written with its left half */
            grid_putcp(dst, y + r, x + c, s->style, s->ch);
        }
    }
}

static size_t put_utf8(char *buf, size_t len, size_t pos, uint32_t cp)
{
    char tmp[4];
    size_t n;
    if (cp < 0x80) {
        tmp[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        tmp[0] = (char)(0xC0 | (cp >> 6));
        tmp[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        tmp[0] = (char)(0xE0 | (cp >> 12));
        tmp[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        tmp[0] = (char)(0xF0 | (cp >> 18));
        tmp[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        tmp[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        tmp[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    if (pos + n < len)
        memcpy(buf + pos, tmp, n);
    return pos + n;
}

size_t grid_to_text(const Grid *g, char *buf, size_t len)
{
    size_t pos = 0, keep = 0; /* keep: length up to the last non-blank row */
    for (int y = 0; y < g->h; y++) {
        int last = -1;
        for (int x = 0; x < g->w; x++) {
            uint32_t ch = g->cells[y * g->w + x].ch;
            if (ch != ' ')
                last = x;
        }
        for (int x = 0; x <= last; x++) {
            uint32_t ch = g->cells[y * g->w + x].ch;
            if (ch)
                pos = put_utf8(buf, len, pos, ch);
        }
        if (last >= 0)
            keep = pos;
        pos = put_utf8(buf, len, pos, '\n');
    }
    pos = keep;
    if (len)
        buf[pos < len ? pos : len - 1] = '\0';
    return pos;
}
