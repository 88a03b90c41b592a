/* compare.h - the Compare screens' parts: compare_setup.c, the form that
 * chooses the position and the algorithms; compare.c, the race (its
 * searches, run on their own threads and polled each tick, and its keys);
 * compare_draw.c, what the race draws (the table in two sets of columns
 * with leaves on a log scale, and the depth sweep's chart). */
#ifndef YOMI_UI_COMPARE_H
#define YOMI_UI_COMPARE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/search.h"
#include "ui/screen.h"

/* What the form asks the race to run. */
typedef struct {
    char id[32];
    GameOption opts[5];       /* the game's options, and a typed tree's */
    char optbuf[4][2][512];
    int nopts;
    char position[1024];      /* "" = start */
    bool typed;               /* the position was typed, not a game's */
    SearchConfig base;
    int sweep_depth;          /* the sweep's deepest depth (the form's Depth) */
    bool algos[ALGO_COUNT];
    bool concurrent;
} CompareRequest;

/* One search: a row of the race, or one depth of the sweep. */
typedef enum {
    JOB_WAITING,
    JOB_RUNNING,
    JOB_DONE,
    JOB_FAILED,  /* the engine refused it: error says why */
    JOB_STOPPED, /* x stopped it running */
    JOB_NOT_RUN  /* x stopped the run before it started */
} JobState;

typedef struct {
    Algo algo;
    int depth;                /* the sweep's; 0 in the race (the request's) */
    int iterations;           /* the sweep's for a sampling algorithm (mcts),
                                 which takes no depth; 0: the request's */
    Search *search;
    JobState state;
    SearchStats stats;        /* live while it runs */
    SearchResult result;      /* JOB_DONE */
    char error[ERR_MSG_MAX];  /* JOB_FAILED: a whole engine message */
} Job;

/* The sweep's depths: 1..N, N at most this.  A sampling algorithm (mcts)
 * has no depth: it is swept at 10, 100, ... iterations instead, at most
 * 10^SWEEP_SAMPLE_DECADES, drawn where depths 1, 2, ... are; one that
 * only solves (pns) is searched once, drawn at the end of the depths. */
#define SWEEP_MAX 16
#define SWEEP_SAMPLE_DECADES 5

typedef enum { COLUMNS_LEAVES, COLUMNS_WHY, COLUMNS_COUNT } Columns;

typedef struct {
    CompareRequest rq;
    Game *game;
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
    Job rows[ALGO_COUNT];
    int nrows;
    Job sweep[ALGO_COUNT][SWEEP_MAX]; /* [row][depth - 1] */
    int sweep_n;              /* depths swept: 0 until s asks */
    bool show_sweep;          /* s: the chart, not the table */
    Columns columns;          /* Tab: which columns the table shows */
    bool stopped;             /* x: the jobs still waiting are not started */
    int cur;                  /* the row t opens in the theatre */
    int scroll;               /* the first row shown when not all fit */
    /* o: what the other move order gave, kept to draw beside the new. */
    bool has_before;
    MoveOrder before_order;
    uint64_t before_leaves[ALGO_COUNT];   /* by row; 0: none */
    uint64_t before_nodes[ALGO_COUNT][SWEEP_MAX];
} Compare;

/* compare.c: the searches row i sweeps: sweep_n, fewer for mcts, one for
 * pns (see SWEEP_MAX). */
int compare_sweep_len(const Compare *c, int i);
/* The order's name as the title says it. */
const char *compare_order_name(MoveOrder o);
/* The effective branching factor of a finished job; 0: none. */
double compare_job_ebf(const Compare *c, const Job *j);

/* compare_draw.c: the whole screen but the message line. */
void compare_draw(Screen *s, Grid *g);

#endif
