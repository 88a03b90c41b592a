/* agent_impl.h - the Agent's insides, shared by agent.c (yomi's search)
 * and agent_usi.c, agent_xshogi.c, agent_proc.c (external engines); nobody
 * else includes it. */
#ifndef YOMI_AGENT_IMPL_H
#define YOMI_AGENT_IMPL_H

#include <sys/types.h>

#include "base/clock.h"
#include "players/agent.h"
#include "players/usi_protocol.h"

#define AGENT_SPEC_LEN 256
#define AGENT_MAX_PLIES 2048
#define AGENT_MAX_ARGS 16
#define AGENT_MAX_OPTIONS 16
#define AGENT_LINE_MAX 65536

/* What `usi:COMMAND,KEY=VALUE...` says. */
typedef struct {
    char buf[AGENT_SPEC_LEN];      /* the words and values point in here */
    char *argv[AGENT_MAX_ARGS + 1];
    const char *opt_name[AGENT_MAX_OPTIONS], *opt_value[AGENT_MAX_OPTIONS];
    int nopts;
    int64_t time_ms;               /* `time`: ms per move without a clock */
    int depth;                     /* `depth`, 0 when absent */
    int64_t nodes;                 /* `nodes`, 0 when absent */
    int64_t timeout_ms;            /* `timeout`: for usiok, readyok, bestmove after stop */
    bool movetime;                 /* `movetime=on`: per-move time as go movetime */
} UsiSpec;

struct Agent {
    const Game *g;
    char spec[AGENT_SPEC_LEN];
    bool external;
    bool thinking;
    int shown;                     /* moves of the game it last saw, its own
                                      turn's included; -1: none to go on from */
    /* yomi's own search */
    SearchConfig cfg;
    Search *search;
    bool dropped;                  /* given up, its thread not joined yet */
    int random_pct;                /* the player's random=P */
    uint64_t rng;                  /* draws its random moves (agent_set_seed) */
    Move random_move;              /* this turn's, not searched; MOVE_NONE */
    unsigned char *states;         /* the game so far, AGENT_MAX_PLIES + 1 */
    const void **state_ptr;
    int nstates;
    /* an external engine */
    UsiSpec usi;
    pid_t pid;
    int fd;                        /* socket: the child's stdin and stdout */
    char *inbuf;                   /* bytes read, not yet a whole line */
    size_t inlen;
    bool dead;
    bool trace;                    /* $YOMI_USI_TRACE: copy the talk to stderr */
    bool xshogi;                   /* the xshogi raw protocol, not USI */
    int xs_sent;                   /* moves of the game the program knows */
    bool xs_playing;               /* it has taken its side */
    char xs_move[16];              /* its answer, in its notation */
    char failure[200];             /* why the engine failed, "" when it did not */
    uint64_t go_ns, deadline_ns, stop_ns;
    bool stop_sent, answered;
    int stale;                     /* bestmoves owed for abandoned searches, to skip */
    UsiReply best;                 /* the bestmove line once answered */
    AgentStatus live;              /* what the engine told of this search */
    _Alignas(16) unsigned char root[GAME_MAX_STATE];
};

/* agent_proc.c: the child process and its lines */
uint64_t agent_ms_ns(int64_t ms);
int agent_spawn(Agent *a, char *const argv[], Err *err);
void agent_proc_close(Agent *a, const char *quit);
int agent_send(Agent *a, const char *fmt, ...) YOMI_PRINTF(2, 3);
void agent_read_some(Agent *a, int wait_ms);
bool agent_take_line(Agent *a, char *line, size_t size);
const char *agent_exit_text(Agent *a, char *buf, size_t size);
/* Note why the engine failed (the first reason sticks); -1 + err. */
int agent_fail(Agent *a, Err *err, const char *fmt, ...) YOMI_PRINTF(3, 4);

/* agent.c: nothing told yet (no best move, no line); what an external
 * engine told (a->live), timed by us: its status `elapsed_ms` after its
 * go; and its answer, a move. */
void agent_status_clear(AgentStatus *st);
void agent_engine_status(const Agent *a, uint64_t elapsed_ms, bool done, AgentStatus *st);
void agent_engine_move(Agent *a, Move m, uint64_t elapsed_ms, AgentResult *r);

int agent_usi_spec_parse(const char *spec, UsiSpec *out, Err *err);
int agent_usi_open(Agent *a, Err *err);
void agent_usi_close(Agent *a);
int agent_usi_new_game(Agent *a, Err *err);
int agent_usi_start(Agent *a, const void *start, const Move *moves, int nmoves,
                    const AgentClock *clock, Err *err);
bool agent_usi_poll(Agent *a, AgentStatus *st);
void agent_usi_abandon(Agent *a);
int agent_usi_wait(Agent *a, AgentResult *r, Err *err);
void agent_usi_game_over(Agent *a, int outcome);
int agent_xshogi_open(Agent *a, Err *err);
void agent_xshogi_close(Agent *a);
int agent_xshogi_new_game(Agent *a, Err *err);
int agent_xshogi_start(Agent *a, const void *start, const Move *moves, int nmoves, Err *err);
bool agent_xshogi_poll(Agent *a, AgentStatus *st);
int agent_xshogi_wait(Agent *a, AgentResult *r, Err *err);
void agent_xshogi_abandon(Agent *a);

#endif
