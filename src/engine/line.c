/* line.c - a line of moves: a principal variation in the game's notation,
 * and the arrays a played game grows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/game.h"

/// Each move is written in the position it is played from, so the root
/// must be the position the line starts at.  A line that came from
/// elsewhere (an external engine, a search of a position since taken
/// back) is checked move by move: it stops before the first move that is
/// not legal, rather than play() a move the rules never promised to take.
int game_format_line(const Game *g, const void *root, const Move *moves, int n, char *buf,
                     size_t len)
{
    _Alignas(16) unsigned char at[GAME_MAX_STATE], next[GAME_MAX_STATE];
    size_t used = 0;
    int done = 0;
    if (len)
        buf[0] = '\0';
    memcpy(at, root, g->state_size);
    for (; done < n; done++) {
        char mv[32];
        if (!game_has_move(g, at, moves[done]))
            break;
        g->ops->format_move(g, at, moves[done], mv, sizeof mv);
        const size_t need = strlen(mv) + (done ? 1 : 0);
        if (used + need + 1 > len) /* whole moves only */
            break;
        used += (size_t)snprintf(buf + used, len - used, "%s%s", done ? " " : "", mv);
        g->ops->play(g, at, moves[done], next);
        memcpy(at, next, g->state_size);
    }
    return done;
}

int game_line_reserve(const Game *g, unsigned char **states, Move **moves, int *cap, int need)
{
    if (need <= *cap)
        return 0;
    int grown = *cap ? *cap * 2 : 64;
    while (grown < need)
        grown *= 2;
    unsigned char *st = realloc(*states, (size_t)(grown + 1) * g->state_size);
    if (!st)
        return -1;
    *states = st;
    Move *mv = realloc(*moves, (size_t)grown * sizeof *mv);
    if (!mv)
        return -1;
    *moves = mv;
    *cap = grown;
    return 0;
}
