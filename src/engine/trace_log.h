/* trace_log.h - one search's trace (engine/trace.h) kept whole, so that it
 * can be shown a step at a time, forwards and back (the theatre screen), or
 * compared with another algorithm's on the same position.
 *
 * Recording copies every event and its path; a search that takes more
 * steps than the log was asked to hold is stopped and reported as too big,
 * so a careless depth costs a few milliseconds, never the memory.
 */
#ifndef YOMI_TRACE_LOG_H
#define YOMI_TRACE_LOG_H

#include <stdint.h>

#include "engine/search.h"

typedef struct {
    TraceEvent *events; /* n of them; each path points into `moves` */
    int n;
    Move *moves;
    size_t nmoves, moves_cap;
    int cap;            /* at most this many events are kept */
    bool too_big;       /* the search took more than cap steps */
    SearchResult result; /* what the search answered (when not too_big) */
    /* While recording: where each event's path starts in `moves` (the
     * array may move as it grows), and the search to stop. */
    size_t *path_at;
    Search *search;
    bool failed;        /* out of memory while recording */
} TraceLog;

/* Run `s` on `root` once, keeping every step, at most max_events of them.
 * 0: recorded; 1: the search needs more steps (log->too_big, nothing
 * kept); -1 + err: the search failed or memory ran out.  The log owns what
 * it keeps until trace_log_free(); `s` may be freed at once. */
int trace_log_record(TraceLog *log, Search *s, const void *root, int max_events, Err *err);
/* The same for a fresh search of `root` by `cfg` in g, after the
 * positions in history (oldest first, none when nhistory is 0): the
 * Search lives only for the call.  The same returns. */
int trace_log_search(TraceLog *log, const Game *g, const SearchConfig *cfg, const void *root,
                     const void *const *history, int nhistory, int max_events, Err *err);
void trace_log_free(TraceLog *log);

/* The index of the first event at or after `from` of kind `kind`; n when
 * there is none. */
int trace_log_next(const TraceLog *log, int from, TraceKind kind);

#endif
