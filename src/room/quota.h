/* quota.h — restricted mode's bound on the rooms one player has open at a time
 * (MAX_ROOMS_PER_PLAYER). */
#ifndef CELLMATE_ROOM_QUOTA_H
#define CELLMATE_ROOM_QUOTA_H

#include <stdbool.h>

/* Held while a room's server is started: the count of a player's rooms and the mark of the
 * new one are one step for every relay of the directory. */
typedef struct {
    int fd;
} RoomQuota;

/* Take the directory's lock and count PLAYER's open rooms: false (with err) when the
 * player has MAX_ROOMS_PER_PLAYER already, or the lock cannot be taken; player NULL: no
 * bound and no lock. */
bool room_quota_take(RoomQuota *q, const char *dir, const char *player, char *err, int errlen);

/* Room ROOM is now open: marked as PLAYER's (player NULL: as nobody's), and the lock let
 * go. opened false: only the lock is let go. */
void room_quota_done(RoomQuota *q, const char *dir, const char *room, const char *player,
                     bool opened);

#endif
