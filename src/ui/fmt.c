/* fmt.c - number formatting for the panels. */
#include <stdio.h>
#include <stdlib.h>

#include "engine/game.h"
#include "ui/fmt.h"
#include "base/i18n.h"

void fmt_count(uint64_t n, char *buf, size_t len)
{
    char digits[32];
    int nd = snprintf(digits, sizeof digits, "%llu", (unsigned long long)n);
    char out[48];
    int o = 0;
    for (int i = 0; i < nd; i++) {
        if (i > 0 && (nd - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = '\0';
    snprintf(buf, len, "%s", out);
}

void fmt_short(uint64_t n, char *buf, size_t len)
{
    if (n < 10000)
        snprintf(buf, len, "%llu", (unsigned long long)n);
    else if (n < 1000000)
        snprintf(buf, len, "%.1fk", n / 1e3);
    else if (n < 1000000000)
        snprintf(buf, len, "%.2fM", n / 1e6);
    else
        snprintf(buf, len, "%.2fG", n / 1e9);
}

void fmt_value(int v, char *buf, size_t len)
{
    if (v >= SCORE_WIN_MIN)
        snprintf(buf, len, _("win in %d"), SCORE_WIN - v);
    else if (v <= -SCORE_WIN_MIN)
        snprintf(buf, len, _("loss in %d"), SCORE_WIN + v);
    else
        snprintf(buf, len, "%+d", v);
    if (v == 0)
        snprintf(buf, len, "0");
}

void fmt_solved(int v, char *buf, size_t len)
{
    if (v >= SCORE_WIN_MIN || v <= -SCORE_WIN_MIN)
        fmt_value(v, buf, len);
    else if (v > 0)
        snprintf(buf, len, _("win by %d"), v);
    else if (v < 0)
        snprintf(buf, len, _("loss by %d"), -v);
    else
        snprintf(buf, len, "%s", _("draw"));
}

void fmt_ms(uint64_t ms, char *buf, size_t len)
{
    if (ms < 60000)
        snprintf(buf, len, "%.2f s", ms / 1000.0);
    else
        snprintf(buf, len, "%llu:%02llu", (unsigned long long)(ms / 60000),
                 (unsigned long long)(ms / 1000 % 60));
}
