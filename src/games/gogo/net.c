/* net.c - gogo's network evaluation and its section of the weight file
 * (see net.h). */
#include "games/gogo/net.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// One pass over the features the linear evaluation has just collected:
/// each adds its input row, times the count's size, to the hidden sums, a
/// loop over a fixed GOGO_NET_HIDDEN that the compiler turns into a few
/// vector instructions.  Only the hidden units need wide sums; the output
/// is one short dot product.  A few dozen rows a position, so nothing is
/// kept between positions.
int gogo_net_eval(const GogoNet *net, const GogoEvalFeatures *f)
{
    int32_t sum[GOGO_NET_HIDDEN];
    memcpy(sum, net->bias, sizeof sum);
    for (int i = 0; i < f->n; i++) {
        const int count = f->count[i];
        const int16_t *w = net->input[gogo_net_input(f->index[i], count)];
        const int size = count < 0 ? -count : count;
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            sum[j] += w[j] * size;
    }
    int64_t out = net->output_bias;
    for (int j = 0; j < GOGO_NET_HIDDEN; j++) {
        const int32_t on = sum[j] < 0 ? 0 : sum[j] > GOGO_NET_ONE ? GOGO_NET_ONE : sum[j];
        out += (int64_t)net->output[j] * on;
    }
    return (int)(out / (GOGO_NET_ONE * GOGO_NET_OUTPUT_ONE));
}

/* ---- the file section ------------------------------------------------------------ */

/* The line's first word is `word`, then n numbers within +-max into v[]. */
static int read_numbers(const TextLines *t, const char *line, const char *word, long min_first,
                        long *first, int32_t *v, int n, long max, Err *err)
{
    const char *p = text_skip_blanks(line);
    const size_t wlen = strlen(word);
    if (strncmp(p, word, wlen) != 0 || (p[wlen] != ' ' && p[wlen] != '\t'))
        return err_set(err, "%.200s: line %d: expected '%s'", t->name, t->lineno, word);
    p += wlen;
    if (first) { /* the input's number */
        char *end;
        errno = 0;
        *first = strtol(p, &end, 10);
        if (end == p || errno == ERANGE || *first < min_first || *first >= GOGO_NET_INPUTS)
            return err_set(err, "%.200s: line %d: input number missing, repeated, out of order "
                                "or past %d", t->name, t->lineno, GOGO_NET_INPUTS - 1);
        p = end;
    }
    return text_line_ints(t, p, word, v, n, max, err);
}

/* The next line that is not blank or a comment: 1, 0 at the end, -1 + err. */
static int next_line(TextLines *t, char *line, Err *err)
{
    int got;
    while ((got = text_lines_next(t, line, err)) > 0) {
        const char *p = text_skip_blanks(line);
        if (*p != '\0' && *p != '#')
            return 1;
    }
    return got;
}

int gogo_net_parse(TextLines *t, GogoNet *net, Err *err)
{
    char line[GOGO_EVAL_LINE_MAX + 1];
    if (t->max_line > GOGO_EVAL_LINE_MAX)
        return err_set(err, "%.200s: lines of a weight file are at most %d bytes", t->name,
                       GOGO_EVAL_LINE_MAX);
    memset(net, 0, sizeof *net); /* the inputs a file leaves out */
    int32_t hidden, row[GOGO_NET_HIDDEN];
    long next_input = 0;
    int got, rc = -1;
    if ((got = next_line(t, line, err)) <= 0 ||
        read_numbers(t, line, "hidden", 0, NULL, &hidden, 1, 1000, err) != 0)
        goto out;
    if (hidden != GOGO_NET_HIDDEN) {
        err_set(err, "%.200s: line %d: %d hidden units, this yomi reads %d", t->name, t->lineno,
                (int)hidden, GOGO_NET_HIDDEN);
        goto out;
    }
    int32_t output[1 + GOGO_NET_HIDDEN];
    if ((got = next_line(t, line, err)) <= 0 ||
        read_numbers(t, line, "output", 0, NULL, output, 1 + GOGO_NET_HIDDEN, GOGO_NET_MAX_OUTPUT,
                     err) != 0 ||
        (got = next_line(t, line, err)) <= 0 ||
        read_numbers(t, line, "bias", 0, NULL, net->bias, GOGO_NET_HIDDEN, GOGO_NET_MAX_OUTPUT,
                     err) != 0)
        goto out;
    net->output_bias = output[0];
    memcpy(net->output, output + 1, sizeof net->output);
    while ((got = next_line(t, line, err)) > 0) {
        long input;
        if (read_numbers(t, line, "input", next_input, &input, row, GOGO_NET_HIDDEN,
                         GOGO_NET_MAX_WEIGHT, err) != 0)
            goto out;
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            net->input[input][j] = (int16_t)row[j];
        next_input = input + 1;
    }
    if (got == 0)
        rc = 0;
out:
    if (got == 0 && rc != 0 && !err->msg[0])
        err_set(err, "%.200s: the network section ends early (truncated file?)", t->name);
    return rc;
}

int gogo_net_write(FILE *out, const GogoNet *net)
{
    fprintf(out, "%s %d\nhidden %d\noutput %d", GOGO_NET_MAGIC, GOGO_NET_VERSION, GOGO_NET_HIDDEN,
            (int)net->output_bias);
    for (int j = 0; j < GOGO_NET_HIDDEN; j++)
        fprintf(out, " %d", (int)net->output[j]);
    fputs("\nbias", out);
    for (int j = 0; j < GOGO_NET_HIDDEN; j++)
        fprintf(out, " %d", (int)net->bias[j]);
    fputc('\n', out);
    for (int i = 0; i < GOGO_NET_INPUTS; i++) {
        bool used = false;
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            used |= net->input[i][j] != 0;
        if (!used)
            continue;
        fprintf(out, "input %d", i);
        for (int j = 0; j < GOGO_NET_HIDDEN; j++)
            fprintf(out, " %d", (int)net->input[i][j]);
        fputc('\n', out);
    }
    return ferror(out) ? -1 : 0;
}
