/* read_file.c - see read_file.h. */
#define _POSIX_C_SOURCE 200809L
#include "base/read_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int refuse_unless_regular(const char *path, const struct stat *st, Err *err)
{
    if (S_ISREG(st->st_mode))
        return 0;
    if (S_ISDIR(st->st_mode))
        return err_set(err, "%.200s: a folder, not a file", path);
    return err_set(err, "%.200s: not a regular file (a pipe or a device)", path);
}

static int refuse_too_big(const char *path, size_t max, Err *err)
{
    return err_set(err, "%.200s: larger than %zu bytes", path, max);
}

/* Read to the end into *buf, grown as needed from `expect` bytes (what
 * fstat said) up to one byte past `max`, so a file that grew is noticed. */
static int read_all(int fd, const char *path, size_t expect, size_t max, char **buf, size_t *got,
                    Err *err)
{
    size_t cap = expect < max ? expect + 1 : max + 1;
    *buf = malloc(cap + 1); /* + the NUL */
    if (!*buf)
        return err_set(err, "out of memory");
    for (;;) {
        if (*got == cap) {
            if (cap > max)
                return 0; /* one past the cap: the caller refuses it */
            cap = cap > max / 2 ? max + 1 : cap * 2;
            char *more = realloc(*buf, cap + 1);
            if (!more)
                return err_set(err, "out of memory");
            *buf = more;
        }
        const ssize_t n = read(fd, *buf + *got, cap - *got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return err_set(err, "cannot read %.200s: %s", path, strerror(errno));
        if (n == 0)
            return 0;
        *got += (size_t)n;
    }
}

char *read_file_whole(const char *path, size_t max, size_t *len, Err *err)
{
    struct stat st;
    /* stat first: a device or a FIFO is not even opened */
    if (stat(path, &st) != 0) {
        err_set(err, "cannot open %.200s: %s", path, strerror(errno));
        return NULL;
    }
    if (refuse_unless_regular(path, &st, err) != 0)
        return NULL;
    /* O_NONBLOCK: should it have become a FIFO since, open() still returns */
    const int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        err_set(err, "cannot open %.200s: %s", path, strerror(errno));
        return NULL;
    }
    char *buf = NULL;
    size_t got = 0;
    if (fstat(fd, &st) != 0) {
        err_set(err, "cannot read %.200s: %s", path, strerror(errno));
        goto fail;
    }
    if (refuse_unless_regular(path, &st, err) != 0)
        goto fail;
    if ((uintmax_t)st.st_size > max) {
        refuse_too_big(path, max, err);
        goto fail;
    }
    if (read_all(fd, path, (size_t)st.st_size, max, &buf, &got, err) != 0)
        goto fail;
    if (got > max) {
        refuse_too_big(path, max, err);
        goto fail;
    }
    close(fd);
    buf[got] = '\0';
    *len = got;
    return buf;
fail:
    free(buf);
    close(fd);
    return NULL;
}
