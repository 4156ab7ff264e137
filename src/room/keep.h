/* keep.h — where a room's games last. The room directory of dir.h holds what a running room
 * needs only while it runs (NAME.sock, NAME.pid); the records (NAME.pgn, its write-ahead copy
 * NAME.wal, the finished games NAME.N.pgn, NAME.log and NAME.maker, with NAME.lock, which its
 * running server holds) are kept where local games are saved, $XDG_STATE_HOME/cellmate/rooms
 * (default ~/.local/state/cellmate/rooms): the runtime directory is wiped at logout or reboot,
 * and a game must outlast the night. A room directory given with --room-dir keeps both, as
 * before; so does the runtime directory when no home is known (HOME unset or relative: the
 * password database is not asked, keep.c). */
#ifndef CELLMATE_ROOM_KEEP_H
#define CELLMATE_ROOM_KEEP_H

#include <stdbool.h>
#include <stddef.h>

/* The directory that keeps the records of the rooms of room directory `run` (given: the
 * --room-dir option, may be NULL), made (0700) when missing. False with err. */
bool room_keep_dir(const char *given, const char *run, char *out, size_t len, char *err,
                   int errlen);

/* Room ROOM's record: KEEP/ROOM.pgn, or RUN/ROOM.pgn when an earlier cellmate left it there
 * and it has not been moved yet. False when the path is too long. */
bool room_record_file(const char *run, const char *keep, const char *room, char *out, size_t len);

/* Right after the room's lock in RUN (NAME.pid) and before any record is read: the lock of
 * its records, KEEP/NAME.lock, held (flock) while the server runs, so that two sessions of
 * one user with two runtime directories (an ssh login without XDG_RUNTIME_DIR beside a
 * desktop's, NFS homes, su, cron) never serve one record at once: the second would replay
 * the first's write-ahead copy and overwrite its moves. *fd is its descriptor, -1 when KEEP
 * is RUN (NAME.pid locks both). False with err: when another server holds it, a message
 * saying so for the player. */
bool room_keep_lock(const char *run, const char *keep, const char *room, unsigned mode, int *fd,
                    char *err, int errlen);

/* With the room's lock held, before its server reads the record: a room an earlier cellmate
 * kept in RUN (its record there, none in KEEP) is moved into KEEP, its last change finished
 * from its write-ahead copy first, its finished games before the record (so that a move cut
 * short is taken up at the next start, and no game is ever in neither place). A name taken
 * in KEEP is never replaced, unless the file there is the same text: a move a killed server
 * cut short, after the new name was made and before the old one went, which is finished now.
 * *moved says whether there was a room to move. False with err. */
bool room_keep_move(const char *run, const char *keep, const char *room, bool *moved, char *err,
                    int errlen);

/* Whether a record of room ROOM an earlier cellmate kept in RUN stays there, unmoved, since
 * KEEP has the room's record already (room_keep_move never replaces one): then out is a
 * message for the player naming the file that stays, which is not the room's game. */
bool room_keep_old_stays(const char *run, const char *keep, const char *room, char *out,
                         size_t len);

#endif
