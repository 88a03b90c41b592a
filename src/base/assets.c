/* assets.c - see assets.h. */
#include "base/assets.h"

#include <stdlib.h>
#include <string.h>

#ifndef YOMI_DATADIR
#define YOMI_DATADIR "/usr/local/share/yomi"
#endif
#ifndef YOMI_SRCDIR
#define YOMI_SRCDIR "."
#endif

FILE *asset_open(const char *name, char *found, size_t found_len, Err *err)
{
    const char *dirs[] = {getenv("YOMI_DATADIR"), YOMI_DATADIR, YOMI_SRCDIR "/assets"};
    char path[4096];
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        if (!dirs[i] || !*dirs[i])
            continue;
        if ((size_t)snprintf(path, sizeof path, "%s/%s", dirs[i], name) >= sizeof path)
            continue;
        FILE *f = fopen(path, "rb");
        if (f) {
            if (found && found_len)
                snprintf(found, found_len, "%s", path);
            return f;
        }
    }
    err_set(err, "%.100s: not found in $YOMI_DATADIR, %.200s or %.200s/assets", name,
            YOMI_DATADIR, YOMI_SRCDIR);
    return NULL;
}
