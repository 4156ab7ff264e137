/* char_quote.c — one character of the input named in an error message (see char_quote.h). */
#include "char_quote.h"

#include <stdio.h>

int char_quote(const char *s, char *out, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    int n = u[0] >= 0xc2 && u[0] <= 0xdf   ? 2
            : u[0] >= 0xe0 && u[0] <= 0xef ? 3
            : u[0] >= 0xf0 && u[0] <= 0xf4 ? 4
                                           : 1;
    unsigned long code = n == 1 ? u[0] : u[0] & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((u[i] & 0xc0) != 0x80) { /* cut short (perhaps by the end): the byte alone */
            n = 1;
            break;
        }
        code = code << 6 | (u[i] & 0x3f);
    }
    if (n == 1)
        snprintf(out, len, "'%c'", *s);
    else
        snprintf(out, len, "'%.*s' (U+%04lX)", n, s, code);
    return n;
}
