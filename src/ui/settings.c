/* settings.c - preferences on disk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/atomic_file.h"
#include "base/read_file.h"
#include "engine/search.h"
#include "ui/session.h"
#include "ui/settings.h"

Settings settings = {
    .glyphs = SETTING_AUTO,
    .colour = SETTING_AUTO,
    .watch_delay = 500,
    .hint_depth = 6,
    .show_legal = 1,
    .flip_second = 1,
    .threads = 0,
    .animation = ANIMATION_FAST_MS,
};

/* What the file may be: yomi writes eight short lines, under 140 bytes. */
#define SETTINGS_FILE_MAX (16 * 1024)
#define SETTINGS_LINE_MAX 128

static struct {
    const char *name;
    int *value;
    int lo, hi;
} const fields[] = {
    {"glyphs", &settings.glyphs, 0, 1},
    {"colour", &settings.colour, 0, 1},
    {"watch-delay", &settings.watch_delay, 0, 10000},
    {"hint-depth", &settings.hint_depth, 1, 30},
    {"show-legal", &settings.show_legal, 0, 1},
    {"flip-second", &settings.flip_second, 0, 1},
    {"threads", &settings.threads, 0, SEARCH_MAX_THREADS},
    {"animation", &settings.animation, 0, ANIMATION_MAX_MS},
};
#define NFIELDS (int)(sizeof fields / sizeof fields[0])

static int settings_path(char *buf, size_t len)
{
    char dir[3000];
    Err err;
    if (session_state_dir(dir, sizeof dir, &err) != 0)
        return -1;
    return (size_t)snprintf(buf, len, "%s/settings", dir) < len ? 0 : -1;
}

/* KEY=VALUE lines into `settings`; unknown keys and values out of range are
 * passed over (a newer or older yomi's file), a line no settings file has
 * is an error. */
static int parse(const char *text, size_t len, const char *name, Err *err)
{
    TextLines lines = text_lines(name, text, len, SETTINGS_LINE_MAX);
    char line[SETTINGS_LINE_MAX + 1];
    int got;
    while ((got = text_lines_next(&lines, line, err)) > 0) {
        char *eq = strchr(line, '=');
        if (!eq)
            continue;
        *eq = '\0';
        for (int i = 0; i < NFIELDS; i++) {
            if (strcmp(line, fields[i].name) == 0) {
                int v = atoi(eq + 1);
                if (v >= fields[i].lo && v <= fields[i].hi)
                    *fields[i].value = v;
            }
        }
    }
    return got;
}

/* $YOMI_ANIMATION, a whole number of ms in range, replaces the default;
 * anything else leaves it. */
static void animation_default_from_env(void)
{
    const char *env = getenv("YOMI_ANIMATION");
    char *end;
    if (!env || !*env)
        return;
    const long ms = strtol(env, &end, 10);
    if (*end == '\0' && ms >= 0 && ms <= ANIMATION_MAX_MS)
        settings.animation = (int)ms;
}

int settings_load(Err *err)
{
    animation_default_from_env();
    char path[3100];
    if (settings_path(path, sizeof path) != 0 || read_file_absent(path))
        return 0;
    size_t len;
    char *text = read_file_whole(path, SETTINGS_FILE_MAX, &len, err);
    if (!text)
        return -1;
    const Settings defaults = settings;
    const int rc = parse(text, len, path, err);
    free(text);
    if (rc != 0)
        settings = defaults; /* not half the file */
    return rc;
}

static int print(FILE *out, const void *unused)
{
    (void)unused;
    for (int i = 0; i < NFIELDS; i++)
        fprintf(out, "%s=%d\n", fields[i].name, *fields[i].value);
    return ferror(out) ? -1 : 0;
}

int settings_save(void)
{
    char path[3100];
    Err ignored;
    if (settings_path(path, sizeof path) != 0)
        return -1;
    /* replaced, not opened for writing: a FIFO there would block the open */
    return atomic_file_print(path, print, NULL, &ignored);
}
