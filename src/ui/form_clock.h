/* form_clock.h - the New game form's clock: none, a few common ones, or
 * main time, increment and byoyomi of one's own. */
#ifndef YOMI_UI_FORM_CLOCK_H
#define YOMI_UI_FORM_CLOCK_H

#include "players/game_clock.h"
#include "ui/form.h"

typedef struct {
    int kind;                          /* none, a preset, or custom */
    int minutes, increment, byoyomi;   /* custom's fields */
} ClockFields;

void form_add_clock_fields(Form *fm, ClockFields *cf);
/* The custom fields only for a custom clock; no clock at all in a game
 * whose values are payoffs (nobody wins it, so nobody loses on time). */
void form_show_clock_fields(Form *fm, const ClockFields *cf, const GameOps *game);
/* The clock chosen (timed false: none); false when a custom one has no
 * time to play with, *why saying so (N_, untranslated). */
bool form_clock(const Form *fm, const ClockFields *cf, ClockRules *r, const char **why);

#endif
