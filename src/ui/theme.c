/* theme.c - styles to curses attributes; every colour distinction has a
 * monochrome twin (bold, reverse, underline) for NO_COLOR and mono terminals. */
#define _XOPEN_SOURCE_EXTENDED 1
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "ui/grid.h"
#include "ui/theme.h"

static bool use_colour;

enum { PAIR_TITLE = 1, PAIR_KEY, PAIR_P0, PAIR_P1, PAIR_LEGAL, PAIR_GOOD, PAIR_BAD,
       PAIR_BAR, PAIR_PROMO, PAIR_LAST, PAIR_BOARD, PAIR_TARGET };

bool theme_init(bool force_mono)
{
    const char *nc = getenv("NO_COLOR");
    use_colour = !force_mono && !(nc && nc[0]) && has_colors();
    if (!use_colour)
        return false;
    start_color();
    use_default_colors();
    init_pair(PAIR_TITLE, COLOR_CYAN, -1);
    init_pair(PAIR_KEY, COLOR_YELLOW, -1);
    init_pair(PAIR_P0, COLOR_CYAN, -1);
    init_pair(PAIR_P1, COLOR_MAGENTA, -1);
    init_pair(PAIR_LEGAL, COLOR_GREEN, -1);
    init_pair(PAIR_GOOD, COLOR_GREEN, -1);
    init_pair(PAIR_BAD, COLOR_RED, -1);
    init_pair(PAIR_BAR, COLOR_BLUE, -1);
    init_pair(PAIR_PROMO, COLOR_RED, -1);
    init_pair(PAIR_LAST, COLOR_BLACK, COLOR_YELLOW);
    init_pair(PAIR_BOARD, COLOR_GREEN, -1);
    init_pair(PAIR_TARGET, COLOR_BLACK, COLOR_GREEN);
    return true;
}

unsigned long theme_attr(int style)
{
    attr_t a = A_NORMAL;
    if (use_colour) {
        switch (STYLE_BASE(style)) {
        case ST_DIM: a = A_DIM; break;
        case ST_TITLE: a = A_BOLD | COLOR_PAIR(PAIR_TITLE); break;
        case ST_KEY: a = A_BOLD | COLOR_PAIR(PAIR_KEY); break;
        case ST_P0: a = A_BOLD | COLOR_PAIR(PAIR_P0); break;
        case ST_P1: a = A_BOLD | COLOR_PAIR(PAIR_P1); break;
        case ST_LEGAL: a = COLOR_PAIR(PAIR_LEGAL); break;
        case ST_BOARD: a = COLOR_PAIR(PAIR_BOARD); break;
        case ST_GOOD: a = A_BOLD | COLOR_PAIR(PAIR_GOOD); break;
        case ST_BAD: a = A_BOLD | COLOR_PAIR(PAIR_BAD); break;
        case ST_BAR: a = COLOR_PAIR(PAIR_BAR) | A_BOLD; break;
        case ST_PROMOTED: a = COLOR_PAIR(PAIR_PROMO); break;
        default: break;
        }
        if (style & SF_PROMO)
            a = (a & ~A_COLOR) | COLOR_PAIR(PAIR_PROMO) | A_BOLD;
        if (style & SF_LAST)
            a = (a & ~A_COLOR) | COLOR_PAIR(PAIR_LAST);
        /* after the last move's: the piece that just moved is often the
         * one to take, and while a piece is picked that is the news */
        if (style & SF_TARGET)
            a = (a & ~A_COLOR) | COLOR_PAIR(PAIR_TARGET);
    } else {
        switch (STYLE_BASE(style)) {
        case ST_DIM: a = A_DIM; break;
        case ST_TITLE: case ST_KEY: case ST_P0: case ST_GOOD: a = A_BOLD; break;
        case ST_P1: a = A_UNDERLINE; break;
        case ST_LEGAL: a = A_DIM; break;
        case ST_BAD: a = A_BOLD | A_UNDERLINE; break;
        case ST_BAR: a = A_REVERSE; break;
        default: break;
        }
        if (style & SF_PROMO)
            a |= A_BOLD;
        if (style & SF_LAST)
            a |= A_UNDERLINE | A_BOLD;
        /* the '*' beside the piece is the mark; reverse would look like
         * the cursor */
        if (style & SF_TARGET)
            a |= A_BOLD;
    }
    if (style & (SF_CURSOR | SF_SELECT))
        a |= A_REVERSE;
    if (style & SF_BOLD)
        a |= A_BOLD;
    return a;
}

const Glyphs *theme_glyphs(bool force_ascii)
{
    const char *cs = nl_langinfo(CODESET);
    bool utf8 = cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
    return utf8 && !force_ascii ? &glyphs_utf8 : &glyphs_ascii;
}
