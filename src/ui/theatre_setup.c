/* theatre_setup.c - "Watch the search": a form to choose the game, the
 * algorithm, optionally a second one to run beside it, and how deep (or,
 * for mcts, how many iterations), then the theatre (theatre.c).  It
 * starts on the tree game's textbook tree, alpha-beta in natural order:
 * the search every course draws first. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "engine/algorithm.h"
#include "ui/form.h"
#include "ui/screen.h"

typedef struct {
    Form form;
    GameFields game;
    int algo, versus, iterations, run;
    SearchFields search;
    const char *versus_names[ALGO_COUNT + 1];
} TheatreSetup;

/* mcts's iterations to watch: round numbers, each a few steps. */
static const int iteration_counts[] = {10, 20, 50, 100, 200, 500, 1000, 2000};
static const char *const iteration_names[] = {"10", "20", "50", "100", "200", "500", "1000",
                                              "2000"};

/* Whether a search by the algorithm of choice `value` samples (mcts);
 * `versus` counts "nothing" first. */
static bool samples(int value) { return algorithm((Algo)value)->flags & ALGO_SAMPLING; }

/* A sampling search (mcts) takes iterations, not a depth, an order or a
 * table: the form asks for what the searches chosen use. */
static void setup_update(TheatreSetup *ts)
{
    Form *f = &ts->form;
    form_show_game_fields(f, &ts->game);
    const int versus = f->f[ts->versus].value;
    const bool sampling = samples(f->f[ts->algo].value) || (versus > 0 && samples(versus - 1));
    const bool deep = !samples(f->f[ts->algo].value) || (versus > 0 && !samples(versus - 1));
    f->f[ts->search.solve].hidden = f->f[ts->search.order].hidden = f->f[ts->search.table].hidden = !deep;
    f->f[ts->search.depth].hidden = !deep || f->f[ts->search.solve].value;
    f->f[ts->iterations].hidden = !sampling;
    form_fix_cursor(f);
}

static int index_of_order(MoveOrder o)
{
    for (int i = 0; i < 3; i++)
        if (form_order_modes[i] == o)
            return i;
    return 0;
}

static int index_of_table(TableMode m)
{
    for (int i = 0; i < 3; i++)
        if (form_table_modes[i] == m)
            return i;
    return 0;
}

static int setup_init(Screen *s, void *arg)
{
    (void)arg;
    static const char *const noyes[] = {N_("no"), N_("yes")};
    TheatreSetup *ts = calloc(1, sizeof *ts);
    if (!ts)
        return -1;
    Form *f = &ts->form;
    form_add_game_fields(f, &ts->game);
    const GameOps *const *games = game_families();
    for (int i = 0; games[i]; i++)
        if (games[i]->info->opens_with_position) /* a tree to type: the textbook's */
            f->f[ts->game.game].value = i;
    ts->algo = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Algorithm"),
                                       .choices = form_algo_names(), .nchoices = ALGO_COUNT,
                                       .notes = form_algo_notes(), .value = ALGO_ALPHABETA});
    ts->versus_names[0] = N_("nothing");
    for (int i = 0; i < ALGO_COUNT; i++)
        ts->versus_names[i + 1] = form_algo_names()[i];
    ts->versus = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Beside it"),
                                         .choices = ts->versus_names, .nchoices = ALGO_COUNT + 1,
                                         .help = N_("a second algorithm on the same position, "
                                                    "stepped leaf by leaf")});
    ts->search.solve = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Solve to the end"),
                                        .choices = noyes, .nchoices = 2, .value = 1,
                                        .help = N_("search every line to the end of the game")});
    ts->search.depth = form_add(f, (FormField){.kind = FIELD_NUMBER, .label = N_("Depth"), .value = 3,
                                        .lo = 1, .hi = 12});
    ts->iterations = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Iterations"),
                                             .choices = iteration_names,
                                             .nchoices = (int)(sizeof iteration_counts /
                                                               sizeof iteration_counts[0]),
                                             .value = 2,
                                             .help = N_("mcts: its playouts, each one a walk "
                                                        "down its tree")});
    ts->search.order = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Move order"),
                                        .choices = form_order_names, .nchoices = 3,
                                        .value = index_of_order(ORDER_NATURAL)});
    ts->search.table = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Table"),
                                        .choices = form_table_names, .nchoices = 3,
                                        .value = index_of_table(TABLE_OFF)});
    ts->run = form_add(f, (FormField){.kind = FIELD_BUTTON, .label = N_("Watch")});
    s->data = ts;
    setup_update(ts);
    return 0;
}

static void setup_free(Screen *s) { free(s->data); }

static void setup_start(Screen *s)
{
    TheatreSetup *ts = s->data;
    Form *f = &ts->form;
    char id[32];
    GameOption opts[4];
    const int nopts = form_game_id(f, &ts->game, id, sizeof id, opts, 4);
    UiTheatreArg a = {.id = id, .opts = opts, .nopts = nopts, .nsearches = 1};
    form_search_config(f, &ts->search, &a.cfg[0]);
    a.cfg[0].algo = (Algo)f->f[ts->algo].value;
    a.cfg[0].iterations = iteration_counts[f->f[ts->iterations].value];
    if (f->f[ts->versus].value > 0) {
        a.cfg[1] = a.cfg[0];
        a.cfg[1].algo = (Algo)(f->f[ts->versus].value - 1);
        a.nsearches = 2;
    }
    if (app_push(s->app, &screen_theatre, &a) != 0)
        app_message(s->app, ST_BAD, "%s", a.error[0] ? a.error : _("cannot open the theatre"));
}

static void setup_changed(Screen *s) { setup_update(s->data); }

static void setup_key(Screen *s, int key)
{
    static const FormActions act = {setup_start, setup_changed, N_("Search theatre")};
    TheatreSetup *ts = s->data;
    form_screen_key(s, &ts->form, key, &act);
}

static void setup_draw(Screen *s, Grid *g)
{
    TheatreSetup *ts = s->data;
    draw_title(g, _("Watch the search"), s->app);
    form_draw(&ts->form, g, 2, 2, g->h - 7, g->w - 4, s->app->glyphs);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("field"),
                                       "\xe2\x86\x90\xe2\x86\x92", N_("change"), "Enter",
                                       N_("watch"), "Esc", N_("back"), NULL};
    static const char *const keys_ascii[] = {"up/down", N_("field"), "left/right", N_("change"),
                                             "Enter", N_("watch"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_theatre_setup = {
    .name = "theatre-setup",
    .min_w = 60,
    .min_h = 16,
    .init = setup_init,
    .key = setup_key,
    .draw = setup_draw,
    .free = setup_free,
};
