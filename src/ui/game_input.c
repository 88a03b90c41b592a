/* game_input.c - a move typed in the game's own notation (:), a pit by
 * its number (Kalah's digits), and the board turned round for the player
 * of the second side (f). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/i18n.h"
#include "ui/game_screen.h"
#include "ui/settings.h"

bool game_screen_your_turn(Screen *s)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    if (!gs->over && se->players[session_side(se)].human)
        return true;
    app_message(s->app, ST_BAD, "%s", gs->over ? _("the game is over") : _("wait: the computer is thinking"));
    game_screen_message_for_now(s);
    return false;
}

bool game_screen_cursor_to_digit(Screen *s, int n)
{
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    char why[120] = "";
    if (!game_screen_your_turn(s))
        return false;
    Cursor c = gs->cursor;
    if (!gs->view->cursor_to_digit(se->game, session_current(se), n, &c, why, sizeof why)) {
        app_message(s->app, ST_BAD, "%s", why);
        return false;
    }
    gs->cursor = c;
    return true;
}

/* The answer without the blanks around it (a pasted move has some). */
static void trimmed(const char *text, char *out, size_t len)
{
    while (isspace((unsigned char)*text))
        text++;
    snprintf(out, len, "%s", text);
    size_t n = strlen(out);
    while (n > 0 && isspace((unsigned char)out[n - 1]))
        out[--n] = '\0';
}

/// The game's own parser reads the move, as on the command line, so every
/// notation yomi prints is one it takes here (d3 and pass, 2e2d, P*3c and
/// 2b3a+, a pit number) and a mistake gets the game's own explanation.
/// The prompt sat on top of the game, which cannot have moved under it
/// (no search starts while the person is to move), but the turn is asked
/// again all the same: the answer comes from outside.
static void typed_move(void *ctx, const char *answer)
{
    Screen *s = ctx;
    GameScreen *gs = s->data;
    const Game *g = gs->session->game;
    const void *state = session_current(gs->session);
    char text[64];
    Move m;
    Err err = {{0}};
    trimmed(answer, text, sizeof text);
    if (!text[0] || !game_screen_your_turn(s))
        return;
    if (g->ops->parse_move(g, state, text, &m, &err) != 0) {
        app_message(s->app, ST_BAD, "%s", err.msg);
        return;
    }
    if (!game_has_move(g, state, m)) { /* parse_move's promise, kept whatever happens */
        app_message(s->app, ST_BAD, _("%s is not a legal move here"), text);
        return;
    }
    if (gs->driver.hinting)
        driver_stop(&gs->driver);
    gs->cursor.selected = false;
    game_screen_play(s, m);
}

void game_screen_ask_move(Screen *s)
{
    /* the prompt keeps a pointer to its question */
    static char question[160];
    GameScreen *gs = s->data;
    const Session *se = gs->session;
    if (!game_screen_your_turn(s))
        return;
    Move moves[GAME_MAX_MOVES];
    char example[32] = "";
    const int n = se->game->ops->legal_moves(se->game, session_current(se), moves);
    if (n > 0) /* a real move as the example: it shows the notation */
        se->game->ops->format_move(se->game, session_current(se), moves[0], example, sizeof example);
    snprintf(question, sizeof question, _("Move for %s (e.g. %s):"),
             _(gs->view->side_name[session_side(se)]), example);
    UiPromptArg arg = {question, NULL, typed_move, s, .low = true};
    app_push(s->app, &screen_prompt, &arg);
}

void game_screen_flip(Screen *s)
{
    GameScreen *gs = s->data;
    if (!gs->view->flippable) {
        app_message(s->app, ST_BAD, "%s", _("this board has no sides to turn round"));
        return;
    }
    gs->flipped = !gs->flipped;
    app_message(s->app, ST_NORMAL, "%s",
                gs->flipped ? _("the board is turned round (f turns it back)")
                            : _("the board is the right way up"));
}

bool game_screen_starts_flipped(const GameScreen *gs)
{
    const Session *se = gs->session;
    return settings.flip_second && !gs->watch && !se->players[0].human && se->players[1].human;
}
