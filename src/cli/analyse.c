/* analyse.c - `yomi analyse GAME [--position POS] [--moves M1,M2,...]
 * [SEARCH OPTIONS] [--format text|tsv]`: every position of a game searched
 * again, one line per move (players/analysis.h does the work; the UI's
 * Analyse screen shows the same). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "players/analysis.h"
#include "players/outcome.h"
#include "records/records.h"

/* Longest --moves list read (characters). */
#define MOVES_TEXT_MAX 65536

/* The moves of `text` ("d3,c5,..." or separated by spaces), each parsed in
 * the position the ones before it reach; their count, or -1 + message. */
static int parse_moves(const Game *g, const void *start, const char *text, Move *moves, int max)
{
    if (strlen(text) >= MOVES_TEXT_MAX)
        return cli_fail("analyse: --moves is longer than %d characters", MOVES_TEXT_MAX - 1), -1;
    char *buf = strdup(text);
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    if (!buf)
        return cli_fail("analyse: out of memory"), -1;
    memcpy(a, start, g->state_size);
    int n = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ", \t\n", &save); tok; tok = strtok_r(NULL, ", \t\n", &save)) {
        Err err = {{0}};
        if (n == max) {
            cli_fail("analyse: --moves: more than %d moves", max);
            n = -1;
            break;
        }
        if (g->ops->parse_move(g, a, tok, &moves[n], &err) != 0) {
            cli_fail("analyse: --moves: move %d '%.20s': %s", n + 1, tok, err.msg);
            n = -1;
            break;
        }
        g->ops->play(g, a, moves[n], b);
        memcpy(a, b, g->state_size);
        n++;
    }
    free(buf);
    return n;
}

/* ---- output -------------------------------------------------------------- */

static const char *const side_names[2] = {"first", "second"};

static void value_text(int v, bool sign, char *buf, size_t len)
{
    snprintf(buf, len, sign && v > 0 ? "+%d" : "%d", v);
}

/* One move's fields, in the order of the header. */
enum { NFIELDS = 9 };
static const char *const fields[NFIELDS] = {"ply", "side", "move", "value", "best",
                                            "best_value", "loss", "class", "depth"};

static void move_fields(const Game *g, const Analysis *a, int i, bool sign, char vals[NFIELDS][40])
{
    const AnalysisMove *m = analysis_move(a, i);
    const AnalysisPosition *p = analysis_position(a, i);
    const void *before = analysis_state(a, i);
    snprintf(vals[0], 40, "%d", i + 1);
    snprintf(vals[1], 40, "%s", side_names[m->side]);
    g->ops->format_move(g, before, m->played, vals[2], 40);
    value_text(m->value, sign, vals[3], 40);
    if (p->best == MOVE_NONE)
        snprintf(vals[4], 40, "-");
    else
        g->ops->format_move(g, before, p->best, vals[4], 40);
    value_text(p->value, sign, vals[5], 40);
    snprintf(vals[6], 40, "%d", m->loss);
    snprintf(vals[7], 40, "%s", analysis_class_name(m->cls));
    if (p->exact)
        snprintf(vals[8], 40, "exact");
    else
        snprintf(vals[8], 40, "%d", p->depth);
}

static void print_tsv(const Game *g, const Analysis *a)
{
    for (int f = 0; f < NFIELDS; f++)
        printf("%s%c", fields[f], f + 1 < NFIELDS ? '\t' : '\n');
    char vals[NFIELDS][40];
    for (int i = 0; i < analysis_moves(a); i++) {
        move_fields(g, a, i, false, vals);
        for (int f = 0; f < NFIELDS; f++)
            printf("%s%c", vals[f], f + 1 < NFIELDS ? '\t' : '\n');
    }
}

/* "first: 30 moves, 2 inaccuracies, 1 mistake, 0 blunders" */
static void print_side_totals(const Analysis *a, int side)
{
    int moves = 0, count[ANALYSIS_BLUNDER + 1] = {0};
    for (int i = 0; i < analysis_moves(a); i++) {
        const AnalysisMove *m = analysis_move(a, i);
        if (m->side == side) {
            moves++;
            count[m->cls]++;
        }
    }
    printf("%s: %d move%s, %d inaccurac%s, %d mistake%s, %d blunder%s\n", side_names[side], moves,
           moves == 1 ? "" : "s", count[ANALYSIS_INACCURACY],
           count[ANALYSIS_INACCURACY] == 1 ? "y" : "ies", count[ANALYSIS_MISTAKE],
           count[ANALYSIS_MISTAKE] == 1 ? "" : "s", count[ANALYSIS_BLUNDER],
           count[ANALYSIS_BLUNDER] == 1 ? "" : "s");
}

/* "result: first wins by 4 (no moves left; stores 26-22)" when the game is
 * over; nothing when it goes on. */
static void print_result(const Game *g, const Analysis *a)
{
    const int n = analysis_moves(a);
    const void **states = malloc((size_t)(n + 1) * sizeof *states);
    if (!states)
        return;
    for (int i = 0; i <= n; i++)
        states[i] = analysis_state(a, i);
    int v;
    const GameEnd end = game_end(g, states, n + 1, &v);
    free(states);
    if (end == GAME_GOES_ON)
        return;
    const GameInfo *info = g->ops->info;
    char margin[32];
    if (v > SCORE_WIN_MIN || v < -SCORE_WIN_MIN)
        margin[0] = '\0';
    else
        snprintf(margin, sizeof margin, " by %d", abs(v));
    if (info->payoff)
        printf("result: value %d (%s", v, game_end_name(end));
    else if (v == 0)
        printf("result: a draw (%s", game_end_name(end));
    else
        printf("result: %s wins%s (%s", side_names[v < 0], margin, game_end_name(end));
    if (info->counts) {
        int counts[2];
        info->counts(g, analysis_state(a, n), counts);
        printf("; %s %d-%d", info->counts_name, counts[0], counts[1]);
    }
    printf(")\n");
}

static void print_text(const Game *g, const Analysis *a, const SearchConfig *cfg)
{
    printf("game: %s\n", g->name);
    if (cfg->solve)
        printf("search: %s, to the end\n", algo_name(cfg->algo));
    else if (cfg->time_ms > 0)
        printf("search: %s, %d ms a position (depth at most %d)\n", algo_name(cfg->algo),
               cfg->time_ms, cfg->depth);
    else
        printf("search: %s, depth %d\n", algo_name(cfg->algo), cfg->depth);
    printf("values: the first player's; loss: the mover's\n");
    const int n = analysis_moves(a);
    char (*rows)[NFIELDS][40] = calloc((size_t)n + 1, sizeof *rows);
    if (!rows)
        return;
    int width[NFIELDS];
    for (int f = 0; f < NFIELDS; f++)
        width[f] = (int)strlen(fields[f]);
    for (int i = 0; i < n; i++) {
        move_fields(g, a, i, true, rows[i]);
        /* the move marked as annotators do: "c4?" */
        const size_t used = strlen(rows[i][2]);
        snprintf(rows[i][2] + used, 40 - used, "%s", analysis_class_mark(analysis_move(a, i)->cls));
        for (int f = 0; f < NFIELDS; f++)
            if ((int)strlen(rows[i][f]) > width[f])
                width[f] = (int)strlen(rows[i][f]);
    }
    /* numbers to the right, words to the left */
    static const bool right[NFIELDS] = {true, false, false, true, false, true, true, false, true};
    for (int f = 0; f < NFIELDS; f++)
        printf("%*s%s", right[f] ? width[f] : -width[f], fields[f], f + 1 < NFIELDS ? "  " : "\n");
    for (int i = 0; i < n; i++)
        for (int f = 0; f < NFIELDS; f++)
            printf("%*s%s", right[f] ? width[f] : -width[f], rows[i][f], f + 1 < NFIELDS ? "  " : "\n");
    free(rows);
    for (int side = 0; side < 2; side++)
        print_side_totals(a, side);
    print_result(g, a);
}

/* ---- the command --------------------------------------------------------- */

/* The progress line (a terminal only): where the work is. */
static bool show_progress(void *arg, const AnalysisProgress *p)
{
    bool *shown = arg;
    fputc('\r', stderr);
    fprintf(stderr, _("analysing: position %d of %d"), p->at >= 0 ? p->at + 1 : p->done, p->total);
    if (p->at >= 0 && p->stats.depth > 0)
        fprintf(stderr, _(", depth %d"), p->stats.depth);
    fputs("\033[K", stderr);
    *shown = true;
    return true;
}

static int run_analysis(const Game *g, const void *start, const Move *moves, int n,
                        const SearchConfig *cfg, int format)
{
    Err err = {{0}};
    Analysis *a = analysis_new(g, start, moves, n, cfg, &err);
    if (!a)
        return cli_fail("analyse: %s", err.msg);
    bool shown = false;
    const bool tty = isatty(STDERR_FILENO);
    const int rc = analysis_run(a, tty ? show_progress : NULL, &shown, &err);
    if (shown)
        fputs("\r\033[K", stderr);
    if (rc != 0) {
        fprintf(stderr, "yomi: analyse: %s\n", err.msg);
        analysis_free(a);
        return EXIT_INTERNAL;
    }
    if (format == FORMAT_TSV)
        print_tsv(g, a);
    else
        print_text(g, a, cfg);
    analysis_free(a);
    return EXIT_OK;
}

/* --record: the record's game, from its start through its moves. */
static int analyse_record(const CliSearchArgs *a)
{
    Record *r = cli_record_load("analyse", "--record", a->game, &a->go, a->record);
    if (!r)
        return EXIT_USAGE;
    /* RECORD_MAX_PLIES is well within ANALYSIS_MAX_PLIES */
    const int rc =
        run_analysis(r->game, record_state(r, 0), r->moves, r->nmoves, &a->cfg, a->format);
    record_free(r);
    return rc;
}

static int analyse_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_analyse, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    a.cfg.algo = ALGO_YOMI;
    a.cfg.depth = ANALYSIS_DEFAULT_DEPTH;
    const char *moves_text = "";
    bool depth_given = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--moves") == 0) {
            if (i + 1 >= argc)
                return cli_fail("analyse: --moves needs a value");
            moves_text = argv[++i];
            continue;
        }
        depth_given = depth_given || strcmp(argv[i], "--depth") == 0;
        const int r = cli_search_arg(&a, "analyse", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("analyse: unknown option '%.40s'", argv[i]);
    }
    if (a.record && (a.position || moves_text[0]))
        return cli_fail("analyse: --record gives the start and the moves: no --position or "
                        "--moves beside it");
    if (!a.game && !a.record)
        return cli_fail("analyse: which game? (yomi analyse GAME --moves M1,M2,...)");
    if (a.algos)
        return cli_fail("analyse: --algos belongs to compare and grid (use --algo)");
    if (a.format == FORMAT_JSON)
        return cli_fail("analyse: --format is text or tsv");
    if (a.cfg.depth < 1 && !a.cfg.solve &&
        !(algorithm(a.cfg.algo)->flags & (ALGO_SOLVE_ONLY | ALGO_SAMPLING)))
        return cli_fail("analyse: --depth must be at least 1");
    /* --time alone: as deep as the time allows, as the computer player */
    if (a.cfg.time_ms > 0 && !depth_given)
        a.cfg.depth = 40;
    if (a.record)
        return analyse_record(&a);
    _Alignas(16) unsigned char start[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.game, &a.go, a.position, start);
    if (!g)
        return EXIT_USAGE;
    Move *moves = malloc(ANALYSIS_MAX_PLIES * sizeof *moves);
    int rc = EXIT_INTERNAL;
    if (!moves) {
        fprintf(stderr, "yomi: analyse: out of memory\n");
    } else {
        const int n = parse_moves(g, start, moves_text, moves, ANALYSIS_MAX_PLIES);
        rc = n < 0 ? EXIT_USAGE : run_analysis(g, start, moves, n, &a.cfg, a.format);
    }
    free(moves);
    game_close(g);
    return rc;
}

/* xgettext:c-format */
#define ANALYSE_HELP N_( \
    "usage: yomi analyse GAME [--position POS] [--moves M1,M2,...] [--depth N | --time MS]\n" \
    "                    [SEARCH OPTIONS] [--format text|tsv]\n" \
    "\n" \
    "Search every position of a game again: the game from POS (default the start)\n" \
    "through the moves given, in the game's notation.  One line per move: ply, side\n" \
    "(first or second), move, value (what the move played is worth), best (the\n" \
    "best move there), best_value, loss (how much less than the best the move\n" \
    "got, from the mover's view), class (best, good, inaccuracy ?!, mistake ?,\n" \
    "blunder ?\?) and depth (of the search, or exact).  Values are the first\n" \
    "player's, in the game's units (seeds, discs, gogo's hundredths of a pawn).\n" \
    "Text adds each side's totals and the result.\n" \
    "\n" \
    "  --moves M1,M2,...  the moves, separated by commas or spaces\n" \
    "  --record R         or a game record's start and moves (KIF, CSA, GGF, a\n" \
    "                     transcript, a Kalah record: a file or its text)\n" \
    "  --depth N          plies a position (default %s, with the yomi algorithm)\n" \
    "  --time MS          or deepen for MS milliseconds a position\n" \
    "  --algo, --table-mb, ...  the search options of yomi search\n" \
    "  --format text|tsv  output format (default text)\n")

static void analyse_help(char *buf, size_t len) { snprintf(buf, len, "%d", ANALYSIS_DEFAULT_DEPTH); }

const CliCommand cli_analyse = {
    .name = "analyse",
    .run = analyse_cmd,
    .synopsis = "analyse GAME [--position POS] [--moves M1,M2,...] [--depth N | --time MS]",
    .help = ANALYSE_HELP,
    .help_arg_write = analyse_help,
    .game_options = true,
};
