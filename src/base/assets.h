/* assets.h - finding yomi's data files (help text, trained weights).
 *
 * Looked up in order: $YOMI_DATADIR, the installed $(pkgdatadir), and the
 * source tree's assets/ (so an uninstalled build finds them too). */
#ifndef YOMI_ASSETS_H
#define YOMI_ASSETS_H

#include <stddef.h>

#include "base/error.h"

/* The asset `name` ("help.txt", "reversi-eval.dat") read whole, as
 * read_file_whole() reads (a regular file of at most `max` bytes), from the
 * first place that has it; NULL + err naming the places searched when it is
 * nowhere, or naming the file when the one found cannot be read.  When
 * `found` is given, the full path read (or refused) is written there. */
char *asset_read(const char *name, size_t max, size_t *len, char *found, size_t found_len,
                 Err *err);

#endif
