/* autosave.c - one writer thread, one pending buffer. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/autosave.h"

#include "base/atomic_file.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER, idle = PTHREAD_COND_INITIALIZER;
static bool started, writing;
static char *pending, pending_path[4096];
static size_t pending_len;
static char last_error[256];

static void *writer(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    for (;;) {
        while (!pending)
            pthread_cond_wait(&wake, &lock);
        char *data = pending, path[4096];
        size_t len = pending_len;
        memcpy(path, pending_path, sizeof path);
        pending = NULL;
        writing = true;
        pthread_mutex_unlock(&lock);
        Err err = {{0}};
        int rc = atomic_file_write(path, data, len, &err);
        free(data);
        pthread_mutex_lock(&lock);
        if (rc != 0)
            snprintf(last_error, sizeof last_error, "%s", err.msg);
        writing = false;
        pthread_cond_broadcast(&idle);
    }
    return NULL;
}

int autosave_submit(const Session *s, Err *err)
{
    char path[4096];
    if (session_autosave_path(path, sizeof path, err) != 0)
        return -1;
    size_t len;
    char *text = session_text(s, &len);
    if (!text)
        return err_set(err, "out of memory");
    pthread_mutex_lock(&lock);
    if (!started) {
        pthread_t t;
        if (pthread_create(&t, NULL, writer, NULL) != 0) {
            /* no thread: write here, slowly but surely */
            pthread_mutex_unlock(&lock);
            int rc = atomic_file_write(path, text, len, err);
            free(text);
            return rc;
        }
        pthread_detach(t);
        started = true;
    }
    free(pending); /* an older position nobody needs any more */
    pending = text;
    pending_len = len;
    snprintf(pending_path, sizeof pending_path, "%s", path);
    pthread_cond_signal(&wake);
    pthread_mutex_unlock(&lock);
    return 0;
}

bool autosave_error(char *buf, size_t len)
{
    pthread_mutex_lock(&lock);
    bool any = last_error[0] != '\0';
    if (any) {
        snprintf(buf, len, "%s", last_error);
        last_error[0] = '\0';
    }
    pthread_mutex_unlock(&lock);
    return any;
}

void autosave_flush(void)
{
    pthread_mutex_lock(&lock);
    while (pending || writing)
        pthread_cond_wait(&idle, &lock);
    pthread_mutex_unlock(&lock);
}

void autosave_remove_stale(void)
{
    char path[4096];
    Err err;
    if (session_autosave_path(path, sizeof path, &err) == 0)
        atomic_file_remove_stale(path, AUTOSAVE_STALE_S);
}
