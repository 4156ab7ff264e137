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
    assert_int_equal(perft_report(&pos, 0, false, 0, slow_line, &s), 1);
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
    assert_int_equal(perft_report(&pos, 1, true, 0, slow_line, &s), 14);
    assert_int_equal(s.lines, 15);
    double secs = 0;
    unsigned long nps = 0;
    if (strcmp(s.last, "perft 1: 14 (too fast to time)")) {
        assert_int_equal(sscanf(s.last, "perft 1: 14 (%lf s, %lu nps)", &secs, &nps), 2);
        assert_true(secs < 0.2);
    }
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_too_fast),
        cmocka_unit_test(test_divide_lines_not_timed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
