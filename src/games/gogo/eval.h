/* eval.h - gogo's positional evaluation: one weight vector, linear in a
 * small set of features (material on the board and in hand, a square table
 * per piece kind, mobility, king safety), so the same features drive both
 * the evaluation at the leaves and the Texel tuning of `yomi train gogo`.
 *
 * The weights live in assets/gogo-eval.txt (format below); the built-in
 * defaults are hand-set and used whenever that file is missing or bad.
 *
 * File format, version 3 (plain text, '#' starts a comment line):
 *     yomi-gogo-eval 3
 *     GROUP VALUE VALUE ...
 * one line per group, every group exactly once, with exactly its number of
 * integer values (|v| <= EVAL_MAX_WEIGHT); the groups are listed by
 * gogo_eval_groups() ("material", "hand", "pst.pawn", ..., "king.drop",
 * "near.pawn", ..., "near.dragon", "tempo", "attacked.us",
 * "attacked.them", "hanging.us", "hanging.them").  A version 1 file, from
 * before the near.* groups and tempo, is read with those weights 0; a
 * version 2 file, from before attacked.* and hanging.*, with those 0.
 */
#ifndef YOMI_GOGO_EVAL_H
#define YOMI_GOGO_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/error.h"
#include "games/gogo/gogo.h"

struct GogoNet; /* net.h */

#define EVAL_KINDS 10       /* the piece kinds 1..10 of internal.h, at index kind - 1 */
#define EVAL_ATTACK_STEPS 12 /* king zone attack count, capped */
#define EVAL_ESCAPE_STEPS 9  /* 0..8 free escape squares */
#define EVAL_MAX_WEIGHT 5000
/* A piece's place relative to a king, as that king's owner sees the board:
 * rows and files -4..+4 away, for a piece of the king's owner and then for
 * one of the other side. */
#define EVAL_NEAR_OFFSETS 81
#define EVAL_NEAR_SIZE (2 * EVAL_NEAR_OFFSETS)

/* Offsets into the weight vector. */
enum {
    EV_MATERIAL = 0,                                  /* [kind - 1], board */
    EV_HAND = EV_MATERIAL + EVAL_KINDS,               /* [base kind - 1] */
    EV_PST = EV_HAND + GOGO_HAND_KINDS,               /* [kind - 1][square, sente's view] */
    EV_MOBILITY = EV_PST + EVAL_KINDS * 25,           /* [kind - 1] per reachable square */
    EV_KING_ATTACK = EV_MOBILITY + EVAL_KINDS,        /* [attacks on the king zone] */
    EV_KING_DEFEND = EV_KING_ATTACK + EVAL_ATTACK_STEPS, /* per own guard of the zone */
    EV_KING_ESCAPE = EV_KING_DEFEND + 1,              /* [free escape squares] */
    EV_KING_DROP = EV_KING_ESCAPE + EVAL_ESCAPE_STEPS, /* [enemy hand kind] x empty zone squares */
    EV_KING_NEAR = EV_KING_DROP + GOGO_HAND_KINDS,    /* [kind - 1][own, enemy][offset from a king] */
    EV_TEMPO = EV_KING_NEAR + EVAL_KINDS * EVAL_NEAR_SIZE, /* the side to move's, once */
    /* [the side to move's, the other's][kind - 1] per piece the other
     * side attacks (attacked.*), and per such piece its own side does not
     * guard (hanging.*) */
    EV_ATTACKED = EV_TEMPO + 1,
    EV_HANGING = EV_ATTACKED + 2 * EVAL_KINDS,
    EVAL_NPARAMS = EV_HANGING + 2 * EVAL_KINDS
};

typedef struct {
    int32_t w[EVAL_NPARAMS];
} GogoEvalWeights;

/* A position's features from the side to move's view: the evaluation is
 * the sum of w[index[i]] * count[i] (an index may repeat). */
#define EVAL_MAX_FEATURES 208
typedef struct {
    int n;
    uint16_t index[EVAL_MAX_FEATURES];
    int16_t count[EVAL_MAX_FEATURES];
} GogoEvalFeatures;

/* The bound every evaluation is clamped to: far from SCORE_WIN_MIN. */
#define EVAL_BOUND 20000

const GogoEvalWeights *gogo_eval_builtin(void);
void gogo_eval_features(const GogoState *s, GogoEvalFeatures *f);
int gogo_eval(const GogoEvalWeights *w, const GogoState *s);
/* Material only (the evaluation gogo had before this file): board and hand
 * values, side to move's view. */
int gogo_eval_material(const GogoState *s);

/* What a weight file may be: the shipped one, with its network, is under
 * 600 KB and its longest line under 1 KB; a file past these is not a
 * weight file. */
#define GOGO_EVAL_FILE_MAX (2 * 1024 * 1024)
#define GOGO_EVAL_LINE_MAX 4096
/* Read a weight file's text (`len` bytes of the file `name`), or the file
 * `path` (a regular file only, at most GOGO_EVAL_FILE_MAX); 0, or -1 + err
 * naming the line.  *w is untouched on failure.  gogo_eval_parse passes
 * over a network section (net.h); the others read it into a new *net
 * (NULL when the file has none; the caller frees it), when net is not
 * NULL. */
int gogo_eval_parse(const char *text, size_t len, const char *name, GogoEvalWeights *w, Err *err);
int gogo_eval_parse_net(const char *text, size_t len, const char *name, GogoEvalWeights *w,
                        struct GogoNet **net, Err *err);
int gogo_eval_load(const char *path, GogoEvalWeights *w, struct GogoNet **net, Err *err);
/* Write the linear weights in the format above (a network section may be
 * appended: net.h); 0 or -1 (errno set) on an I/O error. */
int gogo_eval_write(FILE *out, const GogoEvalWeights *w, const char *comment);

/* The shipped linear weights, assets/gogo-eval.txt, read once per process
 * (the built-in ones when it is missing or bad). */
void gogo_default_weights(GogoEvalWeights *w);
/* Why the shipped weights could not be read, once they have been asked
 * for (gogo_default_weights); NULL when they were. */
const char *gogo_default_weights_notice(void);

/* What a gogo Game evaluates with: the game option --eval. */
typedef struct {
    bool material_only;       /* the evaluation before eval.c: material alone */
    bool shipped;             /* the shipped file: its notice applies */
    GogoEvalWeights weights;  /* otherwise these */
    const struct GogoNet *net; /* and this network on top, when not NULL */
    struct GogoNet *owned_net; /* the network of a file named by the option */
} GogoEvalChoice;

/* The default: the shipped file, its network included. */
void gogo_eval_choice_default(GogoEvalChoice *c);
/* --eval: material, tuned (the shipped file, the default), linear (its
 * linear weights without the network), builtin, or a weight file's path
 * (an error when unreadable or bad).  *c must be zeroed or a choice. */
int gogo_eval_option(const char *value, GogoEvalChoice *c, Err *err);
void gogo_eval_choice_free(GogoEvalChoice *c);
/* The evaluation of s, side to move's view, as the choice says. */
int gogo_eval_choice(const GogoEvalChoice *c, const GogoState *s);
/* The linear weights a gogo Game evaluates with; NULL under --eval
 * material.  Its network, NULL when none. */
const GogoEvalWeights *gogo_game_weights(const Game *g);
const struct GogoNet *gogo_game_net(const Game *g);

/* The name of parameter i ("pst.rook[3c]", "king.attack[2]"), for reports. */
void gogo_eval_param_name(int i, char *buf, size_t len);

#endif
