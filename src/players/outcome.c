/* outcome.c - how a game ended (outcome.h). */
#include <stdint.h>
#include <string.h>

#include "base/i18n.h"
#include "players/outcome.h"

static bool same_position(const Game *g, const void *a, const void *b)
{
    uint8_t ka[GAME_MAX_KEY], kb[GAME_MAX_KEY];
    const int na = g->ops->exact_key(g, a, ka), nb = g->ops->exact_key(g, b, kb);
    return na == nb && memcmp(ka, kb, (size_t)na) == 0;
}

/// A repetition is perpetual check when the side it goes against gave
/// check with every one of its moves since the position first stood: each
/// position that followed one of its moves has the other side in check.
/// The rules that say so (gogo's) live in the game; this only names what
/// happened, for the summary, from what any game with in_check tells.
static bool perpetual_check(const Game *g, const void *const *states, int n, int loser)
{
    if (!g->ops->in_check || loser < 0)
        return false;
    int first = n - 1;
    for (int i = n - 2; i >= 0; i--)
        if (same_position(g, states[i], states[n - 1]))
            first = i;
    bool checked = false;
    for (int i = first + 1; i < n; i++) {
        if (game_side(g, states[i]) == loser)
            continue; /* the loser to move: the winner just moved */
        if (!g->ops->in_check(g, states[i]))
            return false;
        checked = true;
    }
    return checked;
}

GameEnd game_end(const Game *g, const void *const *states, int n, int *value)
{
    const void *now = states[n - 1];
    const int side = game_side(g, now);
    int v;
    if (g->ops->history_result && g->ops->history_result(g, states, n, &v)) {
        *value = side == 0 ? v : -v;
        const int loser = *value < 0 ? 0 : *value > 0 ? 1 : -1;
        return perpetual_check(g, states, n, loser) ? GAME_END_PERPETUAL_CHECK : GAME_END_REPETITION;
    }
    Move moves[GAME_MAX_MOVES];
    if (g->ops->legal_moves(g, now, moves) != 0)
        return GAME_GOES_ON;
    v = g->ops->final_score(g, now);
    *value = side == 0 ? v : -v;
    return g->ops->in_check && g->ops->in_check(g, now) ? GAME_END_CHECKMATE : GAME_END_NO_MOVES;
}

const char *game_end_name(GameEnd e)
{
    switch (e) {
    case GAME_END_NO_MOVES: return N_("no moves left");
    case GAME_END_CHECKMATE: return N_("checkmate");
    case GAME_END_REPETITION: return N_("repetition");
    case GAME_END_PERPETUAL_CHECK: return N_("perpetual check");
    default: return "";
    }
}
