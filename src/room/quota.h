/* quota.h — restricted mode's bounds on one player's rooms: MAX_ROOMS_PER_PLAYER open at a
 * time (each a server process), and MAX_ROOMS_KEPT kept in the room directory, open or
 * closed (each its record, log and finished games on the disk), so that a stranger on a
 * public login can fill neither the process table nor the disk, however long they go on. */
#ifndef CELLMATE_ROOM_QUOTA_H
#define CELLMATE_ROOM_QUOTA_H

#include <stdbool.h>

/* Held while a room's server is started: the count of a player's rooms and the mark of the
 * new one are one step for every relay of the directory. */
typedef struct {
    int fd;
    bool fresh; /* the room had no record: this opening makes it */
} RoomQuota;

/* Take the directory's lock and count PLAYER's rooms before ROOM's server starts: false (with
 * err) when the player has MAX_ROOMS_PER_PLAYER open already, or when ROOM is new and the
 * player keeps MAX_ROOMS_KEPT rooms and none of them can make way (a closed room makes way,
 * its files removed, when its game is over or nobody has touched it for
 * MAX_ROOM_ABANDONED_DAYS; the oldest goes first); or when the lock cannot be taken.
 * player NULL: no bound and no lock. */
bool room_quota_take(RoomQuota *q, const char *dir, const char *room, const char *player, char *err,
                     int errlen);

/* Room ROOM is now open: marked as opened by PLAYER (and held by nobody else yet), and when
 * this opening made it, as made by PLAYER (player NULL: as nobody's), and the lock let go. opened
 * false: only the lock is let go. */
void room_quota_done(RoomQuota *q, const char *dir, const char *room, const char *player,
                     bool opened);

/* The room's server, whenever somebody comes or goes: NAMES (n of them) are the people in room
 * ROOM now. While its opener is not among them and somebody else is, the room is marked as
 * held by others (ROOM.held), and counts as none of the opener's open rooms: others cannot
 * use up a player's rooms by staying in them. Empty, or with its opener back, it counts again
 * (an empty room stays open a while, and is the opener's doing). */
void room_quota_presence(const char *dir, const char *room, const char *const *names, int n);

#endif
