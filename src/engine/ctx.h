/* ctx.h - what every search routine shares: the search context (per-ply
 * stacks, counters, tables) and the few steps every node takes (count it,
 * answer it from the table or as a leaf, make a child, record the PV, store
 * the result).  Engine-private: the CLI and the UI see only search.h.
 *
 * Conventions the algorithms rely on:
 *  - values are from the side to move at the node (negamax view) unless a
 *    routine says otherwise (minimax and alphabeta use the first player's);
 *  - a child where the same side moves again (a Kalah extra turn) is not
 *    negated and costs no depth; a pass is negated and costs no depth;
 *  - a child is taken only when strictly better, so ties go to the first.
 */
#ifndef YOMI_CTX_H
#define YOMI_CTX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/game.h"
#include "engine/search.h"
#include "engine/stats.h"
#include "engine/table.h"
#include "engine/trace.h"

#define INF SCORE_INF
#define DEPTH_SOLVE 250  /* "to the end": deeper than any game here lasts */
#define DEPTH_EXACT 255  /* a table entry no depth limit touched */
#define TRACE_MAX_PATH SEARCH_MAX_PLY /* trace.h's bound on a path */
#define CTX_MOVE_SLOTS 65536 /* a Move's 16 bits: the history's and counter-moves' index */

typedef struct {
    Move moves[GAME_MAX_MOVES];
    Move pv[SEARCH_MAX_PLY];
    int pv_len;
    /* Simplified Kalah: the mover's extra-turn moves played right after the
     * move into this ply (they belong in the PV after it). */
    Move lead[SEARCH_MAX_PLY];
    int lead_len;
    Move killer[2];
    /* ALGO_YOMI: the node's static evaluation when it was asked for, else
     * INT32_MIN (in check, or cut before it was needed). */
    int static_eval;
    /* ALGO_YOMI: the move a singular-extension test leaves out of the
     * node's next search at this ply, else MOVE_NONE. */
    Move excluded;
} PlyData;

typedef struct Pns Pns; /* pns.c's table and per-ply numbers */

typedef struct Ctx {
    const Game *g;
    const GameOps *ops;
    SearchConfig cfg;
    Counters n;
    LiveStats *live;        /* this thread's mirror of n */
    atomic_int *stop_request;
    /* With helper threads (team.c): the nodes of the whole team, which a
     * node limit counts, and how many of this thread's are in it; NULL
     * for a search on one thread. */
    _Atomic uint64_t *team_nodes;
    uint64_t nodes_told;
    bool stopped;
    uint64_t deadline_ns;   /* 0: none */
    uint64_t horizon;       /* leaves cut off by the depth limit so far */
    Tt *tt;                 /* TABLE_ON, else NULL */
    Memo *memo;             /* TABLE_EXACT, else NULL */
    int *history;           /* [2][CTX_MOVE_SLOTS] cutoff scores for ORDER_BEST */
    Move *counter;          /* ALGO_YOMI: [2][CTX_MOVE_SLOTS] the reply that cut after a move */
    int root_depth;         /* ALGO_YOMI: the iteration's depth (bounds extensions) */
    Pns *pns;               /* ALGO_PNS: its table, made by search_new */
    struct Mcts *mcts;      /* ALGO_MCTS: its tree (mcts.c), else NULL */
    int reached;            /* ALGO_SAMPLING: the deepest ply its tree reached */
    bool quiescence;
    unsigned char *states;  /* (SEARCH_MAX_PLY + 2) slots of GAME_MAX_STATE */
    PlyData *ply;
    const void **path;      /* game history then the search path */
    int history_len;
    GameSolver *solver;     /* the game's endgame solver when cfg.endgame */
    int solver_reach;       /* game.h solver_reach, or -1: solve at any depth */
    int solver_threads;     /* the threads the solver may take for the root (search_new) */
    /* A full-window search of the node at `ply` with the configured
     * algorithm, side to move's view, set by search_new: the root of an
     * iteration, and simplified Kalah's one-ply look at an extra turn,
     * which so never calls up from node.c into the algorithms. */
    int (*search_node)(struct Ctx *c, int ply, int depth);
    /* search_set_trace's function, NULL when nobody watches (trace.h);
     * while set, the moves from the root: the node at ply p was reached by
     * trace_path[0 .. trace_len[p]).  That is p moves but where simplified
     * Kalah played an extra turn's moves inside one ply, which the path
     * must hold too for it to replay. */
    TraceFn trace;
    void *trace_arg;
    Move trace_path[TRACE_MAX_PATH];
    int trace_len[SEARCH_MAX_PLY + 2];
} Ctx;

static inline void *ctx_state(const Ctx *c, int ply)
{
    return c->states + (size_t)ply * GAME_MAX_STATE;
}

static inline int ctx_side(const Ctx *c, int ply)
{
    return c->ops->side_to_move(c->g, ctx_state(c, ply));
}

/* The history of the side to move at ply, indexed by move. */
static inline int *ctx_history(const Ctx *c, int ply)
{
    return c->history + ctx_side(c, ply) * CTX_MOVE_SLOTS;
}

/* The counter-moves of the side to move at ply, indexed by the move before. */
static inline Move *ctx_counters(const Ctx *c, int ply)
{
    return c->counter + ctx_side(c, ply) * CTX_MOVE_SLOTS;
}

/* What a node carries from its opening to its closing. */
typedef struct {
    int alpha, beta;           /* the window searched (the memo may narrow it) */
    int orig_alpha, orig_beta; /* the window asked for */
    int value;                 /* the answer when node_open answered */
    Move hint;                 /* the table's move */
    int tt_depth, tt_value;    /* the table's entry (tt_depth -1: none) */
    int tt_bound;
    bool keyed;                /* probed: store on closing */
    int memo_lower, memo_upper;
    int key_len;
    uint64_t hash;
    uint64_t horizon_before;
    uint8_t key[MEMO_MAX_KEY];
} Node;

/* ctx.c: a context's own memory (per-ply arrays, history, its solver);
 * history_max: how many positions before the root its path can hold. */
int ctx_init(Ctx *c, const Game *g, const SearchConfig *asked, int history_max, Err *err);
void ctx_release(Ctx *c);
void ctx_forget(Ctx *c);
void ctx_set_history(Ctx *c, const void *const *slots, int n);

/* node.c */
void ctx_checkpoint(Ctx *c);
int ctx_leaf(Ctx *c, int ply, int alpha, int beta);
int ctx_terminal_value(Ctx *c, int ply);
int ctx_terminal_through_pass(Ctx *c, int ply, int depth, const Node *nd);
bool ctx_repetition(Ctx *c, int ply, int *value);
bool ctx_probe(Ctx *c, int ply, int depth, Node *nd);
void ctx_store(Ctx *c, int ply, int depth, const Node *nd, int value, Move best);
int ctx_extra_turn_simplified(Ctx *c, int ply, int depth, bool *same);
void ctx_pv_update(Ctx *c, int ply, Move m);
void ctx_note_cutoff(Ctx *c, int ply, int depth, Move m, int value, int beta, int unsearched);

/* --- the trace (trace.h) ---
 * A search nobody watches pays one test where a step happens: the steps
 * themselves are out of line and cold, so that building an event, or the
 * path's bookkeeping, takes no room in the hot routines (BENCHMARKS.md,
 * "the trace hook").  Built with -DYOMI_NO_TRACE the test is false and the
 * trace compiles to nothing: the baseline that measurement compares with,
 * not a build to ship (nothing is ever told to a trace function). */
#define YOMI_COLD __attribute__((cold, noinline))

/* The yomi algorithm's static exchange (YOMI_EXCHANGE) is on and the game
 * has one: the picker and quiescence treat losing moves as quiet. */
static inline bool ctx_exchange(const Ctx *c)
{
    return c->ops->exchange && (c->cfg.features & YOMI_EXCHANGE) && c->cfg.algo == ALGO_YOMI;
}

static inline bool ctx_mate_probe(const Ctx *c)
{
    return c->ops->mate_in_one && (c->cfg.features & YOMI_MATE_PROBE) && c->cfg.algo == ALGO_YOMI;
}

static inline bool ctx_tracing(const Ctx *c)
{
#ifdef YOMI_NO_TRACE
    (void)c;
    return false;
#else
    return __builtin_expect(c->trace != NULL, 0);
#endif
}

/* Hand e to the trace function, its path and side filled in. */
YOMI_COLD void ctx_trace(Ctx *c, TraceEvent *e);
/* The steps every node takes, told without an event built in the caller;
 * those that hand a value back return it, so the caller keeps nothing
 * alive across the call. */
YOMI_COLD void ctx_trace_enter(Ctx *c, int ply, int depth, int alpha, int beta);
YOMI_COLD int ctx_trace_leaf(Ctx *c, int ply, int value);
/* A node answered without its Node or a move (quiescence's value, the
 * mate-distance cut): its TRACE_CLOSE, best MOVE_NONE; returns value. */
YOMI_COLD int ctx_trace_close_at(Ctx *c, int ply, int depth, int alpha, int beta, int value);
/* The trace's path to ply + 1: the path to ply, then m. */
YOMI_COLD void ctx_trace_step(Ctx *c, int ply, Move m);

/* Every evaluation the counters count as a leaf goes through here, so the
 * trace sees exactly the leaves stats.leaves counts. */
static inline int ctx_leaf_value(Ctx *c, int ply, int value)
{
    c->n.leaves++;
    return ctx_tracing(c) ? ctx_trace_leaf(c, ply, value) : value;
}
int ctx_turn_moves(const Ctx *c, const void *from, const Move *pv, int n, Move *out);

int ctx_endgame(Ctx *c, int ply, int alpha, int beta);

/* Whether the game's solver takes this node: near enough the end
 * (cfg.endgame) and, where the game says so, near enough that the search
 * would almost reach the end anyway (depth left + solver_reach), so a
 * shallow iteration's leaves do not each pay for a whole solve. */
static inline bool ctx_wants_solver(const Ctx *c, int ply, int depth)
{
    if (!c->solver)
        return false;
    const int size = c->ops->solver_size(c->g, ctx_state(c, ply));
    return size <= c->cfg.endgame && (c->solver_reach < 0 || size <= depth + c->solver_reach);
}

/* order.c */
void order_moves(Ctx *c, int ply, Move *moves, int n, Move hint);

/* quiesce.c */
int quiesce(Ctx *c, int ply, int alpha, int beta);

/* Open a node: count it, then answer it if it is a leaf, a repetition or a
 * table hit (returns -1, value in nd->value), or generate and order its
 * moves (returns how many; 0 = terminal, value in nd->value, which the
 * caller still closes so the table learns it, as the seeds' memo does). */
static inline int node_open(Ctx *c, int ply, int depth, int alpha, int beta, Node *nd)
{
    c->ply[ply].pv_len = 0;
    if ((++c->n.nodes & (STATS_PUBLISH_EVERY - 1)) == 0)
        ctx_checkpoint(c);
    nd->alpha = nd->orig_alpha = alpha;
    nd->beta = nd->orig_beta = beta;
    nd->hint = MOVE_NONE;
    nd->keyed = false;
    nd->horizon_before = c->horizon;
    if (ctx_tracing(c))
        ctx_trace_enter(c, ply, depth, alpha, beta);
    if (c->stopped) {
        nd->value = 0;
        return -1;
    }
    if (ctx_wants_solver(c, ply, depth)) {
        nd->value = ctx_endgame(c, ply, alpha, beta);
        return -1;
    }
    if (depth <= 0 || ply >= SEARCH_MAX_PLY - 1) {
        nd->value = ctx_leaf(c, ply, alpha, beta);
        return -1;
    }
    if (ply > 0 && c->ops->history_result && ctx_repetition(c, ply, &nd->value))
        return -1;
    if ((c->tt || c->memo) && ctx_probe(c, ply, depth, nd))
        return -1;
    Move *moves = c->ply[ply].moves;
    const int n = c->ops->legal_moves(c->g, ctx_state(c, ply), moves);
    if (n == 0) {
        nd->value = nd->keyed && c->memo && c->ops->double_pass_end
                        ? ctx_terminal_through_pass(c, ply, depth, nd)
                        : ctx_terminal_value(c, ply);
        return 0;
    }
    if (c->cfg.order != ORDER_NATURAL)
        order_moves(c, ply, moves, n, nd->hint);
    return n;
}

YOMI_COLD int ctx_trace_close(Ctx *c, int ply, int depth, const Node *nd, int value, Move best);

/* Close a node: teach the table, hand the value back. */
static inline int node_close(Ctx *c, int ply, int depth, const Node *nd, int value, Move best)
{
    if (nd->keyed && !c->stopped)
        ctx_store(c, ply, depth, nd, value, best);
    return ctx_tracing(c) ? ctx_trace_close(c, ply, depth, nd, value, best) : value;
}

/* Make the child of `ply` by move m in slot ply + 1.  Returns the child's
 * depth; *same tells whether the same side moves again (no negation). */
static inline int child_make(Ctx *c, int ply, Move m, int depth, bool *same)
{
    const void *parent = ctx_state(c, ply);
    void *child = ctx_state(c, ply + 1);
    c->ops->play(c->g, parent, m, child);
    c->ply[ply + 1].lead_len = 0;
    if (ctx_tracing(c))
        ctx_trace_step(c, ply, m);
    if (m == MOVE_PASS) {
        *same = false;
        return depth;
    }
    if (c->ops->side_to_move(c->g, child) != c->ops->side_to_move(c->g, parent)) {
        *same = false;
        return depth - 1;
    }
    if (c->cfg.extra_turn == EXTRA_TURN_SIMPLIFIED)
        return ctx_extra_turn_simplified(c, ply, depth, same);
    *same = true;
    return depth;
}

/* The line the search left at the root, as an iteration's answer. */
static inline void ctx_root_pv(const Ctx *c, Move *pv, int *pv_len)
{
    *pv_len = c->ply[0].pv_len;
    memcpy(pv, c->ply[0].pv, (size_t)*pv_len * sizeof *pv);
}

static inline int max_int(int a, int b) { return a > b ? a : b; }
static inline int min_int(int a, int b) { return a < b ? a : b; }

#endif
