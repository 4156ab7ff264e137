/* clock.c — chess clocks (see clock.h). */
#include "clock.h"
#include "number.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* A plain decimal number ("10", "0.5"): at most 9 digits before the point and 3 after; *end
 * is set past it. False when there is none (number.h: no signs, exponents, hexadecimal,
 * infinities or locale-dependent points, which strtod would take). */
static bool read_decimal(const char *s, double *out, const char **end)
{
    if (number_scan_decimal(&s, 999999999, 3, out) != NUMBER_OK) return false;
    *end = s;
    return true;
}

bool tc_parse(const char *text, TimeControl *tc, char *err, int errlen)
{
    double minutes = 0, seconds = 0;
    const char *p = text;
    memset(tc, 0, sizeof *tc);
    if (*p == '/') {
        if (!read_decimal(p + 1, &seconds, &p) || *p || seconds < 1 ||
            seconds > CLOCK_MAX_SECONDS) {
            snprintf(err, errlen, "'%s': a time per move is '/' and 1 to %d seconds, such as /30",
                     text, CLOCK_MAX_SECONDS);
            return false;
        }
        tc->kind = CLOCK_MOVE;
        tc->base_ms = (long)(seconds * 1000 + 0.5);
        return true;
    }
    bool ok = read_decimal(p, &minutes, &p);
    if (ok && *p == '+') ok = read_decimal(p + 1, &seconds, &p);
    if (!ok || *p || minutes * 60 < 1 || minutes > CLOCK_MAX_MINUTES ||
        seconds > CLOCK_MAX_SECONDS) {
        snprintf(err, errlen,
                 "'%s': a clock is MINUTES[+SECONDS] (such as 10+5 or 3; at most %d minutes "
                 "and %d seconds of increment) or /SECONDS per move",
                 text, CLOCK_MAX_MINUTES, CLOCK_MAX_SECONDS);
        return false;
    }
    tc->kind = CLOCK_GAME;
    tc->base_ms = (long)(minutes * 60000 + 0.5);
    tc->inc_ms = (long)(seconds * 1000 + 0.5);
    return true;
}

/* value/unit as the shortest decimal text: "30", "0.5", "1.25". */
static void decimal_text(long value, long unit, char *out, size_t len)
{
    snprintf(out, len, "%.3f", (double)value / (double)unit);
    size_t n = strlen(out);
    while (n && out[n - 1] == '0') out[--n] = 0;
    if (n && out[n - 1] == '.') out[--n] = 0;
}

static void seconds_text(long ms, char *out, size_t len)
{
    decimal_text(ms, 1000, out, len);
}

void tc_to_pgn(const TimeControl *tc, char *out, size_t len)
{
    char a[32], b[32];
    seconds_text(tc->base_ms, a, sizeof a);
    seconds_text(tc->inc_ms, b, sizeof b);
    if (tc->kind == CLOCK_MOVE)
        snprintf(out, len, "1/%s", a);
    else if (tc->kind == CLOCK_GAME && tc->inc_ms)
        snprintf(out, len, "%s+%s", a, b);
    else if (tc->kind == CLOCK_GAME)
        snprintf(out, len, "%s", a);
    else
        snprintf(out, len, "-");
}

bool tc_from_pgn(const char *text, TimeControl *tc)
{
    double base, inc = 0;
    const char *p = text;
    memset(tc, 0, sizeof *tc);
    if (!strncmp(p, "1/", 2)) {
        if (!read_decimal(p + 2, &base, &p) || *p || base < 1 || base > CLOCK_MAX_SECONDS)
            return false;
        tc->kind = CLOCK_MOVE;
        tc->base_ms = (long)(base * 1000 + 0.5);
        return true;
    }
    if (!read_decimal(p, &base, &p)) return false;
    if (*p == '+' && !read_decimal(p + 1, &inc, &p)) return false;
    if (*p || base < 1 || base > CLOCK_MAX_MINUTES * 60 || inc > CLOCK_MAX_SECONDS) return false;
    tc->kind = CLOCK_GAME;
    tc->base_ms = (long)(base * 1000 + 0.5);
    tc->inc_ms = (long)(inc * 1000 + 0.5);
    return true;
}

void tc_describe(const TimeControl *tc, char *out, size_t len)
{
    char a[32], b[32];
    seconds_text(tc->inc_ms, b, sizeof b);
    if (tc->kind == CLOCK_NONE) {
        snprintf(out, len, "none");
    } else if (tc->kind == CLOCK_MOVE) {
        seconds_text(tc->base_ms, a, sizeof a);
        snprintf(out, len, "/%s", a);
    } else {
        decimal_text(tc->base_ms, 60000, a, sizeof a);
        if (tc->inc_ms)
            snprintf(out, len, "%s+%s", a, b);
        else
            snprintf(out, len, "%s", a);
    }
}

void clock_reset(Clock *c, const TimeControl *tc, int nplayers)
{
    memset(c, 0, sizeof *c);
    c->tc = *tc;
    c->nplayers = nplayers;
    for (int p = 0; p < nplayers; p++) c->left[p] = tc->base_ms;
    c->running = -1;
}

static long used_ms(const Clock *c, double now)
{
    double d = (now - c->since) * 1000;
    return d > 0 ? (long)d : 0;
}

void clock_stop(Clock *c, double now)
{
    if (c->running < 0) return;
    long left = c->left[c->running] - used_ms(c, now);
    c->left[c->running] = left > 0 ? left : 0;
    c->running = -1;
}

void clock_run(Clock *c, int p, double now)
{
    if (c->tc.kind == CLOCK_NONE || p < 0 || p >= c->nplayers) return;
    clock_stop(c, now);
    if (c->tc.kind == CLOCK_MOVE) c->left[p] = c->tc.base_ms;
    c->running = p;
    c->since = now;
}

long clock_press(Clock *c, double now)
{
    int p = c->running;
    if (p < 0) return -1;
    clock_stop(c, now);
    if (c->tc.kind == CLOCK_GAME) c->left[p] += c->tc.inc_ms;
    if (c->tc.kind == CLOCK_MOVE) c->left[p] = c->tc.base_ms;
    return c->left[p];
}

long clock_left(const Clock *c, int p, double now)
{
    if (p < 0 || p >= c->nplayers) return 0;
    long left = c->left[p] - (p == c->running ? used_ms(c, now) : 0);
    return left > 0 ? left : 0;
}

int clock_flag(const Clock *c, double now)
{
    if (c->running < 0 || c->tc.kind == CLOCK_NONE) return -1;
    return clock_left(c, c->running, now) <= 0 ? c->running : -1;
}

double clock_think_share(const Clock *c, int p, double now)
{
    if (c->tc.kind == CLOCK_NONE) return 0;
    double left = clock_left(c, p, now) / 1000.0;
    double share = c->tc.kind == CLOCK_MOVE ? left / 2 : left / 30 + c->tc.inc_ms / 2000.0;
    if (share > left / 2) share = left / 2; /* an increment larger than the time left */
    return share > 0.05 ? share : 0.05;
}

long clock_until_flag(const Clock *c, double now)
{
    if (c->running < 0 || c->tc.kind == CLOCK_NONE) return -1;
    return clock_left(c, c->running, now);
}

/* A reading, on the screen as in a record, never shows more time than was left: it is
 * rounded down (the flag falls when it reads 0:00.0), and under twenty seconds, where the
 * flag is near, it shows tenths. */
#define TENTHS_BELOW_MS 20000

void clock_format(long ms, char *out, size_t len)
{
    if (ms < 0) ms = 0;
    if (ms < TENTHS_BELOW_MS) {
        snprintf(out, len, "0:%02ld.%ld", ms / 1000, ms % 1000 / 100);
        return;
    }
    long s = ms / 1000;
    if (s >= 3600)
        snprintf(out, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    else
        snprintf(out, len, "%ld:%02ld", s / 60, s % 60);
}

void clock_format_clk(long ms, char *out, size_t len)
{
    if (ms < 0) ms = 0;
    /* rounded down, as the screen shows it; but a clock with time left never reads 0, which
     * a record reads as the flag fallen (a move made with 50 ms left was a loss on time) */
    if (ms > 0 && ms < 100) ms = 100;
    long s = ms / 1000;
    if (ms < TENTHS_BELOW_MS)
        snprintf(out, len, "0:00:%02ld.%ld", s, ms % 1000 / 100);
    else
        snprintf(out, len, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
}

bool clock_parse_clk(const char *text, long *ms)
{
    long part[3] = {0, 0, 0};
    int n = 0;
    const char *p = text;
    for (;;) {
        long v;
        if (number_scan(&p, 9999, &v) != NUMBER_OK || n == 3) return false;
        part[n++] = v;
        if (*p != ':') break;
        p++;
    }
    if (n < 2) return false;
    long h = n == 3 ? part[0] : 0, m = part[n - 2], s = part[n - 1];
    if (m > 59 && n == 3) return false;
    if (s > 59) return false;
    long frac = 0;
    if (*p == '.') {
        p++;
        long scale = 100;
        int digits = 0;
        while (isdigit((unsigned char)*p) && digits < 3)
            frac += (*p++ - '0') * scale, scale /= 10, digits++;
        if (!digits) return false;
        while (isdigit((unsigned char)*p)) p++;
    }
    if (*p) return false;
    *ms = ((h * 60 + m) * 60 + s) * 1000 + frac;
    return true;
}
