/* internal.h - what the record formats share: the table row each format
 * fills, the reader that checks every move, and the text encodings. */
#ifndef YOMI_RECORDS_INTERNAL_H
#define YOMI_RECORDS_INTERNAL_H

#include <stdio.h>

#include "base/read_file.h"
#include "records/records.h"

typedef struct RecordReader RecordReader;

struct RecordFormat {
    const char *name;      /* for --to */
    const char *title;     /* for people */
    const char *extension; /* with its dot */
    const char *family;    /* the game family it holds */
    bool shift_jis;        /* written in Shift_JIS (read in either) */
    /* Whether a text (UTF-8, NUL-terminated) is in this format; NULL for a
     * row that shares another row's reader (kif and kifu). */
    bool (*detect)(const char *text);
    int (*read)(RecordReader *rd, Err *err);
    /* The record as UTF-8 text; -1 + err when the format cannot hold it. */
    int (*write)(FILE *out, const RecordGame *g, Err *err);
};

extern const RecordFormat record_kif, record_kifu, record_csa, record_ggf, record_transcript,
    record_kalah;

/* Whether GGF can hold a game of this reversi variant (a square board). */
bool ggf_holds(const Game *g);

/* ---- reading: one line at a time, every move through the game ---------- */

struct RecordReader {
    const char *name; /* the file, for messages */
    TextLines lines;
    char line[RECORD_LINE_MAX + 1];
    const RecordHint *hint;
    Record *rec;      /* from rr_begin on */
};

/* The next line into rd->line, trailing blanks removed: 1, 0 at the end,
 * -1 + err for a line too long or holding a NUL. */
int rr_next_line(RecordReader *rd, Err *err);
/* "NAME:LINE: " and the message (a printf format, translated): -1. */
int rr_fail(RecordReader *rd, Err *err, const char *fmt, ...) YOMI_PRINTF(3, 4);
/* The same about the whole file, without a line: -1. */
int rr_fail_file(RecordReader *rd, Err *err, const char *fmt, ...) YOMI_PRINTF(3, 4);

/* The game the record holds, opened: `family` is what the format holds,
 * `id` the variant the record names (NULL: the hint's, else the family's
 * own), `opts` the variant options it implies, `position` its start in
 * the game's notation (NULL: the game's start).  The hint's id must be of
 * the same game, and its options may not contradict the record's. */
int rr_begin(RecordReader *rd, const char *family, const char *id, const GameOption *opts,
             int nopts, const char *position, Err *err);
bool rr_begun(const RecordReader *rd);
const Game *rr_game(const RecordReader *rd);
const void *rr_state(const RecordReader *rd);
/* A move in the game's own notation, checked legal where the game stands;
 * `shown` is how the record wrote it, for the message. */
int rr_move(RecordReader *rd, const char *notation, const char *shown, Err *err);
/* A move already encoded (it must be legal). */
int rr_play(RecordReader *rd, Move m, const char *shown, Err *err);
/* Whether the game is over where it stands (no move, or its history ends
 * it): no record move may follow. */
bool rr_over(const RecordReader *rd);
/* Play the pass when it is the side to move's only move (reversi records
 * leave passes out): 1 when it did, 0 when not, -1 + err. */
int rr_forced_pass(RecordReader *rd, Err *err);
/* The time the last move took, in ms; a negative one, or one before any
 * move, is passed over: a time is a note beside the game, never a reason
 * to refuse it. */
void rr_time(RecordReader *rd, int64_t ms);
/* Seconds as records write them, a fraction allowed ("5", "0.25"), up to a
 * day: ms, or -1 for anything else. */
int64_t rr_seconds(const char *s);
/* A player's name as the record gives it: printable characters only. */
void rr_name(RecordReader *rd, int side, const char *name);

/* ---- helpers the formats share ------------------------------------------ */

/* Move i's time for a writer: 0 when the game has none. */
static inline int64_t rg_move_ms(const RecordGame *g, int i)
{
    return g->move_ms && g->move_ms[i] > 0 ? g->move_ms[i] : 0;
}

/* The text after `prefix` when `s` starts with it, else NULL. */
const char *rr_after(const char *s, const char *prefix);
/* Skip ASCII blanks and the full-width space U+3000. */
const char *rr_skip_blanks(const char *s);
/* Whether `start` is the position `g` starts from by itself. */
bool record_standard_start(const Game *g, const void *start);

/* ---- encodings (charset.c) --------------------------------------------------- */

bool utf8_valid(const char *s, size_t len);
/* Convert between Shift_JIS (Microsoft's, as Windows programs write it)
 * and UTF-8 with glibc's iconv; malloc'ed, NUL-terminated.  NULL + err
 * when the text is not in the encoding it should be. */
char *sjis_to_utf8(const char *s, size_t len, size_t *out_len, Err *err);
char *utf8_to_sjis(const char *s, size_t len, size_t *out_len, Err *err);

#endif
