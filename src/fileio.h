/* fileio.h — writing files so that a crash or a full disk never leaves a half-written one:
 * a temporary file in the same directory, fsync, rename over the target, fsync the directory. */
#ifndef CELLMATE_FILEIO_H
#define CELLMATE_FILEIO_H

#include <stdbool.h>

/* Write text to path atomically, with permissions `mode` less the umask; false with a
 * message in err on failure, and then whatever was at path is untouched. */
bool write_file_atomic(const char *path, const char *text, unsigned mode, char *err, int errlen);

/* The same, and the file it replaces (if any) is kept as `keep` — only once the new text is
 * safely on the disk, so a failed write never costs the old file. */
bool write_file_keeping(const char *path, const char *text, unsigned mode, const char *keep,
                        char *err, int errlen);

/* Create a directory and its parents (mode 0700 for new ones); false with err on failure,
 * also when something on the way is not a directory. */
bool make_dirs(const char *path, char *err, int errlen);

#endif
