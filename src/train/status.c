/* status.c - the progress line (see status.h). */
#include "train/status.h"

#include <stdarg.h>
#include <stdio.h>

void train_status(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    flockfile(stderr); /* one line at a time when threads report */
    fputc('\r', stderr);
    vfprintf(stderr, fmt, ap);
    fputs("\033[K", stderr); /* the rest of a longer line drawn before */
    fflush(stderr);
    funlockfile(stderr);
    va_end(ap);
}

void train_status_end(void)
{
    fputc('\n', stderr);
}
