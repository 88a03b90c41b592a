/* status.h - the one progress line of a training run (self-play, then the
 * fit), redrawn in place on stderr.  Only for a terminal: the trainers draw
 * it when asked to (TrainOptions.progress), so a pipe stays quiet. */
#ifndef YOMI_TRAIN_STATUS_H
#define YOMI_TRAIN_STATUS_H

#include "base/error.h"

/* Redraw the line with this text (a translated format). */
void train_status(const char *fmt, ...) YOMI_PRINTF(1, 2);
/* Leave the line as it stands and start a new one below it. */
void train_status_end(void);

#endif
