/* player_label.c - players described for the panels.  Reading and writing specs
 * is the engine's (player_parse, player_format). */
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "players/player.h"
#include "ui/player_label.h"

const char *ui_player_algorithm(const UiPlayer *p)
{
    if (!p->external[0])
        return algo_name(p->cfg.algo);
    return strncmp(p->external, "xshogi:", 7) == 0 ? "xshogi" : "usi";
}

/* An external engine's protocol and program name. */
static void engine_name(const UiPlayer *p, char *buf, size_t len)
{
    /* "usi:/usr/games/fairy-stockfish,Hash=64" -> "usi fairy-stockfish" */
    const char *colon = strchr(p->external, ':');
    const char *cmd = colon + 1, *end = cmd + strcspn(cmd, " ,");
    const char *base = cmd;
    for (const char *c = cmd; c < end; c++)
        if (*c == '/')
            base = c + 1;
    snprintf(buf, len, "%.*s %.*s", (int)(colon - p->external), p->external, (int)(end - base), base);
}

void ui_player_describe(const UiPlayer *p, char *buf, size_t len)
{
    if (p->human) {
        snprintf(buf, len, "%s", _("Human"));
        return;
    }
    if (p->external[0]) {
        engine_name(p, buf, len);
        return;
    }
    if (p->level) {
        snprintf(buf, len, _("Level %d"), p->level);
        return;
    }
    const SearchConfig *c = &p->cfg;
    char lim[24];
    if (algorithm(c->algo)->flags & ALGO_SAMPLING) { /* mcts: no depth, no table */
        if (c->time_ms && !c->iterations)
            snprintf(buf, len, "%s %.1fs", algo_name(c->algo), c->time_ms / 1000.0);
        else
            snprintf(buf, len, "%s n=%d", algo_name(c->algo),
                     c->iterations ? c->iterations : MCTS_DEFAULT_ITERATIONS);
        return;
    }
    if (c->solve)
        snprintf(lim, sizeof lim, "solve");
    else if (c->time_ms)
        snprintf(lim, sizeof lim, "%.1fs", c->time_ms / 1000.0);
    else
        snprintf(lim, sizeof lim, "d%d", c->depth);
    snprintf(buf, len, "%s %s%s", algo_name(c->algo), lim, c->table == TABLE_OFF ? "" : " +table");
}
