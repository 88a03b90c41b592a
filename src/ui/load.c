/* load.c - see load.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "players/player.h"
#include "ui/confirm.h"
#include "ui/load.h"

typedef struct {
    Screen *from;
    Session *session;
    UiLoadUse use;
    char path[4096];
} PendingLoad;

static int external_sides(const Session *s)
{
    return (s->players[0].external[0] != '\0') + (s->players[1].external[0] != '\0');
}

/* The sides' lines as the file has them: "first usi:...", one a line. */
static void describe_programs(const Session *s, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < 2 && n < len; i++)
        if (s->players[i].external[0])
            n += (size_t)snprintf(buf + n, len - n, "%s%s %s", n ? "\n" : "",
                                  i == 0 ? "first" : "second", s->players[i].external);
}

static void hand_over(PendingLoad *p, const char *notice)
{
    Session *s = p->session;
    p->session = NULL; /* use() owns it now */
    if (p->use(p->from, s, p->path) == 0 && notice)
        app_message(p->from->app, ST_BAD, "%s", notice);
}

static void answered(void *ctx, bool yes)
{
    PendingLoad *p = ctx;
    if (yes) {
        hand_over(p, NULL);
        return;
    }
    for (int i = 0; i < 2; i++) {
        Err ignored; /* the default is a constant that parses */
        if (p->session->players[i].external[0])
            ui_player_parse(PLAYER_DEFAULT_COMPUTER, &p->session->players[i], &ignored);
    }
    hand_over(p,
              _("The save file's program was not started: yomi's computer player took its place"));
}

static void forget(void *ctx)
{
    PendingLoad *p = ctx;
    session_free(p->session);
    free(p);
}

void ui_load(Screen *from, const char *path, UiLoadUse use)
{
    Err err = {{0}};
    Session *session = session_load(path, &err);
    if (!session) {
        app_message(from->app, ST_BAD, "%s", err.msg);
        return;
    }
    const int programs = external_sides(session);
    if (!programs) {
        use(from, session, path);
        return;
    }
    PendingLoad *p = calloc(1, sizeof *p);
    if (!p) {
        session_free(session);
        app_message(from->app, ST_BAD, "%s", _("out of memory"));
        return;
    }
    *p = (PendingLoad){.from = from, .session = session, .use = use};
    snprintf(p->path, sizeof p->path, "%s", path);
    char detail[600];
    describe_programs(session, detail, sizeof detail);
    UiConfirmArg ask = {
        .title =
            ngettext("This save file runs a program:", "This save file runs programs:", programs),
        .detail = detail,
        .question = ngettext("Start it? y/N", "Start them? y/N", programs),
        .answer = answered,
        .free_ctx = forget,
        .ctx = p,
    };
    ui_confirm(from->app, &ask);
}
