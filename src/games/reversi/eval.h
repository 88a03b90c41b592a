/* eval.h - the pattern evaluation of 8x8 reversi and its weight file.
 *
 * The board is read through fixed groups of squares (Logistello's and
 * Edax's patterns: the 3x3 and 2x5 corner blocks, each edge with its two
 * X squares, rows 2-4, the diagonals of 4 to 8 squares).  Each group's
 * contents, a base-3 number (empty / mover / other per square), picks one
 * weight; the value is the sum of those weights plus a mobility term, with
 * one set of weights per game phase (by empty squares).  Every orientation
 * of a pattern shares the same table, so the 8 symmetric images of a
 * position evaluate equal, and the weights are tied so that swapping the
 * colours negates the value.
 *
 * Values are discs from the mover's view, like final_score, clamped to
 * -63..63 so a heuristic value never looks like a decided game.
 */
#ifndef YOMI_REVERSI_EVAL_H
#define YOMI_REVERSI_EVAL_H

#include <stdint.h>
#include <stdio.h>

#include "base/error.h"

#define REVAL_PHASES 8      /* 8 empties per phase: 60..53, 52..45, ... */
#define REVAL_SCALE 128     /* stored weights are 1/128 disc */
#define REVAL_MAX_FEATURES 49 /* 48 patterns and mobility */
#define REVAL_FILE "reversi-eval.dat"

typedef struct ReversiEval ReversiEval;

/* The phase of a position with `empties` empty squares. */
static inline int reval_phase(int empties)
{
    const int ph = (60 - empties) / 8;
    return ph < 0 ? 0 : ph >= REVAL_PHASES ? REVAL_PHASES - 1 : ph;
}

/* Weights per phase: every pattern's table, then the mobility weight. */
int reval_weights_per_phase(void);

/* What a weight file may be: the shipped one is 1.2 MB, and one with no
 * run of zeros to pack about 2.7 MB; a larger file is not read. */
#define REVAL_FILE_MAX (8 * 1024 * 1024)
/* Read a weight file's `len` bytes; NULL + err (never a crash) when it is
 * damaged. */
ReversiEval *reval_parse(const uint8_t *bytes, size_t len, Err *err);
/* Find REVAL_FILE with asset_read() and read it; `path` gets where. */
ReversiEval *reval_load_asset(char *path, size_t path_len, Err *err);
void reval_free(ReversiEval *e);

/* The value of (mover p, other o), discs from p's view, in -63..63. */
int reval_evaluate(const ReversiEval *e, uint64_t p, uint64_t o);
/* The same before rounding and clamping: 1/REVAL_SCALE discs (move order). */
int reval_evaluate_fine(const ReversiEval *e, uint64_t p, uint64_t o);

/* ---- training ----------------------------------------------------------
 * A position as a row of the fit (src/train/fit.h): the weights it reads,
 * as indexes into all REVAL_PHASES x reval_weights_per_phase() weights
 * (its phase's), with the values they are multiplied by.  First the
 * mobility weight (the phase's last) and the mobility difference, then
 * each pattern's weight, mapped to the representative of its symmetry
 * class, with the sign it carries (tied weights are trained as one).  The
 * fit sums a row in this order, in single precision: another order would
 * change the trained file.  Returns the count, at most REVAL_MAX_FEATURES. */
int reval_features(uint64_t p, uint64_t o, uint32_t *index, int16_t *value);

/* Write REVAL_PHASES * reval_weights_per_phase() trained weights (in discs;
 * only the representatives are read) to `path` atomically
 * (atomic_file_write).  0 or -1 + err. */
int reval_write(const char *path, const float *weights, Err *err);

#endif
