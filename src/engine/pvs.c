/* pvs.c - principal variation search, the modern NegaScout. */
#include "engine/algos.h"

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
