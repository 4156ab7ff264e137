/* unit_room_proto.c — the room protocol's pieces: the line reader (lines split however the
 * bytes arrive, "\r\n", over-long lines skipped to their end, control bytes, an endless
 * line as garbage), the names it allows, chat text cleaned of control bytes and broken
 * UTF-8, every request's form and its errors, and the events' forms. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "room/describe.h"
#include "room/proto.h"
#include "session.h"

static void feed(LineReader *r, const char *data, size_t n)
{
    while (n) {
        size_t room;
        char *at = linereader_space(r, &room);
        assert_true(room > 0);
        size_t take = n < room ? n : room;
        memcpy(at, data, take);
        linereader_added(r, take);
        data += take;
        n -= take;
    }
}

static void test_lines(void **state)
{
    (void)state;
    LineReader r;
    char out[17];
    assert_true(linereader_init(&r, 16));
    assert_int_equal(linereader_next(&r, out), LINE_NONE);
    feed(&r, "hel", 3);
    assert_int_equal(linereader_next(&r, out), LINE_NONE); /* half a line waits */
    feed(&r, "lo\r\nping\n", 9);
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "hello");
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "ping");
    assert_int_equal(linereader_next(&r, out), LINE_NONE);
    feed(&r, "a\tb\n", 4);
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "a b"); /* a tab is a blank */
    feed(&r, "exactly16bytes..\r\n", 18);
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "exactly16bytes..");

    /* one byte too many: refused once, skipped to its end, the next line is whole */
    feed(&r, "seventeen bytes..", 17);
    feed(&r, "x", 1);
    assert_int_equal(linereader_next(&r, out), LINE_TOO_LONG);
    size_t room;
    linereader_space(&r, &room);
    feed(&r, "more of it\nok\n", 14);
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "ok");

    /* one byte over with its newline in the same read (found by the fuzzer) */
    feed(&r, "seventeen bytes..\n", 18);
    assert_int_equal(linereader_next(&r, out), LINE_TOO_LONG);
    feed(&r, "ok\n", 3);
    assert_int_equal(linereader_next(&r, out), LINE_OK);
    assert_string_equal(out, "ok");

    feed(&r, "a\001b\n", 4);
    assert_int_equal(linereader_next(&r, out), LINE_CONTROL);
    feed(&r, "nul\0x\n", 6);
    assert_int_equal(linereader_next(&r, out), LINE_CONTROL);
    feed(&r, "del\177\n", 5);
    assert_int_equal(linereader_next(&r, out), LINE_CONTROL);
    feed(&r, "fine\n", 5);
    assert_int_equal(linereader_next(&r, out), LINE_OK);

    /* an endless line: garbage once ROOM_GARBAGE_MAX bytes went by */
    char junk[4096];
    memset(junk, 'j', sizeof junk);
    enum line_status st = LINE_NONE;
    size_t sent = 0;
    bool too_long = false;
    while (st != LINE_GARBAGE && sent < 2 * ROOM_GARBAGE_MAX) {
        size_t n;
        char *at = linereader_space(&r, &n);
        n = n < sizeof junk ? n : sizeof junk;
        memcpy(at, junk, n);
        linereader_added(&r, n);
        sent += n;
        while ((st = linereader_next(&r, out)) == LINE_TOO_LONG) too_long = true;
    }
    assert_true(too_long);
    assert_int_equal(st, LINE_GARBAGE);
    assert_true(sent > ROOM_GARBAGE_MAX && sent < ROOM_GARBAGE_MAX + 4096 + 32);
    linereader_free(&r);
}

static void test_names(void **state)
{
    (void)state;
    /* a player's name may be as long as a restricted player's (MAX_PLAIN_NAME, 32) */
    const char *good[] = {"alice", "Bob_2", "x", "a.b-c", "abcdefghijklmnopqrstuvwxyz012345"};
    const char *bad[] = {
        "",         "-alice",   ".hidden", "a b", "a/b", "abcdefghijklmnopqrstuvwxyz0123456",
        "cellmate", "CellMate", "é",       "a;b", "a\nb"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_true(room_valid_player(good[i]));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (room_valid_player(bad[i])) fail_msg("'%s' taken as a name", bad[i]);
    assert_true(room_valid_room("friday"));
    assert_true(room_valid_room("game-2_b"));
    assert_false(room_valid_room("a.b"));
    assert_false(room_valid_room("../x"));
    assert_false(room_valid_room("-x"));
    assert_false(room_valid_room("x:y"));
    assert_false(room_valid_room("abcdefghijklmnopqrstuvwxyz0123456"));
    assert_true(room_valid_variant("hr-mccooey3-foh"));
    assert_false(room_valid_variant("glinski.ini"));
    assert_false(room_valid_variant("/etc/passwd"));
    assert_false(room_valid_variant("~/x"));
}

/* The seat states' words, as the seat events and --rooms say them, and read back. */
static void test_seat_words(void **state)
{
    (void)state;
    const char *words[] = {"empty", "here", "away", "ai"};
    enum seat_state states[] = {SEAT_STATE_EMPTY, SEAT_STATE_HERE, SEAT_STATE_AWAY, SEAT_STATE_AI};
    for (size_t i = 0; i < 4; i++) {
        assert_string_equal(room_seat_word(states[i]), words[i]);
        assert_int_equal(room_seat_state(words[i]), states[i]);
    }
    assert_int_equal(room_seat_state("Here"), -1);
    assert_int_equal(room_seat_state(""), -1);
    assert_int_equal(room_seat_state("computer"), -1);
}

static void test_clean_text(void **state)
{
    (void)state;
    char out[ROOM_SAY_MAX + 1];
    room_clean_text("hi \xc3\xa9t\xc3\xa9 \xe2\x82\xac", out, sizeof out);
    assert_string_equal(out, "hi \xc3\xa9t\xc3\xa9 \xe2\x82\xac");
    room_clean_text("\xff\xfe\x1b[2J\x7f", out, sizeof out);
    assert_string_equal(out, "???[2J?");
    room_clean_text("\xc3", out, sizeof out); /* cut short */
    assert_string_equal(out, "?");
    room_clean_text("\xed\xa0\x80 \xf4\x90\x80\x80 \xc0\xaf", out,
                    sizeof out); /* surrogate, >U+10FFFF, overlong */
    assert_string_equal(out, "??? ???? ??");
    char long_text[400];
    memset(long_text, 'a', sizeof long_text);
    long_text[sizeof long_text - 1] = 0;
    room_clean_text(long_text, out, sizeof out);
    assert_int_equal(strlen(out), ROOM_SAY_MAX);
    /* a cut never splits a character */
    char accents[400] = "";
    for (int i = 0; i < 150; i++) strcat(accents, "\xc3\xa9");
    room_clean_text(accents, out, sizeof out);
    assert_int_equal(strlen(out), ROOM_SAY_MAX);
    room_clean_text("a"
                    "\xc3\xa9\xc3\xa9",
                    out, 4);
    assert_string_equal(out, "a\xc3\xa9");
}

/* A room's reason (a bye's) is kept whole, as long as a line may be, cleaned as chat is. */
static void test_clean_reason(void **state)
{
    (void)state;
    static char long_text[ROOM_EVENT_MAX], out[ROOM_EVENT_MAX];
    memset(long_text, 'a', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = 0;
    long_text[300] = '\x1b';
    room_clean_reason(long_text, out, sizeof out);
    assert_int_equal(strlen(out), ROOM_EVENT_MAX - 1);
    assert_int_equal(out[300], '?');
    room_clean_reason(long_text, out, 10); /* bounded by its buffer */
    assert_string_equal(out, "aaaaaaaaa");
}

static void test_requests(void **state)
{
    (void)state;
    RoomRequest rq;
    room_parse_request("hello 1 alice Red", &rq);
    assert_int_equal(rq.kind, REQ_HELLO);
    assert_int_equal(rq.version, 1);
    assert_string_equal(rq.name, "alice");
    assert_string_equal(rq.seat, "Red");
    room_parse_request("hello 1 alice", &rq);
    assert_string_equal(rq.seat, "any");
    /* refusals of a hello are said whole */
    room_parse_request("hello 1 x a b", &rq);
    assert_int_equal(rq.kind, REQ_BAD);
    assert_string_equal(rq.error, "hello VERSION NAME [SEAT|any|watch]: too many words");
    room_parse_request("hello one x", &rq);
    assert_string_equal(rq.error, "hello VERSION NAME [SEAT|any|watch]: the version is a number");
    room_parse_request("hello 1 -x", &rq);
    assert_string_equal(rq.error, "a player's name begins with a letter, a digit or '_'");
    room_parse_request("  move   e3-f6  ", &rq);
    assert_int_equal(rq.kind, REQ_MOVE);
    assert_string_equal(rq.text, "e3-f6");
    room_parse_request("say hello   there", &rq);
    assert_int_equal(rq.kind, REQ_SAY);
    assert_string_equal(rq.text, "hello   there");
    room_parse_request("ai Blue", &rq);
    assert_int_equal(rq.kind, REQ_AI);
    assert_string_equal(rq.seat, "Blue");
    room_parse_request("level 3", &rq);
    assert_int_equal(rq.kind, REQ_LEVEL);
    assert_string_equal(rq.seat, "3");
    /* a request of one word says what its word is */
    room_parse_request("level 3 4", &rq);
    assert_int_equal(rq.kind, REQ_BAD);
    assert_string_equal(rq.error, "'level' takes one level, a whole number");
    room_parse_request("ai Red Blue", &rq);
    assert_string_equal(rq.error, "'ai' takes one side's name (or off)");
    /* sit: a side, or alone the first empty seat, as hello's any */
    room_parse_request("sit Black", &rq);
    assert_int_equal(rq.kind, REQ_SIT);
    assert_string_equal(rq.seat, "Black");
    assert_string_equal(room_request_verb(rq.kind), "sit");
    room_parse_request("sit  ", &rq);
    assert_int_equal(rq.kind, REQ_SIT);
    assert_string_equal(rq.seat, "any");
    room_parse_request("sit Red Blue", &rq);
    assert_int_equal(rq.kind, REQ_BAD);
    assert_string_equal(rq.error,
                        "'sit' takes one side's name, or nothing for the first empty seat");
    static const char *const sit_bad[] = {"SIT", "sit any more", "sit Red Blue"};
    for (size_t i = 0; i < sizeof sit_bad / sizeof sit_bad[0]; i++) {
        room_parse_request(sit_bad[i], &rq);
        if (rq.kind != REQ_BAD) fail_msg("'%s' was taken", sit_bad[i]);
    }
    struct {
        const char *line;
        enum room_request kind;
    } plain[] = {{"draw", REQ_DRAW},     {"undo", REQ_UNDO}, {"no", REQ_NO},
                 {"resign", REQ_RESIGN}, {"new", REQ_NEW},   {"sync", REQ_SYNC},
                 {"info", REQ_INFO},     {"ping", REQ_PING}, {"quit", REQ_QUIT}};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
        room_parse_request(plain[i].line, &rq);
        assert_int_equal(rq.kind, plain[i].kind);
        assert_string_equal(room_request_verb(rq.kind), plain[i].line);
    }
    const char *bad[] = {
        "",           "frob",       "MOVE e4",       "move",         "say",
        "draw now",   "ai",         "ai Red Blue",   "hello",        "hello x alice",
        "hello 1",    "hello 1 -x", "hello 1 a b c", "hello 1234 a", "hello 1 cellmate",
        "quit please"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        room_parse_request(bad[i], &rq);
        if (rq.kind != REQ_BAD) fail_msg("'%s' was taken", bad[i]);
        assert_true(rq.error[0]);
    }
    /* a hello's errors are said whole, the name's length as a number */
    room_parse_request("hello x alice", &rq);
    assert_string_equal(rq.error, "hello VERSION NAME [SEAT|any|watch]: the version is a number");
    /* and a name's, with its real reason */
    static const struct {
        const char *line, *why;
    } names[] = {
        {"hello 1 -x", "a player's name begins with a letter, a digit or '_'"},
        {"hello 1 .x", "a player's name begins with a letter, a digit or '_'"},
        {"hello 1 Cellmate", "cellmate is the computer's name in a room's records"},
        {"hello 1 a,b", "a player's name has only letters, digits, '.', '_' and '-'"},
        {"hello 1 abcdefghijklmnopqrstuvwxyz0123456",
         "a player's name is at most 32 characters (this one has 33)"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        room_parse_request(names[i].line, &rq);
        assert_int_equal(rq.kind, REQ_BAD);
        assert_string_equal(rq.error, names[i].why);
    }
    char why[96];
    assert_false(room_player_name_ok("", why, sizeof why));
    assert_string_equal(why, "a player's name cannot be empty");
    assert_true(room_player_name_ok("abcdefghijklmnopqrstuvwxyz012345", why, sizeof why));
    room_parse_request("hello 1 a b c", &rq);
    assert_string_equal(rq.error, "hello VERSION NAME [SEAT|any|watch]: too many words");
}

/* The offers' words: each is the request that makes it (room_parse_request reads it), and
 * only they are offers' (the client checks the offer, agreed and refused events by them). */
static void test_offer_words(void **state)
{
    (void)state;
    static const enum room_request made_by[OFFER_KINDS] = {
        [OFFER_DRAW] = REQ_DRAW, [OFFER_UNDO] = REQ_UNDO, [OFFER_NEW] = REQ_NEW};
    for (int k = OFFER_NONE + 1; k < OFFER_KINDS; k++) {
        const RoomOffer *o = &room_offers[k];
        RoomRequest rq;
        room_parse_request(o->word, &rq);
        assert_int_equal(rq.kind, made_by[k]);
        assert_int_equal(room_offer_of(o->word), k);
        assert_non_null(o->thing), assert_non_null(o->made), assert_non_null(o->theirs);
        assert_non_null(o->yours), assert_non_null(o->making), assert_non_null(o->waiting);
    }
    static const char *const others[] = {"", "no", "Draw", "drawn", "resign", "takeback", "n"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        assert_int_equal(room_offer_of(others[i]), OFFER_NONE);
}

/* The requests every client hears of, asked by kind as both ends ask: the server of the
 * kind it parsed, the client of the kind of a line it is about to send. */
static void test_heard_by_all(void **state)
{
    (void)state;
    for (int k = REQ_HELLO; k <= REQ_BAD; k++) {
        enum room_request kind = (enum room_request)k;
        bool loud = kind == REQ_SAY || kind == REQ_DRAW || kind == REQ_UNDO || kind == REQ_NO ||
                    kind == REQ_AI || kind == REQ_NEW || kind == REQ_LEVEL || kind == REQ_SIT;
        if (room_request_heard_by_all(kind) != loud)
            fail_msg("'%s' heard by all: %d", room_request_verb(kind), !loud);
    }
    struct {
        const char *line;
        bool loud;
    } lines[] = {{"say hello", true}, {"ai Blue", true}, {"new", true},  {"move e4", false},
                 {"ping", false},     {"say", false},    {"ai", false},  {"new game", false},
                 {"frob", false},     {"draw", true},    {"undo", true}, {"no", true},
                 {"level 3", true},   {"level", false},  {"sit", true},  {"sit Black", true},
                 {"sit a b", false}};
    RoomRequest rq;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        room_parse_request(lines[i].line, &rq);
        if (room_request_heard_by_all(rq.kind) != lines[i].loud)
            fail_msg("'%s' heard by all: %d", lines[i].line, !lines[i].loud);
    }
}

static void test_events(void **state)
{
    (void)state;
    char *a[6];
    int n;
    char line[200];
    snprintf(line, sizeof line, "move 12 Nf6+ 581000");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_MOVE);
    assert_int_equal(n, 3);
    assert_string_equal(a[1], "Nf6+");
    snprintf(line, sizeof line, "say alice hello  there");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_SAY);
    assert_string_equal(a[0], "alice");
    assert_string_equal(a[1], "hello  there");
    snprintf(line, sizeof line, "clock 1000 2000 3000 Red");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_CLOCK);
    assert_int_equal(n, 4);
    snprintf(line, sizeof line, "setup rnb/ppp w - 0 1");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_SETUP);
    assert_string_equal(a[0], "rnb/ppp w - 0 1");
    snprintf(line, sizeof line, "drawn");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_DRAWN);
    snprintf(line, sizeof line, "tag Event cellmate room duel");
    assert_int_equal(room_parse_event(line, a, 6, &n), EV_TAG);
    assert_string_equal(a[0], "Event");
    assert_string_equal(a[1], "cellmate room duel");
    const char *bad[] = {
        "move 12 Nf6", "move 1 e4 - extra",    "drawn now", "clock 5", "seat Red", "frob", "",
        "tag Event",   "clock 1 2 3 4 5 6 7 8"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "%s", bad[i]);
        if (room_parse_event(line, a, 6, &n) != EV_BAD) fail_msg("'%s' was taken", bad[i]);
    }
}

/* The seat of a hello, one check for the server and for a client about to make a room: a
 * side in any case, any or watch (-1); else the refusal, listing the sides. */
static void test_hello_seat(void **state)
{
    (void)state;
    Session s;
    char err[300];
    int side = 7;
    assert_true(session_open(&s, "cyclohexane", NULL, err, sizeof err));
    assert_true(room_hello_seat(s.v, "Yellow", &side, err, sizeof err));
    assert_int_equal(side, 1);
    assert_true(room_hello_seat(s.v, "blue", &side, err, sizeof err));
    assert_int_equal(side, 2);
    assert_true(room_hello_seat(s.v, "any", &side, err, sizeof err));
    assert_int_equal(side, -1);
    assert_true(room_hello_seat(s.v, "watch", &side, err, sizeof err));
    assert_int_equal(side, -1);
    assert_false(room_hello_seat(s.v, "White", &side, err, sizeof err));
    assert_string_equal(err, "no side 'White' in this game (Red, Yellow, Blue, any or watch)");
    assert_false(room_hello_seat(s.v, "Any", &side, err, sizeof err)); /* (the words as sent) */
    assert_false(room_hello_seat(s.v, "", &side, err, sizeof err));
    assert_string_equal(err, "no side '' in this game (Red, Yellow, Blue, any or watch)");
    session_close(&s);
}

/* A player out of a three-player game that goes on is listed as out, not by its seat's
 * connection. */
static void test_describe_out(void **state)
{
    (void)state;
    Session s;
    char err[300], line[512];
    assert_true(session_open(&s, "cyclohexane", NULL, err, sizeof err));
    Sink quiet = {sink_discard, sink_discard, NULL};
    assert_true(session_line(&s, "resign", &quiet)); /* Red, to move, leaves the game */
    const char *names[] = {"alice", "bob", "carol"}, *states[] = {"away", "here", "here"};
    room_describe(line, sizeof line, "tri", &s, names, states, 1);
    assert_string_equal(line, "tri: cyclohexane, move 1, Yellow to move; Red alice (out), "
                              "Yellow bob (here), Blue carol (here); 1 watching");
    session_close(&s);
}

int main(void)
{
    if (getenv("VARIANTS_DIR")) setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR"), 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines),        cmocka_unit_test(test_names),
        cmocka_unit_test(test_seat_words),   cmocka_unit_test(test_clean_text),
        cmocka_unit_test(test_clean_reason), cmocka_unit_test(test_requests),
        cmocka_unit_test(test_heard_by_all), cmocka_unit_test(test_events),
        cmocka_unit_test(test_offer_words),  cmocka_unit_test(test_describe_out),
        cmocka_unit_test(test_hello_seat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
