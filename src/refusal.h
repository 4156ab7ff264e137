/* refusal.h — a refusal of a long input line, made readable: the reason first, the input it
 * echoes cut short. */
#ifndef CELLMATE_REFUSAL_H
#define CELLMATE_REFUSAL_H

#include <stdbool.h>
#include <stddef.h>

/* Echoes of the input longer than this are cut to REFUSAL_ECHO_KEEP bytes and "...". */
#define REFUSAL_ECHO_MAX  64
#define REFUSAL_ECHO_KEEP 32

/* The refusal msg of the input line `line`, into out: every run of more than
 * REFUSAL_ECHO_MAX bytes that it copies from line is cut short ("'xxxxx...'"), and a message
 * that opened with such an echo in quotes ("'LINE': reason", "'LINE' is not ...") gives its
 * reason first, the echo after it: "reason (in 'xxxxx...')"; so does "FILE: reason". False
 * when nothing was cut (then out is msg as it is). */
bool refusal_text(const char *msg, const char *line, char *out, size_t len);

#endif
