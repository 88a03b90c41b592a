/* bench_ffo.c - `yomi bench ffo`: the FFO endgame suite #40-#59 (reversi),
 * each position solved exactly by the engine with the game's endgame solver,
 * as `yomi solve` does.  Separate from the default bench, which stays quick:
 * the whole suite takes many minutes.  `--file` reads another set of
 * positions, in the tests' format or in Edax's .obf, so that the other FFO
 * sets are solved in one process, as Edax's own figures are measured. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "cli/searchcli.h"
#include "base/read_file.h"
#include "games/registry.h"

enum { FFO_POSITION_MAX = 80, FFO_MOVES_MAX = 200, FFO_LINE_MAX = 1024, FFO_FILE_MAX = 10000 };
/* A position file's size: the FFO sets are a few KB, and even FFO_FILE_MAX
 * positions with their comments stay far below it. */
#define FFO_FILE_BYTES_MAX (16 * 1024 * 1024)

typedef struct {
    int number;
    char position[FFO_POSITION_MAX]; /* board and side, as reversi parses them */
    int score;                       /* the exact value, side to move's view */
    char moves[FFO_MOVES_MAX];       /* every best move, comma separated */
} FfoCase;

static const FfoCase ffo[] = {
    {40, "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X", 38, "a2"},
    {41, "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O- X", 0, "h4"},
    {42, "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO-- X", 6, "g2"},
    {43, "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX- O", -12, "g3,c7"},
    {44, "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX-- O", -14, "d2,b8"},
    {45, "---XXXX-X-XXXO--XXOXOO--XXXOXO--XXOXXO---OXXXOO-O-OOOO------OO-- X", 6, "b2"},
    {46, "---XXX----OOOX----OOOXX--OOOOXXX--OOOOXX--OXOXXX--XXOO---XXXX-O- X", -8, "b3"},
    {47, "-OOOOO----OOOO---OOOOX--XXXXXX---OXOOX--OOOXOX----OOXX----XXXX-- O", 4, "g2"},
    {48, "-----X--X-XXX---XXXXOO--XOXOOXX-XOOXXX--XOOXX-----OOOX---XXXXXX- O", 28, "f6"},
    {49, "--OX-O----XXOO--OOOOOXX-OOOOOX--OOOXOXX-OOOOXX-----OOX----X-O--- X", 16, "e1"},
    {50, "----X-----XXX----OOOXOOO-OOOXOOO-OXOXOXO-OOXXOOO--OOXO----O--O-- X", 10, "d8"},
    {51, "----O-X------X-----XXXO-OXXXXXOO-XXOOXOOXXOXXXOO--OOOO-O----OO-- O", 6, "e2,a3"},
    {52, "---X-------OX--X--XOOXXXXXXOXXXXXXXOOXXXXXXOOOXX--XO---X-------- O", 0, "a3"},
    {53, "----OO-----OOO---XXXXOOO--XXOOXO-XXXXXOO--OOOXOO--X-OX-O-----X-- X", -2, "d8"},
    {54, "--OOO---XXOO----XXXXOOOOXXXXOX--XXXOXX--XXOOO------OOO-----O---- X", -2, "c7"},
    {55, "--------X-X------XXXXOOOOOXOXX--OOOXXXX-OOXXXX--O-OOOX-----OO--- O", 0, "g6,b7,e2,g4"},
    {56, "--XXXXX---XXXX---OOOXX---OOXOX---OXXXXX-OOOOOXO----OXX---------- O", 2, "h5"},
    {57, "-------------------XXOOO--XXXOOO--XXOXOO-OOOXXXO--OXOO-O-OOOOO-- X", -10, "a6"},
    {58, "--XOOO----OOO----OOOXOO--OOOOXO--OXOXXX-OOXXXX----X-XX---------- X", 4, "g1"},
    {59, "-----------------------O--OOOOO---OOOOOXOOOOXXXX--XXOOXX--XX-O-X X", 64, "h4,g8,e8"},
};
enum { NFFO = sizeof ffo / sizeof ffo[0] };

static bool move_listed(const char *list, const char *mv)
{
    const size_t n = strlen(mv);
    for (const char *p = list; *p;) {
        if (strncmp(p, mv, n) == 0 && (p[n] == ',' || p[n] == '\0'))
            return true;
        p = strchr(p, ',');
        if (!p)
            break;
        p++;
    }
    return false;
}

static const char *skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

static bool line_end(const char *p)
{
    return *p == '\0' || *p == '\n' || *p == '\r';
}

/* A disc difference, -64..64, at `p`; false if there is none. */
static bool read_score(const char *p, const char **end, int *score)
{
    char *stop;
    errno = 0;
    const long v = strtol(p, &stop, 10);
    *end = stop;
    if (stop == p || errno || v < -64 || v > 64)
        return false;
    *score = (int)v;
    return true;
}

/* Edax's .obf tail: "; MOVE:SCORE; MOVE:SCORE; ..." (every move scored, or
 * only the best).  The position's value is the best score; its best moves
 * are all that reach it. */
static int parse_obf_scores(const char *p, FfoCase *c, Err *err)
{
    int best = -1000, count = 0;
    char moves[FFO_MOVES_MAX] = "";
    while (*(p = skip_blanks(p)) == ';')
        p++;
    while (!line_end(p)) {
        const char file = (char)tolower((unsigned char)p[0]);
        if (file < 'a' || file > 'h' || p[1] < '1' || p[1] > '8' || p[2] != ':') {
            err_set(err, "expected MOVE:SCORE such as G8:+2 at '%.12s'", p);
            return -1;
        }
        const char *end;
        int score;
        if (!read_score(p + 3, &end, &score)) {
            err_set(err, "bad score at '%.12s'", p);
            return -1;
        }
        const char mv[3] = {file, p[1], '\0'};
        if (score > best) {
            best = score;
            snprintf(moves, sizeof moves, "%s", mv);
        } else if (score == best && strlen(moves) + 4 < sizeof moves) {
            strcat(moves, ",");
            strcat(moves, mv);
        }
        count++;
        p = skip_blanks(end);
        if (*p != ';' && !line_end(p)) {
            err_set(err, "expected ';' after a score at '%.12s'", p);
            return -1;
        }
        while (*(p = skip_blanks(p)) == ';')
            p++;
    }
    if (count == 0) {
        err_set(err, "no MOVE:SCORE after the position");
        return -1;
    }
    c->score = best;
    snprintf(c->moves, sizeof c->moves, "%s", moves);
    return 0;
}

/* The tests' tail: "SCORE MOVES [# comment]". */
static int parse_ffo_scores(const char *p, FfoCase *c, Err *err)
{
    const char *end;
    int score;
    if (!read_score(p, &end, &score)) {
        err_set(err, "expected a score from -64 to 64 at '%.12s'", p);
        return -1;
    }
    p = skip_blanks(end);
    size_t len = strcspn(p, " \t\r\n#");
    if (len == 0 || len >= sizeof c->moves || strspn(p, "abcdefgh12345678,") < len) {
        err_set(err, "expected the best moves such as a2,c7 at '%.12s'", p);
        return -1;
    }
    c->score = score;
    memcpy(c->moves, p, len);
    c->moves[len] = '\0';
    p = skip_blanks(p + len);
    if (!line_end(p) && *p != '#') {
        err_set(err, "unexpected '%.12s' after the moves", p);
        return -1;
    }
    return 0;
}

/* One line of a position file: 1 and `c` filled, 0 for a blank or comment
 * line, -1 with the reason in `err` for anything else. */
static int parse_case_line(const char *line, FfoCase *c, Err *err)
{
    const char *p = skip_blanks(line);
    if (line_end(p) || *p == '#' || *p == '%')
        return 0;
    const size_t board = strcspn(p, " \t\r\n;");
    if (board != 64) {
        err_set(err, "expected a 64-square board, found %zu characters", board);
        return -1;
    }
    const char *side = skip_blanks(p + 64);
    if ((*side != 'X' && *side != 'O') || !strchr(" \t;", side[1])) {
        err_set(err, "expected the side to move (X or O) after the board");
        return -1;
    }
    snprintf(c->position, sizeof c->position, "%.64s %c", p, *side);
    const char *rest = skip_blanks(side + 1);
    if (*rest == ';')
        return parse_obf_scores(rest, c, err) == 0 ? 1 : -1;
    return parse_ffo_scores(rest, c, err) == 0 ? 1 : -1;
}

/* Every position of `path`, numbered from 1 in file order; NULL after
 * printing what was wrong. */
static FfoCase *load_cases(const char *path, int *count)
{
    Err err = {{0}};
    size_t len;
    char *text = read_file_whole(path, FFO_FILE_BYTES_MAX, &len, &err);
    if (!text) {
        cli_fail("bench ffo: %s", err.msg);
        return NULL;
    }
    FfoCase *cases = NULL;
    int n = 0, cap = 0, got;
    TextLines lines = text_lines(path, text, len, FFO_LINE_MAX);
    char line[FFO_LINE_MAX + 1];
    while ((got = text_lines_next(&lines, line, &err)) > 0) {
        FfoCase c;
        const int rc = parse_case_line(line, &c, &err);
        if (rc < 0) {
            cli_fail("bench ffo: %.200s:%d: %s", path, lines.lineno, err.msg);
            goto fail;
        }
        if (rc == 0)
            continue;
        if (n == FFO_FILE_MAX) {
            cli_fail("bench ffo: %.200s: more than %d positions", path, FFO_FILE_MAX);
            goto fail;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            FfoCase *grown = realloc(cases, (size_t)cap * sizeof *cases);
            if (!grown) {
                cli_fail("bench ffo: out of memory reading '%.200s'", path);
                goto fail;
            }
            cases = grown;
        }
        c.number = n + 1;
        cases[n++] = c;
    }
    if (got < 0) {
        cli_fail("bench ffo: %s", err.msg);
        goto fail;
    }
    free(text);
    if (n == 0) {
        cli_fail("bench ffo: '%.200s' holds no position", path);
        free(cases);
        return NULL;
    }
    *count = n;
    return cases;
fail:
    free(text);
    free(cases);
    return NULL;
}

/* Solve cases first..last, one fresh table each, printing a row per
 * position and the total; EXIT_INTERNAL if one answer is wrong. */
static int solve_cases(const FfoCase *cases, int ncases, int first, int last, int table_mb,
                       int threads)
{
    Err err = {{0}};
    Game *g = cli_game_open("reversi", NULL, 0, &err);
    if (!g)
        return cli_fail("bench ffo: %s", err.msg);
    SearchConfig cfg;
    cli_solve_config(&cfg, table_mb);
    cfg.threads = threads;
    /* One search for the whole set, its table cleared before each position
     * (as Edax does): every position starts from an empty table, and the
     * memory is touched once rather than once per position. */
    Search *s = search_new(g, &cfg, &err);
    if (!s) {
        game_close(g);
        return cli_fail("bench ffo: %s", err.msg);
    }
    printf("ffo\tempties\tnodes\tseconds\tcpu_s\tvalue\tmove\tok\n");
    uint64_t total_nodes = 0;
    double total_wall = 0, total_cpu = 0;
    int failures = 0;
    for (int k = 0; k < ncases; k++) {
        const FfoCase *c = &cases[k];
        if (c->number < first || c->number > last)
            continue;
        _Alignas(16) unsigned char root[GAME_MAX_STATE];
        if (g->ops->parse_position(g, c->position, root, &err) != 0) {
            search_free(s);
            game_close(g);
            return cli_fail("bench ffo: #%d: %s", c->number, err.msg);
        }
        search_clear(s);
        SearchResult r;
        const double w0 = clock_seconds(), c0 = clock_cpu_seconds();
        const int rc = search_run(s, root, &r, &err);
        const double wall = clock_seconds() - w0, cpu = clock_cpu_seconds() - c0;
        if (rc != 0) {
            search_free(s);
            game_close(g);
            return cli_fail("bench ffo: %s", err.msg);
        }
        char mv[32] = "-";
        if (r.move != MOVE_NONE)
            g->ops->format_move(g, root, r.move, mv, sizeof mv);
        const bool good = r.value == c->score && move_listed(c->moves, mv);
        failures += !good;
        printf("#%d\t%d\t%llu\t%.2f\t%.2f\t%+d\t%s\t%s\n", c->number,
               g->ops->solver_size(g, root), (unsigned long long)r.stats.nodes, wall, cpu,
               r.value, mv, good ? "ok" : "WRONG");
        fflush(stdout);
        total_nodes += r.stats.nodes;
        total_wall += wall;
        total_cpu += cpu;
    }
    printf("total\t-\t%llu\t%.2f\t%.2f\t-\t-\t%s\n", (unsigned long long)total_nodes, total_wall,
           total_cpu, failures ? "WRONG" : "ok");
    search_free(s);
    game_close(g);
    return failures ? EXIT_INTERNAL : EXIT_OK;
}

int cli_bench_ffo(int argc, char **argv)
{
    long first = -1, last = -1, table_mb = 128, threads = 1;
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        const char *opt = argv[i];
        const char *v = i + 1 < argc ? argv[++i] : NULL; /* NULL: the option is last */
        if (strcmp(opt, "--first") == 0) {
            if (cli_parse_int(opt, v, 1, FFO_FILE_MAX, &first) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--last") == 0) {
            if (cli_parse_int(opt, v, 1, FFO_FILE_MAX, &last) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--table-mb") == 0) {
            if (cli_parse_int(opt, v, 1, 65536, &table_mb) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--threads") == 0) {
            if (v && strcmp(v, "all") == 0)
                threads = SEARCH_THREADS_ALL;
            else if (cli_parse_int(opt, v, 1, SEARCH_MAX_THREADS, &threads) != 0)
                return EXIT_USAGE;
        } else if (strcmp(opt, "--file") == 0) {
            if (!v)
                return cli_fail("bench ffo: %s needs a value", opt);
            file = v;
        } else {
            return cli_fail("bench ffo: unknown option '%.40s'", opt);
        }
    }
    const FfoCase *cases = ffo;
    FfoCase *loaded = NULL;
    int ncases = NFFO;
    if (file) {
        loaded = load_cases(file, &ncases);
        if (!loaded)
            return EXIT_USAGE;
        cases = loaded;
    }
    const long lo = cases[0].number, hi = cases[ncases - 1].number;
    if (first < 0)
        first = lo;
    if (last < 0)
        last = file ? hi : 49; /* the built-in default: the ten that take minutes, not hours */
    if (first < lo || first > hi || last < lo || last > hi) {
        free(loaded);
        return cli_fail("bench ffo: --first and --last must be within #%ld-#%ld", lo, hi);
    }
    if (first > last) {
        free(loaded);
        return cli_fail("bench ffo: --first %ld is after --last %ld", first, last);
    }
    const int rc = solve_cases(cases, ncases, (int)first, (int)last, (int)table_mb,
                               (int)threads);
    free(loaded);
    return rc;
}
