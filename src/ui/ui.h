/* ui.h - the curses front end's entry points (curses lives only in src/ui). */
#ifndef YOMI_UI_UI_H
#define YOMI_UI_UI_H

#include "engine/game.h"
#include "engine/search.h"

/* `yomi` with no arguments: the main menu. Returns the exit status. */
int ui_main(int argc, char **argv);

/* `yomi play`: straight into a game; players as doc/cli.md spells them
 * (`human`, `negascout:6`).  The caller has checked the arguments. */
int ui_play(const char *game_id, const GameOption *opts, int nopts, const char *first,
            const char *second);

/* `yomi play --record`: straight into a game already begun (taken over).
 * The caller has checked everything. */
struct Session;
int ui_play_session(struct Session *session);

/* A search the theatre shows at most this many steps of: a few minutes of
 * stepping for a student, and a replay to any step in well under a frame. */
#define UI_THEATRE_MAX_STEPS 20000

/* `yomi explain`: straight into the search theatre on `position` (NULL:
 * the start) of the game, searched by cfg[0], and cfg[1] beside it when
 * n is 2.  The caller has checked everything. */
int ui_explain(const char *game_id, const GameOption *opts, int nopts, const char *position,
               const SearchConfig cfg[2], int n);

#endif
