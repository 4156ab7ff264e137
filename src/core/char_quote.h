/* char_quote.h — one character of the input named in an error message, as the move and the
 * position string readers name what they did not expect. */
#ifndef CELLMATE_CHAR_QUOTE_H
#define CELLMATE_CHAR_QUOTE_H

#include <stddef.h>

/* The character at s, quoted into out: "'x'", or beyond ASCII "'é' (U+00E9)": named whole,
 * so that it is not shown as its first byte '\xc3', and by its code point too, readable on
 * any terminal. A byte that starts no UTF-8 character (or one cut short) is named alone.
 * Returns the character's length in bytes. */
int char_quote(const char *s, char *out, size_t len);

#define CHAR_QUOTE_MAX 24 /* bytes out needs at most */

#endif
