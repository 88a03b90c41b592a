/* cli.h - the subcommands of `yomi` (doc/cli.md) and what they share. */
#ifndef YOMI_CLI_H
#define YOMI_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "base/error.h"
#include "engine/game.h"
#include "base/i18n.h"

/* Exit statuses (doc/cli.md). */
enum { EXIT_OK = 0, EXIT_INTERNAL = 1, EXIT_USAGE = 2 };

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the command name */
    const char *synopsis;              /* one line for `yomi --help` */
    /* Full text for `yomi CMD --help`, translated when printed: a printf
     * format whose one %s (if any) is help_arg, so a value kept in a macro
     * (a default player, shared option lines) can sit in translatable text. */
    const char *help;
    const char *help_arg;
    /* Instead of help_arg, one written into buf when printed, already
     * translated: for help that lists the rows of a table (the algorithms). */
    void (*help_arg_write)(char *buf, size_t len);
    /* It takes a GAME with its variant options: the help ends with every
     * game's, as the games describe them. */
    bool game_options;
} CliCommand;

/* Print "yomi: MSG" on stderr and return EXIT_USAGE. */
int cli_fail(const char *fmt, ...) YOMI_PRINTF(1, 2);

/* True when argv holds -h/--help; prints the command's help. */
bool cli_wants_help(const CliCommand *cmd, int argc, char **argv);

/* Game variant options shared by every command that takes a GAME: those
 * any game has (--start, --rules, --eval, ...: games/registry.h); the game
 * itself says whether they apply to it.  cli_game_option() consumes one
 * such option (returns 1 when it did, 0 when `opt` is not one of them). */
#define CLI_MAX_GAME_OPTS 8
typedef struct {
    GameOption opts[CLI_MAX_GAME_OPTS];
    int n;
} CliGameOpts;
int cli_game_option(CliGameOpts *go, const char *opt, const char *value);

/* game_open() for the subcommands: also shows on stderr, once per run,
 * what the game has to say about how it opened (its evaluation file
 * missing, say), so that a benchmark, match, training or engine run on a
 * fallback never passes for the real thing. */
Game *cli_game_open(const char *id, const GameOption *opts, int nopts, Err *err);

/* Open the game (cli_game_open) and set `state` to --position or the
 * start.  Prints the error and returns NULL on failure. */
Game *cli_game_open_at(const char *id, const CliGameOpts *go, const char *position,
                       void *state);

/* --record FILE|TEXT (doc/cli.md): the game a record holds, read with the
 * command's GAME (NULL: the record's own) and game options as hints.
 * Prints "yomi: CMD: OPT: why" ("CMD: why" when OPT is NULL) and returns NULL when it cannot be read. */
struct Record;
struct Record *cli_record_load(const char *cmd, const char *opt, const char *id,
                               const CliGameOpts *go, const char *record);
/* For the commands that take a position: --record stands for its game
 * (*id), its variant options (go's become the record's, which include
 * go's) and the position after its last move (*position), as if they had
 * been typed.  Nothing to do without a record.  EXIT_OK, or EXIT_USAGE
 * with the line printed (a --position beside it is one such). */
int cli_record_resolve(const char *cmd, const char *record, const char **id, CliGameOpts *go,
                       const char **position);

/* For a command that runs long before it writes its file: EXIT_OK when
 * `path`, the value of option `opt`, can be written (atomic_file_check),
 * else one line naming it and EXIT_USAGE, before any of the work. */
int cli_check_output(const char *cmd, const char *opt, const char *path);

/* Parse a non-negative integer option value; -1 + message when bad. */
int cli_parse_int(const char *opt, const char *text, long lo, long hi, long *out);
void cli_sleep_ms(int ms);

extern const CliCommand cli_perft, cli_show;
extern const CliCommand cli_play, cli_explain; /* play.c, explain.c: linked with the UI */
extern const CliCommand cli_search, cli_compare, cli_solve, cli_grid, cli_match, cli_bench;
extern const CliCommand cli_analyse; /* src/cli/analyse.c */
extern const CliCommand cli_trace; /* src/cli/trace.c */
extern const CliCommand cli_build_db; /* src/cli/builddb.c */
extern const CliCommand cli_usi; /* src/cli/usi.c */
extern const CliCommand cli_train; /* src/cli/train.c */
extern const CliCommand cli_convert; /* src/cli/convert.c */
const CliCommand *const *cli_commands(void);

#endif
