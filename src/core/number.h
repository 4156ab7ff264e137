/* number.h — the one reader of decimal numbers in text from a user, a file or a peer: digits
 * only (no sign, blank, base prefix, exponent, infinity or locale), and bounded, so that no
 * run of digits, however long, can overflow: a number above its bound is reported as too
 * large, never wrapped. Every digit parser of cellmate goes through it. */
#ifndef CELLMATE_NUMBER_H
#define CELLMATE_NUMBER_H

#include <stdbool.h>

enum number_status {
    NUMBER_NONE,     /* no digit where a number was expected */
    NUMBER_OK,       /* read, within its bound */
    NUMBER_TOO_LARGE /* more than its bound (the caller says "number too large") */
};

/* The run of digits at *s, up to max (max >= 0): *s is moved past every digit of the run,
 * however many, so that an error can quote the whole of it; *out is set only when it is
 * NUMBER_OK. */
enum number_status number_scan(const char **s, long max, long *out);

/* The same for a run that also ends at `end` (a field of a longer text). */
enum number_status number_scan_to(const char **s, const char *end, long max, long *out);

/* The same with an optional '-' before the digits (never '+' or a blank): at most max
 * either side of zero. */
enum number_status number_scan_signed_to(const char **s, const char *end, long max, long *out);

/* Whether all of text is one number from lo to hi (lo >= 0). */
bool number_parse(const char *text, long lo, long hi, long *out);

/* A plain decimal number ("10", "0.5", ".5") at *s, with at most `decimals` digits after the
 * point and at most max: NUMBER_NONE also when it has more decimals than that; *s is moved
 * past it. */
enum number_status number_scan_decimal(const char **s, long max, int decimals, double *out);

/* Whether all of text is such a decimal number from lo to hi. */
bool number_parse_decimal(const char *text, double lo, double hi, int decimals, double *out);

#endif
