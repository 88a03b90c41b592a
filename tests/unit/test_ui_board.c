/* test_ui_board.c - the UI's pure parts: board drawings compared as text for
 * both glyph sets, the grid's clipping, player specs, and the session's
 * history and save files. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "games_test.h"

#include "games/registry.h"
#include "players/player.h"
#include "ui/fmt.h"
#include "ui/grid.h"
#include "ui/player_label.h"
#include "ui/session.h"
#include "ui/view.h"

static char text[8192];

/* A click on the drawing of `state` as draw() below makes it. */
static bool click(const BoardView *v, const Game *g, const void *state, const Glyphs *gl, int y,
                  int x, Cursor *c)
{
    const ViewCtx ctx = {.game = g, .state = state, .glyphs = gl, .cursor = c};
    return v->hit(&ctx, y, x, c);
}

/* Draw `state` of game `id` and return the drawing as text. */
static const char *draw(const Game *g, const void *state, const Glyphs *gl, const Cursor *c,
                        Move last, bool legal, Grid *keep)
{
    ViewCtx ctx = {.game = g, .state = state, .glyphs = gl, .cursor = c, .last = last,
                   .show_legal = legal};
    Grid grid;
    assert_int_equal(view_render(&ctx, &grid), 0);
    grid_to_text(&grid, text, sizeof text);
    if (keep)
        *keep = grid;
    else
        grid_free(&grid);
    return text;
}


/* ---- grid ---------------------------------------------------------------- */

static void grid_clips_and_keeps_wide_chars_whole(void **unused)
{
    (void)unused;
    Grid g;
    assert_int_equal(grid_init(&g, 5, 2), 0);
    grid_put(&g, 0, 0, ST_NORMAL, "ab\xe7\x8e\x8b" "cd"); /* ab王cd: 王 takes 2 */
    grid_put(&g, 1, 4, ST_NORMAL, "\xe7\x8e\x8b");       /* half a kanji does not fit */
    grid_put(&g, -1, 0, ST_NORMAL, "off");                 /* nothing, no crash */
    grid_put(&g, 0, 100, ST_NORMAL, "off");
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "ab\xe7\x8e\x8b" "c");
    assert_int_equal(grid_text_width("a\xe7\x8e\x8b\xc2\xb7"), 4);
    grid_free(&g);
    assert_int_equal(grid_init(&g, 0, 0), 0); /* a 0x0 terminal */
    grid_put(&g, 0, 0, ST_NORMAL, "x");
    grid_free(&g);
}

static void grid_wraps_at_spaces_or_between_wide_chars(void **unused)
{
    (void)unused;
    Grid g;
    assert_int_equal(grid_init(&g, 12, 4), 0);
    assert_int_equal(grid_put_wrapped(&g, 0, 0, ST_NORMAL, "Hint: 2 (+1) - the cursor", 12, 4), 2);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "Hint: 2 (+1)\n- the cursor");
    grid_clear(&g);
    /* no space to break at: between kanji, never through one */
    assert_int_equal(grid_put_wrapped(&g, 0, 0, ST_NORMAL,
                                      "\xe3\x82\xab\xe3\x83\xbc\xe3\x82\xbd\xe3\x83\xab"
                                      "\xe3\x81\xae\xe4\xbd\x8d\xe7\xbd\xae", 5, 2), 2);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "\xe3\x82\xab\xe3\x83\xbc\n\xe3\x82\xbd\xe3\x83\xab");
    grid_clear(&g);
    assert_int_equal(grid_put_wrapped(&g, 1, 0, ST_NORMAL, "short", 12, 4), 1);
    assert_int_equal(grid_put_wrapped(&g, 0, 0, ST_NORMAL, "", 12, 4), 0);
    grid_free(&g);
}

/* A status message too long for its rows keeps its start and its end (the
 * file it names, what went wrong) and loses its middle. */
static void grid_shortens_a_long_text_in_the_middle(void **unused)
{
    (void)unused;
    Grid g;
    assert_int_equal(grid_init(&g, 12, 3), 0);
    const char *msg = "/a/long/path/to/f: not a file";
    assert_int_equal(grid_wrapped_rows(msg, 12), 3);
    assert_int_equal(grid_wrapped_rows("fits", 12), 1);
    assert_int_equal(grid_wrapped_rows("", 12), 0);
    assert_int_equal(grid_put_wrapped_short(&g, 0, 0, ST_NORMAL, msg, 12, 2, "..."), 2);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "/a/long/path\n...ot a file");
    grid_clear(&g);
    /* what fits is put as it is */
    assert_int_equal(grid_put_wrapped_short(&g, 0, 0, ST_NORMAL, msg, 12, 3, "..."), 3);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "/a/long/path\n/to/f: not a\nfile");
    grid_clear(&g);
    /* kanji (two columns) whole: 6 of them in 5 columns, one row */
    assert_int_equal(grid_put_wrapped_short(&g, 0, 0, ST_NORMAL,
                                            "\xe3\x81\x82\xe3\x81\x84\xe3\x81\x86\xe3\x81\x88"
                                            "\xe3\x81\x8a\xe3\x81\x8b",
                                            5, 1, "~"),
                     1);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "~\xe3\x81\x8a\xe3\x81\x8b");
    grid_free(&g);
}

/* The help screen shows a line from column 2 to one before the edge: at
 * 80 columns, 77 of them.  Every line of both help files fits. */
static void help_lines_fit_80_columns(void **unused)
{
    (void)unused;
    const char *files[] = {YOMI_SRCDIR "/assets/help.txt", YOMI_SRCDIR "/assets/help.ja.txt"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        FILE *f = fopen(files[i], "r");
        assert_non_null(f);
        char line[1024];
        for (int n = 1; fgets(line, sizeof line, f); n++) {
            line[strcspn(line, "\n")] = '\0';
            if (grid_text_width(line) > 80 - 3)
                fail_msg("%s:%d is %d columns: %s", files[i], n, grid_text_width(line), line);
        }
        fclose(f);
    }
}

static void numbers_as_the_panels_show_them(void **unused)
{
    (void)unused;
    char buf[32];
    fmt_count(0, buf, sizeof buf);
    assert_string_equal(buf, "0");
    fmt_solved(6, buf, sizeof buf);
    assert_string_equal(buf, "win by 6");
    fmt_solved(-2, buf, sizeof buf);
    assert_string_equal(buf, "loss by 2");
    fmt_solved(0, buf, sizeof buf);
    assert_string_equal(buf, "draw");
    fmt_count(60060, buf, sizeof buf);
    assert_string_equal(buf, "60,060");
    fmt_count(1234567, buf, sizeof buf);
    assert_string_equal(buf, "1,234,567");
    fmt_short(9999, buf, sizeof buf);
    assert_string_equal(buf, "9999");
    fmt_short(2160000, buf, sizeof buf);
    assert_string_equal(buf, "2.16M");
    fmt_value(-8, buf, sizeof buf);
    assert_string_equal(buf, "-8");
    fmt_value(0, buf, sizeof buf);
    assert_string_equal(buf, "0");
    fmt_value(4, buf, sizeof buf);
    assert_string_equal(buf, "+4");
    fmt_value(SCORE_WIN - 7, buf, sizeof buf);
    assert_string_equal(buf, "win in 7");
    fmt_value(-SCORE_WIN + 4, buf, sizeof buf);
    assert_string_equal(buf, "loss in 4");
    fmt_ms(2690, buf, sizeof buf);
    assert_string_equal(buf, "2.69 s");
    fmt_ms(65000, buf, sizeof buf);
    assert_string_equal(buf, "1:05");
}

/* ---- reversi ------------------------------------------------------------- */

static void reversi_ascii_board_with_legal_moves(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("reversi-4x4", NULL, st);
    assert_string_equal(draw(g, st, &glyphs_ascii, NULL, MOVE_NONE, true, NULL),
                        "    a  b  c  d\n"
                        "  +------------+\n"
                        "1 | .  +  .  . |\n"
                        "2 | +  O  X  . |\n"
                        "3 | .  X  O  + |\n"
                        "4 | .  .  +  . |\n"
                        "  +------------+");
    game_close(g);
}

static void reversi_utf8_board_marks_cursor_and_last_move(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE], child[GAME_MAX_STATE];
    Game *g = test_game_at("reversi-4x4", NULL, st);
    Move m;
    Err err;
    assert_int_equal(g->ops->parse_move(g, st, "b1", &m, &err), 0);
    g->ops->play(g, st, m, child);
    Cursor c = {.row = 3, .col = 0};
    Grid grid;
    assert_string_equal(draw(g, child, &glyphs_utf8, &c, m, false, &grid),
                        "    a  b  c  d\n"
                        "  ┌────────────┐\n"
                        "1 │ ·  ●  ·  · │\n"
                        "2 │ ·  ●  ●  · │\n"
                        "3 │ ·  ●  ○  · │\n"
                        "4 │ ·  ·  ·  · │\n"
                        "  └────────────┘");
    /* b1 is the last move (cells x 6..8 of row 2), a4 has the cursor */
    assert_true(grid_at(&grid, 2, 7)->style & SF_LAST);
    assert_int_equal(STYLE_BASE(grid_at(&grid, 2, 7)->style), ST_P0);
    assert_true(grid_at(&grid, 5, 4)->style & SF_CURSOR);
    assert_false(grid_at(&grid, 4, 4)->style & (SF_CURSOR | SF_LAST));
    grid_free(&grid);
    game_close(g);
}

static void reversi_pick_and_cursor(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("reversi-4x4", NULL, st);
    const BoardView *v = view_for(g);
    assert_non_null(v);
    Cursor c = {0};
    v->cursor_home(g, st, &c);
    Move moves[2];
    char msg[120] = "";
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_MOVE);
    c.row = c.col = 0;
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_NONE);
    assert_non_null(strstr(msg, "a1 is not a legal move"));
    v->cursor_move(g, st, &c, -1, -1); /* wraps to the far corner */
    assert_int_equal(c.row, 3);
    assert_int_equal(c.col, 3);
    assert_true(click(v, g, st, &glyphs_utf8, 3, 7, &c)); /* b2 */
    assert_int_equal(c.row, 1);
    assert_int_equal(c.col, 1);
    assert_false(click(v, g, st, &glyphs_utf8, 0, 0, &c));
    game_close(g);
}

/* ---- gogo ---------------------------------------------------------------- */

static void gogo_boards_in_both_glyph_sets(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("gogo", "rbs1k/4p/5/P1+s2/K1GB1 b Rg 1", st);
    assert_string_equal(draw(g, st, &glyphs_utf8, NULL, MOVE_NONE, false, NULL),
                        "Gote  hand 金\n"
                        "  5   4   3   2   1\n"
                        "┌────────────────────┐\n"
                        "│v飛 v角 v銀  ・ v玉 │ a\n"
                        "│ ・  ・  ・  ・ v歩 │ b\n"
                        "│ ・  ・  ・  ・  ・ │ c\n"
                        "│ 歩  ・ v全  ・  ・ │ d\n"
                        "│ 王  ・  金  角  ・ │ e\n"
                        "└────────────────────┘\n"
                        "Sente hand 飛");
    Grid grid;
    assert_string_equal(draw(g, st, &glyphs_ascii, NULL, MOVE_NONE, false, &grid),
                        "Gote  hand g\n"
                        "  5  4  3  2  1\n"
                        "+---------------+\n"
                        "| r  b  s  .  k | a\n"
                        "| .  .  .  .  p | b\n"
                        "| .  .  .  .  . | c\n"
                        "| P  . +s  .  . | d\n"
                        "| K  .  G  B  . | e\n"
                        "+---------------+\n"
                        "Sente hand R");
    /* the promoted silver is marked by style too, gote's pieces by theirs */
    assert_true(grid_at(&grid, 6, 7)->style & SF_PROMO);
    assert_int_equal(STYLE_BASE(grid_at(&grid, 6, 8)->style), ST_P1);
    assert_int_equal(STYLE_BASE(grid_at(&grid, 7, 2)->style), ST_P0);
    grid_free(&grid);
    game_close(g);
}

static void gogo_pick_promotion_and_drop(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("gogo", "4k/2S2/5/5/K4 b P 1", st);
    const BoardView *v = view_for(g);
    Cursor c = {0};
    Move moves[2];
    char msg[120] = "";
    /* the silver on 3b (row 1, col 2) to 3a: promotion is a choice */
    c.row = 1;
    c.col = 2;
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_SELECTED);
    assert_true(c.selected);
    v->cursor_move(g, st, &c, -1, 0);
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_PROMOTE);
    char mv[16];
    g->ops->format_move(g, st, moves[0], mv, sizeof mv);
    assert_string_equal(mv, "3b3a+");
    g->ops->format_move(g, st, moves[1], mv, sizeof mv);
    assert_string_equal(mv, "3b3a");
    /* an empty square first: a message, nothing picked */
    c = (Cursor){.row = 2, .col = 2};
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_NONE);
    assert_non_null(strstr(msg, "pick one of your own pieces"));
    /* down from the last row into sente's hand, pick the pawn, drop it on 3c */
    c = (Cursor){.row = 4, .col = 0};
    v->cursor_move(g, st, &c, 1, 0);
    assert_int_equal(c.area, 1);
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_SELECTED);
    assert_true(click(v, g, st, &glyphs_utf8, 5, 10, &c)); /* 3c on screen */
    assert_int_equal(c.area, 0);
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_MOVE);
    g->ops->format_move(g, st, moves[0], mv, sizeof mv);
    assert_string_equal(mv, "P*3c");
    /* a pawn may not be dropped on the last rank */
    c = (Cursor){.area = 1, .col = 4};
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_SELECTED);
    c.area = 0;
    c.row = 0;
    c.col = 0;
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_NONE);
    assert_non_null(strstr(msg, "cannot drop there"));
    game_close(g);
}

/* A picked piece's targets are marked, the enemy pieces it can take too:
 * a '*' in the cell beside the piece (seen without colour or bold) and
 * SF_TARGET on the cell. */
static void gogo_picked_piece_marks_its_captures(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("gogo", "4k/2p2/2R2/5/K4 b - 1", st);
    Cursor c = {.row = 2, .col = 2, .selected = true, .sel_row = 2, .sel_col = 2};
    Grid grid;
    assert_string_equal(draw(g, st, &glyphs_utf8, &c, MOVE_NONE, true, &grid),
                        "Gote  hand -\n"
                        "  5   4   3   2   1\n"
                        "┌────────────────────┐\n"
                        "│ ・  ・  ・  ・ v玉 │ a\n"
                        "│ ・  ・ v歩* ・  ・ │ b\n"
                        "│ ＊  ＊  飛  ＊  ＊ │ c\n"
                        "│ ・  ・  ＊  ・  ・ │ d\n"
                        "│ 王  ・  ＊  ・  ・ │ e\n"
                        "└────────────────────┘\n"
                        "Sente hand -");
    /* 3b's pawn (x 9..12 of row 4) can be taken; 1a's king cannot */
    for (int x = 9; x < 13; x++)
        assert_true(grid_at(&grid, 4, x)->style & SF_TARGET);
    assert_int_equal(STYLE_BASE(grid_at(&grid, 4, 12)->style), ST_LEGAL);
    assert_false(grid_at(&grid, 3, 17)->style & SF_TARGET);
    grid_free(&grid);
    assert_string_equal(draw(g, st, &glyphs_ascii, &c, MOVE_NONE, true, NULL),
                        "Gote  hand -\n"
                        "  5  4  3  2  1\n"
                        "+---------------+\n"
                        "| .  .  .  .  k | a\n"
                        "| .  .  p* .  . | b\n"
                        "| *  *  R  *  * | c\n"
                        "| .  .  *  .  . | d\n"
                        "| K  .  *  .  . | e\n"
                        "+---------------+\n"
                        "Sente hand -");
    /* without legal marks (the setting), nothing is marked */
    draw(g, st, &glyphs_ascii, &c, MOVE_NONE, false, NULL);
    assert_null(strchr(text, '*'));
    game_close(g);
}

/* ---- kalah ---------------------------------------------------------------- */

static void kalah_board_after_a_move(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE], child[GAME_MAX_STATE];
    Game *g = test_game_at("kalah-4x3", NULL, st);
    const BoardView *v = view_for(g);
    Cursor c = {0};
    v->cursor_home(g, st, &c);
    Move moves[2];
    char msg[120];
    v->cursor_move(g, st, &c, 0, 1); /* pit 2 */
    assert_int_equal(v->pick(g, st, &c, moves, msg, sizeof msg), PICK_MOVE);
    g->ops->play(g, st, moves[0], child);
    ViewCtx ctx = {.game = g, .state = child, .glyphs = &glyphs_ascii, .last = moves[0],
                   .last_before = st};
    assert_string_equal(draw(g, child, &glyphs_ascii, NULL, moves[0], false, NULL),
                        "       4    3    2    1\n"
                        "     +----+----+----+----+\n"
                        "     |  3 |  3 |  3 |  3 |\n"
                        "+----+----+----+----+----+----+\n"
                        "|  0 |       sowing      |  1 |\n"
                        "+----+----+----+----+----+----+\n"
                        "     |  3 |  0 |  4 |  4 |\n"
                        "     +----+----+----+----+\n"
                        "       1    2    3    4");
    Grid grid;
    ctx.cursor = &c;
    ctx.glyphs = &glyphs_utf8;
    assert_int_equal(view_render(&ctx, &grid), 0);
    grid_to_text(&grid, text, sizeof text);
    assert_string_equal(text, "       4    3    2    1\n"
                              "     ┌────┬────┬────┬────┐\n"
                              "     │  3 │  3 │  3 │  3 │\n"
                              "┌────┼────┴────┴────┴────┼────┐\n"
                              "│  0 │      ↺ sowing     │  1 │\n"
                              "└────┼────┬────┬────┬────┼────┘\n"
                              "     │  3 │  0 │  4 │  4 │\n"
                              "     └────┴────┴────┴────┘\n"
                              "       1    2    3    4");
    /* South's pit 2 was sown last; South moves again, cursor still on it */
    assert_true(grid_at(&grid, 6, 12)->style & SF_LAST);
    assert_int_equal(game_side(g, child), 0);
    assert_true(grid_at(&grid, 6, 12)->style & SF_CURSOR);
    grid_free(&grid);
    /* an empty pit: a message, no move */
    assert_int_equal(v->pick(g, child, &c, moves, msg, sizeof msg), PICK_NONE);
    assert_non_null(strstr(msg, "pit 2 is empty"));
    /* clicks on South's row pick pits; North's row is not South's to play */
    assert_true(click(v, g, child, &glyphs_utf8, 6, 17, &c));
    assert_int_equal(c.col, 2);
    assert_false(click(v, g, child, &glyphs_utf8, 2, 17, &c));
    game_close(g);
}

/* ---- players ------------------------------------------------------------- */

static void player_specs_round_trip(void **unused)
{
    (void)unused;
    UiPlayer p;
    Err err = {{0}};
    char buf[128];
    assert_int_equal(ui_player_parse("human", &p, &err), 0);
    assert_true(p.human);
    assert_int_equal(ui_player_parse("mtdf:8,table=exact,order=natural,time=500", &p, &err), 0);
    assert_false(p.human);
    assert_int_equal(p.cfg.algo, ALGO_MTDF);
    assert_int_equal(p.cfg.depth, 8);
    assert_int_equal(p.cfg.table, TABLE_EXACT);
    assert_int_equal(p.cfg.order, ORDER_NATURAL);
    assert_int_equal(p.cfg.time_ms, 500);
    player_format(&p, buf, sizeof buf);
    UiPlayer q;
    assert_int_equal(ui_player_parse(buf, &q, &err), 0);
    assert_int_equal(q.cfg.algo, p.cfg.algo);
    assert_int_equal(q.cfg.depth, p.cfg.depth);
    assert_int_equal(q.cfg.table, p.cfg.table);
    assert_int_equal(q.cfg.order, p.cfg.order);
    assert_int_equal(q.cfg.time_ms, p.cfg.time_ms);
    /* Every key survives the trip back through player_format(). */
    const char *full[] = {"pvs:6,endgame=20", "pvs:solve,endgame=all,quiescence=off",
                          "negascout:4,extra-turn=simplified,nodes=1000,guess=3"};
    for (size_t i = 0; i < sizeof full / sizeof full[0]; i++) {
        assert_int_equal(ui_player_parse(full[i], &p, &err), 0);
        player_format(&p, buf, sizeof buf);
        assert_int_equal(ui_player_parse(buf, &q, &err), 0);
        assert_memory_equal(&p.cfg, &q.cfg, sizeof p.cfg);
    }
    const char *bad[] = {"", "chess:3", "negascout:x", "negascout:6,depth",
                         "negascout:6,colour=red", "negascout:6,order=random", "pvs:4,time=-1",
                         "pvs:4,endgame=-2", "pvs:4,endgame=some"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        err.msg[0] = '\0';
        assert_int_equal(ui_player_parse(bad[i], &p, &err), -1);
        assert_true(err.msg[0] != '\0');
    }
}

/* ---- sessions ------------------------------------------------------------ */

static Session *reversi_session(void)
{
    UiPlayer players[2];
    Err err = {{0}};
    ui_player_parse("human", &players[0], &err);
    ui_player_parse("alphabeta:3", &players[1], &err);
    GameOption opt = {"start", "parallel"};
    Session *s = session_new("reversi-6x6", &opt, 1, players, NULL, &err);
    assert_non_null(s);
    return s;
}

static void session_undo_redo(void **unused)
{
    (void)unused;
    Session *s = reversi_session();
    Move moves[GAME_MAX_MOVES];
    s->game->ops->legal_moves(s->game, session_current(s), moves);
    assert_int_equal(session_play(s, moves[0]), 0);
    s->game->ops->legal_moves(s->game, session_current(s), moves);
    assert_int_equal(session_play(s, moves[0]), 0);
    assert_int_equal(s->n, 2);
    assert_true(session_undo(s));
    assert_true(session_undo(s));
    assert_false(session_undo(s));
    assert_true(session_redo(s));
    assert_int_equal(s->n, 1);
    assert_int_equal(s->top, 2);
    /* a new move drops what could have been redone */
    s->game->ops->legal_moves(s->game, session_current(s), moves);
    assert_int_equal(session_play(s, moves[1]), 0);
    assert_false(session_redo(s));
    int v;
    const char *why;
    assert_false(session_over(s, &v, &why));
    session_free(s);
}

/* A typed tree is a long option: kept whole through a save file, or
 * refused when a save file could not keep it, never cut short. */
static void session_keeps_long_options_whole(void **unused)
{
    (void)unused;
    UiPlayer players[2];
    Err err = {{0}};
    ui_player_parse("human", &players[0], &err);
    ui_player_parse("alphabeta:3", &players[1], &err);
    static char tree[4000];
    size_t n = 0;
    tree[n++] = '(';
    for (int i = 0; i < 150; i++)
        n += (size_t)snprintf(tree + n, sizeof tree - n, "(%d %d)", i % 7, i % 5);
    tree[n++] = ')';
    tree[n] = '\0';
    GameOption opt = {"tree", tree};
    Session *s = session_new("tree", &opt, 1, players, NULL, &err);
    assert_non_null(s);
    size_t len;
    char *saved = session_text(s, &len);
    assert_non_null(saved);
    Session *t = session_parse(saved, len, "long", &err);
    assert_non_null(t);
    assert_string_equal(t->opt_val[0], tree);
    session_free(t);
    free(saved);
    session_free(s);
    n = 1;
    for (int i = 0; i < 400; i++)
        n += (size_t)snprintf(tree + n, sizeof tree - n, "(%d %d)", i % 7, i % 5);
    tree[n++] = ')';
    tree[n] = '\0';
    assert_null(session_new("tree", &opt, 1, players, NULL, &err));
    assert_non_null(strstr(err.msg, "more than a save file keeps"));
}

static void session_save_and_load(void **unused)
{
    (void)unused;
    Session *s = reversi_session();
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; i < 4; i++) {
        s->game->ops->legal_moves(s->game, session_current(s), moves);
        assert_int_equal(session_play(s, moves[0]), 0);
    }
    session_undo(s);
    char dir[] = "/tmp/yomi-ui-test-XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/game.yomi", dir);
    Err err = {{0}};
    assert_int_equal(session_save(s, path, &err), 0);
    Session *t = session_load(path, &err);
    assert_non_null(t);
    assert_string_equal(t->id, "reversi-6x6");
    assert_int_equal(t->nopts, 1);
    assert_string_equal(t->opt_val[0], "parallel");
    assert_int_equal(t->n, 3);
    assert_int_equal(t->top, 4);
    assert_true(t->players[0].human);
    assert_int_equal(t->players[1].cfg.algo, ALGO_ALPHABETA);
    assert_int_equal(t->players[1].cfg.depth, 3);
    for (int i = 0; i <= 4; i++)
        assert_memory_equal(session_state(s, i), session_state(t, i), s->game->state_size);
    session_free(t);
    /* a hand-written file with a start position and moves */
    FILE *f = fopen(path, "w");
    fputs("yomi-save 1\n# by hand\ngame reversi-4x4\nposition -X--XXX-OOOX---- O\nmoves\na1\n", f);
    fclose(f);
    t = session_load(path, &err);
    assert_non_null(t);
    assert_int_equal(t->n, 1);
    session_free(t);
    /* bad files: one clear message each */
    const char *bad[] = {"", "not a save\n", "yomi-save 1\ngame chess\nmoves\n",
                         "yomi-save 1\ngame reversi\nmoves\nz9\n",
                         "yomi-save 1\ngame reversi\nfirst robot\nmoves\n",
                         "yomi-save 1\ngame reversi\n", "yomi-save 1\nwhat is this\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        f = fopen(path, "w");
        fputs(bad[i], f);
        fclose(f);
        err.msg[0] = '\0';
        assert_null(session_load(path, &err));
        assert_true(err.msg[0] != '\0');
    }
    unlink(path);
    rmdir(dir);
    assert_null(session_load(path, &err));
    session_free(s);
}

/* Every prefix of a save file (a disk that filled up, a copy cut short)
 * either is refused with a message or loads as the same game cut at an
 * earlier move: never a game that differs from what was saved. */
static void session_truncated_files(void **unused)
{
    (void)unused;
    Session *s = reversi_session();
    Move moves[GAME_MAX_MOVES];
    for (int i = 0; i < 6; i++) {
        s->game->ops->legal_moves(s->game, session_current(s), moves);
        assert_int_equal(session_play(s, moves[i % 2]), 0);
    }
    size_t len = 0;
    char *saved = session_text(s, &len);
    assert_non_null(saved);
    for (size_t cut = 0; cut < len; cut++) {
        Err err = {{0}};
        Session *t = session_parse(saved, cut, "cut", &err);
        if (!t) {
            assert_true(err.msg[0] != '\0');
            continue;
        }
        assert_true(t->top <= s->top);
        for (int i = 0; i < t->top; i++)
            assert_int_equal(t->moves[i], s->moves[i]);
        session_free(t);
    }
    free(saved);
    session_free(s);
}

/* ---- save files from outside: whatever a file holds, the reader refuses it
 * with "FILE:LINE: why" or loads exactly what it says, never more. */

static char load_dir[64], load_path[128];

/* Write `len` bytes to a save file of their own and load it. */
static Session *load_bytes(const char *bytes, size_t len, Err *err)
{
    snprintf(load_dir, sizeof load_dir, "/tmp/yomi-load-test-XXXXXX");
    assert_non_null(mkdtemp(load_dir));
    snprintf(load_path, sizeof load_path, "%s/game.yomi", load_dir);
    FILE *f = fopen(load_path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    assert_int_equal(fclose(f), 0);
    err->msg[0] = '\0';
    /* A reader that blocks or spins fails the test instead of hanging it. */
    alarm(20);
    Session *s = session_load(load_path, err);
    alarm(0);
    unlink(load_path);
    rmdir(load_dir);
    return s;
}

static Session *load_text(const char *contents, Err *err)
{
    return load_bytes(contents, strlen(contents), err);
}

/* The message names the file and the line, then says why. */
static void assert_refused_at(const Err *err, int line, const char *why)
{
    char where[160];
    snprintf(where, sizeof where, "%s:%d: ", load_path, line);
    if (strncmp(err->msg, where, strlen(where)) != 0 || !strstr(err->msg, why))
        fail_msg("wanted '%s...%s', got '%s'", where, why, err->msg);
}

static void load_refuses_what_is_not_a_regular_file(void **unused)
{
    (void)unused;
    Err err = {{0}};
    char dir[] = "/tmp/yomi-fifo-test-XXXXXX", fifo[64];
    assert_non_null(mkdtemp(dir));
    alarm(20); /* the old reader waited for a writer forever, or read zeros forever */
    assert_null(session_load(dir, &err));
    assert_non_null(strstr(err.msg, "a folder"));
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    assert_null(session_load(fifo, &err));
    assert_non_null(strstr(err.msg, "not a regular file"));
    assert_null(session_load("/dev/zero", &err));
    assert_non_null(strstr(err.msg, "/dev/zero: not a regular file"));
    alarm(0);
    unlink(fifo);
    rmdir(dir);
}

static void load_refuses_a_file_over_the_size_cap(void **unused)
{
    (void)unused;
    const size_t cap = SESSION_FILE_MAX;
    char *big = malloc(cap + 1);
    assert_non_null(big);
    /* a valid game padded with comment lines to exactly the cap: it loads */
    const char *game = "yomi-save 1\ngame reversi-6x6\nmoves\nc2\n";
    memset(big, '\n', cap + 1);
    memcpy(big, game, strlen(game));
    for (size_t i = strlen(game); i + 64 < cap; i += 64)
        big[i] = '#';
    Err err = {{0}};
    Session *s = load_bytes(big, cap, &err);
    if (!s)
        fail_msg("%s", err.msg);
    assert_int_equal(s->n, 1);
    session_free(s);
    assert_null(load_bytes(big, cap + 1, &err));
    assert_non_null(strstr(err.msg, "larger than 1048576 bytes"));
    free(big);
}

static void load_refuses_long_lines_and_nul_bytes(void **unused)
{
    (void)unused;
    /* A comment as long as a line may be loads; one byte more is an error,
     * not a comment whose tail ("c2") is then played as a move. */
    char file[4096];
    for (int extra = 0; extra <= 1; extra++) {
        int n = snprintf(file, sizeof file, "yomi-save 1\ngame reversi-6x6\nmoves\n#");
        memset(file + n, 'x', SESSION_LINE_MAX - 3 + extra);
        n += SESSION_LINE_MAX - 3 + extra;
        snprintf(file + n, sizeof file - (size_t)n, "c2\n");
        Err err = {{0}};
        Session *s = load_text(file, &err);
        if (!extra) {
            if (!s)
                fail_msg("a line of SESSION_LINE_MAX bytes: %s", err.msg);
            assert_int_equal(s->n, 0);
            session_free(s);
        } else {
            assert_null(s);
            assert_refused_at(&err, 4, "longer than 1024 bytes");
        }
    }
    /* A NUL byte used to end the line there: "c2\0b4" was read as c2. */
    static const char nul[] = "yomi-save 1\ngame reversi-6x6\nmoves\nc2\0b4\n";
    Err err = {{0}};
    assert_null(load_bytes(nul, sizeof nul - 1, &err));
    assert_refused_at(&err, 4, "NUL");
    static const char nul_header[] = "yomi-save 1\ngame reversi-6x6\0\nmoves\n";
    assert_null(load_bytes(nul_header, sizeof nul_header - 1, &err));
    assert_refused_at(&err, 2, "NUL");
}

static void load_refuses_moves_after_the_end_of_the_game(void **unused)
{
    (void)unused;
    /* Kings step out and back: the start position for the fourth time
     * after 12 plies ends the game (sennichite), whatever the board allows. */
    char file[1024];
    int n = snprintf(file, sizeof file, "yomi-save 1\ngame gogo\nmoves\n");
    for (int i = 0; i < 3; i++)
        n += snprintf(file + n, sizeof file - (size_t)n, "5e4d\n1a2b\n4d5e\n2b1a\n");
    Err err = {{0}};
    Session *s = load_text(file, &err);
    if (!s)
        fail_msg("12 plies to the repetition: %s", err.msg);
    int value;
    const char *why;
    assert_true(session_over(s, &value, &why));
    session_free(s);
    snprintf(file + n, sizeof file - (size_t)n, "5e4d\n");
    assert_null(load_text(file, &err));
    assert_refused_at(&err, 16, "after the end of the game");
    /* and a board with no move left (reversi-4x4, all 16 squares black) */
    assert_null(load_text("yomi-save 1\ngame reversi-4x4\n"
                          "position XXXXXXXXXXXXXXXX O\nmoves\n# over\npass\n", &err));
    assert_refused_at(&err, 6, "after the end of the game");
}

static void load_refuses_an_at_line_out_of_range(void **unused)
{
    (void)unused;
    const char *two = "yomi-save 1\ngame reversi-6x6\nmoves\nc2\nb2\n";
    char file[256];
    const char *bad[] = {"3", "-1", "x", "1x", "", "99999999999999999999"};
    Err err = {{0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(file, sizeof file, "%sat %s\n", two, bad[i]);
        Session *s = load_text(file, &err);
        if (s)
            fail_msg("'at %s' after two moves loaded (at move %d)", bad[i], s->n);
        assert_refused_at(&err, 6, "'at' needs a move number from 0 to 2");
    }
    for (int at = 0; at <= 2; at++) {
        snprintf(file, sizeof file, "%sat %d\n# the end\n", two, at);
        Session *s = load_text(file, &err);
        if (!s)
            fail_msg("'at %d': %s", at, err.msg);
        assert_int_equal(s->n, at);
        assert_int_equal(s->top, 2);
        session_free(s);
    }
    /* the writer puts 'at' last: a move after it is not the file we wrote */
    snprintf(file, sizeof file, "%sat 1\nd5\n", two);
    assert_null(load_text(file, &err));
    assert_refused_at(&err, 7, "nothing may follow the 'at' line");
}

/* An error names the line it is about, the header's lines too. */
static void load_errors_name_the_line(void **unused)
{
    (void)unused;
    Err err = {{0}};
    assert_null(load_text("yomi-save 1\n# c\ngame reversi-6x6\nfirst robot\nmoves\n", &err));
    assert_refused_at(&err, 4, "robot");
    assert_null(load_text("yomi-save 1\ngame reversi-6x6\nmoves\nc2\nz9\n", &err));
    assert_refused_at(&err, 5, "z9");
}

/* A save file's level is checked against its game's own levels: reversi
 * has 11, Kalah 8, and the error names the game's range. */
static void load_checks_the_level_against_the_game(void **unused)
{
    (void)unused;
    Err err = {{0}};
    Session *s = load_text("yomi-save 1\ngame reversi\nsecond level:11\nmoves\n", &err);
    assert_non_null(s);
    assert_int_equal(s->players[1].level, 11);
    session_free(s);
    assert_null(load_text("yomi-save 1\ngame kalah\nsecond level:11\nmoves\n", &err));
    assert_non_null(strstr(err.msg, "player 'level:11': kalah has levels 1 to 8"));
}

/* A save into a folder that cannot be written is an error with a message. */
static void session_save_where_it_cannot(void **unused)
{
    (void)unused;
    Session *s = reversi_session();
    Err err = {{0}};
    assert_int_equal(session_save(s, "/dev/null/no/game.yomi", &err), -1);
    assert_true(err.msg[0] != '\0');
    session_free(s);
}

/* Killed (SIGKILL) at a random moment of a loop of saves, the file on
 * disk is always a whole save: each save goes to a temporary file first,
 * is synced, and replaces the old one by rename. */
static void session_save_survives_sigkill(void **unused)
{
    (void)unused;
    char dir[] = "/tmp/yomi-kill-test-XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/autosave.yomi", dir);
    for (int round = 0; round < 6; round++) {
        const pid_t child = fork();
        assert_true(child >= 0);
        if (child == 0) {
            Session *s = reversi_session();
            Move moves[GAME_MAX_MOVES];
            Err err = {{0}};
            for (;;) { /* play to the end, save every move, start again */
                const int n = s->game->ops->legal_moves(s->game, session_current(s), moves);
                if (n == 0) {
                    while (session_undo(s))
                        ;
                    continue;
                }
                session_play(s, moves[s->n % n]);
                if (session_save(s, path, &err) != 0)
                    _exit(1);
            }
        }
        /* Kill it only once a first save exists: before that there is
         * nothing to lose, and on a loaded machine the child may not have
         * written one within the pause (a missing file is no failure of
         * the atomic write).  Then the pause lands the kill anywhere in
         * the save loop. */
        struct stat st;
        const struct timespec tick = {0, 1000000L};
        for (int waited = 0; stat(path, &st) != 0 && waited < 10000; waited++)
            nanosleep(&tick, NULL);
        const struct timespec pause = {0, (20 + 15 * round) * 1000000L};
        nanosleep(&pause, NULL);
        kill(child, SIGKILL);
        int status;
        assert_int_equal(waitpid(child, &status, 0), child);
        assert_true(WIFSIGNALED(status));
        Err err = {{0}};
        Session *t = session_load(path, &err);
        if (!t)
            fail_msg("round %d: the save after SIGKILL does not load: %s", round, err.msg);
        assert_string_equal(t->id, "reversi-6x6");
        session_free(t);
    }
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(grid_clips_and_keeps_wide_chars_whole),
        cmocka_unit_test(grid_wraps_at_spaces_or_between_wide_chars),
        cmocka_unit_test(grid_shortens_a_long_text_in_the_middle),
        cmocka_unit_test(help_lines_fit_80_columns),
        cmocka_unit_test(numbers_as_the_panels_show_them),
        cmocka_unit_test(reversi_ascii_board_with_legal_moves),
        cmocka_unit_test(reversi_utf8_board_marks_cursor_and_last_move),
        cmocka_unit_test(reversi_pick_and_cursor),
        cmocka_unit_test(gogo_boards_in_both_glyph_sets),
        cmocka_unit_test(gogo_pick_promotion_and_drop),
        cmocka_unit_test(gogo_picked_piece_marks_its_captures),
        cmocka_unit_test(kalah_board_after_a_move),
        cmocka_unit_test(player_specs_round_trip),
        cmocka_unit_test(session_undo_redo),
        cmocka_unit_test(session_save_and_load),
        cmocka_unit_test(session_keeps_long_options_whole),
        cmocka_unit_test(session_truncated_files),
        cmocka_unit_test(load_refuses_what_is_not_a_regular_file),
        cmocka_unit_test(load_refuses_a_file_over_the_size_cap),
        cmocka_unit_test(load_refuses_long_lines_and_nul_bytes),
        cmocka_unit_test(load_refuses_moves_after_the_end_of_the_game),
        cmocka_unit_test(load_refuses_an_at_line_out_of_range),
        cmocka_unit_test(load_errors_name_the_line),
        cmocka_unit_test(load_checks_the_level_against_the_game),
        cmocka_unit_test(session_save_where_it_cannot),
        cmocka_unit_test(session_save_survives_sigkill),
    };
    return cmocka_run_group_tests_name("ui", tests, NULL, NULL);
}
