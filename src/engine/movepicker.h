/* movepicker.h - the yomi search's staged move picker (movepicker.c).
 * Engine-private. */
#ifndef YOMI_MOVEPICKER_H
#define YOMI_MOVEPICKER_H

#include "engine/ctx.h"

typedef struct Picker {
    Move *moves;
    int n, next;
    bool scored;
    int64_t keys[GAME_MAX_MOVES];
    bool tactical[GAME_MAX_MOVES]; /* the game's hint says the move is special */
} Picker;

/* Start picking among moves[0..n) (the node's own list, reordered in
 * place); hint is the table's move, MOVE_NONE when none. */
void picker_init(Picker *pk, Move *moves, int n, Move hint);
/* The next move to try and its index, MOVE_NONE when all are tried;
 * prev is the move into the node (for its counter-move). */
Move picker_next(Ctx *c, int ply, Move prev, Picker *pk, int *index);

#endif
