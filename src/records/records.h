/* records.h - game records in the formats other programs read and write:
 * KIF and CSA for gogo (5x5 shogi), GGF and the move transcript for
 * reversi, and yomi's own Kalah record (doc/records.md).
 *
 * A record is read into what yomi plays: a game id with its variant
 * options, a start position in the game's own notation, and the moves,
 * every one checked legal by the game's own parse_move.  Each format only
 * translates its text into that; nothing a record holds is ever run.  A
 * record is written from the same: a Game, its first position and the
 * moves played from it.
 *
 * The layer: above games (it speaks the games' notations and asks gogo,
 * reversi and Kalah what their boards hold) and below players, the CLI and
 * the UI, which all read and write the same records through it. */
#ifndef YOMI_RECORDS_H
#define YOMI_RECORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"
#include "engine/game.h"

/* What a record may be: it is read whole, a longer line is an error, and a
 * game longer than RECORD_MAX_PLIES is refused rather than half-read. */
#define RECORD_FILE_MAX (1 << 20)
#define RECORD_LINE_MAX 4096
#define RECORD_MAX_PLIES 4000 /* within analyse's ANALYSIS_MAX_PLIES */

#define RECORD_MAX_OPTS 8
#define RECORD_NAME_MAX 128
#define RECORD_POSITION_MAX 256
#define RECORD_TIME_MAX_S 86400 /* a move's time: a day at most */

typedef struct RecordFormat RecordFormat; /* a row of the formats' table */

/* ---- the formats ---------------------------------------------------------
 * Names (for --to): kif (Shift_JIS), kifu (KIF in UTF-8), csa, ggf,
 * transcript, kalah.  Extensions: .kif .kifu .csa .ggf .txt .kalah. */
const RecordFormat *record_format_named(const char *name);
/* By the extension of `path` (case-insensitive); NULL when it has none of
 * the formats'. */
const RecordFormat *record_format_of_path(const char *path);
/* The format a game's records are written in when nobody says: KIF (UTF-8)
 * for gogo, GGF for reversi on a square board, the transcript on the
 * others, the Kalah record; NULL for a game no format writes (tree). */
const RecordFormat *record_format_natural(const Game *g);
const char *record_format_name(const RecordFormat *f);   /* "kifu" */
const char *record_format_title(const RecordFormat *f);  /* "KIF": for people */
const char *record_format_extension(const RecordFormat *f); /* ".kifu" */
/* "kif, kifu, csa, ggf, transcript, kalah" */
void record_format_list(char *buf, size_t len);

/* ---- reading ---------------------------------------------------------------- */

/* What the reader is told besides the text: the game the caller means (a
 * transcript does not say its board's size; NULL: the record's own, or
 * 8x8 reversi for a transcript) and options of the caller's to open it
 * with (--eval ...).  A record that names another game is an error. */
typedef struct {
    const char *id;
    const GameOption *opts;
    int nopts;
} RecordHint;

typedef struct Record {
    const RecordFormat *format; /* the format it was read in */
    Game *game;                 /* the variant, opened; the record owns it */
    char id[32];                /* its id as `yomi` takes it: "kalah-6x4" */
    /* The options it was opened with: the record's own (--capture empty)
     * then the hint's; `opts` points into key and value. */
    GameOption opts[RECORD_MAX_OPTS];
    char key[RECORD_MAX_OPTS][16], value[RECORD_MAX_OPTS][64];
    int nopts;
    char position[RECORD_POSITION_MAX]; /* the start in the game's notation; "" its own */
    unsigned char *states;      /* nmoves + 1 positions, the start first */
    Move *moves;
    int nmoves, cap;
    char names[2][RECORD_NAME_MAX]; /* the players as the record names them, or "" */
    /* Each move's time as the record gives it (KIF's column, CSA's T), in
     * ms; `timed` when any move has one, so that it is written again. */
    int64_t move_ms[RECORD_MAX_PLIES];
    bool timed;
} Record;

/* Read a record from `len` bytes of text, the file `name` (for messages).
 * The format is told by the content; Shift_JIS text is decoded first.
 * The whole game or NULL + err "NAME:LINE: why". */
Record *record_parse(const char *text, size_t len, const char *name, const RecordHint *hint,
                     Err *err);
/* The same from a file (regular, at most RECORD_FILE_MAX bytes, through
 * read_file), or, when nothing by that name exists, from the argument
 * itself as the record's text (`--record f5d6c3`). */
Record *record_load(const char *file_or_text, const RecordHint *hint, Err *err);
void record_free(Record *r);

static inline const void *record_state(const Record *r, int i)
{
    return r->states + (size_t)i * r->game->state_size;
}
static inline const void *record_final(const Record *r) { return record_state(r, r->nmoves); }

/* Whether a text looks like one of the formats (for readers that also take
 * other files, such as the UI's Load game). */
bool record_text_detected(const char *text, size_t len);

/* ---- writing ---------------------------------------------------------------- */

/* How a game ended when not by the rules alone (which the writers see for
 * themselves: checkmate, no move, a full board). */
typedef enum {
    RECORD_END_NONE,
    RECORD_END_RESIGN,  /* `loser` resigned */
    RECORD_END_TIME,    /* `loser` ran out of time */
    RECORD_END_ILLEGAL, /* `loser` made an illegal move */
} RecordEnd;

/* A game to write. */
typedef struct {
    const Game *game;
    /* How it was opened: the transcript names a variant by them. */
    const GameOption *opts;
    int nopts;
    const void *start;    /* the first position */
    const Move *moves;
    int nmoves;
    const char *names[2]; /* NULL or "": none */
    const int64_t *move_ms; /* each move's thinking time in ms, or NULL: not timed */
    RecordEnd end;
    int loser;            /* with `end`: 0 the first player, 1 the second */
} RecordGame;

/* A view of a record read, to write it again. */
RecordGame record_game(const Record *r);

/* The record's text in format `f` (malloc'ed, *len bytes, in the format's
 * encoding: Shift_JIS for kif).  NULL + err when the format cannot hold
 * the game (another game's format; a transcript from a set-up position;
 * GGF on a board that is not square). */
char *record_text(const RecordFormat *f, const RecordGame *g, size_t *len, Err *err);
/* The same written to `path` (atomic_file_write). */
int record_save(const RecordFormat *f, const RecordGame *g, const char *path, Err *err);

#endif
