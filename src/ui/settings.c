/* settings.c - preferences on disk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/session.h"
#include "ui/settings.h"

Settings settings = {
    .glyphs = SETTING_AUTO,
    .colour = SETTING_AUTO,
    .watch_delay = 500,
    .hint_depth = 6,
    .show_legal = 1,
};

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

void settings_load(void)
{
    char path[3100], line[128];
    if (settings_path(path, sizeof path) != 0)
        return;
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
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
    fclose(f);
}

int settings_save(void)
{
    char path[3100];
    if (settings_path(path, sizeof path) != 0)
        return -1;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    for (int i = 0; i < NFIELDS; i++)
        fprintf(f, "%s=%d\n", fields[i].name, *fields[i].value);
    return fclose(f);
}
