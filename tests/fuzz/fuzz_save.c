/* fuzz_save.c - the save-file reader (src/ui/session.c): never crash, never
 * load half a game, and what loads must save and load back the same. */
#include <stdlib.h>

#include "fuzz.h"
#include "ui/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Err err = {{0}};
    Session *s = session_parse((const char *)data, size, "fuzz", &err);
    if (!s) {
        if (!err.msg[0])
            abort(); /* a refusal always says why */
        return 0;
    }
    /* Every move kept must be legal where it stands. */
    for (int i = 0; i < s->top; i++) {
        Move moves[GAME_MAX_MOVES];
        const int n = s->game->ops->legal_moves(s->game, session_state(s, i), moves);
        int k = 0;
        while (k < n && moves[k] != s->moves[i])
            k++;
        if (k == n)
            abort();
    }
    size_t len = 0;
    char *text = session_text(s, &len);
    if (!text)
        abort();
    Session *back = session_parse(text, len, "fuzz-again", &err);
    if (!back || back->n != s->n || back->top != s->top)
        abort(); /* yomi cannot read what it wrote */
    session_free(back);
    free(text);
    session_free(s);
    return 0;
}
