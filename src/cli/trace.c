/* trace.c - `yomi trace GAME [SEARCH OPTIONS]`: one search told step by
 * step in words (or as a table with --format tsv), from the engine's trace
 * (engine/trace.h): nodes entered with their window, leaves, table hits,
 * values backed up, cutoffs, re-searches and MTD(f) passes.
 *
 * A search worth telling is small: the search runs once just to count
 * its steps, stopped past TRACE_MAX_STEPS, and a bigger one is refused
 * before anything is printed.  Then it runs again, printing as it goes. */
#include <inttypes.h>
#include <string.h>

#include "cli/searchcli.h"
#include "engine/algorithm.h"

#define TRACE_MAX_STEPS 5000

typedef struct {
    Search *search;
    const Game *g;
    const unsigned char *root;
    int format;
    bool minmax;      /* show values from the first player's view */
    bool solve;       /* to the end: no depths shown */
    uint64_t steps;
    /* An entered node is printed only when the next step is not its own
     * leaf or table hit, which then make one line with it. */
    bool pending;
    TraceEvent enter;
    Move enter_path[SEARCH_MAX_PLY + 2];
    int answered_ply; /* a node that line answered: its backing up is not shown */
} Tracer;

static void count_step(const TraceEvent *e, void *arg)
{
    Tracer *x = arg;
    (void)e;
    if (++x->steps > TRACE_MAX_STEPS)
        search_stop(x->search);
}

/* The moves from the root as the game writes them, joined by dots. */
static void format_path(const Tracer *x, const Move *path, int len, char *buf, size_t size)
{
    if (len == 0) {
        snprintf(buf, size, "%s", _("root"));
        return;
    }
    _Alignas(16) unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, x->root, x->g->state_size);
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < len && used < size; i++) {
        char move[32];
        x->g->ops->format_move(x->g, a, path[i], move, sizeof move);
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i ? "." : "", move);
        x->g->ops->play(x->g, a, path[i], b);
        memcpy(a, b, x->g->state_size);
    }
}

/* The path of the child of path[0..len) by move m. */
static void format_child(const Tracer *x, const Move *path, int len, Move m, char *buf,
                         size_t size)
{
    Move child[SEARCH_MAX_PLY + 2];
    memcpy(child, path, (size_t)len * sizeof *path);
    child[len] = m;
    format_path(x, child, len + 1, buf, size);
}

/* The infinities by name, and the null windows next to them too. */
static void format_value(int v, char *buf, size_t size)
{
    if (v >= SCORE_INF)
        snprintf(buf, size, "+inf");
    else if (v <= -SCORE_INF)
        snprintf(buf, size, "-inf");
    else if (v == SCORE_INF - 1)
        snprintf(buf, size, "+inf-1");
    else if (v == -SCORE_INF + 1)
        snprintf(buf, size, "-inf+1");
    else
        snprintf(buf, size, "%d", v);
}

/* The min/max algorithms are read from the first player's view: the
 * second player's values are negated and its window turned round. */
static bool flipped(const Tracer *x, const TraceEvent *e) { return x->minmax && e->side == 1; }

static void shown_value(const Tracer *x, const TraceEvent *e, int v, char *buf)
{
    format_value(flipped(x, e) ? -v : v, buf, 16);
}

static void shown_window(const Tracer *x, const TraceEvent *e, char *lo, char *hi)
{
    shown_value(x, e, flipped(x, e) ? e->beta : e->alpha, lo);
    shown_value(x, e, flipped(x, e) ? e->alpha : e->beta, hi);
}

static void indent(int ply) { printf("%*s", 2 * ply, ""); }

static void print_enter(const Tracer *x, const TraceEvent *e)
{
    char path[512], lo[16], hi[16];
    format_path(x, e->path, e->ply, path, sizeof path);
    shown_window(x, e, lo, hi);
    indent(e->ply);
    if (x->solve)
        printf(_("enter %s  window (%s, %s)\n"), path, lo, hi);
    else
        printf(_("enter %s  depth %d, window (%s, %s)\n"), path, e->depth, lo, hi);
}

/* A leaf or a table hit, at the node entered just before when `at` is it. */
static void print_answer(const Tracer *x, const TraceEvent *e)
{
    char path[512], v[16];
    format_path(x, e->path, e->ply, path, sizeof path);
    shown_value(x, e, e->value, v);
    indent(e->ply);
    if (e->kind == TRACE_LEAF)
        printf(_("leaf %s = %s\n"), path, v);
    else
        printf(_("table %s = %s, known from before\n"), path, v);
}

static void print_close(const Tracer *x, const TraceEvent *e)
{
    char path[512], best[512], v[16];
    format_path(x, e->path, e->ply, path, sizeof path);
    shown_value(x, e, e->value, v);
    indent(e->ply);
    if (e->best == MOVE_NONE) {
        printf(_("back up %s = %s\n"), path, v);
        return;
    }
    format_child(x, e->path, e->ply, e->best, best, sizeof best);
    printf(_("back up %s = %s, from %s\n"), path, v, best);
}

static void print_cutoff(const Tracer *x, const TraceEvent *e)
{
    char path[512], v[16], limit[16];
    format_child(x, e->path, e->ply, e->best, path, sizeof path);
    shown_value(x, e, e->value, v);
    shown_value(x, e, e->beta, limit);
    indent(e->ply);
    /* The engine counts a bound met on the last move as a cutoff too;
     * "0 moves not searched" would read as nothing happening. */
    if (e->unsearched == 0 && flipped(x, e))
        printf(_("%s: %s <= alpha %s on the last move (cutoff)\n"), path, v, limit);
    else if (e->unsearched == 0)
        printf(_("%s: %s >= beta %s on the last move (cutoff)\n"), path, v, limit);
    else if (flipped(x, e))
        printf(ngettext("%s: %s <= alpha %s, %d move not searched (cutoff)\n",
                        "%s: %s <= alpha %s, %d moves not searched (cutoff)\n",
                        (unsigned long)e->unsearched),
               path, v, limit, e->unsearched);
    else
        printf(ngettext("%s: %s >= beta %s, %d move not searched (cutoff)\n",
                        "%s: %s >= beta %s, %d moves not searched (cutoff)\n",
                        (unsigned long)e->unsearched),
               path, v, limit, e->unsearched);
}

static void print_research(const Tracer *x, const TraceEvent *e)
{
    char path[512], lo[16], hi[16], v[16];
    format_path(x, e->path, e->ply, path, sizeof path);
    format_value(e->alpha, lo, sizeof lo);
    format_value(e->beta, hi, sizeof hi);
    format_value(e->value, v, sizeof v);
    indent(e->ply);
    if (e->ply == 0) {
        printf(_("root: %s is outside the window (%s, %s): search again, wider\n"), v, lo, hi);
        return;
    }
    char above[16];
    format_value(e->alpha + 1, above, sizeof above);
    printf(_("%s: the null window (%s, %s) failed high with %s: search again with (%s, %s)\n"),
           path, lo, above, v, v, hi);
}

static void print_pass(const TraceEvent *e)
{
    char bound[16], below[16], lo[16], hi[16], v[16];
    format_value(e->bound, bound, sizeof bound);
    format_value(e->bound - 1, below, sizeof below);
    format_value(e->alpha, lo, sizeof lo);
    format_value(e->beta, hi, sizeof hi);
    format_value(e->value, v, sizeof v);
    if (e->kind == TRACE_MTD_PASS)
        printf(_("MTD(f) pass: is the value >= %s?  window (%s, %s), known [%s, %s]\n"), bound,
               below, bound, lo, hi);
    else if (e->value < e->bound)
        printf(_("the pass failed low: value <= %s, so it lies in [%s, %s]\n"), v, lo, hi);
    else
        printf(_("the pass failed high: value >= %s, so it lies in [%s, %s]\n"), v, lo, hi);
}

static void print_text(Tracer *x, const TraceEvent *e)
{
    switch (e->kind) {
    case TRACE_ITERATION:
        if (x->solve)
            printf(_("search to the end of the game\n"));
        else
            printf(_("iteration to depth %d\n"), e->depth);
        break;
    case TRACE_ENTER:
        print_enter(x, e);
        break;
    case TRACE_LEAF:
    case TRACE_HIT:
        print_answer(x, e);
        break;
    case TRACE_CLOSE:
        print_close(x, e);
        break;
    case TRACE_CUTOFF:
        print_cutoff(x, e);
        break;
    case TRACE_RESEARCH:
        print_research(x, e);
        break;
    case TRACE_MTD_PASS:
    case TRACE_MTD_RESULT:
        print_pass(e);
        break;
    case TRACE_KIND_COUNT:
        break;
    }
}

static const char *const kind_names[TRACE_KIND_COUNT] = {
    [TRACE_ITERATION] = "iteration", [TRACE_ENTER] = "enter",   [TRACE_LEAF] = "leaf",
    [TRACE_HIT] = "hit",             [TRACE_CLOSE] = "close",   [TRACE_CUTOFF] = "cutoff",
    [TRACE_RESEARCH] = "research",   [TRACE_MTD_PASS] = "mtd-pass",
    [TRACE_MTD_RESULT] = "mtd-result",
};

#define TSV_HEADER "kind\tply\tpath\tside\tdepth\talpha\tbeta\tvalue\tbest\tunsearched\tbound\n"

/* One event a line, the engine's own numbers (side to move's view). */
static void print_tsv(const Tracer *x, const TraceEvent *e)
{
    char path[512], best[512];
    format_path(x, e->path, e->ply, path, sizeof path);
    if (e->ply == 0)
        snprintf(path, sizeof path, "-");
    snprintf(best, sizeof best, "-");
    if ((e->kind == TRACE_CLOSE || e->kind == TRACE_CUTOFF) && e->best != MOVE_NONE)
        format_child(x, e->path, e->ply, e->best, best, sizeof best);
    printf("%s\t%d\t%s\t%d\t%d\t%d\t%d\t%d\t%s\t%d\t%d\n", kind_names[e->kind], e->ply, path,
           e->side, e->depth, e->alpha, e->beta, e->value, best, e->unsearched, e->bound);
}

static void flush_pending(Tracer *x)
{
    if (x->pending)
        print_enter(x, &x->enter);
    x->pending = false;
}

static void trace_step(const TraceEvent *e, void *arg)
{
    Tracer *x = arg;
    if (x->format == FORMAT_TSV) {
        print_tsv(x, e);
        return;
    }
    const bool answers = x->pending && (e->kind == TRACE_LEAF || e->kind == TRACE_HIT) &&
                         e->ply == x->enter.ply;
    if (answers) {
        x->pending = false;
        print_answer(x, e);
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

static int trace_search(const CliSearchArgs *a, const Game *g, const unsigned char *root)
{
    Tracer x = {.g = g, .root = root, .format = a->format, .answered_ply = -1};
    x.minmax = (algorithm(a->cfg.algo)->flags & ALGO_MINMAX_FORM) != 0;
    x.solve = a->cfg.solve;
    SearchResult r;
    int rc = run_traced(&x, &a->cfg, count_step, &r);
    if (rc != EXIT_OK)
        return rc;
    if (x.steps > TRACE_MAX_STEPS)
        return cli_fail("trace: the search takes more than %d steps to tell; ask for less "
                        "(a smaller --depth or position)",
                        TRACE_MAX_STEPS);
    if (x.format == FORMAT_TSV)
        fputs(TSV_HEADER, stdout);
    rc = run_traced(&x, &a->cfg, trace_step, &r);
    flush_pending(&x);
    if (rc != EXIT_OK || x.format == FORMAT_TSV)
        return rc;
    char move[32] = "-", v[16];
    if (r.move != MOVE_NONE)
        g->ops->format_move(g, root, r.move, move, sizeof move);
    const TraceEvent at_root = {.side = g->ops->side_to_move(g, root)};
    shown_value(&x, &at_root, r.value, v);
    printf(_("best %s, value %s, %" PRIu64 " leaves, %" PRIu64 " nodes\n"), move, v,
           r.stats.leaves, r.stats.nodes);
    return EXIT_OK;
}

static int trace_cmd(int argc, char **argv)
{
    if (cli_wants_help(&cli_trace, argc, argv))
        return EXIT_OK;
    CliSearchArgs a;
    cli_search_args_init(&a);
    for (int i = 1; i < argc; i++) {
        const int r = cli_search_arg(&a, "trace", argc, argv, &i);
        if (r < 0)
            return EXIT_USAGE;
        if (r == 0)
            return cli_fail("trace: unknown option '%.40s'", argv[i]);
    }
    if (!a.game)
        return cli_fail("trace: which game? (yomi trace GAME [options])");
    if (a.algos)
        return cli_fail("trace: --algos belongs to compare and grid (use --algo)");
    if (a.format == FORMAT_JSON)
        return cli_fail("trace: --format is text or tsv");
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Game *g = cli_game_open_at(a.game, &a.go, a.position, root);
    if (!g)
        return EXIT_USAGE;
    const int rc = trace_search(&a, g, root);
    game_close(g);
    return rc;
}

const CliCommand cli_trace = {
    .name = "trace",
    .run = trace_cmd,
    .synopsis = "trace GAME [SEARCH OPTIONS]",
    /* xgettext:c-format */
    .help = N_("usage: yomi trace GAME [SEARCH OPTIONS]\n"
               "\n"
               "Search one position and tell the search step by step, indented by ply: each\n"
               "node entered with its depth and window, leaves and table hits with their\n"
               "values, values backed up, cutoffs and the moves they spare, NegaScout/PVS\n"
               "re-searches and MTD(f) passes.  Nodes are named by the moves from the root\n"
               "(1.2: the second move after the first).  Minimax and alphabeta show values\n"
               "from the first player's view, the others from the side to move's.  A search\n"
               "of more than 5000 steps is refused: ask for a smaller depth or position.\n"
               "--format tsv prints one step a line: kind, ply, path, side, depth, alpha,\n"
               "beta, value, best, unsearched, bound (the engine's numbers, side to move's\n"
               "view).  The search options are those of `yomi search`.\n"),
    .game_options = true,
};
