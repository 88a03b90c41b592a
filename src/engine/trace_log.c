/* trace_log.c - a search's trace kept whole (trace_log.h). */
#include <stdlib.h>
#include <string.h>

#include "engine/trace_log.h"

static bool grow_moves(TraceLog *log, size_t need)
{
    if (log->nmoves + need <= log->moves_cap)
        return true;
    size_t cap = log->moves_cap ? log->moves_cap : 1024;
    while (cap < log->nmoves + need)
        cap *= 2;
    Move *m = realloc(log->moves, cap * sizeof *m);
    if (!m)
        return false;
    log->moves = m;
    log->moves_cap = cap;
    return true;
}

/* The trace function: one more event, or the search stopped once the log
 * is full (the step that did not fit marks it too big). */
static void keep_event(const TraceEvent *e, void *arg)
{
    TraceLog *log = arg;
    if (log->too_big || log->failed)
        return;
    if (log->n == log->cap) {
        log->too_big = true;
        search_stop(log->search);
        return;
    }
    const size_t len = (size_t)(e->ply > 0 ? e->ply : 0);
    if (!grow_moves(log, len)) {
        log->failed = true;
        search_stop(log->search);
        return;
    }
    memcpy(log->moves + log->nmoves, e->path, len * sizeof *e->path);
    log->path_at[log->n] = log->nmoves;
    log->nmoves += len;
    log->events[log->n++] = *e;
}

int trace_log_record(TraceLog *log, Search *s, const void *root, int max_events, Err *err)
{
    memset(log, 0, sizeof *log);
    log->cap = max_events > 0 ? max_events : 1;
    log->events = malloc((size_t)log->cap * sizeof *log->events);
    log->path_at = malloc((size_t)log->cap * sizeof *log->path_at);
    if (!log->events || !log->path_at || !grow_moves(log, 1)) {
        trace_log_free(log);
        return err_set(err, "out of memory for a trace of %d steps", max_events);
    }
    log->search = s;
    search_set_trace(s, keep_event, log);
    const int rc = search_run(s, root, &log->result, err);
    search_set_trace(s, NULL, NULL);
    log->search = NULL;
    if (rc == 0 && !log->failed && !log->too_big)
        for (int i = 0; i < log->n; i++)
            log->events[i].path = log->moves + log->path_at[i];
    free(log->path_at);
    log->path_at = NULL;
    if (rc != 0 || log->failed) {
        const bool failed = log->failed;
        trace_log_free(log);
        return failed ? err_set(err, "out of memory for a trace of %d steps", max_events) : -1;
    }
    if (log->too_big) {
        /* "Nothing kept" means nothing to free: a caller that only learns
         * the search is too big must not leak the steps it did not get. */
        trace_log_free(log);
        return 1;
    }
    return 0;
}

int trace_log_search(TraceLog *log, const Game *g, const SearchConfig *cfg, const void *root,
                     const void *const *history, int nhistory, int max_events, Err *err)
{
    memset(log, 0, sizeof *log);
    Search *s = search_new(g, cfg, err);
    if (!s)
        return -1;
    if (nhistory > 0)
        search_set_history(s, history, nhistory);
    const int rc = trace_log_record(log, s, root, max_events, err);
    search_free(s);
    return rc;
}

void trace_log_free(TraceLog *log)
{
    free(log->events);
    free(log->moves);
    free(log->path_at);
    log->events = NULL;
    log->moves = NULL;
    log->path_at = NULL;
    log->n = 0;
    log->nmoves = log->moves_cap = 0;
}

int trace_log_next(const TraceLog *log, int from, TraceKind kind)
{
    int i = from < 0 ? 0 : from;
    while (i < log->n && log->events[i].kind != kind)
        i++;
    return i;
}
