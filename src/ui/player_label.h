/* player_label.h - who plays a side: a person, or the engine with a search
 * configuration.  The spelling (doc/cli.md "Players": `human`, or
 * `ALGO:DEPTH[,KEY=VALUE...]`) belongs to the engine (player_parse); the UI
 * adds only a short description for its panels. */
#ifndef YOMI_UI_PLAYER_LABEL_H
#define YOMI_UI_PLAYER_LABEL_H

#include <stddef.h>

#include "base/error.h"
#include "engine/search.h"
#include "players/player.h"

typedef Player UiPlayer;

static inline int ui_player_parse(const char *text, UiPlayer *p, Err *err)
{
    return player_parse(text, p, err);
}
/* The algorithm's name, or an external engine's protocol ("usi"), for
 * the search panel. */
const char *ui_player_algorithm(const UiPlayer *p);
/* A short description for the screen: "Level 3" / "negascout d6 +table" /
 * "Human" / "usi fairy-stockfish". */
void ui_player_describe(const UiPlayer *p, char *buf, size_t len);

#endif
