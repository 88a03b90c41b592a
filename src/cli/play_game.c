/* play_game.c - one whole game between two computer players, as the grid and
 * match commands play them. */
#include <stdlib.h>
#include <string.h>

#include "cli/searchcli.h"
#include "games/registry.h"

#define MAX_GAME_PLIES 2000

/* What the seed prints at the end of a game: the two stores (Kalah) or the
 * discs (reversi), as the game counts them; 0 and 0 for a game without. */
static void final_counts(const Game *g, const void *state, int counts[2])
{
    counts[0] = counts[1] = 0;
    if (g->ops->info && g->ops->info->counts)
        g->ops->info->counts(g, state, counts);
}

int cli_play_game(const Game *g, const void *start, const SearchConfig *cfg[2], GameRecord *rec)
{
    const Game *const games[2] = {g, g};
    return cli_play_game_between(games, start, cfg, rec);
}

int cli_play_game_between(const Game *const games[2], const void *start, const SearchConfig *cfg[2],
                          GameRecord *rec)
{
    const Game *g = games[0]; /* the rules; games[side] evaluates for that side */
    Err err = {{0}};
    memset(rec, 0, sizeof *rec);
    Search *s[2] = {search_new(games[0], cfg[0], &err), NULL};
    if (s[0])
        s[1] = search_new(games[1], cfg[1], &err);
    unsigned char *hist = malloc((size_t)(MAX_GAME_PLIES + 1) * GAME_MAX_STATE);
    const void **hist_ptr = malloc((MAX_GAME_PLIES + 1) * sizeof *hist_ptr);
    if (!s[0] || !s[1] || !hist || !hist_ptr) {
        search_free(s[0]);
        search_free(s[1]);
        free(hist);
        free(hist_ptr);
        return cli_fail("%s", err.msg[0] ? err.msg : "out of memory");
    }
    const size_t size = g->state_size;
    int n = 0;
    memcpy(hist, start, size);
    hist_ptr[0] = hist;
    Move legal[GAME_MAX_MOVES];
    SearchResult r;
    int rc = EXIT_OK;
    bool by_history = false; /* ended by a repetition rule: its value, not the board's */
    int history_value = 0;
    while (n < MAX_GAME_PLIES) {
        const unsigned char *cur = hist + (size_t)n * GAME_MAX_STATE;
        if (g->ops->legal_moves(g, cur, legal) == 0)
            break;
        if (g->ops->history_result && g->ops->history_result(g, hist_ptr, n + 1, &history_value)) {
            by_history = true;
            break;
        }
        const int side = g->ops->side_to_move(g, cur);
        search_set_history(s[side], hist_ptr, n);
        if (search_run(s[side], cur, &r, &err) != 0) {
            rc = cli_fail("%s", err.msg);
            break;
        }
        rec->leaves[side] += r.stats.leaves;
        rec->nodes[side] += r.stats.nodes;
        if (r.move == MOVE_NONE)
            break;
        /* The seed plays every move of the turn the search returned. */
        const Move *turn = r.turn_len ? r.turn : &r.move;
        const int len = r.turn_len ? r.turn_len : 1;
        for (int i = 0; i < len && n < MAX_GAME_PLIES; i++) {
            unsigned char *next = hist + (size_t)(n + 1) * GAME_MAX_STATE;
            g->ops->play(g, hist + (size_t)n * GAME_MAX_STATE, turn[i], next);
            n++;
            hist_ptr[n] = next;
        }
    }
    const unsigned char *end = hist + (size_t)n * GAME_MAX_STATE;
    memcpy(rec->final, end, size);
    rec->plies = n;
    int score = by_history                 ? history_value
                : g->ops->is_terminal(g, end) ? g->ops->final_score(g, end)
                                              : g->ops->evaluate(g, end);
    rec->final_score = g->ops->side_to_move(g, end) == 0 ? score : -score;
    final_counts(g, end, rec->stores);
    search_free(s[0]);
    search_free(s[1]);
    free(hist);
    free(hist_ptr);
    return rc;
}
