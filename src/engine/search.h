/* search.h - the engine's one entry point, shared by the CLI and the UI.
 *
 * A Search owns everything one search needs (per-ply state stack, move
 * lists, the transposition table), allocated once by search_new(), so the
 * search itself never allocates and several searches can run side by side
 * (the compare screen runs many).  There is no global mutable state.
 *
 * Threads: search_start() runs the search on its own thread; any other
 * thread may call search_poll() at any time (lock-free: relaxed atomics) and
 * search_stop(); search_wait() joins and returns the result.  search_run()
 * does the same synchronously on the calling thread.  With cfg.threads > 1
 * that thread has helpers, made by search_new() (team.c): they share the
 * table, their counters join the main thread's, and the answer is still
 * the main thread's.
 */
#ifndef YOMI_SEARCH_H
#define YOMI_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"
#include "engine/game.h"
#include "engine/trace.h"

#define SEARCH_MAX_PLY 128

/* The algorithms by the index of their row in the table (algorithms.c),
 * which says what each one is. */
typedef enum {
    ALGO_MINIMAX,
    ALGO_NEGAMAX,
    ALGO_ALPHABETA,
    ALGO_NEGAALPHA,
    ALGO_ALPHABETA_WINDOW,
    ALGO_FAILSOFT,
    ALGO_NEGASCOUT,
    ALGO_PVS,
    ALGO_MTDF,
    ALGO_YOMI,
    ALGO_PNS,
    ALGO_MCTS,
    ALGO_COUNT
} Algo;

typedef enum { TABLE_OFF, TABLE_ON, TABLE_EXACT } TableMode;
typedef enum { EXTRA_TURN_FULL, EXTRA_TURN_SIMPLIFIED } ExtraTurnMode;

typedef struct SearchConfig {
    Algo algo;
    int depth;            /* plies; ignored when solve */
    bool solve;           /* search to the end of the game */
    MoveOrder order;
    TableMode table;
    int table_mb;         /* size of TABLE_ON */
    bool has_guess;       /* mtdf first guess given */
    int guess;
    int time_ms;          /* > 0: iterative deepening under this limit */
    uint64_t node_limit;  /* > 0: stop after about this many nodes */
    int soft_ms;          /* > 0 with time_ms: no deeper iteration starts
                             after this (a clock's time management) */
    bool quiescence;      /* games that have it (gogo) */
    ExtraTurnMode extra_turn;
    int endgame;          /* > 0: the game's solver takes positions this
                             near the end (game.h solver_size); 0: never;
                             SEARCH_ENDGAME_AUTO (the default): see there */
    unsigned features;    /* ALGO_YOMI's YOMI_* switches (measuring them) */
    /* ALGO_MCTS (mcts.c); the others ignore them. */
    int iterations;       /* playouts; 0: MCTS_DEFAULT_ITERATIONS, or no
                             limit when time_ms or node_limit is set */
    double exploration;   /* UCB1's constant C, results scaled to 0..1 */
    uint64_t seed;        /* its random number generator's start */
    /* Threads searching together (Lazy SMP over the shared table, and a
     * solved root's moves shared out): 1..SEARCH_MAX_THREADS, or
     * SEARCH_THREADS_ALL, one per core.  Only the algorithms flagged
     * ALGO_PARALLEL with the table on use more than one; a traced search
     * runs on one. */
    int threads;
} SearchConfig;

#define SEARCH_MAX_THREADS 64
#define SEARCH_THREADS_ALL 0

#define MCTS_DEFAULT_ITERATIONS 10000
#define MCTS_MAX_ITERATIONS 2000000000
#define MCTS_PLAYOUT_MAX_PLIES 1000 /* a random game this long counts as a draw */

/* One of the root's moves as a sampling search (mcts) sees it: its visits
 * N and its score in half points for the side to move at the root (a won
 * playout 2, a drawn one 1). */
typedef struct {
    Move move;
    uint32_t visits, score;
} SearchRootMove;
#define SEARCH_ROOTS_MAX 16 /* the most of them search_poll_roots tells */

/* Q, the mean result of `visits` playouts that scored `score` half points:
 * 0 all lost, 1/2 even, 1 all won (0 before any). */
static inline double search_mean(uint32_t score, uint32_t visits)
{
    return visits ? score / (2.0 * visits) : 0.0;
}

/* An `endgame` setting that gives the solver every position. */
#define SEARCH_ENDGAME_ALL 1000
/* The default `endgame`: the yomi algorithm takes the game's own choice
 * (game.h solver_default), the seed algorithms never use a solver. */
#define SEARCH_ENDGAME_AUTO (-1)

/* The yomi algorithm's parts that can be switched off one by one (options
 * aspiration, null-move, lmr, check-extension, probcut, futility,
 * exchange, mate-probe, iir, singular, see-pruning, lmr-history: on|off). */
enum {
    YOMI_ASPIRATION = 1u << 0,
    YOMI_NULL_MOVE = 1u << 1,
    YOMI_LMR = 1u << 2,
    YOMI_CHECK_EXTENSION = 1u << 3, /* of checks that do not lose material (BENCHMARKS.md) */
    YOMI_PROBCUT = 1u << 4, /* off by default: no measured gain (BENCHMARKS.md) */
    YOMI_FUTILITY = 1u << 5, /* where the game gives a margin (gogo) */
    YOMI_EXCHANGE = 1u << 6, /* where the game gives a static exchange (gogo) */
    YOMI_MATE_PROBE = 1u << 7, /* quiescence looks for a mate in one (gogo) */
    YOMI_IIR = 1u << 8, /* internal iterative reduction */
    YOMI_SINGULAR = 1u << 9, /* singular extension, where the game gives a margin (gogo) */
    YOMI_SEE_PRUNING = 1u << 10, /* quiet moves that lose material, near the leaves (gogo) */
    YOMI_LMR_HISTORY = 1u << 11, /* the move's history moves its reduction by a ply (gogo) */
    YOMI_DEFAULT_FEATURES =
        YOMI_ASPIRATION | YOMI_NULL_MOVE | YOMI_LMR | YOMI_CHECK_EXTENSION | YOMI_FUTILITY |
        YOMI_EXCHANGE | YOMI_MATE_PROBE | YOMI_IIR | YOMI_SINGULAR | YOMI_SEE_PRUNING |
        YOMI_LMR_HISTORY
};

/* Defaults: negascout, depth 6, best order, table on 16 MB, quiescence on,
 * one thread; for mcts, exploration sqrt(2) and seed 1. */
void search_config_default(SearchConfig *cfg);
/* The cores online, 1..SEARCH_MAX_THREADS: what SEARCH_THREADS_ALL gives. */
int search_cores(void);

/* The command line's names ("alphabeta-window", ...): the ids of the
 * algorithm table (engine/algorithm.h), which says more of each. */
const char *algo_name(Algo a);
int algo_parse(const char *name, Algo *a, Err *err);

/* A proof or disproof number that is infinite (SearchStats.proof). */
#define SEARCH_PN_INF UINT64_MAX

/* A snapshot of the live counters. */
typedef struct SearchStats {
    uint64_t nodes;       /* positions visited (mcts: its tree's nodes) */
    uint64_t leaves;      /* evaluation calls (the seeds' 評価回数; mcts:
                             playouts, one an iteration) */
    uint64_t probes;      /* table look-ups */
    uint64_t hits;        /* table look-ups that answered */
    uint64_t cutoffs;
    uint64_t researches;  /* NegaScout/PVS re-searches */
    uint64_t mtd_passes;
    /* An algorithm that proves (pns: algorithm.h ALGO_OUTCOME): the
     * root's proof and disproof numbers in the proof under way or the last
     * one, SEARCH_PN_INF when infinite (proved: 0 and SEARCH_PN_INF;
     * disproved: the other way round); 0 for the others. */
    uint64_t proof, disproof;
    int depth;            /* deepest completed iteration (mcts: the
                             deepest ply its tree reached) */
    int value;            /* best value so far, side to move at the root */
    Move best;            /* best move so far (MOVE_NONE before any) */
    uint64_t elapsed_ms;
    uint64_t nps;
    bool running;
    bool exact;           /* finished: value is the game's exact value
                             (no leaf met the depth limit) */
} SearchStats;

typedef struct SearchResult {
    Move move;            /* MOVE_NONE when the root is terminal */
    int value;            /* from the side to move at the root */
    Move pv[SEARCH_MAX_PLY];
    int pv_len;
    /* The moves the side to move plays this turn: its PV prefix while the
     * turn stays with it (Kalah extra turns); usually just `move`. */
    Move turn[SEARCH_MAX_PLY];
    int turn_len;
    SearchStats stats;
    bool stopped;         /* ended by search_stop() or a limit */
} SearchResult;

/* The effective branching factor: the b with b + b^2 + ... + b^plies =
 * nodes, as if a search `plies` deep that visited `nodes` positions below
 * its root had b children at every node (ebf.c).  0 when plies < 1 or
 * nodes is 0. */
double search_ebf(uint64_t nodes, int plies);
/* The plies the ebf of a finished search of `root` counts (`solve`: it
 * searched to the end): its deepest iteration, or the length of its
 * principal variation when that reached the end of the game everywhere
 * (a solve's depth says only "to the end").  0 for a search stopped
 * before it finished, a terminal root, or a solve whose line stops short
 * of the end (a solver's, which gives only the move). */
int search_ebf_plies(const Game *g, const void *root, const SearchResult *r, bool solve);
/* search_ebf() of a finished search: its nodes but the root, over
 * search_ebf_plies(); 0 when that is 0. */
double search_result_ebf(const Game *g, const void *root, const SearchResult *r, bool solve);

typedef struct Search Search;

/* NULL + err when the config does not fit the game or memory is short. */
Search *search_new(const Game *g, const SearchConfig *cfg, Err *err);
void search_free(Search *s);
/* The threads its searches run on: 1 unless cfg.threads asked for more
 * and the algorithm and table can use them. */
int search_threads(const Search *s);

/* Positions played before the root, oldest first (for repetition rules);
 * copied.  Optional. */
void search_set_history(Search *s, const void *const *states, int n);

/* Watch the next searches step by step (engine/trace.h): fn(event, arg)
 * on the search thread at every step; NULL: nobody watches (the
 * default).  Not while a search runs. */
void search_set_trace(Search *s, TraceFn fn, void *arg);

/* Change the limits of the next search (depth, time_ms, node_limit as in
 * SearchConfig; solve off) keeping the table: a clock gives every move a
 * different time.  -1 + err when the depth is out of range or a search is
 * running. */
int search_set_limits(Search *s, int depth, int time_ms, uint64_t node_limit, Err *err);
/* After search_set_limits (which clears it): the next search starts no
 * deeper iteration once soft_ms have passed, when it has an answer; 0:
 * none.  Not while a search runs. */
void search_set_soft_limit(Search *s, int soft_ms);

/* Clear the table (between unrelated positions). */
void search_clear(Search *s);

int search_start(Search *s, const void *root, Err *err);
void search_stop(Search *s);
bool search_done(const Search *s);
void search_poll(const Search *s, SearchStats *out);
/* The line of the deepest finished iteration so far (legal from the root,
 * at most max moves, LIVE_PV_MAX at most); its length, 0 before any. */
int search_poll_pv(const Search *s, Move *pv, int max);
/* A sampling search's root moves as it last told them (every few hundred
 * iterations, and at its end): the most visited first, at most max of
 * them, SEARCH_ROOTS_MAX at most; how many.  0 for the other algorithms. */
int search_poll_roots(const Search *s, SearchRootMove *out, int max);
void search_wait(Search *s, SearchResult *out);

int search_run(Search *s, const void *root, SearchResult *out, Err *err);

/* ---- options by name (options.c) -------------------------------------
 * One search option by its doc/cli.md name without the dashes: algo, depth,
 * solve (on|off), order, table, table-mb, guess, time, nodes, extra-turn,
 * quiescence (on|off), endgame (N, or all), iterations, exploration,
 * seed (mcts), threads (N, or all).  Returns 1 when set, 0 when `key` is not a search
 * option, -1 + err when the value is bad or missing (NULL). */
int search_config_set(SearchConfig *cfg, const char *key, const char *value, Err *err);
/* The options where `cfg` differs from search_config_default(), as
 * ",KEY=VALUE" items that search_config_set() reads back ("" when none). */
void search_config_format(const SearchConfig *cfg, char *buf, size_t len);

#endif
