/* newgame.c - choose the game and who plays each side.  Enter anywhere
 * starts, so Enter, Enter from the main menu is a game of Reversi against
 * the computer at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "ui/form.h"
#include "ui/form_clock.h"
#include "base/i18n.h"
#include "ui/screen.h"
#include "ui/session.h"

typedef struct {
    Form form;
    GameFields game;
    PlayerFields side[2];
    ClockFields clock;
    int start;
    bool watch;
} NewGame;

/* The last choices, so "play again with a change" is one field away. */
static Form last_form[2];
static bool have_last[2];

static void update(NewGame *ng)
{
    form_show_game_fields(&ng->form, &ng->game);
    const GameOps *game = form_game_family(&ng->form, &ng->game);
    for (int i = 0; i < 2; i++) {
        FormField *who = &ng->form.f[ng->side[i].who];
        if (ng->watch && who->value == 0) /* both sides are computers here */
            who->value = 1;
        form_show_player_fields(&ng->form, &ng->side[i], game);
        /* Watching, a side may still be another engine where one can play. */
        who->kind = ng->watch && !game->info->external_engines ? FIELD_HEADING : FIELD_CHOICE;
    }
    form_show_clock_fields(&ng->form, &ng->clock, game);
    form_fix_cursor(&ng->form);
}

static int newgame_init(Screen *s, void *arg)
{
    NewGame *ng = calloc(1, sizeof *ng);
    if (!ng)
        return -1;
    ng->watch = arg != NULL;
    Form *f = &ng->form;
    form_add_game_fields(f, &ng->game);
    form_add(f, (FormField){.kind = FIELD_HEADING, .label = ""});
    form_add_player_fields(f, &ng->side[0], N_("First player"), !ng->watch);
    form_add_player_fields(f, &ng->side[1], N_("Second player"), false);
    form_add_clock_fields(f, &ng->clock);
    form_add(f, (FormField){.kind = FIELD_HEADING, .label = ""});
    ng->start = form_add(f, (FormField){.kind = FIELD_BUTTON, .label = ng->watch ? N_("Start watching") : N_("Start game")});
    f->f[ng->side[0].who].help = N_("Human: you play this side with the keys or the mouse");
    if (have_last[ng->watch]) {
        int cur = 0;
        *f = last_form[ng->watch];
        f->cur = cur;
    }
    s->data = ng;
    update(ng);
    return 0;
}

static void newgame_free(Screen *s) { free(s->data); }

static void start(Screen *s)
{
    NewGame *ng = s->data;
    char id[32];
    GameOption opts[4];
    UiPlayer players[2];
    const int nopts = form_game_id(&ng->form, &ng->game, id, sizeof id, opts,
                                   (int)(sizeof opts / sizeof opts[0]));
    for (int i = 0; i < 2; i++)
        form_player(&ng->form, &ng->side[i], &players[i]);
    if (ng->watch)
        players[0].human = players[1].human = false;
    ClockRules clock;
    const char *why;
    if (!form_clock(&ng->form, &ng->clock, &clock, &why)) {
        app_message(s->app, ST_BAD, "%s", _(why));
        return;
    }
    Err err = {{0}};
    Session *session = session_new(id, opts, nopts, players, NULL, &err);
    if (!session) {
        app_message(s->app, ST_BAD, "%s", err.msg);
        return;
    }
    session_set_clock(session, &clock);
    last_form[ng->watch] = ng->form;
    have_last[ng->watch] = true;
    UiGameArg arg = {.session = session, .watch = ng->watch};
    app_pop(s);
    if (app_push(s->app, ng->watch ? &screen_watch : &screen_game, &arg) != 0) {
        app_message(s->app, ST_BAD, "%s", arg.error[0] ? arg.error : _("cannot start the game"));
        session_free(session);
    }
}

static void changed(Screen *s) { update(s->data); }

static void newgame_key(Screen *s, int key)
{
    static const FormActions act = {start, changed, NULL};
    NewGame *ng = s->data;
    form_screen_key(s, &ng->form, key, &act);
}

static void newgame_draw(Screen *s, Grid *g)
{
    NewGame *ng = s->data;
    draw_title(g, ng->watch ? _("Watch: computer against computer") : _("New game"), s->app);
    form_draw(&ng->form, g, 2, 2, g->h - 7, g->w - 4, s->app->glyphs);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("field"), "\xe2\x86\x90\xe2\x86\x92",
                                       N_("change"), "Enter", N_("start"), "Esc", N_("back"), "?", N_("help"), NULL};
    static const char *const keys_ascii[] = {"up/down", N_("field"), "left/right", N_("change"),
                                             "Enter", N_("start"), "Esc", N_("back"), "?", N_("help"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_newgame = {
    .name = "newgame",
    .min_w = 60,
    .min_h = 16,
    .init = newgame_init,
    .key = newgame_key,
    .draw = newgame_draw,
    .free = newgame_free,
};
