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

/* Load `path`, a save file or a game record of another program (KIF,
 * CSA, GGF, a reversi transcript, a Kalah record: src/records/); on an
 * error show it and change nothing, else (after the question, if the file
 * runs a program) hand the game to use().  A record plays on with the
 * default players, a person first and the computer second, and says so. */
void ui_load(Screen *from, const char *path, UiLoadUse use);

/* A record read elsewhere as a game for the UI, with these players. */
struct Record;
Session *session_from_record(const struct Record *r, const UiPlayer players[2], Err *err);

/* Save the game to `path`: as a record when its extension is one of a
 * record format's (.kif, .kifu, .csa, .ggf, .txt, .kalah), else as a save
 * file.  -1 + err. */
int ui_save_game(const Session *s, const char *path, Err *err);

#endif
