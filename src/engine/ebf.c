/* ebf.c - the effective branching factor: how many ways a search's tree
 * would branch at every node if it branched alike everywhere.  It is the
 * number that tells the algorithms apart: minimax pays the game's whole
 * branching factor at every ply, alpha-beta in the best order about its
 * square root.  The search theatre, the Compare screen and the command
 * line's `ebf` field all count it here. */
#include <string.h>

#include "engine/search.h"

double search_ebf(uint64_t nodes, int plies)
{
    if (plies < 1 || nodes == 0)
        return 0;
    /* The sum grows with b: bisect between 0 and nodes. */
    double lo = 0, hi = (double)nodes;
    for (int i = 0; i < 100; i++) {
        const double b = (lo + hi) / 2;
        double sum = 0, term = 1;
        for (int k = 1; k <= plies && sum <= (double)nodes; k++) {
            term *= b;
            sum += term;
        }
        if (sum > (double)nodes)
            hi = b;
        else
            lo = b;
    }
    return (lo + hi) / 2;
}

/* Does the line from `root` end the game? */
static bool line_ends_game(const Game *g, const void *root, const Move *pv, int n)
{
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, root, g->state_size);
    for (int i = 0; i < n; i++) {
        g->ops->play(g, a, pv[i], b);
        memcpy(a, b, g->state_size);
    }
    return g->ops->is_terminal(g, a);
}

int search_ebf_plies(const Game *g, const void *root, const SearchResult *r, bool solve)
{
    if (r->stopped || r->pv_len == 0)
        return 0;
    /* A solve's depth says only "to the end", and a search that met the
     * end of the game on every line went no deeper than its line: when
     * that line ends the game.  A line cut short (a solver's, the
     * table's) does not say how deep the search went. */
    if (solve || (r->stats.exact && r->pv_len < r->stats.depth)) {
        if (line_ends_game(g, root, r->pv, r->pv_len))
            return r->pv_len;
        return solve ? 0 : r->stats.depth;
    }
    return r->stats.depth;
}

double search_result_ebf(const Game *g, const void *root, const SearchResult *r, bool solve)
{
    const uint64_t below = r->stats.nodes > 0 ? r->stats.nodes - 1 : 0; /* not the root */
    return search_ebf(below, search_ebf_plies(g, root, r, solve));
}
