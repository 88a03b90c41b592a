/* endgame.c - reversi's exact endgame solver (the GameOps solver hooks):
 * the deep search, the root and its passes.
 *
 * Three layers, by the number of empty squares left (the last two in
 * endgame_last.c, the table in endgame_table.c):
 *   - deep (more than SHALLOW_MAX): transposition tables with exact bounds
 *     and the best move (a near one for nodes of up to NEAR_MAX empties, a
 *     far one for the rest; probed for the children too: enhanced
 *     transposition cutoffs, and prefetched while moves are ordered), fastest-first
 *     ordering (fewest replies for the opponent), principal-variation search
 *     with null windows;
 *   - shallow (5..SHALLOW_MAX): no table (its entries would cost more than
 *     the subtrees they save), moves in parity order;
 *   - the last 4..1 empties: straight-line routines that test each empty
 *     square for flips instead of generating moves.
 * Stability gives an upper bound that cuts nodes whose window is already
 * hopeless for the mover.  On 8x8 the root of a big position first guesses
 * its value with the pattern evaluation, then runs selective passes
 * (ProbCut) whose moves order the exact pass; the exact value never rests
 * on them.  Nothing allocates after reversi_solver_new() (endgame_solver.c).
 */
#include "games/reversi/endgame.h"

#include <stdlib.h>

#include "games/reversi/endgame_impl.h"
#include "games/reversi/internal.h"

enum {
    ETC_MIN = 11,           /* at least this many empties: enhanced transposition cutoffs */
    EVAL_STATIC_MIN = 14,   /* at least this many empties: the evaluation joins the order */
    EVAL_SORT_MIN = 18,     /* at least this many: ... searched (empties - EVAL_SORT_BASE) / 3 plies */
    EVAL_SORT_BASE = 12,
    EVAL_SORT_MAX_DEPTH = 6,
    EVAL_SORT_DELTA = 8,    /* ... and resolves moves only down to this many discs below alpha */
    PROBCUT_ROOT_MIN = 20,  /* at least this many empties: the root's selective passes first */
                            /* (their nodes try a cut from PROBCUT_MIN empties) */
    PASSES_2_MIN = 22,      /* ... two passes (PASS_MARGINS) from this many empties */
    PASSES_3_MIN = 28,      /* ... three from this many */
    PROBCUT_DEEP_MIN = 18,  /* at least this many empties: that search 4 plies deep, else 2 */
    DEFER_MIN = 12,         /* on several threads, nodes from this many empties put off busy moves */
    POLL_EVERY = 1 << 14,   /* positions between two SolverPoll checkpoints */
    TEAM_MIN = 16           /* from this many empties a solve may run on several threads */
};

/* The selective passes' ProbCut margins, in discs beyond the window that
 * the shallow search must reach: about one and a half times the spread of
 * exact value minus such a search measured at 12-22 empties (5-8 discs)
 * for the first pass, wider ones (fewer wrong cuts) after it. */
static const uint8_t PASS_MARGINS[] = {9, 15, 18};

/* ---- deep: table, fastest first, PVS -------------------------------------- */

/* What a node is expected to be, by its place in the tree (Knuth and
 * Moore's node types): on the principal variation, a cut node (a move
 * will refute it), an all node (every move will fail low). */
typedef enum { NODE_PV, NODE_CUT, NODE_ALL } NodeType;

/* The type of a node's first child, or of the same position after a pass
 * (a later child is a cut node: the node's first move did not refute it). */
static inline NodeType child_type(NodeType t)
{
    return t == NODE_CUT ? NODE_ALL : t == NODE_ALL ? NODE_CUT : NODE_PV;
}

typedef struct {
    uint64_t flips;
    int sq;
    int score;
} MoveItem;

/* On several threads, the root's selective passes one of them has
 * finished (SolverTeam.passes_done: their number << 8 | the last one's
 * value + PASS_VALUE_BIAS). */
enum { PASS_VALUE_BIAS = 128 };
static inline int passes_finished(const GameSolver *s)
{
    return atomic_load_explicit(s->passes_done, memory_order_relaxed) >> 8;
}

/* The poll: every POLL_EVERY positions.  In a solve on several threads
 * each tells its count and stops when any of them has raised the halt;
 * the main one's checkpoint counts them all. */
static bool poll_stop(GameSolver *s)
{
    s->next_poll = s->nodes + POLL_EVERY;
    if (s->halt) {
        atomic_store_explicit(&s->told_nodes, s->nodes, memory_order_relaxed);
        if (atomic_load_explicit(s->halt, memory_order_relaxed))
            s->stopped = true;
        else if (passes_finished(s) > s->pass)
            s->stopped = s->pass_over = true;
    }
    if (s->poll && s->poll->checkpoint &&
        s->poll->checkpoint(s->poll->arg, s->nodes + endgame_team_nodes(s)))
        s->stopped = true;
    return s->stopped;
}

/* Empty squares next to the discs of `o`: where the side of `p` may one
 * day move ("potential mobility"); the wraps of the shifts only reach
 * squares outside the empties of narrow boards or harmless ones. */
static inline uint64_t potential_moves(uint64_t o, uint64_t empty)
{
    const uint64_t side = o & BB_INNER_COLS;
    return (side << 1 | side >> 1 | o << 8 | o >> 8 | side << 7 | side >> 7 | side << 9 |
            side >> 9) & empty;
}

/* Corners and the edge squares beside them held by `p`: never flippable,
 * a cheap stand-in for stability. */
static inline int corner_stability(const GameSolver *s, uint64_t p)
{
    const uint64_t c = p & s->corners;
    return bb_count((c | (c << 1 & ~0x0101010101010101ULL) | (c >> 1 & ~0x8080808080808080ULL) |
                     c << 8 | c >> 8) & p);
}

static inline int weighted_count(const GameSolver *s, uint64_t b)
{
    return bb_count(b) + bb_count(b & s->corners);
}

static int guess_search(GameSolver *s, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                        bool passed);

/* How many plies the order searches each move with the evaluation at a
 * node of `empties` (0: the evaluation itself; -1: not at all, mobility
 * alone). */
static inline int eval_sort_depth(const GameSolver *s, int empties)
{
    if (!s->eval || empties < EVAL_STATIC_MIN)
        return -1;
    if (empties < EVAL_SORT_MIN)
        return 0;
    const int d = (empties - EVAL_SORT_BASE) / 3;
    return d > EVAL_SORT_MAX_DEPTH ? EVAL_SORT_MAX_DEPTH : d;
}

/* Order: a wipe-out, then moves leaving the opponent the
 * fewest replies (corners count twice: they are the replies that hurt);
 * ties go to moves that make our corners and edges safe, that leave the
 * opponent few squares to aim at later, into good squares, into odd
 * quadrants.  With sort_depth >= 0 (big nodes, 8x8) the pattern
 * evaluation of the move, searched that many plies, counts too: two discs
 * of it weigh as much as one reply less (the balance Edax uses); eight
 * discs of the evaluation alone (sort_depth 0), which guesses worse.
 * The searched evaluation's window stops EVAL_SORT_DELTA discs below
 * alpha (Edax's margin): a move that far below only needs to sort late,
 * not to be valued (fewer instructions for the same positions; a
 * narrower margin cost positions).
 * Mobility alone misorders the big nodes, where the game is still a
 * midgame: the searched evaluation from 18 empties, and the evaluation
 * alone at 14-17, measured far fewer positions on the FFO sets
 * (BENCHMARKS.md, "Reversi endgame: FFO"). */
static int order_moves(GameSolver *s, uint64_t p, uint64_t o, uint64_t moves, uint64_t empty,
                       unsigned parity, const TtTable *prefetch, int sort_depth, int alpha,
                       MoveItem *list)
{
    const int floor = alpha - EVAL_SORT_DELTA; /* the mover's view */
    const int sort_beta = floor > -s->squares ? -floor * REVAL_SCALE : SCORE_BOUND * REVAL_SCALE;
    int n = 0;
    for (; moves; moves &= moves - 1) {
        const int sq = __builtin_ctzll(moves);
        const uint64_t bit = 1ULL << sq, f = bb_flips(p, o, sq);
        const uint64_t np = o ^ f, no = p ^ f ^ bit, ne = empty ^ bit;
        int score;
        if (prefetch)
            __builtin_prefetch(tt_bucket(prefetch, np, no));
        if (!np) {
            score = 1 << 29;
        } else {
            score = (64 - weighted_count(s, bb_moves(np, no, ne))) << 15;
            score += corner_stability(s, no) << 11;
            score += (64 - weighted_count(s, potential_moves(no, ne))) << 5;
            score += s->square_value[sq];
            if (parity & s->quadrant[sq])
                score += 4;
            if (sort_depth >= 0) {
                const int fine = sort_depth == 0
                    ? reval_evaluate_fine(s->eval, np, no)
                    : guess_search(s, np, no, sort_depth, -SCORE_BOUND * REVAL_SCALE,
                                   sort_beta, false);
                int discs = 64 - fine / REVAL_SCALE; /* 0..128, the mover's view */
                discs = discs < 0 ? 0 : discs > 128 ? 128 : discs;
                /* two searched discs weigh one reply, eight static ones */
                score += (discs >> (sort_depth == 0 ? 3 : 1)) << 15;
            }
        }
        list[n].flips = f;
        list[n].sq = sq;
        list[n].score = score;
        n++;
    }
    return n;
}

/* Selection sort, one step at a time: the best of list[i..n) moves to i
 * (a cutoff usually comes before the rest need sorting). */
static inline MoveItem next_best(MoveItem *list, int i, int n)
{
    int top = i;
    for (int j = i + 1; j < n; j++)
        if (list[j].score > list[top].score)
            top = j;
    const MoveItem m = list[top];
    list[top] = list[i];
    list[i] = m;
    return m;
}

/* Enhanced transposition cutoff: a child the table already knows to be
 * bad enough for the opponent refutes this node without a search.  From
 * 11 empties rather than 12 (the children's entries are prefetched while
 * the moves are ordered): measured, fewer positions in the same time or
 * less; from 10 the extra probes cost more time than their positions
 * save (BENCHMARKS.md). */
static bool etc_cut(GameSolver *s, uint64_t p, uint64_t o, int empties, const MoveItem *list,
                    int n, int beta, int *value, int *move)
{
    for (int i = 0; i < n; i++) {
        const uint64_t bit = 1ULL << list[i].sq;
        TtEntry e;
        if (tt_find(s, o ^ list[i].flips, p ^ list[i].flips ^ bit, empties - 1, &e) &&
            e.trust >= node_trust(s, empties - 1) && -e.upper >= beta) {
            *value = -e.upper;
            *move = list[i].sq;
            return true;
        }
    }
    return false;
}

/// ProbCut, in a selective pass only: a shallow search with the pattern
/// evaluation (2 plies, 4 from 18 empties) that lands the pass's margin
/// (s->trust, PASS_MARGINS) beyond the window predicts the exact search's
/// side of it, so the node returns that bound unsearched.  A wrong cut
/// costs only order in the later passes, never the value, since a search
/// takes no bounds from a pass of a narrower margin than its own.
/// The cut goes into the table with the shallow search's best move (none
/// for a cut below the window): a revisit of the node in the pass costs
/// nothing, and the exact pass tries that move first where the cut was
/// high and skips the evaluation in the order where it was low (measured:
/// fewer positions on the bigger solves, BENCHMARKS.md).
static bool probcut(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                    int *value, int *move)
{
    const int depth = empties >= PROBCUT_DEEP_MIN ? 4 : 2;
    if (beta < s->squares) {
        const int hi = (beta + s->trust) * REVAL_SCALE;
        if (guess_search(s, p, o, depth, hi - 1, hi, false) >= hi) {
            *value = beta;
            *move = s->guess_move;
            return true;
        }
    }
    if (alpha > -s->squares) {
        const int lo = (alpha - s->trust) * REVAL_SCALE;
        if (guess_search(s, p, o, depth, lo, lo + 1, false) <= lo) {
            *value = alpha;
            *move = NO_SQUARE;
            return true;
        }
    }
    return false;
}

static int search_deep(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                       uint64_t empty, unsigned parity, bool passed, int *best_move, NodeType type);

/// Simplified ABDADA (Weill's ABDADA as Kerrigan simplified it), in a
/// solve on several threads: every thread searches the whole tree, and a
/// node's later moves that another thread is searching right now (the
/// busy table holds the positions being searched at nodes of DEFER_MIN
/// empties or more) wait until the node's other moves are done.  So the
/// threads spread over a node's siblings, and what one proves reaches the
/// others through the shared table before they get there.  A node's first
/// move is never put off (it is where the cutoff usually is, as YBWC's
/// eldest brother).  Every thread's search is a whole alpha-beta search,
/// so whichever finishes first has the exact value.
static inline bool child_busy(const GameSolver *s, uint64_t p, uint64_t o, MoveItem m)
{
    const uint64_t key = busy_key(o ^ m.flips, p ^ m.flips ^ (1ULL << m.sq));
    return atomic_load_explicit(busy_slot(s, key), memory_order_relaxed) == key;
}

/* The window a thread searches the node of its lane at `empties` with. */
enum { WINDOW_BIAS = 256 };
static inline void lane_window(SolverLane *lane, int empties, int alpha, int beta)
{
    atomic_store_explicit(&lane->window[empties],
                          (uint32_t)(alpha + WINDOW_BIAS) << 16 | (uint32_t)(beta + WINDOW_BIAS),
                          memory_order_relaxed);
}

/// The other half of sharing the tree: ABDADA keeps two threads from
/// starting the same move at once, but a thread still often works inside
/// a node that another has just finished (it came in by the node's first
/// move, which is never put off, or took up a put-off move).  Its search
/// there has become useless: the answer is in the table.  So every thread
/// shows the positions on its path and their windows (its lane), and the
/// one that finishes a node of DEFER_MIN empties or more tells each other
/// thread inside that node with a window the answer settles; that thread
/// stops where it is (search_deep) and goes back up to the node, whose
/// search it runs again and which the table now answers (search_child).
/// A wrong or late word costs only time: the answer comes from the table.
/// Measured on FFO #20-#39: 1.11x one thread's positions instead of 1.16x.
static void lanes_answered(GameSolver *s, uint64_t p, uint64_t o, int empties, int alpha, int beta,
                           int v)
{
    const uint64_t key = busy_key(p, o);
    for (int i = 0; i < s->nlanes; i++) {
        SolverLane *l = &s->lanes[i];
        if (i == s->lane || atomic_load_explicit(&l->key[empties], memory_order_relaxed) != key)
            continue;
        const uint32_t w = atomic_load_explicit(&l->window[empties], memory_order_relaxed);
        const int a = (int)(w >> 16) - WINDOW_BIAS, b = (int)(w & 0xffff) - WINDOW_BIAS;
        const bool settles = v >= beta ? v >= b : v <= alpha ? v <= a : true;
        if (settles && atomic_load_explicit(&l->answered, memory_order_relaxed) < empties)
            atomic_store_explicit(&l->answered, empties, memory_order_relaxed);
    }
}

/* Told that a node on its path has been answered (lanes_answered): true
 * when this thread is still below that node and stops to go back to it. */
static bool lane_answered(GameSolver *s, int empties)
{
    SolverLane *lane = &s->lanes[s->lane];
    const int e = atomic_exchange_explicit(&lane->answered, 0, memory_order_relaxed);
    if (e <= empties || !atomic_load_explicit(&lane->key[e], memory_order_relaxed))
        return false;
    s->stopped = true;
    s->unwind = e;
    return true;
}

/* One move of search_deep: the shallow search below SHALLOW_MAX, else
 * PVS (the first move the whole window, later ones a null window first),
 * the child marked busy and on the lane while it is searched on several
 * threads, and searched again when another thread answered it meanwhile
 * (lanes_answered). */
static int search_child(GameSolver *s, uint64_t p, uint64_t o, MoveItem m, int alpha, int beta,
                        int empties, uint64_t empty, unsigned parity, NodeType type, bool first)
{
    const uint64_t bit = 1ULL << m.sq;
    const uint64_t np = o ^ m.flips, no = p ^ m.flips ^ bit, ne = empty ^ bit;
    const unsigned npar = parity ^ s->quadrant[m.sq];
    if (empties - 1 <= SHALLOW_MAX)
        return -endgame_solve_small(s, np, no, -beta, -alpha, empties - 1, ne, npar);
    _Atomic uint64_t *busy = NULL;
    const uint64_t key = s->busy && empties >= DEFER_MIN ? busy_key(np, no) : 0;
    SolverLane *lane = NULL;
    if (key) {
        busy = busy_slot(s, key);
        atomic_store_explicit(busy, key, memory_order_relaxed);
        lane = &s->lanes[s->lane];
        atomic_store_explicit(&lane->key[empties - 1], key, memory_order_relaxed);
    }
    int v;
    for (;;) {
        if (first || beta == alpha + 1) {
            if (lane)
                lane_window(lane, empties - 1, -beta, -alpha);
            v = -search_deep(s, np, no, -beta, -alpha, empties - 1, ne, npar, false, NULL, type);
        } else {
            if (lane)
                lane_window(lane, empties - 1, -alpha - 1, -alpha);
            v = -search_deep(s, np, no, -alpha - 1, -alpha, empties - 1, ne, npar, false, NULL,
                             NODE_CUT);
            if (v > alpha && v < beta && !s->stopped) {
                if (lane)
                    lane_window(lane, empties - 1, -beta, -alpha);
                v = -search_deep(s, np, no, -beta, -alpha, empties - 1, ne, npar, false, NULL,
                                 NODE_PV);
            }
        }
        if (!(s->stopped && s->unwind == empties - 1))
            break;
        s->stopped = false; /* another thread answered the child: the table has it */
        s->unwind = 0;
    }
    if (lane)
        atomic_store_explicit(&lane->key[empties - 1], 0, memory_order_relaxed);
    if (busy && atomic_load_explicit(busy, memory_order_relaxed) == key)
        atomic_store_explicit(busy, 0, memory_order_relaxed);
    return v;
}

/// The deep search runs principal-variation search: the first (best-ordered)
/// move gets the full window, the others a null window that only asks "is
/// it better?", re-searched in full when it is; nodes outside the principal
/// variation receive null windows and so never re-search.  Each node keeps
/// what it proved in the table (bounds and the move), which both cuts
/// transpositions and puts the refutation first when the position returns
/// with another window.  Ordering is fastest-first: reversi endgames are won
/// by restricting the opponent, and the move leaving fewest replies is most
/// often the cutoff, with much smaller subtrees below it.  From
/// EVAL_STATIC_MIN empties up the pattern evaluation joins in, from
/// EVAL_SORT_MIN searched a few plies: those few nodes are the roots of
/// almost all the work, and their midgame-like positions are where
/// mobility alone guesses worst.  Except at a node expected to fail low:
/// every move must be searched whatever the order, so the evaluation's part
/// of the order is not paid for.  Expected where a selective pass saw the
/// node fail low, and at an all node by its place in the tree (`type`:
/// the first child of a cut node, every child of an all node), which
/// nearly always fails low: both measured less time for about the same
/// positions (BENCHMARKS.md).  Its other moves are not cheaper to order by
/// less: the mobility sort also puts the small subtrees first, whose table
/// entries then serve the later ones (parity order measured more positions).
static int search_deep(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                       uint64_t empty, unsigned parity, bool passed, int *best_move, NodeType type)
{
    if (++s->nodes >= s->next_poll && poll_stop(s))
        return 0;
    if (s->lanes && atomic_load_explicit(&s->lanes[s->lane].answered, memory_order_relaxed) &&
        lane_answered(s, empties))
        return 0;
    if (empties >= TABLE_MIN)
        __builtin_prefetch(tt_bucket(tt_of(s, empties), p, o));
    const int bound = stability_bound(s, p, o, alpha, empties);
    if (bound <= alpha)
        return bound;
    int hint = NO_SQUARE;
    bool expect_all = type == NODE_ALL;
    TtEntry e;
    const bool known = empties >= TABLE_MIN && tt_find(s, p, o, empties, &e);
    if (known && e.trust < node_trust(s, empties)) {
        hint = e.move;
        expect_all = expect_all || e.upper <= alpha;
    } else if (known) {
        if (e.lower >= beta || e.lower == e.upper) {
            if (best_move)
                *best_move = e.move;
            return e.lower;
        }
        if (e.upper <= alpha)
            return e.upper;
        hint = e.move;
    }
    int cut, cut_move;
    if (selective_node(s, empties) && probcut(s, p, o, alpha, beta, empties, &cut, &cut_move)) {
        endgame_tt_store(s, p, o, empties, alpha, beta, cut, cut_move);
        return cut;
    }
    const uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (passed)
            return -score_end(s, o, empties);
        return -search_deep(s, o, p, -beta, -alpha, empties, empty, parity, true, NULL,
                            child_type(type));
    }
    /* The table's move alone first: it often cuts, and then the others
     * need not be ordered at all. */
    MoveItem list[64];
    int n = 0;
    uint64_t unordered = moves;
    if (hint != NO_SQUARE && (moves >> hint & 1)) {
        list[0].flips = bb_flips(p, o, hint);
        list[0].sq = hint;
        list[0].score = 0;
        n = 1;
        unordered ^= 1ULL << hint;
    }
    const int alpha0 = alpha;
    int best = -SCORE_BOUND, best_sq = NO_SQUARE;
    MoveItem deferred[64];
    int ndeferred = 0;
    for (int i = 0;; i++) {
        if (i == n) {
            if (!unordered)
                break;
            const int first = n;
            n += order_moves(s, p, o, unordered, empty, parity,
                             empties > TABLE_MIN ? tt_of(s, empties - 1) : NULL,
                             expect_all ? -1 : eval_sort_depth(s, empties), alpha, list + n);
            unordered = 0;
            if (empties >= ETC_MIN &&
                etc_cut(s, p, o, empties, list + first, n - first, beta, &best, &best_sq)) {
                endgame_tt_store(s, p, o, empties, alpha0, beta, best, best_sq);
                if (best_move)
                    *best_move = best_sq;
                return best;
            }
        }
        const MoveItem m = next_best(list, i, n);
        if (i > 0 && s->busy && empties >= DEFER_MIN && child_busy(s, p, o, m)) {
            deferred[ndeferred++] = m;
            continue;
        }
        const int v = search_child(s, p, o, m, alpha, beta, empties, empty, parity,
                                   i > 0 ? NODE_CUT : child_type(type), i == 0);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_sq = m.sq;
            if (v >= beta)
                break;
            if (v > alpha)
                alpha = v;
        }
    }
    /* The moves other threads were searching: by now their subtrees are
     * mostly in the table. */
    for (int i = 0; i < ndeferred && best < beta; i++) {
        const MoveItem m = deferred[i];
        const int v = search_child(s, p, o, m, alpha, beta, empties, empty, parity, NODE_CUT,
                                   false);
        if (s->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_sq = m.sq;
            if (v > alpha)
                alpha = v;
        }
    }
    if (empties >= TABLE_MIN || best_move)
        endgame_tt_store(s, p, o, empties, alpha0, beta, best, best_sq);
    if (s->lanes && empties >= DEFER_MIN && !best_move)
        lanes_answered(s, p, o, empties, alpha0, beta, best);
    if (best_move)
        *best_move = best_sq;
    return best;
}

/* ---- the first guess ------------------------------------------------------ */

/* From this many empties the root searches a window around a guess first
 * (a solve is then millions of positions, the guess thousands). */
#define GUESS_MIN_EMPTIES 18
#define GUESS_DEPTH 7
#define HINT_MARGIN 4 /* guess nodes this many plies deeper than the order's leave a move */

/// The last ply of guess_search(): each move's evaluation, taken in the
/// shallow search's fixed order of squares (corners, edges, the inside,
/// next to corners) and not sorted.  Nearly every inner node of the guess,
/// sort and ProbCut searches is one of these, and the fastest-first sort
/// cost more than the evaluations its cutoffs spared (measured: fewer
/// instructions for slightly more positions; squares in bit order gave
/// more positions and no speed; BENCHMARKS.md).
static int guess_frontier(GameSolver *s, uint64_t p, uint64_t o, uint64_t moves, uint64_t empty,
                          int beta)
{
    int best = -SCORE_BOUND * REVAL_SCALE, best_sq = NO_SQUARE;
    for (int c = 0; c < 4 && best < beta; c++) {
        for (uint64_t m = moves & s->prio[c]; m && best < beta; m &= m - 1) {
            const int sq = __builtin_ctzll(m);
            const uint64_t bit = 1ULL << sq, f = bb_flips(p, o, sq);
            const uint64_t np = o ^ f, no = p ^ f ^ bit;
            s->nodes++;
            const int v = empty == bit ? -score_end(s, np, 0) * REVAL_SCALE
                                       : -reval_evaluate_fine(s->eval, np, no);
            if (v > best) {
                best = v;
                best_sq = sq;
            }
        }
    }
    s->guess_move = best_sq;
    return best;
}

/// The first guess: a plain alpha-beta GUESS_DEPTH plies deep with the pattern
/// evaluation at the leaves (in 1/REVAL_SCALE discs), fastest-first order above
/// its last ply (guess_frontier) and no table lookups.  Its value, rounded to
/// the nearest possible score, is where the root's first window goes: a window
/// of one value around it and a re-search on the side it failed take far fewer
/// positions than the full window (measured on the FFO sets).  Its depth
/// is a matter of time more than of positions: a guess position costs several
/// times a solver's (the evaluation at each leaf, the move order at each inner
/// node), so at 7 plies rather than 10 the guess costs a small share of the
/// time where it had cost a noticeable one, while the solver's positions barely
/// move (8 and 9 plies were worse on the whole, 6 much worse).  Its
/// nodes with HINT_MARGIN plies or more still to go beyond the sort search the
/// exact search would run there (the evaluation alone below EVAL_SORT_MIN
/// empties) also leave their best move in the table (an entry with no bounds,
/// where the table has nothing): the exact search tries that move first, a
/// deeper opinion than its own order's in the top plies, which hold nearly all
/// the work.  A small share of what Edax gains from selective searches before an
/// exact one, for the price of the guess already made (measured: fewer positions
/// up to 26 empties).  Hints no deeper than the order's own search cost
/// positions (BENCHMARKS.md, "Reversi endgame: FFO").
static int guess_search(GameSolver *s, uint64_t p, uint64_t o, int depth, int alpha, int beta,
                        bool passed)
{
    const uint64_t empty = s->valid & ~(p | o);
    s->nodes++;
    if (!empty)
        return score_end(s, p, 0) * REVAL_SCALE;
    if (depth == 0)
        return reval_evaluate_fine(s->eval, p, o);
    const uint64_t moves = bb_moves(p, o, empty);
    if (!moves) {
        if (passed)
            return score_end(s, p, bb_count(empty)) * REVAL_SCALE;
        const int v = -guess_search(s, o, p, depth, -beta, -alpha, true);
        s->guess_move = NO_SQUARE;
        return v;
    }
    if (depth == 1)
        return guess_frontier(s, p, o, moves, empty, beta);
    MoveItem list[64];
    const int n = order_moves(s, p, o, moves, empty, 0, NULL, -1, -SCORE_BOUND, list);
    int best = -SCORE_BOUND * REVAL_SCALE, best_sq = NO_SQUARE;
    for (int i = 0; i < n && best < beta; i++) {
        const MoveItem m = next_best(list, i, n);
        const uint64_t np = o ^ m.flips, no = p ^ m.flips ^ (1ULL << m.sq);
        const int v = -guess_search(s, np, no, depth - 1, -beta, -(alpha > best ? alpha : best), false);
        if (v > best) {
            best = v;
            best_sq = m.sq;
        }
    }
    if (s->leave_hints && best > alpha) {
        const int e = bb_count(empty), sort_depth = eval_sort_depth(s, e);
        if (depth >= (sort_depth > 0 ? sort_depth : 0) + HINT_MARGIN)
            endgame_tt_hint(s, p, o, e, best_sq);
    }
    s->guess_move = best_sq;
    return best;
}

/* The score nearest a fine guess: scores have the parity of the squares. */
static int nearest_score(const GameSolver *s, int fine)
{
    const int discs = fine >= 0 ? (fine + REVAL_SCALE / 2) / REVAL_SCALE
                                : -((-fine + REVAL_SCALE / 2) / REVAL_SCALE);
    int g = (discs - s->squares) % 2 ? discs + (discs > 0 ? -1 : 1) : discs;
    return g > s->squares ? s->squares : g < -s->squares ? -s->squares : g;
}

/* The window (g - 1, g + 1) that holds only the guessed score g, then, as
 * it failed low or high, the rest of the window on that side from the
 * bound it returned (fail-soft: that bound is already proved). */
static int search_around(GameSolver *s, uint64_t p, uint64_t o, int g, int alpha, int beta,
                         int empties, uint64_t empty, unsigned parity, int *sq)
{
    int v = search_deep(s, p, o, g - 1, g + 1, empties, empty, parity, false, sq, NODE_PV);
    if (s->stopped)
        return v;
    if (v <= g - 1 && v > alpha)
        v = search_deep(s, p, o, alpha, v + 1, empties, empty, parity, false, sq, NODE_PV);
    else if (v >= g + 1 && v < beta)
        v = search_deep(s, p, o, v - 1, beta, empties, empty, parity, false, sq, NODE_PV);
    return v;
}

/* How many selective passes the root of a position of `empties` runs
 * before the exact one: the first PASSES of PASS_MARGINS. */
static int selective_passes(int empties)
{
    return empties < PROBCUT_ROOT_MIN ? 0
           : empties < PASSES_2_MIN   ? 1
           : empties < PASSES_3_MIN   ? 2
                                      : 3;
}

/// On several threads, the first to finish a selective pass tells the
/// others its value, and they leave that pass for the next (poll_stop)
/// rather than finish a search whose answer is known and whose stores, of
/// a smaller margin, would only make the next pass's entries less trusted
/// (endgame_tt_store).  So the threads also start each pass together.
/// Measured on FFO #20-#39: the second selective pass of #19 (24 empties)
/// took 1.3x one thread's positions instead of 1.75x.
static int pass_finish(GameSolver *s, int k, int centre)
{
    if (s->pass_over) {
        s->stopped = s->pass_over = false;
    } else if (!s->stopped) {
        int done = atomic_load_explicit(s->passes_done, memory_order_relaxed);
        while (done >> 8 <= k &&
               !atomic_compare_exchange_weak_explicit(s->passes_done, &done,
                                                      (k + 1) << 8 | (centre + PASS_VALUE_BIAS),
                                                      memory_order_relaxed, memory_order_relaxed))
            ;
    }
    const int done = atomic_load_explicit(s->passes_done, memory_order_relaxed);
    return done >> 8 > k ? (done & 255) - PASS_VALUE_BIAS : centre;
}

/// The root: when the window is wide and the position big, the search
/// goes around a guess (search_around).  From PROBCUT_ROOT_MIN empties
/// selective passes (ProbCut at their nodes) run first, as Edax's iterative
/// selectivity does before its exact search: each costs a fraction of the
/// next and leaves a deeper opinion's move at the nodes that hold most of
/// the work, which the next pass tries first.  The passes go around the
/// guess, each with a wider margin (a cut less often wrong); the exact pass
/// goes around the last pass's value, a better guess than the guess.
/// The number of passes, where each starts and their margins were each
/// measured on the FFO sets (BENCHMARKS.md, "Reversi endgame: FFO");
/// passes around the previous pass's value instead of the guess gained a
/// little on some positions and cost others far more.
static int search_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int empties,
                       uint64_t empty, unsigned parity, int *sq)
{
    if (!s->eval || empties < GUESS_MIN_EMPTIES || beta - alpha <= 4)
        return search_deep(s, p, o, alpha, beta, empties, empty, parity, false, sq, NODE_PV);
    s->leave_hints = true;
    const int g = nearest_score(s, guess_search(s, p, o, GUESS_DEPTH, -SCORE_BOUND * REVAL_SCALE,
                                                SCORE_BOUND * REVAL_SCALE, false));
    s->leave_hints = false; /* the order's shallow searches are too shallow */
    if (g <= alpha || g >= beta)
        return search_deep(s, p, o, alpha, beta, empties, empty, parity, false, sq, NODE_PV);
    int centre = g;
    const int passes = selective_passes(empties);
    for (int k = 0; k < passes && !s->stopped; k++) {
        s->trust = PASS_MARGINS[k];
        s->pass = k;
        if (!s->passes_done || passes_finished(s) <= k)
            centre = search_around(s, p, o, g, alpha, beta, empties, empty, parity, NULL);
        if (s->passes_done)
            centre = pass_finish(s, k, centre);
    }
    s->pass = passes; /* the exact pass: never over before its answer */
    s->trust = EXACT_TRUST;
    if (s->stopped)
        return 0;
    return search_around(s, p, o, centre, alpha, beta, empties, empty, parity, sq);
}

/* ---- the search hooks ----------------------------------------------------- */

static unsigned root_parity(const GameSolver *s, uint64_t empty)
{
    unsigned parity = 0;
    for (uint64_t e = empty; e; e &= e - 1)
        parity ^= s->quadrant[__builtin_ctzll(e)];
    return parity;
}

int endgame_root(GameSolver *s, uint64_t p, uint64_t o, int alpha, int beta, int *sq)
{
    const uint64_t empty = s->valid & ~(p | o);
    return search_root(s, p, o, alpha, beta, bb_count(empty), empty, root_parity(s, empty), sq);
}

int reversi_solver_search(GameSolver *s, const void *state, int alpha, int beta, Move *best,
                          const SolverPoll *poll)
{
    const ReversiState *st = state;
    const uint64_t p = st->mover, o = st->other, empty = s->valid & ~(p | o);
    const int empties = bb_count(empty);
    s->poll = poll;
    s->nodes = 0;
    s->next_poll = POLL_EVERY;
    s->stopped = false;
    *best = MOVE_NONE;
    /* Every value lies in [-squares, squares]: a window beyond that is
     * answered by the bound itself. */
    if (alpha >= s->squares || beta <= -s->squares) {
        if (poll && poll->checkpoint)
            poll->checkpoint(poll->arg, 0);
        return alpha >= s->squares ? s->squares : -s->squares;
    }
    if (alpha < -s->squares - 1)
        alpha = -s->squares - 1;
    if (beta > s->squares + 1)
        beta = s->squares + 1;
    int v, sq = NO_SQUARE;
    const uint64_t moves = bb_moves(p, o, empty);
    if (moves) {
        const int threads = poll ? poll->threads : 1;
        v = threads > 1 && s->team && empties >= TEAM_MIN
                ? endgame_team_root(s, p, o, alpha, beta, &sq, threads)
                : endgame_root(s, p, o, alpha, beta, &sq);
        if (sq != NO_SQUARE)
            *best = (Move)sq;
    } else if (bb_moves(o, p, empty)) {
        v = -search_deep(s, o, p, -beta, -alpha, empties, empty, root_parity(s, empty), true,
                         NULL, NODE_PV);
        *best = MOVE_PASS;
    } else {
        s->nodes++;
        v = score_end(s, p, empties);
    }
    if (poll && poll->checkpoint && poll->checkpoint(poll->arg, s->nodes))
        s->stopped = true;
    return v;
}
