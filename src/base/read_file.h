/* read_file.h - reading a whole file that a person named, or could have
 * edited by hand: only a regular file, and only up to a size the caller
 * names.  A FIFO, a device (/dev/zero) or a folder is refused before a
 * byte is read, so a wrong name never blocks the program or fills its
 * memory. */
#ifndef YOMI_READ_FILE_H
#define YOMI_READ_FILE_H

#include <stddef.h>

#include "base/error.h"

/* The whole of the regular file `path`, at most `max` bytes, malloc'ed with
 * a NUL after the last byte (the text itself may hold NULs: `*len` says how
 * long it is).  NULL + err naming the file and why. */
char *read_file_whole(const char *path, size_t max, size_t *len, Err *err);

#endif
