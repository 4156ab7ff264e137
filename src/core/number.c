/* number.c — bounded decimal numbers (see number.h). */
#include "number.h"

#include <stddef.h>

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

enum number_status number_scan_to(const char **s, const char *end, long max, long *out)
{
    const char *p = *s;
    long v = 0;
    bool large = false;
    if (p == end || !is_digit(*p)) return NUMBER_NONE;
    for (; p != end && is_digit(*p); p++) {
        int d = *p - '0';
        if (large || v > max / 10 || v * 10 > max - d)
            large = true; /* keep going: the whole run is passed */
        else
            v = v * 10 + d;
    }
    *s = p;
    if (large) return NUMBER_TOO_LARGE;
    *out = v;
    return NUMBER_OK;
}

enum number_status number_scan(const char **s, long max, long *out)
{
    return number_scan_to(s, NULL, max, out);
}

enum number_status number_scan_signed_to(const char **s, const char *end, long max, long *out)
{
    const char *p = *s;
    bool minus = p != end && *p == '-';
    if (minus) p++;
    long v;
    enum number_status st = number_scan_to(&p, end, max, &v);
    if (st == NUMBER_NONE) return st;
    *s = p;
    if (st == NUMBER_OK) *out = minus ? -v : v;
    return st;
}

bool number_parse(const char *text, long lo, long hi, long *out)
{
    long v;
    const char *p = text;
    if (number_scan(&p, hi, &v) != NUMBER_OK || *p || v < lo) return false;
    *out = v;
    return true;
}

enum number_status number_scan_decimal(const char **s, long max, int decimals, double *out)
{
    const char *p = *s;
    long whole = 0;
    enum number_status st = number_scan(&p, max, &whole);
    if (st == NUMBER_TOO_LARGE) {
        *s = p;
        return st;
    }
    double v = (double)whole, scale = 1;
    int after = 0;
    if (*p == '.') {
        for (p++; is_digit(*p); p++, after++) {
            if (after >= decimals) return NUMBER_NONE;
            scale /= 10;
            v += (*p - '0') * scale;
        }
    }
    if (st == NUMBER_NONE && !after) return NUMBER_NONE; /* "." alone */
    if (v > (double)max) return NUMBER_TOO_LARGE;
    *s = p;
    *out = v;
    return NUMBER_OK;
}

bool number_parse_decimal(const char *text, double lo, double hi, int decimals, double *out)
{
    double v;
    const char *p = text;
    if (number_scan_decimal(&p, (long)hi + 1, decimals, &v) != NUMBER_OK || *p || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}
