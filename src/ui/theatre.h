/* theatre.h - the search theatre's parts (theatre.c: the screen and its
 * keys; theatre_draw.c: what it draws). */
#ifndef YOMI_UI_THEATRE_H
#define YOMI_UI_THEATRE_H

#include "engine/replay.h"
#include "engine/trace_text.h"
#include "ui/glyphs.h"
#include "ui/grid.h"
#include "ui/ui.h"

typedef struct {
    SearchConfig cfg;
    TraceLog log;
    Replay *replay;
    TraceTeller teller;
    int asked_iterations;    /* a sampling search shown for its first
                                cfg.iterations only: how many it was asked
                                for; 0 when it is shown whole */
} TheatreLane;

/* The positions before the root, for games whose rules look back (gogo's
 * repetition): the theatre keeps its own copies. */
#define THEATRE_MAX_HISTORY 64

typedef struct Theatre {
    Game *game;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    unsigned char *history[THEATRE_MAX_HISTORY];
    int nhistory;
    TheatreLane lane[2];
    int nlanes;              /* 2: side by side */
    bool running;            /* r: stepping on by itself */
    int speed;               /* its index in theatre.c's speeds */
    uint64_t run_from_ms;
    double owed;             /* steps due since the last tick */
    char note[200];          /* why the search shown is not the one asked for */
    /* theatre_draw's scratch: a position for each ply of the tree drawn. */
    _Alignas(16) unsigned char states[REPLAY_MAX_PLY][GAME_MAX_STATE];
} Theatre;

int theatre_lane_record(Theatre *t, TheatreLane *l, Err *err);
/* 0 when the theatre can show the search cfg of root in g (after the
 * positions in history), a sampling one perhaps for its first iterations
 * only; -1 + err saying why not. */
int theatre_fits(const Game *g, const void *root, const void *const *history, int nhistory,
                 const SearchConfig *cfg, Err *err);
void theatre_free_data(Theatre *t);
/* Everything between the title and the message line. */
void theatre_draw(Theatre *t, Grid *g, const Glyphs *gl);
/* Whether the lane's search samples (mcts): its steps are iterations. */
bool theatre_lane_samples(const TheatreLane *l);

/* theatre_sample.c: a sampling search's parts.  The most visited of the
 * node's moves in the tree (the engine's answer at the root); -1: none. */
int theatre_sample_best(const Replay *r, int node);
/* A row of its tree: the node's N and Q, and the playout's result where
 * the iteration is; its style in *style. */
void theatre_sample_note(const TheatreLane *l, int node, int ply, bool on_path, char *note,
                         size_t size, int *style);
/* How it searches: its iterations (the first of how many), C, the seed. */
void theatre_sample_how(const TheatreLane *l, char *buf, size_t size);
/* Its counters and the root's moves with N and Q, in the box (y, x, h,
 * 25 wide). */
void theatre_sample_counts(const TheatreLane *l, const Theatre *t, Grid *g, int y, int x, int h);

#endif
