/* fuzz_player.c - player specs (src/players/player.c, agent.c): never a
 * crash, and a spec that parses formats to one that parses to the same. */
#include "players/agent.h"
#include "engine/search.h"
#include "fuzz.h"
#include "players/player.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    Err err = {{0}};
    Player p, q;
    if (player_parse(text, &p, &err) == 0) {
        char once[512], twice[512];
        player_format(&p, once, sizeof once);
        if (player_parse(once, &q, &err) != 0)
            abort(); /* what yomi writes it must read (save files) */
        player_format(&q, twice, sizeof twice);
        if (strcmp(once, twice) != 0)
            abort();
        if (!p.human && agent_spec_check(text, &err) != 0)
            abort(); /* every computer player is also a match player */
    } else if (!err.msg[0]) {
        abort();
    }
    (void)agent_spec_check(text, &err);
    free(text);
    return 0;
}
