/* suspend.c — a local game stands still while cellmate is stopped (see suspend.h). The
 * handler runs the stop as it would have run without it (ncurses's handler, which leaves the
 * screen and stops, or the default stop) and times it from outside. */
#include "suspend.h"

#include "steady.h"

#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <pthread.h>
#include <string.h>

static struct sigaction before, ours;
static bool installed;

static void on_stop(int sig, siginfo_t *info, void *ctx)
{
    int saved = errno;
    steady_stop_begin();
    if (before.sa_flags & SA_SIGINFO)
        before.sa_sigaction(sig, info, ctx);
    else if (before.sa_handler != SIG_DFL && before.sa_handler != SIG_IGN)
        before.sa_handler(sig); /* ncurses's: the terminal restored, the stop, then redrawn */
    else {                      /* the stop as it would have been: discarded for an orphan */
        sigset_t set;
        signal(SIGTSTP, SIG_DFL);
        sigemptyset(&set);
        sigaddset(&set, SIGTSTP);
        pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        raise(SIGTSTP);
        pthread_sigmask(SIG_BLOCK, &set, NULL); /* (blocked again until the handler returns) */
    }
    sigaction(SIGTSTP, &ours, NULL); /* (the default stop's way left SIG_DFL there) */
    steady_stop_end();
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
