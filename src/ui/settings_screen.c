/* settings_screen.c - the settings screen: a form over `settings`. */
#include <stdio.h>
#include <stdlib.h>

#include <curses.h>

#include "ui/form.h"
#include "base/i18n.h"
#include "engine/search.h"
#include "ui/screen.h"
#include "ui/settings.h"
#include "ui/theme.h"

typedef struct {
    Form form;
    int glyphs, colour, delay, hint, legal, flip, threads, anim, save;
    /* the threads' choices: one per core ("all") first, then 1, 2, ... */
    char thread_names[SEARCH_MAX_THREADS + 1][40];
    const char *thread_choices[SEARCH_MAX_THREADS + 1];
    /* off, slow, fast, and the file's own speed when it is none of them */
    char anim_other[40];
    const char *anim_choices[4];
    int anim_ms[4];
} SettingsScreen;

static const char *const glyph_names[] = {N_("auto (UTF-8 when the locale has it)"), "ASCII"};
static const char *const colour_names[] = {N_("auto (off with NO_COLOR)"), N_("monochrome")};
static const char *const yesno[] = {N_("no"), N_("yes")};

/* The Animation field: its choices, and which shows the setting now. */
static int add_animation(SettingsScreen *ss)
{
    static const char *const names[] = {N_("off"), N_("slow"), N_("fast")};
    static const int ms[] = {0, ANIMATION_SLOW_MS, ANIMATION_FAST_MS};
    int n = 0, value = -1;
    for (; n < 3; n++) {
        ss->anim_choices[n] = names[n];
        ss->anim_ms[n] = ms[n];
        if (settings.animation == ms[n])
            value = n;
    }
    if (value < 0) {
        snprintf(ss->anim_other, sizeof ss->anim_other, _("%d ms a step"), settings.animation);
        ss->anim_choices[n] = ss->anim_other;
        ss->anim_ms[n] = settings.animation;
        value = n++;
    }
    return form_add(&ss->form, (FormField){.kind = FIELD_CHOICE, .label = N_("Animation"),
                                           .choices = ss->anim_choices, .nchoices = n, .value = value,
                                           .help = N_("moves shown step by step; a key shows the end at once")});
}

static int settings_init(Screen *s, void *arg)
{
    (void)arg;
    SettingsScreen *ss = calloc(1, sizeof *ss);
    if (!ss)
        return -1;
    Form *f = &ss->form;
    ss->glyphs = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Pieces and lines"), .choices = glyph_names, .nchoices = 2,
                                         .value = settings.glyphs,
                                         .help = N_("ASCII draws K R B G S P and +-| everywhere")});
    ss->colour = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Colours"), .choices = colour_names, .nchoices = 2,
                                         .value = settings.colour,
                                         .help = N_("monochrome uses bold, underline and reverse")});
    ss->legal = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Mark legal moves"), .choices = yesno, .nchoices = 2,
                                        .value = settings.show_legal});
    ss->flip = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Flip if I play 2nd"), .choices = yesno, .nchoices = 2,
                                       .value = settings.flip_second,
                                       .help = N_("the board starts turned round, your side at the bottom (f turns it)")});
    ss->delay = form_add(f, (FormField){.kind = FIELD_NUMBER, .label = N_("Watch delay (ms)"), .value = settings.watch_delay,
                                        .lo = 0, .hi = 10000, .step = 100,
                                        .help = N_("pause between moves when watching (+/- there too)")});
    ss->hint = form_add(f, (FormField){.kind = FIELD_NUMBER, .label = N_("Hint depth"), .value = settings.hint_depth,
                                       .lo = 1, .hi = 30, .help = N_("how deep the hint search looks")});
    /* Up to the cores here, or more if the file asks for more. */
    const int most = settings.threads > search_cores() ? settings.threads : search_cores();
    snprintf(ss->thread_names[0], sizeof ss->thread_names[0], _("all (%d cores)"), search_cores());
    for (int i = 0; i <= most; i++) {
        if (i > 0)
            snprintf(ss->thread_names[i], sizeof ss->thread_names[i], "%d", i);
        ss->thread_choices[i] = ss->thread_names[i];
    }
    ss->threads = form_add(f, (FormField){.kind = FIELD_CHOICE, .label = N_("Search threads"),
                                          .choices = ss->thread_choices, .nchoices = most + 1,
                                          .value = settings.threads,
                                          .help = N_("computer players and hints; a threads=N in a player wins")});
    ss->anim = add_animation(ss);
    ss->save = form_add(f, (FormField){.kind = FIELD_BUTTON, .label = N_("Save and go back")});
    s->data = ss;
    return 0;
}

static void settings_free(Screen *s) { free(s->data); }

static void apply(Screen *s)
{
    SettingsScreen *ss = s->data;
    Form *f = &ss->form;
    settings.glyphs = f->f[ss->glyphs].value;
    settings.colour = f->f[ss->colour].value;
    settings.show_legal = f->f[ss->legal].value;
    settings.flip_second = f->f[ss->flip].value;
    settings.watch_delay = f->f[ss->delay].value;
    settings.hint_depth = f->f[ss->hint].value;
    settings.threads = f->f[ss->threads].value;
    settings.animation = ss->anim_ms[f->f[ss->anim].value];
    s->app->glyphs = theme_glyphs(settings.glyphs == SETTING_OFF);
    s->app->colour = theme_init(settings.colour == SETTING_OFF);
}

static void save_and_close(Screen *s)
{
    apply(s);
    if (settings_save() != 0)
        app_message(s->app, ST_BAD, "%s", _("could not write the settings file"));
    app_pop(s);
}

static void settings_key(Screen *s, int key)
{
    SettingsScreen *ss = s->data;
    static const FormActions act = {save_and_close, apply, N_("Keys")};
    form_screen_key(s, &ss->form, key, &act);
}

static void settings_draw(Screen *s, Grid *g)
{
    SettingsScreen *ss = s->data;
    draw_title(g, _("Settings"), s->app);
    form_draw(&ss->form, g, 2, 2, g->h - 6, g->w - 4, s->app->glyphs);
    static const char *const keys[] = {"\xe2\x86\x91\xe2\x86\x93", N_("field"), "\xe2\x86\x90\xe2\x86\x92",
                                       N_("change"), "Enter", N_("save"), "Esc", N_("back"), NULL};
    static const char *const keys_ascii[] = {"up/down", N_("field"), "left/right", N_("change"),
                                             "Enter", N_("save"), "Esc", N_("back"), NULL};
    draw_keys(g, s->app->glyphs->utf8 ? keys : keys_ascii);
}

const ScreenOps screen_settings = {
    .name = "settings",
    .min_w = 50,
    .min_h = 12,
    .init = settings_init,
    .key = settings_key,
    .draw = settings_draw,
    .free = settings_free,
};
