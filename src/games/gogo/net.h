/* net.h - a small network on top of gogo's linear evaluation (eval.h).
 *
 * The linear evaluation adds up what each feature is worth alone; the
 * network reads the same features and adds what they are worth together:
 * a king's attackers with the pieces in hand that would join them, a
 * material edge with a king that cannot run.  It was fitted to what a
 * search of several plies says of a position (train/gogo_net.c), so it
 * also tells the search what that search would have found.
 *
 * Its inputs are the linear features split by side: feature i counted for
 * the side to move is input 2i, counted against it input 2i + 1, each with
 * the count's size.  The linear sum only needs the difference of the two
 * sides' king safety; the network sees both.  One hidden layer of
 * GOGO_NET_HIDDEN units clipped to [0, 1], integer arithmetic throughout;
 * its value is added to the linear one, in the same units.
 *
 * A weight file (eval.h) may end in a network section:
 *     yomi-gogo-net 1
 *     hidden 32                       GOGO_NET_HIDDEN, to say what follows
 *     output B W1 .. W32              the output: its bias in 1/65536 units,
 *                                     each unit's weight in 1/64
 *     bias B1 .. B32                  each unit's bias, 1024 = 1.0
 *     input I W1 .. W32               input I's weight into each unit,
 *                                     1024 = 1.0; inputs in increasing
 *                                     order, those not given are 0
 */
#ifndef YOMI_GOGO_NET_H
#define YOMI_GOGO_NET_H

#include <stdint.h>

#include "base/error.h"
#include "base/read_file.h"
#include "games/gogo/eval.h"

#define GOGO_NET_INPUTS (2 * EVAL_NPARAMS)
#define GOGO_NET_HIDDEN 32
#define GOGO_NET_ONE 1024         /* a hidden unit fully on; also an input weight of 1.0 */
#define GOGO_NET_OUTPUT_ONE 64    /* an output weight of 1.0 */
#define GOGO_NET_MAX_WEIGHT 32767 /* input weights are 16 bits */
#define GOGO_NET_MAX_OUTPUT 1000000000 /* biases and output weights: the sums stay in 32 bits */
#define GOGO_NET_MAGIC "yomi-gogo-net"
#define GOGO_NET_VERSION 1

typedef struct GogoNet {
    int16_t input[GOGO_NET_INPUTS][GOGO_NET_HIDDEN];
    int32_t bias[GOGO_NET_HIDDEN];
    int32_t output[GOGO_NET_HIDDEN];
    int32_t output_bias;
} GogoNet;

/* The input of a feature counted `count` times: the side to move's copy,
 * or the other side's when the count is negative (its size is the value). */
static inline int gogo_net_input(int index, int count) { return 2 * index + (count < 0); }

/* The network's part of the evaluation of the position with features f. */
int gogo_net_eval(const GogoNet *net, const GogoEvalFeatures *f);

/* The network section of a weight file, from the line after its
 * "yomi-gogo-net 1" line to the end of `lines`, into *net: 0, or -1 + err
 * naming the line, *net then half written. */
int gogo_net_parse(TextLines *lines, GogoNet *net, Err *err);
/* The section, "yomi-gogo-net" line first; 0 or -1 on an I/O error. */
int gogo_net_write(FILE *out, const GogoNet *net);

#endif
