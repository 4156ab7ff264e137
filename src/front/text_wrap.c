/* text_wrap.c — lines of text broken at blanks to fit a width (see text_wrap.h). */
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* wcwidth */
#endif
#include "text_wrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* The bytes of the character at s (not at its end) and, in *cols, the columns it takes.
 * What the locale cannot read (UTF-8 in the C locale, a stray byte) is one column, its
 * bytes those of a well-formed UTF-8 sequence or the byte alone, so that no sequence is cut
 * even then. */
static size_t next_char(const char *s, int *cols)
{
    mbstate_t st;
    wchar_t wc;
    memset(&st, 0, sizeof st);
    size_t n = mbrtowc(&wc, s, strnlen(s, MB_CUR_MAX), &st);
    if (n != (size_t)-1 && n != (size_t)-2 && n != 0) {
        int w = wcwidth(wc);
        *cols = w < 0 ? 1 : w; /* (a control character is shown, not sent: see safe_text) */
        return n;
    }
    const unsigned char *u = (const unsigned char *)s;
    size_t len = u[0] >= 0xc2 && u[0] <= 0xdf   ? 2
                 : u[0] >= 0xe0 && u[0] <= 0xef ? 3
                 : u[0] >= 0xf0 && u[0] <= 0xf4 ? 4
                                                : 1;
    for (size_t i = 1; i < len; i++)
        if ((u[i] & 0xc0) != 0x80) len = 1;
    *cols = 1;
    return len;
}

int text_columns(const char *s)
{
    int cols = 0, w;
    while (*s) {
        s += next_char(s, &w);
        cols += w;
    }
    return cols;
}

/* The bytes of s that fit in width columns and in at most `bytes` bytes. */
static size_t fit_within(const char *s, int width, size_t bytes)
{
    size_t used = 0;
    int cols = 0, w;
    while (s[used]) {
        size_t n = next_char(s + used, &w);
        if (cols + w > width || used + n > bytes) break;
        used += n;
        cols += w;
    }
    return used;
}

size_t text_fit(const char *s, int width)
{
    return fit_within(s, width, (size_t)-1);
}

int text_columns_n(const char *s, size_t bytes)
{
    int cols = 0, w;
    for (size_t at = 0; at < bytes && s[at]; cols += w) at += next_char(s + at, &w);
    return cols;
}

size_t text_fit_end(const char *s, size_t bytes, int width)
{
    size_t start = 0, at = 0; /* the characters [start, at) are the ones kept so far */
    int cols = 0, w;
    while (at < bytes && s[at]) {
        at += next_char(s + at, &w);
        cols += w;
        while (cols > width && start < at) { /* the oldest goes */
            start += next_char(s + start, &w);
            cols -= w;
        }
    }
    /* (bytes inside a character that went whole: none of it is kept) */
    return start >= bytes ? 0 : (at > bytes ? bytes : at) - start;
}

void text_pad(char *out, size_t len, const char *s, int width)
{
    size_t take = text_fit(s, width);
    int blanks = width - text_columns_n(s, take);
    snprintf(out, len, "%.*s%*s", (int)take, s, blanks > 0 ? blanks : 0, "");
}

int text_wrap(char *const *lines, int n, char (*out)[WRAP_LINE], int max, int width, int indent)
{
    int m = 0;
    for (int i = 0; i < n && m < max; i++) {
        const char *p = lines[i];
        if (!*p) {
            out[m++][0] = 0;
            continue;
        }
        while (*p && m < max) {
            int lead = p == lines[i] ? 0 : indent, room = width - lead, w;
            size_t take = fit_within(p, room, (size_t)(WRAP_LINE - 1 - lead));
            if (p[take]) { /* more follows: break at the last blank that fits */
                size_t blank = take;
                while (blank > 0 && p[blank] != ' ') blank--;
                if (blank > 0) take = blank;
            }
            if (!take) take = next_char(p, &w); /* wider than the line: it goes alone */
            snprintf(out[m++], WRAP_LINE, "%*s%.*s", lead, "", (int)take, p);
            p += take;
            while (*p == ' ') p++;
        }
    }
    return m;
}
