/* safe_text.c — control characters shown, never sent (see safe_text.h). */
#include "safe_text.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s (2 to 4), or 0. */
static size_t utf8_length(const unsigned char *s)
{
    size_t n = s[0] >= 0xc2 && s[0] <= 0xdf   ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                              : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0) return 0;  /* overlong */
    if (n == 3 && s[0] == 0xed && s[1] >= 0xa0) return 0; /* a surrogate */
    if (n == 4 && s[0] == 0xf0 && s[1] < 0x90) return 0;  /* overlong */
    if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90) return 0; /* past U+10FFFF */
    return n;
}

/* The bidirectional formatting characters (marks, embeddings, overrides, isolates): valid
 * text, but one of them in a name or a chat line reverses what the terminal shows after it. */
static bool is_bidi_control(unsigned cp)
{
    return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

/* The shown form of the character at *p into piece (at most 8 bytes with the NUL); *p is
 * moved past it. */
static void next_piece(const char **p, bool keep_newlines, char piece[8])
{
    const unsigned char *s = (const unsigned char *)*p;
    size_t n = 1;
    if (s[0] == '\t' || (s[0] == '\n' && keep_newlines) || (s[0] >= 0x20 && s[0] < 0x7f)) {
        piece[0] = (char)s[0], piece[1] = 0;
    } else if (s[0] < 0x20 || s[0] == 0x7f) {
        piece[0] = '^', piece[1] = (char)(s[0] ^ 0x40), piece[2] = 0;
    } else if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f) {
        snprintf(piece, 8, "\\x%02x", s[1]); /* a C1 control, written in UTF-8 */
        n = 2;
    } else if ((n = utf8_length(s)) != 0) {
        unsigned cp = n == 3 ? (s[0] & 0x0fu) << 12 | (s[1] & 0x3fu) << 6 | (s[2] & 0x3fu) : 0;
        if (is_bidi_control(cp))
            snprintf(piece, 8, "\\u%04x", cp & 0xffffu); /* it would turn the line round */
        else
            memcpy(piece, s, n), piece[n] = 0;
    } else {
        snprintf(piece, 8, "\\x%02x", s[0]);
        n = 1;
    }
    *p += n;
}

void safe_fputs(const char *s, bool keep_newlines, FILE *f)
{
    char piece[8];
    while (*s) {
        next_piece(&s, keep_newlines, piece);
        fputs(piece, f);
    }
}

void safe_printf(FILE *f, const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = n < 0 ? NULL : malloc((size_t)n + 1);
    if (text) {
        vsnprintf(text, (size_t)n + 1, fmt, again);
        safe_fputs(text, true, f);
    }
    va_end(again);
    free(text);
}

bool safe_text(const char *s, char *out, size_t len)
{
    size_t used = 0;
    char piece[8];
    if (!len) return !*s;
    while (*s) {
        next_piece(&s, false, piece);
        size_t n = strlen(piece);
        if (used + n >= len) {
            out[used] = 0;
            return false;
        }
        memcpy(out + used, piece, n);
        used += n;
    }
    out[used] = 0;
    return true;
}

const char *text_after_bom(const char *line)
{
    return strncmp(line, "\xEF\xBB\xBF", BOM_BYTES) ? line : line + BOM_BYTES;
}
