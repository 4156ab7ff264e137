/* lockfile.h — taking a lock file that its holders remove as they let it go: the saves' NAME.lock
 * (autosave.c) and a room's NAME.pid (its server; a room that makes way removes it). */
#ifndef CELLMATE_LOCKFILE_H
#define CELLMATE_LOCKFILE_H

#include <stdbool.h>

/* Open the lock file at path (made with mode when missing, never through a symbolic link) and
 * lock it: flock, exclusive, without waiting. Its descriptor, with *locked telling whether the
 * lock was taken (false: another process holds it; the caller may read what it wrote there,
 * then closes it), or -1 with errno when it cannot be opened. A file removed between its open
 * and its lock is a lock on no name, which the next process would not find taken: the lock is
 * then taken again on the file the name has now. */
int lockfile_take(const char *path, unsigned mode, bool *locked);

#endif
