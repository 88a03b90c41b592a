/* session.h - one game as the UI keeps it: the variant, the two players,
 * every position played (for undo/redo and repetition), and the save file.
 * No curses here, so the unit tests can drive it.
 *
 * Save format (text, one item per line, '#' lines ignored):
 *
 *     yomi-save 1
 *     game reversi-6x6              the id as `yomi` takes it
 *     option start parallel         zero or more variant options
 *     first human                   player specs (doc/cli.md "Players")
 *     second negascout:6
 *     position <start position in the game's notation, rest of the line>
 *     moves
 *     d3                            one move per line, the game's notation
 *     ...
 *     at 12                         where the game stands, when the moves
 *                                   after it are kept for redo; always last
 *
 * A game's time goes in the header too (before `moves`), in ms; a file
 * without these lines is a game without a clock:
 *
 *     clock 180000 2000 0           under a clock: main time, increment,
 *                                   byoyomi (players/game_clock.h)
 *     clock-left 171200 176500      main time left to first, second
 *     clock-flag second             that side's time ran out: it lost
 *     time-used 8800 5500           time first, second used (any game)
 *
 * The times are those of the position where the game stands (`at`); the
 * move under way when the game was saved has its time so far taken off
 * the main time (a byoyomi begins afresh).
 */
#ifndef YOMI_UI_SESSION_H
#define YOMI_UI_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/game.h"
#include "players/game_clock.h"
#include "ui/player_label.h"

#define SESSION_MAX_OPTS 4
/* An option's key and value, with room for the "option KEY VALUE" line to
 * fit a save file's longest line (SESSION_LINE_MAX): a typed tree is a
 * long value. */
#define SESSION_OPT_KEY_MAX 16
#define SESSION_OPT_VALUE_MAX 992

typedef struct Session {
    char id[32];
    char opt_key[SESSION_MAX_OPTS][SESSION_OPT_KEY_MAX];
    char opt_val[SESSION_MAX_OPTS][SESSION_OPT_VALUE_MAX];
    int nopts;
    Game *game;
    UiPlayer players[2];
    unsigned char *states; /* state i = position before move i */
    Move *moves;
    int n;                 /* moves played */
    int top;               /* moves kept for redo: n..top */
    int cap;
    GameClock clock;       /* the time each side used; under a clock, left */
    GameClock *clock_at;   /* the clock as it was at the start of each ply */
    int clock_cap;         /* clock_at has clock_cap + 1 entries */
    uint64_t (*now)(void); /* the time in ms (clock_ms; the tests' own) */
} Session;

/* Open the game and start at `position` (NULL: the game's start). */
Session *session_new(const char *id, const GameOption *opts, int nopts,
                     const UiPlayer players[2], const char *position, Err *err);
/* A fresh game with the same variant and players. */
Session *session_restart(const Session *s, Err *err);
void session_free(Session *s);

const void *session_state(const Session *s, int i);
static inline const void *session_current(const Session *s) { return session_state(s, s->n); }
int session_side(const Session *s);
/* The time move i (0 .. top-1) took, as its side's clock counted it (or
 * its record said): 0 for a move of a game loaded from a save file. */
int64_t session_move_ms(const Session *s, int i);
/* Play a legal move (redo history beyond it is dropped; the clock charges
 * the move's time).  -1 if no memory. */
int session_play(Session *s, Move m);
/* A move of a game read from a record, which says it took `ms`: its
 * side's time used counts it (the main time is not charged). */
int session_play_recorded(Session *s, Move m, int64_t ms);
bool session_undo(Session *s);
bool session_redo(Session *s);
/* Game over?  `value` from the first player's view, `why` e.g. "repetition". */
bool session_over(const Session *s, int *value, const char **why);
/* The game clock.  A session counts the time each side uses; under a
 * clock (rules timed) it also keeps what each has left, and a side whose
 * time runs out loses the game (session_over's reason "time").  Undo and
 * redo put the clocks back as they were at that position.
 *
 * Set the rules (NULL: no clock) and start both sides afresh. */
void session_set_clock(Session *s, const ClockRules *r);
bool session_timed(const Session *s);
/* Run the clock of the side to move, or stop it (a pause: the move keeps
 * its time so far).  session_play charges the move's time. */
void session_clock_run(Session *s, bool run);
/* Whether a side's time has run out (now): the game is then over. */
bool session_clock_fell(Session *s);
/* The time `side` has used in the game so far, its move under way too. */
int64_t session_time_used(const Session *s, int side);

/* Format move i in the game's notation. */
void session_move_text(const Session *s, int i, char *buf, size_t len);

int session_write(const Session *s, FILE *f);
/* Atomic: a temp file in the same folder, fsync, rename. */
int session_save(const Session *s, const char *path, Err *err);
/* The save file as text (malloc'ed; NULL when out of memory). */
char *session_text(const Session *s, size_t *len);

/* What a save file may be: it is read whole, and a longer line is an
 * error, never split (a comment's tail would be read as a move). */
#define SESSION_FILE_MAX (1 << 20)
#define SESSION_LINE_MAX 1024
/* A save file's text (`len` bytes, from the file `name`).  The whole game
 * or NULL + err "NAME:LINE: why": nothing half-read is ever returned. */
Session *session_parse(const char *text, size_t len, const char *name, Err *err);
/* The same from a file: a regular file only, at most SESSION_FILE_MAX. */
Session *session_load(const char *path, Err *err);

/* $XDG_STATE_HOME/yomi or ~/.local/state/yomi, created; -1 + err. */
int session_state_dir(char *buf, size_t len, Err *err);
/* The autosave file's path in that folder. */
int session_autosave_path(char *buf, size_t len, Err *err);

#endif
