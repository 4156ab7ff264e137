/* unit_game.c — the end rules through the game layer: checkmate, stalemate scored 3/4 in
 * Glinski's game and drawn in McCooey's, threefold repetition, the 50-round rule, Peanut's
 * bare king (a win, and the draw when the bared king can answer), resignation, agreement,
 * and undo reopening a finished game; the move a record is at. Positions are written by hand
 * as position strings. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "fen.h"
#include "game.h"
#include "testutil.h"

/* The game's record grows with realloc; this test's link wraps it (-Wl,--wrap=realloc) so
 * that it can fail on demand. */
void *__real_realloc(void *p, size_t n);
void *__wrap_realloc(void *p, size_t n);
static bool realloc_fails;

void *__wrap_realloc(void *p, size_t n)
{
    return realloc_fails ? NULL : __real_realloc(p, n);
}

static void start_from(Game *g, const Variant *v, const char *fen)
{
    Position pos;
    char err[300];
    if (!fen_read(&pos, v, fen, err, sizeof err)) fail_msg("bad FEN %s: %s", fen, err);
    game_init(g, v, &pos);
}

static const char *summary(const Game *g)
{
    static char line[256];
    game_result_line(g, line, sizeof line);
    return line;
}

static void test_checkmate(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "Qc3 Qc6 b2 b6 Bb1 e6 Qxf9");
    assert_string_equal(summary(&g), "result 1-0: White wins by checkmate");
    game_free(&g);
    variant_free(v);
}

/* Black king a1; White queen c4 covers a2 b2 b3 c2, White king c1 covers b1; a1 is not
 * attacked. */
#define STALEMATE "k5/7/K2Q4/9/10/11/10/9/8/7/6 b - 0 1"

static void test_stalemate(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    start_from(&g, v, STALEMATE);
    assert_string_equal(summary(&g), "result 3/4-1/4: White wins by stalemate");
    assert_true(g.result.partial);
    game_free(&g);
    variant_free(v);
    v = tu_variant("mccooey");
    start_from(&g, v, STALEMATE);
    assert_string_equal(summary(&g), "result 1/2-1/2: draw by stalemate");
    game_free(&g);
    variant_free(v);
}

static void test_repetition(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "Nc3 Nc6 Nd1 Nd9 Nc3 Nc6 Nd1");
    assert_false(g.result.over); /* the start position has been seen twice so far */
    tu_play(&g, "Nd9");
    assert_string_equal(summary(&g), "result 1/2-1/2: draw by repetition");
    game_free(&g);
    variant_free(v);
}

static void test_move_rule(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    /* 99 plies without capture or pawn move; one more quiet move ends it (50 rounds) */
    start_from(&g, v, "5k/7/K7/9/10/11/10/9/8/6R/r5 w - 99 60");
    assert_false(g.result.over);
    tu_play(&g, "Rk6");
    assert_string_equal(summary(&g), "result 1/2-1/2: draw by move rule");
    game_free(&g);
    variant_free(v);
}

static void test_bare_king(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Game g;
    /* the king on a1 takes Black's last piece without moving: Black is bare and cannot
     * answer by taking White's rook on c1 */
    start_from(&g, v, "1k1/4/5/4/3/3/4/5/n3/K1R w - 0 1");
    tu_play(&g, "!a2");
    assert_string_equal(g.plies[0].san, "K!Na2");
    assert_string_equal(summary(&g), "result 1-0: White wins by bare king");
    game_free(&g);
    /* the bared king on f8 can take White's last piece, the knight on e8, at once: a draw */
    start_from(&g, v, "3/4/1Nk2/4/3/3/4/5/n3/K2 w - 0 1");
    tu_play(&g, "!a2");
    assert_string_equal(summary(&g), "result 1/2-1/2: draw by bare king, answered");
    game_free(&g);
    variant_free(v);
}

static void test_resign_draw_undo(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "Nc5");
    game_resign(&g);
    assert_string_equal(summary(&g), "result 1-0: White wins by resignation");
    assert_true(game_undo(&g)); /* takes back the resignation, not the move */
    assert_false(g.result.over);
    assert_int_equal(g.nplies, 1);
    game_agree_draw(&g);
    assert_string_equal(summary(&g), "result 1/2-1/2: draw by agreement");
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    assert_int_equal(g.nplies, 0);
    assert_false(game_undo(&g));
    assert_true(game_redo(&g));
    assert_int_equal(g.nplies, 1);
    assert_false(game_redo(&g));
    game_free(&g);
    variant_free(v);
}

/* The move a record is at, as a player reads it: going on, the move being played; ended,
 * the number of its last move on the board (a resignation moves nothing). */
static void test_move_number(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    assert_int_equal(game_move_number(&g), 1);
    tu_play(&g, "Qc3");
    assert_int_equal(game_move_number(&g), 1); /* 1... : Black plays move 1 */
    tu_play(&g, "Qc6");
    assert_int_equal(game_move_number(&g), 2);
    game_resign(&g); /* White resigns at move 2: the record ends with 1... Qc6 */
    assert_true(g.result.over);
    assert_int_equal(game_move_number(&g), 1);
    game_free(&g);
    variant_free(v);
}

/* Out of memory for the record: the move is refused whole, nothing is lost or half played. */
static void test_out_of_memory(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    Move m = tu_find_move(&g.pos, "f5-f6");
    uint64_t before = g.pos.hash;
    realloc_fails = true;
    bool played = game_play(&g, m);
    realloc_fails = false;
    assert_false(played);
    assert_int_equal(g.nplies, 0);
    assert_int_equal(g.pos.hash, before);
    assert_int_equal(g.pos.stm, 0);
    assert_true(game_play(&g, m));
    assert_int_equal(g.nplies, 1);
    assert_int_equal(g.pos.stm, 1);
    game_free(&g);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checkmate),     cmocka_unit_test(test_stalemate),
        cmocka_unit_test(test_repetition),    cmocka_unit_test(test_move_rule),
        cmocka_unit_test(test_bare_king),     cmocka_unit_test(test_resign_draw_undo),
        cmocka_unit_test(test_out_of_memory), cmocka_unit_test(test_move_number),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
