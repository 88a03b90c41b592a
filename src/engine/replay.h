/* replay.h - where a search stands after its first k steps, rebuilt from
 * its trace (trace_log.h): the path from the root with each node's window
 * and best value so far, every node's moves searched, waiting or cut off,
 * and counts of what happened at each ply.  What the theatre screen draws.
 *
 * A replay only reads events; seeking to step k replays the first k from
 * the start, which for the few thousand steps a trace holds costs less
 * than drawing a frame, and makes stepping back exact.
 */
#ifndef YOMI_REPLAY_H
#define YOMI_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/trace_log.h"

typedef enum {
    CHILD_WAITING, /* not searched (yet) */
    CHILD_OPEN,    /* being searched: on the path */
    CHILD_DONE,    /* searched: value known */
    CHILD_CUT      /* left out by a cutoff */
} ChildStatus;

/* The tree the search has seen so far: every node it entered, and every
 * move of those nodes, searched or not.  Indexes into Replay.nodes; node 0
 * is the root. */
typedef struct {
    Move move;                 /* the move into it (MOVE_NONE at the root) */
    unsigned char status;      /* ChildStatus */
    bool leaf;                 /* its value came from the evaluation */
    bool hit;                  /* ... or from the table */
    unsigned short researches; /* null-window tests that failed high on it */
    int order;                 /* 1 for the first of its siblings searched, ...; 0: never */
    int value;                 /* CHILD_DONE: what it returned, its parent's view */
    int side;                  /* who moves there (known once entered) */
    int parent;                /* -1 at the root */
    int first, n;              /* its moves: nodes[first, first + n); n < 0 until
                                  it is entered (or when its position is unknown) */
    /* A sampling search's (mcts): CHILD_WAITING is a move not yet in its
     * tree, `order` the order it joined; its visits N and its score in
     * half points for the side that moved into it (trace.h). */
    unsigned visits, score;
} ReplayNode;

/* A node on the path from the root to where the search is. */
typedef struct {
    int node;                 /* in Replay.nodes */
    Move move;                /* the move into it; MOVE_NONE at the root;
                                 MOVE_NULL, yomi's null move, is none of the
                                 tree's: the frames from it on are unknown */
    int side;                 /* who moves here */
    int depth;                /* plies left when entered */
    int alpha, beta;          /* the window it was entered with (side's view) */
    bool has_value;           /* a move has returned (or the node closed) */
    int value;                /* the best so far, side's view */
    Move best;                /* the move that gave it (MOVE_NONE: none yet) */
    bool leaf, hit;           /* answered by the evaluation / the table */
    bool closed;              /* its value is backed up */
    bool cut;                 /* a cutoff ended it */
    bool known;               /* its position is known (moves replayed legally) */
    /* Not entered but passed through: a move of an extra turn that
     * simplified Kalah plays inside one ply of the search (trace.h), between
     * the node the search entered and the one it goes on from.  Its depth
     * and window are that node's; it takes that node's value when it backs
     * up, and hands it on to the entered node above. */
    bool through;
    _Alignas(16) unsigned char state[GAME_MAX_STATE];
} ReplayFrame;

/* What happened at one ply (0: the root). */
typedef struct {
    uint64_t nodes, leaves, hits, cutoffs, researches;
    uint64_t probes;          /* yomi's null-move and ProbCut probes */
} ReplayPly;

#define REPLAY_MAX_PLY (SEARCH_MAX_PLY + 2)

/* A ProbCut probe under way (trace.h TRACE_PROBE): its search enters the
 * node itself again, at the same ply, so the node's own frame waits here
 * until the probe's root returns, and the search goes on from it.  (A
 * null-move probe's root is a ply below, by MOVE_NULL: nothing waits.) */
typedef struct {
    int ply;                  /* the node's */
    bool entered;             /* the probe's root has been entered */
    ReplayFrame node;         /* the node's frame as the probe found it */
} ReplayProbe;

#define REPLAY_MAX_PROBES 16  /* probes within probes; past that, not kept */

typedef struct {
    const Game *game;
    int step;                 /* events applied */
    int top;                  /* the ply of the node the search is at: plies
                                 are moves from the root (trace.h), so the
                                 frames between a node and a child more than
                                 one ply below it are passed through */
    int deepest;              /* the deepest ply entered */
    ReplayFrame frames[REPLAY_MAX_PLY]; /* the path: frames[0..top] */
    ReplayPly ply[REPLAY_MAX_PLY];
    ReplayPly total;
    uint64_t mtd_passes;
    int iteration;            /* the depth of the iteration under way (0: none) */
    /* The last MTD(f) pass: its bound, and what is known [lower, upper]. */
    bool in_pass;
    int pass_bound, lower, upper;
    ReplayNode *nodes;        /* the tree seen so far */
    int nnodes, nodes_cap;
    bool short_of_memory;     /* the tree stopped growing */
    ReplayProbe probes[REPLAY_MAX_PROBES]; /* ProbCut probes under way, innermost last */
    int nprobes;
    /* A sampling search (trace.h TRACE_SAMPLE ...): the iteration under
     * way (0: none yet); whether its result is backed up (the path stays
     * shown until the next one begins); the last playout's length.  Its
     * tree's nodes are total.nodes, its playouts total.leaves. */
    int samples;
    bool backed_up;
    int playout_plies;
} Replay;

/* NULL when memory is short.  The replay starts at step 0 at `root`. */
Replay *replay_new(const Game *g, const void *root);
void replay_free(Replay *r);
/* Back to step 0. */
void replay_reset(Replay *r);
/* One more step. */
void replay_apply(Replay *r, const TraceEvent *e);
/* Where the search stands after log's first `step` events (clamped). */
void replay_seek(Replay *r, const TraceLog *log, int step);
/* The moves of node `node` in the order the search took them: those
 * searched, in their order, then the rest as the game lists them; their
 * indexes go to out (room for the node's n); returns how many. */
int replay_child_order(const Replay *r, int node, int *out);
/* The node's depth in the tree (0: the root). */
int replay_node_ply(const Replay *r, int node);

#endif
