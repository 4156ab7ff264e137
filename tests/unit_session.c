/* unit_session.c — the session's commands against the computer, without a search: undo and
 * redo go by the person's own moves (the computer's replies with them), a move typed at the
 * computer's turn is refused saying how to let it move or take its side over, and undo with
 * only the computer's moves to take back is refused. The computer's moves here are typed
 * before `ai` hands it the side, so nothing searches. A room's chat lines are kept, the
 * newest 100, for the chat command. The player drawn at the bottom, watched or not. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"

/* What the session said last, on out and on err; how many lines on out. */
static char said[2048], refused[2048];
static int nsaid;

static void keep_out(Sink *s, const char *line)
{
    (void)s;
    snprintf(said, sizeof said, "%s", line);
    nsaid++;
}

static void keep_err(Sink *s, const char *line)
{
    (void)s;
    snprintf(refused, sizeof refused, "%s", line);
}

static Sink sink = {keep_out, keep_err, NULL};

static void line(Session *s, const char *text, bool ok)
{
    said[0] = refused[0] = 0;
    if (session_line(s, text, &sink) != ok)
        fail_msg("'%s' was %s: %s", text, ok ? "refused" : "taken", ok ? refused : said);
}

static void open_glinski(Session *s)
{
    char err[600];
    assert_true(session_open(s, "glinski", NULL, err, sizeof err));
}

/* The computer plays Black: undo takes back its reply and the person's move; redo plays
 * both again. */
static void test_undo_pair(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "e5", true);
    line(&s, "e6", true);
    line(&s, "d5", true);
    line(&s, "d6", true);
    line(&s, "ai black", true);
    assert_string_equal(said, "the computer plays Black, at full strength ('level 1' makes it a "
                              "beginner's opponent)");
    line(&s, "undo", true);
    assert_string_equal(said, "took back 2. d5, 2... d6");
    assert_int_equal(s.game.nplies, 2);
    assert_int_equal(s.game.pos.stm, 0);
    line(&s, "redo", true);
    assert_string_equal(said, "played again 2. d5, 2... d6");
    assert_int_equal(s.game.nplies, 4);
    /* the person's move just played, the computer's reply not yet: only that move */
    line(&s, "g5", true);
    line(&s, "undo", true);
    assert_string_equal(said, "took back 3. g5");
    assert_int_equal(s.game.nplies, 4);
    session_close(&s);
}

/* At the computer's turn a typed move is refused; with only the computer's moves played,
 * undo is refused too, and neither changes the game. */
static void test_computer_turn(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "i4", true);
    line(&s, "ai white", true);
    line(&s, "undo", false);
    assert_string_equal(refused, "the computer's moves are the only ones: you have no move to take "
                                 "back ('ai off' hands its sides to you, 'new' starts again)");
    assert_int_equal(s.game.nplies, 1);
    line(&s, "e6", true);
    assert_true(session_computer_to_move(&s));
    line(&s, "e5", false);
    assert_string_equal(refused, "it is White's turn, which the computer plays ('go' lets it move, "
                                 "'ai off' hands its sides to you) (in 'e5')");
    assert_int_equal(s.game.nplies, 2);
    line(&s, "ai off", true);
    assert_false(session_computer_to_move(&s));
    line(&s, "e5", true);
    session_close(&s);
}

/* Without the computer, or with it playing every side, undo takes back one move. */
static void test_undo_one(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "e5", true);
    line(&s, "e6", true);
    line(&s, "undo", true);
    assert_string_equal(said, "took back 1... e6");
    line(&s, "e6", true);
    line(&s, "ai all", true);
    line(&s, "undo", true);
    assert_string_equal(said, "took back 1... e6");
    assert_int_equal(s.game.nplies, 1);
    session_close(&s);
}

/* A front end's replacing hook that refuses every new game (as one that cannot keep the game
 * left does). */
static bool refuse(Session *s, char *note, size_t len)
{
    (void)s;
    snprintf(note, len, "not now");
    return false;
}

/* new refused by the replacing hook leaves the game as it was, and the game it made is freed
 * (the leak shows under valgrind and the sanitizers); given again for the same game, it goes
 * ahead, the player having been told the game would be lost. */
static void test_replacing_refused(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "e5", true);
    s.replacing = refuse;
    line(&s, "new chess", false);
    assert_string_equal(refused, "not now; it goes on: 'save FILE' keeps it, or 'new' again goes "
                                 "ahead and it is lost");
    line(&s, "e6", true); /* another game now: told again */
    line(&s, "new", false);
    assert_int_equal(s.game.nplies, 2);
    assert_string_equal(s.v->name, "glinski");
    line(&s, "new", true);
    assert_string_equal(said, "new game: Glinski's Hexagonal Chess, White to move; the game you "
                              "left is lost: it could not be kept");
    assert_int_equal(s.game.nplies, 0);
    session_close(&s);
}

static bool no_request(Session *s, const char *verb, const char *args, Sink *out)
{
    (void)s, (void)verb, (void)args, (void)out;
    fail_msg("nothing goes to the room");
    return false;
}

/* A room's chat and notices are kept, the newest SESSION_CHAT_MAX: chat shows them, newest
 * last, under a line that says what they are; a local game has no chat. */
static void test_chat_kept(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "chat", false);
    assert_string_equal(refused, "chat is for rooms (cellmate --room): it shows what was said "
                                 "there");
    SessionRemote room = {no_request, NULL};
    s.remote = &room;
    line(&s, "chat", true);
    assert_string_equal(said, "nothing has been said in this room yet ('say TEXT' says something)");
    char text[32];
    for (int i = 0; i < SESSION_CHAT_MAX + 5; i++) {
        snprintf(text, sizeof text, "bob: line %d", i);
        session_chat_add(&s, text);
    }
    assert_int_equal(s.nchat, SESSION_CHAT_MAX);
    assert_string_equal(s.chat[0], "bob: line 5");
    nsaid = 0;
    line(&s, "chat", true);
    assert_int_equal(nsaid, SESSION_CHAT_MAX + 1);
    snprintf(text, sizeof text, "bob: line %d", SESSION_CHAT_MAX + 4);
    assert_string_equal(said, text);
    s.remote = NULL;
    session_close(&s);
}

/* The player drawn at the bottom: by turns at one keyboard, the player to move; watching
 * such a game another cellmate plays, the first player whoever is to move; against the
 * computer, its opponent, watched or not; the computer playing every side, the first
 * player (nobody sits at the board). */
static void test_view_player(void **state)
{
    (void)state;
    Session s;
    open_glinski(&s);
    line(&s, "e5", true);
    assert_int_equal(session_view_player(&s), 1);
    s.watching = true;
    assert_int_equal(session_view_player(&s), 0);
    s.watching = false;
    line(&s, "ai white", true);
    assert_int_equal(session_view_player(&s), 1);
    s.watching = true;
    assert_int_equal(session_view_player(&s), 1);
    s.watching = false;
    line(&s, "ai all", true);
    assert_int_equal(session_view_player(&s), 0);
    session_close(&s);
}

/* Three players, two people taking turns against the computer: on the computer's turn the
 * board stays with the person who moved last (before anyone has, the next to move). */
static void test_view_player_three(void **state)
{
    (void)state;
    Session s;
    char err[600];
    assert_true(session_open(&s, "hr-mccooey3", NULL, err, sizeof err));
    line(&s, "ai red", true);
    assert_int_equal(session_view_player(&s), 1);
    line(&s, "ai off", true);
    line(&s, "ai blue", true);
    line(&s, "e4", true);
    assert_int_equal(session_view_player(&s), 1);
    line(&s, "k4", true);
    assert_int_equal(s.game.pos.stm, 2);
    assert_int_equal(session_view_player(&s), 1);
    session_close(&s);
}

/* On the screen, help gives rotate's step on the board at hand: a quarter on triangles, a
 * sixth on hexagons, a third with three players. */
static char rotate_help[256];

static void keep_rotate(Sink *s, const char *line)
{
    (void)s;
    if (strstr(line, "rotate")) snprintf(rotate_help, sizeof rotate_help, "%s", line);
}

static void test_help_rotate(void **state)
{
    (void)state;
    static const char *const cases[][2] = {{"chessagon", "(90 degrees here)"},
                                           {"glinski", "(60 degrees here)"},
                                           {"cyclohexane", "(120 degrees here)"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Session s;
        char err[600];
        Sink k = {keep_rotate, keep_err, NULL};
        assert_true(session_open(&s, cases[i][0], NULL, err, sizeof err));
        s.screen = true;
        rotate_help[0] = 0;
        assert_true(session_line(&s, "help", &k));
        if (!strstr(rotate_help, cases[i][1]))
            fail_msg("%s: '%s' has no '%s'", cases[i][0], rotate_help, cases[i][1]);
        session_close(&s);
    }
}

int main(void)
{
    if (getenv("VARIANTS_DIR")) setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR"), 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_undo_pair),         cmocka_unit_test(test_computer_turn),
        cmocka_unit_test(test_undo_one),          cmocka_unit_test(test_replacing_refused),
        cmocka_unit_test(test_chat_kept),         cmocka_unit_test(test_view_player),
        cmocka_unit_test(test_view_player_three), cmocka_unit_test(test_help_rotate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
