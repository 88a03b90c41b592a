/* fmt.h - numbers as the panels show them. */
#ifndef YOMI_UI_FMT_H
#define YOMI_UI_FMT_H

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
/* 1234 ms -> "1.23 s"; 65000 -> "1:05" */
void fmt_ms(uint64_t ms, char *buf, size_t len);

#endif
