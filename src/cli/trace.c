/* trace.c - `yomi trace GAME [SEARCH OPTIONS]`: the engine's trace
 * (engine/trace.h) of one search, event by event: nodes entered with their
 * window, leaves, table hits, values backed up, cutoffs, re-searches,
 * MTD(f) passes and the yomi algorithm's probes.  Told in words, indented by ply (text: engine/trace_text's
 * sentences, the same the theatre screen says), or one JSON object an event
 * (jsonl) for a program to read.
 *
 * A trace is many times the size of the search's answer, so by default a
 * search worth tracing is small: it runs once just to count its events,
 * stopped past --max-steps, and a bigger one is refused before anything is
 * printed (half a trace would pass for a whole one).  Then it runs again,
 * printing as it goes.  --max-steps 0 lifts the limit and the count. */
#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"
#include "engine/trace_text.h"

#define TRACE_MAX_STEPS_DEFAULT 5000

/* The help and doc/cli.md write the open window's edges as these numbers. */
_Static_assert(SCORE_INF == 32000, "trace's help and doc/cli.md say SCORE_INF is 32000");

enum { TRACE_TEXT, TRACE_JSONL };

/* jsonl: the moves of the last path written, and the states they lead to
 * (state[i]: after i moves); json[0..json_end[i]) is the first i moves as
 * the game writes them, as JSON strings with commas between.  Events come
 * in the search's order, so a path mostly shares all but its last move with
 * the one before: writing it then costs one move, not a replay from the
 * root, which matters for traces of millions of events. */
#define MOVE_NAME_MAX 32
#define MOVE_JSON_MAX (6 * MOVE_NAME_MAX + 3) /* every byte \u00XX, quotes, comma */
typedef struct {
    int len;
    int known; /* state[0..known] are positions: no stranger played before */
    Move moves[SEARCH_MAX_PLY + 2];
    _Alignas(16) unsigned char state[SEARCH_MAX_PLY + 3][GAME_MAX_STATE];
    size_t json_end[SEARCH_MAX_PLY + 3];
    char json[(SEARCH_MAX_PLY + 2) * MOVE_JSON_MAX];
} JsonPath;

typedef struct {
    Search *search;
    const Game *g;
    const unsigned char *root;
    int format;
    uint64_t max_steps; /* 0: no limit */
    TraceTeller teller; /* text: the words */
    uint64_t steps;
    /* An entered node is printed only when the next step is not its own
     * leaf or table hit, which then make one line with it. */
    bool pending;
    TraceEvent enter;
    Move enter_path[SEARCH_MAX_PLY + 2];
    int answered_ply; /* a node that line answered: its backing up is not shown */
    JsonPath path;
    /* A jsonl line: the path, and 400 bytes at most besides. */
    char line[sizeof(((JsonPath *)0)->json) + 512];
} Tracer;

static void count_step(const TraceEvent *e, void *arg)
{
    Tracer *x = arg;
    (void)e;
    if (++x->steps > x->max_steps)
        search_stop(x->search);
}

/* text as a JSON string into out (at least 6 * strlen(text) + 3 bytes):
 * the games write plain ASCII, but a quote, a backslash or a control
 * character must still not break the line.  Returns the length. */
static size_t json_string(const char *text, char *out)
{
    size_t n = 0;
    out[n++] = '"';
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') {
            out[n++] = '\\';
            out[n++] = (char)*c;
        } else if (*c < 0x20) {
            n += (size_t)sprintf(out + n, "\\u%04x", *c);
        } else {
            out[n++] = (char)*c;
        }
    }
    out[n++] = '"';
    out[n] = '\0';
    return n;
}

/* Write path[0..len) into x->path, where state[len] is then the position
 * it leads to (when path.known reaches len). */
static void write_json_path(Tracer *x, const Move *path, int len)
{
    JsonPath *p = &x->path;
    int same = 0;
    while (same < len && same < p->len && p->moves[same] == path[same])
        same++;
    if (same == len)
        return; /* a prefix of the last one: still written, and kept */
    if (p->known > same)
        p->known = same;
    for (int i = same; i < len; i++) {
        char name[MOVE_NAME_MAX];
        /* Only a move the position has is played (gogo's play of another
         * position's move writes out of its arrays): MOVE_NULL is yomi's
         * null move, "--" as trace_text writes it; any other stranger is
         * "?", and the positions after it are unknown. */
        const Game *g = x->g;
        if (p->known == i && path[i] == MOVE_NULL && g->ops->play_null) {
            snprintf(name, sizeof name, "--");
            g->ops->play_null(g, p->state[i], p->state[i + 1]);
            p->known = i + 1;
        } else if (p->known == i && game_has_move(g, p->state[i], path[i])) {
            g->ops->format_move(g, p->state[i], path[i], name, sizeof name);
            g->ops->play(g, p->state[i], path[i], p->state[i + 1]);
            p->known = i + 1;
        } else {
            snprintf(name, sizeof name, "%s", path[i] == MOVE_NULL ? "--" : "?");
        }
        p->moves[i] = path[i];
        size_t at = p->json_end[i];
        if (i > 0)
            p->json[at++] = ',';
        p->json_end[i + 1] = at + json_string(name, p->json + at);
    }
    p->len = len;
}

/* One step in words, indented by ply. */
static void print_text(const Tracer *x, const TraceEvent *e)
{
    char line[2048];
    trace_text_event(&x->teller, e, line, sizeof line);
    printf("%*s%s\n", 2 * e->ply, "", line);
}

static const char *const kind_names[TRACE_KIND_COUNT] = {
    [TRACE_ITERATION] = "iteration", [TRACE_ENTER] = "enter",   [TRACE_LEAF] = "leaf",
    [TRACE_HIT] = "hit",             [TRACE_CLOSE] = "close",   [TRACE_CUTOFF] = "cutoff",
    [TRACE_RESEARCH] = "research",   [TRACE_MTD_PASS] = "mtd-pass",
    [TRACE_MTD_RESULT] = "mtd-result", [TRACE_PROBE] = "probe",
    [TRACE_SAMPLE] = "sample",       [TRACE_SELECT] = "select", [TRACE_EXPAND] = "expand",
    [TRACE_PLAYOUT] = "playout",     [TRACE_BACKUP] = "backup",
};

/* jsonl's "probe": which probe a TRACE_PROBE announces. */
static const char *const probe_names[] = {
    [TRACE_PROBE_NONE] = "none",
    [TRACE_PROBE_NULL_MOVE] = "null-move",
    [TRACE_PROBE_PROBCUT] = "probcut",
};

/* Which numbers each kind of event carries (engine/trace.h); the engine
 * leaves the others 0, and a 0 alpha on a leaf would read as a window.
 * doc/cli.md lists the same. */
enum {
    HAS_DEPTH = 1 << 0,
    HAS_ALPHA = 1 << 1,
    HAS_BETA = 1 << 2,
    HAS_VALUE = 1 << 3,
    HAS_BEST = 1 << 4,
    HAS_UNSEARCHED = 1 << 5,
    HAS_BOUND = 1 << 6,
    HAS_PROBE = 1 << 7,
    HAS_ITERATION = 1 << 8,
    HAS_PLIES = 1 << 9,
    HAS_UCB = 1 << 10, /* visits, score, q and ucb */
    HAS_WINDOW = HAS_ALPHA | HAS_BETA,
};
static const unsigned carried[TRACE_KIND_COUNT] = {
    [TRACE_ITERATION] = HAS_DEPTH,
    [TRACE_ENTER] = HAS_DEPTH | HAS_WINDOW,
    [TRACE_LEAF] = HAS_VALUE,
    [TRACE_HIT] = HAS_DEPTH | HAS_WINDOW | HAS_VALUE,
    [TRACE_CLOSE] = HAS_DEPTH | HAS_WINDOW | HAS_VALUE | HAS_BEST,
    /* A cutoff is value >= beta: the engine sets no alpha. */
    [TRACE_CUTOFF] = HAS_DEPTH | HAS_BETA | HAS_VALUE | HAS_BEST | HAS_UNSEARCHED,
    [TRACE_RESEARCH] = HAS_DEPTH | HAS_WINDOW | HAS_VALUE,
    /* A pass is asked before its value is known. */
    [TRACE_MTD_PASS] = HAS_DEPTH | HAS_WINDOW | HAS_BOUND,
    [TRACE_MTD_RESULT] = HAS_DEPTH | HAS_WINDOW | HAS_VALUE | HAS_BOUND,
    /* A probe is told before its search: the window is (bound - 1, bound). */
    [TRACE_PROBE] = HAS_DEPTH | HAS_WINDOW | HAS_BOUND | HAS_PROBE,
    /* mcts has no depth and no window: its steps carry its own numbers. */
    [TRACE_SAMPLE] = HAS_ITERATION,
    [TRACE_SELECT] = HAS_UCB,
    [TRACE_EXPAND] = HAS_UNSEARCHED,
    [TRACE_PLAYOUT] = HAS_VALUE | HAS_PLIES,
    [TRACE_BACKUP] = HAS_VALUE,
};

/* The line is put together by hand and written once: printf's parsing of
 * its format would be most of the time a trace of millions of lines takes. */
static char *put_text(char *at, const char *text)
{
    const size_t n = strlen(text);
    memcpy(at, text, n);
    return at + n;
}

static char *put_int(char *at, int v)
{
    char digits[12];
    int n = 0;
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        *at++ = '-';
    while (n)
        *at++ = digits[--n];
    return at;
}

/* ,"key":v with four decimals (a mean and UCB1, for which printf's cost
 * is only mcts's, one select a step down its tree). */
static char *put_fraction(char *at, const char *key, double v)
{
    return at + sprintf(at, ",\"%s\":%.4f", key, v);
}

/* ,"key":v, or null when the event does not carry it */
static char *put_number(char *at, const char *key, bool has, int v)
{
    *at++ = ',';
    *at++ = '"';
    at = put_text(at, key);
    at = put_text(at, "\":");
    return has ? put_int(at, v) : put_text(at, "null");
}

/* One event a line, the engine's own numbers from `side`'s view: kind,
 * ply, path, side, depth, alpha, beta and value always (null where the
 * kind carries none), best, unsearched, bound, probe, and mcts's
 * iteration, plies, visits, score, q and ucb only on the kinds that have
 * them. */
static void print_jsonl(Tracer *x, const TraceEvent *e)
{
    const unsigned has = carried[e->kind];
    const JsonPath *p = &x->path;
    write_json_path(x, e->path, e->ply);
    char *at = put_text(x->line, "{\"kind\":\"");
    at = put_text(at, kind_names[e->kind]);
    at = put_text(at, "\",\"ply\":");
    at = put_int(at, e->ply);
    at = put_text(at, ",\"path\":[");
    memcpy(at, p->json, p->json_end[e->ply]);
    at += p->json_end[e->ply];
    at = put_text(at, "],\"side\":");
    at = put_int(at, e->side);
    at = put_number(at, "depth", has & HAS_DEPTH, e->depth);
    at = put_number(at, "alpha", has & HAS_ALPHA, e->alpha);
    at = put_number(at, "beta", has & HAS_BETA, e->beta);
    at = put_number(at, "value", has & HAS_VALUE, e->value);
    if (has & HAS_BEST) {
        at = put_text(at, ",\"best\":");
        if (e->best == MOVE_NONE) {
            at = put_text(at, "null");
        } else if (p->known < e->ply) {
            at = put_text(at, "\"?\"");
        } else {
            char move[MOVE_NAME_MAX];
            x->g->ops->format_move(x->g, p->state[e->ply], e->best, move, sizeof move);
            at += json_string(move, at);
        }
    }
    if (has & HAS_UNSEARCHED)
        at = put_number(at, "unsearched", true, e->unsearched);
    if (has & HAS_BOUND)
        at = put_number(at, "bound", true, e->bound);
    if (has & HAS_ITERATION)
        at = put_number(at, "iteration", true, e->iteration);
    if (has & HAS_PLIES)
        at = put_number(at, "plies", true, e->plies);
    if (has & HAS_UCB) {
        at = put_number(at, "visits", true, (int)e->visits);
        at = put_number(at, "score", true, (int)e->score);
        at = put_fraction(at, "q", search_mean(e->score, e->visits));
        at = put_fraction(at, "ucb", e->ucb);
    }
    if (has & HAS_PROBE) {
        at = put_text(at, ",\"probe\":\"");
        at = put_text(at, (unsigned)e->probe < sizeof probe_names / sizeof probe_names[0]
                              ? probe_names[e->probe]
                              : "none");
        *at++ = '"';
    }
    at = put_text(at, "}\n");
    fwrite(x->line, 1, (size_t)(at - x->line), stdout);
}

static void flush_pending(Tracer *x)
{
    if (x->pending)
        print_text(x, &x->enter);
    x->pending = false;
}

static void trace_step(const TraceEvent *e, void *arg)
{
    Tracer *x = arg;
    if (x->format == TRACE_JSONL) {
        print_jsonl(x, e);
        return;
    }
    const bool answers = x->pending && (e->kind == TRACE_LEAF || e->kind == TRACE_HIT) &&
                         e->ply == x->enter.ply;
    if (answers) {
        x->pending = false;
        print_text(x, e);
        x->answered_ply = e->ply;
        return;
    }
    flush_pending(x);
    const bool hidden = e->kind == TRACE_CLOSE && e->ply == x->answered_ply;
    x->answered_ply = -1;
    if (hidden)
        return;
    if (e->kind == TRACE_ENTER) {
        x->enter = *e;
        memcpy(x->enter_path, e->path, (size_t)e->ply * sizeof *e->path);
        x->enter.path = x->enter_path;
        x->pending = true;
        return;
    }
    print_text(x, e);
}

/* One search of root with `step` watching; its result in r. */
static int run_traced(Tracer *x, const SearchConfig *cfg, TraceFn step, SearchResult *r)
{
    Err err = {{0}};
    x->search = search_new(x->g, cfg, &err);
    if (!x->search)
        return cli_fail("%s", err.msg);
    search_set_trace(x->search, step, x);
    const int rc = search_run(x->search, x->root, r, &err);
    search_free(x->search);
    x->search = NULL;
    if (rc != 0) {
        fprintf(stderr, "yomi: %s\n", err.msg);
        return EXIT_INTERNAL;
    }
    return EXIT_OK;
}

typedef struct {
    CliSearchArgs search;
    int format;
    long max_steps;
} TraceArgs;

static int trace_search(const TraceArgs *a, const Game *g, const unsigned char *root)
{
    Tracer x = {.g = g, .root = root, .format = a->format, .answered_ply = -1};
    const bool sampling = algorithm(a->search.cfg.algo)->flags & ALGO_SAMPLING;
    x.max_steps = (uint64_t)a->max_steps;
    x.teller = trace_teller(g, root, &a->search.cfg);
    memcpy(x.path.state[0], root, g->state_size);
    SearchResult r;
    if (x.max_steps > 0) {
        const int rc = run_traced(&x, &a->search.cfg, count_step, &r);
        if (rc != EXIT_OK)
            return rc;
        if (x.steps > x.max_steps && sampling)
            return cli_fail("trace: the search takes more than %ld steps; ask for fewer "
                            "--iterations or raise --max-steps (0: no limit)",
                            a->max_steps);
        if (x.steps > x.max_steps)
            return cli_fail("trace: the search takes more than %ld steps; ask for less (a "
                            "smaller --depth or position) or raise --max-steps (0: no limit)",
                            a->max_steps);
    }
    const int rc = run_traced(&x, &a->search.cfg, trace_step, &r);
    flush_pending(&x);
    if (rc != EXIT_OK || x.format == TRACE_JSONL)
        return rc;
    char move[32] = "-", v[16];
    if (r.move != MOVE_NONE)
        g->ops->format_move(g, root, r.move, move, sizeof move);
    trace_text_value(trace_shown(&x.teller, g->ops->side_to_move(g, root), r.value), v, sizeof v);
    if (sampling)
        printf(_("best %s (the most visited), value %s, %" PRIu64 " playouts, %" PRIu64
                 " tree nodes\n"),
               move, v, r.stats.leaves, r.stats.nodes);
    else
        printf(_("best %s, value %s, %" PRIu64 " leaves, %" PRIu64 " nodes\n"), move, v,
               r.stats.leaves, r.stats.nodes);
    return EXIT_OK;
}

/* trace's own options, which `yomi search` has not (its --format names
 * other formats): 1 when argv[*i] is one (its value consumed), 0 when
 * not, -1 when bad (message printed). */
static int trace_arg(TraceArgs *a, int argc, char **argv, int *i)
{
    const char *opt = argv[*i];
    const bool format = strcmp(opt, "--format") == 0;
    if (!format && strcmp(opt, "--max-steps") != 0)
        return 0;
    if (*i + 1 >= argc)
        return cli_fail("%s: %s needs a value", "trace", opt), -1;
    const char *value = argv[++*i];
    if (!format)
        return cli_parse_int(opt, value, 0, INT_MAX, &a->max_steps) == 0 ? 1 : -1;
    if (strcmp(value, "text") == 0)
        a->format = TRACE_TEXT;
    else if (strcmp(value, "jsonl") == 0)
        a->format = TRACE_JSONL;
    else
        return cli_fail("trace: --format '%.20s' is not one of text, jsonl", value), -1;
    return 1;
}

static int trace_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_trace, argc, argv))
        return EXIT_OK;
    TraceArgs a = {.format = TRACE_TEXT, .max_steps = TRACE_MAX_STEPS_DEFAULT};
    cli_search_args_init(&a.search);
    for (int i = 1; i < argc; i++) {
        int r = trace_arg(&a, argc, argv, &i);
        if (r == 0)
            r = cli_search_arg(&a.search, "trace", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("trace: unknown option '%.40s'", argv[i]);
    }
    if (cli_search_args_record(&a.search, "trace") != EXIT_OK)
        return EXIT_USAGE;
    if (!a.search.game)
        return cli_fail("trace: which game? (yomi trace GAME [options])");
    if (a.search.algos)
        return cli_fail("trace: --algos belongs to compare and grid (use --algo)");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.search.game, &a.search.go, a.search.position, root);
    if (!g)
        return EXIT_USAGE;
    const int rc = trace_search(&a, g, root);
    game_close(g);
    return rc;
}

const CliCommand cli_trace = {
    .name = "trace",
    .run = trace_cmd,
    .synopsis = "trace GAME [SEARCH OPTIONS] [--format text|jsonl] [--max-steps N]",
    /* xgettext:c-format */
    .help = N_("usage: yomi trace GAME [SEARCH OPTIONS] [--format text|jsonl] [--max-steps N]\n"
               "\n"
               "Search one position and print what the search does, step by step.\n"
               "--format text (the default) tells it in words, indented by ply: each node\n"
               "entered with its depth and window, leaves and table hits with their values,\n"
               "values backed up, cutoffs and the moves they spare, NegaScout/PVS\n"
               "re-searches, MTD(f) passes and the yomi algorithm's null-move and ProbCut\n"
               "probes; mcts's iterations: each selection down its tree (N, Q, UCB1), the\n"
               "node added, the playout and its result backed up.  Nodes are named by the\n"
               "moves from the root (1.2: the second move after the first; --: a null\n"
               "move).  Minimax and alphabeta show values from the first player's view,\n"
               "the others from the side to move's.\n"
               "\n"
               "--format jsonl prints one JSON object a step, with the keys kind, ply,\n"
               "path (the moves from the root), side, depth, alpha, beta and value (null\n"
               "where the kind has none), and best, unsearched, bound, probe, iteration,\n"
               "plies, visits, score, q and ucb where they apply.\n"
               "The numbers are the engine's, from the view of side (0: the first player);\n"
               "-32000 and 32000 are its infinities, the edges of an open window.\n"
               "\n"
               "--max-steps N (default 5000): a search of more than N steps is refused\n"
               "before anything is printed; 0: no limit.  The search options are those of\n"
               "`yomi search`.\n"),
    .game_options = true,
};
