/* workers.c - threads made once and asleep between jobs (workers.h). */
#include <stdlib.h>
#include <string.h>

#include "base/workers.h"

struct WorkerSeat {
    Workers *w;
    int id;
    pthread_t thread;
};

static void *worker_main(void *arg)
{
    WorkerSeat *seat = arg;
    Workers *w = seat->w;
    unsigned seen = 0;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->quit && w->job == seen)
            pthread_cond_wait(&w->wake, &w->mu);
        if (w->quit)
            break;
        seen = w->job;
        if (seat->id >= w->active)
            continue;
        pthread_mutex_unlock(&w->mu);
        w->work(w->ctx, seat->id);
        pthread_mutex_lock(&w->mu);
        if (--w->busy == 0)
            pthread_cond_broadcast(&w->idle);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

/* Stop the first `started` threads and free what start made. */
static void workers_stop(Workers *w, int started)
{
    pthread_mutex_lock(&w->mu);
    w->quit = true;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->mu);
    for (int i = 0; i < started; i++)
        pthread_join(w->seat[i].thread, NULL);
    free(w->seat);
    pthread_cond_destroy(&w->idle);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->mu);
    memset(w, 0, sizeof *w);
}

int workers_start(Workers *w, int n, WorkerFn work, void *ctx)
{
    memset(w, 0, sizeof *w);
    if (n <= 0)
        return 0;
    w->seat = calloc((size_t)n, sizeof *w->seat);
    if (!w->seat)
        return -1;
    w->n = n;
    w->work = work;
    w->ctx = ctx;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->wake, NULL);
    pthread_cond_init(&w->idle, NULL);
    for (int i = 0; i < n; i++) {
        w->seat[i] = (WorkerSeat){.w = w, .id = i};
        if (pthread_create(&w->seat[i].thread, NULL, worker_main, &w->seat[i]) != 0) {
            workers_stop(w, i);
            return -1;
        }
    }
    return 0;
}

void workers_run(Workers *w, int active)
{
    if (!w->seat)
        return;
    pthread_mutex_lock(&w->mu);
    w->active = active < w->n ? active : w->n;
    w->busy = w->active;
    w->job++;
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->mu);
}

void workers_wait(Workers *w)
{
    if (!w->seat)
        return;
    pthread_mutex_lock(&w->mu);
    while (w->busy > 0)
        pthread_cond_wait(&w->idle, &w->mu);
    pthread_mutex_unlock(&w->mu);
}

void workers_end(Workers *w)
{
    if (w->seat)
        workers_stop(w, w->n);
}
