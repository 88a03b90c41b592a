/* glyphs.c - the UTF-8 and ASCII glyph sets. */
#include "ui/glyphs.h"

const Glyphs glyphs_utf8 = {
    .utf8 = true,
    .h = "─", .v = "│", .tl = "┌", .tr = "┐", .bl = "└", .br = "┘",
    .tt = "┬", .tb = "┴", .tlft = "├", .trgt = "┤", .x = "┼",
    .disc = {"·", "●", "○"},
    .legal = "+",
    .bar = "█",
    .arrow_l = "←", .arrow_r = "→",
};

const Glyphs glyphs_ascii = {
    .utf8 = false,
    .h = "-", .v = "|", .tl = "+", .tr = "+", .bl = "+", .br = "+",
    .tt = "+", .tb = "+", .tlft = "+", .trgt = "+", .x = "+",
    .disc = {".", "X", "O"},
    .legal = "+",
    .bar = "#",
    .arrow_l = "<", .arrow_r = ">",
};
