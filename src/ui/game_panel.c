/* game_panel.c - the game screen's panel beside the board: the hint, the
 * live search (its counters, value, best move and line; an mcts player's
 * root moves with their visits and values) and the move list.  It only
 * reads the screen's state: what the computer tells goes through the
 * driver (driver.h), what was played through the session. */
#include <stdio.h>
#include <string.h>

#include "engine/algorithm.h"
#include "games/registry.h"
#include "ui/fmt.h"
#include "ui/game_screen.h"
#include "base/i18n.h"

/* The hint, if one is ready, at (y, x) in rows `w` wide; the rows it
 * takes, at least one (kept free so the move list does not jump). */
static int draw_hint(const GameScreen *gs, Grid *g, int y, int x, int w)
{
    const Driver *d = &gs->driver;
    const Session *se = gs->session;
    char move[32], value[32], hint[160];
    if (d->hint_move == MOVE_NONE || d->hint_at != se->n)
        return 1;
    se->game->ops->format_move(se->game, session_current(se), d->hint_move, move, sizeof move);
    fmt_value(d->hint_value, value, sizeof value);
    snprintf(hint, sizeof hint, _("Hint: %s (%s) - the cursor is on it"), move, value);
    int rows = grid_put_wrapped(g, y, x, ST_GOOD, hint, w, 2);
    return rows > 1 ? rows : 1;
}

/* The line the search expects (its principal variation) from the position
 * searched, in the game's notation, at row y, values from column vx; the
 * rows it takes (none without a line). */
static int draw_line(Screen *s, Grid *g, int y, int x, int vx, int w)
{
    GameScreen *gs = s->data;
    const Driver *d = &gs->driver;
    const Game *game = gs->session->game;
    char line[SEARCH_MAX_PLY * 8];
    if (game_format_line(game, d->live_root, d->live.pv, d->live.pv_len, line, sizeof line) < 1)
        return 0;
    grid_put(g, y, x, ST_DIM, _("line"));
    return grid_put_wrapped_cut(g, y, vx, ST_NORMAL, line, x + w - vx, 2,
                                s->app->glyphs->utf8 ? "\xe2\x80\xa6" : "...");
}

/* mcts's root moves, the most visited first, with their visits N and
 * mean value Q (0..1, for the side that searched), as many as leave the
 * move list below a few rows; the rows taken. */
static int draw_root_moves(const GameScreen *gs, const void *root, Grid *g, int y, int x, int vx,
                           int w)
{
    const AgentStatus *live = &gs->driver.live;
    const Game *game = gs->session->game;
    enum { MOVES_ROWS_KEPT = 4, MOST = 3 };
    int n = live->nroots < MOST ? live->nroots : MOST;
    if (n > g->h - 4 - MOVES_ROWS_KEPT - y)
        n = g->h - 4 - MOVES_ROWS_KEPT - y;
    if (!root || n <= 0)
        return 0;
    grid_put(g, y, x, ST_DIM, _("root"));
    for (int i = 0; i < n; i++) {
        const SearchRootMove *m = &live->roots[i];
        char move[32], visits[16], line[80];
        game->ops->format_move(game, root, m->move, move, sizeof move);
        fmt_short(m->visits, visits, sizeof visits);
        snprintf(line, sizeof line, "%-6s N %6s  Q %.2f", move, visits,
                 search_mean(m->score, m->visits));
        grid_putn(g, y + i, vx, i == 0 ? ST_KEY : ST_NORMAL, line, x + w - vx);
    }
    return n;
}

int game_screen_draw_search(Screen *s, Grid *g, int y, int x, int w)
{
    GameScreen *gs = s->data;
    Driver *d = &gs->driver;
    Session *se = gs->session;
    const SearchStats *st = &d->live.stats;
    const UiPlayer *searcher_player = NULL;
    char head[80];
    int searcher = d->thinking >= 0 ? d->thinking : d->hinting ? session_side(se) : d->last_side;
    if (d->thinking >= 0) {
        snprintf(head, sizeof head, _("Search: %s thinking"), _(gs->view->side_name[d->thinking]));
        searcher_player = &se->players[d->thinking];
    } else if (d->hinting) {
        snprintf(head, sizeof head, "%s", _("Search: hint for you"));
    } else if (d->have_last) {
        snprintf(head, sizeof head, _("Last search: %s"), _(gs->view->side_name[d->last_side]));
        searcher_player = &se->players[d->last_side];
    } else {
        grid_putn(g, y, x, ST_TITLE, _("Search"), w);
        grid_putn(g, y + 1, x, ST_DIM, _("Live counters appear here"), w);
        grid_putn(g, y + 2, x, ST_DIM, _("while the computer thinks."), w);
        grid_putn(g, y + 3, x, ST_DIM, _("t asks it for a hint."), w);
        return y + 6 + draw_hint(gs, g, y + 5, x, w);
    }
    grid_putn(g, y, x, ST_TITLE, head, w);
    char nodes[32], leaves[32], hits[32], nps[32], time[32], best[32] = "-", value[32];
    fmt_count(st->nodes, nodes, sizeof nodes);
    fmt_count(st->leaves, leaves, sizeof leaves);
    fmt_count(st->hits, hits, sizeof hits);
    fmt_short(st->nps, nps, sizeof nps);
    fmt_ms(st->elapsed_ms, time, sizeof time);
    /* The best move is in the notation of the position searched. */
    if (st->best != MOVE_NONE)
        se->game->ops->format_move(se->game, d->live_root, st->best, best, sizeof best);
    fmt_value(st->value, value, sizeof value);
    char depth[16];
    snprintf(depth, sizeof depth, "%d", st->depth);
    /* One that proves (pns) shows the root's proof and disproof numbers,
     * and its value is the outcome: +1, 0 or -1. */
    const bool proves = searcher_player && !searcher_player->external[0] &&
                        (algorithm(searcher_player->cfg.algo)->flags & ALGO_OUTCOME);
    const bool samples = searcher_player && !searcher_player->external[0] &&
                         (algorithm(searcher_player->cfg.algo)->flags & ALGO_SAMPLING);
    /* the hint searches with the engine's default configuration */
    const char *algorithm = searcher_player ? ui_player_algorithm(searcher_player) : "negascout";
    if (d->live.random) /* a weak level's chance move: nothing was searched */
        algorithm = _("random move");
    char proof[32], disproof[32];
    const uint64_t pn[2] = {st->proof, st->disproof};
    char *pn_text[2] = {proof, disproof};
    for (int i = 0; i < 2; i++) {
        if (pn[i] == SEARCH_PN_INF)
            snprintf(pn_text[i], sizeof proof, "inf");
        else
            fmt_short(pn[i], pn_text[i], sizeof proof);
    }
    /* The algorithm and the best move take a row each: an engine's name
     * or "G*5d (Gote win in 7)" would not fit in half the panel.  The
     * counters between them go in pairs when there is room. */
    struct {
        const char *label, *text;
    } counter[] = {
        {N_("depth"), depth}, {N_("time"), time}, {N_("nodes"), nodes},
        {N_("leaves"), leaves}, {N_("hits"), hits}, {N_("nps"), nps},
        {N_("proof"), proof}, {N_("disproof"), disproof},
    };
    int n = (int)(sizeof counter / sizeof counter[0]) - (proves ? 0 : 2);
    if (samples) { /* mcts: its tree's nodes, its playouts, and no table to hit */
        counter[2].label = N_("tree nodes");
        counter[3].label = N_("playouts");
        counter[4] = counter[5];
        n--;
    }
    bool two = w >= 40; /* two columns when there is room, else one */
    /* Each column's values start one past its widest label, measured in
     * display columns (at least 10 and 7, the English layout). */
    int label_w[2] = {9, 6};
    const char *whole_row[] = {N_("algorithm"), N_("best"), N_("line")};
    for (int i = 0; i < 3; i++)
        if (grid_text_width(_(whole_row[i])) > label_w[0])
            label_w[0] = grid_text_width(_(whole_row[i]));
    for (int i = 0; i < n; i++) {
        int c = two && i % 2, lw = grid_text_width(_(counter[i].label));
        if (lw > label_w[c])
            label_w[c] = lw;
    }
    int vx = x + label_w[0] + 1, yy = y + 1;
    grid_put(g, yy, x, ST_DIM, _("algorithm"));
    grid_putn(g, yy++, vx, ST_NORMAL, algorithm, x + w - vx);
    for (int i = 0; i < n; i++) {
        bool right = two && i % 2;
        int xx = x + (right ? 22 : 0), lw = label_w[right] + 1;
        grid_put(g, yy, xx, ST_DIM, _(counter[i].label));
        grid_putn(g, yy, xx + lw, ST_NORMAL, counter[i].text, (two && !right ? 22 : w) - lw - 1);
        if (!two || right || i == n - 1)
            yy++;
    }
    grid_put(g, yy, x, ST_DIM, _("best"));
    int end = grid_putn(g, yy, vx, ST_KEY, best, x + w - vx);
    if (st->best != MOVE_NONE && !d->live.random) { /* the value is the searcher's */
        char whose[80];
        snprintf(whose, sizeof whose, "(%s %s)", _(gs->view->side_name[searcher]), value);
        if (end + 1 + grid_text_width(whose) > x + w) { /* under the move when it does not fit */
            end = vx - 1;
            yy++;
        }
        grid_putn(g, yy, end + 1, ST_NORMAL, whose, x + w - end - 1);
    }
    yy += draw_line(s, g, yy + 1, x, vx, w);
    int rows = ++yy - (y + 1);
    if (samples)
        rows += draw_root_moves(gs, d->live_root, g, y + 1 + rows, x, vx, w);
    if (st->exact && !st->running && st->best != MOVE_NONE) {
        char line[120];
        if (proves)
            snprintf(line, sizeof line, _("solved: %s (%s)"),
                     st->value > 0 ? _("win") : st->value < 0 ? _("loss") : _("draw"),
                     _(gs->view->side_name[searcher]));
        else
            fmt_solved_line(se->game->ops->info->payoff, st->value, searcher,
                            gs->view->side_name, line, sizeof line);
        rows += grid_put_wrapped(g, y + 1 + rows, x, ST_KEY, line, w, 2);
    }
    rows += draw_hint(gs, g, y + rows + 1, x, w);
    return y + rows + 2;
}

void game_screen_draw_moves(Screen *s, Grid *g, int y, int x, int w, int h)
{
    GameScreen *gs = s->data;
    Session *se = gs->session;
    if (h < 2 || w < 8)
        return;
    grid_put(g, y, x, ST_TITLE, _("Moves"));
    /* Lay the moves out in lines, then show the last lines that fit. */
    enum { MAXLINES = 256 };
    static int line_start[MAXLINES];
    int nlines = 0, col = 0;
    char text[40];
    int widths[1024];
    int first = se->n > 1024 ? se->n - 1024 : 0;
    for (int i = first; i < se->n; i++) {
        session_move_text(se, i, text, sizeof text);
        char item[56];
        snprintf(item, sizeof item, "%d.%s", i + 1, text);
        widths[i - first] = grid_text_width(item) + 1;
        if (i == first || col + widths[i - first] > w) {
            if (nlines < MAXLINES)
                line_start[nlines++] = i;
            col = 0;
        }
        col += widths[i - first];
    }
    int rows = h - 1;
    int l0 = nlines > rows ? nlines - rows : 0;
    for (int l = l0; l < nlines; l++) {
        int end = l + 1 < nlines ? line_start[l + 1] : se->n;
        int xx = x;
        for (int i = line_start[l]; i < end; i++) {
            session_move_text(se, i, text, sizeof text);
            int mover = game_side(se->game, session_state(se, i));
            xx = grid_printf(g, y + 1 + l - l0, xx, ST_DIM, "%d.", i + 1);
            int st = (mover == 0 ? ST_P0 : ST_P1) | (i == se->n - 1 ? SF_LAST : 0);
            xx = grid_put(g, y + 1 + l - l0, xx, st, text) + 1;
        }
    }
    if (se->n == 0)
        grid_put(g, y + 1, x, ST_DIM, _("none yet"));
    if (se->top > se->n)
        grid_printf(g, y, x + grid_text_width(_("Moves")) + 1, ST_DIM, _("(%d to redo)"), se->top - se->n);
}

