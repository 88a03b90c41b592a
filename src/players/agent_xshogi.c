/* agent_xshogi.c - GNU minishogi as a player through its xshogi "raw"
 * protocol (`gnuminishogi -X`), spec `xshogi:COMMAND[,depth=N][,timeout=MS]`.
 *
 * That protocol has no positions and no stop: the program keeps the game
 * itself, answers each of our moves with its own ("12. ... 4a3b"), and
 * thinks as long as its own clock or `depth` says (AGENT_XSHOGI_DEPTH when
 * the spec gives none).  So every game is a fresh process; the opening
 * moves are entered in force mode, `switch` hands it the side to move, and
 * from then on each turn sends exactly the one move the other player made.
 * Anything else is an error, never a guess.  A search given up
 * (agent_abandon) or gone wrong ends the process, killed if it is still
 * thinking; the next turn starts a fresh one.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "players/agent_impl.h"

#define XSHOGI_DEFAULT_TIMEOUT_MS 60000

static int64_t timeout_ms(const Agent *a)
{
    return a->usi.timeout_ms > 0 ? a->usi.timeout_ms : XSHOGI_DEFAULT_TIMEOUT_MS;
}

/* Asked to quit when idle; killed while it thinks, as the protocol has no
 * stop and a deep search may run for minutes. */
static void end_program(Agent *a)
{
    agent_proc_close(a, a->thinking && !a->answered ? NULL : "quit");
    a->thinking = false;
}

/* A fresh process for a fresh game; its banner shows it runs. */
static int respawn(Agent *a, Err *err)
{
    end_program(a);
    a->dead = false;
    a->failure[0] = '\0';
    a->xs_sent = 0;
    a->xs_playing = false;
    if (agent_spawn(a, a->usi.argv, err) != 0)
        return -1;
    const uint64_t deadline = clock_ns() + agent_ms_ns(timeout_ms(a));
    char line[512];
    while (!agent_take_line(a, line, sizeof line)) {
        if (a->dead || clock_ns() >= deadline) {
            char why[80];
            return agent_fail(a, err, "%s", a->dead ? agent_exit_text(a, why, sizeof why) : "no banner");
        }
        agent_read_some(a, 50);
    }
    agent_send(a, "depth\n%d", a->usi.depth > 0 ? a->usi.depth : AGENT_XSHOGI_DEPTH);
    return 0;
}

int agent_xshogi_open(Agent *a, Err *err)
{
    if (agent_usi_spec_parse(a->spec, &a->usi, err) != 0)
        return -1;
    if (a->usi.nopts > 0 || a->usi.time_ms > 0 || a->usi.nodes > 0)
        return err_set(err, "xshogi: only depth=N and timeout=MS can be set (the time "
                            "control is the program's own arguments)");
    if (agent_spec_check_game(a->spec, a->g, err) != 0)
        return -1;
    return respawn(a, err);
}

int agent_xshogi_new_game(Agent *a, Err *err) { return respawn(a, err); }

int agent_xshogi_start(Agent *a, const void *start, const Move *moves, int nmoves, Err *err)
{
    const Game *g = a->g;
    _Alignas(16) unsigned char cur[GAME_MAX_STATE], next[GAME_MAX_STATE];
    g->ops->start(g, cur);
    if (memcmp(cur, start, g->state_size) != 0)
        return err_set(err, "xshogi: the program only plays from the standard start");
    if (a->pid <= 0 && respawn(a, err) != 0) /* ended by abandon or a failure */
        return -1;
    if (nmoves < a->xs_sent || (a->xs_playing && nmoves != a->xs_sent + 1))
        return agent_fail(a, err, "out of step with the game (%d moves known, %d played)",
                          a->xs_sent, nmoves);
    char mv[16];
    if (!a->xs_playing && nmoves > a->xs_sent)
        agent_send(a, "force");
    for (int i = 0; i < nmoves; i++) {
        if (i >= a->xs_sent) {
            g->ops->format_move(g, cur, moves[i], mv, sizeof mv);
            agent_send(a, "%s", mv);
        }
        g->ops->play(g, cur, moves[i], next);
        memcpy(cur, next, g->state_size);
    }
    if (!a->xs_playing) {
        if (nmoves > a->xs_sent)
            agent_send(a, "force");
        agent_send(a, "switch"); /* take the side to move, and move */
        a->xs_playing = true;
    }
    if (a->dead)
        return agent_fail(a, err, "closed its input");
    memcpy(a->root, cur, g->state_size);
    a->xs_sent = nmoves;
    a->go_ns = clock_ns();
    a->deadline_ns = a->go_ns + agent_ms_ns(timeout_ms(a));
    a->answered = false;
    agent_status_clear(&a->live);
    a->thinking = true;
    return 0;
}

/* "12. ... 4a3b 299640": its move (after a prompt such as "depth = " that
 * ends without a newline).  Our own moves come back without the "...". */
static bool its_move(const char *line, char *mv, size_t size)
{
    const char *dots = strstr(line, ". ... ");
    if (!dots || dots == line || !isdigit((unsigned char)dots[-1]))
        return false;
    const char *p = dots + 6;
    size_t n = 0;
    while (p[n] && !isspace((unsigned char)p[n]) && n + 1 < size)
        n++;
    memcpy(mv, p, n);
    mv[n] = '\0';
    return n > 0;
}

static void step(Agent *a, int wait_ms)
{
    if (!a->thinking || a->answered || a->failure[0])
        return;
    agent_read_some(a, wait_ms);
    char line[512];
    while (!a->answered && agent_take_line(a, line, sizeof line)) {
        if (its_move(line, a->xs_move, sizeof a->xs_move)) {
            a->answered = true;
        } else if (strstr(line, "Illegal move")) {
            snprintf(a->failure, sizeof a->failure, "refused a move: %.120s", line);
        } else if (strstr(line, "resign") || strstr(line, "Resign")) {
            strcpy(a->xs_move, "resign");
            a->answered = true;
        }
    }
    if (a->answered || a->failure[0])
        return;
    char why[80];
    if (a->dead)
        snprintf(a->failure, sizeof a->failure, "%s while thinking", agent_exit_text(a, why, sizeof why));
    else if (clock_ns() >= a->deadline_ns)
        snprintf(a->failure, sizeof a->failure, "no move within %lld ms", (long long)timeout_ms(a));
}

bool agent_xshogi_poll(Agent *a, AgentStatus *st)
{
    step(a, 0);
    agent_engine_status(a, a->thinking ? (clock_ns() - a->go_ns) / 1000000u : 0,
                        !a->thinking || a->answered || a->failure[0], st);
    return st->done;
}

int agent_xshogi_wait(Agent *a, AgentResult *r, Err *err)
{
    while (!a->answered && !a->failure[0])
        step(a, 20);
    if (a->failure[0]) {
        end_program(a); /* past its deadline it may think on: of no more use */
        return agent_fail(a, err, "%s", a->failure);
    }
    a->thinking = false;
    const uint64_t elapsed_ms = (clock_ns() - a->go_ns) / 1000000u;
    if (strcmp(a->xs_move, "resign") == 0) {
        r->answer = AGENT_RESIGN;
        agent_engine_status(a, elapsed_ms, true, &r->final);
        return 0;
    }
    Move m;
    Err bad;
    if (a->g->ops->parse_move(a->g, a->root, a->xs_move, &m, &bad) != 0)
        return err_set(err, "%s played '%s', which is not legal here: %s", a->usi.argv[0],
                       a->xs_move, bad.msg);
    agent_engine_move(a, m, elapsed_ms, r);
    a->xs_sent++; /* its move is part of the game it knows */
    return 0;
}

void agent_xshogi_abandon(Agent *a)
{
    if (a->thinking)
        end_program(a); /* even answered: it is a move ahead of the game now */
}

void agent_xshogi_close(Agent *a) { end_program(a); }
