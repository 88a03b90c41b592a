/* analysis_draw.c - the Analyse screen's frame: the board at the position
 * shown, beside it what the analysis says of it and the move list with its
 * marks, under them the evaluation graph over the whole game, then the
 * status line and the keys (80x24 and up). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "games/registry.h"
#include "ui/analysis.h"
#include "ui/fmt.h"

#define BOARD_Y 2
#define BOARD_X 2

/* "Black +3", "White win in 7": a value with whose view it is. */
static void value_for(const AnalysisScreen *as, int v, char *buf, size_t len)
{
    char value[32];
    fmt_value(v, value, sizeof value);
    snprintf(buf, len, "%s %s", _(as->view->side_name[0]), value);
}

static int class_style(AnalysisClass c)
{
    return c >= ANALYSIS_MISTAKE ? ST_BAD | SF_BOLD : c == ANALYSIS_INACCURACY ? ST_KEY : ST_GOOD;
}

static void move_text(const AnalysisScreen *as, int i, char *buf, size_t len)
{
    session_move_text(as->session, i, buf, len);
    const size_t used = strlen(buf);
    snprintf(buf + used, len - used, "%s", analysis_class_mark(analysis_screen_class(as, i)));
}

/* ---- the panel ------------------------------------------------------------ */

/* What is known of the move that led to the position shown: its class and
 * loss, and the best move instead.  Returns the next free row. */
static int draw_move_judged(const AnalysisScreen *as, Grid *g, int y, int x, int w)
{
    const int i = as->ply - 1;
    if (!as->analysis) {
        grid_putn(g, y++, x, ST_DIM, _("a: the engine looks at every move"), w);
        return y;
    }
    const AnalysisMove *m = analysis_move(as->analysis, i);
    const AnalysisPosition *before = analysis_position(as->analysis, i);
    if (!m->done) {
        grid_putn(g, y++, x, ST_DIM, as->running ? _("not analysed yet") : _("not analysed"), w);
        return y;
    }
    char line[160], best[32], value[64];
    /* a decided game's loss is no number of units: say what happened */
    const int sign = m->side == 0 ? 1 : -1, was = sign * before->value, got = sign * m->value;
    if (m->cls == ANALYSIS_BEST)
        snprintf(line, sizeof line, "%s", _("the best move"));
    else if (was >= SCORE_WIN_MIN && got < SCORE_WIN_MIN)
        snprintf(line, sizeof line, _("%s: a won game let go"), _(analysis_class_name(m->cls)));
    else if (got <= -SCORE_WIN_MIN && was > -SCORE_WIN_MIN)
        snprintf(line, sizeof line, _("%s: into a lost game"), _(analysis_class_name(m->cls)));
    else
        snprintf(line, sizeof line, _("%s: lost %d"), _(analysis_class_name(m->cls)), m->loss);
    grid_putn(g, y++, x, class_style(m->cls), line, w);
    if (m->cls != ANALYSIS_BEST && before->best != MOVE_NONE) {
        const Game *game = as->session->game;
        game->ops->format_move(game, session_state(as->session, i), before->best, best, sizeof best);
        value_for(as, before->value, value, sizeof value);
        snprintf(line, sizeof line, _("best was %s (%s)"), best, value);
        grid_putn(g, y++, x, ST_NORMAL, line, w);
    }
    return y;
}

/* The position shown: its value and best move, once analysed. */
static int draw_position(const AnalysisScreen *as, Grid *g, int y, int x, int w)
{
    if (!as->analysis)
        return y;
    const AnalysisPosition *p = analysis_position(as->analysis, as->ply);
    if (!p->done)
        return y;
    char line[160], value[64], best[32];
    value_for(as, p->value, value, sizeof value);
    if (p->over)
        snprintf(line, sizeof line, _("game over: %s"), value);
    else if (p->exact)
        snprintf(line, sizeof line, _("value %s, exact"), value);
    else
        snprintf(line, sizeof line, _("value %s, depth %d"), value, p->depth);
    grid_putn(g, y++, x, ST_NORMAL, line, w);
    if (p->best != MOVE_NONE) {
        const Game *game = as->session->game;
        game->ops->format_move(game, session_state(as->session, as->ply), p->best, best,
                               sizeof best);
        snprintf(line, sizeof line, _("best here: %s"), best);
        grid_putn(g, y++, x, ST_NORMAL, line, w);
    }
    return y;
}

/* The moves as the game screen lists them, each with its mark, the one
 * that led to the position shown highlighted and kept in sight. */
static void draw_moves(const AnalysisScreen *as, Grid *g, int y, int x, int w, int h)
{
    if (h < 2 || w < 8)
        return;
    grid_put(g, y, x, ST_TITLE, _("Moves"));
    if (as->n == 0) {
        grid_put(g, y + 1, x, ST_DIM, _("none yet"));
        return;
    }
    int *line_of = malloc((size_t)as->n * sizeof *line_of);
    if (!line_of)
        return;
    char text[48], item[64];
    int line = 0, col = 0;
    for (int i = 0; i < as->n; i++) {
        move_text(as, i, text, sizeof text);
        snprintf(item, sizeof item, "%d.%s", i + 1, text);
        const int width = grid_text_width(item) + 1;
        if (i > 0 && col + width > w) {
            line++;
            col = 0;
        }
        line_of[i] = line;
        col += width;
    }
    const int rows = h - 1, at = as->ply > 0 ? line_of[as->ply - 1] : 0;
    const int first = at < rows ? 0 : at - rows + 1;
    int xx = x;
    for (int i = 0; i < as->n; i++) {
        if (line_of[i] < first || line_of[i] >= first + rows)
            continue;
        if (i == 0 || line_of[i] != line_of[i - 1])
            xx = x;
        const int yy = y + 1 + line_of[i] - first;
        const AnalysisClass c = analysis_screen_class(as, i);
        session_move_text(as->session, i, text, sizeof text);
        const int mover = game_side(as->session->game, session_state(as->session, i));
        const int shown = i == as->ply - 1 ? SF_SELECT : 0;
        xx = grid_printf(g, yy, xx, ST_DIM | shown, "%d.", i + 1);
        xx = grid_put(g, yy, xx, (mover == 0 ? ST_P0 : ST_P1) | shown, text);
        xx = grid_put(g, yy, xx, class_style(c) | shown, analysis_class_mark(c)) + 1;
    }
    free(line_of);
}

static void draw_panel(const AnalysisScreen *as, Grid *g, int y, int x, int w, int bottom)
{
    const Session *se = as->session;
    char head[160], text[48];
    if (as->ply == 0) {
        snprintf(head, sizeof head, _("Start: %s to move"),
                 _(as->view->side_name[game_side(se->game, session_state(se, 0))]));
        grid_putn(g, y++, x, ST_TITLE, head, w);
    } else {
        const int mover = game_side(se->game, session_state(se, as->ply - 1));
        move_text(as, as->ply - 1, text, sizeof text);
        snprintf(head, sizeof head, _("Move %d of %d: %s %s"), as->ply, as->n,
                 _(as->view->side_name[mover]), text);
        grid_putn(g, y++, x, ST_TITLE, head, w);
        y = draw_move_judged(as, g, y, x, w);
    }
    y = draw_position(as, g, y, x, w);
    draw_moves(as, g, y + 1, x, w, bottom - y);
}

/* ---- the graph ------------------------------------------------------------ */

/* The graph's scale: the largest value it shows (a decided game fills the
 * height and does not count), never less than a blunder, so a quiet game
 * does not look wild. */
static int graph_scale(const AnalysisScreen *as)
{
    const GameInfo *info = as->session->game->ops->info;
    int scale = info && info->loss_steps[2] > 0 ? info->loss_steps[2] : 4;
    for (int i = 0; i <= as->n; i++) {
        int v;
        if (analysis_screen_value(as, i, &v) && abs(v) < SCORE_WIN_MIN && abs(v) > scale)
            scale = abs(v);
    }
    return scale;
}

/* Keep the position shown in the graph's window of `cols` positions. */
static int graph_first(const AnalysisScreen *as, int cols)
{
    const int total = as->n + 1;
    int first = as->graph_first;
    if (total <= cols)
        return 0;
    if (as->ply < first + 2)
        first = as->ply - 2;
    if (as->ply > first + cols - 3)
        first = as->ply - cols + 3;
    if (first > total - cols)
        first = total - cols;
    return first < 0 ? 0 : first;
}

/* One column: the bar of value v over `half` rows each side of the axis
 * at row `axis`, two steps a row (a half block, then a whole one). */
static void draw_bar(Grid *g, int axis, int x, int half, int v, int scale, bool utf8)
{
    const int steps = 2 * half;
    int level = abs(v) >= SCORE_WIN_MIN ? steps : (abs(v) * steps + scale / 2) / scale;
    if (level > steps)
        level = steps;
    if (level == 0 && v != 0)
        level = 1;
    const char *full = utf8 ? "\xe2\x96\x88" : "#";
    const char *half_up = utf8 ? "\xe2\x96\x84" : ",";   /* lower half: grows up */
    const char *half_down = utf8 ? "\xe2\x96\x80" : "'"; /* upper half: grows down */
    for (int r = 0; r < half && level > 2 * r; r++) {
        const bool whole = level - 2 * r >= 2;
        if (v > 0)
            grid_put(g, axis - 1 - r, x, ST_P0, whole ? full : half_up);
        else
            grid_put(g, axis + 1 + r, x, ST_P1, whole ? full : half_down);
    }
}

static void draw_graph(AnalysisScreen *as, Grid *g, int y, int x, int w, int h, bool utf8)
{
    const int half = (h - 1) / 2, label = 7;
    as->graph_h = 0;
    if (half < 1 || w - label < 8)
        return;
    /* a short game gets wider columns, up to three cells a position */
    const int total = as->n + 1, colw = total * 3 <= w - label ? 3 : total * 2 <= w - label ? 2 : 1;
    const int cols = (w - label) / colw;
    const int axis = y + half, scale = graph_scale(as);
    as->graph_first = graph_first(as, cols);
    as->graph_y = y;
    as->graph_h = 2 * half + 1;
    as->graph_x = x + label;
    as->graph_w = cols * colw;
    as->graph_colw = colw;
    char num[16];
    snprintf(num, sizeof num, "+%d", scale);
    grid_put_field(g, y, x, ST_P0, num, label - 1);
    snprintf(num, sizeof num, "-%d", scale);
    grid_put_field(g, axis + half, x, ST_P1, num, label - 1);
    grid_put(g, axis, x, ST_DIM, "0");
    for (int c = 0; c < cols * colw; c++) {
        const int p = as->graph_first + c / colw, xx = x + label + c;
        if (p > as->n)
            break;
        int v;
        const bool known = analysis_screen_value(as, p, &v);
        const AnalysisClass cls = p > 0 ? analysis_screen_class(as, p - 1) : ANALYSIS_BEST;
        if (cls >= ANALYSIS_INACCURACY && c % colw == 0)
            grid_put(g, axis, xx, class_style(cls), "?");
        else if (p == as->ply) /* the position shown, also without reverse video */
            grid_put(g, axis, xx, ST_KEY, utf8 ? "\xe2\x94\xbc" : "+");
        else
            grid_put(g, axis, xx, ST_DIM, known ? (utf8 ? "\xe2\x94\x80" : "-") : ".");
        if (known)
            draw_bar(g, axis, xx, half, v, scale, utf8);
        if (p == as->ply)
            for (int r = y; r <= axis + half; r++)
                grid_flag(g, r, xx, 1, SF_SELECT);
    }
}

/* ---- the frame ------------------------------------------------------------ */

static void status_line(const AnalysisScreen *as, char *buf, size_t len, int *style)
{
    *style = ST_NORMAL;
    if (as->typed[0]) {
        snprintf(buf, len, _("Go to move: %s  (Enter goes there, Esc forgets it)"), as->typed);
        *style = ST_KEY;
    } else if (as->running) {
        const AnalysisProgress *p = &as->progress;
        snprintf(buf, len, _("Analysing: position %d of %d, depth %d  (Esc stops)"),
                 p->at >= 0 ? p->at + 1 : p->done, p->total, p->stats.depth);
        *style = ST_KEY;
    } else if (as->ply < as->n) {
        snprintf(buf, len, _("Move %d of %d: Enter plays on from here, Esc goes back"), as->ply,
                 as->n);
    } else {
        snprintf(buf, len, "%s", _("The game as it stands: Enter or Esc goes back to it"));
    }
}

void analysis_draw(Screen *s, Grid *g)
{
    AnalysisScreen *as = s->data;
    const Session *se = as->session;
    char title[160], pretty[80];
    game_display_name(se->game, pretty, sizeof pretty);
    snprintf(title, sizeof title, as->analysis ? _("Analysis: %s") : _("Moves: %s"), pretty);
    draw_title(g, title, s->app);

    ViewCtx ctx = {
        .game = se->game,
        .state = session_state(se, as->ply),
        .glyphs = s->app->glyphs,
        .last = as->ply > 0 ? se->moves[as->ply - 1] : MOVE_NONE,
        .last_before = as->ply > 0 ? session_state(se, as->ply - 1) : NULL,
    };
    Grid board;
    int bw = 0, bh = 0;
    if (view_render(&ctx, &board) == 0) {
        grid_blit(g, BOARD_Y, BOARD_X, &board);
        bw = board.w;
        bh = board.h;
        grid_free(&board);
    }
    int px = BOARD_X + bw + 3;
    if (px < 34)
        px = 34;
    const int graph_y = BOARD_Y + bh + 1, graph_bottom = g->h - 4;
    draw_panel(as, g, BOARD_Y, px, g->w - px - 1, graph_y - 1);
    draw_graph(as, g, graph_y, 1, g->w - 2, graph_bottom - graph_y + 1, s->app->glyphs->utf8);

    char status[200];
    int style;
    status_line(as, status, sizeof status, &style);
    grid_putn(g, g->h - 3, 1, style, status, g->w - 2);
    static const char *const keys[] = {"\xe2\x86\x90\xe2\x86\x92", N_("step"), "Home/End", N_("ends"),
                                       "n/p", N_("next/prev mark"), "a", N_("analyse"),
                                       "Enter", N_("play on"), "Esc", N_("back"), NULL};
    static const char *const keys_ascii[] = {"h/l", N_("step"), "Home/End", N_("ends"),
                                             "n/p", N_("next/prev mark"), "a", N_("analyse"),
                                             "Enter", N_("play on"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}
