/* perft.c - count the leaves of the move tree to a depth (Edax's
 * convention, tests/data/reversi/perft.txt): the generic walk, or the
 * game's own fast counter when it has one. */
#include "engine/game.h"

uint64_t game_perft_generic(const Game *g, const void *state, int depth)
{
    if (depth == 0)
        return 1;
    Move moves[GAME_MAX_MOVES];
    int n = g->ops->legal_moves(g, state, moves);
    if (depth == 1)
        return (uint64_t)n;
    _Alignas(16) unsigned char child[GAME_MAX_STATE];
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        g->ops->play(g, state, moves[i], child);
        total += game_perft_generic(g, child, depth - 1);
    }
    return total;
}

uint64_t game_perft(const Game *g, const void *state, int depth)
{
    if (g->ops->perft)
        return g->ops->perft(g, state, depth);
    return game_perft_generic(g, state, depth);
}
