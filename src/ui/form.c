/* form.c - the field list widget and the game/player fields. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curses.h>

#include "engine/algorithm.h"
#include "games/registry.h"
#include "players/level.h"
#include "players/player.h"
#include "ui/form.h"
#include "players/agent.h"
#include "base/i18n.h"
#include "ui/screen.h"

int form_add(Form *fm, FormField f)
{
    if (fm->n == FORM_MAX)
        return FORM_MAX - 1;
    fm->f[fm->n] = f;
    return fm->n++;
}

/* Translated, except "": gettext("") is the catalog's header. */
static const char *tr(const char *s) { return s && *s ? _(s) : s; }

static bool selectable(const FormField *f) { return !f->hidden && f->kind != FIELD_HEADING; }

void form_fix_cursor(Form *fm)
{
    if (fm->cur >= fm->n)
        fm->cur = fm->n - 1;
    for (int i = fm->cur; i < fm->n; i++)
        if (selectable(&fm->f[i])) {
            fm->cur = i;
            return;
        }
    for (int i = fm->cur; i >= 0; i--)
        if (selectable(&fm->f[i])) {
            fm->cur = i;
            return;
        }
}

static void step(Form *fm, int dir)
{
    for (int i = fm->cur + dir; i >= 0 && i < fm->n; i += dir)
        if (selectable(&fm->f[i])) {
            fm->cur = i;
            return;
        }
}

static bool change(FormField *f, int dir)
{
    switch (f->kind) {
    case FIELD_CHOICE:
        f->value = (f->value + dir + f->nchoices) % f->nchoices;
        return true;
    case FIELD_NUMBER: {
        const int to = f->value + dir * (f->step > 0 ? f->step : 1);
        const int clamped = to < f->lo ? f->lo : to > f->hi ? f->hi : to;
        if (clamped == f->value)
            return false;
        f->value = clamped;
        return true;
    }
    case FIELD_CHECK:
        f->value = !f->value;
        return true;
    default:
        return false;
    }
}

/* ---- a number typed ---------------------------------------------------- */

static FormEvent set_number(FormField *f, int v)
{
    v = v < f->lo ? f->lo : v > f->hi ? f->hi : v;
    if (v == f->value)
        return FORM_NONE;
    f->value = v;
    return FORM_CHANGED;
}

/* PgUp/PgDn's step: a round one (1, 2 or 5 times a power of ten, at least
 * the field's own step) that crosses the range in ten or fewer. */
static int big_step(const FormField *f)
{
    const long unit = f->step > 0 ? f->step : 1, range = (long)f->hi - f->lo;
    static const int mantissa[] = {1, 2, 5};
    for (long power = 1;; power *= 10)
        for (int i = 0; i < 3; i++) {
            const long step = mantissa[i] * power;
            if (step >= unit && range <= 10 * step)
                return (int)step;
        }
}

static void refuse(Form *fm, const FormField *f, bool kept)
{
    if (kept)
        snprintf(fm->refused, sizeof fm->refused, _("%s goes from %d to %d: kept %d"), tr(f->label),
                 f->lo, f->hi, f->value);
    else
        snprintf(fm->refused, sizeof fm->refused, _("%s goes from %d to %d"), tr(f->label), f->lo,
                 f->hi);
}

static bool typing_in(const Form *fm, int field) { return fm->typing.field == field + 1; }

/// Typed digits replace the value as they come: while the number is in
/// the range the field takes it at once (what shows is what is used); a
/// digit that would pass the top is refused; a number under the bottom
/// (on the way to a longer one, or backspaced) stays typed and leaves the
/// value as it was, until the field is left.
static FormEvent typed(Form *fm, FormField *f, const char *text)
{
    snprintf(fm->typing.text, sizeof fm->typing.text, "%s", text);
    fm->typing.field = fm->cur + 1;
    const int v = atoi(text);
    return text[0] && v >= f->lo ? set_number(f, v) : FORM_NONE;
}

static FormEvent type_digit(Form *fm, FormField *f, char digit)
{
    char text[sizeof fm->typing.text];
    /* the first digit replaces the value; a lone 0 is replaced too */
    const char *before = typing_in(fm, fm->cur) && strcmp(fm->typing.text, "0") != 0 ? fm->typing.text : "";
    if (strlen(before) + 2 > sizeof text || atol(before) * 10 + (digit - '0') > f->hi) {
        refuse(fm, f, false);
        return FORM_NONE;
    }
    snprintf(text, sizeof text, "%s%c", before, digit);
    return typed(fm, f, text);
}

static FormEvent type_backspace(Form *fm, FormField *f)
{
    char text[sizeof fm->typing.text];
    if (typing_in(fm, fm->cur))
        snprintf(text, sizeof text, "%s", fm->typing.text);
    else
        snprintf(text, sizeof text, "%d", f->value);
    if (text[0])
        text[strlen(text) - 1] = '\0';
    return typed(fm, f, text);
}

/* Any other key ends the typing; false when what was typed could not be
 * taken (empty, or under the bottom): the value stays, and says so. */
static bool end_typing(Form *fm)
{
    const int field = fm->typing.field - 1;
    fm->typing.field = 0;
    if (field < 0 || field >= fm->n)
        return true;
    const FormField *f = &fm->f[field];
    if (fm->typing.text[0] && atoi(fm->typing.text) >= f->lo)
        return true;
    refuse(fm, f, true);
    return false;
}

FormEvent form_key(Form *fm, int key)
{
    int dr, dc;
    FormField *f = &fm->f[fm->cur];
    const bool number = f->kind == FIELD_NUMBER;
    fm->refused[0] = '\0';
    if (number && key >= '0' && key <= '9')
        return type_digit(fm, f, (char)key);
    if (number && (key == KEY_BACKSPACE || key == 127 || key == 8))
        return type_backspace(fm, f);
    if (key == KEY_ESCAPE) {
        fm->typing.field = 0;
        return FORM_CANCEL;
    }
    if (!end_typing(fm) && key_is_enter(key))
        return FORM_NONE; /* not started with a value other than the one shown */
    if (key_is_enter(key))
        return FORM_SUBMIT;
    if (key == ' ' && f->kind == FIELD_CHECK) {
        f->value = !f->value;
        return FORM_TOGGLED;
    }
    if (number && (key == KEY_NPAGE || key == KEY_PPAGE))
        return set_number(f, f->value + (key == KEY_NPAGE ? -1 : 1) * big_step(f));
    if (number && (key == KEY_HOME || key == KEY_END))
        return set_number(f, key == KEY_HOME ? f->lo : f->hi);
    if (key == KEY_NPAGE || key == KEY_END) {
        while (fm->cur < fm->n - 1) {
            int c = fm->cur;
            step(fm, 1);
            if (c == fm->cur)
                break;
        }
        return FORM_NONE;
    }
    if (key == KEY_PPAGE || key == KEY_HOME) {
        fm->cur = 0;
        form_fix_cursor(fm);
        return FORM_NONE;
    }
    if (key == '\t') {
        step(fm, 1);
        return FORM_NONE;
    }
    if (key == KEY_BTAB) {
        step(fm, -1);
        return FORM_NONE;
    }
    if (key == '+' || key == '=')
        return change(f, 1) ? FORM_CHANGED : FORM_NONE;
    if (key == '-')
        return change(f, -1) ? FORM_CHANGED : FORM_NONE;
    if (!key_direction(key, &dr, &dc))
        return FORM_NONE;
    if (dr) {
        step(fm, dr);
        return FORM_NONE;
    }
    return change(f, dc) ? FORM_CHANGED : FORM_NONE;
}

void form_draw(Form *fm, Grid *g, int y, int x, int h, int w, const Glyphs *gl)
{
    int visible[FORM_MAX], nv = 0, cur_row = 0;
    for (int i = 0; i < fm->n; i++) {
        if (fm->f[i].hidden)
            continue;
        if (i == fm->cur)
            cur_row = nv;
        visible[nv++] = i;
    }
    if (cur_row < fm->scroll)
        fm->scroll = cur_row;
    if (cur_row >= fm->scroll + h)
        fm->scroll = cur_row - h + 1;
    if (fm->scroll > 0 && fm->scroll > nv - h)
        fm->scroll = nv - h > 0 ? nv - h : 0;
    for (int r = 0; r < h && fm->scroll + r < nv; r++) {
        int i = visible[fm->scroll + r];
        FormField *f = &fm->f[i];
        int yy = y + r, xx = x + f->indent * 2;
        bool cur = i == fm->cur;
        char val[64] = "";
        switch (f->kind) {
        case FIELD_HEADING:
            grid_putn(g, yy, xx, ST_TITLE, tr(f->label), w);
            if (f->choices) /* a choice shown but fixed */
                grid_printf(g, yy, x + 20, ST_TITLE, " %s", tr(f->choices[f->value]));
            continue;
        case FIELD_BUTTON:
            grid_printf(g, yy, x + 20, cur ? ST_KEY | SF_SELECT : ST_KEY, "[ %s ]", tr(f->label));
            continue;
        case FIELD_CHOICE:
            snprintf(val, sizeof val, "%s", tr(f->choices[f->value]));
            break;
        case FIELD_NUMBER:
            if (typing_in(fm, i))
                snprintf(val, sizeof val, "%s", fm->typing.text);
            else
                snprintf(val, sizeof val, "%d", f->value);
            break;
        case FIELD_CHECK:
            snprintf(val, sizeof val, "[%c]", f->value ? 'x' : ' ');
            break;
        }
        /* the label's 20 columns are display columns (kanji take two) */
        grid_putn(g, yy, xx, cur ? ST_NORMAL | SF_BOLD : ST_NORMAL, tr(f->label), 20 - f->indent * 2);
        int end;
        if (f->kind == FIELD_CHECK) {
            end = grid_put(g, yy, x + 20, cur ? ST_NORMAL | SF_SELECT : ST_NORMAL, val);
        } else {
            end = grid_printf(g, yy, x + 20, cur ? ST_NORMAL | SF_SELECT : ST_NORMAL,
                              " %s ", val);
            if (typing_in(fm, i)) /* where the next digit goes */
                grid_flag(g, yy, end - 1, 1, SF_CURSOR);
            if (cur)
                grid_put(g, yy, end + 1, ST_DIM, gl->utf8 ? "\xe2\x97\x82\xe2\x96\xb8" /* ◂▸ */ : "<>");
            end += 3; /* room for the arrows, so the note does not jump */
        }
        /* What an untranslated name (an algorithm id) means, when the
         * language has words for it. */
        const char *note = f->kind == FIELD_CHOICE && f->notes ? f->notes[f->value] : f->note;
        if (note && strcmp(tr(note), note) != 0)
            grid_putn(g, yy, end + 2, ST_DIM, tr(note), x + w - end - 2);
    }
    if (fm->scroll > 0)
        grid_put(g, y, x + w - 3, ST_DIM, "^");
    if (fm->scroll + h < nv)
        grid_put(g, y + h - 1, x + w - 3, ST_DIM, "v");
    if (fm->cur < fm->n && fm->f[fm->cur].help)
        grid_putn(g, y + h + 1, x, ST_DIM, tr(fm->f[fm->cur].help), w);
}

/* ---- game fields ------------------------------------------------------- */

/* A game with external engines (gogo: GameInfo.external_engines) may also
 * be played by the shogi engines Debian packages (run only when chosen; a
 * missing one is reported in the status line). */
static const char *const who_names[] = {N_("Human"), N_("Computer"), "Fairy-Stockfish", "GNU minishogi"};
enum { WHO_HUMAN, WHO_YOMI, WHO_FAIRY_STOCKFISH, WHO_GNU_MINISHOGI };
#define FAIRY_STOCKFISH_SPEC "usi:/usr/games/fairy-stockfish"
#define GNU_MINISHOGI_SPEC "xshogi:/usr/games/gnuminishogi -X"
/* The engine's algorithm table, so a new algorithm shows up by itself: the
 * ids (the command line's, never translated) and what each means (its
 * display name, translated when drawn). */
const char *const *form_algo_names(void)
{
    static const char *names[ALGO_COUNT];
    for (int i = 0; i < ALGO_COUNT; i++)
        names[i] = algorithm((Algo)i)->id;
    return names;
}
const char *const *form_algo_notes(void)
{
    static const char *notes[ALGO_COUNT];
    for (int i = 0; i < ALGO_COUNT; i++)
        notes[i] = algorithm((Algo)i)->name;
    return notes;
}
/* The levels of a game, then Custom, whose fields are the search's own:
 * "1 Beginner" ... "N Strongest", as many as the game has (level.h).  The
 * names are made here already in the user's language: tr() finds no
 * catalog entry for the numbered text and draws it as it is. */
static const char *const *level_choices(const GameOps *game, int *n)
{
    static char text[LEVEL_LIMIT][48];
    static const char *names[LEVEL_LIMIT + 1];
    const char *family = game ? game->family : NULL;
    const int count = level_count(family);
    for (int i = 0; i < count; i++) {
        snprintf(text[i], sizeof text[i], "%d %s", LEVEL_MIN + i,
                 _(level_word(family, LEVEL_MIN + i)));
        names[i] = text[i];
    }
    names[count] = N_("Custom");
    *n = count + 1;
    return names;
}
static const char *const time_names[] = {N_("none (depth)"), N_("0.5 s"), N_("1 s"), N_("2 s"), N_("5 s"), N_("10 s")};
static const int time_ms[] = {0, 500, 1000, 2000, 5000, 10000};
const char *const form_table_names[3] = {N_("on"), N_("off"), N_("exact (seed memo)")};
const TableMode form_table_modes[3] = {TABLE_ON, TABLE_OFF, TABLE_EXACT};
const char *const form_order_names[3] = {N_("best"), N_("static"), N_("natural")};
const MoveOrder form_order_modes[3] = {ORDER_BEST, ORDER_STATIC, ORDER_NATURAL};
static const char *const onoff_names[] = {N_("on"), N_("off")};

#define CHOICES(a) .choices = (a), .nchoices = (int)(sizeof(a) / sizeof((a)[0]))

/* The games as the forms name them, in the registry's order. */
static const char *const *game_names(int *n)
{
    static const char *names[16];
    static int count;
    if (count == 0)
        for (const GameOps *const *g = game_families(); *g && count < 16; g++)
            names[count++] = (*g)->info->choice_name ? (*g)->info->choice_name : (*g)->info->name;
    *n = count;
    return names;
}

static FormField param_field(const GameParam *p)
{
    const int def = p->def < 0 ? 0 : p->def;
    if (p->kind == GAME_PARAM_CHOICE)
        return (FormField){.kind = FIELD_CHOICE, .label = p->label, .choices = p->choices,
                           .nchoices = p->nchoices, .value = def, .indent = 1, .help = p->help};
    return (FormField){.kind = FIELD_NUMBER, .label = p->label, .value = def, .lo = p->lo,
                       .hi = p->hi, .indent = 1, .help = p->help};
}

void form_add_game_fields(Form *fm, GameFields *gf)
{
    int n, start = 0;
    const char *const *names = game_names(&n);
    const GameOps *const *games = game_families();
    for (int i = 0; i < n; i++)
        if (games[i] == game_family_default())
            start = i;
    gf->game = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Game"), .choices = names,
                                        .nchoices = n, .value = start,
                                        .help = N_("Left/right to choose; Enter starts")});
    gf->nparams = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < games[i]->info->nparams && gf->nparams < FORM_GAME_PARAMS; k++) {
            const GameParam *p = &games[i]->info->params[k];
            if (!p->label) /* the command line's only */
                continue;
            gf->params[gf->nparams].field = form_add(fm, param_field(p));
            gf->params[gf->nparams].family = games[i];
            gf->params[gf->nparams].param = p;
            gf->nparams++;
        }
}

const GameOps *form_game_family(const Form *fm, const GameFields *gf)
{
    return game_families()[fm->f[gf->game].value];
}

void form_show_game_fields(Form *fm, const GameFields *gf)
{
    const GameOps *game = form_game_family(fm, gf);
    for (int i = 0; i < gf->nparams; i++)
        fm->f[gf->params[i].field].hidden = gf->params[i].family != game;
}

int form_game_id(const Form *fm, GameFields *gf, char *id, size_t len, GameOption *opts,
                 int max)
{
    const GameOps *game = form_game_family(fm, gf);
    int size[FORM_GAME_PARAMS], nsize = 0, nopts = 0;
    for (int i = 0; i < gf->nparams; i++) {
        const GameParam *p = gf->params[i].param;
        const int value = fm->f[gf->params[i].field].value;
        if (gf->params[i].family != game)
            continue;
        if (p->size) {
            size[nsize++] = value;
        } else if (value != p->def && nopts < max) {
            char *number = gf->params[i].number;
            snprintf(number, sizeof gf->params[i].number, "%d", value);
            const bool choice = p->kind == GAME_PARAM_CHOICE;
            opts[nopts++] = (GameOption){p->key, choice ? p->choices[value] : number};
        }
    }
    game_size_id(game, size, false, id, len);
    return nopts;
}

void form_add_player_fields(Form *fm, PlayerFields *pf, const char *label, bool human)
{
    /* A computer player starts as the default one (search.h). */
    Player def;
    Err err = {{0}};
    if (player_parse(PLAYER_DEFAULT_COMPUTER, &def, &err) != 0)
        search_config_default(&def.cfg);
    const SearchConfig d = def.cfg;
    int time_choice = 0;
    for (int i = 0; i < (int)(sizeof time_ms / sizeof time_ms[0]); i++)
        if (time_ms[i] == d.time_ms)
            time_choice = i;
    pf->who = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = label, CHOICES(who_names),
                                       .value = human ? 0 : 1});
    /* A computer starts at the game's strongest level, the command line's
     * default player (PLAYER_DEFAULT_COMPUTER); form_show_player_fields()
     * lists the chosen game's levels. */
    int nlevels;
    const char *const *levels = level_choices(game_family_default(), &nlevels);
    pf->level = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Level"),
                                         .choices = levels, .nchoices = nlevels,
                                         .value = nlevels - 2, .indent = 1,
                                         .help = N_("how strong the computer plays; Custom: choose its search")});
    pf->algo = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Algorithm"),
                                        .choices = form_algo_names(), .nchoices = ALGO_COUNT,
                                        .notes = form_algo_notes(),
                                        .value = (int)d.algo, .indent = 1,
                                        .help = N_("see Help > Algorithms for what each one does")});
    pf->depth = form_add(fm, (FormField){.kind = FIELD_NUMBER, .label = N_("Depth"), .value = d.depth > 0 ? d.depth : 6,
                                         .lo = 1, .hi = 40, .indent = 1,
                                         .help = N_("plies to look ahead (the maximum with a time limit)")});
    pf->time = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Time per move"), CHOICES(time_names),
                                        .value = time_choice, .indent = 1,
                                        .help = N_("iterative deepening until the time is up")});
    pf->table = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Table"), CHOICES(form_table_names), .indent = 1,
                                         .help = N_("transposition table: remember searched positions")});
    pf->order = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Move order"), CHOICES(form_order_names),
                                         .indent = 1});
    pf->quiescence = form_add(fm, (FormField){.kind = FIELD_CHOICE, .label = N_("Quiescence"), CHOICES(onoff_names),
                                              .indent = 1,
                                              .help = N_("search captures past the depth (gogo)")});
    pf->engine_depth = form_add(fm, (FormField){.kind = FIELD_NUMBER, .label = N_("Depth"),
                                                .value = AGENT_XSHOGI_DEPTH, .lo = 1, .hi = 40, .indent = 1,
                                                .help = N_("plies GNU minishogi looks ahead (past 8 it may take long)")});
}

static bool is_custom(const FormField *level)
{
    return level->value == level->nchoices - 1;
}

/// The level field lists `game`'s levels.  Another game may have more or
/// fewer: Custom stays Custom and the strongest the strongest (the levels
/// are named by their place in each game's ladder, and the strongest is
/// the same player everywhere); any other level keeps its number, or
/// becomes the game's strongest when the game has no such level.
static void show_levels(FormField *level, const GameOps *game)
{
    const int was = level->nchoices - 1, v = level->value;
    int n;
    level->choices = level_choices(game, &n);
    const int count = n - 1;
    level->nchoices = n;
    if (v == was) /* Custom */
        level->value = count;
    else if (v == was - 1 || v >= count)
        level->value = count - 1;
}

void form_show_player_fields(Form *fm, const PlayerFields *pf, const GameOps *game)
{
    FormField *who = &fm->f[pf->who];
    who->nchoices = game->info->external_engines ? 4 : 2; /* the other engines play shogi */
    if (who->value >= who->nchoices)
        who->value = WHO_YOMI;
    show_levels(&fm->f[pf->level], game);
    fm->f[pf->level].hidden = who->value != WHO_YOMI;
    /* A level is a whole player: only Custom asks for the search. */
    const bool yomi = who->value == WHO_YOMI && is_custom(&fm->f[pf->level]);
    fm->f[pf->algo].hidden = fm->f[pf->table].hidden = fm->f[pf->order].hidden = !yomi;
    fm->f[pf->quiescence].hidden = !yomi || !game->noisy_moves; /* no captures, no quiescence */
    /* Fairy-Stockfish takes a time per move, GNU minishogi a depth of its
     * own: yomi's default, 40 with a time limit, would take it minutes. */
    fm->f[pf->time].hidden = !yomi && who->value != WHO_FAIRY_STOCKFISH;
    /* An algorithm that only solves (pns) has no depth to ask for, and
     * one that samples (mcts) neither a depth, a table nor a move order:
     * it plays its iterations, or the time per move, its moves drawn at
     * random. */
    const unsigned flags = algorithm((Algo)fm->f[pf->algo].value)->flags;
    fm->f[pf->depth].hidden = !yomi || (flags & (ALGO_SOLVE_ONLY | ALGO_SAMPLING));
    fm->f[pf->table].hidden = fm->f[pf->order].hidden = !yomi || (flags & ALGO_SAMPLING);
    fm->f[pf->engine_depth].hidden = who->value != WHO_GNU_MINISHOGI;
}

void form_player(const Form *fm, const PlayerFields *pf, UiPlayer *p)
{
    memset(p, 0, sizeof *p);
    search_config_default(&p->cfg);
    const int who = fm->f[pf->who].value;
    p->human = who == WHO_HUMAN;
    const int level = fm->f[pf->level].value;
    if (who == WHO_YOMI && !is_custom(&fm->f[pf->level])) {
        char spec[24];
        Err err = {{0}};
        snprintf(spec, sizeof spec, "level:%d", LEVEL_MIN + level);
        if (player_parse(spec, p, &err) == 0)
            return;
    }
    const int ms = time_ms[fm->f[pf->time].value];
    if (who == WHO_FAIRY_STOCKFISH && ms)
        snprintf(p->external, sizeof p->external, "%s,time=%d", FAIRY_STOCKFISH_SPEC, ms);
    else if (who == WHO_FAIRY_STOCKFISH) /* the driver gives it a second a move */
        snprintf(p->external, sizeof p->external, "%s", FAIRY_STOCKFISH_SPEC);
    else if (who == WHO_GNU_MINISHOGI)
        snprintf(p->external, sizeof p->external, "%s,depth=%d", GNU_MINISHOGI_SPEC,
                 fm->f[pf->engine_depth].value);
    p->cfg.algo = (Algo)fm->f[pf->algo].value;
    p->cfg.depth = fm->f[pf->depth].value;
    p->cfg.time_ms = time_ms[fm->f[pf->time].value];
    p->cfg.table = form_table_modes[fm->f[pf->table].value];
    p->cfg.order = form_order_modes[fm->f[pf->order].value];
    p->cfg.quiescence = fm->f[pf->quiescence].value == 0;
    p->cfg.solve = (algorithm(p->cfg.algo)->flags & ALGO_SOLVE_ONLY) != 0;
}

void form_search_config(const Form *fm, const SearchFields *sf, SearchConfig *cfg)
{
    search_config_default(cfg);
    cfg->solve = fm->f[sf->solve].value;
    cfg->depth = fm->f[sf->depth].value;
    cfg->order = form_order_modes[fm->f[sf->order].value];
    cfg->table = form_table_modes[fm->f[sf->table].value];
}

void form_screen_key(Screen *s, Form *fm, int key, const FormActions *act)
{
    const FormEvent event = form_key(fm, key);
    if (fm->refused[0])
        app_message(s->app, ST_BAD, "%s", fm->refused);
    switch (event) {
    case FORM_SUBMIT:
        act->submit(s);
        break;
    case FORM_CANCEL:
        app_pop(s);
        break;
    case FORM_CHANGED:
    case FORM_TOGGLED:
        act->changed(s);
        break;
    default:
        if (key == 'q')
            app_request_quit(s->app);
        else if (key == '?')
            app_push(s->app, &screen_help, (void *)(uintptr_t)act->help_topic);
        break;
    }
}
