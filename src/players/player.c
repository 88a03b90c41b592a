/* player.c - player specs (doc/cli.md "Players"): human, yomi's own
 * search with its options, a strength level, or an external engine's
 * spec. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "engine/algorithm.h"
#include "players/agent.h"
#include "players/level.h"
#include "players/player.h"

/* `level:N`, N alone: a level stands for a whole spec (level.c), so
 * options after it would make a player no level names.  The game is not
 * known yet: player_fit_game() checks N against the game's own count. */
static int parse_level(const char *spec, Player *p, Err *err)
{
    const char *n = spec + strlen("level:");
    const size_t len = strspn(n, "0123456789");
    const int level = len >= 1 && len <= 2 && !n[len] && n[0] != '0' ? atoi(n) : 0;
    if (level_check(NULL, spec, level, err) != 0)
        return -1;
    p->level = level;
    /* the generic row's search until the game is named; a level beyond
     * that row keeps the defaults, which nothing plays */
    Err ignored = {{0}};
    if (level <= level_count(NULL))
        player_fit_game(p, NULL, &ignored);
    return 0;
}

/* random=P: a whole percentage. */
static int parse_random(const char *spec, const char *value, Player *p, Err *err)
{
    char *end;
    const long v = strtol(value, &end, 10);
    if (!*value || *end || v < 0 || v > 100)
        return err_set(err, "player '%.60s': random=%.20s is not a percentage from 0 to 100",
                       spec, value);
    p->random_pct = (int)v;
    return 0;
}

int player_parse(const char *spec, Player *p, Err *err)
{
    memset(p, 0, sizeof *p);
    search_config_default(&p->cfg);
    if (!spec || !*spec)
        return err_set(err, "empty player (human, level:N, or ALGO:DEPTH[,KEY=VALUE...])");
    if (strcmp(spec, "human") == 0) {
        p->human = true;
        return 0;
    }
    if (strncmp(spec, "level:", 6) == 0)
        return parse_level(spec, p, err);
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
        return err_set(err, "player '%.60s': expected human, level:N or ALGO:DEPTH[,KEY=VALUE...]",
                       spec);
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
        if (strcmp(item, "random") == 0) {
            if (parse_random(spec, eq + 1, p, err) != 0)
                return -1;
            continue;
        }
        if (strcmp(item, "threads") == 0)
            p->own_threads = true;
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

int player_fit_game(Player *p, const char *family, Err *err)
{
    if (!p->level)
        return 0;
    char spec[24];
    snprintf(spec, sizeof spec, "level:%d", p->level);
    const char *row_spec = level_spec(family, p->level);
    if (!row_spec) /* family NULL: the generic row, its own count */
        return family ? level_check(family, spec, p->level, err)
                      : err_set(err, "player '%.60s': a level is level:N, N from %d to %d", spec,
                                LEVEL_MIN, level_count(NULL));
    Player row;
    /* The table's specs parse (tests/unit/test_level.c reads every one). */
    if (player_parse(row_spec, &row, err) != 0)
        return -1;
    p->cfg = row.cfg;
    p->random_pct = row.random_pct;
    return 0;
}

void player_format(const Player *p, char *buf, size_t len)
{
    if (p->level) {
        snprintf(buf, len, "level:%d", p->level);
        return;
    }
    if (p->human || p->external[0]) {
        snprintf(buf, len, "%s", p->human ? "human" : p->external);
        return;
    }
    const SearchConfig *c = &p->cfg;
    int n = c->solve ? snprintf(buf, len, "%s:solve", algo_name(c->algo))
                     : snprintf(buf, len, "%s:%d", algo_name(c->algo), c->depth);
    if (n > 0 && (size_t)n < len)
        search_config_format(c, buf + n, len - (size_t)n);
    n = (int)strlen(buf);
    if (p->own_threads && c->threads == 1 && (size_t)n < len) /* the default, but asked for */
        n += snprintf(buf + n, len - (size_t)n, ",threads=1");
    if (p->random_pct && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ",random=%d", p->random_pct);
}

/// A random move on random_pct of the turns: one draw decides, a second
/// picks among the legal moves, so a seed replays a game exactly.  (The
/// modulo's bias over at most a few hundred moves is far below notice.)
bool player_random_turn(int random_pct, uint64_t *rng, const Game *g, const void *state, Move *m)
{
    if (random_pct <= 0 || rng_next(rng) % 100 >= (uint64_t)random_pct)
        return false;
    Move legal[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, state, legal);
    if (n == 0)
        return false;
    *m = legal[rng_next(rng) % (uint64_t)n];
    return true;
}
