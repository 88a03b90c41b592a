/* player.c - player specs (doc/cli.md "Players"): human, yomi's own
 * search with its options, or an external engine's spec. */
#include <stdio.h>
#include <string.h>

#include "engine/algorithm.h"
#include "players/agent.h"
#include "players/player.h"

int player_parse(const char *spec, Player *p, Err *err)
{
    memset(p, 0, sizeof *p);
    search_config_default(&p->cfg);
    if (!spec || !*spec)
        return err_set(err, "empty player (human, or ALGO:DEPTH[,KEY=VALUE...])");
    if (strcmp(spec, "human") == 0) {
        p->human = true;
        return 0;
    }
    if (agent_spec_is_external(spec)) {
        if (strlen(spec) >= sizeof p->external)
            return err_set(err, "player '%.40s...' is too long", spec);
        if (agent_spec_check(spec, err) != 0)
            return -1;
        strcpy(p->external, spec);
        return 0;
    }
    char buf[256];
    if (strlen(spec) >= sizeof buf)
        return err_set(err, "player '%.40s...' is too long", spec);
    strcpy(buf, spec);
    char *colon = strchr(buf, ':');
    if (!colon)
        return err_set(err, "player '%.60s': expected human or ALGO:DEPTH[,KEY=VALUE...]", spec);
    *colon = '\0';
    if (search_config_set(&p->cfg, "algo", buf, err) != 1)
        return -1;
    char *rest = colon + 1, *comma = strchr(rest, ',');
    if (comma)
        *comma = '\0';
    if (search_config_set(&p->cfg, "depth", rest, err) != 1)
        return -1;
    while (comma) {
        char *item = comma + 1;
        comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq)
            return err_set(err, "player '%.60s': '%.40s' is not KEY=VALUE", spec, item);
        *eq = '\0';
        Err sub = {{0}};
        const int r = search_config_set(&p->cfg, item, eq + 1, &sub);
        if (r == 0)
            return err_set(err, "player '%.60s': unknown key '%.30s'", spec, item);
        if (r < 0)
            return err_set(err, "player '%.60s': %s", spec, sub.msg);
    }
    /* pns:6 is pns:solve, as the engine takes it: say so where it shows. */
    if (algorithm(p->cfg.algo)->flags & ALGO_SOLVE_ONLY)
        p->cfg.solve = true;
    return 0;
}

void player_format(const Player *p, char *buf, size_t len)
{
    if (p->human || p->external[0]) {
        snprintf(buf, len, "%s", p->human ? "human" : p->external);
        return;
    }
    const SearchConfig *c = &p->cfg;
    int n = c->solve ? snprintf(buf, len, "%s:solve", algo_name(c->algo))
                     : snprintf(buf, len, "%s:%d", algo_name(c->algo), c->depth);
    if (n > 0 && (size_t)n < len)
        search_config_format(c, buf + n, len - (size_t)n);
}
