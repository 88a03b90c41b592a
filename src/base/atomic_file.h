/* atomic_file.h - replacing a file so that nothing the user made is lost:
 * a reader (or a crash, or a full disk) sees either the old file or the
 * whole new one, never a mixture. */
#ifndef YOMI_ATOMIC_FILE_H
#define YOMI_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

#include "base/error.h"

/* Write `len` bytes to a temporary file beside `path`, flush them to disk,
 * then rename it over `path`.  0, or -1 + err naming the file and why (the
 * temporary is removed and `path` left as it was). */
int atomic_file_write(const char *path, const void *data, size_t len, Err *err);

/* Whether atomic_file_write() could replace `path` now: its folder takes
 * a new file (one is made beside `path` and removed) and `path` is not a
 * folder.  0, or -1 + err naming `path` and why.  For work that runs long
 * before it writes, so that a bad path fails at once, not at the end. */
int atomic_file_check(const char *path, Err *err);

/* The same for a text that `print(out, arg)` writes to a stream (0, or -1
 * on an error): printed to memory first, so a failing printer leaves
 * `path` untouched too. */
int atomic_file_print(const char *path, int (*print)(FILE *out, const void *arg), const void *arg,
                      Err *err);

/* Remove the temporaries of `path` ("PATH.XXXXXX") that a writer killed
 * between creating and renaming one left behind, those not modified for
 * `min_age_s` seconds: a younger one may be another process's write in
 * progress.  How many were removed. */
int atomic_file_remove_stale(const char *path, int min_age_s);

#endif
