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

int read_file_open(const char *path, size_t max, size_t *size, Err *err)
{
    struct stat st;
    /* stat first: a device or a FIFO is not even opened */
    if (stat(path, &st) != 0)
        return err_set(err, "cannot open %.200s: %s", path, strerror(errno));
    if (refuse_unless_regular(path, &st, err) != 0)
        return -1;
    /* O_NONBLOCK: should it have become a FIFO since, open() still returns */
    const int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return err_set(err, "cannot open %.200s: %s", path, strerror(errno));
    if (fstat(fd, &st) != 0) {
        err_set(err, "cannot read %.200s: %s", path, strerror(errno));
    } else if (refuse_unless_regular(path, &st, err) != 0) {
        /* said */
    } else if ((uintmax_t)st.st_size > max) {
        refuse_too_big(path, max, err);
    } else {
        *size = (size_t)st.st_size;
        return fd;
    }
    close(fd);
    return -1;
}

char *read_file_whole(const char *path, size_t max, size_t *len, Err *err)
{
    size_t size;
    const int fd = read_file_open(path, max, &size, err);
    if (fd < 0)
        return NULL;
    char *buf = NULL;
    size_t got = 0;
    if (read_all(fd, path, size, max, &buf, &got, err) != 0)
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

bool read_file_absent(const char *path)
{
    struct stat st;
    return lstat(path, &st) != 0 && errno == ENOENT;
}

TextLines text_lines(const char *name, const char *text, size_t len, size_t max_line)
{
    return (TextLines){.name = name, .text = text, .len = len, .max_line = max_line};
}

int text_lines_next(TextLines *t, char *line, Err *err)
{
    if (t->pos >= t->len)
        return 0;
    const char *start = t->text + t->pos, *nl = memchr(start, '\n', t->len - t->pos);
    size_t n = nl ? (size_t)(nl - start) : t->len - t->pos;
    t->pos += n + (nl ? 1 : 0);
    t->lineno++;
    if (n > 0 && start[n - 1] == '\r')
        n--;
    if (n > t->max_line)
        return err_set(err, "%.200s:%d: line longer than %zu bytes", t->name, t->lineno,
                       t->max_line);
    if (memchr(start, '\0', n))
        return err_set(err, "%.200s:%d: a NUL byte in the line", t->name, t->lineno);
    memcpy(line, start, n);
    line[n] = '\0';
    return 1;
}

const char *text_skip_blanks(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

int text_line_ints(const TextLines *t, const char *p, const char *what, int32_t *v, int n,
                   long max, Err *err)
{
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        const long x = strtol(p, &end, 10);
        if (end == p && *text_skip_blanks(p) == '\0')
            return err_set(err, "%.200s: line %d: %s needs %d numbers, found %d", t->name,
                           t->lineno, what, n, i);
        if (end == p || (*end != ' ' && *end != '\t' && *end != '\r' && *end != '\0'))
            return err_set(err, "%.200s: line %d: %s: value %d is not a whole number", t->name,
                           t->lineno, what, i + 1);
        if (errno == ERANGE || x < -max || x > max)
            return err_set(err, "%.200s: line %d: %s: value %d is out of range (+-%ld)", t->name,
                           t->lineno, what, i + 1, max);
        v[i] = (int32_t)x;
        p = end;
    }
    if (*text_skip_blanks(p) != '\0')
        return err_set(err, "%.200s: line %d: %s has more than %d numbers", t->name, t->lineno,
                       what, n);
    return 0;
}
