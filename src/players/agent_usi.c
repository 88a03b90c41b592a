/* agent_usi.c - an external USI engine as a player (agent.h): a child
 * process talking over one socket, read without ever blocking past a
 * deadline. */
#define _DEFAULT_SOURCE /* usleep, MSG_NOSIGNAL, SOCK_CLOEXEC */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "players/agent_impl.h"

#define HANDSHAKE_MS 10000    /* usi -> usiok, isready -> readyok */
#define STOP_GRACE_MS 3000    /* stop -> bestmove */
#define UNLIMITED_MS 300000   /* a `go` with no time limit at all */

int agent_usi_spec_parse(const char *spec, UsiSpec *out, Err *err)
{
    UsiSpec local;
    UsiSpec *u = out ? out : &local;
    memset(u, 0, sizeof *u);
    const char *body = spec && strncmp(spec, "usi:", 4) == 0      ? spec + 4
                       : spec && strncmp(spec, "xshogi:", 7) == 0 ? spec + 7
                                                                   : NULL;
    if (!body)
        return err_set(err, "an external engine is usi:COMMAND[,KEY=VALUE...] or xshogi:COMMAND");
    if (strlen(body) >= sizeof u->buf)
        return err_set(err, "player '%.40s...' is too long", spec);
    strcpy(u->buf, body);
    char *comma = strchr(u->buf, ',');
    if (comma)
        *comma = '\0';
    int argc = 0;
    for (char *w = strtok(u->buf, " "); w; w = strtok(NULL, " ")) {
        if (argc == AGENT_MAX_ARGS)
            return err_set(err, "usi: too many words in the command (at most %d)", AGENT_MAX_ARGS);
        u->argv[argc++] = w;
    }
    u->argv[argc] = NULL;
    if (argc == 0)
        return err_set(err, "usi: the engine's command is missing (usi:COMMAND)");
    while (comma) {
        char *item = comma + 1;
        comma = strchr(item, ',');
        if (comma)
            *comma = '\0';
        char *eq = strchr(item, '=');
        if (!eq || eq == item)
            return err_set(err, "usi: '%.40s' is not KEY=VALUE", item);
        *eq = '\0';
        const char *value = eq + 1;
        char *end;
        if (strcmp(item, "movetime") == 0) {
            if (strcmp(value, "on") != 0 && strcmp(value, "off") != 0)
                return err_set(err, "usi: movetime: '%.40s' is not on or off", value);
            u->movetime = value[1] == 'n';
            continue;
        }
        if (strcmp(item, "time") == 0 || strcmp(item, "depth") == 0 || strcmp(item, "nodes") == 0 ||
            strcmp(item, "timeout") == 0) {
            errno = 0;
            const long long v = strtoll(value, &end, 10);
            if (!*value || *end || errno == ERANGE || v < 1 || v > 1000000000000LL)
                return err_set(err, "usi: %s: '%.40s' is not a positive number", item, value);
            if (strcmp(item, "timeout") == 0)
                u->timeout_ms = v > 3600000 ? 3600000 : v;
            else if (item[0] == 't')
                u->time_ms = v;
            else if (item[0] == 'd')
                u->depth = v > 1000 ? 1000 : (int)v;
            else
                u->nodes = v;
            continue;
        }
        if (u->nopts == AGENT_MAX_OPTIONS)
            return err_set(err, "usi: too many options (at most %d)", AGENT_MAX_OPTIONS);
        u->opt_name[u->nopts] = item;
        u->opt_value[u->nopts] = value;
        u->nopts++;
    }
    return 0;
}

/* Whether `r` is the talk of a search given up (agent_usi_abandon): its
 * infos, and the bestmove that closes it, are skipped.  Other replies
 * (readyok) may come before that bestmove and are not its. */
static bool stale_reply(Agent *a, const UsiReply *r)
{
    if (a->stale == 0 || (r->kind != USI_REPLY_INFO && r->kind != USI_REPLY_BESTMOVE))
        return false;
    if (r->kind == USI_REPLY_BESTMOVE)
        a->stale--;
    return true;
}

/* Read lines until one of `kind` (usiok, readyok); options seen on the way
 * are noted.  -1 + err on a deadline or a dead engine. */
static int wait_reply(Agent *a, UsiReplyKind kind, const char *what, bool *has_variant, Err *err)
{
    const int64_t limit = a->usi.timeout_ms > 0 ? a->usi.timeout_ms : HANDSHAKE_MS;
    const uint64_t deadline = clock_ns() + agent_ms_ns(limit);
    char line[1024];
    for (;;) {
        while (agent_take_line(a, line, sizeof line)) {
            UsiReply r;
            Err ignore;
            const int bad = usi_parse_reply(line, &r, &ignore);
            if (stale_reply(a, &r) || bad)
                continue;
            if (r.kind == kind)
                return 0;
            if (r.kind == USI_REPLY_OPTION && has_variant && strcmp(r.name, "UCI_Variant") == 0)
                *has_variant = true;
        }
        if (a->dead) {
            char why[80];
            usleep(20000); /* let a process that is exiting finish, for its status */
            return agent_fail(a, err, "%s (waiting for %s)", agent_exit_text(a, why, sizeof why), what);
        }
        const uint64_t now = clock_ns();
        if (now >= deadline)
            return agent_fail(a, err, "no %s within %lld ms", what, (long long)limit);
        const uint64_t left_ms = (deadline - now) / 1000000u;
        agent_read_some(a, left_ms > 50 ? 50 : (int)left_ms + 1);
    }
}

int agent_usi_open(Agent *a, Err *err)
{
    if (agent_usi_spec_parse(a->spec, &a->usi, err) != 0)
        return -1;
    if (agent_spec_check_game(a->spec, a->g, err) != 0)
        return -1;
    if (agent_spawn(a, a->usi.argv, err) != 0)
        return -1;
    bool has_variant = false;
    if (agent_send(a, "usi") != 0 || wait_reply(a, USI_REPLY_USIOK, "usiok", &has_variant, err) != 0)
        return agent_fail(a, err, "did not answer usi");
    bool variant_given = false;
    for (int i = 0; i < a->usi.nopts; i++) {
        variant_given |= strcmp(a->usi.opt_name[i], "UCI_Variant") == 0;
        agent_send(a, "setoption name %s value %s", a->usi.opt_name[i], a->usi.opt_value[i]);
    }
    if (has_variant && !variant_given)
        agent_send(a, "setoption name UCI_Variant value minishogi");
    if (agent_send(a, "isready") != 0 || wait_reply(a, USI_REPLY_READYOK, "readyok", NULL, err) != 0)
        return agent_fail(a, err, "did not answer isready");
    return 0;
}

void agent_usi_close(Agent *a) { agent_proc_close(a, "quit"); }

int agent_usi_new_game(Agent *a, Err *err)
{
    if (a->failure[0])
        return agent_fail(a, err, "%s", a->failure);
    if (agent_send(a, "isready") != 0 || wait_reply(a, USI_REPLY_READYOK, "readyok", NULL, err) != 0)
        return agent_fail(a, err, "did not answer isready");
    if (agent_send(a, "usinewgame") != 0)
        return agent_fail(a, err, "closed its input");
    return 0;
}

int agent_usi_start(Agent *a, const void *start, const Move *moves, int nmoves,
                    const AgentClock *clock, Err *err)
{
    const Game *g = a->g;
    if (a->failure[0])
        return agent_fail(a, err, "%s", a->failure);
    if (nmoves < 0 || nmoves > AGENT_MAX_PLIES)
        return err_set(err, "game too long (%d plies)", nmoves);
    char *text = malloc((size_t)nmoves * 8 + 512);
    if (!text)
        return err_set(err, "out of memory");
    _Alignas(16) unsigned char first[GAME_MAX_STATE], cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    g->ops->start(g, first);
    size_t n;
    if (memcmp(first, start, g->state_size) == 0) {
        n = (size_t)sprintf(text, "position startpos");
    } else {
        char sfen[256];
        g->ops->format_position(g, start, sfen, sizeof sfen);
        n = (size_t)sprintf(text, "position sfen %s", sfen);
    }
    if (nmoves > 0)
        n += (size_t)sprintf(text + n, " moves");
    memcpy(cur, start, g->state_size);
    for (int i = 0; i < nmoves; i++) {
        char mv[16];
        g->ops->format_move(g, cur, moves[i], mv, sizeof mv);
        n += (size_t)sprintf(text + n, " %.7s", mv);
        g->ops->play(g, cur, moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    memcpy(a->root, cur, g->state_size);
    const int side = g->ops->side_to_move(g, cur);
    /* The go line: the match clock, else the spec's own time per move. */
    char go[256];
    size_t k = (size_t)snprintf(go, sizeof go, "go");
    int64_t limit = 0;
    if (clock->movetime_ms > 0) {
        /* Per-move time in standard USI: no main time, all of it byoyomi;
         * engines that spend only part of a byoyomi (Fairy-Stockfish) take
         * movetime=on for the exact time. */
        k += (size_t)snprintf(go + k, sizeof go - k,
                              a->usi.movetime ? " movetime %lld" : " btime 0 wtime 0 byoyomi %lld",
                              (long long)clock->movetime_ms);
        limit = clock->movetime_ms;
    } else if (clock->time_ms[0] >= 0 || clock->byoyomi_ms > 0) {
        k += (size_t)snprintf(go + k, sizeof go - k, " btime %lld wtime %lld",
                              (long long)(clock->time_ms[0] > 0 ? clock->time_ms[0] : 0),
                              (long long)(clock->time_ms[1] > 0 ? clock->time_ms[1] : 0));
        if (clock->byoyomi_ms > 0)
            k += (size_t)snprintf(go + k, sizeof go - k, " byoyomi %lld", (long long)clock->byoyomi_ms);
        if (clock->inc_ms[0] > 0 || clock->inc_ms[1] > 0)
            k += (size_t)snprintf(go + k, sizeof go - k, " binc %lld winc %lld",
                                  (long long)(clock->inc_ms[0] > 0 ? clock->inc_ms[0] : 0),
                                  (long long)(clock->inc_ms[1] > 0 ? clock->inc_ms[1] : 0));
        limit = (clock->time_ms[side] > 0 ? clock->time_ms[side] : 0) +
                (clock->byoyomi_ms > 0 ? clock->byoyomi_ms : 0) +
                (clock->inc_ms[side] > 0 ? clock->inc_ms[side] : 0);
    } else if (a->usi.time_ms > 0) {
        k += (size_t)snprintf(go + k, sizeof go - k,
                              a->usi.movetime ? " movetime %lld" : " btime 0 wtime 0 byoyomi %lld",
                              (long long)a->usi.time_ms);
        limit = a->usi.time_ms;
    }
    if (a->usi.depth > 0)
        k += (size_t)snprintf(go + k, sizeof go - k, " depth %d", a->usi.depth);
    if (a->usi.nodes > 0)
        snprintf(go + k, sizeof go - k, " nodes %lld", (long long)a->usi.nodes);
    const int rc = agent_send(a, "%s", text) == 0 && agent_send(a, "%s", go) == 0 ? 0 : -1;
    free(text);
    if (rc != 0)
        return agent_fail(a, err, "closed its input");
    a->go_ns = clock_ns();
    a->deadline_ns = a->go_ns + agent_ms_ns(limit > 0 ? limit + (limit > 2000 ? limit : 2000) : UNLIMITED_MS);
    a->stop_sent = a->answered = false;
    agent_status_clear(&a->live);
    a->thinking = true;
    return 0;
}

/* An info line's pv as moves from the root, as far as they are legal: the
 * engine's best move so far and the line it expects.  A line with no
 * legal move at all leaves the last one told. */
static void take_line(Agent *a, const UsiReply *r)
{
    const Game *g = a->g;
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    memcpy(cur, a->root, g->state_size);
    Move line[USI_PV_MAX];
    int n = 0;
    for (Err bad; n < r->pv_len && g->ops->parse_move(g, cur, r->pv[n], &line[n], &bad) == 0; n++) {
        g->ops->play(g, cur, line[n], next);
        memcpy(cur, next, g->state_size);
    }
    if (n == 0)
        return;
    memcpy(a->live.pv, line, (size_t)n * sizeof *line);
    a->live.pv_len = n;
    a->live.stats.best = line[0];
}

/* Handle every whole line waiting; note the bestmove when it comes. */
static void absorb(Agent *a)
{
    char line[1024];
    while (!a->answered && agent_take_line(a, line, sizeof line)) {
        UsiReply r;
        Err e;
        const int bad = usi_parse_reply(line, &r, &e);
        if (stale_reply(a, &r))
            continue;
        if (bad) {
            if (r.kind == USI_REPLY_BESTMOVE)
                snprintf(a->failure, sizeof a->failure, "%.150s", e.msg);
            continue;
        }
        if (r.kind == USI_REPLY_INFO) {
            if (r.depth >= 0)
                a->live.stats.depth = r.depth;
            if (r.nodes >= 0)
                a->live.stats.nodes = (uint64_t)r.nodes;
            if (r.has_score) {
                a->live.has_value = true;
                a->live.stats.value = r.mate_score ? (r.score > 0 ? SCORE_WIN - r.score : -SCORE_WIN - r.score)
                                                   : r.score;
            }
            take_line(a, &r);
        } else if (r.kind == USI_REPLY_BESTMOVE) {
            a->best = r;
            a->answered = true;
        }
    }
}

/* One step: read, absorb, and enforce the deadlines. */
static void step(Agent *a, int wait_ms)
{
    if (!a->thinking || a->answered || a->failure[0])
        return;
    agent_read_some(a, wait_ms);
    absorb(a);
    if (a->answered || a->failure[0])
        return;
    const uint64_t now = clock_ns();
    const int64_t grace = a->usi.timeout_ms > 0 ? a->usi.timeout_ms : STOP_GRACE_MS;
    if (a->dead) {
        char why[80];
        snprintf(a->failure, sizeof a->failure, "%s while thinking", agent_exit_text(a, why, sizeof why));
    } else if (!a->stop_sent && now >= a->deadline_ns) {
        agent_send(a, "stop");
        a->stop_sent = true;
        a->stop_ns = now;
    } else if (a->stop_sent && now >= a->stop_ns + agent_ms_ns(grace)) {
        snprintf(a->failure, sizeof a->failure, "no bestmove within %lld ms of stop", (long long)grace);
    }
}

bool agent_usi_poll(Agent *a, AgentStatus *st)
{
    step(a, 0);
    agent_engine_status(a, a->thinking ? (clock_ns() - a->go_ns) / 1000000u : 0,
                        !a->thinking || a->answered || a->failure[0], st);
    return st->done;
}

void agent_usi_abandon(Agent *a)
{
    if (!a->thinking)
        return;
    a->thinking = false;
    if (a->answered || a->dead || a->failure[0])
        return; /* nothing more will come from that search */
    if (!a->stop_sent)
        agent_send(a, "stop");
    a->stale++;
}

int agent_usi_wait(Agent *a, AgentResult *r, Err *err)
{
    while (!a->answered && !a->failure[0])
        step(a, 20);
    a->thinking = false;
    if (a->failure[0])
        return agent_fail(a, err, "%s", a->failure);
    const uint64_t elapsed_ms = (clock_ns() - a->go_ns) / 1000000u;
    if (a->best.best_kind != USI_BEST_MOVE) {
        r->answer = a->best.best_kind == USI_BEST_RESIGN ? AGENT_RESIGN : AGENT_WIN;
        agent_engine_status(a, elapsed_ms, true, &r->final);
        return 0;
    }
    Move m;
    Err bad;
    if (a->g->ops->parse_move(a->g, a->root, a->best.best, &m, &bad) != 0)
        return err_set(err, "%s played '%s', which is not legal here: %s", a->usi.argv[0],
                       a->best.best, bad.msg);
    agent_engine_move(a, m, elapsed_ms, r);
    return 0;
}

void agent_usi_game_over(Agent *a, int outcome)
{
    if (!a->failure[0] && !a->dead)
        agent_send(a, "gameover %s", outcome > 0 ? "win" : outcome < 0 ? "lose" : "draw");
}
