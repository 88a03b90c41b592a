/* negascout.c - NegaScout as seeds 000 and 001 write it. */
#include "engine/algos.h"

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
