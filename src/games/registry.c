/* registry.c - from the names users type to a Game, and the words and lists
 * every front end makes from the games' own descriptions (GameInfo).
 *
 * Adding a game:
 *   1. src/games/NAME/: its rules, notation and evaluation, exporting one
 *      GameOps whose .info (a GameInfo: names, size pattern, variant options,
 *      final counts, capabilities) says everything the front ends show;
 *   2. its line in families[] below (and its extern in registry.h);
 *   3. src/ui/view_NAME.c, a BoardView, and its line in src/ui/views.c;
 *   4. Makefile.am: its sources in libgames_a_SOURCES and libui_a_SOURCES,
 *      its tests; po/POTFILES.in: its files with marked strings; po/ja.po:
 *      their translations.
 * The New game and Compare forms, the command line's options, help and
 * error messages, and the UI's titles then know it.  Optional: a section in
 * assets/help.txt (the rules), cases in cli/bench.c (that changes the
 * benchmark's totals), a trainer in cli/train*. */
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "games/registry.h"

static const GameOps *const families[] = {&kalah_ops, &reversi_ops, &gogo_ops, &tree_ops, NULL};

const GameOps *const *game_families(void) { return families; }

const GameOps *game_family_default(void) { return &reversi_ops; }

/* Append to a list being built in buf ("a, b"). */
static void list_add(char *buf, size_t len, const char *sep, const char *item)
{
    const size_t used = strlen(buf);
    if (used < len)
        snprintf(buf + used, len - used, "%s%s", used ? sep : "", item);
}

static bool is_alias(const GameOps *ops, const char *id)
{
    const char *const *a = ops->info ? ops->info->aliases : NULL;
    for (; a && *a; a++)
        if (strcmp(id, *a) == 0)
            return true;
    return false;
}

/* "reversi-6x6" belongs to "reversi", "minishogi" to the game it is an alias
 * of; "gogo-7x7" to gogo too, whose open() then says what its ids are. */
const GameOps *game_family_of(const char *id)
{
    if (!id)
        return NULL;
    for (int i = 0; families[i]; i++)
        if (strcmp(id, families[i]->family) == 0 || is_alias(families[i], id))
            return families[i];
    for (int i = 0; families[i]; i++) {
        size_t n = strlen(families[i]->family);
        if (strncmp(id, families[i]->family, n) == 0 && id[n] == '-')
            return families[i];
    }
    return NULL;
}

bool game_opens_with_position(const char *id)
{
    const GameOps *ops = id ? game_family_of(id) : NULL;
    return ops && ops->info && ops->info->opens_with_position;
}

void game_ids_list(char *buf, size_t len, bool external_engines_only)
{
    if (len)
        buf[0] = '\0';
    for (int i = 0; families[i]; i++) {
        const GameInfo *info = families[i]->info;
        if (external_engines_only && !(info && info->external_engines))
            continue;
        list_add(buf, len, ", ", families[i]->family);
        if (info && info->size_pattern)
            list_add(buf, len, ", ", info->size_pattern);
    }
}

Game *game_open(const char *id, const GameOption *opts, int nopts, Err *err)
{
    char ids[160];
    game_ids_list(ids, sizeof ids, false);
    if (!id || !*id) {
        err_set(err, "no game given (one of: %s)", ids);
        return NULL;
    }
    const GameOps *ops = game_family_of(id);
    if (!ops) {
        err_set(err, "unknown game '%.60s' (one of: %s)", id, ids);
        return NULL;
    }
    return ops->open(id, opts, nopts, err);
}

/* A parameter's value as the id or the command line spells it. */
static void param_value(const GameParam *p, int value, char *buf, size_t len)
{
    if (p->kind == GAME_PARAM_CHOICE && value >= 0 && value < p->nchoices)
        snprintf(buf, len, "%s", p->choices[value]);
    else
        snprintf(buf, len, "%d", value);
}

void game_size_id(const GameOps *ops, const int *values, bool spelled_out, char *id,
                  size_t len)
{
    char size[32] = "";
    bool defaults = true;
    const GameInfo *info = ops->info;
    for (int i = 0, k = 0; info && i < info->nparams; i++) {
        const GameParam *p = &info->params[i];
        if (!p->size)
            continue;
        const int value = values ? values[k++] : p->def;
        char v[16];
        param_value(p, value, v, sizeof v);
        list_add(size, sizeof size, "x", v);
        defaults &= value == p->def;
    }
    if (!size[0] || (defaults && !spelled_out))
        snprintf(id, len, "%s", ops->family);
    else
        snprintf(id, len, "%s-%s", ops->family, size);
}

void game_display_name(const Game *g, char *buf, size_t len)
{
    const GameOps *ops = g->ops;
    const size_t n = strlen(ops->family);
    if (!ops->info || strncmp(g->name, ops->family, n) != 0) {
        snprintf(buf, len, "%s", g->name);
        return;
    }
    /* "reversi-6x6" shows as "Reversi 6x6": the name, then the size. */
    const char *name = _(ops->info->name);
    snprintf(buf, len, "%s%s", name, g->name + n);
    for (size_t i = strlen(name), end = strlen(buf); i < end; i++)
        if (buf[i] == '-')
            buf[i] = ' ';
}

/* "standard, seed", "tuned, simple, FILE"; "" for a number. */
static void choice_list(const GameParam *p, char *buf, size_t len)
{
    buf[0] = '\0';
    for (int i = 0; p->kind == GAME_PARAM_CHOICE && i < p->nchoices; i++)
        list_add(buf, len, ", ", p->choices[i]);
    if (p->other)
        list_add(buf, len, ", ", p->other);
}

static int value_missing(const GameParam *p, Err *err)
{
    char list[160];
    choice_list(p, list, sizeof list);
    if (!list[0])
        return err_set(err, "--%s needs a value", p->key);
    return err_set(err, "--%s needs a value (one of %s)", p->key, list);
}

const GameParam *game_param_for(const GameOps *ops, const GameOption *o, Err *err)
{
    if (!o->key)
        return err_set(err, "%s: an option without a name", ops->family), NULL;
    char keys[160] = "";
    for (int i = 0; ops->info && i < ops->info->nparams; i++) {
        const GameParam *p = &ops->info->params[i];
        if (p->size)
            continue;
        if (strcmp(o->key, p->key) == 0 && !o->value)
            return value_missing(p, err), NULL;
        if (strcmp(o->key, p->key) == 0)
            return p;
        char key[40];
        snprintf(key, sizeof key, "--%s", p->key);
        list_add(keys, sizeof keys, ", ", key);
    }
    if (!keys[0])
        return err_set(err, "--%.30s does not apply to %s (it has no options)", o->key,
                       ops->family), NULL;
    return err_set(err, "--%.30s does not apply to %s (its options: %s)", o->key, ops->family,
                   keys), NULL;
}

int game_param_choice(const GameParam *p, const char *value, Err *err)
{
    for (int i = 0; i < p->nchoices; i++)
        if (strcmp(value, p->choices[i]) == 0)
            return i;
    char list[160];
    choice_list(p, list, sizeof list);
    return err_set(err, "--%s: '%.30s' is not one of %s", p->key, value, list);
}

void game_param_syntax(const GameParam *p, char *buf, size_t len)
{
    char values[160] = "";
    if (p->kind == GAME_PARAM_RANGE)
        snprintf(values, sizeof values, "%d..%d", p->lo, p->hi);
    for (int i = 0; p->kind == GAME_PARAM_CHOICE && i < p->nchoices; i++)
        list_add(values, sizeof values, "|", p->choices[i]);
    if (p->other)
        list_add(values, sizeof values, "|", p->other);
    snprintf(buf, len, "--%s %s", p->key, values);
}
