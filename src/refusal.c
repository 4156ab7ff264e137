/* refusal.c — a refusal of a long input line, made readable (see refusal.h). A message that
 * quotes a line of hundreds of characters in front of its reason shows only the line on a
 * screen's message line, or pages of it in a script's output: the reason is what matters. */
#include "refusal.h"

#include <stdio.h>
#include <string.h>

/* The longest run at msg that is also somewhere in line. */
static size_t echo_at(const char *msg, const char *line)
{
    size_t best = 0;
    for (const char *l = line; *l; l++) {
        size_t k = 0;
        while (msg[k] && msg[k] == l[k]) k++;
        if (k > best) best = k;
    }
    return best;
}

/* n bytes of text or a little fewer, so as not to cut a UTF-8 character in two. */
static size_t whole_chars(const char *text, size_t n)
{
    while (n && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    return n;
}

bool refusal_text(const char *msg, const char *line, char *out, size_t len)
{
    char cut[4096], lead[REFUSAL_ECHO_KEEP + 8] = "";
    size_t n = 0;
    bool any = false, long_line = strlen(line) > REFUSAL_ECHO_MAX;
    for (size_t i = 0; msg[i] && n + 1 < sizeof cut;) {
        size_t run = long_line ? echo_at(msg + i, line) : 0;
        if (run <= REFUSAL_ECHO_MAX) {
            cut[n++] = msg[i++];
            continue;
        }
        size_t keep = whole_chars(msg + i, REFUSAL_ECHO_KEEP);
        bool quoted = i == 1 && msg[0] == '\'' && msg[i + run] == '\'';
        if (quoted || (i == 0 && msg[run] == ':')) { /* it opens the message */
            snprintf(lead, sizeof lead, "%.*s...", (int)keep, msg + i);
            n = 0, i += run + quoted;
            if (msg[i] == ':') /* "'LINE': reason", "FILE: cannot open: ..." */
                i++;
            else if (!strncmp(msg + i, " is ", 4)) /* "'LINE' is not a variant name" */
                i += 3;
            while (msg[i] == ' ') i++;
        } else {
            n += (size_t)snprintf(cut + n, sizeof cut - n, "%.*s...", (int)keep, msg + i);
            if (n >= sizeof cut) n = sizeof cut - 1;
            i += run;
        }
        any = true;
    }
    cut[n] = 0;
    if (*lead)
        snprintf(out, len, "%s (in '%s')", cut, lead);
    else
        snprintf(out, len, "%s", cut);
    return any;
}
