/* registry.h - every game yomi knows, what each says about itself, and
 * lookup by the names users type.  The one place that names the games: the
 * engine knows none of them, and the front ends (ui, cli, players) learn
 * everything they show or offer about a game from its GameInfo. */
#ifndef YOMI_GAMES_REGISTRY_H
#define YOMI_GAMES_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "base/error.h"
#include "engine/game.h"

/* ---- what a game says about itself --------------------------------------
 * Each game's GameOps points to its GameInfo (ops->info).  The New game and
 * Compare forms, the command line's game options, its help and the
 * registry's messages are made from it. */

typedef enum {
    GAME_PARAM_CHOICE, /* one of `choices` */
    GAME_PARAM_RANGE,  /* a whole number from lo to hi */
} GameParamKind;

/* One thing a variant may differ in: an option (--start parallel) or a part
 * of the id's size (the 6x6 of reversi-6x6, the 4 and the 3 of kalah-4x3). */
typedef struct {
    const char *key;            /* the option is --KEY; a size part's name */
    GameParamKind kind;
    bool size;                  /* a part of the id's size, not an option; the
                                 * parts are joined by 'x' in schema order */
    const char *const *choices; /* CHOICE: the values as typed (N_ when the
                                 * forms show them in the player's language) */
    int nchoices;
    const char *other;          /* CHOICE: what else is accepted, as help names it:
                                 * "FILE" (--eval FILE), "TREE" (--tree TREE) */
    int lo, hi;                 /* RANGE */
    int def;                    /* the default: a choice's index or the number;
                                 * -1 when it depends on the variant */
    const char *label;          /* N_: its field in the forms; NULL: the command
                                 * line only */
    const char *help;           /* N_: one line, shown with the field */
} GameParam;

/* GAME_PARAM_CHOICES(array): a choice among the values of a static array. */
#define GAME_PARAM_CHOICES(a) \
    .kind = GAME_PARAM_CHOICE, .choices = (a), .nchoices = (int)(sizeof(a) / sizeof((a)[0]))

struct GameInfo {
    const char *name;           /* N_: the game's name in titles: "Reversi" */
    const char *choice_name;    /* N_: the forms' game choice when it says more
                                 * ("Gogo shogi (5x5)"); NULL: name */
    const char *const *aliases; /* other ids of the default variant, NULL-ended;
                                 * NULL: none */
    const char *size_pattern;   /* "kalah-MxN": the ids with a size, for help and
                                 * messages; NULL: one size only */
    const char *size_help;      /* N_: what the pattern's letters may be; with
                                 * no pattern, a note for the usage's games
                                 * list (the tree game: what to type) */
    const GameParam *params;    /* size parts first, then the options */
    int nparams;
    /* The two numbers shown for a finished game (first player's, second's):
     * Kalah's stores, reversi's discs.  NULL: none (gogo, the tree game). */
    void (*counts)(const Game *g, const void *state, int counts[2]);
    /* What those numbers are, as results print them: "stores", "discs"
     * (plain: results read the same in every language).  Set with counts. */
    const char *counts_name;
    /* A final value is what the first player gets, not a margin one side
     * wins by: the tree game, whose leaves are payoffs to Max, so "Min
     * loses by 2" says what nobody asked.  The front ends then give the
     * value as the first player's number instead of a winner. */
    bool payoff;
    /* Other programs can play it: USI and xshogi engines (shogi variants). */
    bool external_engines;
    /* open() is also given --position, as the option "position": the tree
     * game, whose position may be the tree itself. */
    bool opens_with_position;
    /* How much worse than the best move a move must be, in the
     * evaluation's units (the final score's where the value is exact), to
     * be called an inaccuracy, a mistake and a blunder when a game is
     * analysed (players/analysis.h): increasing; left at zero, 1, 2, 4. */
    int loss_steps[3];
};
typedef struct GameInfo GameInfo;

/* ---- the registry ---------------------------------------------------------- */

extern const GameOps kalah_ops, reversi_ops, gogo_ops, tree_ops;
const GameOps *const *game_families(void); /* NULL-terminated, in the forms' order */
/* The game the forms start on. */
const GameOps *game_family_default(void);

/* Open a game by its CLI id (doc/cli.md: reversi, reversi-6x6, kalah-4x3, gogo,
 * minishogi, ...).  NULL + err on an unknown id or a bad option. */
Game *game_open(const char *id, const GameOption *opts, int nopts, Err *err);

/* The game family an id belongs to ("reversi-6x6", "minishogi"), or NULL
 * when none does (the id may still be a bad size of that family). */
const GameOps *game_family_of(const char *id);

/* True when `id`'s game is to be given --position as an option too
 * (GameInfo's opens_with_position). */
bool game_opens_with_position(const char *id);

/* "kalah, kalah-MxN, reversi, reversi-RxC, gogo": every game's plain id and
 * its size pattern; only the games that `external_engines` when set. */
void game_ids_list(char *buf, size_t len, bool external_engines_only);

/* The id of a variant of `ops` whose size parts have `values` (one per size
 * parameter, in schema order; NULL: the defaults): "kalah-4x3",
 * "reversi-6x6"; the plain id ("kalah") when they are all the defaults,
 * unless `spelled_out` ("kalah-6x6"). */
void game_size_id(const GameOps *ops, const int *values, bool spelled_out, char *id,
                  size_t len);

/* The variant's name for people, in their language: "Reversi 6x6". */
void game_display_name(const Game *g, char *buf, size_t len);

/* --- reading options, for the games' open() ---
 * The parameter of `ops`'s game for option `o`, or NULL with "--KEY does not
 * apply to ID (its options: ...)" or "--KEY needs a value". */
const GameParam *game_param_for(const GameOps *ops, const GameOption *o, Err *err);
/* The index of `value` among p's choices, or -1 with "--KEY: 'VALUE' is not
 * one of ...". */
int game_param_choice(const GameParam *p, const char *value, Err *err);
/* "--start cross|parallel", "--eval tuned|simple|FILE". */
void game_param_syntax(const GameParam *p, char *buf, size_t len);

#endif
