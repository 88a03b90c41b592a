/* fuzz_record.c - the game record reader (src/records/): never crash, never
 * return half a game, every move legal, and what it reads it writes in the
 * same format and reads back the same. */
#include <stdlib.h>

#include "fuzz.h"
#include "records/records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The first byte says which game the reader is told, if any. */
    static const char *const hints[] = {NULL, "reversi-6x6", "gogo", "kalah-4x3"};
    if (size < 1)
        return 0;
    const RecordHint hint = {hints[data[0] % 4], NULL, 0};
    Err err = {{0}};
    Record *r = record_parse((const char *)data + 1, size - 1, "fuzz", &hint, &err);
    if (!r) {
        if (!err.msg[0])
            abort(); /* a refusal always says why */
        return 0;
    }
    for (int i = 0; i < r->nmoves; i++)
        if (!game_has_move(r->game, record_state(r, i), r->moves[i]))
            abort();
    const RecordGame g = record_game(r);
    size_t len;
    char *text = record_text(r->format, &g, &len, &err);
    if (!text)
        abort(); /* a format writes whatever it read */
    Record *back = record_parse(text, len, "fuzz-again", NULL, &err);
    if (!back || back->nmoves != r->nmoves ||
        memcmp(back->moves, r->moves, (size_t)r->nmoves * sizeof(Move)) != 0)
        abort(); /* yomi cannot read what it wrote */
    record_free(back);
    free(text);
    record_free(r);
    return 0;
}
