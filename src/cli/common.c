/* common.c - helpers every subcommand uses: errors, game options, numbers. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/cli.h"
#include "base/atomic_file.h"
#include "games/registry.h"
#include "records/records.h"

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("yomi: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, _(fmt), ap);
    va_end(ap);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

/* Each game's variant options, a line per game (wrapped at 79 columns):
 *   reversi  --start cross|parallel  --score discs|standard  ... */
static void print_game_options(void)
{
    const GameOps *const *games = game_families();
    int width = 0;
    for (int i = 0; games[i]; i++)
        if ((int)strlen(games[i]->family) > width)
            width = (int)strlen(games[i]->family);
    printf("\n%s\n", _("game variant options:"));
    for (int i = 0; games[i]; i++) {
        const GameInfo *info = games[i]->info;
        const int indent = printf("  %-*s  ", width, games[i]->family);
        int col = indent, shown = 0;
        for (int k = 0; info && k < info->nparams; k++) {
            if (info->params[k].size)
                continue;
            char syntax[200];
            game_param_syntax(&info->params[k], syntax, sizeof syntax);
            if (shown && col + 2 + (int)strlen(syntax) > 79) {
                printf("\n%*s", indent, "");
                col = indent;
            } else if (shown) {
                col += printf("  ");
            }
            col += printf("%s", syntax);
            shown++;
        }
        printf("%s\n", shown ? "" : _("no options"));
    }
}

bool cli_wants_help(const CliCommand *cmd, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            char written[4096];
            const char *arg = cmd->help_arg ? _(cmd->help_arg) : "";
            if (cmd->help_arg_write) {
                cmd->help_arg_write(written, sizeof written);
                arg = written;
            }
            /* The format is a constant of the command table; its
             * translations are checked against it by msgfmt (the msgid is
             * marked c-format), so the one non-literal format is safe. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
            printf(_(cmd->help), arg);
#pragma GCC diagnostic pop
            if (cmd->game_options)
                print_game_options();
            return true;
        }
    }
    return false;
}

/* The name of a variant option some game has, as that game spells it, or
 * NULL. */
static const char *game_option_key(const char *name)
{
    for (const GameOps *const *g = game_families(); *g; g++)
        for (int i = 0; (*g)->info && i < (*g)->info->nparams; i++) {
            const GameParam *p = &(*g)->info->params[i];
            if (!p->size && strcmp(name, p->key) == 0)
                return p->key;
        }
    return NULL;
}

int cli_game_option(CliGameOpts *go, const char *opt, const char *value)
{
    const char *key = strncmp(opt, "--", 2) == 0 ? game_option_key(opt + 2) : NULL;
    if (!key || go->n == CLI_MAX_GAME_OPTS)
        return 0;
    go->opts[go->n].key = key;
    go->opts[go->n].value = value;
    go->n++;
    return 1;
}

Game *cli_game_open(const char *id, const GameOption *opts, int nopts, Err *err)
{
    Game *g = game_open(id, opts, nopts, err);
    static bool eval_notice_shown; /* once per run, however many games open */
    const char *notice = g && g->ops->notice ? g->ops->notice(g) : NULL;
    if (notice && !eval_notice_shown) {
        fprintf(stderr, _("yomi: note: %s\n"), notice);
        eval_notice_shown = true;
    }
    return g;
}

Game *cli_game_open_at(const char *id, const CliGameOpts *go, const char *position,
                       void *state)
{
    Err err = {{0}};
    GameOption opts[CLI_MAX_GAME_OPTS + 1];
    int nopts = go ? go->n : 0;
    for (int i = 0; i < nopts; i++)
        opts[i] = go->opts[i];
    if (position && game_opens_with_position(id))
        opts[nopts++] = (GameOption){"position", position};
    Game *g = cli_game_open(id, opts, nopts, &err);
    if (!g) {
        cli_fail("%s", err.msg);
        return NULL;
    }
    if (position) {
        if (g->ops->parse_position(g, position, state, &err) != 0) {
            cli_fail("bad --position for %s: %s", g->name, err.msg);
            game_close(g);
            return NULL;
        }
    } else {
        g->ops->start(g, state);
    }
    return g;
}

struct Record *cli_record_load(const char *cmd, const char *opt, const char *id,
                               const CliGameOpts *go, const char *record)
{
    Err err = {{0}};
    const RecordHint hint = {id, go ? go->opts : NULL, go ? go->n : 0};
    Record *r = record_load(record, &hint, &err);
    if (!r && opt)
        cli_fail("%s: %s: %s", cmd, opt, err.msg);
    else if (!r)
        cli_fail("%s: %s", cmd, err.msg);
    return r;
}

int cli_record_resolve(const char *cmd, const char *record, const char **id, CliGameOpts *go,
                       const char **position)
{
    /* What the record stands for lives as long as the command. */
    static char rec_id[32], keys[CLI_MAX_GAME_OPTS][16], values[CLI_MAX_GAME_OPTS][64];
    static char rec_position[RECORD_POSITION_MAX];
    if (!record)
        return EXIT_OK;
    if (*position)
        return cli_fail("%s: --position and --record both say where to start: give one", cmd);
    Record *r = cli_record_load(cmd, "--record", *id, go, record);
    if (!r)
        return EXIT_USAGE;
    snprintf(rec_id, sizeof rec_id, "%s", r->id);
    go->n = 0;
    for (int i = 0; i < r->nopts && i < CLI_MAX_GAME_OPTS; i++) {
        snprintf(keys[i], sizeof keys[i], "%s", r->opts[i].key);
        snprintf(values[i], sizeof values[i], "%s", r->opts[i].value);
        go->opts[go->n++] = (GameOption){keys[i], values[i]};
    }
    r->game->ops->format_position(r->game, record_final(r), rec_position, sizeof rec_position);
    record_free(r);
    *id = rec_id;
    *position = rec_position;
    return EXIT_OK;
}

int cli_check_output(const char *cmd, const char *opt, const char *path)
{
    Err err = {{0}};
    if (!*path)
        return cli_fail("%s: %s needs a file name", cmd, opt);
    if (atomic_file_check(path, &err) != 0)
        return cli_fail("%s: %s: %s", cmd, opt, err.msg);
    return EXIT_OK;
}

int cli_parse_int(const char *opt, const char *text, long lo, long hi, long *out)
{
    if (!text || !*text) {
        cli_fail("%s needs a number", opt);
        return -1;
    }
    errno = 0;
    char *end;
    long v = strtol(text, &end, 10);
    if (*end != '\0' || errno == ERANGE) {
        cli_fail("%s: '%.40s' is not a number", opt, text);
        return -1;
    }
    if (v < lo || v > hi) {
        cli_fail("%s: %ld is out of range (%ld..%ld)", opt, v, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

void cli_sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}
