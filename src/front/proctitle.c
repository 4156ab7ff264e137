/* proctitle.c — the process's title (see proctitle.h). Linux shows a process's command line
 * from the memory its arguments were passed in, and the environment's strings follow them
 * there: once both are copied elsewhere, that memory can hold a title. This is how
 * setproctitle() is done where the C library has none. */
#include "proctitle.h"

#include <stdlib.h>
#include <string.h>

extern char **environ;

/* the copies, for the life of the process; volatile so that the stores, never read back, are
 * kept and the copies stay reachable (a leak checker reports them lost otherwise) */
static char **volatile args, **volatile env;
static char *area;      /* the first argument's memory: the title goes there */
static size_t area_len; /* up to the end of the last string that follows it without a gap */

/* A copy of a NULL-ended array of strings; NULL when memory runs out. */
static char **copy_strings(char **v, int n)
{
    char **c = calloc((size_t)n + 1, sizeof *c);
    for (int i = 0; c && i < n; i++)
        if (!(c[i] = strdup(v[i]))) return NULL; /* the copies made are kept: a leak at start */
    return c;
}

void proctitle_init(int argc, char ***argv)
{
    char **av = *argv;
    if (argc < 1 || !av[0]) return;
    char *end = av[0];
    for (int i = 0; i < argc; i++)
        if (av[i] == end) end += strlen(av[i]) + 1;
    int nenv = 0;
    while (environ && environ[nenv]) nenv++;
    for (int i = 0; i < nenv; i++)
        if (environ[i] == end) end += strlen(environ[i]) + 1;
    args = copy_strings(av, argc);
    env = copy_strings(environ, nenv);
    if (!args || !env) return; /* no title then: the command line stays as it was */
    *argv = args;
    environ = env;
    area = av[0];
    area_len = (size_t)(end - av[0]);
}

void proctitle_set(const char *title)
{
    if (!area || area_len < 2) return;
    size_t n = strlen(title);
    if (n > area_len - 1) n = area_len - 1;
    memcpy(area, title, n);
    memset(area + n, 0, area_len - n);
}
