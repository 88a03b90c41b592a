/* analysis.h - a game looked at again by the engine, position by position:
 * what each position is worth, the best move in it, what the move played
 * gave up and how bad that was.  `yomi analyse` prints it, the UI's
 * Analyse screen draws it; both drive it the same way.
 *
 * Every position of the game is searched with one configuration (a depth,
 * or a time per position): its value and best move.  The move played,
 * when it is not that best move, is searched on its own, one ply less
 * deep from the position after it (as deep as the first search saw it),
 * so the two values it is judged by come from the same horizon; the loss
 * is their difference, from the mover's view, never below zero.  A game
 * over (no move, checkmate, repetition) is its exact result.
 *
 * Values are the engine's: the game's evaluation units (seeds, discs,
 * gogo's hundredths of a pawn), exact final scores where the search
 * solved the position, a won or lost gogo game within 1000 of
 * +-SCORE_WIN; here always from the first player's view.
 *
 * The work runs on the search's own thread: analysis_poll() never blocks
 * and moves on to the next search when one is done (the UI calls it every
 * tick); analysis_run() does the same to the end on the calling thread,
 * telling a callback how far it got (the CLI's progress line). */
#ifndef YOMI_PLAYERS_ANALYSIS_H
#define YOMI_PLAYERS_ANALYSIS_H

#include <stdbool.h>

#include "base/error.h"
#include "engine/game.h"
#include "engine/search.h"

/* What `yomi analyse` and the UI search with unless told: the yomi
 * algorithm to this depth. */
#define ANALYSIS_DEFAULT_DEPTH 10
/* The longest game analysed (plies). */
#define ANALYSIS_MAX_PLIES 10000

/* How a move compares with the best one, by its loss against the game's
 * steps (games/registry.h GameInfo.loss_steps). */
typedef enum {
    ANALYSIS_BEST,       /* the best move, or worth as much */
    ANALYSIS_GOOD,       /* a little worse: less than an inaccuracy */
    ANALYSIS_INACCURACY, /* ?! */
    ANALYSIS_MISTAKE,    /* ? */
    ANALYSIS_BLUNDER     /* ?? */
} AnalysisClass;

/* A position (0: the start, i: after i moves). */
typedef struct {
    bool done;    /* analysed: the rest is known */
    bool over;    /* the game is over here: `value` is its result */
    int value;    /* first player's view: the position with best play */
    Move best;    /* the best move (MOVE_NONE when over) */
    int depth;    /* the search's deepest complete iteration */
    bool exact;   /* `value` is the game's exact value (solved, or over) */
} AnalysisPosition;

/* A move of the game (i: the move played in position i). */
typedef struct {
    bool done;
    int side;     /* who played it: 0 the first player */
    Move played;
    int value;    /* first player's view: what the move played is worth,
                     seen from position i as deep as its best move */
    int loss;     /* >= 0: how much less than the best it gets, mover's view */
    AnalysisClass cls;
} AnalysisMove;

/* How far the work has got. */
typedef struct {
    int done;           /* positions analysed */
    int total;          /* positions in all: the moves + 1 */
    int at;             /* the position whose search runs now; -1: none */
    SearchStats stats;  /* that search's live counters */
    bool finished;      /* every position done (or stopped) */
} AnalysisProgress;

typedef struct Analysis Analysis;

/* The game from `start` through moves[0..n) (each checked legal, none after
 * the game is over), searched with `cfg`.  Nothing runs yet.  NULL + err
 * ("move 3 (c4) is not legal", "the game is over after move 8", out of
 * memory, a configuration the game refuses). */
Analysis *analysis_new(const Game *g, const void *start, const Move *moves, int n,
                       const SearchConfig *cfg, Err *err);
/* Stops what runs and frees everything. */
void analysis_free(Analysis *a);

/* Never blocks: collects a finished search and starts the next.  1 when
 * every position is done (or the work was stopped), 0 while it goes on,
 * -1 + err when a search could not start.  `p` may be NULL. */
int analysis_poll(Analysis *a, AnalysisProgress *p, Err *err);
/* The whole work on this thread.  `progress` (may be NULL) is told about
 * every tenth of a second and after each position; returning false stops
 * the work.  0, or -1 + err. */
int analysis_run(Analysis *a, bool (*progress)(void *arg, const AnalysisProgress *p), void *arg,
                 Err *err);
/* Give up the search under way (waits only for it to notice); what is
 * done stays done.  analysis_poll() then reports the work finished. */
void analysis_stop(Analysis *a);
/* Whether every position was analysed (not stopped). */
bool analysis_complete(const Analysis *a);

int analysis_moves(const Analysis *a);                    /* n */
const void *analysis_state(const Analysis *a, int i);     /* 0..n */
const AnalysisPosition *analysis_position(const Analysis *a, int i); /* 0..n */
const AnalysisMove *analysis_move(const Analysis *a, int i);         /* 0..n-1 */

/* The class of a loss in game `g` (its GameInfo's steps). */
AnalysisClass analysis_classify(const Game *g, int loss);
/* The loss of playing a move worth `played` where `best` was possible, both
 * from the mover's view: >= 0, a decided game's distance to its end not
 * counted (a slower win loses nothing). */
int analysis_loss(int best, int played);
/* "best", "good", "inaccuracy", "mistake", "blunder" (plain: the CLI's
 * fields; N_ for the UI, which translates them). */
const char *analysis_class_name(AnalysisClass c);
/* "", "", "?!", "?", "??" */
const char *analysis_class_mark(AnalysisClass c);

#endif
