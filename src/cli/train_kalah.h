/* train_kalah.h - `yomi train kalah`: self-play and the least squares fit
 * of Kalah's evaluation weights; train.c dispatches here. */
#ifndef YOMI_TRAIN_KALAH_H
#define YOMI_TRAIN_KALAH_H

#include "cli/cli.h"

/* argv[0] is "kalah", the options follow. */
int cli_train_kalah(int argc, char **argv);
extern const CliCommand cli_train_kalah_command; /* its help; not in the command table */

#endif
