/* unit_clock.c — clocks: the --clock forms and their errors, the PGN TimeControl forms, the
 * count-down with increment and per-move allowance, the flag, the shown and recorded times;
 * and clocks in records: [%clk] comments and notes written and read back, a flag fall in a
 * two- and a three-player game, the clocks of a session set from a reloaded record.
 * Times are given to the clock explicitly, so nothing here waits. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "pgn.h"
#include "session.h"
#include "testutil.h"

static TimeControl parse(const char *text)
{
    TimeControl tc;
    char err[300];
    if (!tc_parse(text, &tc, err, sizeof err)) fail_msg("'%s' refused: %s", text, err);
    return tc;
}

static void test_parse(void **state)
{
    (void)state;
    TimeControl tc = parse("10+5");
    assert_int_equal(tc.kind, CLOCK_GAME);
    assert_int_equal(tc.base_ms, 600000);
    assert_int_equal(tc.inc_ms, 5000);
    tc = parse("3");
    assert_int_equal(tc.kind, CLOCK_GAME);
    assert_int_equal(tc.base_ms, 180000);
    assert_int_equal(tc.inc_ms, 0);
    tc = parse("/30");
    assert_int_equal(tc.kind, CLOCK_MOVE);
    assert_int_equal(tc.base_ms, 30000);
    tc = parse("0.5+1.5");
    assert_int_equal(tc.base_ms, 30000);
    assert_int_equal(tc.inc_ms, 1500);
    const char *bad[] = {"",        "+5",    "10+", "-3",    "1e3",  "0x10",       "inf", "nan",
                         "10+5+1",  "10 ",   "/0",  "/",     "/-1",  "601",        "0",   "0.001",
                         "10+3601", "/3601", "3,5", "10+-1", "１０", "99999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[300] = "";
        if (tc_parse(bad[i], &tc, err, sizeof err)) fail_msg("'%s' was accepted", bad[i]);
        assert_non_null(strstr(err, "'"));
    }
}

static void test_pgn_forms(void **state)
{
    (void)state;
    struct {
        const char *arg, *pgn, *back;
    } cases[] = {
        {"10+5", "600+5", "10+5"},
        {"3", "180", "3"},
        {"/30", "1/30", "/30"},
        {"0.5+1.5", "30+1.5", "0.5+1.5"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TimeControl tc = parse(cases[i].arg), back;
        char text[64];
        tc_to_pgn(&tc, text, sizeof text);
        assert_string_equal(text, cases[i].pgn);
        assert_true(tc_from_pgn(text, &back));
        assert_memory_equal(&tc, &back, sizeof tc);
        tc_describe(&back, text, sizeof text);
        assert_string_equal(text, cases[i].back);
    }
    TimeControl tc;
    const char *unsupported[] = {"?", "-", "40/9000:300", "*180", "", "600+", "1/0"};
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        assert_false(tc_from_pgn(unsupported[i], &tc));
}

static void test_countdown(void **state)
{
    (void)state;
    TimeControl tc = parse("1+2");
    Clock c;
    clock_reset(&c, &tc, 2);
    assert_int_equal(c.running, -1);
    assert_int_equal(clock_left(&c, 0, 100.0), 60000);
    clock_run(&c, 0, 100.0);
    assert_int_equal(clock_left(&c, 0, 110.5), 49500);
    assert_int_equal(clock_left(&c, 1, 110.5), 60000); /* not running */
    assert_int_equal(clock_flag(&c, 110.5), -1);
    assert_int_equal(clock_until_flag(&c, 110.5), 49500);
    assert_int_equal(clock_press(&c, 110.5), 51500); /* 49.5 s left, plus 2 */
    assert_int_equal(c.running, -1);
    clock_run(&c, 1, 110.5);
    assert_int_equal(clock_left(&c, 0, 200.0), 51500);
    assert_int_equal(clock_flag(&c, 170.4), -1);
    assert_int_equal(clock_flag(&c, 170.5), 1); /* Black's 60 s are gone */
    assert_int_equal(clock_left(&c, 1, 999.0), 0);
    assert_int_equal(clock_press(&c, 171.0), 2000); /* out of time, plus the increment */
    assert_int_equal(clock_press(&c, 171.0), -1);   /* nothing runs */
    /* the computer's share: a thirtieth of the time left and half the increment ... */
    assert_true(clock_think_share(&c, 0, 200.0) > 51.5 / 30 + 1 - 0.001);
    assert_true(clock_think_share(&c, 0, 200.0) < 51.5 / 30 + 1 + 0.001);
    /* ... but never more than half the time left, however large the increment */
    tc = parse("1+30");
    clock_reset(&c, &tc, 2);
    clock_run(&c, 0, 0.0);
    assert_true(clock_think_share(&c, 0, 56.0) <= 2.0 + 0.001);
}

static void test_per_move(void **state)
{
    (void)state;
    TimeControl tc = parse("/10");
    Clock c;
    clock_reset(&c, &tc, 3);
    clock_run(&c, 2, 0.0);
    assert_int_equal(clock_press(&c, 9.0), 10000); /* a fresh allowance, nothing kept */
    clock_run(&c, 0, 9.0);
    assert_int_equal(clock_flag(&c, 18.9), -1);
    assert_int_equal(clock_flag(&c, 19.0), 0);
    clock_stop(&c, 19.5);
    assert_int_equal(clock_left(&c, 0, 30.0), 0);
    clock_run(&c, 0, 30.0); /* each move starts with the whole allowance */
    assert_int_equal(clock_left(&c, 0, 31.0), 9000);
}

static void test_format(void **state)
{
    (void)state;
    char t[CLOCK_TEXT_MAX];
    struct {
        long ms;
        const char *screen, *clk;
    } cases[] = {
        {581000, "9:41", "0:09:41"},
        {3900000, "1:05:00", "1:05:00"},
        {7300, "0:07.3", "0:00:07.3"},
        {20000, "0:20", "0:00:20"},
        {19999, "0:19.9", "0:00:19.9"},
        {0, "0:00.0", "0:00:00.0"},
        {-5, "0:00.0", "0:00:00.0"},
        {600001, "10:00", "0:10:00"},
        {581999, "9:41", "0:09:41"},
        /* time left is never recorded as none, which a record reads as the flag fallen */
        {99, "0:00.0", "0:00:00.1"},
        {1, "0:00.0", "0:00:00.1"},
        {100, "0:00.1", "0:00:00.1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        clock_format(cases[i].ms, t, sizeof t);
        assert_string_equal(t, cases[i].screen);
        clock_format_clk(cases[i].ms, t, sizeof t);
        assert_string_equal(t, cases[i].clk);
    }
    long ms;
    /* a record's reading, read back, never gives more time than was left, nor a tenth (under
     * twenty seconds) or a second less */
    for (long left = 0; left < 4000000; left += 97) {
        clock_format_clk(left, t, sizeof t);
        assert_true(clock_parse_clk(t, &ms));
        if ((ms > left && left >= 100) || ms <= left - (left < 20000 ? 100 : 1000) ||
            (left > 0 && !ms))
            fail_msg("%ld ms left is recorded as %s", left, t);
    }
    assert_true(clock_parse_clk("0:09:41", &ms));
    assert_int_equal(ms, 581000);
    assert_true(clock_parse_clk("1:05:00.5", &ms));
    assert_int_equal(ms, 3900500);
    assert_true(clock_parse_clk("9:41", &ms));
    assert_int_equal(ms, 581000);
    const char *bad[] = {"",         "0:60:00", "0:00:60",   "a:00:00", "0:00",     "1",
                         "0:00:00.", "0::00",   "0:00:00 x", "1:2:3:4", "-1:00:00", "12345:00:00"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (strcmp(bad[i], "0:00") && clock_parse_clk(bad[i], &ms))
            fail_msg("'%s' read as a clock", bad[i]);
    assert_true(clock_parse_clk("0:00", &ms)); /* m:ss is accepted too */
    assert_int_equal(ms, 0);
}

/* A game whose moves carry clock readings and notes writes them as comments and reads them
 * back; a note cannot end its comment early or pass for a clock. */
static void test_record(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    game_set_tag(&g, "TimeControl", "600+5");
    assert_true(game_add_note(&g, "alice: good   luck}"));
    tu_play(&g, "f6");
    g.plies[0].clock_ms = 581000;
    tu_play(&g, "e6");
    g.plies[1].clock_ms = 604200; /* written rounded down, as the screen shows it: 0:10:04 */
    assert_true(game_add_note(&g, "bob: [%clk 0:00:01] ha"));
    tu_play(&g, "Nc3");
    char *text = tu_check_pgn_round_trip(&g, NULL);
    assert_non_null(strstr(text, "[TimeControl \"600+5\"]"));
    assert_non_null(strstr(text,
                           "{alice: good luck)} 1. f6 {[%clk 0:09:41]} 1... e6 {[%clk 0:10:04]} "
                           "{bob: (%clk\n0:00:01] ha} 2. Nc3 *"));
    free(text);

    /* notes of a taken-back move go when another move replaces it */
    assert_true(game_undo(&g));
    assert_true(game_undo(&g));
    assert_true(game_redo(&g));
    assert_int_equal(g.nnotes, 2);
    assert_int_equal(g.plies[1].clock_ms, 604200); /* redo keeps the reading */
    game_undo(&g);
    tu_play(&g, "e5");
    assert_int_equal(g.nnotes, 1);
    game_free(&g);
    variant_free(v);
}

/* Records from elsewhere: [%clk] among other comments and commands, a clock on a move
 * without one is none. */
static void test_read_foreign(void **state)
{
    (void)state;
    const char *text = "[Variant \"glinski\"]\n[TimeControl \"180+2\"]\n\n"
                       "1. f6 {[%eval 0.3] [%clk 0:02:58.5]} e6 {nice move [%clk 0:03:01]}\n"
                       "2. Nc3 { [%emt 0:00:01] } *\n";
    PgnReader r;
    PgnReport rep;
    Game g;
    Variant *owned;
    pgn_open_string(&r, text, NULL);
    assert_int_equal(pgn_read_game(&r, &g, &owned, &rep), PGN_OK);
    assert_int_equal(g.nplies, 3);
    assert_int_equal(g.plies[0].clock_ms, 178500);
    assert_int_equal(g.plies[1].clock_ms, 181000);
    assert_int_equal(g.plies[2].clock_ms, -1);
    assert_int_equal(g.nnotes, 1);
    assert_string_equal(g.notes[0].text, "nice move");
    assert_int_equal(g.notes[0].ply, 2);
    game_free(&g);
    variant_free(owned);
    pgn_close(&r);
}

static void test_time_out(void **state)
{
    (void)state;
    char line[256];
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    tu_play(&g, "f6");
    game_time_out(&g, 1);
    game_result_line(&g, line, sizeof line);
    assert_string_equal(line, "result 1-0: White wins by time forfeit");
    free(tu_check_pgn_round_trip(&g, NULL));
    assert_true(game_undo(&g)); /* reopened, as after a resignation */
    assert_false(g.result.over);
    game_free(&g);
    variant_free(v);

    /* three players: the one whose flag fell is out, the others play on; then the second */
    v = tu_variant("cyclohexane");
    game_init(&g, v, NULL);
    int first = g.pos.stm;
    game_time_out(&g, first);
    assert_false(g.result.over);
    assert_false(g.pos.alive & (1u << first));
    assert_int_equal(g.plies[0].clock_ms, 0);
    assert_int_equal(g.plies[0].move.kind, MOVE_RESIGN);
    int second = g.pos.stm;
    game_time_out(&g, (second + 1) % 3 == first ? (second + 2) % 3 : (second + 1) % 3);
    assert_false(g.result.over); /* not the side to move: no clock of theirs ran */
    game_time_out(&g, second);
    assert_true(g.result.over);
    assert_string_equal(g.result.termination, "time forfeit");
    assert_int_not_equal(g.result.winner, second);
    assert_int_not_equal(g.result.winner, first);
    free(tu_check_pgn_round_trip(&g, NULL));
    game_free(&g);
    variant_free(v);
}

/* A session's clocks come from the record: the time control and each player's last reading;
 * a move presses the clock and keeps its reading; undo goes back to the earlier readings. */
static void test_session(void **state)
{
    (void)state;
    Session s;
    char err[600];
    Sink sink = {sink_discard, sink_discard, NULL};
    assert_true(session_open(&s, "glinski", NULL, err, sizeof err));
    TimeControl tc = parse("10+5");
    session_set_clock(&s, &tc);
    assert_string_equal(game_tag(&s.game, "TimeControl"), "600+5");
    assert_int_equal(s.clock.running, 0);
    assert_true(session_move(&s, "f6", &sink));
    long white = s.game.plies[0].clock_ms;
    assert_true(white > 600000 && white <= 605000); /* the increment was added */
    assert_int_equal(s.clock.running, 1);
    assert_true(session_move(&s, "e6", &sink));
    assert_int_equal(s.clock.running, 0);

    /* as a reloaded record: White had 2 s left, Black 604 s */
    s.game.plies[0].clock_ms = 2000;
    session_clock_from_record(&s);
    assert_int_equal(s.clock.left[0], 2000);
    assert_int_equal(s.clock.running, 0);
    s.clock.since -= 2.5; /* as if 2.5 s had gone by */
    assert_true(session_tick(&s, &sink));
    assert_true(s.game.result.over);
    assert_string_equal(s.game.result.termination, "time forfeit");
    assert_int_equal(s.game.result.winner, 1);
    assert_int_equal(s.clock.running, -1);
    assert_false(session_move(&s, "Nc3", &sink));        /* over */
    assert_true(session_command(&s, "undo", "", &sink)); /* reopens it */
    assert_false(s.game.result.over);
    assert_true(session_command(&s, "undo", "", &sink)); /* takes back e6 */
    assert_int_equal(s.clock.running, 1);
    assert_int_equal(s.clock.left[1], 600000);
    assert_int_equal(s.clock.left[0], 2000);
    assert_true(session_command(&s, "new", "", &sink)); /* a new game keeps the clock */
    assert_string_equal(game_tag(&s.game, "TimeControl"), "600+5");
    assert_int_equal(s.clock.left[0], 600000);
    session_close(&s);
}

int main(void)
{
    /* records name their variant: found in the source tree */
    if (getenv("VARIANTS_DIR")) setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR"), 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse),        cmocka_unit_test(test_pgn_forms),
        cmocka_unit_test(test_countdown),    cmocka_unit_test(test_per_move),
        cmocka_unit_test(test_format),       cmocka_unit_test(test_record),
        cmocka_unit_test(test_read_foreign), cmocka_unit_test(test_time_out),
        cmocka_unit_test(test_session),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
