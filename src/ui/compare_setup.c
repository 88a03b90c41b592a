/* compare_setup.c - the Compare form: the game (or the game in progress),
 * the position (the game's, its start, or one typed or pasted: Enter on
 * the Position field asks for it, as the file prompts do), the search
 * settings and the algorithms to tick, then the race (compare.c). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "games/registry.h"
#include "ui/compare.h"
#include "ui/form.h"

/* Where the position comes from: the Position field's choices. */
enum { WHERE_CURRENT, WHERE_START, WHERE_TYPED };

typedef struct {
    Form form;
    GameFields game;
    bool fixed;                  /* the game came from a game in progress */
    char id[32];
    int nopts;
    char optbuf[4][2][512];
    char current[1024];          /* the game in progress's position */
    char typed[1024];            /* "" until one is typed */
    char typed_label[96];        /* the typed one as the field shows it */
    const char *where_names[3];
    int where_kind[3];           /* WHERE_* of each choice */
    int where, algo[ALGO_COUNT], mode, run;
    SearchFields search;
} CompareSetup;

static const char *const mode_names[] = {N_("one after another"), N_("all at once")};
static const char *const noyes[] = {N_("no"), N_("yes")};

/* The game the form names now, and its options (pointing into cs or the
 * games' tables); how many options. */
static int chosen_game(CompareSetup *cs, char *id, size_t len, GameOption *opts)
{
    if (cs->fixed) {
        snprintf(id, len, "%s", cs->id);
        for (int i = 0; i < cs->nopts; i++)
            opts[i] = (GameOption){cs->optbuf[i][0], cs->optbuf[i][1]};
        return cs->nopts;
    }
    return form_game_id(&cs->form, &cs->game, id, len, opts, 4);
}

static int where_now(const CompareSetup *cs)
{
    return cs->where_kind[cs->form.f[cs->where].value];
}

/* The typed position as the field shows it: its start, cut to a width
 * that leaves the field's arrows room. */
static void label_typed(CompareSetup *cs)
{
    enum { SHOWN = 40 };
    if (!cs->typed[0]) {
        snprintf(cs->typed_label, sizeof cs->typed_label, "%s", N_("one typed (Enter)"));
        return;
    }
    const char *p = cs->typed;
    int w = 0;
    while (*p) {
        uint32_t cp;
        const int n = grid_utf8_decode(p, &cp);
        if (w + grid_cp_width(cp) > SHOWN - 3)
            break;
        w += grid_cp_width(cp);
        p += n;
    }
    snprintf(cs->typed_label, sizeof cs->typed_label, "%.*s%s", (int)(p - cs->typed), cs->typed,
             *p ? "..." : "");
}

/* Is `text` a position of the game the form names?  0, or -1 with err. */
static int check_position(CompareSetup *cs, const char *text, Err *err)
{
    char id[32];
    GameOption opts[5];
    int n = chosen_game(cs, id, sizeof id, opts);
    if (game_opens_with_position(id)) /* a tree is its own game */
        opts[n++] = (GameOption){"position", text};
    Game *g = game_open(id, opts, n, err);
    if (!g)
        return -1;
    _Alignas(16) unsigned char state[GAME_MAX_STATE];
    const int rc = g->ops->parse_position(g, text, state, err);
    game_close(g);
    return rc;
}

static void typed_done(void *ctx, const char *answer)
{
    Screen *s = ctx;
    CompareSetup *cs = s->data;
    snprintf(cs->typed, sizeof cs->typed, "%s", answer);
    label_typed(cs);
    for (int i = 0; i < cs->form.f[cs->where].nchoices; i++)
        if (cs->where_kind[i] == WHERE_TYPED)
            cs->form.f[cs->where].value = i;
    Err err = {{0}};
    if (check_position(cs, cs->typed, &err) != 0)
        app_message(s->app, ST_BAD, _("not a position of this game: %s"), err.msg);
}

/* Enter on the Position field: type one, starting from the one typed
 * before, or the position chosen now written out to edit. */
static void ask_position(Screen *s)
{
    CompareSetup *cs = s->data;
    static char initial[1024];
    char id[32];
    GameOption opts[5];
    const int n = chosen_game(cs, id, sizeof id, opts);
    initial[0] = '\0';
    if (cs->typed[0]) {
        snprintf(initial, sizeof initial, "%s", cs->typed);
    } else if (where_now(cs) == WHERE_CURRENT) {
        snprintf(initial, sizeof initial, "%s", cs->current);
    } else if (!game_opens_with_position(id)) { /* a tree's start is its text: typed whole */
        Err err = {{0}};
        Game *g = game_open(id, opts, n, &err);
        if (g) {
            _Alignas(16) unsigned char state[GAME_MAX_STATE];
            g->ops->start(g, state);
            g->ops->format_position(g, state, initial, sizeof initial);
            game_close(g);
        }
    }
    UiPromptArg arg = {game_opens_with_position(id) ? _("A tree, e.g. ((3 12 8)(2 4 6)(14 5 2)):")
                                                    : _("Position, in the game's notation:"),
                       initial, typed_done, s, false};
    app_push(s->app, &screen_prompt, &arg);
}

/* The form asks only for what a ticked algorithm uses: an algorithm that
 * samples (mcts) takes no depth, move order or table, and one that only
 * solves (pns) no depth; with none ticked, everything shows. */
static void setup_update(CompareSetup *cs)
{
    Form *f = &cs->form;
    if (!cs->fixed)
        form_show_game_fields(f, &cs->game);
    bool ticked = false, deep = false, searched = false;
    for (int i = 0; i < ALGO_COUNT; i++) {
        if (!f->f[cs->algo[i]].value)
            continue;
        const unsigned flags = algorithm((Algo)i)->flags;
        ticked = true;
        searched = searched || !(flags & ALGO_SAMPLING);
        deep = deep || !(flags & (ALGO_SAMPLING | ALGO_SOLVE_ONLY));
    }
    if (!ticked)
        deep = searched = true;
    f->f[cs->search.solve].hidden = !deep;
    f->f[cs->search.depth].hidden = !deep || f->f[cs->search.solve].value;
    f->f[cs->search.order].hidden = f->f[cs->search.table].hidden = !searched;
    form_fix_cursor(f);
}

static int setup_init(Screen *s, void *arg)
{
    CompareSetup *cs = calloc(1, sizeof *cs);
    if (!cs)
        return -1;
    UiCompareArg *a = arg;
    Form *f = &cs->form;
    int nwhere = 0;
    if (a) {
        cs->fixed = true;
        snprintf(cs->id, sizeof cs->id, "%s", a->id);
        cs->nopts = a->nopts > 4 ? 4 : a->nopts;
        for (int i = 0; i < cs->nopts; i++) {
            snprintf(cs->optbuf[i][0], sizeof cs->optbuf[i][0], "%s", a->opts[i].key);
            snprintf(cs->optbuf[i][1], sizeof cs->optbuf[i][1], "%s", a->opts[i].value);
        }
        snprintf(cs->current, sizeof cs->current, "%s", a->position ? a->position : "");
        cs->where_names[nwhere] = N_("the current position");
        cs->where_kind[nwhere++] = WHERE_CURRENT;
    } else {
        form_add_game_fields(f, &cs->game);
    }
    cs->where_names[nwhere] = N_("the game's start");
    cs->where_kind[nwhere++] = WHERE_START;
    label_typed(cs);
    cs->where_names[nwhere] = cs->typed_label;
    cs->where_kind[nwhere++] = WHERE_TYPED;
    cs->where = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Position"),
                                        .choices = cs->where_names, .nchoices = nwhere,
                                        .help = N_("Enter types or pastes one, in the game's notation")});
    cs->search.solve = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Solve to the end"), .choices = noyes, .nchoices = 2,
                                        .help = N_("search every line to the end of the game")});
    cs->search.depth = form_add(f, (FormField){.kind = FIELD_NUMBER, .label = N_("Depth"), .value = 8, .lo = 1, .hi = 40,
                                        .help = N_("also the deepest depth s sweeps")});
    cs->search.order = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Move order"), .choices = form_order_names, .nchoices = 3});
    cs->search.table = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Table"), .choices = form_table_names, .nchoices = 3});
    form_add(f, (FormField){.kind = FIELD_HEADING, .label = N_("Algorithms (Space ticks)")});
    for (int i = 0; i < ALGO_COUNT; i++) {
        cs->algo[i] = form_add(f, (FormField){.kind = FIELD_CHECK, .label = form_algo_names()[i], .indent = 1,
                                              .note = form_algo_notes()[i],
                                              .value = (algorithm((Algo)i)->flags & ALGO_COMPARED_BY_DEFAULT) != 0});
    }
    cs->mode = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Run"), .choices = mode_names, .nchoices = 2,
                                       .help = N_("one after another keeps the times fair on few cores")});
    cs->run = form_add(f, (FormField){.kind = FIELD_BUTTON, .label = N_("Compare")});
    s->data = cs;
    setup_update(cs);
    return 0;
}

static void setup_free(Screen *s) { free(s->data); }

static void setup_start(Screen *s)
{
    CompareSetup *cs = s->data;
    Form *f = &cs->form;
    CompareRequest *rq = calloc(1, sizeof *rq);
    if (!rq) {
        app_message(s->app, ST_BAD, "%s", _("out of memory"));
        return;
    }
    GameOption o[5];
    rq->nopts = chosen_game(cs, rq->id, sizeof rq->id, o);
    for (int i = 0; i < rq->nopts; i++) {
        snprintf(rq->optbuf[i][0], sizeof rq->optbuf[i][0], "%s", o[i].key);
        snprintf(rq->optbuf[i][1], sizeof rq->optbuf[i][1], "%s", o[i].value);
    }
    const int where = where_now(cs);
    if (where == WHERE_CURRENT)
        snprintf(rq->position, sizeof rq->position, "%s", cs->current);
    else if (where == WHERE_TYPED)
        snprintf(rq->position, sizeof rq->position, "%s", cs->typed);
    rq->typed = where == WHERE_TYPED;
    form_search_config(f, &cs->search, &rq->base);
    rq->sweep_depth = f->f[cs->search.depth].value;
    int n = 0;
    for (int i = 0; i < ALGO_COUNT; i++)
        n += rq->algos[i] = f->f[cs->algo[i]].value;
    rq->concurrent = f->f[cs->mode].value == 1;
    if (where == WHERE_TYPED && !cs->typed[0])
        app_message(s->app, ST_BAD, "%s", _("type a position first (Enter on Position)"));
    else if (n == 0)
        app_message(s->app, ST_BAD, "%s", _("tick at least one algorithm (Space)"));
    else
        app_push(s->app, &screen_compare, rq);
    free(rq);
}

static void setup_changed(Screen *s) { setup_update(s->data); }

static void setup_key(Screen *s, int key)
{
    static const FormActions act = {setup_start, setup_changed, N_("Algorithms")};
    CompareSetup *cs = s->data;
    if (key_is_enter(key) && cs->form.cur == cs->where) {
        ask_position(s);
        return;
    }
    form_screen_key(s, &cs->form, key, &act);
}

static void setup_draw(Screen *s, Grid *g)
{
    CompareSetup *cs = s->data;
    char title[80];
    snprintf(title, sizeof title, "%s%s%s", _("Compare algorithms"), cs->fixed ? ": " : "",
             cs->fixed ? cs->id : "");
    draw_title(g, title, s->app);
    form_draw(&cs->form, g, 2, 2, g->h - 7, g->w - 4, s->app->glyphs);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("field"), "\xe2\x86\x90\xe2\x86\x92",
                                       N_("change"), "Space", N_("tick"), "Enter", N_("run"), "Esc", N_("back"),
                                       NULL};
    static const char *const keys_ascii[] = {"up/down", N_("field"), "left/right", N_("change"),
                                             "Space", N_("tick"), "Enter", N_("run"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_compare_setup = {
    .name = "compare-setup",
    .min_w = 60,
    .min_h = 16,
    .init = setup_init,
    .key = setup_key,
    .draw = setup_draw,
    .free = setup_free,
};
