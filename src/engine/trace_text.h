/* trace_text.h - a search's steps (engine/trace.h) in words: what `yomi
 * trace` prints and the theatre screen's event line says.
 *
 * Nodes are named by the moves from the root as the game writes them,
 * joined by dots ("2.1": the first move after the second); the root is
 * "root".  The min/max algorithms (minimax, alphabeta) are read from the
 * first player's view, the second player's values negated and its window
 * turned round, as the tutorials draw them; the others from the side to
 * move's.
 */
#ifndef YOMI_TRACE_TEXT_H
#define YOMI_TRACE_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/search.h"

typedef struct {
    const Game *game;
    const void *root;  /* the searched position */
    bool minmax;       /* values from the first player's view */
    bool solve;        /* searched to the end: depths are not told */
} TraceTeller;

/* A teller for a search of `root` with `cfg`. */
TraceTeller trace_teller(const Game *g, const void *root, const SearchConfig *cfg);

/* The node at the end of path[0..len). */
void trace_text_path(const TraceTeller *t, const Move *path, int len, char *buf, size_t size);
/* Its child by move m. */
void trace_text_child(const TraceTeller *t, const Move *path, int len, Move m, char *buf,
                      size_t size);
/* A value, the infinities by name ("+inf", "-inf+1"). */
void trace_text_value(int v, char *buf, size_t size);
/* The value v of a node where `side` moves, as shown (first player's view
 * for the min/max algorithms). */
int trace_shown(const TraceTeller *t, int side, int v);
/* The window (alpha, beta) of such a node as shown: lo, hi. */
void trace_shown_window(const TraceTeller *t, int side, int alpha, int beta, int *lo, int *hi);
/* One step in one line of words, no newline. */
void trace_text_event(const TraceTeller *t, const TraceEvent *e, char *buf, size_t size);

#endif
