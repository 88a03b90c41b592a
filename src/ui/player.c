/* player.c - players described for the panels.  Reading and writing specs
 * is the engine's (player_parse, player_format). */
#include <stdio.h>

#include "ui/player.h"

void ui_player_describe(const UiPlayer *p, char *buf, size_t len)
{
    if (p->human) {
        snprintf(buf, len, "Human");
        return;
    }
    const SearchConfig *c = &p->cfg;
    char lim[24];
    if (c->solve)
        snprintf(lim, sizeof lim, "solve");
    else if (c->time_ms)
        snprintf(lim, sizeof lim, "%.1fs", c->time_ms / 1000.0);
    else
        snprintf(lim, sizeof lim, "d%d", c->depth);
    snprintf(buf, len, "%s %s%s", algo_name(c->algo), lim, c->table == TABLE_OFF ? "" : " +table");
}
