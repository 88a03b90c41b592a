/* autosave.h - the autosave after every move, written by a thread of its own
 * so that a slow disk (fsync) never stalls the UI.  Requests coalesce: only
 * the newest position waiting is written. */
#ifndef YOMI_UI_AUTOSAVE_H
#define YOMI_UI_AUTOSAVE_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/session.h"

/* Queue the session for writing to the autosave file.  -1 + err when the
 * path cannot be made or memory is short (nothing queued then). */
int autosave_submit(const Session *s, Err *err);
/* The last write error since the previous call, or false. */
bool autosave_error(char *buf, size_t len);
/* Wait until everything queued is on disk (at exit). */
void autosave_flush(void);

#endif
