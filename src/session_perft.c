/* session_perft.c — perft in a session: the command, its report to the sink and the front
 * end's display, and restricted mode's bound on its time (a shared machine: a heavy position
 * with full hands once counted 85 s at depth 4, the most restricted mode allows). */
#include "session_int.h"

#include "number.h"

#include <stdio.h>
#include <string.h>

/* How far a count may go, and the time limit the usage names as an example: a player's own
 * time limit, up to the most here; restricted mode's, when the player set none. */
static const struct {
    int depth;
    long seconds, example;
} bounds[2] = {{12, 86400, 30}, {MAX_RESTRICTED_PERFT, MAX_RESTRICTED_PERFT_TIME, 5}};

/* perft's report: its lines to the sink, its progress to the front end's display. bounded: the
 * count runs under the host's time limit (restricted mode), not one the player set. */
typedef struct {
    Sink *out;
    const Session *s;
    int depth;
    bool bounded, divide, cut; /* cut: the host's limit stopped it */
} PerftTo;

/* The count's last line, "perft N: ..." (perft.h), is its summary: stopped at the host's
 * limit, its count is only part of the tree, which the player did not ask for and could take
 * for the whole count; it says what happened instead. The divide lines are whole counts. */
static void perft_line(void *ctx, const char *line)
{
    PerftTo *to = ctx;
    char stopped[48], whole[64];
    snprintf(stopped, sizeof stopped, "perft %d: stopped at its time limit", to->depth);
    if (!to->bounded || strncmp(line, stopped, strlen(stopped))) {
        to->out->out(to->out, line);
        return;
    }
    if (to->divide)
        snprintf(whole, sizeof whole, "the moves listed above were counted whole");
    else
        snprintf(whole, sizeof whole, "'perft %d divide' lists the moves counted whole", to->depth);
    to->cut = true;
    session_say(to->out,
                "perft %d: stopped at this host's limit of %ld s; a partial count is not shown "
                "(a lower depth finishes sooner; %s)",
                to->depth, (long)MAX_RESTRICTED_PERFT_TIME, whole);
}

static void perft_progress(void *ctx, const PerftProgress *p)
{
    ((PerftTo *)ctx)->s->perft_progress(p);
}

bool session_perft(const Session *s, int depth, bool divide, double seconds, Sink *out)
{
    Position pos = s->game.pos;
    /* restricted mode: a count with no limit of the player's, or a longer one, gets the host's */
    bool bounded = s->restricted && (!seconds || seconds > MAX_RESTRICTED_PERFT_TIME);
    PerftTo to = {out, s, depth, bounded, divide, false};
    PerftOut report = {perft_line, s->perft_progress ? perft_progress : NULL, &to};
    perft_report(&pos, depth, divide, bounded ? MAX_RESTRICTED_PERFT_TIME : seconds, &report);
    return !to.cut;
}

bool cmd_perft(Session *s, const char *args, Sink *out)
{
    const char *p = args;
    long depth = 0;
    double seconds = 0;
    bool divide = false, ok;
    int b = s->restricted != NULL;
    ok = number_scan(&p, bounds[b].depth, &depth) == NUMBER_OK;
    for (;;) { /* then "divide" and a time limit such as 30s, in any order */
        while (*p == ' ') p++;
        if (!*p || !ok) break;
        if (!divide && !strncmp(p, "divide", 6) && (p[6] == ' ' || !p[6]))
            divide = true, p += 6;
        else
            ok = !seconds && number_scan_decimal(&p, bounds[b].seconds, 3, &seconds) == NUMBER_OK &&
                 seconds > 0 && *p++ == 's' && (*p == ' ' || !*p);
    }
    if (!ok)
        return session_complain(out,
                                "perft needs a depth from 0 to %d, then optionally 'divide' and "
                                "a time limit such as %lds (at most %lds)",
                                bounds[b].depth, bounds[b].example, bounds[b].seconds);
    session_perft(s, (int)depth, divide, seconds, out);
    return true;
}
