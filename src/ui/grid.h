/* grid.h - a screen (or a board) as a plain grid of styled cells.
 *
 * Every screen draws into a Grid and the app copies the grid to curses in
 * one place.  That keeps curses calls out of the drawing code (the board
 * drawing is a pure function from a position to a grid, testable without a
 * terminal), and clipping is done once here: nothing drawn outside the grid
 * can touch memory or the terminal, whatever the window size.
 */
#ifndef YOMI_UI_GRID_H
#define YOMI_UI_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a cell means; theme.c turns it into colours or, without colour, into
 * bold/reverse/underline so that every distinction survives monochrome. */
typedef enum {
    ST_NORMAL,
    ST_DIM,       /* secondary text, frames */
    ST_TITLE,     /* headings */
    ST_KEY,       /* key names in help lines */
    ST_P0,        /* the first player's pieces */
    ST_P1,        /* the second player's pieces */
    ST_LEGAL,     /* a legal-move mark */
    ST_BOARD,     /* board background cells */
    ST_GOOD,      /* positive news: a win, a finished search */
    ST_BAD,       /* errors, illegal input */
    ST_BAR,       /* bar chart bars */
    ST_PROMOTED,  /* promoted shogi pieces (combined with ST_P0/ST_P1 via flag) */
    ST_COUNT
} Style;

/* Flags or-ed onto a style. */
enum {
    SF_CURSOR = 0x100,   /* the input cursor */
    SF_LAST = 0x200,     /* the last move */
    SF_SELECT = 0x400,   /* a selected piece / menu entry */
    SF_PROMO = 0x800,    /* promoted piece */
    SF_BOLD = 0x1000,
    SF_TARGET = 0x2000,  /* a piece the picked piece can take */
};
#define STYLE_BASE(s) ((s) & 0xFF)

typedef struct {
    uint32_t ch;   /* Unicode code point; 0 = the right half of a wide char */
    uint16_t style;
} GridCell;

typedef struct {
    int w, h;
    GridCell *cells;
} Grid;

/* 0, or -1 when out of memory. w or h may be 0. */
int grid_init(Grid *g, int w, int h);
void grid_free(Grid *g);
void grid_clear(Grid *g);
GridCell *grid_at(Grid *g, int y, int x); /* NULL outside */

/* Columns a code point takes (1 or 2; CJK wide); pure, no locale. */
int grid_cp_width(uint32_t cp);
/* Decode one UTF-8 sequence; returns bytes used (>= 1), U+FFFD on junk. */
int grid_utf8_decode(const char *s, uint32_t *cp);
/* Display columns of a UTF-8 string. */
int grid_text_width(const char *s);

/* Put a UTF-8 string at (y, x), clipped; returns the column after it. */
int grid_put(Grid *g, int y, int x, int style, const char *s);
int grid_putn(Grid *g, int y, int x, int style, const char *s, int maxcols);
/* Put s in a field `cols` columns wide at (y, x), padded with blanks in the
 * same style, cut at a whole character when longer; returns x + cols, so what follows lines up whatever the
 * language (printf's %-20s counts bytes, not columns). */
int grid_put_field(Grid *g, int y, int x, int style, const char *s, int cols);
/* Put s from (y, x) in rows of at most `cols` columns, broken after the
 * last space that fits (anywhere in a word wider than a row: Japanese has
 * no spaces), at most `max_rows` rows; returns the rows used. */
int grid_put_wrapped(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows);
/* The rows grid_put_wrapped() needs for the whole of s. */
int grid_wrapped_rows(const char *s, int cols);
/* grid_put_wrapped(), but a text longer than `max_rows` rows loses its
 * middle: the last row is `more` ("...") and the end of the text, so the
 * start (what a message is about, a file) and the end (what went wrong)
 * both show. */
int grid_put_wrapped_short(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows,
                           const char *more);
/* grid_put_wrapped(), but a text longer than `max_rows` rows keeps its
 * start: the words that fit, then `more` ("..."), for a list whose first
 * items matter most (a line of moves). */
int grid_put_wrapped_cut(Grid *g, int y, int x, int style, const char *s, int cols, int max_rows,
                         const char *more);
int grid_printf(Grid *g, int y, int x, int style, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
void grid_putcp(Grid *g, int y, int x, int style, uint32_t cp);
/* Add flags to the style of cells [x, x+n) on row y. */
void grid_flag(Grid *g, int y, int x, int n, int flags);
void grid_fill(Grid *g, int y, int x, int h, int w, int style, uint32_t cp);
/* Copy `src` into `dst` at (y, x), clipped. */
void grid_blit(Grid *dst, int y, int x, const Grid *src);

/* The grid as text: rows joined by '\n', trailing blanks of each row and
 * trailing empty rows dropped (what tests compare). Returns bytes written. */
size_t grid_to_text(const Grid *g, char *buf, size_t len);

#endif
