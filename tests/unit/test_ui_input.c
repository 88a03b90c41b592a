/* test_ui_input.c - input on the game screen and in forms, without a
 * terminal: boards turned round (drawings and clicks), gogo's last-move
 * marks, Kalah's digits, a form's number fields typed, and the line of
 * moves the panel shows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "games_test.h"
#include <curses.h>

#include "games/registry.h"
#include "ui/form.h"
#include "ui/grid.h"
#include "ui/view.h"

static char text[8192];


static const char *drawn(const ViewCtx *ctx, Grid *keep)
{
    Grid grid;
    assert_int_equal(view_render(ctx, &grid), 0);
    grid_to_text(&grid, text, sizeof text);
    if (keep)
        *keep = grid;
    else
        grid_free(&grid);
    return text;
}

/* ---- turning the board ---------------------------------------------------- */

static void a_turned_square_and_arrow(void **unused)
{
    (void)unused;
    int r = 1, c = 4;
    view_turn_square(false, 6, 8, &r, &c);
    assert_int_equal(r, 1);
    assert_int_equal(c, 4);
    view_turn_square(true, 6, 8, &r, &c); /* half round: the opposite corner's side */
    assert_int_equal(r, 4);
    assert_int_equal(c, 3);
    view_turn_square(true, 6, 8, &r, &c); /* and back: its own inverse */
    assert_int_equal(r, 1);
    assert_int_equal(c, 4);
    int dr = 1, dc = -1;
    view_turn_direction(true, 0, &dr, &dc); /* on the board: both ways turn */
    assert_int_equal(dr, -1);
    assert_int_equal(dc, 1);
    dr = 1, dc = -1;
    view_turn_direction(true, 2, &dr, &dc); /* in a hand: still read left to right */
    assert_int_equal(dr, -1);
    assert_int_equal(dc, -1);
    dr = 1, dc = -1;
    view_turn_direction(false, 0, &dr, &dc);
    assert_int_equal(dr, 1);
    assert_int_equal(dc, -1);
}

/* Where the cursor is drawn: the first cell flagged, or false. */
static bool cursor_cell(const Grid *g, int *y, int *x)
{
    for (*y = 0; *y < g->h; (*y)++)
        for (*x = 0; *x < g->w; (*x)++)
            if (g->cells[*y * g->w + *x].style & SF_CURSOR)
                return true;
    return false;
}

/* A click where `want` is drawn lands on `want`, however the board is
 * turned: draw() and hit() agree. */
static void click_where_drawn(const Game *g, const void *state, bool flipped, Cursor want)
{
    const BoardView *v = view_for(g);
    for (int utf8 = 0; utf8 < 2; utf8++) {
        ViewCtx ctx = {.game = g, .state = state, .glyphs = utf8 ? &glyphs_utf8 : &glyphs_ascii,
                       .cursor = &want, .flipped = flipped};
        Grid grid;
        int y = 0, x = 0;
        drawn(&ctx, &grid);
        assert_true(cursor_cell(&grid, &y, &x));
        grid_free(&grid);
        Cursor got = {.area = 9, .row = -1, .col = -1};
        if (!v->hit(&ctx, y, x, &got))
            fail_msg("%s: no square at (%d, %d) for area %d (%d, %d)", g->name, y, x, want.area,
                     want.row, want.col);
        assert_int_equal(got.area, want.area);
        assert_int_equal(got.col, want.col);
        if (want.area == 0 && strcmp(g->ops->family, "kalah") != 0)
            assert_int_equal(got.row, want.row);
    }
}

static void reversi_turned(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("reversi-4x6", NULL, st);
    Cursor c = {.row = 0, .col = 1}; /* b1 */
    ViewCtx ctx = {.game = g, .state = st, .glyphs = &glyphs_ascii, .cursor = &c, .flipped = true};
    Grid grid;
    /* f..a across the top, 4..1 down the side: every label follows its square */
    assert_string_equal(drawn(&ctx, &grid), "    f  e  d  c  b  a\n"
                                            "  +------------------+\n"
                                            "4 | .  .  .  .  .  . |\n"
                                            "3 | .  .  O  X  .  . |\n"
                                            "2 | .  .  X  O  .  . |\n"
                                            "1 | .  .  .  .  .  . |\n"
                                            "  +------------------+");
    /* b1 is at the bottom, second from the right */
    assert_true(grid_at(&grid, 5, 15)->style & SF_CURSOR);
    grid_free(&grid);
    for (int r = 0; r < 4; r++)
        for (int col = 0; col < 6; col++)
            for (int flipped = 0; flipped < 2; flipped++)
                click_where_drawn(g, st, flipped, (Cursor){.row = r, .col = col});
    /* a click on the top left square of the turned board is the last square */
    Cursor got;
    assert_true(view_for(g)->hit(&ctx, 2, 4, &got));
    assert_int_equal(got.row, 3);
    assert_int_equal(got.col, 5);
    game_close(g);
}

static void gogo_turned(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("gogo", "rbs1k/4p/5/P1+s2/K1GB1 b Rg 1", st);
    ViewCtx ctx = {.game = g, .state = st, .glyphs = &glyphs_utf8, .flipped = true};
    /* sente's hand on top, files 1..5, ranks e..a; pieces still read as
     * pieces, gote's still marked v */
    assert_string_equal(drawn(&ctx, NULL), "Sente hand 飛\n"
                                           "  1   2   3   4   5\n"
                                           "┌────────────────────┐\n"
                                           "│ ・  角  金  ・  王 │ e\n"
                                           "│ ・  ・ v全  ・  歩 │ d\n"
                                           "│ ・  ・  ・  ・  ・ │ c\n"
                                           "│v歩  ・  ・  ・  ・ │ b\n"
                                           "│v玉  ・ v銀 v角 v飛 │ a\n"
                                           "└────────────────────┘\n"
                                           "Gote  hand 金");
    for (int r = 0; r < 5; r++)
        for (int col = 0; col < 5; col++)
            for (int flipped = 0; flipped < 2; flipped++)
                click_where_drawn(g, st, flipped, (Cursor){.row = r, .col = col});
    for (int flipped = 0; flipped < 2; flipped++) {
        click_where_drawn(g, st, flipped, (Cursor){.area = 1, .col = 0}); /* sente's rook */
        click_where_drawn(g, st, flipped, (Cursor){.area = 2, .col = 2}); /* gote's gold */
    }
    /* Down on the turned board's bottom row (rank a) goes to gote's hand,
     * drawn below it; up from there comes back. */
    const BoardView *v = view_for(g);
    Cursor c = {.row = 0, .col = 2};
    int dr = 1, dc = 0;
    view_turn_direction(true, c.area, &dr, &dc);
    v->cursor_move(g, st, &c, dr, dc);
    assert_int_equal(c.area, 2);
    dr = -1, dc = 0;
    view_turn_direction(true, c.area, &dr, &dc);
    v->cursor_move(g, st, &c, dr, dc);
    assert_int_equal(c.area, 0);
    assert_int_equal(c.row, 0);
    game_close(g);
}

static void gogo_marks_both_ends_of_the_last_move(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE], child[GAME_MAX_STATE];
    Game *g = test_game_at("gogo", "rbs1k/4p/5/P1+s2/K1GB1 b Rg 1", st);
    Err err = {{0}};
    Move m;
    for (int drop = 0; drop < 2; drop++) {
        assert_int_equal(g->ops->parse_move(g, st, drop ? "R*4c" : "3e3d", &m, &err), 0);
        g->ops->play(g, st, m, child);
        ViewCtx ctx = {.game = g, .state = child, .glyphs = &glyphs_utf8, .last = m,
                       .last_before = st};
        Grid grid;
        drawn(&ctx, &grid);
        int marked = 0;
        for (int y = 3; y < 8; y++)
            for (int x = 1; x < 21; x += 4)
                marked += (grid_at(&grid, y, x)->style & SF_LAST) != 0;
        if (drop) { /* the drop's square alone: 4c, row c, the second column */
            assert_int_equal(marked, 1);
            assert_true(grid_at(&grid, 5, 5)->style & SF_LAST);
        } else { /* from 3e and to 3d: the third column, rows e and d */
            assert_int_equal(marked, 2);
            assert_true(grid_at(&grid, 7, 9)->style & SF_LAST);
            assert_true(grid_at(&grid, 6, 9)->style & SF_LAST);
        }
        grid_free(&grid);
    }
    game_close(g);
}

static void kalah_turned_and_digits(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE], north[GAME_MAX_STATE];
    Game *g = test_game_at("kalah-4x3", NULL, st);
    Err err = {{0}};
    Move m;
    assert_int_equal(g->ops->parse_move(g, st, "1", &m, &err), 0);
    g->ops->play(g, st, m, north); /* 3 seeds from pit 1: North to move */
    assert_int_equal(game_side(g, north), 1);
    ViewCtx ctx = {.game = g, .state = north, .glyphs = &glyphs_ascii, .flipped = true};
    /* North's row at the bottom, numbered from its left, its store on the
     * right; South's row on top, right to left */
    assert_string_equal(drawn(&ctx, NULL), "       4    3    2    1\n"
                                           "     +----+----+----+----+\n"
                                           "     |  4 |  4 |  4 |  0 |\n"
                                           "+----+----+----+----+----+----+\n"
                                           "|  0 |       sowing      |  0 |\n"
                                           "+----+----+----+----+----+----+\n"
                                           "     |  3 |  3 |  3 |  3 |\n"
                                           "     +----+----+----+----+\n"
                                           "       1    2    3    4");
    for (int pit = 0; pit < 4; pit++)
        for (int flipped = 0; flipped < 2; flipped++) {
            click_where_drawn(g, north, flipped, (Cursor){.col = pit});
            click_where_drawn(g, st, flipped, (Cursor){.col = pit});
        }
    /* a click on the other side's row is no move */
    Cursor c = {0};
    assert_false(view_for(g)->hit(&ctx, 2, 7, &c));
    /* digits: the mover's pit by its number, none past the last */
    const BoardView *v = view_for(g);
    char msg[120] = "";
    assert_true(v->cursor_to_digit(g, north, 3, &c, msg, sizeof msg));
    assert_int_equal(c.col, 2);
    assert_false(v->cursor_to_digit(g, north, 5, &c, msg, sizeof msg));
    assert_string_equal(msg, "there is no pit 5: the pits are numbered 1 to 4");
    assert_int_equal(c.col, 2);
    Game *r = test_game_at("reversi", NULL, st);
    assert_null(view_for(r)->cursor_to_digit); /* squares are not numbers */
    game_close(r);
    game_close(g);
}

/* ---- a form's number field ------------------------------------------------- */

static Form depth_form(void)
{
    Form fm = {0};
    form_add(&fm, (FormField){.kind = FIELD_CHOICE, .label = "Game",
                              .choices = (const char *const[]){"a", "b"}, .nchoices = 2});
    form_add(&fm, (FormField){.kind = FIELD_NUMBER, .label = "Depth", .value = 6, .lo = 1, .hi = 40});
    form_add(&fm, (FormField){.kind = FIELD_BUTTON, .label = "Start"});
    fm.cur = 1;
    return fm;
}

static const char *depth_shown(Form *fm)
{
    Grid g;
    assert_int_equal(grid_init(&g, 40, 5), 0);
    form_draw(fm, &g, 0, 0, 3, 40, &glyphs_ascii);
    grid_to_text(&g, text, sizeof text);
    grid_free(&g);
    char *line = strstr(text, "Depth");
    assert_non_null(line);
    line[strcspn(line, "\n")] = '\0';
    return line;
}

static void number_fields_take_digits(void **unused)
{
    (void)unused;
    Form fm = depth_form();
    FormField *depth = &fm.f[1];
    /* the first digit replaces the value, the next one adds to it */
    assert_int_equal(form_key(&fm, '2'), FORM_CHANGED);
    assert_int_equal(depth->value, 2);
    assert_int_equal(form_key(&fm, '5'), FORM_CHANGED);
    assert_int_equal(depth->value, 25);
    /* past the top: refused, with the range */
    assert_int_equal(form_key(&fm, '0'), FORM_NONE);
    assert_int_equal(depth->value, 25);
    assert_string_equal(fm.refused, "Depth goes from 1 to 40");
    /* Backspace edits what is typed */
    assert_int_equal(form_key(&fm, KEY_BACKSPACE), FORM_CHANGED);
    assert_int_equal(depth->value, 2);
    assert_string_equal(fm.refused, "");
    /* an empty or too small number is shown but not taken, and Enter
     * says so instead of starting with a value not shown */
    assert_int_equal(form_key(&fm, KEY_BACKSPACE), FORM_NONE);
    assert_int_equal(depth->value, 2);
    assert_int_equal(form_key(&fm, '0'), FORM_NONE);
    assert_non_null(strstr(depth_shown(&fm), " 0 "));
    assert_int_equal(form_key(&fm, '\n'), FORM_NONE);
    assert_string_equal(fm.refused, "Depth goes from 1 to 40: kept 2");
    assert_non_null(strstr(depth_shown(&fm), " 2 "));
    assert_int_equal(form_key(&fm, '\n'), FORM_SUBMIT);
    /* Backspace on a value not being typed edits the value */
    depth->value = 37;
    assert_int_equal(form_key(&fm, KEY_BACKSPACE), FORM_CHANGED);
    assert_int_equal(depth->value, 3);
    /* a typed 0 before other digits is dropped */
    assert_int_equal(form_key(&fm, KEY_RIGHT), FORM_CHANGED); /* typing ends: 4 */
    assert_int_equal(form_key(&fm, '0'), FORM_NONE);
    assert_int_equal(form_key(&fm, '7'), FORM_CHANGED);
    assert_int_equal(depth->value, 7);
    assert_non_null(strstr(depth_shown(&fm), " 7 "));
}

static void number_fields_page_and_ends(void **unused)
{
    (void)unused;
    Form fm = depth_form();
    FormField *depth = &fm.f[1];
    /* PgUp/PgDn: a round step crossing 1..40 in under ten */
    assert_int_equal(form_key(&fm, KEY_PPAGE), FORM_CHANGED);
    assert_int_equal(depth->value, 11);
    assert_int_equal(form_key(&fm, KEY_NPAGE), FORM_CHANGED);
    assert_int_equal(form_key(&fm, KEY_NPAGE), FORM_CHANGED);
    assert_int_equal(depth->value, 1); /* stops at the bottom */
    assert_int_equal(form_key(&fm, KEY_NPAGE), FORM_NONE);
    assert_int_equal(form_key(&fm, KEY_END), FORM_CHANGED);
    assert_int_equal(depth->value, 40);
    assert_int_equal(form_key(&fm, KEY_HOME), FORM_CHANGED);
    assert_int_equal(depth->value, 1);
    assert_int_equal(fm.cur, 1); /* the keys changed the number, not the field */
    /* a field's own step, and a big one from it */
    FormField delay = {.kind = FIELD_NUMBER, .label = "Delay", .value = 500, .lo = 0, .hi = 10000,
                       .step = 100};
    fm.f[1] = delay;
    assert_int_equal(form_key(&fm, KEY_RIGHT), FORM_CHANGED);
    assert_int_equal(depth->value, 600);
    assert_int_equal(form_key(&fm, KEY_PPAGE), FORM_CHANGED);
    assert_int_equal(depth->value, 1600);
    /* elsewhere PgDn/End and PgUp/Home still go to the last and first field */
    fm.cur = 0;
    assert_int_equal(form_key(&fm, KEY_END), FORM_NONE);
    assert_int_equal(fm.cur, 2);
    assert_int_equal(form_key(&fm, KEY_PPAGE), FORM_NONE);
    assert_int_equal(fm.cur, 0);
    /* digits mean nothing on a choice */
    assert_int_equal(form_key(&fm, '3'), FORM_NONE);
    assert_int_equal(fm.f[0].value, 0);
}

/* ---- the line of moves ---------------------------------------------------- */

static void a_line_in_the_games_notation(void **unused)
{
    (void)unused;
    unsigned char st[GAME_MAX_STATE];
    Game *g = test_game_at("reversi", NULL, st);
    Move line[4];
    Err err = {{0}};
    unsigned char a[GAME_MAX_STATE], b[GAME_MAX_STATE];
    memcpy(a, st, sizeof a);
    const char *const moves[] = {"d3", "c5", "f6"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(g->ops->parse_move(g, a, moves[i], &line[i], &err), 0);
        g->ops->play(g, a, line[i], b);
        memcpy(a, b, sizeof a);
    }
    char buf[64];
    assert_int_equal(game_format_line(g, st, line, 3, buf, sizeof buf), 3);
    assert_string_equal(buf, "d3 c5 f6");
    /* whole moves only */
    assert_int_equal(game_format_line(g, st, line, 3, buf, 8), 2);
    assert_string_equal(buf, "d3 c5");
    /* it stops before a move that is not legal where it comes */
    line[3] = line[0]; /* d3 again: taken */
    assert_int_equal(game_format_line(g, st, line, 4, buf, sizeof buf), 3);
    assert_string_equal(buf, "d3 c5 f6");
    game_close(g);
}

static void a_cut_line_keeps_its_start(void **unused)
{
    (void)unused;
    Grid g;
    assert_int_equal(grid_init(&g, 12, 3), 0);
    assert_int_equal(grid_put_wrapped_cut(&g, 0, 0, ST_NORMAL, "d3 c5 f6 f5 e6 f4 e3 c6 f3", 12, 2, "..."), 2);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "d3 c5 f6 f5\ne6 f4 e3 ...");
    grid_clear(&g);
    assert_int_equal(grid_put_wrapped_cut(&g, 0, 0, ST_NORMAL, "d3 c5 f6", 12, 2, "..."), 1);
    grid_to_text(&g, text, sizeof text);
    assert_string_equal(text, "d3 c5 f6");
    grid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_turned_square_and_arrow),
        cmocka_unit_test(reversi_turned),
        cmocka_unit_test(gogo_turned),
        cmocka_unit_test(gogo_marks_both_ends_of_the_last_move),
        cmocka_unit_test(kalah_turned_and_digits),
        cmocka_unit_test(number_fields_take_digits),
        cmocka_unit_test(number_fields_page_and_ends),
        cmocka_unit_test(a_line_in_the_games_notation),
        cmocka_unit_test(a_cut_line_keeps_its_start),
    };
    return cmocka_run_group_tests_name("ui input", tests, NULL, NULL);
}
