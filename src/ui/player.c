/* player.c - reading and writing player specs (cli.md "Players"). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/player.h"

static const char *const order_names[] = {"natural", "static", "best"};
static const char *const table_names[] = {"off", "on", "exact"};

static int parse_long(const char *key, const char *v, long lo, long hi, long *out, Err *err)
{
    char *end;
    errno = 0;
    long n = strtol(v, &end, 10);
    if (!*v || *end || errno || n < lo || n > hi)
        return err_set(err, "player: %s=%.20s is not a number in %ld..%ld", key, v, lo, hi);
    *out = n;
    return 0;
}

static int parse_name(const char *key, const char *v, const char *const *names, int n,
                      int *out, Err *err)
{
    for (int i = 0; i < n; i++) {
        if (strcmp(v, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    return err_set(err, "player: unknown %s '%.20s'", key, v);
}

static int parse_bool(const char *key, const char *v, bool *out, Err *err)
{
    if (strcmp(v, "on") == 0 || strcmp(v, "yes") == 0 || strcmp(v, "1") == 0)
        *out = true;
    else if (strcmp(v, "off") == 0 || strcmp(v, "no") == 0 || strcmp(v, "0") == 0)
        *out = false;
    else
        return err_set(err, "player: %s wants on or off, not '%.20s'", key, v);
    return 0;
}

static int parse_option(UiPlayer *p, char *kv, Err *err)
{
    char *eq = strchr(kv, '=');
    if (!eq)
        return err_set(err, "player: '%.30s' is not KEY=VALUE", kv);
    *eq = '\0';
    const char *k = kv, *v = eq + 1;
    long n;
    int i = 0;
    if (strcmp(k, "order") == 0) {
        if (parse_name(k, v, order_names, 3, &i, err))
            return -1;
        p->cfg.order = (MoveOrder)i;
    } else if (strcmp(k, "table") == 0) {
        if (parse_name(k, v, table_names, 3, &i, err))
            return -1;
        p->cfg.table = (TableMode)i;
    } else if (strcmp(k, "table-mb") == 0) {
        if (parse_long(k, v, 1, 4096, &n, err))
            return -1;
        p->cfg.table_mb = (int)n;
    } else if (strcmp(k, "time") == 0) {
        if (parse_long(k, v, 0, 3600000, &n, err))
            return -1;
        p->cfg.time_ms = (int)n;
    } else if (strcmp(k, "depth") == 0) {
        if (parse_long(k, v, 1, SEARCH_MAX_PLY - 1, &n, err))
            return -1;
        p->cfg.depth = (int)n;
    } else if (strcmp(k, "quiescence") == 0) {
        if (parse_bool(k, v, &p->cfg.quiescence, err))
            return -1;
    } else if (strcmp(k, "guess") == 0) {
        if (parse_long(k, v, -SCORE_INF, SCORE_INF, &n, err))
            return -1;
        p->cfg.has_guess = true;
        p->cfg.guess = (int)n;
    } else if (strcmp(k, "extra-turn") == 0) {
        if (strcmp(v, "full") == 0)
            p->cfg.extra_turn = EXTRA_TURN_FULL;
        else if (strcmp(v, "simplified") == 0)
            p->cfg.extra_turn = EXTRA_TURN_SIMPLIFIED;
        else
            return err_set(err, "player: extra-turn wants full or simplified");
    } else {
        return err_set(err, "player: unknown key '%.20s'", k);
    }
    return 0;
}

int ui_player_parse(const char *text, UiPlayer *p, Err *err)
{
    memset(p, 0, sizeof *p);
    search_config_default(&p->cfg);
    if (!text || !*text)
        return err_set(err, "player: empty (human, or ALGO:DEPTH like negascout:6)");
    if (strcmp(text, "human") == 0) {
        p->human = true;
        return 0;
    }
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return err_set(err, "player: spec too long");
    strcpy(buf, text);
    char *rest = strchr(buf, ',');
    if (rest)
        *rest++ = '\0';
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = '\0';
    if (algo_parse(buf, &p->cfg.algo, err) != 0)
        return -1;
    if (colon) {
        long n;
        if (strcmp(colon + 1, "solve") == 0)
            p->cfg.solve = true;
        else if (parse_long("depth", colon + 1, 1, SEARCH_MAX_PLY - 1, &n, err))
            return -1;
        else
            p->cfg.depth = (int)n;
    }
    while (rest && *rest) {
        char *next = strchr(rest, ',');
        if (next)
            *next++ = '\0';
        if (parse_option(p, rest, err) != 0)
            return -1;
        rest = next;
    }
    return 0;
}

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
