/* analysis.h - the game looked at again: the Analyse screen, which is also
 * where the move list is browsed (analysis.c: keys and the analysis under
 * way; analysis_draw.c: board, panel, move list and evaluation graph), and
 * the game-over summary (summary.c) that leads there. */
#ifndef YOMI_UI_ANALYSIS_H
#define YOMI_UI_ANALYSIS_H

#include <stdbool.h>

#include "players/analysis.h"
#include "ui/screen.h"
#include "ui/session.h"
#include "ui/view.h"

/* What the screen starts from. */
typedef struct {
    Screen *game;  /* the game or watch screen below it (ui/game_screen.h) */
    bool analyse;  /* start analysing at once; else browse the moves */
} UiAnalysisArg;

typedef struct {
    Screen *game;
    const Session *session; /* the game screen's: read only, never kept past it */
    const BoardView *view;
    int n;                  /* the moves shown: the game as it stood */
    int ply;                /* the position shown: after `ply` moves */
    Analysis *analysis;     /* NULL until asked for */
    AnalysisProgress progress;
    bool running;           /* the analysis is under way */
    char typed[8];          /* a move number being typed ("" when none) */
    int graph_first;        /* the first position the graph shows */
    /* Where the last frame drew the graph's columns (for clicks). */
    int graph_y, graph_x, graph_w, graph_h, graph_colw;
} AnalysisScreen;

/* The evaluation graph, the panel, the whole frame (analysis_draw.c). */
void analysis_draw(Screen *s, Grid *g);

/* The value of position i as the graph draws it (first player's view);
 * false while it is not known. */
bool analysis_screen_value(const AnalysisScreen *as, int i, int *value);
/* The class of move i (0-based; ANALYSIS_BEST while not known). */
AnalysisClass analysis_screen_class(const AnalysisScreen *as, int i);

extern const ScreenOps screen_analysis, screen_summary;

#endif
