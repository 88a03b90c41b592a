/* settings.h - the few preferences the settings screen edits, kept in
 * $XDG_STATE_HOME/yomi/settings as KEY=VALUE lines. */
#ifndef YOMI_UI_SETTINGS_H
#define YOMI_UI_SETTINGS_H

#include "base/error.h"

enum { SETTING_AUTO, SETTING_OFF };

/* The Animation choices, in ms a step of a move (a disc turned, a seed
 * sown); the file may hold any other value up to ANIMATION_MAX_MS. */
enum { ANIMATION_SLOW_MS = 250, ANIMATION_FAST_MS = 80, ANIMATION_MAX_MS = 10000 };

typedef struct {
    int glyphs;        /* SETTING_AUTO: UTF-8 when the locale has it; OFF: ASCII */
    int colour;        /* SETTING_AUTO: colours unless NO_COLOR; OFF: monochrome */
    int watch_delay;   /* ms between moves when watching */
    int hint_depth;    /* depth of the hint search */
    int show_legal;    /* mark legal moves */
    int flip_second;   /* turn the board round when the person plays the second side only */
    int threads;       /* the computer players' search threads; 0: one per core */
    int animation;     /* ms a step of a move shown step by step; 0: at once */
} Settings;

extern Settings settings;

/* Read the file into `settings`: 0, also when there is none; -1 + err when
 * one is there but cannot be read (a FIFO, too big, a line too long), and
 * `settings` keeps the defaults.  $YOMI_ANIMATION (ms a step, 0: off)
 * replaces the animation's default, which the file still overrides: the
 * UI tests run with it 0. */
int settings_load(Err *err);
int settings_save(void);

#endif
