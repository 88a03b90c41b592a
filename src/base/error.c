#include "base/error.h"
#include "base/i18n.h"

#include <stdio.h>

int err_set(Err *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        /* Every message is looked up here, so parsers write plain English
         * literals; po/Makevars makes xgettext collect err_set's format. */
        vsnprintf(err->msg, sizeof err->msg, _(fmt), ap);
        va_end(ap);
    }
    return -1;
}
