/* confirm.h - a yes/no question over the current screen, "no" unless the
 * player types y: for what must not happen without them saying so. */
#ifndef YOMI_UI_CONFIRM_H
#define YOMI_UI_CONFIRM_H

#include <stdbool.h>

#include "ui/screen.h"

typedef struct {
    const char *title;    /* what is at stake, one line */
    const char *detail;   /* shown exactly (control characters as '?'), wrapped
                             anywhere, '\n' starts a new line; may be NULL */
    const char *question; /* "Start it? y/N" */
    /* Called once, on y (yes) or on n, Enter, Esc or q (no). */
    void (*answer)(void *ctx, bool yes);
    /* Called when the question closes, answered or not (yomi stopped by a
     * signal), and when it could not be shown (after answer(ctx, false)). */
    void (*free_ctx)(void *ctx);
    void *ctx;
} UiConfirmArg;

extern const ScreenOps screen_confirm;

/* Ask; the texts are copied. */
void ui_confirm(App *app, const UiConfirmArg *arg);

#endif
