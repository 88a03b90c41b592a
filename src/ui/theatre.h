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
 * positions in history); -1 + err saying why not. */
int theatre_fits(const Game *g, const void *root, const void *const *history, int nhistory,
                 const SearchConfig *cfg, Err *err);
void theatre_free_data(Theatre *t);
/* Everything between the title and the message line. */
void theatre_draw(Theatre *t, Grid *g, const Glyphs *gl);

#endif
