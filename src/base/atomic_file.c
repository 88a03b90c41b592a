/* atomic_file.c - see atomic_file.h. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fchmod, open_memstream, fstatat */
#include "base/atomic_file.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* mkstemp's template: the name, a dot and six letters or digits. */
#define TEMP_SUFFIX ".XXXXXX"

/* A new file beside `path`, its name in tmp: the descriptor, or -1 + err
 * naming `path` (the temporary's name means nothing to the user). */
static int open_temporary(const char *path, char *tmp, size_t size, Err *err)
{
    if (snprintf(tmp, size, "%s" TEMP_SUFFIX, path) >= (int)size)
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

/* Is `name` one of base's temporaries, "BASE.XXXXXX"? */
static bool is_temp_of(const char *name, const char *base, size_t base_len)
{
    const size_t tail = sizeof TEMP_SUFFIX - 2; /* the X's */
    if (strncmp(name, base, base_len) != 0 || name[base_len] != '.' ||
        strlen(name + base_len + 1) != tail)
        return false;
    for (const char *c = name + base_len + 1; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            return false;
    return true;
}

int atomic_file_remove_stale(const char *path, int min_age_s)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    const int dir_len = slash ? (int)(slash - path) + 1 : 0; /* "DIR/", or none */
    if (snprintf(dir, sizeof dir, "%.*s", dir_len, path) >= (int)sizeof dir)
        return 0;
    DIR *d = opendir(dir_len ? dir : ".");
    if (!d)
        return 0;
    const time_t now = time(NULL);
    const size_t base_len = strlen(base);
    int removed = 0;
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        if (!is_temp_of(e->d_name, base, base_len) ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue;
        /* only files: a link or a folder of that name is nobody's temporary */
        if (S_ISREG(st.st_mode) && now - st.st_mtime >= min_age_s &&
            unlinkat(dirfd(d), e->d_name, 0) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}
