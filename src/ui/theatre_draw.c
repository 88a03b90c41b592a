/* theatre_draw.c - what the search theatre draws: the tree as the search
 * has seen it (every node entered, every move of it searched, waiting or
 * cut off), the path to where the search is with each node's window and
 * best so far, the counts per ply, and the step in words.
 *
 * The whole tree is drawn while it fits; past that only the nodes on the
 * path are opened, with their moves, and the rows scroll to keep the
 * search's node in sight. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "ui/fmt.h"
#include "ui/theatre.h"

/* Rows the tree is cut to (a search the theatre takes has far fewer
 * nodes worth a row). */
#define MAX_ROWS 2048

typedef struct {
    int node, ply;
    char move[24];
    int untried;     /* > 0: no node, a sampling search's moves not yet in
                        its tree under the row above's parent, this many */
} Row;

typedef struct {
    const Replay *r;
    bool sampling;   /* a sampling search's tree (theatre_sample.c) */
    bool whole;      /* every entered node opened, not just the path's */
    Row *rows;
    int n;           /* rows wanted, even past MAX_ROWS */
} Walk;

static bool on_path(const Replay *r, int node, int ply)
{
    return ply <= r->top && r->frames[ply].known && r->frames[ply].node == node;
}

/* Whether the node's moves get rows: once one has been searched, or while
 * the search is at the node and about to search them (not at a leaf,
 * whose moves the search never looks at; a sampling search is about to
 * add one of them to its tree). */
static bool shows_moves(const Replay *r, bool sampling, int node, int ply)
{
    const ReplayNode *nd = &r->nodes[node];
    if (nd->n <= 0)
        return false;
    for (int i = 0; i < nd->n; i++)
        if (r->nodes[nd->first + i].order != 0)
            return true;
    const ReplayFrame *f = &r->frames[ply];
    if (sampling)
        return r->step == 0 || (on_path(r, node, ply) && ply == r->top && !f->leaf);
    /* Before the first step the root shows the moves there are to search. */
    return on_path(r, node, ply) && !f->leaf && !f->hit && !f->closed &&
           (f->depth > 0 || r->step == 0);
}

/* The rows of `node` and of what is opened under it, depth first in the
 * order the search took the moves; states[ply] is the node's position. */
static void walk(Walk *w, Theatre *t, int node, int ply)
{
    const Replay *r = w->r;
    if (!shows_moves(r, w->sampling, node, ply) || ply + 1 >= REPLAY_MAX_PLY ||
        (!w->whole && !on_path(r, node, ply)))
        return;
    int order[GAME_MAX_MOVES];
    const int k = replay_child_order(r, node, order);
    const Game *g = t->game;
    int untried = 0;
    for (int i = 0; i < k; i++) {
        const ReplayNode *c = &r->nodes[order[i]];
        /* A sampling search's moves not in its tree: one row for them all. */
        if (w->sampling && c->order == 0) {
            untried++;
            continue;
        }
        if (w->n < MAX_ROWS) {
            Row *row = &w->rows[w->n];
            row->node = order[i];
            row->ply = ply + 1;
            row->untried = 0;
            g->ops->format_move(g, t->states[ply], c->move, row->move, sizeof row->move);
        }
        w->n++;
        if (c->n > 0 && c->status != CHILD_WAITING) {
            g->ops->play(g, t->states[ply], c->move, t->states[ply + 1]);
            walk(w, t, order[i], ply + 1);
        }
    }
    if (untried > 0 && w->n < MAX_ROWS)
        w->rows[w->n] = (Row){.node = node, .ply = ply + 1, .untried = untried};
    w->n += untried > 0;
}

static int collect(Walk *w, Theatre *t, bool whole)
{
    w->whole = whole;
    w->n = 1;
    w->rows[0] = (Row){.node = 0, .ply = 0, .untried = 0};
    snprintf(w->rows[0].move, sizeof w->rows[0].move, "%s", _("root"));
    memcpy(t->states[0], t->root, t->game->state_size);
    walk(w, t, 0, 0);
    return w->n;
}

/* The node's own value as shown, from what its parent saw. */
static int own_value(const Replay *r, const TraceTeller *tell, const ReplayNode *c)
{
    const ReplayNode *p = &r->nodes[c->parent];
    const int v = c->side == p->side ? c->value : -c->value;
    return trace_shown(tell, c->side, v);
}

/* The parent's best move so far: its highest value, the first on ties. */
static int best_child(const Replay *r, int parent)
{
    const ReplayNode *p = &r->nodes[parent];
    int best = -1;
    for (int i = 0; i < p->n; i++) {
        const ReplayNode *c = &r->nodes[p->first + i];
        if (c->status != CHILD_DONE)
            continue;
        if (best < 0 || c->value > r->nodes[best].value ||
            (c->value == r->nodes[best].value && c->order < r->nodes[best].order))
            best = p->first + i;
    }
    return best;
}

static bool has_window(const TheatreLane *l)
{
    return (algorithm(l->cfg.algo)->flags & (ALGO_WINDOW | ALGO_ONE_LIMIT)) != 0 ||
           algorithm(l->cfg.algo)->iteration != NULL;
}

/* What a node on the path shows: whose turn, its window as it stands
 * (alpha raised by what its moves returned), its best so far. */
static void path_note(const TheatreLane *l, const ReplayFrame *f, char *buf, size_t size)
{
    const TraceTeller *tell = &l->teller;
    size_t used = 0;
    buf[0] = '\0';
    if (tell->minmax)
        used += (size_t)snprintf(buf, size, "%s  ", f->side ? _("Min") : _("Max"));
    if (has_window(l) && used < size) {
        int lo, hi;
        const int alpha = f->has_value && f->value > f->alpha ? f->value : f->alpha;
        trace_shown_window(tell, f->side, alpha, f->beta, &lo, &hi);
        char a[16], b[16];
        trace_text_value(lo, a, sizeof a);
        trace_text_value(hi, b, sizeof b);
        used += (size_t)snprintf(buf + used, size - used, "(%s, %s)  ", a, b);
    }
    if (f->has_value && used < size) {
        char v[16];
        trace_text_value(trace_shown(tell, f->side, f->value), v, sizeof v);
        snprintf(buf + used, size - used, _("best so far %s"), v);
    }
}

static void draw_row(const TheatreLane *l, const Row *row, Grid *g, int y,
                     int x, int w, const Glyphs *gl)
{
    if (row->untried > 0) {
        char text[64];
        snprintf(text, sizeof text,
                 ngettext("%d move untried", "%d moves untried", (unsigned long)row->untried),
                 row->untried);
        grid_putn(g, y, x + 2 + 2 * row->ply, ST_DIM, text, w - 2 - 2 * row->ply);
        return;
    }
    const Replay *r = l->replay;
    const ReplayNode *nd = &r->nodes[row->node];
    const bool path = on_path(r, row->node, row->ply);
    const bool here = path && row->ply == r->top;
    const int mx = x + 2 + 2 * row->ply;
    char note[96] = "";
    int style = ST_NORMAL;
    if (here)
        grid_put(g, y, x, ST_GOOD, gl->utf8 ? "\xe2\x96\xb6" : ">");
    const ReplayFrame *f = &r->frames[row->ply];
    const bool sampling = theatre_lane_samples(l);
    if (sampling) {
        theatre_sample_note(l, row->node, row->ply, path, note, sizeof note, &style);
    } else if (path && (f->leaf || f->hit) && !f->closed) {
        char vs[16];
        trace_text_value(trace_shown(&l->teller, f->side, f->value), vs, sizeof vs);
        snprintf(note, sizeof note, "= %s%s", vs, f->leaf ? _("  leaf") : _("  table"));
        style = ST_TITLE;
    } else if (path && !f->closed) {
        path_note(l, &r->frames[row->ply], note, sizeof note);
        style = ST_TITLE;
    } else if (row->ply == 0 || nd->status == CHILD_DONE) {
        const int v = row->ply == 0 ? trace_shown(&l->teller, r->frames[0].side, r->frames[0].value)
                                    : own_value(r, &l->teller, nd);
        char vs[16];
        trace_text_value(v, vs, sizeof vs);
        snprintf(note, sizeof note, "= %s%s%s", vs, nd->leaf ? _("  leaf") : "",
                 nd->hit ? _("  table") : "");
    } else if (nd->status == CHILD_CUT) {
        snprintf(note, sizeof note, "%s", _("cut"));
        style = ST_BAD;
    } else {
        const ReplayNode *p = &r->nodes[nd->parent];
        const bool parent_done = p->status == CHILD_DONE || (nd->parent == 0 && r->frames[0].closed);
        snprintf(note, sizeof note, "%s", parent_done ? _("not searched") : "...");
        style = ST_DIM;
    }
    int end = grid_putn(g, y, mx, path ? ST_TITLE : style == ST_BAD ? ST_DIM : ST_NORMAL,
                        row->move, x + w - mx);
    end = grid_putn(g, y, end + 1, style, note, x + w - end - 1);
    const int best = row->ply == 0 ? -1
                     : sampling    ? theatre_sample_best(r, nd->parent)
                     : nd->status == CHILD_DONE ? best_child(r, nd->parent)
                                                : -1;
    if (best == row->node)
        end = grid_putn(g, y, end + 1, ST_GOOD, sampling ? _("most visited") : _("best"),
                        x + w - end - 1);
    if (nd->researches > 0) {
        char re[32];
        snprintf(re, sizeof re, _("re-searched %d"), nd->researches);
        grid_putn(g, y, end + 1, ST_DIM, re, x + w - end - 1);
    }
    if (here)
        grid_flag(g, y, mx, end - mx, SF_SELECT);
}

/* The tree in the box (y, x, h, w). */
static void draw_tree(Theatre *t, const TheatreLane *l, Grid *g, int y, int x, int h, int w,
                      const Glyphs *gl)
{
    static Row rows[MAX_ROWS];
    Walk wk = {.r = l->replay, .sampling = theatre_lane_samples(l), .rows = rows};
    int n = collect(&wk, t, true);
    if (n > h)
        n = collect(&wk, t, false);
    if (n > MAX_ROWS)
        n = MAX_ROWS;
    int here = 0;
    for (int i = 0; i < n; i++)
        if (!rows[i].untried && on_path(l->replay, rows[i].node, rows[i].ply) &&
            rows[i].ply == l->replay->top)
            here = i;
    int first = n > h ? here - h / 3 : 0;
    if (first > n - h)
        first = n - h;
    if (first < 0)
        first = 0;
    for (int i = first; i < n && i < first + h; i++)
        draw_row(l, &rows[i], g, y + i - first, x, w, gl);
}

/* How the lane searches: its move order and depth. */
static void lane_how(const TheatreLane *l, char *buf, size_t size)
{
    if (theatre_lane_samples(l)) {
        theatre_sample_how(l, buf, size);
        return;
    }
    const char *order = l->cfg.order == ORDER_NATURAL  ? _("natural order")
                        : l->cfg.order == ORDER_STATIC ? _("static order")
                                                       : _("best order");
    if (l->cfg.solve)
        snprintf(buf, size, _("%s, to the end"), order);
    else
        snprintf(buf, size, _("%s, depth %d"), order, l->cfg.depth);
}

/* The step count ending before column `right`; the column it starts at. */
static int draw_step_count(const TheatreLane *l, Grid *g, int y, int right)
{
    char step[48];
    snprintf(step, sizeof step, _("step %d of %d"), l->replay->step, l->log.n);
    const int x = right - grid_text_width(step);
    grid_put(g, y, x, ST_DIM, step);
    return x;
}

/* The step before the last, dim, for context; the last step in words, or
 * how to begin; the answer once at the end. */
static void draw_event(const TheatreLane *l, Grid *g, int y, int x, int w, int rows)
{
    const Replay *r = l->replay;
    char line[640];
    if (r->step == 0) {
        snprintf(line, sizeof line, "%s",
                 _("Nothing searched yet: the right arrow takes the first step."));
        grid_put_wrapped(g, y + 1, x, ST_DIM, line, w, rows - 1);
        return;
    }
    if (r->step >= 2) {
        trace_text_event(&l->teller, &l->log.events[r->step - 2], line, sizeof line);
        grid_putn(g, y, x, ST_DIM, line, w);
    }
    trace_text_event(&l->teller, &l->log.events[r->step - 1], line, sizeof line);
    int used = 1 + grid_put_wrapped(g, y + 1, x, ST_TITLE, line, w, rows - 1);
    if (r->step == l->log.n && used < rows) {
        const SearchResult *res = &l->log.result;
        const Game *game = l->teller.game;
        char move[32] = "-", v[16], leaves[24], nodes[24];
        if (res->move != MOVE_NONE)
            game->ops->format_move(game, l->teller.root, res->move, move, sizeof move);
        trace_text_value(trace_shown(&l->teller, game->ops->side_to_move(game, l->teller.root),
                                     res->value),
                         v, sizeof v);
        fmt_count(res->stats.leaves, leaves, sizeof leaves);
        fmt_count(res->stats.nodes, nodes, sizeof nodes);
        if (theatre_lane_samples(l))
            snprintf(line, sizeof line,
                     _("Done: best %s, the most visited, value %s; %s playouts, %s tree nodes."),
                     move, v, leaves, nodes);
        else
            snprintf(line, sizeof line, _("Done: best %s, value %s; %s leaves, %s nodes."), move,
                     v, leaves, nodes);
        grid_put_wrapped(g, y + used, x, ST_GOOD, line, w, rows - used);
    }
}

/* Counts per ply in the box (y, x, h, w >= 24). */
/* One row of the counts: a label, then three numbers right-aligned in
 * columns ending 11, 18 and 24 columns in. */
static void count_row(Grid *g, int y, int x, int style, const char *label, uint64_t n1,
                      uint64_t n2, uint64_t n3)
{
    char a[12], b[12], c[12];
    fmt_short(n1, a, sizeof a);
    fmt_short(n2, b, sizeof b);
    fmt_short(n3, c, sizeof c);
    grid_put_field(g, y, x, style, label, 4);
    grid_printf(g, y, x + 4, style, "%7s%7s%6s", a, b, c);
}

/* Counts per ply in the box (y, x, h, w >= 24). */
static void draw_counts(const TheatreLane *l, Grid *g, int y, int x, int h)
{
    const Replay *r = l->replay;
    /* TRANSLATORS: the heads of four columns ending 4, 11, 18 and 24
     * columns in (a wide character takes two): ply, nodes, leaves, cuts. */
    grid_put(g, y, x, ST_DIM, _("ply   nodes leaves  cuts"));
    /* Quiescence counts leaves and cutoffs at plies it never enters. */
    int last = r->deepest;
    for (int p = last + 1; p < REPLAY_MAX_PLY; p++)
        if (r->ply[p].leaves || r->ply[p].cutoffs || r->ply[p].hits)
            last = p;
    int row = 1;
    for (int p = 0; p <= last && row < h - 6; p++, row++) {
        char ply[8];
        snprintf(ply, sizeof ply, "%d", p);
        count_row(g, y + row, x, ST_NORMAL, ply, r->ply[p].nodes, r->ply[p].leaves,
                  r->ply[p].cutoffs);
    }
    count_row(g, y + row++, x, ST_TITLE, _("all"), r->total.nodes, r->total.leaves,
              r->total.cutoffs);
    const double ebf = search_ebf(r->total.nodes > 0 ? r->total.nodes - 1 : 0, r->deepest);
    grid_printf(g, y + row++, x, ST_NORMAL, _("branching factor %.2f"), ebf);
    grid_printf(g, y + row++, x, ST_NORMAL, _("table hits %llu"), (unsigned long long)r->total.hits);
    grid_printf(g, y + row++, x, ST_NORMAL, _("re-searches %llu"),
                (unsigned long long)r->total.researches);
    if (r->mtd_passes > 0 && row < h) {
        char lo[16], hi[16];
        trace_text_value(r->lower, lo, sizeof lo);
        trace_text_value(r->upper, hi, sizeof hi);
        grid_printf(g, y + row++, x, ST_NORMAL, _("MTD(f) passes %llu"),
                    (unsigned long long)r->mtd_passes);
        if (row < h)
            grid_printf(g, y + row++, x, ST_NORMAL, _("  value in [%s, %s]"), lo, hi);
    }
}

static void draw_single(Theatre *t, Grid *g, const Glyphs *gl)
{
    const TheatreLane *l = &t->lane[0];
    char how[120];
    lane_how(l, how, sizeof how);
    const int right = draw_step_count(l, g, 1, g->w - 1) - 1;
    /* The algorithm's name, or its id when the name leaves how no room. */
    const Algorithm *alg = algorithm(l->cfg.algo);
    const char *name = 1 + grid_text_width(_(alg->name)) + 2 + grid_text_width(how) < right
                           ? _(alg->name)
                           : alg->id;
    int x = grid_putn(g, 1, 1, ST_TITLE, name, right - 1);
    x = grid_putn(g, 1, x, ST_NORMAL, ", ", right - x);
    grid_putn(g, 1, x, ST_NORMAL, how, right - x);
    const int counts_w = 25, top = 3, bottom = g->h - 7;
    draw_tree(t, l, g, top, 1, bottom - top, g->w - counts_w - 3, gl);
    if (theatre_lane_samples(l))
        theatre_sample_counts(l, t, g, top, g->w - counts_w - 1, bottom - top);
    else
        draw_counts(l, g, top, g->w - counts_w - 1, bottom - top);
    draw_event(l, g, bottom + 1, 1, g->w - 2, 4);
}

/* Two searches of the same position in two columns, stepped by leaves. */
static void draw_versus(Theatre *t, Grid *g, const Glyphs *gl)
{
    const int colw = (g->w - 3) / 2, bottom = g->h - 9;
    for (int i = 0; i < 2; i++) {
        const TheatreLane *l = &t->lane[i];
        const Replay *r = l->replay;
        const int x = 1 + i * (colw + 1);
        /* The name when it fits beside the step count, else the id. */
        const Algorithm *alg = algorithm(l->cfg.algo);
        const char *name = grid_text_width(_(alg->name)) <= colw - 16 ? _(alg->name) : alg->id;
        grid_putn(g, 1, x, ST_TITLE, name, colw - 16);
        draw_step_count(l, g, 1, x + colw);
        if (i == 0) {
            char how[120];
            lane_how(l, how, sizeof how);
            grid_putn(g, 2, x, ST_DIM, how, g->w - 2);
        }
        draw_tree(t, l, g, 3, x, bottom - 3, colw, gl);
        char a[12], b[12], c[12], line[120];
        fmt_short(r->total.leaves, a, sizeof a);
        fmt_short(r->total.nodes, b, sizeof b);
        fmt_short(r->total.cutoffs, c, sizeof c);
        if (theatre_lane_samples(l))
            snprintf(line, sizeof line, _("playouts %s  tree nodes %s"), a, b);
        else
            snprintf(line, sizeof line, _("leaves %s  nodes %s  cuts %s"), a, b, c);
        grid_putn(g, bottom, x, ST_NORMAL, line, colw);
        draw_event(l, g, bottom + 1, x, colw, 5);
    }
}

void theatre_draw(Theatre *t, Grid *g, const Glyphs *gl)
{
    if (t->nlanes == 2)
        draw_versus(t, g, gl);
    else
        draw_single(t, g, gl);
}
