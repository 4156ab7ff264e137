/* fileio.h — the one way files a user names are read (only regular files, never blocking,
 * bounded), and writing files so that a crash or a full disk never leaves a half-written
 * one: a temporary file in the same directory, fsync, rename over the target, fsync the
 * directory. */
#ifndef CELLMATE_FILEIO_H
#define CELLMATE_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

/* The whole text of the file at path, malloc'ed and NUL-terminated (its length in *len when
 * len is not NULL). Only a regular file is read: a FIFO, a device or a directory is refused
 * without waiting (it is opened non-blocking), and so is a file of more than MAX_FILE_BYTES
 * (cell_limits.h) or one holding a NUL byte (not text). NULL with "PATH: reason" in err. */
char *read_text_file(const char *path, size_t *len, char *err, int errlen);

/* Write text to path atomically, with permissions `mode` less the umask for a new file, or
 * those (and the owner and group, where this process may) of the regular file it replaces;
 * false with a message in err on failure, and then whatever was at path is untouched. Only a
 * new name or a regular file with no other hard link is written (a symbolic link is followed
 * to it): a device, FIFO, socket or directory is never replaced. */
bool write_file_atomic(const char *path, const char *text, unsigned mode, char *err, int errlen);

/* Move a file to a name no file has: 1 when moved, 0 when the name is taken (the file there
 * is never replaced), -1 on another error (errno). A second link then the old name's removal,
 * so that no rename can replace a file that appeared meanwhile. */
int move_to_new_name(const char *path, const char *dest);

/* Whether the files at a and b hold the same text (one file under two names does): the trace
 * of a move cut short by a crash, after the new name was made and before the old one went,
 * whose finish is the old name's removal. False when either cannot be read. */
bool same_text_files(const char *a, const char *b);

/* Write text to path as write_file_atomic does, but only as a new name: 1 when written, 0
 * when a file has the name (it is never replaced), -1 with a message in err on failure. */
int write_file_new(const char *path, const char *text, unsigned mode, char *err, int errlen);

struct stat;

/* Whether a file called name (its stat in st) is a temporary file the writing above left
 * (NAME.tmp.PID.XXXXXX) that no process will finish: 1 when the process PID is gone and it is
 * more than a minute old, 0 when it may still be written, -1 when the name is no such
 * temporary file's (one without a process id, from an older cellmate, say). */
int fileio_stale_temp(const char *name, const struct stat *st);

/* Remove the temporary files of dir whose names hold tag (".pgn.tmp.", say) that no process
 * will finish (fileio_stale_temp). One whose name holds no process id is handed to older (its
 * directory, name, path and stat), which knows how the writers of that directory named them
 * and removes it or not; with older NULL it stays. Files that are not regular are left. */
void fileio_remove_stale_temps(const char *dir, const char *tag,
                               void (*older)(const char *dir, const char *name, const char *path,
                                             const struct stat *st));

/* Restricted mode: under dir (an absolute path), the reading and writing above never follow
 * a symbolic link; a file there that is one is refused with a message saying so. Files
 * elsewhere (the installed variants) are read as before. */
void fileio_no_links_under(const char *dir);

/* Create a directory and its parents (mode 0700 for new ones); false with err on failure,
 * also when something on the way is not a directory. */
bool make_dirs(const char *path, char *err, int errlen);

#endif
