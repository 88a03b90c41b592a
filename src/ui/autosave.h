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
/* At start: remove the temporary files a yomi killed while writing the
 * autosave (kill -9, a power cut) left behind.  One younger than
 * AUTOSAVE_STALE_S may be another yomi's write in progress and stays. */
#define AUTOSAVE_STALE_S 60
void autosave_remove_stale(void);

#endif
