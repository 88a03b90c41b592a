/* player.h - who plays a side: a person, or the engine with a search
 * configuration.  Spelled as cli.md's players: `human`, or
 * `ALGO:DEPTH[,KEY=VALUE...]` (`negascout:6`, `mtdf:8,table=on,order=best`). */
#ifndef YOMI_UI_PLAYER_H
#define YOMI_UI_PLAYER_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/error.h"
#include "engine/search.h"

typedef struct {
    bool human;
    SearchConfig cfg;
} UiPlayer;

/* 0, or -1 with a message naming what is wrong. */
int ui_player_parse(const char *text, UiPlayer *p, Err *err);
/* The same spelling back (only keys that differ from the defaults). */
void ui_player_format(const UiPlayer *p, char *buf, size_t len);
/* A short description for the screen: "negascout d6 table" / "You". */
void ui_player_describe(const UiPlayer *p, char *buf, size_t len);

#endif
