/* batch.h — the scripted mode: input lines from a file or pipe, plain text out, exit status
 * 0 when every line was accepted and 1 otherwise; and --replay, which checks every game of a
 * PGN file. */
#ifndef CELLMATE_BATCH_H
#define CELLMATE_BATCH_H

#include "session.h"

#include <stdio.h>

/* Call first thing: when standard output could not be written (a full disk), the program
 * says so at its exit and ends with status 1 instead of what it would have (every mode that
 * writes there: the scripted mode, --perft, --replay, --list, --help). */
void batch_watch_output(void);

/* Run the lines of `in` through the session; returns the exit status (0 or 1: also when the
 * input could not be read, said on standard error). Whenever a side the computer plays is to
 * move (at the start, after each line), it moves. */
int batch_run(Session *s, FILE *in);

/* --perft: the session's perft from the game's position, its lines on stdout. SIGINT stops
 * it with a partial count, then ends the program by that signal (status 130 in a shell). */
int batch_perft(const Session *s, int depth, bool divide);

/* Check every game of a PGN file; returns 0 when all are ok, 1 when any failed or the file
 * holds no game, 2 when the file cannot be read. fallback is the variant of games without a Variant
 * tag (may be NULL). */
int batch_replay(const char *path, const Variant *fallback);

#endif
