/* fmt.h - numbers as the panels show them. */
#ifndef YOMI_UI_FMT_H
#define YOMI_UI_FMT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* 1234567 -> "1,234,567" */
void fmt_count(uint64_t n, char *buf, size_t len);
/* 1234567 -> "1.23M" (at most 6 columns) */
void fmt_short(uint64_t n, char *buf, size_t len);
/* A search value: "+4", "-12", "0", "win in 7", "loss in 4" (plies). */
void fmt_value(int v, char *buf, size_t len);
/* An exact value as the panel words it: "win by 3", "loss by 2", "draw"
 * (decided games by their distance, as fmt_value). */
void fmt_solved(int v, char *buf, size_t len);
/* The panel's line for a solved position, v from the searcher's view:
 * "solved: win by 6 (South)"; where values are payoffs to the first player
 * (GameInfo.payoff), that player's number, which no side wins or loses by:
 * "solved: value 2 (for Max)".  side_name: the view's (N_). */
void fmt_solved_line(bool payoff, int v, int searcher, const char *const side_name[2], char *buf,
                     size_t len);
/* How a finished game came out, v from the first player's view: "a draw",
 * "South wins by 6", or "you win (Black by 4)" when only side `human` is
 * a person (-1: none or both); in a game whose values are payoffs
 * (GameInfo.payoff) nobody wins: "value 3 (for Max)".  Returns whether the
 * one person lost. */
bool fmt_outcome(bool payoff, int v, int human, const char *const side_name[2], char *buf,
                 size_t len);
/* 1234 ms -> "1.23 s"; 65000 -> "1:05" */
void fmt_ms(uint64_t ms, char *buf, size_t len);

#endif
