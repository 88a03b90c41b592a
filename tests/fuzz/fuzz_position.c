/* fuzz_position.c - every game's position parser: never crash, and what
 * parses must format and parse back to the same state. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const Game *g = fuzz_game(data[0]);
    char *text = fuzz_text(data + 1, size - 1);
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    Err err;
    if (g->ops->parse_position(g, text, a, &err) == 0) {
        char buf[1024], board[4096];
        g->ops->format_position(g, a, buf, sizeof buf);
        if (g->ops->parse_position(g, buf, b, &err) != 0)
            abort(); /* yomi cannot read what it wrote */
        if (g->ops->hash(g, a) != g->ops->hash(g, b))
            abort();
        uint8_t ka[GAME_MAX_KEY], kb[GAME_MAX_KEY];
        int la = g->ops->exact_key(g, a, ka), lb = g->ops->exact_key(g, b, kb);
        if (la != lb || memcmp(ka, kb, (size_t)la) != 0)
            abort();
        g->ops->render_text(g, a, board, sizeof board);
        Move moves[GAME_MAX_MOVES];
        int n = g->ops->legal_moves(g, a, moves);
        if (n < 0 || n > g->max_moves)
            abort();
        if (n == 0 && !g->ops->is_terminal(g, a))
            abort();
        for (int i = 0; i < n; i++) {
            g->ops->format_move(g, a, moves[i], buf, sizeof buf);
            Move back;
            if (g->ops->parse_move(g, a, buf, &back, &err) != 0 || back != moves[i])
                abort(); /* every legal move reads back as itself */
            g->ops->play(g, a, moves[i], b);
        }
    }
    free(text);
    return 0;
}
