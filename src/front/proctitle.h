/* proctitle.h — the title ps shows for a process (its command line), so that a room's server,
 * forked from a player's client, does not look like one. */
#ifndef CELLMATE_FRONT_PROCTITLE_H
#define CELLMATE_FRONT_PROCTITLE_H

/* Take over the memory of the command line (and of the environment after it) for titles:
 * the arguments and the environment are copied first, and *argv is pointed at the copies.
 * Called at the start of main, before anything keeps a pointer into either. */
void proctitle_init(int argc, char ***argv);

/* The command line ps and /proc/PID/cmdline show from now on, cut to the space that
 * proctitle_init took over (none without it: then nothing changes). */
void proctitle_set(const char *title);

#endif
