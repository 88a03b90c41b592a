/* match_report.c - a match's report: its rows, totals and score, and the
 * merge of its shards' reports (see match_report.h). */
#include "cli/match_report.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/read_file.h"
#include "cli/cli.h"

#define REPORT_HEADER "game\tfirst\tsecond\tresult\tplies\tleaves_A\tnodes_A\tleaves_B\tnodes_B"
#define REPORT_FILE_MAX (64u << 20) /* 10,000 games take about 1 MB */
#define REPORT_LINE_MAX 1024

void match_print_header(void) { printf("%s\n", REPORT_HEADER); }

void match_tally_add(MatchTally *t, int a_score, uint64_t la, uint64_t na, uint64_t lb,
                     uint64_t nb)
{
    t->games++;
    if (a_score > 0)
        t->wins[0]++;
    else if (a_score < 0)
        t->wins[1]++;
    else
        t->draws++;
    t->leaves[0] += la, t->nodes[0] += na;
    t->leaves[1] += lb, t->nodes[1] += nb;
}

/// The Elo difference a score p (0..1) implies: none finite at 0 or 1.
static double elo_of(double p)
{
    if (p <= 0)
        return -INFINITY;
    if (p >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / p - 1.0);
}

/// Whole points, signed, "+inf"/"-inf" at the ends, and never "-0" (a
/// difference that rounds to nothing has no side).
static void format_elo(double elo, char *buf, size_t len)
{
    if (isinf(elo))
        snprintf(buf, len, "%cinf", elo > 0 ? '+' : '-');
    else
        snprintf(buf, len, "%+ld", lround(elo));
}

/// The score of A with a 95% margin from the games' own spread (wins,
/// draws and losses as 1, 1/2, 0), and the same as an Elo difference.
/// When every game had the same result there is no spread to measure, and
/// the margin would claim a certainty a few games cannot give: the Elo
/// range is then the exact binomial one (Clopper-Pearson), which has that
/// result come at least q = 0.025^(1/n) of the time and leaves the rest
/// open either way.
static void print_score(const MatchTally *t)
{
    const double n = (double)(t->wins[0] + t->wins[1] + t->draws);
    if (n <= 0)
        return;
    const double mean = (t->wins[0] + 0.5 * t->draws) / n;
    const double var = (t->wins[0] * (1 - mean) * (1 - mean) + t->wins[1] * mean * mean +
                        t->draws * (0.5 - mean) * (0.5 - mean)) / n;
    const double margin = 1.96 * sqrt(var / n);
    double lo = mean - margin, hi = mean + margin;
    if (var == 0) {
        const double q = pow(0.025, 1.0 / n);
        lo = mean * q;
        hi = mean * q + (1 - q);
    }
    char elo[3][16];
    format_elo(elo_of(mean), elo[0], sizeof elo[0]);
    format_elo(elo_of(lo), elo[1], sizeof elo[1]);
    format_elo(elo_of(hi), elo[2], sizeof elo[2]);
    printf("score\tA %.1f%% +-%.1f (95%%)\tElo %s [%s, %s]\t%ld games\n", 100 * mean,
           100 * margin, elo[0], elo[1], elo[2], t->games);
}

void match_print_total(const MatchTally *t, const char *a_name, const char *b_name)
{
    if (t->games == 0)
        return;
    printf("total\tA=%s\tB=%s\tA %d, B %d, draws %d\t-\t%" PRIu64 "\t%" PRIu64 "\t%" PRIu64
           "\t%" PRIu64 "\n",
           a_name, b_name, t->wins[0], t->wins[1], t->draws, t->leaves[0], t->nodes[0],
           t->leaves[1], t->nodes[1]);
    print_score(t);
}

/* ---- --merge ------------------------------------------------------------------ */

typedef struct {
    long game;
    int a_score;
    uint64_t spent[4]; /* leaves_A, nodes_A, leaves_B, nodes_B */
    char *line;        /* as the shard printed it */
    int file;
} MergedRow;

typedef struct {
    MergedRow *rows;
    size_t n, cap;
    char names[2][MATCH_NAME_MAX];
    int names_from; /* the file that named the players, -1 none yet */
} Merge;

/* A game's row: "N\tFIRST\tSECOND\tRESULT\tPLIES\tLA\tNA\tLB\tNB". */
static bool parse_row(const char *line, MergedRow *row)
{
    char first[8], second[8], result[160];
    int plies, used = 0;
    if (sscanf(line, "%ld\t%7[^\t]\t%7[^\t]\t%159[^\t]\t%d\t%" SCNu64 "\t%" SCNu64 "\t%" SCNu64
                     "\t%" SCNu64 "%n",
               &row->game, first, second, result, &plies, &row->spent[0], &row->spent[1],
               &row->spent[2], &row->spent[3], &used) != 9 ||
        line[used] != '\0' || row->game < 1)
        return false;
    if (strncmp(result, "A wins", 6) == 0)
        row->a_score = 1;
    else if (strncmp(result, "B wins", 6) == 0)
        row->a_score = -1;
    else if (strncmp(result, "draw", 4) == 0)
        row->a_score = 0;
    else
        return false;
    return true;
}

/* "total\tA=NAME\tB=NAME\t...": the players' names into names. */
static bool parse_total(const char *line, char names[2][MATCH_NAME_MAX])
{
    const char *a = line + strlen("total\tA=");
    const char *tab = strchr(a, '\t');
    if (!tab || strncmp(tab, "\tB=", 3) != 0 || (size_t)(tab - a) >= MATCH_NAME_MAX)
        return false;
    const char *b = tab + 3, *end = strchr(b, '\t');
    if (!end || (size_t)(end - b) >= MATCH_NAME_MAX)
        return false;
    snprintf(names[0], MATCH_NAME_MAX, "%.*s", (int)(tab - a), a);
    snprintf(names[1], MATCH_NAME_MAX, "%.*s", (int)(end - b), b);
    return true;
}

static int add_row(Merge *m, const MergedRow *row, const char *line)
{
    if (m->n == m->cap) {
        const size_t cap = m->cap ? 2 * m->cap : 256;
        MergedRow *rows = realloc(m->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        m->rows = rows, m->cap = cap;
    }
    m->rows[m->n] = *row;
    if (!(m->rows[m->n].line = strdup(line)))
        return -1;
    m->n++;
    return 0;
}

/// One shard's report into the merge: its header first, then rows, the
/// total that names the players (the same players in every shard), the
/// score (recomputed, so not read).
static int merge_file(Merge *m, char **files, int f)
{
    Err err = {{0}};
    size_t len;
    char *text = read_file_whole(files[f], REPORT_FILE_MAX, &len, &err);
    if (!text)
        return cli_fail("match --merge: %s", err.msg);
    TextLines lines = text_lines(files[f], text, len, REPORT_LINE_MAX);
    char line[REPORT_LINE_MAX + 1];
    int rc = EXIT_OK, got;
    bool rows = false, total = false;
    while (rc == EXIT_OK && (got = text_lines_next(&lines, line, &err)) == 1) {
        const char *where = files[f];
        char names[2][MATCH_NAME_MAX];
        MergedRow row = {.file = f};
        if (lines.lineno == 1) {
            if (strcmp(line, REPORT_HEADER) != 0)
                rc = cli_fail("match --merge: %.200s: not a report of yomi match", where);
        } else if (strncmp(line, "total\tA=", 8) == 0) {
            if (!parse_total(line, names))
                rc = cli_fail("match --merge: %.200s:%d: a total row without players", where,
                              lines.lineno);
            else if (m->names_from < 0)
                memcpy(m->names, names, sizeof names), m->names_from = f;
            else if (strcmp(names[0], m->names[0]) != 0 || strcmp(names[1], m->names[1]) != 0)
                rc = cli_fail("match --merge: %.200s has other players than %.200s", where,
                              files[m->names_from]);
            total = true;
        } else if (strncmp(line, "score\t", 6) == 0) {
            continue;
        } else if (parse_row(line, &row)) {
            if (add_row(m, &row, line) != 0)
                rc = cli_fail("match --merge: out of memory");
            rows = true;
        } else {
            rc = cli_fail("match --merge: %.200s:%d: not a row of a match report", where,
                          lines.lineno);
        }
    }
    if (rc == EXIT_OK && got < 0)
        rc = cli_fail("match --merge: %s", err.msg);
    if (rc == EXIT_OK && lines.lineno == 0)
        rc = cli_fail("match --merge: %.200s is empty", files[f]);
    if (rc == EXIT_OK && rows && !total)
        rc = cli_fail("match --merge: %.200s has games but no total row (cut short?)", files[f]);
    free(text);
    return rc;
}

static int by_game(const void *a, const void *b)
{
    const long x = ((const MergedRow *)a)->game, y = ((const MergedRow *)b)->game;
    return (x > y) - (x < y);
}

/// Every game once, numbered 1..n with none missing: a shard left out
/// or given twice is named, never summed into a wrong score.
static int check_games(const Merge *m, char **files)
{
    for (size_t i = 0; i < m->n; i++) {
        const MergedRow *r = &m->rows[i];
        if (i > 0 && r->game == r[-1].game)
            return cli_fail("match --merge: game %ld is in both %.200s and %.200s", r->game,
                            files[r[-1].file], files[r->file]);
        if (r->game != (long)i + 1)
            return cli_fail("match --merge: game %ld is missing (a shard left out?)",
                            (long)i + 1);
    }
    return EXIT_OK;
}

int match_merge(int nfiles, char **files)
{
    if (nfiles < 1)
        return cli_fail("match --merge: which reports? (yomi match --merge FILE...)");
    Merge m = {.names_from = -1};
    int rc = EXIT_OK;
    for (int f = 0; f < nfiles && rc == EXIT_OK; f++)
        rc = merge_file(&m, files, f);
    if (rc == EXIT_OK && m.n == 0)
        rc = cli_fail("match --merge: no games in the reports");
    if (rc == EXIT_OK) {
        qsort(m.rows, m.n, sizeof *m.rows, by_game);
        rc = check_games(&m, files);
    }
    if (rc == EXIT_OK) {
        MatchTally t = {0};
        match_print_header();
        for (size_t i = 0; i < m.n; i++) {
            const MergedRow *r = &m.rows[i];
            printf("%s\n", r->line);
            match_tally_add(&t, r->a_score, r->spent[0], r->spent[1], r->spent[2], r->spent[3]);
        }
        match_print_total(&t, m.names[0], m.names[1]);
    }
    for (size_t i = 0; i < m.n; i++)
        free(m.rows[i].line);
    free(m.rows);
    return rc;
}
