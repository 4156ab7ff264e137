/* suspend.c — a local game stands still while cellmate is stopped (see suspend.h). The
 * handler runs the stop as it would have run without it (ncurses's handler, which leaves the
 * screen and stops, or the default stop) and times it from outside. */
#include "suspend.h"

#include "steady.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <time.h>

static struct sigaction before, ours;
static bool installed;

static double monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void on_stop(int sig, siginfo_t *info, void *ctx)
{
    int saved = errno;
    double start = monotonic();
    if (before.sa_flags & SA_SIGINFO)
        before.sa_sigaction(sig, info, ctx);
    else if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN)
        before.sa_handler(sig); /* ncurses's: it puts its own handler back after the stop */
    else {                      /* the stop as it would have been: discarded for an orphan */
        sigset_t set;
        signal(SIGTSTP, SIG_DFL);
        sigemptyset(&set);
        sigaddset(&set, SIGTSTP);
        sigprocmask(SIG_UNBLOCK, &set, NULL);
        raise(SIGTSTP);
        sigprocmask(SIG_BLOCK, &set, NULL); /* (blocked again until the handler returns) */
    }
    sigaction(SIGTSTP, &ours, NULL);
    steady_skip(monotonic() - start);
    errno = saved;
}

void suspend_keeps_time(void)
{
    if (installed) return;
    memset(&ours, 0, sizeof ours);
    ours.sa_sigaction = on_stop;
    ours.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&ours.sa_mask);
    if (sigaction(SIGTSTP, &ours, &before) != 0) return;
    if (!(before.sa_flags & SA_SIGINFO) && before.sa_handler == SIG_IGN) {
        sigaction(SIGTSTP, &before, NULL); /* ignored on purpose: left so */
        return;
    }
    installed = true;
}
