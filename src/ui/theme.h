/* theme.h - colours (or their monochrome stand-ins) for the grid styles,
 * and the choice of glyph set; curses-side. */
#ifndef YOMI_UI_THEME_H
#define YOMI_UI_THEME_H

#include <stdbool.h>

#include "ui/glyphs.h"

/* Colours unless NO_COLOR is set, the terminal has none, or `force_mono`. */
bool theme_init(bool force_mono);
/* The curses attributes (attr_t incl. colour pair) for a grid style. */
unsigned long theme_attr(int style);
/* UTF-8 glyphs when the locale's codeset is UTF-8 (and not `force_ascii`). */
const Glyphs *theme_glyphs(bool force_ascii);

#endif
