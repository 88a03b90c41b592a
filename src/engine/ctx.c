/* ctx.c - making and freeing a search context (ctx.h): what each thread
 * of a search owns, all of it allocated here so that nothing in the
 * search allocates. */
#include <stdlib.h>
#include <string.h>

#include "engine/algorithm.h"
#include "engine/algos.h"

/* The per-ply and per-side arrays of a context, and its own endgame
 * solver; the tables it shares (Tt, Memo, pns's, mcts's) are the
 * Search's and set by it.  `asked` is the configuration as given (its
 * endgame AUTO still unresolved).  0, or -1 with err set; the context
 * is then partly made, and ctx_release frees what was. */
int ctx_init(Ctx *c, const Game *g, const SearchConfig *asked, int history_max, Err *err)
{
    memset(c, 0, sizeof *c);
    c->g = g;
    c->ops = g->ops;
    c->cfg = *asked;
    if (algorithm(asked->algo)->flags & ALGO_SOLVE_ONLY)
        c->cfg.solve = true; /* whatever the depth asked */
    c->search_node = algo_search_node;
    if (c->cfg.endgame == SEARCH_ENDGAME_AUTO)
        c->cfg.endgame = asked->algo == ALGO_YOMI && g->ops->solver_default ? g->ops->solver_default(g) : 0;
    if (asked->algo == ALGO_PNS)
        c->cfg.endgame = 0; /* it proves by itself: no solver to hand nodes to */
    c->quiescence = asked->quiescence && g->ops->in_check && g->ops->noisy_moves;
    c->states = aligned_alloc(64, (SEARCH_MAX_PLY + 2) * GAME_MAX_STATE);
    c->ply = calloc(SEARCH_MAX_PLY + 2, sizeof *c->ply);
    c->history = calloc(2 * CTX_MOVE_SLOTS, sizeof *c->history);
    if (asked->algo == ALGO_YOMI) {
        c->counter = malloc(2 * CTX_MOVE_SLOTS * sizeof *c->counter);
        if (c->counter)
            memset(c->counter, 0xff, 2 * CTX_MOVE_SLOTS * sizeof *c->counter); /* MOVE_NONE */
    }
    c->path = calloc((size_t)history_max + SEARCH_MAX_PLY + 2, sizeof *c->path);
    if (!c->states || !c->ply || !c->history || !c->path || (asked->algo == ALGO_YOMI && !c->counter))
        return err_set(err, "out of memory for the search (table %d MB)", asked->table_mb);
    memset(c->states, 0, (SEARCH_MAX_PLY + 2) * GAME_MAX_STATE);
    for (int p = 0; p < SEARCH_MAX_PLY + 2; p++)
        c->path[p] = ctx_state(c, p);
    ctx_forget(c);
    if (c->cfg.endgame > 0 && g->ops->solver_new) {
        c->solver = g->ops->solver_new(g, asked->table_mb, err);
        if (!c->solver)
            return -1;
        /* An explicit endgame=N hands over every node within N, as asked;
         * the default player's auto setting also weighs the depth left. */
        c->solver_reach = asked->endgame == SEARCH_ENDGAME_AUTO && g->ops->solver_reach
                              ? g->ops->solver_reach(c->solver)
                              : -1;
    }
    return 0;
}

void ctx_release(Ctx *c)
{
    if (c->solver)
        c->ops->solver_free(c->solver);
    free(c->states);
    free(c->ply);
    free(c->history);
    free(c->counter);
    free(c->path);
    memset(c, 0, sizeof *c);
}

/* What a context learnt of earlier positions: history, counter-moves,
 * killers, its solver's table. */
void ctx_forget(Ctx *c)
{
    memset(c->history, 0, 2 * CTX_MOVE_SLOTS * sizeof *c->history);
    if (c->counter)
        memset(c->counter, 0xff, 2 * CTX_MOVE_SLOTS * sizeof *c->counter);
    for (int p = 0; p < SEARCH_MAX_PLY + 2; p++) {
        c->ply[p].killer[0] = c->ply[p].killer[1] = MOVE_NONE;
        c->ply[p].excluded = MOVE_NONE;
    }
    if (c->solver && c->ops->solver_clear)
        c->ops->solver_clear(c->solver);
}

/* The positions before the root, `slots` holding n of them. */
void ctx_set_history(Ctx *c, const void *const *slots, int n)
{
    for (int i = 0; i < n; i++)
        c->path[i] = slots[i];
    c->history_len = n;
    for (int p = 0; p < SEARCH_MAX_PLY + 2; p++)
        c->path[n + p] = ctx_state(c, p);
}
