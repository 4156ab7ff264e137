/* unit_perft.c — the last line of the perft report (src/core/perft.c): a count too short to
 * time shows no rate, and the time the divide lines take to show (a slow terminal) is not
 * counted as counting time. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "perft.h"
#include "testutil.h"

typedef struct {
    char last[160];
    int lines;
    long sleep_ns; /* how long each line takes to show */
} Sink;

static void slow_line(void *ctx, const char *line)
{
    Sink *s = ctx;
    struct timespec ts = {0, s->sleep_ns};
    if (s->sleep_ns) nanosleep(&ts, NULL);
    snprintf(s->last, sizeof s->last, "%s", line);
    s->lines++;
}

static void test_too_fast(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    pos_init(&pos, v);
    Sink s = {.sleep_ns = 0};
    assert_int_equal(perft_report(&pos, 0, false, 0, &(PerftOut){slow_line, NULL, &s}), 1);
    assert_string_equal(s.last, "perft 0: 1 (too fast to time)");
    variant_free(v);
}

static void test_divide_lines_not_timed(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    pos_init(&pos, v);
    /* 14 lines of 30 ms each: 0.42 s showing them, and microseconds counting (a few ms under
     * valgrind, which may then time them): the time shown, if any, is far below 0.42 s */
    Sink s = {.sleep_ns = 30000000};
    assert_int_equal(perft_report(&pos, 1, true, 0, &(PerftOut){slow_line, NULL, &s}), 14);
    assert_int_equal(s.lines, 15);
    double secs = 0;
    unsigned long nps = 0;
    if (strcmp(s.last, "perft 1: 14 (too fast to time)")) {
        assert_int_equal(sscanf(s.last, "perft 1: 14 (%lf s, %lu nps)", &secs, &nps), 2);
        assert_true(secs < 0.2);
    }
    variant_free(v);
}

/* The progress a front end shows: every first move in turn, then each of its replies, the
 * leaves so far growing to the count. */
typedef struct {
    PerftProgress last;
    int calls, firsts;
    bool growing;
} Progress;

static void note_progress(void *ctx, const PerftProgress *p)
{
    Progress *g = ctx;
    if (g->calls && p->leaves < g->last.leaves) g->growing = false;
    if (!p->reply) {
        g->firsts++;
        if (p->move != g->firsts) g->growing = false;
    }
    g->last = *p;
    g->calls++;
}

static void no_line(void *ctx, const char *line)
{
    (void)ctx, (void)line;
}

static void test_progress(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    pos_init(&pos, v);
    Progress g = {.growing = true};
    PerftOut out = {no_line, note_progress, &g};
    /* perft 4 from the start: 14 first moves, 14 replies to each (perft 2 is 196) */
    assert_int_equal(perft_report(&pos, 4, false, 0, &out), 47542);
    assert_true(g.growing);
    assert_int_equal(g.firsts, 14);
    assert_int_equal(g.calls, 14 + 196);
    assert_int_equal(g.last.depth, 4);
    assert_int_equal(g.last.move, 14);
    assert_int_equal(g.last.moves, 14);
    assert_int_equal(g.last.reply, g.last.replies);
    assert_int_equal(g.last.leaves, 47542);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_too_fast),
        cmocka_unit_test(test_divide_lines_not_timed),
        cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
