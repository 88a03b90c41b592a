/* window.c - the algorithms that pass both bounds down: fail-hard and
 * fail-soft alpha-beta, NegaScout as the seeds write it, and modern PVS. */
#include "engine/algos.h"

/// Alpha-beta with a window, fail-hard (seed 000's "improved nega-alpha"):
/// both bounds travel down, so a cutoff found deep in the tree can prune
/// anywhere below where it was found (the one-limit form only prunes one
/// level down).  `best` starts at alpha and a node that finds nothing
/// better returns alpha itself: all its parent needs to know is "no
/// better than alpha".  A child that keeps the turn is searched with
/// (best, beta), one that hands it over with (-beta, -best).
int alphabeta_window(Ctx *c, int ply, int depth, int alpha, int beta)
{
    Node nd;
    const int n = node_open(c, ply, depth, alpha, beta, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    alpha = nd.alpha;
    beta = nd.beta;
    int best = alpha;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int v = same ? alphabeta_window(c, ply + 1, d, best, beta)
                           : -alphabeta_window(c, ply + 1, d, -beta, -best);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
        }
        if (best >= beta) {
            ctx_note_cutoff(c, ply, depth, m);
            break;
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}

/// Fail-soft alpha-beta (seeds 000, 001): the same window, but `best`
/// starts at -infinity and the node returns the best value it saw even
/// when that is outside the window.  A fail-low then says "at most v", a
/// tighter bound than "at most alpha", which is what a table (and MTD(f))
/// can make use of.  A pass is an ordinary child here: with best still
/// -infinity its window is (-beta, -alpha), as in seed 001.
int failsoft(Ctx *c, int ply, int depth, int alpha, int beta)
{
    Node nd;
    const int n = node_open(c, ply, depth, alpha, beta, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    alpha = nd.alpha;
    beta = nd.beta;
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int a = max_int(alpha, best);
        const int v = same ? failsoft(c, ply + 1, d, a, beta) : -failsoft(c, ply + 1, d, -beta, -a);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (best >= beta) {
                ctx_note_cutoff(c, ply, depth, m);
                break;
            }
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}

/* One child of a scouting node: a null window around a = max(alpha, best)
 * only asks "is it better than a?"; only a child that says yes, and is not
 * already good enough to cut, is searched again with (v, beta). */
static int scout_child(Ctx *c, int ply, int d, int a, int beta,
                       int (*search)(Ctx *, int, int, int, int))
{
    int v = -search(c, ply + 1, d, -(a + 1), -a);
    if (!c->stopped && a < v && v < beta) {
        c->n.researches++;
        v = -search(c, ply + 1, d, -beta, -v);
    }
    return v;
}

/* The loop negascout and pvs share; they differ only in whether the first
 * child is scouted too (`scout_first`).  `self` is the caller, so each
 * recursion stays in its own algorithm. */
static int scouting(Ctx *c, int ply, int depth, int alpha, int beta, bool scout_first,
                    int (*self)(Ctx *, int, int, int, int))
{
    Node nd;
    const int n = node_open(c, ply, depth, alpha, beta, &nd);
    if (n < 0)
        return nd.value;
    if (n == 0)
        return node_close(c, ply, depth, &nd, nd.value, MOVE_NONE);
    alpha = nd.alpha;
    beta = nd.beta;
    int best = -INF;
    Move best_move = MOVE_NONE;
    for (int i = 0; i < n; i++) {
        const Move m = c->ply[ply].moves[i];
        bool same;
        const int d = child_make(c, ply, m, depth, &same);
        const int a = max_int(alpha, best);
        int v;
        if (same)
            v = self(c, ply + 1, d, a, beta);
        else if ((i == 0 && !scout_first) || m == MOVE_PASS)
            v = -self(c, ply + 1, d, -beta, -a);
        else
            v = scout_child(c, ply, d, a, beta, self);
        if (c->stopped)
            return 0;
        if (v > best) {
            best = v;
            best_move = m;
            ctx_pv_update(c, ply, m);
            if (best >= beta) {
                ctx_note_cutoff(c, ply, depth, m);
                break;
            }
        }
    }
    return node_close(c, ply, depth, &nd, best, best_move);
}

/// NegaScout as seeds 000 and 001 write it: EVERY child, the first one
/// too, is first searched with a null window (a, a + 1), a = max(alpha,
/// best), and searched again with (v, beta) only when it turns out better
/// than a but not good enough to cut.  Scouting the first child as well is
/// the seeds' choice for games searched without move ordering, where the
/// first child is no likelier to be best than the others.  A child that
/// keeps the turn is searched with (a, beta) directly, and a pass with the
/// full window (-beta, -alpha): there is nothing to scout among one move.
int negascout(Ctx *c, int ply, int depth, int alpha, int beta)
{
    return scouting(c, ply, depth, alpha, beta, true, negascout);
}

/// Principal variation search, the modern NegaScout: with a good move
/// order the first child is usually the best, so it alone gets the full
/// window and an exact value; every later child only has to be shown no
/// better than that, which a null window does cheaply, and is searched
/// again in full only when it surprises.  Extra turns and passes get the
/// full window as in negascout.
int pvs(Ctx *c, int ply, int depth, int alpha, int beta)
{
    return scouting(c, ply, depth, alpha, beta, false, pvs);
}
