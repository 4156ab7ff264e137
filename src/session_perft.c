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
 * host's limit (restricted mode) stands in front of the interrupt hook. */
typedef struct {
    Sink *out;
    const Session *s;
    int depth;
    bool bounded;
} PerftTo;

/* While a count runs under the host's limit: when it ends, the hook it stands in front of (a
 * signal or a key still stops the count), and whether it is what stopped it. The core counts
 * on, knowing nothing of whose limit it is. */
static double host_deadline;
static InterruptFn host_outer;
static bool host_stopped;

static bool host_limit_passed(void)
{
    if (!host_stopped && clock_now() > host_deadline) host_stopped = true;
    return host_stopped || (host_outer && host_outer());
}

/* The count's last line, "perft N: ..." (perft.h), is its summary: stopped at the host's
 * limit, its count is only part of the tree, which the player did not ask for and could take
 * for the whole count; it says what happened instead. The divide lines are whole counts. */
static void perft_line(void *ctx, const char *line)
{
    PerftTo *to = ctx;
    if (to->bounded && host_stopped && !strncmp(line, "perft ", 6))
        session_say(to->out,
                    "perft %d: stopped at this host's limit of %ld s; a partial count is not "
                    "shown (a lower depth finishes sooner; 'perft %d divide' lists the moves "
                    "counted whole)",
                    to->depth, (long)MAX_RESTRICTED_PERFT_TIME, to->depth);
    else
        to->out->out(to->out, line);
}

static void perft_progress(void *ctx, const PerftProgress *p)
{
    ((PerftTo *)ctx)->s->perft_progress(p);
}

void session_perft(const Session *s, int depth, bool divide, double seconds, Sink *out)
{
    Position pos = s->game.pos;
    /* restricted mode: a count with no limit of the player's, or a longer one, gets the host's */
    bool bounded = s->restricted && (!seconds || seconds > MAX_RESTRICTED_PERFT_TIME);
    PerftTo to = {out, s, depth, bounded};
    PerftOut report = {perft_line, s->perft_progress ? perft_progress : NULL, &to};
    if (bounded) {
        seconds = 0;
        host_stopped = false;
        host_deadline = clock_now() + MAX_RESTRICTED_PERFT_TIME;
        host_outer = set_interrupt(host_limit_passed);
    }
    perft_report(&pos, depth, divide, seconds, &report);
    if (bounded) set_interrupt(host_outer);
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
