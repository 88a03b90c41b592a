/* compare_draw.c - what the race draws (compare.h).
 *
 * The table has two sets of columns (Tab): how many leaves, with a bar on
 * a log scale and how many times fewer than the most, and why (cutoffs,
 * re-searches, MTD(f)'s passes, table hits, the effective branching
 * factor).  A linear bar drew 10 thousand leaves against 6 million as one
 * block; on a log scale every factor of ten is the same step, so alpha-beta
 * in the best order, near the square root of minimax's leaves, draws about
 * half its bar.  The sweep (s) draws nodes against depth on a log axis,
 * one letter per algorithm: the slope of each is its branching factor. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "ui/compare.h"
#include "ui/fmt.h"

/* ---- shared pieces --------------------------------------------------------- */

/* 10^k as an axis says it: 1, 10, 100, 1k, ..., 100E. */
static void decade_label(int k, char *buf, size_t len)
{
    static const char units[] = " kMGTPE";
    static const char *const tens[] = {"1", "10", "100"};
    if (k < 0 || k / 3 >= (int)sizeof units - 1) {
        snprintf(buf, len, "?");
        return;
    }
    snprintf(buf, len, "%s%.*s", tens[k % 3], k >= 3 ? 1 : 0, &units[k / 3]);
}

/* n in at most four columns: 999, 5.9k, 225k, 1.2M. */
static void compact(uint64_t n, char *buf, size_t len)
{
    static const char units[] = "kMGTPE";
    if (n < 1000) {
        snprintf(buf, len, "%llu", (unsigned long long)n);
        return;
    }
    double v = (double)n / 1000;
    int u = 0;
    while (v >= 999.5 && u + 1 < (int)sizeof units - 1) {
        v /= 1000;
        u++;
    }
    snprintf(buf, len, v < 9.95 ? "%.1f%c" : "%.0f%c", v, units[u]);
}

/* The decades an axis needs to reach n (at least one). */
static int decades(uint64_t n)
{
    int k = 1;
    for (double p = 10; (double)n > p && k < 19; p *= 10)
        k++;
    return k;
}

/* A heading whose right edge is column `end`, at most `room` columns
 * (translated ones differ in width; the numbers below are ASCII). */
static void head_right(Grid *g, int y, int end, int room, const char *text)
{
    int w = grid_text_width(text);
    if (w > room)
        w = room;
    grid_putn(g, y, end - w + 1, ST_DIM, text, room);
}

static const char *ellipsis(const Glyphs *gl) { return gl->utf8 ? "\xe2\x80\xa6" : "..."; }

/* Rows of the table shown when `space` rows are free and `below` of them
 * go under it; the note on the rest takes a row of its own. */
static int rows_shown(const Compare *c, int space, int below)
{
    if (c->nrows + below <= space)
        return c->nrows;
    const int n = space - below - 1;
    return n < 1 ? 1 : n;
}

/* The first row shown, so that the cursor's row is among them. */
static int scroll_to_cursor(Compare *c, int shown)
{
    if (c->cur < c->scroll)
        c->scroll = c->cur;
    if (c->cur >= c->scroll + shown)
        c->scroll = c->cur - shown + 1;
    if (c->scroll > c->nrows - shown)
        c->scroll = c->nrows - shown;
    if (c->scroll < 0)
        c->scroll = 0;
    return c->scroll;
}

/* ---- the table --------------------------------------------------------- */

enum { TABLE_Y = 2 };

/* The leaves columns: the bar's cells run from BAR_X to the column before
 * the "fewer" column at the right edge. */
enum { BAR_X = 43, FEWER_W = 7 };

static int bar_width(const Grid *g) { return g->w - BAR_X - FEWER_W - 3; }

/* Where n falls on the log axis, in eighths of a cell from BAR_X. */
static int log_eighths(uint64_t n, int width, int ndecades)
{
    if (n == 0)
        return 0;
    const int e = (int)(log10((double)n) / ndecades * width * 8 + 0.5);
    return e < 1 ? 1 : e; /* one leaf still shows */
}

static void draw_log_bar(Grid *g, int y, uint64_t n, int width, int ndecades, const Glyphs *gl)
{
    static const char *const eighths[] = {"\xe2\x96\x8f", "\xe2\x96\x8e", "\xe2\x96\x8d", "\xe2\x96\x8c",
                                          "\xe2\x96\x8b", "\xe2\x96\x8a", "\xe2\x96\x89"}; /* ▏..▉ */
    const int e = log_eighths(n, width, ndecades);
    if (e == 0)
        return;
    if (!gl->utf8) { /* whole cells only */
        const int len = (e + 4) / 8 < 1 ? 1 : (e + 4) / 8;
        for (int k = 0; k < len; k++)
            grid_put(g, y, BAR_X + k, ST_BAR, gl->bar);
        return;
    }
    int k = 0;
    for (; k < e / 8; k++)
        grid_put(g, y, BAR_X + k, ST_BAR, gl->bar);
    if (e % 8)
        grid_put(g, y, BAR_X + k, ST_BAR, eighths[e % 8 - 1]);
}

/* The axis under the bars: a tick at each power of ten, labelled while
 * the labels do not run into each other. */
static void draw_log_axis(Grid *g, int y, int width, int ndecades, const Glyphs *gl)
{
    for (int x = BAR_X; x <= BAR_X + width; x++)
        grid_put(g, y, x, ST_DIM, gl->h);
    int free_from = BAR_X;
    for (int k = 0; k <= ndecades; k++) {
        const int x = BAR_X + (int)((double)k * width / ndecades + 0.5);
        grid_put(g, y, x, ST_DIM, gl->utf8 ? "\xe2\x94\xb4" /* ┴ */ : "+");
        char label[8];
        decade_label(k, label, sizeof label);
        if (x < free_from)
            continue;
        free_from = grid_put(g, y + 1, x, ST_DIM, label) + 1;
    }
}

/* "x598": how many times fewer leaves than the most; "-" for none. */
static void fewer_text(uint64_t most, uint64_t n, const Glyphs *gl, char *buf, size_t len)
{
    const char *times = gl->utf8 ? "\xc3\x97" : "x";
    if (n == 0 || most == 0) {
        snprintf(buf, len, "-");
        return;
    }
    const double r = (double)most / (double)n;
    if (r < 9.95)
        snprintf(buf, len, "%s%.1f", times, r);
    else if (r < 99999.5)
        snprintf(buf, len, "%s%.0f", times, r);
    else {
        char s[16];
        fmt_short((uint64_t)(r + 0.5), s, sizeof s);
        snprintf(buf, len, "%s%s", times, s);
    }
}

/* The row's name; bold while it runs, the cursor's highlighted. */
static void draw_name(const Compare *c, Grid *g, int y, int i)
{
    const Job *r = &c->rows[i];
    grid_printf(g, y, 1, r->state == JOB_RUNNING ? ST_KEY : ST_NORMAL, "%-16s", algo_name(r->algo));
    if (i == c->cur)
        grid_flag(g, y, 1, 16, SF_SELECT);
}

/* A row that has no numbers: waiting, not run, or failed.  True if so. */
static bool draw_no_numbers(Grid *g, int y, const Job *r)
{
    if (r->state == JOB_WAITING || r->state == JOB_NOT_RUN) {
        grid_put(g, y, 18, ST_DIM, r->state == JOB_WAITING ? _("waiting") : _("not run"));
        return true;
    }
    if (r->state == JOB_STOPPED) {
        grid_put(g, y, 18, ST_BAD, _("stopped"));
        return true;
    }
    if (r->state == JOB_FAILED) {
        grid_putn(g, y, 18, ST_BAD, r->error, g->w - 19);
        return true;
    }
    return false;
}

static void draw_leaves_row(const Compare *c, Grid *g, int y, int i, uint64_t most, int ndecades,
                            const Glyphs *gl)
{
    const Job *r = &c->rows[i];
    const SearchStats *st = &r->stats;
    char a[48];
    const int width = bar_width(g);
    if (draw_no_numbers(g, y, r))
        return;
    const bool done = r->state == JOB_DONE;
    char best[16] = "-";
    const Move bm = done ? r->result.move : st->best;
    if (bm != MOVE_NONE)
        c->game->ops->format_move(c->game, c->root, bm, best, sizeof best);
    fmt_value(done ? r->result.value : st->value, a, sizeof a);
    grid_printf(g, y, 18, done ? ST_GOOD : ST_NORMAL, "%5s", a);
    grid_printf(g, y, 24, ST_NORMAL, "%-6.6s", best);
    fmt_count(st->leaves, a, sizeof a);
    grid_printf(g, y, BAR_X - 12, ST_NORMAL | (done ? SF_BOLD : 0), "%11s", a);
    draw_log_bar(g, y, st->leaves, width, ndecades, gl);
    /* The old order's leaves: a line across the bar, or past its end. */
    if (c->has_before && c->before_leaves[i]) {
        const int x = BAR_X + (log_eighths(c->before_leaves[i], width, ndecades) - 1) / 8;
        grid_put(g, y, x, ST_KEY, gl->v);
    }
    if (done)
        fewer_text(most, st->leaves, gl, a, sizeof a);
    else
        snprintf(a, sizeof a, "%s", ellipsis(gl));
    grid_printf(g, y, g->w - FEWER_W - 1, done ? ST_NORMAL : ST_KEY, "%*s", FEWER_W,
                a);
}

/* The why columns, each a right edge and its width. */
static const struct {
    int end, w;
    const char *head;
} why_cols[] = {{28, 11, N_("nodes")},  {39, 10, N_("cutoffs")}, {49, 9, N_("re-search")},
                {56, 6, N_("passes")},  {63, 6, N_("hits")},     {70, 6, N_("ebf")},
                {78, 7, N_("time")}};

static void draw_why_row(const Compare *c, Grid *g, int y, int i, const Glyphs *gl)
{
    const Job *r = &c->rows[i];
    if (draw_no_numbers(g, y, r))
        return;
    const SearchStats *st = &r->stats;
    char v[7][32];
    fmt_count(st->nodes, v[0], sizeof v[0]);
    fmt_count(st->cutoffs, v[1], sizeof v[1]);
    fmt_short(st->researches, v[2], sizeof v[2]);
    fmt_short(st->mtd_passes, v[3], sizeof v[3]);
    fmt_short(st->hits, v[4], sizeof v[4]);
    const double ebf = compare_job_ebf(c, r);
    if (r->state == JOB_RUNNING)
        snprintf(v[5], sizeof v[5], "%s", ellipsis(gl));
    else if (ebf > 0)
        snprintf(v[5], sizeof v[5], ebf < 99.995 ? "%.2f" : "%.0f", ebf);
    else
        snprintf(v[5], sizeof v[5], "-");
    fmt_ms(st->elapsed_ms, v[6], sizeof v[6]);
    for (int k = 0; k < 7; k++) {
        const int w = why_cols[k].w;
        grid_printf(g, y, why_cols[k].end - w + 1, k == 0 && r->state == JOB_DONE ? ST_NORMAL | SF_BOLD : ST_NORMAL,
                    "%*.*s", w, w, v[k]);
    }
}

/* Words under the table: what the columns mean. */
static void draw_legend(const Compare *c, Grid *g, int y, int rows, uint64_t most, int most_row,
                        const Glyphs *gl)
{
    const int w = g->w - 2;
    char line[400];
    if (c->columns == COLUMNS_WHY) {
        static const char *const lines[] = {
            N_("cutoffs: moves a bound made needless; re-search: a null window failed high"),
            N_("passes: MTD(f)'s null-window searches; hits: answers from the table"),
            N_("ebf: the b with b + b^2 + ... + b^d = nodes below the root, d the depth")};
        for (int k = 0; k < 3 && k < rows; k++)
            grid_putn(g, y + k, 1, ST_DIM, _(lines[k]), w);
        return;
    }
    int k = 0;
    if (most && k < rows) {
        char count[32];
        fmt_count(most, count, sizeof count);
        snprintf(line, sizeof line, _("fewer: how many times fewer leaves than %s's %s"),
                 algo_name(c->rows[most_row].algo), count);
        grid_putn(g, y + k++, 1, ST_DIM, line, w);
    }
    bool before = false;
    for (int i = 0; i < c->nrows && c->has_before; i++)
        before = before || c->before_leaves[i] > 0;
    if (before && k < rows) {
        const int x = grid_put(g, y + k, 1, ST_DIM, gl->v);
        snprintf(line, sizeof line, _("the leaves in %s order, before o"),
                 compare_order_name(c->before_order));
        grid_putn(g, y + k++, x + 1, ST_DIM, line, w - 2);
    }
}

static void draw_table(Compare *c, Grid *g, const Glyphs *gl)
{
    const bool leaves = c->columns == COLUMNS_LEAVES;
    const int space = g->h - 3 - (TABLE_Y + 1); /* to the footer */
    const int axis = leaves ? 2 : 0;
    const int shown = rows_shown(c, space, axis);
    const int first = scroll_to_cursor(c, shown);
    /* Each heading at its column, so a translated one cannot shift the
     * rest (the numbers below are right-aligned ASCII). */
    grid_put(g, TABLE_Y, 1, ST_DIM, _("algorithm"));
    if (leaves) {
        head_right(g, TABLE_Y, 22, 5, _("value"));
        grid_putn(g, TABLE_Y, 24, ST_DIM, _("best"), 6);
        head_right(g, TABLE_Y, BAR_X - 2, 11, _("leaves"));
        grid_putn(g, TABLE_Y, BAR_X, ST_DIM, _("on a log scale"), bar_width(g));
        head_right(g, TABLE_Y, g->w - 2, FEWER_W, _("fewer"));
    } else {
        for (int k = 0; k < (int)(sizeof why_cols / sizeof why_cols[0]); k++)
            head_right(g, TABLE_Y, why_cols[k].end, why_cols[k].w, _(why_cols[k].head));
    }
    uint64_t most = 0, top = 1;
    int most_row = 0;
    for (int i = 0; i < c->nrows; i++) {
        const uint64_t n = c->rows[i].stats.leaves;
        if (c->rows[i].state == JOB_DONE && n > most) {
            most = n;
            most_row = i;
        }
        if (n > top)
            top = n;
        if (c->has_before && c->before_leaves[i] > top)
            top = c->before_leaves[i];
    }
    const int ndecades = decades(top);
    for (int k = 0; k < shown && first + k < c->nrows; k++) {
        const int y = TABLE_Y + 1 + k, i = first + k;
        draw_name(c, g, y, i);
        if (leaves)
            draw_leaves_row(c, g, y, i, most, ndecades, gl);
        else
            draw_why_row(c, g, y, i, gl);
    }
    int y = TABLE_Y + 1 + shown;
    if (shown < c->nrows)
        grid_printf(g, y++, 1, ST_DIM, _("(%d more: enlarge the terminal; %s scroll)"), c->nrows - shown,
                    gl->utf8 ? "\xe2\x86\x91\xe2\x86\x93" : "up/down");
    if (leaves) {
        draw_log_axis(g, y, bar_width(g), ndecades, gl);
        grid_putn(g, y + 1, 1, ST_DIM, _("leaves, each step ten times more:"), BAR_X - 2);
        y += 2;
    }
    const int room = g->h - 3 - y - 1;
    if (room > 0)
        draw_legend(c, g, y + 1, room, most, most_row, gl);
}

/* ---- the sweep ------------------------------------------------------------ */

/* Right of the chart: a letter, the algorithm and its ebf at the deepest
 * depth swept. */
enum { LEGEND_W = 24, CHART_X = 7 };

static unsigned row_flags(const Compare *c, int i) { return algorithm(c->rows[i].algo)->flags; }

static int deepest_done(const Compare *c, int i)
{
    int d = 0;
    for (int k = 0; k < compare_sweep_len(c, i); k++)
        if (c->sweep[i][k].state == JOB_DONE)
            d = k + 1;
    return d;
}

/* The chart's geometry: `n` columns of depths (mcts's iterations drawn in
 * the same columns), and one more at the right, "end", when an algorithm
 * that only solves (pns) is there: its one search reaches the end. */
typedef struct {
    int n, ncols, band, top, bottom, ph, legend_x;
    bool sampling, solving; /* some row samples (mcts) / only solves (pns) */
} Chart;

static bool chart_layout(const Compare *c, const Grid *g, Chart *ch)
{
    ch->sampling = ch->solving = false;
    for (int i = 0; i < c->nrows; i++) {
        ch->sampling = ch->sampling || (row_flags(c, i) & ALGO_SAMPLING);
        ch->solving = ch->solving || (row_flags(c, i) & ALGO_SOLVE_ONLY);
    }
    ch->legend_x = g->w - LEGEND_W - 1;
    const int plot_w = ch->legend_x - 2 - CHART_X;
    ch->top = TABLE_Y + 1;
    ch->bottom = g->h - 7 - ch->sampling; /* a row of iterations under the depths */
    ch->ph = ch->bottom - ch->top + 1;
    if (ch->ph < 3 || plot_w < 6 || c->sweep_n == 0)
        return false;
    ch->n = c->sweep_n;
    ch->ncols = ch->n + ch->solving;
    ch->band = plot_w / ch->ncols;
    if (ch->band < 2) {
        ch->band = 2;
        ch->ncols = plot_w / 2;
        ch->n = ch->ncols - ch->solving;
    }
    return true;
}

/* The column row i's d-th search is drawn in; -1: not drawn. */
static int chart_column(const Compare *c, const Chart *ch, int i, int d)
{
    if (row_flags(c, i) & ALGO_SOLVE_ONLY)
        return d == 0 ? ch->n : -1;
    return d < ch->n ? d : -1;
}

/* The depths (and "end") under the axis, and mcts's iterations under them. */
static void chart_x_labels(const Chart *ch, Grid *g, const Glyphs *gl)
{
    grid_put(g, ch->bottom + 1, CHART_X - 1, ST_DIM, gl->bl);
    for (int x = CHART_X; x < CHART_X + ch->ncols * ch->band; x++)
        grid_put(g, ch->bottom + 1, x, ST_DIM, gl->h);
    int free_from[2] = {0, 0};
    for (int d = 0; d < ch->ncols; d++) {
        const int mid = CHART_X + d * ch->band + (ch->band - 1) / 2;
        for (int row = 0; row < 1 + ch->sampling; row++) {
            char label[16];
            if (row == 0 && d == ch->n)
                snprintf(label, sizeof label, "%s", _("end"));
            else if (row == 0)
                snprintf(label, sizeof label, "%d", d + 1);
            else if (d < SWEEP_SAMPLE_DECADES && d < ch->n)
                decade_label(d + 1, label, sizeof label);
            else
                continue;
            const int x = mid - (grid_text_width(label) - 1) / 2;
            if (x < free_from[row])
                continue;
            free_from[row] = grid_put(g, ch->bottom + 2 + row, x, ST_DIM, label) + 1;
        }
    }
    grid_putn(g, ch->bottom + 2, ch->legend_x, ST_DIM, _("depth"), LEGEND_W);
    if (ch->sampling)
        grid_putn(g, ch->bottom + 3, ch->legend_x, ST_DIM, _("iterations, mcts"), LEGEND_W);
}

/* The cursor's algorithm's counts under the chart: nodes by depth, mcts's
 * tree nodes by iterations, or pns's one solve. */
static void chart_cursor_line(const Compare *c, const Chart *ch, Grid *g, const Glyphs *gl)
{
    const int y = ch->bottom + 3 + ch->sampling, i = c->cur;
    const unsigned flags = row_flags(c, i);
    const Job *first = &c->sweep[i][0];
    if (flags & ALGO_SOLVE_ONLY) {
        char v[32];
        if (first->state == JOB_DONE)
            fmt_count(first->stats.nodes, v, sizeof v);
        else
            snprintf(v, sizeof v, "%s", ellipsis(gl));
        char line[160];
        snprintf(line, sizeof line, _("%s solves whatever the depth: one search, %s nodes"),
                 algo_name(c->rows[i].algo), v);
        grid_putn(g, y, 1, ST_NORMAL, line, g->w - 2);
        return;
    }
    int x = grid_printf(g, y, 1, ST_NORMAL,
                        flags & ALGO_SAMPLING ? _("%s, tree nodes by iterations:")
                                              : _("%s, nodes by depth:"),
                        algo_name(c->rows[i].algo));
    for (int d = 0; d < compare_sweep_len(c, i); d++) {
        const Job *j = &c->sweep[i][d];
        char v[16], at[16];
        if (j->state == JOB_DONE)
            fmt_short(j->stats.nodes, v, sizeof v);
        else if (j->state == JOB_RUNNING)
            snprintf(v, sizeof v, "%s", ellipsis(gl));
        else
            break;
        if (flags & ALGO_SAMPLING)
            decade_label(d + 1, at, sizeof at);
        else
            snprintf(at, sizeof at, "%d", d + 1);
        char item[40];
        snprintf(item, sizeof item, " %s:%s", at, v);
        if (x + (int)strlen(item) >= g->w)
            break;
        x = grid_put(g, y, x, ST_NORMAL, item);
    }
}

static void draw_sweep(Compare *c, Grid *g, const Glyphs *gl)
{
    Chart ch;
    if (!chart_layout(c, g, &ch))
        return;
    const int top = ch.top, bottom = ch.bottom, ph = ch.ph, band = ch.band;
    const int legend_x = ch.legend_x;
    char text[160];
    snprintf(text, sizeof text, _("Nodes at depths 1..%d, on a log scale"), ch.n);
    grid_putn(g, TABLE_Y, 1, ST_TITLE, text, legend_x - 2);
    head_right(g, TABLE_Y, g->w - 2, 6, _("ebf"));
    uint64_t most = 1;
    for (int i = 0; i < c->nrows; i++)
        for (int d = 0; d < compare_sweep_len(c, i); d++) {
            if (chart_column(c, &ch, i, d) < 0)
                continue;
            if (c->sweep[i][d].stats.nodes > most)
                most = c->sweep[i][d].stats.nodes;
            if (c->has_before && c->before_nodes[i][d] > most)
                most = c->before_nodes[i][d];
        }
    /* The top of the chart is the most nodes, not the next power of ten:
     * every row of it is used. */
    const double lmax = most > 10 ? log10((double)most) : 1;
    /* The axes: powers of ten up the left, depths along the bottom. */
    int last_label = -1;
    for (int y = top; y <= bottom; y++)
        grid_put(g, y, CHART_X - 1, ST_DIM, gl->v);
    for (int k = 0; k <= (int)lmax; k++) {
        const int y = bottom - (int)(k / lmax * (ph - 1) + 0.5);
        if (y == last_label)
            continue;
        last_label = y;
        char label[8];
        decade_label(k, label, sizeof label);
        grid_printf(g, y, 1, ST_DIM, "%4s", label);
        grid_put(g, y, CHART_X - 1, ST_DIM, gl->utf8 ? "\xe2\x94\xa4" /* ┤ */ : "+");
    }
    if (last_label != top) { /* the top: the most nodes */
        char label[16];
        compact(most, label, sizeof label);
        grid_printf(g, top, 1, ST_DIM, "%4s", label);
        grid_put(g, top, CHART_X - 1, ST_DIM, gl->utf8 ? "\xe2\x94\xa4" /* ┤ */ : "+");
    }
    chart_x_labels(&ch, g, gl);
    /* The marks: the old order's in small letters under the new order's
     * capitals; capitals that fall on one cell show as '*', except the
     * cursor's algorithm, drawn last and bright, so Up and Down pick each
     * line out of a crowd. */
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < c->nrows; i++) {
            if ((pass == 1 && i == c->cur) || (pass == 2 && i != c->cur))
                continue;
            for (int d = 0; d < compare_sweep_len(c, i); d++) {
                const int col = chart_column(c, &ch, i, d);
                const Job *j = &c->sweep[i][d];
                uint64_t v;
                if (pass == 0)
                    v = c->has_before ? c->before_nodes[i][d] : 0;
                else
                    v = j->state == JOB_DONE || j->state == JOB_RUNNING ? j->stats.nodes : 0;
                if (v == 0 || col < 0)
                    continue;
                const int off = c->nrows <= band - 1 ? i : i * (band - 1) / c->nrows;
                const int x = CHART_X + col * band + off;
                const int y = bottom - (int)(log10((double)v) / lmax * (ph - 1) + 0.5);
                char mark[2] = {(char)((pass == 0 ? 'a' : 'A') + i % 26), '\0'};
                const GridCell *under = grid_at(g, y, x);
                if (pass == 1 && under && under->ch >= 'A' && under->ch <= 'Z' && under->ch != (uint32_t)mark[0])
                    mark[0] = '*';
                const int style = pass == 0 ? ST_DIM
                                  : j->state != JOB_DONE ? ST_DIM
                                  : pass == 2 ? ST_GOOD | SF_BOLD
                                              : ST_KEY;
                grid_put(g, y, x, style, mark);
            }
        }
    /* The legend: each algorithm's letter, its name and its ebf at the
     * deepest depth swept; "-" where there is no depth to count it by
     * (mcts's nodes grow with its iterations, pns's one search solves). */
    for (int i = 0; i < c->nrows && top + i <= bottom; i++) {
        const int y = top + i, deep = deepest_done(c, i);
        grid_printf(g, y, legend_x, ST_KEY, "%c", 'A' + i % 26);
        grid_printf(g, y, legend_x + 2, ST_NORMAL, "%-16s", algo_name(c->rows[i].algo));
        if (i == c->cur)
            grid_flag(g, y, legend_x + 2, 16, SF_SELECT);
        if (row_flags(c, i) & (ALGO_SOLVE_ONLY | ALGO_SAMPLING)) {
            grid_put(g, y, legend_x + 23, ST_DIM, "-");
            continue;
        }
        const double ebf = deep ? compare_job_ebf(c, &c->sweep[i][deep - 1]) : 0;
        if (ebf > 0)
            grid_printf(g, y, legend_x + 18, ST_NORMAL, ebf < 99.995 ? "%6.2f" : "%6.0f", ebf);
    }
    bool before = false;
    for (int i = 0; i < c->nrows && c->has_before; i++)
        for (int d = 0; d < compare_sweep_len(c, i); d++)
            before = before || c->before_nodes[i][d] > 0;
    if (before && c->nrows < ph)
        grid_printf(g, top + c->nrows + (c->nrows < ph - 1), legend_x, ST_DIM,
                    _("a, b, ...: %s order"), compare_order_name(c->before_order));
    chart_cursor_line(c, &ch, g, gl);
}

/* ---- the frame ------------------------------------------------------------ */

/* Done, waiting or running, and stopped (x) among `n` jobs. */
static void count_jobs(Job *const *jobs, int n, int *done, int *pending, int *stopped)
{
    *done = *pending = *stopped = 0;
    for (int i = 0; i < n; i++) {
        *pending += jobs[i]->state == JOB_WAITING || jobs[i]->state == JOB_RUNNING;
        *done += jobs[i]->state == JOB_DONE;
        *stopped += jobs[i]->state == JOB_STOPPED || jobs[i]->state == JOB_NOT_RUN;
    }
}

/* The line above the keys: how far the run is, or how it ended. */
static void draw_footer(const Compare *c, Grid *g)
{
    Job *race[ALGO_COUNT], *sweep[ALGO_COUNT * SWEEP_MAX];
    int nrace = 0, nsweep = 0;
    for (int i = 0; i < c->nrows; i++) {
        race[nrace++] = (Job *)&c->rows[i];
        for (int d = 0; d < compare_sweep_len(c, i); d++)
            sweep[nsweep++] = (Job *)&c->sweep[i][d];
    }
    int done, pending, stopped, sdone, spending, sstopped;
    count_jobs(race, nrace, &done, &pending, &stopped);
    count_jobs(sweep, nsweep, &sdone, &spending, &sstopped);
    const int y = g->h - 3;
    char status[160];
    if (c->show_sweep) {
        if (spending)
            snprintf(status, sizeof status, _("Sweeping: %d of %d searches done"), sdone, nsweep);
        else if (sstopped)
            snprintf(status, sizeof status, _("Stopped: %d of %d done"), sdone, nsweep);
        else
            snprintf(status, sizeof status, "%s", _("Swept: the steeper a line, the more each ply costs"));
        grid_put(g, y, 1, spending ? ST_TITLE : sstopped ? ST_BAD : ST_GOOD, status);
        return;
    }
    if (spending) { /* the sweep goes on behind the table */
        snprintf(status, sizeof status, _("sweep: %d of %d"), sdone, nsweep);
        grid_put(g, y, g->w - 1 - grid_text_width(status), ST_DIM, status);
    }
    if (pending) {
        snprintf(status, sizeof status, _("Searching: %d of %d done (%s)"), done, c->nrows,
                 c->rq.concurrent ? _("all at once") : _("one after another"));
        grid_put(g, y, 1, ST_TITLE, status);
        return;
    }
    if (stopped || done == 0) {
        snprintf(status, sizeof status, _("Stopped: %d of %d done"), done, c->nrows);
        grid_put(g, y, 1, ST_BAD, status);
        return;
    }
    uint64_t fewest = UINT64_MAX;
    for (int i = 0; i < c->nrows; i++)
        if (c->rows[i].state == JOB_DONE && c->rows[i].stats.leaves < fewest)
            fewest = c->rows[i].stats.leaves;
    int n = snprintf(status, sizeof status, "%s", _("Done. Fewest leaves:"));
    for (int i = 0; i < c->nrows && n < (int)sizeof status; i++)
        if (c->rows[i].state == JOB_DONE && c->rows[i].stats.leaves == fewest)
            n += snprintf(status + n, sizeof status - (size_t)n, " %s", algo_name(c->rows[i].algo));
    grid_putn(g, y, 1, ST_GOOD, status, g->w - 2);
}

void compare_draw(Screen *s, Grid *g)
{
    Compare *c = s->data;
    const Glyphs *gl = s->app->glyphs;
    char title[160], a[32];
    const SearchConfig *base = &c->rq.base;
    if (base->solve)
        snprintf(a, sizeof a, "%s", _("solve"));
    else
        snprintf(a, sizeof a, _("depth %d"), base->depth);
    const char *order = compare_order_name(base->order);
    const char *table = base->table == TABLE_ON    ? _("on")
                        : base->table == TABLE_OFF ? _("off")
                                                   : _("exact");
    if (c->rq.position[0])
        snprintf(title, sizeof title, _("Compare: %s, this position, %s, order %s, table %s"),
                 c->game->name, a, order, table);
    else
        snprintf(title, sizeof title, _("Compare: %s, start, %s, order %s, table %s"),
                 c->game->name, a, order, table);
    draw_title(g, title, s->app);
    if (c->show_sweep)
        draw_sweep(c, g, gl);
    else
        draw_table(c, g, gl);
    draw_footer(c, g);
    static const char *const keys[] = {"x", N_("stop"), "r", N_("again"), "o", N_("order"),
                                       "Tab", N_("columns"), "s", N_("sweep"), "t", N_("step through it"),
                                       "Esc", N_("back"), NULL};
    draw_keys(g, keys);
}
