/* player.c - players written back as specs (complete: the save files
 * need every key, time per move included, which the engine's player_format
 * leaves out) and described for the panels.  Reading specs is the engine's
 * player_parse. */
#include <stdio.h>

#include "ui/player.h"

static const char *const order_names[] = {"natural", "static", "best"};
static const char *const table_names[] = {"off", "on", "exact"};

void ui_player_format(const UiPlayer *p, char *buf, size_t len)
{
    if (p->human) {
        snprintf(buf, len, "human");
        return;
    }
    SearchConfig d;
    search_config_default(&d);
    const SearchConfig *c = &p->cfg;
    size_t n = 0;
#define ADD(...) (n += (size_t)snprintf(buf + (n < len ? n : len), n < len ? len - n : 0, __VA_ARGS__))
    if (c->solve)
        ADD("%s:solve", algo_name(c->algo));
    else
        ADD("%s:%d", algo_name(c->algo), c->depth);
    if (c->order != d.order)
        ADD(",order=%s", order_names[c->order]);
    if (c->table != d.table)
        ADD(",table=%s", table_names[c->table]);
    if (c->table_mb != d.table_mb)
        ADD(",table-mb=%d", c->table_mb);
    if (c->time_ms)
        ADD(",time=%d", c->time_ms);
    if (c->node_limit)
        ADD(",nodes=%llu", (unsigned long long)c->node_limit);
    if (c->quiescence != d.quiescence)
        ADD(",quiescence=%s", c->quiescence ? "on" : "off");
    if (c->has_guess)
        ADD(",guess=%d", c->guess);
    if (c->extra_turn != d.extra_turn)
        ADD(",extra-turn=%s", c->extra_turn == EXTRA_TURN_FULL ? "full" : "simplified");
#undef ADD
}

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
