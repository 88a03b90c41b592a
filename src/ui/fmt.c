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

void fmt_solved_line(bool payoff, int v, int searcher, const char *const side_name[2], char *buf,
                     size_t len)
{
    if (payoff) {
        snprintf(buf, len, _("solved: value %d (for %s)"), searcher == 0 ? v : -v,
                 _(side_name[0]));
        return;
    }
    char solved[48];
    fmt_solved(v, solved, sizeof solved);
    snprintf(buf, len, _("solved: %s (%s)"), solved, _(side_name[searcher]));
}

bool fmt_outcome(bool payoff, int v, int human, const char *const side_name[2], char *buf,
                 size_t len)
{
    if (payoff) {
        snprintf(buf, len, _("value %d (for %s)"), v, _(side_name[0]));
        return false;
    }
    if (v == 0) {
        snprintf(buf, len, "%s", _("a draw"));
        return false;
    }
    char margin[32] = "";
    if (v > -SCORE_WIN_MIN && v < SCORE_WIN_MIN)
        snprintf(margin, sizeof margin, _(" by %d"), v < 0 ? -v : v);
    const int winner = v > 0 ? 0 : 1;
    if (human == winner)
        snprintf(buf, len, _("you win (%s%s)"), _(side_name[winner]), margin);
    else if (human >= 0)
        snprintf(buf, len, _("you lose (%s wins%s)"), _(side_name[winner]), margin);
    else
        snprintf(buf, len, _("%s wins%s"), _(side_name[winner]), margin);
    return human >= 0 && human != winner;
}

void fmt_ms(uint64_t ms, char *buf, size_t len)
{
    if (ms < 60000)
        snprintf(buf, len, "%.2f s", ms / 1000.0);
    else
        snprintf(buf, len, "%llu:%02llu", (unsigned long long)(ms / 60000),
                 (unsigned long long)(ms / 1000 % 60));
}
