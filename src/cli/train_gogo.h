/* train_gogo.h - `yomi train gogo`: self-play, Texel tuning, and the weight
 * file (src/games/gogo/tune.h does the work).  Until the `train` command
 * dispatches by game, it also runs as `yomi train-gogo`. */
#ifndef YOMI_TRAIN_GOGO_H
#define YOMI_TRAIN_GOGO_H

#include "cli/cli.h"

/* argv[0] is the command's name ("gogo" or "train-gogo"), the options follow. */
int cli_train_gogo(int argc, char **argv);
extern const CliCommand cli_train_gogo_command;

#endif
