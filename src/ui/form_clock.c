/* form_clock.c - see form_clock.h. */
#include "base/i18n.h"
#include "ui/form_clock.h"

/* Common clocks, named as players name them: minutes + seconds added a
 * move, or byoyomi, shogi's seconds a move once the main time is spent. */
static const struct {
    const char *name;
    int minutes, increment, byoyomi;
} presets[] = {
    {N_("none"), 0, 0, 0},
    {N_("1+0: 1 min"), 1, 0, 0},
    {N_("3+2: 3 min, +2 s a move"), 3, 2, 0},
    {N_("5+0: 5 min"), 5, 0, 0},
    {N_("10+5: 10 min, +5 s a move"), 10, 5, 0},
    {N_("1 min, then 10 s a move (byoyomi)"), 1, 0, 10},
    {N_("custom"), 0, 0, 0},
};
enum { NPRESETS = sizeof presets / sizeof presets[0], CLOCK_NONE = 0, CLOCK_CUSTOM = NPRESETS - 1 };

void form_add_clock_fields(Form *fm, ClockFields *cf)
{
    static const char *names[NPRESETS];
    for (int i = 0; i < NPRESETS; i++)
        names[i] = presets[i].name;
    form_add(fm, (FormField){.kind = FIELD_HEADING, .label = ""});
    cf->kind = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Clock"), .choices = names,
                                        .nchoices = NPRESETS,
                                        .help = N_("each side's time for the whole game: who runs out loses")});
    cf->minutes = form_add(fm, (FormField){.kind = FIELD_NUMBER, .label = N_("Minutes"), .value = 5,
                                           .lo = 0, .hi = 180, .indent = 1,
                                           .help = N_("main time for each side")});
    cf->increment = form_add(fm, (FormField){.kind = FIELD_NUMBER, .label = N_("Increment (s)"),
                                             .lo = 0, .hi = 60, .indent = 1,
                                             .help = N_("seconds added after each move")});
    cf->byoyomi = form_add(fm, (FormField){.kind = FIELD_NUMBER, .label = N_("Byoyomi (s)"),
                                           .lo = 0, .hi = 60, .indent = 1,
                                           .help = N_("seconds each move has once the main time is spent")});
}

void form_show_clock_fields(Form *fm, const ClockFields *cf, const GameOps *game)
{
    FormField *kind = &fm->f[cf->kind];
    kind->hidden = game->info->payoff;
    const bool custom = !kind->hidden && kind->value == CLOCK_CUSTOM;
    fm->f[cf->minutes].hidden = fm->f[cf->increment].hidden = fm->f[cf->byoyomi].hidden = !custom;
}

bool form_clock(const Form *fm, const ClockFields *cf, ClockRules *r, const char **why)
{
    const FormField *kind = &fm->f[cf->kind];
    *r = (ClockRules){.timed = false};
    if (kind->hidden || kind->value == CLOCK_NONE)
        return true;
    int minutes = presets[kind->value].minutes, increment = presets[kind->value].increment;
    int byoyomi = presets[kind->value].byoyomi;
    if (kind->value == CLOCK_CUSTOM) {
        minutes = fm->f[cf->minutes].value;
        increment = fm->f[cf->increment].value;
        byoyomi = fm->f[cf->byoyomi].value;
    }
    *r = (ClockRules){.timed = true, .main_ms = minutes * 60000LL, .inc_ms = increment * 1000LL,
                      .byoyomi_ms = byoyomi * 1000LL};
    if (!clock_rules_ok(r)) {
        *why = N_("the clock needs minutes or byoyomi seconds");
        return false;
    }
    return true;
}
