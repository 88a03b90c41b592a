/* load.h - opening a save file from the UI (Load game, Resume last game,
 * the game screen's o).  A save file can name an external engine as a
 * player (usi:COMMAND, xshogi:COMMAND), and a file is only text someone
 * could have written: the program is started only when the player, shown
 * the exact command, says yes.  On no, yomi's own computer player takes
 * that side. */
#ifndef YOMI_UI_LOAD_H
#define YOMI_UI_LOAD_H

#include "ui/screen.h"
#include "ui/session.h"

/* What to do with the loaded game: takes the session (frees it on
 * failure, with a message); 0 when the game is on screen. */
typedef int (*UiLoadUse)(Screen *from, Session *session, const char *path);

/* Load `path`; on an error show it and change nothing, else (after the
 * question, if the file runs a program) hand the game to use(). */
void ui_load(Screen *from, const char *path, UiLoadUse use);

#endif
