/* train_gogo.h - `yomi train gogo`: self-play, Texel tuning, and the weight
 * file (src/games/gogo/tune.h does the work); train.c dispatches here. */
#ifndef YOMI_TRAIN_GOGO_H
#define YOMI_TRAIN_GOGO_H

#include "cli/cli.h"

/* argv[0] is "gogo", the options follow. */
int cli_train_gogo(int argc, char **argv);
extern const CliCommand cli_train_gogo_command; /* its help; not in the command table */

#endif
