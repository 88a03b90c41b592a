/* assets.h - finding yomi's data files (help text, trained weights).
 *
 * Looked up in order: $YOMI_DATADIR, the installed $(pkgdatadir), and the
 * source tree's assets/ (so an uninstalled build finds them too). */
#ifndef YOMI_ASSETS_H
#define YOMI_ASSETS_H

#include <stdio.h>

#include "base/error.h"

/* Open the asset `name` ("help.txt", "reversi-eval.dat") for reading in
 * binary mode; NULL + err naming the places searched when it is nowhere.
 * When `found` is given, the full path opened is written there. */
FILE *asset_open(const char *name, char *found, size_t found_len, Err *err);

#endif
