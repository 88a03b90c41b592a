/* read_file.h - reading a file that a person named, or could have edited by
 * hand: only a regular file, and only up to a size the caller names.  A
 * FIFO, a device (/dev/zero) or a folder is refused before a byte is read,
 * so a wrong name never blocks the program or fills its memory.  A text is
 * then taken a line at a time, and a line longer than its reader allows is
 * an error, never split in two. */
#ifndef YOMI_READ_FILE_H
#define YOMI_READ_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* The whole of the regular file `path`, at most `max` bytes, malloc'ed with
 * a NUL after the last byte (the text itself may hold NULs: `*len` says how
 * long it is).  NULL + err naming the file and why. */
char *read_file_whole(const char *path, size_t max, size_t *len, Err *err);

/* The same guard for a reader that takes its file in pieces or maps it (a
 * large binary file): a descriptor open for reading on the regular file
 * `path`, at most `max` bytes, whose size goes in *size.  -1 + err naming
 * the file and why. */
int read_file_open(const char *path, size_t max, size_t *size, Err *err);

/* Whether nothing is at `path`: a reader whose file is optional says
 * nothing then, but does say why a file that is there cannot be read. */
bool read_file_absent(const char *path);

/* The lines of a text in memory (a file read whole), one at a time. */
typedef struct {
    const char *name; /* the file, for messages */
    const char *text;
    size_t len, pos;
    size_t max_line;  /* bytes, without the line ending */
    int lineno;       /* of the line last returned, from 1 */
} TextLines;

TextLines text_lines(const char *name, const char *text, size_t len, size_t max_line);
/* The next line into line[max_line + 1], without its "\n" or "\r\n": 1, or
 * 0 after the last line.  -1 + err "NAME:LINE: why" for a line longer than
 * max_line (splitting it would read its tail as a line of its own) or one
 * holding a NUL byte (which would end it early). */
int text_lines_next(TextLines *t, char *line, Err *err);

/* p past any blanks (spaces, tabs, a stray "\r"). */
const char *text_skip_blanks(const char *p);

/* The rest of the line t returned last, from p: exactly n integers within
 * +-max into v[], each ended by a blank or the line's end (so "100-5" is
 * one bad number, not two), then nothing but blanks.  0, or -1 + err naming
 * the file, the line, `what` and the number at fault (a line that stops
 * short says how many it has). */
int text_line_ints(const TextLines *t, const char *p, const char *what, int32_t *v, int n,
                   long max, Err *err);

#endif
