/* searchopts.c - what search, compare, solve, grid and bench share: the
 * search options of doc/cli.md, and the result fields in text, tsv and json. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/searchcli.h"
#include "engine/algorithm.h"

void cli_search_args_init(CliSearchArgs *a)
{
    memset(a, 0, sizeof *a);
    search_config_default(&a->cfg);
    a->format = FORMAT_TEXT;
}

static int parse_format(const char *name, int *format)
{
    static const char *const names[] = {[FORMAT_TEXT] = "text", [FORMAT_TSV] = "tsv",
                                        [FORMAT_JSON] = "json"};
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++) {
        if (strcmp(name, names[k]) == 0) {
            *format = k;
            return 0;
        }
    }
    return -1;
}

int cli_search_arg(CliSearchArgs *a, const char *cmd, int argc, char **argv, int *i)
{
    const char *opt = argv[*i];
    if (strcmp(opt, "--solve") == 0) {
        a->cfg.solve = true;
        return 1;
    }
    if (strncmp(opt, "--", 2) != 0) {
        if (a->game)
            return cli_fail("%s: unexpected argument '%.40s'", cmd, opt), -1;
        a->game = opt;
        return 1;
    }
    const char *value = *i + 1 < argc ? argv[*i + 1] : NULL; /* NULL: opt is last */
    /* Each option is recognised before its value is asked for, so an
     * unknown option last on the line is reported as unknown. */
    if (strcmp(opt, "--position") == 0) {
        a->position = value;
    } else if (strcmp(opt, "--record") == 0) {
        a->record = value;
    } else if (strcmp(opt, "--format") == 0) {
        if (value && parse_format(value, &a->format) != 0)
            return cli_fail("%s: --format '%.20s' is not one of text, tsv, json", cmd, value), -1;
    } else if (strcmp(opt, "--algos") == 0) {
        a->algos = value;
    } else if (!cli_game_option(&a->go, opt, value)) {
        Err err = {{0}};
        const int r = search_config_set(&a->cfg, opt + 2, value, &err);
        if (r < 0)
            return cli_fail("%s: %s", cmd, err.msg), -1;
        if (r == 0)
            return 0;
    }
    if (!value)
        return cli_fail("%s: %s needs a value", cmd, opt), -1;
    (*i)++;
    return 1;
}

int cli_search_args_record(CliSearchArgs *a, const char *cmd)
{
    return cli_record_resolve(cmd, a->record, &a->game, &a->go, &a->position);
}

int cli_parse_algos(const char *cmd, const char *list, Algo *algos, int max)
{
    if (!list || !*list)
        return cli_fail("%s: --algos A,B,... is required", cmd), -1;
    int n = 0;
    char buf[256];
    if (strlen(list) >= sizeof buf)
        return cli_fail("%s: --algos list is too long", cmd), -1;
    strcpy(buf, list);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        Err err = {{0}};
        if (n == max)
            return cli_fail("%s: at most %d algorithms", cmd, max), -1;
        if (algo_parse(tok, &algos[n], &err) != 0)
            return cli_fail("%s: %s", cmd, err.msg), -1;
        n++;
    }
    if (n == 0)
        return cli_fail("%s: --algos names no algorithm", cmd), -1;
    return n;
}

/* ---- results ------------------------------------------------------------- */

static const char *const fields[] = {"game", "algo", "depth", "value", "move", "pv",
                                     "nodes", "leaves", "table_hits", "time_ms", "nps",
                                     "probes", "cutoffs", "researches", "mtd_passes", "ebf",
                                     "proof", "disproof"};
enum { NFIELDS = sizeof fields / sizeof fields[0] };
/* Which fields are numbers (json prints them bare). */
static const bool numeric[NFIELDS] = {false, false, false, true, false, false, true, true,
                                      true, true, true, true, true, true, true, true, true, true};

/* A proof or disproof number: "inf" when infinite, "-" for an algorithm
 * that has none (json: "inf" as a string, null). */
static void proof_number(const CliRow *row, uint64_t n, char *buf, size_t len)
{
    if (!(algorithm(row->cfg.algo)->flags & ALGO_OUTCOME))
        snprintf(buf, len, "-");
    else if (n == SEARCH_PN_INF)
        snprintf(buf, len, "inf");
    else
        snprintf(buf, len, "%llu", (unsigned long long)n);
}

static void result_values(const CliRow *row, char vals[NFIELDS][1024])
{
    const Game *g = row->game;
    const SearchResult *r = &row->result;
    snprintf(vals[0], 1024, "%s", g->name);
    snprintf(vals[1], 1024, "%s", algo_name(row->cfg.algo));
    /* A solve cut short by --time is not a solve: its depth says how far
     * it got, and with no iteration complete there is no result at all
     * (doc/cli.md: no partial output presented as a result). */
    const bool unfinished = r->stopped && !r->stats.exact;
    const bool nothing = unfinished && r->stats.depth == 0;
    /* A sampling algorithm (mcts) ignores --solve: its depth is its tree's. */
    const bool sampled = algorithm(row->cfg.algo)->flags & ALGO_SAMPLING;
    if (row->cfg.solve && !unfinished && !sampled)
        snprintf(vals[2], 1024, "solve");
    else
        snprintf(vals[2], 1024, "%d", r->stats.depth);
    if (nothing)
        snprintf(vals[3], 1024, "-");
    else
        snprintf(vals[3], 1024, "%d", r->value);
    if (r->move == MOVE_NONE || nothing)
        snprintf(vals[4], 1024, "-");
    else
        g->ops->format_move(g, row->root, r->move, vals[4], 1024);
    /* The PV, each move formatted in the position it is played from. */
    game_format_line(g, row->root, r->pv, nothing ? 0 : r->pv_len, vals[5], 1024);
    const SearchStats *s = &r->stats;
    const unsigned long long nums[] = {s->nodes,      s->leaves,  s->hits,
                                       s->elapsed_ms, s->nps,     s->probes,
                                       s->cutoffs,    s->researches, s->mtd_passes};
    for (int i = 0; i < 9; i++)
        snprintf(vals[6 + i], 1024, "%llu", nums[i]);
    /* The effective branching factor (engine/search.h): "-" for a search
     * cut short, whose nodes belong to no whole depth. */
    const double ebf = nothing ? 0 : search_result_ebf(g, row->root, r, row->cfg.solve);
    if (ebf > 0)
        snprintf(vals[15], 1024, "%.2f", ebf);
    else
        snprintf(vals[15], 1024, "-");
    proof_number(row, s->proof, vals[16], 1024);
    proof_number(row, s->disproof, vals[17], 1024);
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(out, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(out, "\\u%04x", *s);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

/* ---- compare's text table ----------------------------------------------- */

/* The table's columns in the order shown: each a field (fields[]) and its
 * heading; `rank` is the order in which they are given room in 80 columns
 * (0: always; RANK_WIDE: only with --wide), the pv never (it has lines of
 * its own below). */
enum { RANK_WIDE = 100, FIELD_TIME = 9, FIELD_PROOF = 16, FIELD_DISPROOF = 17 };
static const struct {
    int field, rank;
    const char *head;
} table_cols[] = {
    {1, 0, "algo"},      {2, 0, "depth"},   {3, 0, "value"},    {4, 0, "move"},
    {6, 0, "nodes"},     {7, 0, "leaves"},  {12, 1, "cutoffs"}, {13, 2, "re-search"},
    {14, 3, "passes"},   {15, 4, "ebf"},    {FIELD_PROOF, 5, "pn"}, {FIELD_DISPROOF, 5, "dn"},
    {8, 7, "hits"},      {FIELD_TIME, 6, "time_ms"}, {11, 8, "probes"},
    {10, RANK_WIDE, "nps"},
};
enum { TABLE_COLS = sizeof table_cols / sizeof table_cols[0], TABLE_WIDTH = 80 };

/* Whether every row has 0 (or -) in the field: a column that says nothing.
 * (A proof number of 0 says much: proved.) */
static bool says_nothing(char (*vals)[NFIELDS][1024], int n, int field)
{
    const bool proof = field == FIELD_PROOF || field == FIELD_DISPROOF;
    for (int i = 0; i < n; i++)
        if ((proof || strcmp(vals[i][field], "0") != 0) && strcmp(vals[i][field], "-") != 0)
            return false;
    return true;
}

/// compare as text: one aligned row per algorithm, then each one's line.
/// Every field has its column with --wide, the line too; without, the
/// table keeps to 80 columns: after the six every row needs (algo to
/// leaves), the columns that say why the counts differ get room first
/// (cutoffs, re-searches, MTD(f) passes, the ebf, pns's proof numbers),
/// then the time, table hits and probes, each while it fits and, but for
/// the time, only when some row has more than 0 or - in it.  What is
/// shown depends on the counts alone, never on the machine's speed: the
/// time is weighed at its heading's width, and nps is --wide's only.
static void print_table(FILE *out, const CliRow *rows, int n, bool wide)
{
    char(*vals)[NFIELDS][1024] = malloc((size_t)n * sizeof *vals);
    if (!vals)
        return;
    for (int i = 0; i < n; i++)
        result_values(&rows[i], vals[i]);
    int width[TABLE_COLS];
    bool shown[TABLE_COLS];
    int used = -2;
    for (int k = 0; k < TABLE_COLS; k++) {
        width[k] = (int)strlen(table_cols[k].head);
        for (int i = 0; i < n; i++)
            if ((int)strlen(vals[i][table_cols[k].field]) > width[k])
                width[k] = (int)strlen(vals[i][table_cols[k].field]);
        shown[k] = wide || table_cols[k].rank == 0;
        if (shown[k])
            used += width[k] + 2;
    }
    /* A rank's columns come in together or not at all (proof, disproof). */
    for (int rank = 1; !wide && rank < RANK_WIDE; rank++) {
        bool take[TABLE_COLS] = {false};
        int need = 0;
        for (int k = 0; k < TABLE_COLS; k++) {
            const int field = table_cols[k].field;
            if (table_cols[k].rank != rank ||
                (field != FIELD_TIME && says_nothing(vals, n, field)))
                continue;
            take[k] = true;
            need += 2 + (field == FIELD_TIME ? (int)strlen(table_cols[k].head) : width[k]);
        }
        if (need == 0 || used + need > TABLE_WIDTH)
            continue;
        used += need;
        for (int k = 0; k < TABLE_COLS; k++)
            shown[k] = shown[k] || take[k];
    }
    fprintf(out, "game: %s\n", rows[0].game->name);
    for (int i = -1; i < n; i++) {
        const char *sep = "";
        for (int k = 0; k < TABLE_COLS; k++) {
            if (!shown[k])
                continue;
            const char *v = i < 0 ? table_cols[k].head : vals[i][table_cols[k].field];
            fprintf(out, "%s%*s", sep, k == 0 ? -width[k] : width[k], v);
            sep = "  ";
        }
        if (wide) /* the line as the last column */
            fprintf(out, "  %s", i < 0 ? "pv" : vals[i][5]);
        fputc('\n', out);
    }
    /* Each line under the table, wrapped at 80 columns under itself. */
    if (!wide)
        fputs("pv:\n", out);
    for (int i = 0; !wide && i < n; i++) {
        const int indent = width[0] + 2;
        fprintf(out, "%-*s", indent, vals[i][1]);
        int col = indent;
        for (char *m = strtok(vals[i][5], " "); m; m = strtok(NULL, " ")) {
            if (col > indent && col + 1 + (int)strlen(m) > TABLE_WIDTH) {
                fprintf(out, "\n%*s", indent, "");
                col = indent;
            }
            col += fprintf(out, "%s%s", col > indent ? " " : "", m);
        }
        fputc('\n', out);
    }
    free(vals);
}

void cli_print_rows(FILE *out, int format, const CliRow *rows, int n, bool list, bool wide)
{
    char vals[NFIELDS][1024];
    if (format == FORMAT_TSV) {
        for (int f = 0; f < NFIELDS; f++)
            fprintf(out, "%s%c", fields[f], f + 1 < NFIELDS ? '\t' : '\n');
        for (int i = 0; i < n; i++) {
            result_values(&rows[i], vals);
            for (int f = 0; f < NFIELDS; f++)
                fprintf(out, "%s%c", vals[f], f + 1 < NFIELDS ? '\t' : '\n');
        }
        return;
    }
    if (format == FORMAT_JSON) {
        if (list)
            fputs("[\n", out);
        for (int i = 0; i < n; i++) {
            result_values(&rows[i], vals);
            fputs(list ? "  {" : "{", out);
            for (int f = 0; f < NFIELDS; f++) {
                fprintf(out, "%s\"%s\": ", f ? ", " : "", fields[f]);
                if (numeric[f] && strcmp(vals[f], "inf") == 0)
                    json_string(out, vals[f]);
                else if (numeric[f])
                    fputs(strcmp(vals[f], "-") == 0 ? "null" : vals[f], out);
                else
                    json_string(out, vals[f]);
            }
            fputs(list && i + 1 < n ? "},\n" : "}\n", out);
        }
        if (list)
            fputs("]\n", out);
        return;
    }
    if (!list) {
        for (int i = 0; i < n; i++) {
            result_values(&rows[i], vals);
            for (int f = 0; f < NFIELDS; f++)
                fprintf(out, "%s: %s\n", fields[f], vals[f]);
        }
        return;
    }
    print_table(out, rows, n, wide);
}

/* Long searches and solves show where they are on a terminal (stderr),
 * read from the live counters every half second; a pipe stays quiet. */
static int run_with_progress(Search *s, const void *root, SearchResult *r, Err *err)
{
    if (!isatty(STDERR_FILENO))
        return search_run(s, root, r, err);
    if (search_start(s, root, err) != 0)
        return -1;
    bool shown = false;
    for (int waited = 0; !search_done(s); waited += 50) {
        cli_sleep_ms(50);
        if (waited < 1000 || waited % 500 != 0)
            continue;
        SearchStats st;
        search_poll(s, &st);
        fputc('\r', stderr);
        fprintf(stderr, _("searching: %llu positions, %.1f M/s, %.0f s"),
                (unsigned long long)st.nodes, st.nps / 1e6, st.elapsed_ms / 1000.0);
        if (st.depth > 0) /* iterations done; a solve has none until the end */
            fprintf(stderr, _(", depth %d"), st.depth);
        fputs("\033[K", stderr);
        shown = true;
    }
    if (shown)
        fputs("\r\033[K", stderr);
    search_wait(s, r); /* the search itself cannot fail once started */
    return 0;
}

void cli_solve_config(SearchConfig *cfg, int table_mb)
{
    search_config_default(cfg);
    cfg->algo = ALGO_PVS;
    cfg->order = ORDER_BEST;
    cfg->table = TABLE_ON;
    cfg->table_mb = table_mb;
    cfg->solve = true;
    cfg->endgame = SEARCH_ENDGAME_ALL; /* a game's own solver, where it has one */
}

int cli_search_one(const Game *g, const void *root, const SearchConfig *cfg, CliRow *row)
{
    Err err = {{0}};
    row->game = g;
    row->cfg = *cfg;
    if (algorithm(cfg->algo)->flags & ALGO_SOLVE_ONLY)
        row->cfg.solve = true; /* as the engine takes it (search_new) */
    memcpy(row->root, root, g->state_size);
    Search *s = search_new(g, cfg, &err);
    if (!s)
        return cli_fail("%s", err.msg);
    const int rc = run_with_progress(s, root, &row->result, &err);
    search_free(s);
    if (rc != 0) {
        fprintf(stderr, "yomi: %s\n", err.msg);
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

int cli_search_and_print(const CliSearchArgs *a, CliRootHook before)
{
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a->game, &a->go, a->position, root);
    if (!g)
        return EXIT_USAGE;
    CliRow row;
    int rc = before ? before(g, root, &a->cfg) : EXIT_OK;
    if (rc == EXIT_OK)
        rc = cli_search_one(g, root, &a->cfg, &row);
    if (rc == EXIT_OK)
        cli_print_rows(stdout, a->format, &row, 1, false, false);
    game_close(g);
    return rc;
}
