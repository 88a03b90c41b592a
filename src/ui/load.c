/* load.c - see load.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/i18n.h"
#include "base/read_file.h"
#include "players/player.h"
#include "records/records.h"
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

Session *session_from_record(const Record *r, const UiPlayer players[2], Err *err)
{
    Session *s = session_new(r->id, r->opts, r->nopts, players, r->position[0] ? r->position : NULL,
                             err);
    for (int i = 0; s && i < r->nmoves; i++) {
        if (session_play_recorded(s, r->moves[i], r->move_ms[i]) != 0) {
            session_free(s);
            err_set(err, "out of memory");
            return NULL;
        }
    }
    return s;
}

/* A save file starts, after comments, with its "yomi-save" line. */
static bool is_save_file(const char *text)
{
    for (;;) {
        text += strspn(text, " \t\r\n");
        if (*text != '#')
            return strncmp(text, "yomi-save", 9) == 0;
        text = strchr(text, '\n');
        if (!text)
            return false;
    }
}

/* The game in `path`, from a save file or a record; for a record, what
 * to tell the player goes in `notice`. */
static Session *load_game(const char *path, char *notice, size_t len, Err *err)
{
    size_t size;
    char *text = read_file_whole(path, SESSION_FILE_MAX, &size, err);
    if (!text)
        return NULL;
    Session *s = NULL;
    if (is_save_file(text) || !record_text_detected(text, size)) {
        s = session_parse(text, size, path, err);
        if (!s && !is_save_file(text))
            err_set(err, "%.200s: neither a yomi save file nor a game record (KIF, CSA, GGF, a "
                         "reversi transcript, a Kalah record)", path);
        free(text);
        return s;
    }
    Record *r = record_parse(text, size, path, NULL, err);
    free(text);
    if (!r)
        return NULL;
    UiPlayer players[2];
    Err ignored; /* the defaults are constants that parse */
    ui_player_parse("human", &players[0], &ignored);
    ui_player_parse(PLAYER_DEFAULT_COMPUTER, &players[1], &ignored);
    s = session_from_record(r, players, err);
    if (s)
        snprintf(notice, len,
                 _("%s: a %s record of %d moves; you play first, the computer second"), path,
                 record_format_title(r->format), r->nmoves);
    record_free(r);
    return s;
}

int ui_save_game(const Session *s, const char *path, Err *err)
{
    const RecordFormat *f = record_format_of_path(path);
    if (!f)
        return session_save(s, path, err);
    GameOption opts[SESSION_MAX_OPTS];
    for (int i = 0; i < s->nopts; i++)
        opts[i] = (GameOption){s->opt_key[i], s->opt_val[i]};
    char names[2][200];
    for (int i = 0; i < 2; i++)
        player_format(&s->players[i], names[i], sizeof names[i]);
    /* The whole game as played, with each move's time: moves undone but
     * kept for redo too. */
    int64_t *move_ms = malloc((size_t)(s->top + 1) * sizeof *move_ms);
    if (!move_ms)
        return err_set(err, "out of memory");
    for (int i = 0; i < s->top; i++)
        move_ms[i] = session_move_ms(s, i);
    const RecordGame game = {.game = s->game, .opts = opts, .nopts = s->nopts,
                             .start = session_state(s, 0), .moves = s->moves, .nmoves = s->top,
                             .names = {names[0], names[1]}, .move_ms = move_ms};
    const int rc = record_save(f, &game, path, err);
    free(move_ms);
    return rc;
}

void ui_load(Screen *from, const char *path, UiLoadUse use)
{
    Err err = {{0}};
    char notice[600] = "";
    Session *session = load_game(path, notice, sizeof notice, &err);
    if (!session) {
        app_message(from->app, ST_BAD, "%s", err.msg);
        return;
    }
    const int programs = external_sides(session);
    if (!programs) {
        if (use(from, session, path) == 0 && notice[0])
            app_message(from->app, ST_GOOD, "%s", notice);
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
