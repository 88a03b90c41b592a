/* internal.h - the reversi variant record, shared by the rules and the notation. */
#ifndef YOMI_REVERSI_INTERNAL_H
#define YOMI_REVERSI_INTERNAL_H

#include "games/reversi/bitboard.h"
#include "games/reversi/reversi.h"

typedef enum { START_CROSS, START_PARALLEL } ReversiStart;
typedef enum { SCORE_DISCS, SCORE_STANDARD } ReversiScoring;
/* Which evaluation a variant uses (--eval). */
typedef enum { EVAL_DEFAULT, EVAL_PATTERN, EVAL_SIMPLE, EVAL_MOBILITY } ReversiEvalKind;

typedef struct ReversiEval ReversiEval;

typedef struct {
    Game base; /* first: a Reversi is a Game */
    int rows, cols;
    uint64_t valid;        /* the board's squares */
    uint64_t corners;      /* the four corners */
    uint64_t near_corners; /* C and X squares: next to a corner */
    ReversiStart start;
    ReversiScoring scoring;
    uint8_t static_rank[64]; /* order_static: lower is tried first */
    ReversiEvalKind eval;    /* never EVAL_DEFAULT once opened */
    ReversiEval *pattern;    /* the loaded weights when eval == EVAL_PATTERN */
    char eval_notice[256];   /* why the pattern evaluation is off, or "" */
} Reversi;

static inline const Reversi *as_reversi(const Game *g) { return (const Reversi *)g; }

static inline uint64_t state_black(const ReversiState *s) { return s->side ? s->other : s->mover; }
static inline uint64_t state_white(const ReversiState *s) { return s->side ? s->mover : s->other; }

static inline uint64_t state_empty(const Reversi *r, const ReversiState *s)
{
    return r->valid & ~(s->mover | s->other);
}

/* notation.c */
int reversi_parse_position(const Game *g, const char *text, void *state, Err *err);
void reversi_format_position(const Game *g, const void *state, char *buf, size_t len);
int reversi_parse_move(const Game *g, const void *state, const char *text, Move *m, Err *err);
void reversi_format_move(const Game *g, const void *state, Move m, char *buf, size_t len);
void reversi_render_text(const Game *g, const void *state, char *buf, size_t len);

#endif
