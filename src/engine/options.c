/* options.c - one search option by its command-line name (doc/cli.md
 * "Search options"): the CLI, player specs and USI all set options here. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/search.h"

static int parse_long(const char *key, const char *text, long lo, long hi, long *out, Err *err)
{
    if (!text || !*text)
        return err_set(err, "%s needs a number", key);
    errno = 0;
    char *end;
    const long v = strtol(text, &end, 10);
    if (*end != '\0' || errno == ERANGE)
        return err_set(err, "%s: '%.40s' is not a number", key, text);
    if (v < lo || v > hi)
        return err_set(err, "%s: %ld is out of range (%ld..%ld)", key, v, lo, hi);
    *out = v;
    return 0;
}

/* A decimal number (the exploration constant) within lo..hi. */
static int parse_double(const char *key, const char *text, double lo, double hi, double *out,
                        Err *err)
{
    if (!text || !*text)
        return err_set(err, "%s needs a number", key);
    errno = 0;
    char *end;
    const double v = strtod(text, &end);
    if (*end != '\0' || errno == ERANGE || v != v)
        return err_set(err, "%s: '%.40s' is not a number", key, text);
    if (v < lo || v > hi)
        return err_set(err, "%s: %.40s is out of range (%g..%g)", key, text, lo, hi);
    *out = v;
    return 0;
}

/* `value` must be one of `names` (NULL-terminated); its index in *out. */
static int parse_choice(const char *key, const char *value, const char *const *names, int *out,
                        Err *err)
{
    char list[160] = "";
    for (int i = 0; names[i]; i++) {
        if (value && strcmp(value, names[i]) == 0) {
            *out = i;
            return 0;
        }
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", i ? ", " : "", names[i]);
    }
    return err_set(err, "%s: '%.40s' is not one of %s", key, value ? value : "", list);
}

/* The yomi algorithm's switches, by option name. */
static const struct {
    const char *key;
    unsigned bit;
} features[] = {
    {"aspiration", YOMI_ASPIRATION},           {"null-move", YOMI_NULL_MOVE},
    {"lmr", YOMI_LMR},                         {"check-extension", YOMI_CHECK_EXTENSION},
    {"probcut", YOMI_PROBCUT},                 {"futility", YOMI_FUTILITY},
    {"exchange", YOMI_EXCHANGE},               {"mate-probe", YOMI_MATE_PROBE},
    {"iir", YOMI_IIR},                         {"singular", YOMI_SINGULAR},
    {"see-pruning", YOMI_SEE_PRUNING},         {"lmr-history", YOMI_LMR_HISTORY},
};
#define NFEATURES (sizeof features / sizeof features[0])

int search_config_set(SearchConfig *cfg, const char *key, const char *value, Err *err)
{
    static const char *const orders[] = {"natural", "static", "best", NULL};
    static const char *const tables[] = {"off", "on", "exact", NULL};
    static const char *const turns[] = {"full", "simplified", NULL};
    static const char *const onoff[] = {"off", "on", NULL};
    long v;
    int i;
    if (!value) {
        /* Only a known key needs a value: every known one refuses "". */
        SearchConfig scratch = *cfg;
        Err ignored;
        if (search_config_set(&scratch, key, "", &ignored) == 0)
            return 0;
        return err_set(err, "%s needs a value", key);
    }
    if (strcmp(key, "algo") == 0) {
        Algo a;
        if (algo_parse(value, &a, err) != 0)
            return -1;
        cfg->algo = a;
    } else if (strcmp(key, "depth") == 0) {
        if (value && strcmp(value, "solve") == 0) {
            cfg->solve = true;
            return 1;
        }
        if (parse_long(key, value, 0, 200, &v, err) != 0)
            return -1;
        cfg->depth = (int)v;
        cfg->solve = false;
    } else if (strcmp(key, "solve") == 0) {
        if (parse_choice(key, value, onoff, &i, err) != 0)
            return -1;
        cfg->solve = i == 1;
    } else if (strcmp(key, "order") == 0) {
        if (parse_choice(key, value, orders, &i, err) != 0)
            return -1;
        cfg->order = (MoveOrder)i;
    } else if (strcmp(key, "table") == 0) {
        if (parse_choice(key, value, tables, &i, err) != 0)
            return -1;
        cfg->table = (TableMode)i;
    } else if (strcmp(key, "table-mb") == 0) {
        if (parse_long(key, value, 1, 65536, &v, err) != 0)
            return -1;
        cfg->table_mb = (int)v;
    } else if (strcmp(key, "guess") == 0) {
        if (parse_long(key, value, -SCORE_WIN, SCORE_WIN, &v, err) != 0)
            return -1;
        cfg->guess = (int)v;
        cfg->has_guess = true;
    } else if (strcmp(key, "time") == 0) {
        if (parse_long(key, value, 1, 86400000L, &v, err) != 0)
            return -1;
        cfg->time_ms = (int)v;
    } else if (strcmp(key, "nodes") == 0) {
        if (parse_long(key, value, 1, 2000000000000L, &v, err) != 0)
            return -1;
        cfg->node_limit = (uint64_t)v;
    } else if (strcmp(key, "extra-turn") == 0) {
        if (parse_choice(key, value, turns, &i, err) != 0)
            return -1;
        cfg->extra_turn = (ExtraTurnMode)i;
    } else if (strcmp(key, "endgame") == 0) {
        if (value && strcmp(value, "all") == 0) {
            cfg->endgame = SEARCH_ENDGAME_ALL;
            return 1;
        }
        if (value && strcmp(value, "auto") == 0) {
            cfg->endgame = SEARCH_ENDGAME_AUTO;
            return 1;
        }
        if (parse_long(key, value, 0, SEARCH_ENDGAME_ALL, &v, err) != 0)
            return -1;
        cfg->endgame = (int)v;
    } else if (strcmp(key, "iterations") == 0) {
        if (parse_long(key, value, 1, MCTS_MAX_ITERATIONS, &v, err) != 0)
            return -1;
        cfg->iterations = (int)v;
    } else if (strcmp(key, "exploration") == 0) {
        double x = 0;
        if (parse_double(key, value, 0, 100, &x, err) != 0)
            return -1;
        cfg->exploration = x;
    } else if (strcmp(key, "seed") == 0) {
        if (parse_long(key, value, 0, 9000000000000000000L, &v, err) != 0)
            return -1;
        cfg->seed = (uint64_t)v;
    } else if (strcmp(key, "threads") == 0) {
        if (strcmp(value, "all") == 0) {
            cfg->threads = SEARCH_THREADS_ALL;
            return 1;
        }
        if (parse_long(key, value, 1, SEARCH_MAX_THREADS, &v, err) != 0)
            return -1;
        cfg->threads = (int)v;
    } else if (strcmp(key, "quiescence") == 0) {
        if (parse_choice(key, value, onoff, &i, err) != 0)
            return -1;
        cfg->quiescence = i == 1;
    } else {
        for (size_t f = 0; f < NFEATURES; f++) {
            if (strcmp(key, features[f].key) == 0) {
                if (parse_choice(key, value, onoff, &i, err) != 0)
                    return -1;
                cfg->features = i ? cfg->features | features[f].bit : cfg->features & ~features[f].bit;
                return 1;
            }
        }
        return 0;
    }
    return 1;
}

void search_config_format(const SearchConfig *c, char *buf, size_t len)
{
    static const char *const orders[] = {"natural", "static", "best"};
    static const char *const tables[] = {"off", "on", "exact"};
    SearchConfig d;
    search_config_default(&d);
    size_t n = 0;
    if (len)
        buf[0] = '\0';
#define ADD(...) (n += (size_t)snprintf(buf + (n < len ? n : len), n < len ? len - n : 0, __VA_ARGS__))
    if (c->order != d.order)
        ADD(",order=%s", orders[c->order]);
    if (c->table != d.table)
        ADD(",table=%s", tables[c->table]);
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
    if (c->endgame >= SEARCH_ENDGAME_ALL)
        ADD(",endgame=all");
    else if (c->endgame != d.endgame)
        ADD(",endgame=%d", c->endgame);
    if (c->extra_turn != d.extra_turn)
        ADD(",extra-turn=%s", c->extra_turn == EXTRA_TURN_FULL ? "full" : "simplified");
    if (c->iterations)
        ADD(",iterations=%d", c->iterations);
    if (c->exploration != d.exploration)
        ADD(",exploration=%.10g", c->exploration);
    if (c->seed != d.seed)
        ADD(",seed=%llu", (unsigned long long)c->seed);
    if (c->threads == SEARCH_THREADS_ALL)
        ADD(",threads=all");
    else if (c->threads != d.threads)
        ADD(",threads=%d", c->threads);
    for (size_t f = 0; f < NFEATURES; f++)
        if ((c->features ^ d.features) & features[f].bit)
            ADD(",%s=%s", features[f].key, c->features & features[f].bit ? "on" : "off");
#undef ADD
}
