/* form.h - a vertical list of labelled fields (choices, numbers, check
 * boxes, buttons) edited with the arrows: the new-game, compare and settings
 * screens are forms. */
#ifndef YOMI_UI_FORM_H
#define YOMI_UI_FORM_H

#include <stdbool.h>

#include "games/registry.h"
#include "ui/glyphs.h"
#include "ui/grid.h"
#include "ui/player_label.h"

#define FORM_MAX 48

typedef enum { FIELD_CHOICE, FIELD_NUMBER, FIELD_CHECK, FIELD_BUTTON, FIELD_HEADING } FieldKind;

typedef struct {
    FieldKind kind;
    const char *label;
    const char *const *choices; /* FIELD_CHOICE */
    int nchoices;
    int value;                  /* choice index, number, or 0/1 */
    int lo, hi;                 /* FIELD_NUMBER */
    int step;                   /* FIELD_NUMBER: left/right's step (0: 1) */
    int indent;
    bool hidden;
    const char *help;           /* one line shown when the field is current */
    /* Shown dim after the value, only when the language translates it:
     * what an untranslated choice (an algorithm id) means. */
    const char *const *notes;   /* FIELD_CHOICE: one per choice */
    const char *note;           /* FIELD_CHECK */
} FormField;

/* What a number field's typed digits are while they are typed (form.c:
 * FormTyping). */
typedef struct {
    int field;                  /* 1 + the field typed in; 0: none */
    char text[12];
} FormTyping;

typedef struct {
    FormField f[FORM_MAX];
    int n, cur, scroll;
    FormTyping typing;
    /* Why the last key was refused (a typed number out of range), for the
     * screen's status line; "" when it was not. */
    char refused[160];
} Form;

typedef enum { FORM_NONE, FORM_CHANGED, FORM_SUBMIT, FORM_CANCEL, FORM_TOGGLED } FormEvent;

/* What a screen made of one form does with its events; the keys left over
 * (q quits, ? opens the help at `help_topic`, NULL for its start) are the
 * same on every such screen. */
struct Screen;
typedef struct {
    void (*submit)(struct Screen *s);
    void (*changed)(struct Screen *s); /* a value changed or was ticked */
    const char *help_topic;
} FormActions;
void form_screen_key(struct Screen *s, Form *fm, int key, const FormActions *act);

int form_add(Form *fm, FormField f); /* returns its index */
/* A key on the current field: arrows (left/right change the value), Tab,
 * Enter, Esc, Space (ticks); on a number field digits typed replace the
 * value (Backspace edits it), PgUp/PgDn change it by a big step and
 * Home/End set the range's ends; elsewhere PgUp/Home and PgDn/End go to
 * the first and last field.  A value out of range is refused with the
 * reason in fm->refused. */
FormEvent form_key(Form *fm, int key);
/* Draw in the box (y, x, h, w); the current field is highlighted.  Labels,
 * choices and help lines are marked N_ and translated here. */
void form_draw(Form *fm, Grid *g, int y, int x, int h, int w, const Glyphs *gl);
/* Keep the cursor off hidden fields and headings. */
void form_fix_cursor(Form *fm);

/* --- the fields every game-choosing form shares -------------------------
 * The game, then each game's parameters that have a label (its GameInfo,
 * games/registry.h), shown while that game is chosen. */
#define FORM_GAME_PARAMS 24
typedef struct {
    int game;                           /* the game choice's field */
    int nparams;
    struct {
        int field;                      /* its field in the form */
        const GameOps *family;
        const GameParam *param;
        char number[12];                /* a number option's value, spelled */
    } params[FORM_GAME_PARAMS];
} GameFields;
/* Starts on the registry's default game. */
void form_add_game_fields(Form *fm, GameFields *gf);
void form_show_game_fields(Form *fm, const GameFields *gf);
/* The chosen game as an id and at most `max` options, those that differ
 * from the defaults; returns how many.  The strings live in the games'
 * tables or in gf. */
int form_game_id(const Form *fm, GameFields *gf, char *id, size_t len, GameOption *opts,
                 int max);
const GameOps *form_game_family(const Form *fm, const GameFields *gf);

/* --- a player's fields --------------------------------------------------
 * Who plays; a computer's level (players/level.h), and for Custom its
 * search; an external engine's own limit. */
typedef struct {
    int who, level, algo, depth, time, table, order, quiescence;
    int engine_depth; /* GNU minishogi's own, far shallower than yomi's */
} PlayerFields;
void form_add_player_fields(Form *fm, PlayerFields *pf, const char *label, bool human);
/* The player fields that fit `game`: the external engines where they can
 * play it, quiescence where it has captures. */
void form_show_player_fields(Form *fm, const PlayerFields *pf, const GameOps *game);
void form_player(const Form *fm, const PlayerFields *pf, UiPlayer *p);

const char *const *form_algo_names(void); /* ALGO_COUNT names */
const char *const *form_algo_notes(void); /* what each means (N_, untranslated) */
/* Move order and table choices, in the order the forms offer them. */
extern const char *const form_order_names[3];
extern const MoveOrder form_order_modes[3];
extern const char *const form_table_names[3];
extern const TableMode form_table_modes[3];

/* The fields a form that sets up a search (compare, the theatre) asks
 * for, by index: solve to the end, depth, move order, table. */
typedef struct {
    int solve, depth, order, table;
} SearchFields;
/* The default config with those fields' values. */
void form_search_config(const Form *fm, const SearchFields *sf, SearchConfig *cfg);

#endif
