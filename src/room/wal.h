/* wal.h — a room's write-ahead copy of its record (NAME.wal in the room directory). A change
 * of the game is made durable by writing the whole record into this one file, in place, and
 * flushing its data (one fdatasync), before anybody is told of it; the record itself is then
 * saved as before (temporary file, fsync, rename, fsync of the directory) once the clients
 * have been told. A server that dies between the two leaves a copy newer than the record:
 * the next server finishes that save before it reads the record. The copy names the record
 * it follows (device, inode, size, modification time), so that it never replaces a record
 * changed since (another save, a person's edit); a torn copy fails its checksum and is
 * left alone. */
#ifndef CELLMATE_ROOM_WAL_H
#define CELLMATE_ROOM_WAL_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    int fd;      /* -1 when none could be opened: the record is saved at once then */
    size_t size; /* the file's length: written over in place, grown in whole blocks */
} RoomWal;

/* Open (making it, mode per the umask) the copy at path. False with err. */
bool wal_open(RoomWal *w, const char *path, char *err, int errlen);

/* Write text as the change that follows the record at `record` (as it is now), and flush it.
 * False with err: then the caller saves the record at once. */
bool wal_write(RoomWal *w, const char *text, const char *record, char *err, int errlen);

/* Close the copy; with `remove`, path is removed too (the record holds everything). */
void wal_close(RoomWal *w, const char *path, bool remove);

/* Before a server reads the record: when the copy at path holds a change that did not reach
 * the record (the record being still the one it follows), save it as the record (mode for
 * a new file). *finished says whether it did. False with err when that save failed. */
bool wal_recover(const char *path, const char *record, unsigned mode, bool *finished, char *err,
                 int errlen);

#endif
