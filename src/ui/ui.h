/* ui.h - the curses front end's entry points (curses lives only in src/ui). */
#ifndef YOMI_UI_UI_H
#define YOMI_UI_UI_H

#include "engine/game.h"

/* `yomi` with no arguments: the main menu. Returns the exit status. */
int ui_main(int argc, char **argv);

/* `yomi play`: straight into a game; players as doc/cli.md spells them
 * (`human`, `negascout:6`).  The caller has checked the arguments. */
int ui_play(const char *game_id, const GameOption *opts, int nopts, const char *first,
            const char *second);

#endif
