/* atomic_file.c - see atomic_file.h. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fchmod, open_memstream */
#include "engine/atomic_file.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A new file beside `path`, its name in tmp: the descriptor, or -1 + err
 * naming `path` (the temporary's name means nothing to the user). */
static int open_temporary(const char *path, char *tmp, size_t size, Err *err)
{
    if (snprintf(tmp, size, "%s.XXXXXX", path) >= (int)size)
        return err_set(err, "path too long");
    const int fd = mkstemp(tmp);
    if (fd < 0)
        return err_set(err, "cannot write %.200s: %s", path, strerror(errno));
    return fd;
}

int atomic_file_check(const char *path, Err *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return err_set(err, "cannot write %.200s: %s", path, strerror(EISDIR));
    char tmp[4096];
    const int fd = open_temporary(path, tmp, sizeof tmp, err);
    if (fd < 0)
        return -1;
    close(fd);
    unlink(tmp);
    return 0;
}

int atomic_file_write(const char *path, const void *data, size_t len, Err *err)
{
    char tmp[4096];
    const int fd = open_temporary(path, tmp, sizeof tmp, err);
    if (fd < 0)
        return -1;
    /* mkstemp makes it private (0600); a replaced file is read by others */
    const mode_t mask = umask(0);
    umask(mask);
    bool bad = fchmod(fd, 0666 & ~mask) != 0;
    const char *bytes = data;
    for (size_t done = 0; done < len && !bad;) {
        const ssize_t n = write(fd, bytes + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        bad = n <= 0;
        done += n > 0 ? (size_t)n : 0;
    }
    bad |= fsync(fd) != 0;
    const int saved = errno;
    bad |= close(fd) != 0;
    if (bad || rename(tmp, path) != 0) {
        const int e = bad ? (saved ? saved : errno) : errno;
        unlink(tmp);
        return err_set(err, "cannot write %.200s: %s", path, strerror(e ? e : EIO));
    }
    return 0;
}

int atomic_file_print(const char *path, int (*print)(FILE *out, const void *arg), const void *arg,
                      Err *err)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return err_set(err, "out of memory");
    const int bad = print(out, arg) != 0;
    if (fclose(out) != 0 || bad) {
        free(text);
        return err_set(err, "cannot write %.200s: out of memory", path);
    }
    const int rc = atomic_file_write(path, text, len, err);
    free(text);
    return rc;
}
