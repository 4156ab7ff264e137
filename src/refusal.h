/* refusal.h — a refusal of an input line, made readable: the reason first, the input it
 * echoes after it (cut short when long). */
#ifndef CELLMATE_REFUSAL_H
#define CELLMATE_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>

/* Echoes of the input longer than this are cut to REFUSAL_ECHO_KEEP bytes and "...". */
#define REFUSAL_ECHO_MAX  64
#define REFUSAL_ECHO_KEEP 32

/* The refusal msg of the input line `line`, into out. A message that opens with the whole
 * line in quotes ("'LINE': reason", "'LINE' is not ...") gives its reason first, the line
 * after it: "reason (in 'LINE')". A line longer than REFUSAL_ECHO_MAX bytes has every run of
 * more than REFUSAL_ECHO_MAX bytes that the message copies from it cut short ("'xxxxx...'"),
 * and the reason first when the message opened with such a run in quotes, or before ':'
 * ("FILE: reason"). False when nothing was moved or cut (then out is msg as it is). */
bool refusal_text(const char *msg, const char *line, char *out, size_t len);

#endif
