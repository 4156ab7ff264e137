/* fileio.h — writing files so that a crash or a full disk never leaves a half-written one:
 * a temporary file in the same directory, fsync, rename over the target, fsync the directory. */
#ifndef CELLMATE_FILEIO_H
#define CELLMATE_FILEIO_H

#include <stdbool.h>

/* Write text to path atomically, with permissions `mode` less the umask; false with a
 * message in err on failure. */
bool write_file_atomic(const char *path, const char *text, unsigned mode, char *err, int errlen);

/* Create a directory and its parents (mode 0700 for new ones); false with err on failure. */
bool make_dirs(const char *path, char *err, int errlen);

#endif
