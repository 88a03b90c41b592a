/* error.h - one clear message for whatever went wrong, filled in by parsers
 * and checked by callers; the CLI prints it on one line and exits 2. */
#ifndef YOMI_ERROR_H
#define YOMI_ERROR_H

#include <stdarg.h>

#define ERR_MSG_MAX 256 /* with the terminating NUL */

typedef struct {
    char msg[ERR_MSG_MAX];
} Err;

#if defined(__GNUC__)
#define YOMI_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define YOMI_PRINTF(a, b)
#endif

/* Set the message (printf-style); returns -1 so parsers can `return err_set(...)`. */
int err_set(Err *err, const char *fmt, ...) YOMI_PRINTF(2, 3);

#endif
