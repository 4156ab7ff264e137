/* dir.h — where rooms live: the room directory ($XDG_RUNTIME_DIR/cellmate/rooms, private to
 * the user; /tmp/cellmate-UID/rooms without XDG_RUNTIME_DIR; or a directory named with
 * --room-dir, which a group may share) and the files of room NAME in it: NAME.sock (the
 * server's socket), NAME.pgn (the record), NAME.wal (its write-ahead copy, wal.h), NAME.pid
 * (the running server's PID, locked while it runs), NAME.log (what the server had to say),
 * NAME.maker and NAME.opener (the restricted players who made it and who opened it last,
 * quota.h), NAME.held (others are in it without its opener, quota.h) and NAME.N.pgn (its finished
 * games, N from 1 to MAX_ROOM_ARCHIVE). */
#ifndef CELLMATE_ROOM_DIR_H
#define CELLMATE_ROOM_DIR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define ROOM_PATH_MAX 4096

/* The room directory: `given` (--room-dir, may be NULL) or the default, created (mode 0700)
 * when missing. A default under /tmp must be ours and closed to others; a given one must not
 * be writable by every user (refused), unless sticky (a warning on stderr). False with err. */
bool room_dir(const char *given, char *out, size_t len, char *err, int errlen);

/* DIR/ROOM.EXT; false when too long. */
bool room_file(const char *dir, const char *room, const char *ext, char *out, size_t len);

/* The mode for the room's files and socket: 0660 in a directory its group may write (a
 * shared room directory), 0600 otherwise. */
mode_t room_file_mode(const char *dir);

/* The N of a file name ROOM.N.pgn, a finished game of room ROOM as its server names it (no
 * sign, no leading zero, at most MAX_ROOM_ARCHIVE); 0 for any other name. */
long room_archive_number(const char *name, const char *room);

/* The name for room ROOM's next finished game, DIR/ROOM.N.pgn: N is one past the highest
 * number kept there (so the numbers follow the games, and a name in use is never chosen).
 * False (why in err) when ROOM.MAX_ROOM_ARCHIVE.pgn is there: the numbers are used up; for
 * a room opened by a restricted player (a stranger on a public login, whose `new` after
 * `resign` would otherwise fill the disk with one file a game), once
 * ROOM.MAX_RESTRICTED_ROOM_GAMES.pgn is, and err names no directory of the host. */
bool room_archive_name(const char *dir, const char *room, bool restricted, char *out, size_t len,
                       char *err, int errlen);

/* Before the room's server reads its record (its write-ahead copy finished into it): a server
 * killed after it kept the finished game as DIR/ROOM.N.pgn and before the next game replaced
 * the record left that game in both places. The newest finished game, when it is the record
 * to the byte, goes (the record keeps it, and the next 'new' keeps it again): true then, its
 * file's name in out. */
bool room_archive_recover(const char *dir, const char *room, char *out, size_t len);

/* Remove room ROOM, files and finished games, unless its server runs (its lock is held
 * while they go, so none starts meanwhile). False when a server runs or the room's files
 * could not all be removed. */
bool room_remove(const char *dir, const char *room);

/* Connect to the room's server. Returns the socket, or -1 with errno (ENOENT or
 * ECONNREFUSED: no server runs) and a message in err. */
int room_connect(const char *dir, const char *room, char *err, int errlen);

/* The PID of the server running room ROOM, or 0 when none holds its lock. */
pid_t room_server_pid(const char *dir, const char *room);

#endif
