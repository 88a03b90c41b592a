/* clock_face.h - the game screen's clocks: each side's runs while it is
 * that side's turn to think, and shows beside its player's label.
 *
 * The person's clock runs while the game screen is in front of them: help,
 * a prompt, a confirmation, another screen or a question on the status
 * line stops it.  The computer's runs while it searches, whatever is in
 * front (it goes on thinking under the help screen). */
#ifndef YOMI_UI_CLOCK_FACE_H
#define YOMI_UI_CLOCK_FACE_H

#include <stddef.h>
#include <stdint.h>

#include "ui/game_screen.h"

/* A clock face: "04:59", "00:09.5" under ten seconds, "75:00" past an hour. */
void clock_face_text(int64_t ms, char *buf, size_t len);
/* Run or stop the session's clocks as the screen stands now; true when a
 * side's time ran out (the game is over on time). */
bool game_screen_clock_sync(Screen *s);
/* Draw `side`'s clock on row y, ending before column `right`; its first
 * column (`right` when the game has no clock). */
int game_screen_draw_clock(Screen *s, Grid *g, int y, int right, int side);

#endif
