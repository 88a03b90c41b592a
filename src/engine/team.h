/* team.h - the helper threads of a search (team.c): Lazy SMP over the
 * shared table.  Engine-private: search.c drives it, the CLI and the UI
 * see only SearchConfig.threads.
 */
#ifndef YOMI_TEAM_H
#define YOMI_TEAM_H

#include "engine/ctx.h"

typedef struct Team Team;

/* `helpers` threads beside the main one, each with a context made from
 * `asked` as the main's is (ctx_init), sharing the table `tt`; the threads
 * start now and sleep until given work.  NULL + err when memory or a
 * thread is refused. */
Team *team_new(const Game *g, const SearchConfig *asked, int helpers, Tt *tt, int history_max,
               Err *err);
void team_free(Team *t);
/* Its helpers (threads beside the main one). */
int team_size(const Team *t);

/* Each helper forgets what it learnt (ctx_forget); not while they work. */
void team_forget(Team *t);
/* The positions before the root, for every helper (ctx_set_history). */
void team_set_history(Team *t, const void *const *slots, int n);

/* A new search begins on `main`: the team's node count restarts and the
 * helpers' counters read 0; `main` counts its nodes with the team's. */
void team_begin(Team *t, Ctx *main);
/* The helpers stop their work as soon as they look (search_stop). */
void team_stop(Team *t);

/* Lazy SMP: the helpers search `root` as the main thread does (its
 * configuration, limits and deadline), to other depths, until
 * team_finish; what they find reaches the main thread through the table. */
void team_start_lazy(Team *t, const Ctx *main, const void *root, bool deepen, int target);
/* Stop the helpers and wait until every one is idle. */
void team_finish(Team *t);
/* After team_finish: the deepest iteration a helper finished, if deeper
 * than `than`: its depth, value, line and whether it was exact (true),
 * else false. */
bool team_deepest(const Team *t, int than, int *depth, int *value, Move *pv, int *len,
                  bool *exact);

/* Add the helpers' published counters to `out` (nodes .. mtd_passes). */
void team_add_counters(const Team *t, SearchStats *out);

#endif
