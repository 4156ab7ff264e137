/* refusal.c — a refusal of an input line, made readable (see refusal.h). A message that
 * quotes the line in front of its reason shows only the line on a narrow screen's message
 * line (and a line of hundreds of characters pages of it in a script's output): the reason is
 * what matters, so it comes first. */
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

static bool blank(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

/* The length in msg of the whole line, blanks around it aside, when msg begins with it; else
 * 0. A run of blanks may be another run in msg: a command quotes its name and what followed
 * it ("'undo x'" for "undo   x"). */
static size_t whole_line_at(const char *msg, const char *line)
{
    while (blank(*line)) line++;
    size_t n = strlen(line), i = 0, k = 0;
    while (n && blank(line[n - 1])) n--;
    while (i < n) {
        if (blank(line[i]) && blank(msg[k])) {
            while (i < n && blank(line[i])) i++;
            while (blank(msg[k])) k++;
        } else if (msg[k] == line[i]) {
            i++, k++;
        } else {
            return 0;
        }
    }
    return k;
}

/* n bytes of text or a little fewer, so as not to cut a UTF-8 character in two. */
static size_t whole_chars(const char *text, size_t n)
{
    while (n && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    return n;
}

bool refusal_text(const char *msg, const char *line, char *out, size_t len)
{
    char cut[4096], lead[REFUSAL_ECHO_MAX + 8] = "";
    size_t n = 0;
    bool any = false, long_line = strlen(line) > REFUSAL_ECHO_MAX;
    for (size_t i = 0; msg[i] && n + 1 < sizeof cut;) {
        /* a short line is moved behind the reason only when the message opens with all of it
         * in quotes, before ':' or " is ": "'Nf6': no White Knight ..." */
        size_t run = long_line ? echo_at(msg + i, line) : i == 1 ? whole_line_at(msg + 1, line) : 0;
        if (run && !long_line &&
            (msg[0] != '\'' || msg[1 + run] != '\'' ||
             (msg[2 + run] != ':' && strncmp(msg + 2 + run, " is ", 4))))
            run = 0;
        if (long_line ? run <= REFUSAL_ECHO_MAX : !run) {
            cut[n++] = msg[i++];
            continue;
        }
        size_t keep = long_line ? whole_chars(msg + i, REFUSAL_ECHO_KEEP) : run;
        bool quoted = i == 1 && msg[0] == '\'' && msg[i + run] == '\'';
        if (quoted || (i == 0 && msg[run] == ':')) { /* it opens the message */
            snprintf(lead, sizeof lead, "%.*s%s", (int)keep, msg + i, long_line ? "..." : "");
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
