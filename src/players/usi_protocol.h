/* usi_protocol.h - the USI protocol's text, both ways, as pure functions.
 *
 * usi_parse_line() reads one line a GUI sends to an engine (`yomi usi` is
 * the engine); usi_parse_reply() reads one line an engine sends back (yomi
 * driving an external engine through `usi:COMMAND`).  Neither knows a game:
 * positions and moves stay text here and are checked by the game later, so
 * these functions need nothing but the line, never allocate, and never fail
 * other than by returning -1 with a message (the fuzz targets call them on
 * arbitrary bytes).
 */
#ifndef YOMI_PLAYERS_USI_PROTOCOL_H
#define YOMI_PLAYERS_USI_PROTOCOL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/error.h"

#define USI_MAX_MOVES 1024  /* moves after `position ... moves` */
#define USI_MOVE_LEN 8      /* "2b3a+" and "P*3c" fit with room */
#define USI_SFEN_LEN 160
#define USI_NAME_LEN 64
#define USI_VALUE_LEN 256
#define USI_PV_MAX 32       /* moves of an info line's pv that are kept */

typedef enum {
    USI_CMD_EMPTY,      /* a blank line: nothing to do */
    USI_CMD_USI,
    USI_CMD_ISREADY,
    USI_CMD_SETOPTION,
    USI_CMD_USINEWGAME,
    USI_CMD_POSITION,
    USI_CMD_GO,
    USI_CMD_STOP,
    USI_CMD_PONDERHIT,
    USI_CMD_QUIT,
    USI_CMD_GAMEOVER,
} UsiCommandKind;

typedef enum { USI_GAMEOVER_WIN, USI_GAMEOVER_LOSE, USI_GAMEOVER_DRAW } UsiGameOver;

/* `go`: every field absent (-1, false) unless given.  A time below 0 reads
 * as 0 (a GUI's clock can run past zero); for movetime, which no clock
 * explains, negative_movetime says it happened. */
typedef struct {
    int64_t btime, wtime, byoyomi, binc, winc, movetime; /* ms */
    int depth;
    int64_t nodes;
    int mate;       /* `go mate N` (or 0 for `go mate infinite`) */
    bool infinite, ponder;
    bool negative_movetime;
} UsiGo;

typedef struct {
    UsiCommandKind kind;
    /* setoption */
    char name[USI_NAME_LEN];
    char value[USI_VALUE_LEN];
    bool has_value;
    /* position: startpos, or sfen (the fields joined by single spaces) */
    bool startpos;
    char sfen[USI_SFEN_LEN];
    int nmoves;
    char moves[USI_MAX_MOVES][USI_MOVE_LEN];
    UsiGo go;
    UsiGameOver gameover;
} UsiCommand;

/* One line from the GUI (trailing "\r\n" allowed).  0 and *out filled, or
 * -1 with err naming what was wrong.  Unknown commands are errors. */
int usi_parse_line(const char *line, UsiCommand *out, Err *err);

/* ---- the engine's side of the conversation -------------------------- */
typedef enum {
    USI_REPLY_OTHER,    /* id, usiok's neighbours we do not need, blank */
    USI_REPLY_USIOK,
    USI_REPLY_READYOK,
    USI_REPLY_OPTION,   /* option name NAME ... */
    USI_REPLY_INFO,
    USI_REPLY_BESTMOVE,
} UsiReplyKind;

typedef enum { USI_BEST_MOVE, USI_BEST_RESIGN, USI_BEST_WIN } UsiBestKind;

typedef struct {
    UsiReplyKind kind;
    char name[USI_NAME_LEN];     /* option name */
    /* info: -1 when absent */
    int depth;
    int64_t nodes;
    bool has_score, mate_score;
    int score;                   /* centipawns, or plies to mate (signed) */
    char pv[USI_PV_MAX][USI_MOVE_LEN]; /* the line, as far as its words are moves */
    int pv_len;
    /* bestmove */
    UsiBestKind best_kind;
    char best[USI_MOVE_LEN];
} UsiReply;

/* One line from an engine.  0, or -1 with err when the line is a known
 * reply in a broken form ("bestmove" without a move). */
int usi_parse_reply(const char *line, UsiReply *out, Err *err);

#endif
