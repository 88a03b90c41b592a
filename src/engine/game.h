/* game.h - the one seam between the engine and the games.
 *
 * Each game family (kalah, reversi, gogo) exports ONE constant GameOps table.
 * A concrete variant (reversi-6x6 with the parallel start, kalah-4x3 with the
 * empty-capture rule, ...) is a Game: the ops plus the variant's parameters,
 * built once by game_open() and read-only afterwards, so any number of
 * searches may share it from any number of threads.
 *
 * States are small plain structs owned by the game; the engine only knows
 * their size and copies them by value (copy-make: play() writes the child
 * into a caller-supplied slot, nothing is ever undone).  States must be fully
 * initialised, padding included, so memcmp/memcpy on them are meaningful.
 */
#ifndef YOMI_GAME_H
#define YOMI_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/error.h"

/* A move, encoded by its game.  Three values are reserved for every game. */
typedef uint16_t Move;
#define MOVE_NONE ((Move)0xFFFF)
#define MOVE_PASS ((Move)0xFFFE) /* the side to move passes (reversi) */
/* Never a legal move: the turn handed over by play_null (below), which
 * the yomi algorithm's null-move probe plays and trace paths name so
 * (engine/trace.h); play() is never given it. */
#define MOVE_NULL ((Move)0xFFFD)

/* Upper bounds every game respects, so the engine can size per-ply arrays
 * once and never allocate while searching. */
#define GAME_MAX_MOVES 320       /* legal moves in one position */
#define GAME_MAX_STATE 128       /* bytes of one state */
#define GAME_MAX_KEY 64          /* bytes of one exact key */

/* Scores.  Games return plain numbers (disc or seed differences) except for
 * a won or lost game that has no natural margin (gogo): they return
 * +SCORE_WIN / -SCORE_WIN and the engine turns that into a distance-to-mate
 * score (quicker wins and slower losses preferred). */
#define SCORE_INF 32000
#define SCORE_WIN 30000
#define SCORE_WIN_MIN (SCORE_WIN - 1000) /* |v| >= this: a decided game */

/* Orderings a game can supply for its moves. */
typedef enum {
    ORDER_NATURAL, /* the order legal_moves() returns: board order */
    ORDER_STATIC,  /* the game's fixed priority table (the seeds' orders) */
    ORDER_BEST     /* the engine's dynamic order; games give cheap hints */
} MoveOrder;

/* One variant option from the command line or the UI ("start", "parallel"). */
typedef struct {
    const char *key;
    const char *value;
} GameOption;

typedef struct Game Game;
typedef struct GameOps GameOps;
typedef struct GameSolver GameSolver; /* a game's endgame solver, opaque */

/* How a game's solver reports progress and learns that it must stop, and
 * how many threads this call may use (its own, made by solver_threads):
 * 0 or 1, only the caller's. */
typedef struct {
    bool (*checkpoint)(void *arg, uint64_t nodes);
    void *arg;
    int threads;
} SolverPoll;

struct GameOps {
    const char *family;      /* "kalah", "reversi", "gogo": the plain id */
    const char *description; /* one line for --help */
    /* What the front ends show and offer: names, variant options, final
     * counts (games/registry.h).  The engine never reads it. */
    const struct GameInfo *info;

    /* Build a variant.  `name` is the full id the user typed ("reversi-6x6",
     * "kalah", "minishogi"); the registry has already matched the family.
     * Unknown or bad options are errors. Returns NULL with `err` set. */
    Game *(*open)(const char *name, const GameOption *opts, int nopts, Err *err);
    void (*close)(Game *g);

    /* --- rules ------------------------------------------------------ */
    void (*start)(const Game *g, void *state);
    int (*side_to_move)(const Game *g, const void *state); /* 0 first, 1 second */
    /* All legal moves in natural (board) order; returns the count.  A side
     * that must pass gets the single move MOVE_PASS.  Returns 0 exactly when
     * the position is terminal. */
    int (*legal_moves)(const Game *g, const void *state, Move *moves);
    /* child = state after m (m must be legal).  A move after which the same
     * side moves again (Kalah) shows as side_to_move(child) == mover. */
    void (*play)(const Game *g, const void *state, Move m, void *child);
    bool (*is_terminal)(const Game *g, const void *state);
    /* Final value of a terminal position from the side to move's view. */
    int (*final_score)(const Game *g, const void *state);
    /* Heuristic value from the side to move's view (non-terminal). */
    int (*evaluate)(const Game *g, const void *state);

    /* --- keys ------------------------------------------------------- */
    /* 64-bit Zobrist hash kept incrementally inside the state. */
    uint64_t (*hash)(const Game *g, const void *state);
    /* Collision-free key for exact memo tables; returns its length
     * (<= GAME_MAX_KEY).  Covers everything that decides the game's future
     * (board, side to move, hands; not move counters). */
    int (*exact_key)(const Game *g, const void *state, uint8_t *key);

    /* --- ordering hints --------------------------------------------- */
    /* Reorder moves[0..n) by the game's fixed priority (stable). */
    void (*order_static)(const Game *g, const void *state, Move *moves, int n);
    /* Cheap dynamic score of each move (higher = try earlier), or NULL. */
    void (*score_moves)(const Game *g, const void *state, const Move *moves,
                        int n, int *scores);
    /* Static exchange: what a move wins or loses in material if both
     * sides go on capturing on its square while it pays (the game's
     * units), or NULL. */
    int (*exchange)(const Game *g, const void *state, Move m);

    /* --- notation --------------------------------------------------- */
    /* Parse a position in the game's notation (doc/cli.md). 0 ok, -1 + err. */
    int (*parse_position)(const Game *g, const char *text, void *state, Err *err);
    void (*format_position)(const Game *g, const void *state, char *buf, size_t len);
    /* Parse a move and check that it is legal in `state`. 0 ok, -1 + err. */
    int (*parse_move)(const Game *g, const void *state, const char *text,
                      Move *m, Err *err);
    void (*format_move)(const Game *g, const void *state, Move m, char *buf,
                        size_t len);
    /* Human-readable board for `yomi show` (plain ASCII, several lines). */
    void (*render_text)(const Game *g, const void *state, char *buf, size_t len);

    /* --- optional hooks (NULL when absent) -------------------------- */
    /* Fast perft (e.g. bulk counting); same convention as the generic one. */
    uint64_t (*perft)(const Game *g, const void *state, int depth);
    /* Rules that look at the history (gogo repetition): given the states of
     * the game so far, oldest first, the last being the current position,
     * return true and the value (side to move's view) when the history ends
     * the game. */
    bool (*history_result)(const Game *g, const void *const *states, int n,
                           int *value);

    /* --- optional search hooks (NULL when absent; added for the engine) - */
    /* True when the exact memo (--table exact) must neither look up nor
     * store this position: the seeds leave out positions so near the end
     * that keying them costs more than searching them (reversi: fewer than
     * two empty squares, seed 001).  NULL: every position is memoised. */
    bool (*memo_skip)(const Game *g, const void *state);
    /* Quiescence search (seed 004): whether the side to move is in check,
     * and its noisy moves (captures) when it is not.  Both or neither. */
    bool (*in_check)(const Game *g, const void *state);
    int (*noisy_moves)(const Game *g, const void *state, Move *moves);
    /* True for games with passes (reversi) whose blocked positions end the
     * game: legal_moves returns 0 at once, where the seeds pass and then
     * find the other side blocked too.  The exact memo then also looks up
     * and stores the passed position (play(MOVE_PASS) on the terminal
     * state), as seed 001's does, so its counts match the seed's. */
    bool double_pass_end;

    /* Something the user should know about this opened game's data, e.g.
     * trained weights that are missing or damaged and the evaluation used
     * instead; NULL when all is well (or the hook is NULL).  The CLI prints
     * it once per run on stderr, the UI in its status line. */
    const char *(*notice)(const Game *g);

    /* The steps a person sees a move take (the UI's animation: discs
     * turning one by one, seeds sown pit by pit), as positions drawn in
     * turn before play()'s child: returns how many there are (0: the move
     * shows at once, as a pass does), and when step < that count writes
     * into `frame` the position after step + 1 of them.  Frames are views
     * only: a frame need not be a legal position (seeds in the hand), and
     * the side to move stays the mover's.  NULL: no animation. */
    int (*move_frames)(const Game *g, const void *state, Move m, int step, void *frame);

    /* --- a dedicated solver for the end of the game (the four hooks
     * solver_new, _free, _size and _search: all or none) ---
     * Games whose endgames yield to a specialised exact search (reversi's
     * last-empties solver, Kalah's endgame database) export it here; the
     * engine hands it every node whose solver_size() is at most the search's
     * `endgame` setting (0, the default, never: the seed algorithms count
     * nodes exactly as the tutorials do).  The solver owns its own tables,
     * made once by solver_new(), so it never allocates while searching. */
    GameSolver *(*solver_new)(const Game *g, int table_mb, Err *err);
    /* Optional: make the solver able to run on `threads` threads (its
     * helpers made now, asleep until a solve's SolverPoll.threads asks for
     * them), over its one table and with its value exact.  0, or -1 + err.
     * NULL: the solver runs on the caller's thread alone. */
    int (*solver_threads)(GameSolver *s, int threads, Err *err);
    void (*solver_free)(GameSolver *s);
    /* Optional: forget every position of earlier searches, cheaply (a new
     * game, the next benchmark position).  NULL: the tables keep them,
     * which is always sound (they are true facts about those positions). */
    void (*solver_clear)(GameSolver *s);
    /* How far `state` is from the end in the solver's measure (reversi:
     * empty squares; Kalah: seeds left in the pits). */
    int (*solver_size)(const Game *g, const void *state);
    /* The exact value of a non-terminal or terminal `state` (final_score's
     * units, side to move's view), fail-soft within (alpha, beta): a value
     * <= alpha is an upper bound, >= beta a lower bound.  *best gets a best
     * move when the value is exact or a lower bound (MOVE_NONE if unknown);
     * poll->checkpoint is called every few thousand positions with the
     * number visited so far, and once more with the total before returning;
     * it returns true when the solver must give up (the search is then
     * stopped and ignores the value). */
    int (*solver_search)(GameSolver *s, const void *state, int alpha, int beta,
                         Move *best, const SolverPoll *poll);
    /* Null-move pruning (the yomi algorithm): whether letting the side to
     * move pass is a fair test of its position here (false where zugzwang
     * is likely), and the position with only the turn handed over.  Both or
     * neither; NULL in games where zugzwang makes it unsafe (reversi,
     * kalah).  The engine never asks when the side to move is in check. */
    bool (*null_move_ok)(const Game *g, const void *state);
    /* ProbCut's yardstick: the standard deviation, in evaluation units, of
     * a search's value minus a search's of the same node four plies
     * shallower, as measured for the game's evaluation (values of searches
     * of depth d and d/2 lie on a line of slope ~1).  0 or NULL: no
     * ProbCut (the evaluation has not been measured). */
    int (*probcut_sigma)(const Game *g);
    void (*play_null)(const Game *g, const void *state, void *child);
    /* A move of the side to move (not in check) that ends the game at
     * once in its favour, in *mate, or false; NULL: never asked.  The
     * yomi algorithm's quiescence asks it (YOMI_MATE_PROBE) where it would
     * otherwise stand pat, so that a drop mate just past the horizon is
     * not missed.  It may leave out rare mates (gogo: discovered checks),
     * never report a move that does not mate. */
    bool (*mate_in_one)(const Game *g, const void *state, Move *mate);
    /* Where the default player (the yomi algorithm, `endgame` left at
     * auto) starts handing positions to the solver, in solver_size()'s
     * measure: near enough the end that a solve costs about as much as a
     * few plies of search.  NULL or 0: never. */
    int (*solver_default)(const Game *g);
    /* A solve costs far more than a search of the same node once the
     * position is beyond what the solver answers cheaply (reversi: every
     * empty square is a ply the search would otherwise cut off; Kalah:
     * every seed above its endgame database's).  So the solver takes only
     * nodes whose solver_size() is at most the depth left plus this many:
     * a shallow iteration's leaves are not each a whole solve, and the root
     * turns exact as soon as the iteration's depth comes near the end.
     * Only for endgame=auto (an explicit endgame=N takes every node within
     * N); NULL: every node within `endgame`. */
    int (*solver_reach)(const GameSolver *s);
    /* Pruning by the static evaluation near the leaves (the yomi
     * algorithm): how far, in evaluation units per ply left, a quiet
     * position's evaluation may move before the search reaches the
     * leaves.  A node whose evaluation clears beta by that much is cut
     * (reverse futility), a quiet move of a node whose evaluation misses
     * alpha by that much is not searched (futility), and a frontier node
     * tries only its first few quiet moves (late-move pruning).  The
     * last two trust the move order to put the tactical moves first, so a
     * game with a margin gives no move a negative score_moves score.  0:
     * none, for games whose evaluation swings too far in a ply to be
     * trusted so (reversi's mobility, Kalah's captures). */
    int futility_margin;
};

/* Every Game starts with this header; a game's own struct embeds it first
 * and keeps its variant parameters after it. */
struct Game {
    const GameOps *ops;
    char name[32];         /* canonical id, e.g. "reversi-6x6" */
    size_t state_size;     /* bytes of one state, <= GAME_MAX_STATE */
    int max_moves;         /* bound on legal_moves() for this variant */
};

/* Close a game that a registry (games/registry.h) opened. */
static inline void game_close(Game *g)
{
    if (g)
        g->ops->close(g);
}

/* Convenience wrappers used everywhere outside the hot paths. */
static inline int game_side(const Game *g, const void *s) { return g->ops->side_to_move(g, s); }

/* Whether m is a legal move in s (for readers of recorded moves, not the
 * search: it generates every move). */
static inline bool game_has_move(const Game *g, const void *s, Move m)
{
    Move moves[GAME_MAX_MOVES];
    const int n = g->ops->legal_moves(g, s, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m)
            return true;
    return false;
}

/* The moves of a line from `root` in the game's notation, space-separated
 * ("d3 c5 f6"), as many whole moves as are legal one after the other and
 * fit in `len`; returns how many were written. */
int game_format_line(const Game *g, const void *root, const Move *moves, int n, char *buf,
                     size_t len);

/* A game as a record or the UI keeps it grows two arrays side by side:
 * `*moves` and `*states` (each move's position before it, and the last
 * one after).  Make room for `need` moves and need + 1 positions, the
 * capacity `*cap` doubling from 64; -1 (arrays as they were, still
 * valid) when out of memory. */
int game_line_reserve(const Game *g, unsigned char **states, Move **moves, int *cap, int need);

/* Generic perft (Edax's convention, see tests/data/reversi/perft.txt): uses the
 * game's hook when it has one. */
uint64_t game_perft(const Game *g, const void *state, int depth);
uint64_t game_perft_generic(const Game *g, const void *state, int depth);

#endif
