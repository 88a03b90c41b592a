/* theatre_sample.c - what the search theatre draws of a search that
 * samples (mcts): each node of its tree with its visits N and its mean
 * value Q, the iteration's path down it, the playout's result, and beside
 * the tree the counters and the root's moves, the most visited first,
 * their N and Q growing as the iterations go.
 *
 * Q is a node's mean result for the side that moved into it: 1 every
 * playout through it won, 1/2 even, 0 every one lost; so at the root's
 * moves it is the side to move's, and the move mcts plays is the one
 * with the most visits, not the best Q (the most tried, not the luckiest). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "ui/fmt.h"
#include "ui/theatre.h"

/* Whether a goes before b among siblings: the engine's most visited (more
 * visits, then more score, then the later to join the tree, which its
 * list of children holds first). */
static bool ahead(const ReplayNode *a, const ReplayNode *b)
{
    if (a->visits != b->visits)
        return a->visits > b->visits;
    if (a->score != b->score)
        return a->score > b->score;
    return a->order > b->order;
}

int theatre_sample_best(const Replay *r, int parent)
{
    const ReplayNode *p = &r->nodes[parent];
    int best = -1;
    for (int i = 0; i < p->n; i++) {
        const ReplayNode *c = &r->nodes[p->first + i];
        if (c->order != 0 && c->visits > 0 && (best < 0 || ahead(c, &r->nodes[best])))
            best = p->first + i;
    }
    return best;
}

/* The result of the playout from frame ply as the side that moved into it
 * sees it (the root's: its own side to move's), as a word. */
static const char *playout_word(const Replay *r, int ply)
{
    const ReplayFrame *f = &r->frames[ply];
    const int mover = ply > 0 ? r->frames[ply - 1].side : f->side;
    const int v = mover == f->side ? f->value : -f->value;
    return v > 0 ? _("playout won") : v < 0 ? _("playout lost") : _("playout drawn");
}

void theatre_sample_note(const TheatreLane *l, int node, int ply, bool on_path, char *note,
                         size_t size, int *style)
{
    const Replay *r = l->replay;
    const ReplayNode *nd = &r->nodes[node];
    char n[16];
    fmt_short(nd->visits, n, sizeof n);
    size_t used = (size_t)snprintf(note, size, "N %s", n);
    if (ply > 0 && nd->visits > 0 && used < size)
        used += (size_t)snprintf(note + used, size - used, "  Q %.2f",
                                 search_mean(nd->score, nd->visits));
    if (ply > 0 && nd->visits == 0 && used < size)
        used += (size_t)snprintf(note + used, size - used, "  %s", _("new"));
    const ReplayFrame *f = &r->frames[ply];
    if (on_path && ply == r->top && f->leaf && used < size)
        snprintf(note + used, size - used, "  %s", playout_word(r, ply));
    *style = on_path && !r->backed_up ? ST_TITLE : ST_NORMAL;
}

void theatre_sample_how(const TheatreLane *l, char *buf, size_t size)
{
    const SearchConfig *c = &l->cfg;
    if (l->asked_iterations > 0)
        snprintf(buf, size, _("the first %d of %d iterations, C %.2f, seed %llu"), c->iterations,
                 l->asked_iterations, c->exploration, (unsigned long long)c->seed);
    else
        snprintf(buf, size, _("%d iterations, C %.2f, seed %llu"), c->iterations, c->exploration,
                 (unsigned long long)c->seed);
}

/* A label and a count, the count ending at the box's right edge (x + 24). */
static void count_line(Grid *g, int y, int x, const char *label, uint64_t n)
{
    char v[16];
    fmt_short(n, v, sizeof v);
    grid_putn(g, y, x, ST_NORMAL, label, 24 - (int)strlen(v) - 1);
    grid_put(g, y, x + 24 - (int)strlen(v), ST_NORMAL, v);
}

/* The root's moves in the tree, the most visited first; how many (at
 * most max), and in *untried those not yet in it. */
static int root_moves(const Replay *r, int *out, int max, int *untried)
{
    const ReplayNode *root = &r->nodes[0];
    int n = 0;
    *untried = 0;
    for (int i = 0; i < root->n; i++) {
        const int k = root->first + i;
        if (r->nodes[k].order == 0) {
            (*untried)++;
            continue;
        }
        int j = n < max ? n++ : max;
        for (; j > 0 && ahead(&r->nodes[k], &r->nodes[out[j - 1]]); j--)
            if (j < max)
                out[j] = out[j - 1];
        if (j < max)
            out[j] = k;
    }
    return n;
}

void theatre_sample_counts(const TheatreLane *l, const Theatre *t, Grid *g, int y, int x, int h)
{
    const Replay *r = l->replay;
    int row = 0;
    if (r->samples > 0)
        grid_printf(g, y + row++, x, ST_TITLE, _("iteration %d of %d"), r->samples,
                    l->cfg.iterations);
    else
        grid_put(g, y + row++, x, ST_DIM, _("no iteration yet"));
    count_line(g, y + row++, x, _("tree nodes"), r->total.nodes);
    count_line(g, y + row++, x, _("playouts"), r->total.leaves);
    count_line(g, y + row++, x, _("deepest ply"), (uint64_t)r->deepest);
    row++;
    if (row + 2 > h)
        return;
    grid_put(g, y + row++, x, ST_TITLE, _("the root's moves"));
    /* TRANSLATORS: the heads of three columns: a move, its visits N
     * ending 16 columns in, its mean value Q ending 24 in. */
    grid_put(g, y + row++, x, ST_DIM, _("move           N       Q"));
    int order[GAME_MAX_MOVES], untried;
    const int n = root_moves(r, order, GAME_MAX_MOVES, &untried);
    const int best = theatre_sample_best(r, 0);
    const Game *game = t->game;
    /* Every move a row while they fit, else the last row for the rest. */
    int rows = n + (untried > 0) <= h - row ? n : h - row - 1;
    if (rows < 0)
        rows = 0;
    for (int k = 0; k < rows; k++, row++) {
        const ReplayNode *c = &r->nodes[order[k]];
        char move[24], visits[16], q[16] = "-";
        game->ops->format_move(game, t->root, c->move, move, sizeof move);
        fmt_short(c->visits, visits, sizeof visits);
        if (c->visits > 0)
            snprintf(q, sizeof q, "%.2f", search_mean(c->score, c->visits));
        const int style = order[k] == best ? ST_GOOD : ST_NORMAL;
        grid_putn(g, y + row, x, style, move, 9);
        grid_printf(g, y + row, x + 9, style, "%7s%8s", visits, q);
    }
    if (rows < n && untried > 0 && row < h)
        grid_printf(g, y + row, x, ST_DIM, _("and %d more, %d untried"), n - rows + untried,
                    untried);
    else if (rows < n && row < h)
        grid_printf(g, y + row, x, ST_DIM, _("and %d more"), n - rows);
    else if (untried > 0 && row < h)
        grid_printf(g, y + row, x, ST_DIM, _("and %d untried"), untried);
}
