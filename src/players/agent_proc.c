/* agent_proc.c - the child process behind an external player (agent_usi.c,
 * agent_xshogi.c): starting it on one socket, lines both ways with
 * deadlines, and ending it for sure. */
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

#include "base/clock.h"
#include "players/agent_impl.h"

uint64_t agent_ms_ns(int64_t ms) { return (uint64_t)ms * 1000000u; }

int agent_fail(Agent *a, Err *err, const char *fmt, ...)
{
    if (!a->failure[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(a->failure, sizeof a->failure, fmt, ap);
        va_end(ap);
    }
    return err_set(err, "%s: %s", a->usi.argv[0] ? a->usi.argv[0] : "engine", a->failure);
}

int agent_send(Agent *a, const char *fmt, ...)
{
    char small[512], *buf = small;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if ((size_t)n >= sizeof small - 1) {
        buf = malloc((size_t)n + 2);
        if (!buf)
            return -1;
        va_start(ap, fmt);
        vsnprintf(buf, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    if (a->trace)
        fprintf(stderr, "usi> %s\n", buf);
    buf[n++] = '\n';
    int rc = 0;
    for (int off = 0; off < n && !a->dead;) {
        /* MSG_NOSIGNAL: a dead engine is an error here, not a SIGPIPE. */
        const ssize_t w = send(a->fd, buf + off, (size_t)(n - off), MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            a->dead = true;
            rc = -1;
            break;
        }
        off += (int)w;
    }
    if (buf != small)
        free(buf);
    return a->dead ? -1 : rc;
}

/* Read what the engine has sent, waiting at most `wait_ms` for it. */
void agent_read_some(Agent *a, int wait_ms)
{
    if (a->dead)
        return;
    struct pollfd p = {.fd = a->fd, .events = POLLIN};
    const int r = poll(&p, 1, wait_ms);
    if (r <= 0)
        return;
    if (a->inlen + 4096 > AGENT_LINE_MAX) { /* a line without end: drop it */
        a->inlen = 0;
    }
    const ssize_t got = recv(a->fd, a->inbuf + a->inlen, AGENT_LINE_MAX - a->inlen - 1, MSG_DONTWAIT);
    if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR && errno != EWOULDBLOCK))
        a->dead = true;
    else if (got > 0)
        a->inlen += (size_t)got;
}

/* Take one whole line out of the buffer into `line`; false when none. */
bool agent_take_line(Agent *a, char *line, size_t size)
{
    char *nl = memchr(a->inbuf, '\n', a->inlen);
    if (!nl)
        return false;
    size_t len = (size_t)(nl - a->inbuf);
    const size_t keep = len < size - 1 ? len : size - 1;
    memcpy(line, a->inbuf, keep);
    line[keep] = '\0';
    if (a->trace)
        fprintf(stderr, "usi< %s\n", line);
    memmove(a->inbuf, nl + 1, a->inlen - len - 1);
    a->inlen -= len + 1;
    return true;
}

/* What the process's end says, for messages. */
const char *agent_exit_text(Agent *a, char *buf, size_t size)
{
    int status;
    if (a->pid > 0 && waitpid(a->pid, &status, WNOHANG) == a->pid) {
        a->pid = -1;
        if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
            snprintf(buf, size, "could not be started (command not found?)");
        else if (WIFEXITED(status))
            snprintf(buf, size, "exited with status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            snprintf(buf, size, "was killed by signal %d", WTERMSIG(status));
        else
            snprintf(buf, size, "stopped");
    } else {
        snprintf(buf, size, "closed its output");
    }
    return buf;
}

/* Start argv[0] with its stdin and stdout on one socket, stderr to
 * /dev/null.  An exec failure shows later as exit status 127. */
int agent_spawn(Agent *a, char *const argv[], Err *err)
{
    a->trace = getenv("YOMI_USI_TRACE") != NULL; /* the conversation on stderr */
    a->inbuf = malloc(AGENT_LINE_MAX);
    if (!a->inbuf)
        return err_set(err, "out of memory");
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return err_set(err, "cannot make a socket: %s", strerror(errno));
    const pid_t pid = fork();
    if (pid < 0) {
        close(sv[0]);
        close(sv[1]);
        return err_set(err, "cannot start a process: %s", strerror(errno));
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        const int devnull = open("/dev/null", O_WRONLY);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0)
            _exit(126);
        if (devnull >= 0)
            dup2(devnull, 2);
        execvp(argv[0], argv);
        _exit(127);
    }
    close(sv[1]);
    a->pid = pid;
    a->fd = sv[0];
    return 0;
}

/* End the process and reap it.  With `quit` it is asked first (SIGTERM
 * after 1 s, SIGKILL after 1.5 s); without, it is killed at once: for a
 * program that is thinking and has no way to be told to stop. */
void agent_proc_close(Agent *a, const char *quit)
{
    if (a->fd >= 0) {
        if (!a->dead && quit)
            agent_send(a, "%s", quit);
        shutdown(a->fd, SHUT_WR);
    }
    if (a->pid > 0) {
        int status;
        bool gone = false;
        for (int i = 0; quit && i < 150 && !gone; i++) {
            if (i == 100)
                kill(a->pid, SIGTERM);
            gone = waitpid(a->pid, &status, WNOHANG) == a->pid;
            if (!gone)
                usleep(10000);
        }
        if (!gone) {
            kill(a->pid, SIGKILL);
            while (waitpid(a->pid, &status, 0) < 0 && errno == EINTR)
                ; /* soon: SIGKILL cannot be caught */
        }
        a->pid = -1;
    }
    if (a->fd >= 0)
        close(a->fd);
    a->fd = -1;
    free(a->inbuf);
    a->inbuf = NULL;
}

