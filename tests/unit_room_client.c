/* unit_room_client.c — the room client's held lines (client.h, room_client_send): chat goes out
 * at its pace without the caller ever waiting, a burst at once and the rest held in order; a
 * move is never held behind chat alone, an offer is, and a move after a held offer or answer
 * waits behind it; past MAX_ROOM_HELD lines a line is refused and
 * counted; a lost connection says how many held lines were not sent. The room is the other end
 * of a socket pair, read here. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <fcntl.h>
#include <unistd.h>

#include "cell_limits.h"
#include "clock.h"
#include "room/client.h"

#define BURST (MAX_CHAT_BURST / 2) /* the chat a client sends at once (client.c's pace) */

typedef struct {
    RoomClient c;
    int room; /* the room's end of the socket pair */
    char got[65536];
    size_t len;
} Fixture;

static int setup(void **st)
{
    Fixture *f = calloc(1, sizeof *f);
    int sv[2];
    assert_non_null(f);
    assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
    fcntl(sv[0], F_SETFL, O_NONBLOCK);
    fcntl(sv[1], F_SETFL, O_NONBLOCK);
    f->c.rfd = f->c.wfd = sv[0];
    f->c.seat = -1;
    f->room = sv[1];
    assert_true(linereader_init(&f->c.in, ROOM_EVENT_MAX));
    *st = f;
    return 0;
}

static int teardown(void **st)
{
    Fixture *f = *st;
    room_client_close(&f->c);
    if (f->room >= 0) close(f->room);
    free(f);
    return 0;
}

/* What the room has been sent since the last call, appended to f->got. */
static const char *heard(Fixture *f)
{
    ssize_t n;
    while ((n = read(f->room, f->got + f->len, sizeof f->got - 1 - f->len)) > 0)
        f->len += (size_t)n;
    f->got[f->len] = 0;
    return f->got;
}

static int count_lines(const char *s, const char *prefix)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, prefix)); p++) n++;
    return n;
}

/* Wait as a front end would: poll with the client's timeout, then serve it. */
static void serve_for(Fixture *f, double seconds)
{
    double until = steady_now() + seconds;
    while (steady_now() < until) {
        struct pollfd pf = {f->c.rfd, POLLIN, 0};
        poll(&pf, 1, room_client_poll_ms(&f->c, (int)((until - steady_now()) * 1000) + 1));
        room_client_io(&f->c, pf.revents, POLLOUT);
    }
}

static void burst_then_held_in_order(void **st)
{
    Fixture *f = *st;
    double t0 = steady_now();
    for (int i = 1; i <= BURST + 5; i++) assert_true(room_client_send(&f->c, "say line %02d", i));
    assert_true(steady_now() - t0 < 0.5); /* nobody waited */
    assert_int_equal(count_lines(heard(f), "say line"), BURST);
    assert_int_equal(f->c.nheld, 5);
    assert_int_equal(f->c.pending, BURST + 5); /* held lines are answered too, later */
    int ms = room_client_poll_ms(&f->c, -1);
    assert_true(ms > 0 && ms <= 1000 / MAX_CHAT_RATE + 100);
    assert_int_equal(room_client_poll_ms(&f->c, 10), 10);
    /* a move goes at once, ahead of the chat still held */
    assert_true(room_client_send(&f->c, "move e4"));
    assert_non_null(strstr(heard(f), "move e4\n"));
    /* an offer waits behind the chat */
    assert_true(room_client_send(&f->c, "draw"));
    assert_int_equal(f->c.nheld, 6);
    serve_for(f, 5.0 / (MAX_CHAT_RATE * 0.9) + 0.5);
    assert_int_equal(f->c.nheld, 0);
    assert_int_equal(room_client_poll_ms(&f->c, -1), -1);
    const char *got = heard(f);
    char want[64];
    const char *at = got;
    for (int i = 1; i <= BURST + 5; i++) {
        snprintf(want, sizeof want, "say line %02d\n", i);
        const char *p = strstr(at, want);
        assert_non_null(p);
        at = p;
    }
    assert_non_null(strstr(at, "draw\n")); /* after the last chat line */
}

/* Whether the room heard `a` first after it first heard `b` (both must have been heard). */
static bool heard_after(Fixture *f, const char *a, const char *b)
{
    const char *got = heard(f), *pa = strstr(got, a), *pb = strstr(got, b);
    return pa && pb && pa > pb;
}

/* A takeback asked behind held chat is asked before a move typed after it: the move waits
 * its turn, so the request still refers to the position it was typed in. */
static void move_waits_behind_held_offer(void **st)
{
    Fixture *f = *st;
    for (int i = 1; i <= BURST + 3; i++) assert_true(room_client_send(&f->c, "say line %02d", i));
    assert_true(room_client_send(&f->c, "undo"));
    assert_true(room_client_send(&f->c, "move e4"));
    assert_true(room_client_send(&f->c, "say after the move"));
    assert_null(strstr(heard(f), "move e4")); /* not ahead of the undo */
    assert_int_equal(f->c.nheld, 6);
    serve_for(f, 5.0 / (MAX_CHAT_RATE * 0.9) + 0.5);
    assert_int_equal(f->c.nheld, 0);
    char last[64];
    snprintf(last, sizeof last, "say line %02d\n", BURST + 3);
    assert_true(heard_after(f, "undo\n", last));
    assert_true(heard_after(f, "move e4\n", "undo\n"));
    assert_true(heard_after(f, "say after the move\n", "move e4\n"));
    /* once the offer has gone, a move overtakes held chat again */
    for (int i = 1; i <= BURST + 2; i++) assert_true(room_client_send(&f->c, "say more %02d", i));
    assert_true(f->c.nheld > 0);
    assert_true(room_client_send(&f->c, "resign"));
    assert_non_null(strstr(heard(f), "resign\n"));
    snprintf(last, sizeof last, "say more %02d\n", BURST + 2);
    assert_null(strstr(heard(f), last)); /* still held */
}

/* A draw offered and a "no" behind chat keep their order with the moves after them too. */
static void answers_keep_order_with_moves(void **st)
{
    Fixture *f = *st;
    for (int i = 1; i <= BURST + 1; i++) assert_true(room_client_send(&f->c, "say line %02d", i));
    assert_true(room_client_send(&f->c, "no"));
    assert_true(room_client_send(&f->c, "move e4"));
    assert_true(room_client_send(&f->c, "draw"));
    assert_true(room_client_send(&f->c, "move d4"));
    assert_null(strstr(heard(f), "move "));
    serve_for(f, 4.0 / (MAX_CHAT_RATE * 0.9) + 0.5);
    assert_int_equal(f->c.nheld, 0);
    assert_true(heard_after(f, "move e4\n", "no\n"));
    assert_true(heard_after(f, "draw\n", "move e4\n"));
    assert_true(heard_after(f, "move d4\n", "draw\n"));
}

static void held_bounded_then_refused(void **st)
{
    Fixture *f = *st;
    for (int i = 0; i < BURST + MAX_ROOM_HELD; i++)
        assert_true(room_client_send(&f->c, "say line %d", i));
    assert_int_equal(f->c.nheld, MAX_ROOM_HELD);
    assert_false(room_client_send(&f->c, "say one too many"));
    assert_false(room_client_send(&f->c, "draw"));
    assert_int_equal(f->c.refused, 2);
    assert_int_equal(f->c.pending, BURST + MAX_ROOM_HELD);
    assert_true(room_client_send(&f->c, "move e4")); /* never held: still goes */
    assert_null(strstr(heard(f), "one too many"));
    /* the room goes away: the lines held are said to be lost */
    close(f->room);
    f->room = -1;
    serve_for(f, 0.05);
    assert_true(f->c.closed);
    char want[64];
    assert_true(f->c.nheld > MAX_ROOM_HELD / 2); /* (as many as had not gone by then) */
    snprintf(want, sizeof want, "; %d lines waiting to go to the room were not sent", f->c.nheld);
    assert_non_null(strstr(f->c.why, want));
    assert_false(room_client_send(&f->c, "say after"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(burst_then_held_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(move_waits_behind_held_offer, setup, teardown),
        cmocka_unit_test_setup_teardown(answers_keep_order_with_moves, setup, teardown),
        cmocka_unit_test_setup_teardown(held_bounded_then_refused, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
