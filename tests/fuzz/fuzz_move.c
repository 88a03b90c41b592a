/* fuzz_move.c - every game's move parser on positions reached by a short
 * walk the input chooses: never crash; an accepted move is legal. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const Game *g = fuzz_game(data[0]);
    int walk = data[1] % 24;
    data += 2;
    size -= 2;
    _Alignas(16) unsigned char s[GAME_MAX_STATE], child[GAME_MAX_STATE];
    g->ops->start(g, s);
    Move moves[GAME_MAX_MOVES];
    for (int ply = 0; ply < walk && size > 0; ply++) {
        int n = g->ops->legal_moves(g, s, moves);
        if (n == 0)
            break;
        g->ops->play(g, s, moves[data[0] % n], child);
        memcpy(s, child, g->state_size);
        data++;
        size--;
    }
    char *text = fuzz_text(data, size);
    Err err;
    Move m;
    if (g->ops->parse_move(g, s, text, &m, &err) == 0) {
        int n = g->ops->legal_moves(g, s, moves), found = 0;
        for (int i = 0; i < n; i++)
            found |= moves[i] == m;
        if (!found)
            abort(); /* the parser accepted an illegal move */
        g->ops->play(g, s, m, child);
    }
    free(text);
    return 0;
}
