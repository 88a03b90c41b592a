/* searchcli.h - the pieces the searching subcommands share (searchopts.c,
 * play_game.c). */
#ifndef YOMI_SEARCHCLI_H
#define YOMI_SEARCHCLI_H

#include <stdio.h>

#include "cli/cli.h"
#include "engine/search.h"

enum { FORMAT_TEXT, FORMAT_TSV, FORMAT_JSON };

typedef struct {
    const char *game;
    const char *position;
    const char *record; /* --record FILE|TEXT: a game record to start after */
    const char *algos; /* --algos */
    CliGameOpts go;
    SearchConfig cfg;
    int format;
} CliSearchArgs;

void cli_search_args_init(CliSearchArgs *a);
/* Consume argv[*i] (and its value, advancing *i) when it is the game id or
 * a search, game or format option: 1.  Not one: 0.  Bad: -1, message
 * printed. */
int cli_search_arg(CliSearchArgs *a, const char *cmd, int argc, char **argv, int *i);
/* After the arguments: --record becomes the game, options and position it
 * stands for (cli_record_resolve).  EXIT_OK or EXIT_USAGE, said. */
int cli_search_args_record(CliSearchArgs *a, const char *cmd);
/* Parse "A,B,..." into algos; returns the count, or -1 with a message. */
int cli_parse_algos(const char *cmd, const char *list, Algo *algos, int max);

/* One result row: what was searched, and what came out. */
typedef struct {
    const Game *game;
    SearchConfig cfg;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    SearchResult result;
} CliRow;

/* Search `root` once with a fresh Search; EXIT_OK or an exit status. */
int cli_search_one(const Game *g, const void *root, const SearchConfig *cfg, CliRow *row);
/* The rows in doc/cli.md's fields; `list` prints several as a table/array
 * (text: a table kept to 80 columns unless `wide`, compare --wide). */
void cli_print_rows(FILE *out, int format, const CliRow *rows, int n, bool list, bool wide);
/* Open the game and position `a` names, search once, print one row. */
/* `before`, if not NULL, prints something about the root first (solve
 * --divide); its non-zero exit code ends the command. */
typedef int (*CliRootHook)(const Game *g, const void *root, const SearchConfig *cfg);
int cli_search_and_print(const CliSearchArgs *a, CliRootHook before);

/* play_game.c: play one game between two computer players from `start`;
 * `turns` is called after each turn (may be NULL). */
typedef struct {
    uint64_t leaves[2], nodes[2];
    int plies;
    int final_score;   /* the first player's view */
    int stores[2];     /* Kalah stores / reversi discs, for the grid */
    _Alignas(16) unsigned char final[GAME_MAX_STATE];
} GameRecord;
int cli_play_game(const Game *g, const void *start, const SearchConfig *cfg[2], GameRecord *rec);
/* The same with one Game per side (the same game, opened with different
 * options such as gogo's --eval): games[0] plays the rules and the first
 * player's search, games[1] the second's. */
int cli_play_game_between(const Game *const games[2], const void *start, const SearchConfig *cfg[2],
                          GameRecord *rec);

/* The configuration `yomi solve` and the solving benchmarks use: PVS, the
 * engine's order and table, to the end, with the game's own solver. */
void cli_solve_config(SearchConfig *cfg, int table_mb);

/* bench_ffo.c: `yomi bench ffo ...` (argv[0] is "ffo"). */
int cli_bench_ffo(int argc, char **argv);
/* yomi bench kalah: the Kalah solves too slow for the tests (bench_kalah.c). */
int cli_bench_kalah(int argc, char **argv);

#endif
