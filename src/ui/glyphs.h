/* glyphs.h - the two character sets the boards are drawn with: UTF-8 (box
 * lines, discs, kanji pieces) or plain ASCII for terminals without it. */
#ifndef YOMI_UI_GLYPHS_H
#define YOMI_UI_GLYPHS_H

#include <stdbool.h>

typedef struct {
    bool utf8;
    /* frame: horizontal, vertical, corners tl tr bl br, tees t b l r, cross */
    const char *h, *v, *tl, *tr, *bl, *br, *tt, *tb, *tlft, *trgt, *x;
    const char *disc[3];  /* reversi: empty, black, white */
    const char *legal;    /* reversi: a legal square */
    const char *bar;      /* bar-chart block */
    const char *arrow_l, *arrow_r; /* kalah sowing direction */
} Glyphs;

extern const Glyphs glyphs_utf8, glyphs_ascii;

#endif
