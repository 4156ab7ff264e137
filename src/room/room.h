/* room.h — what main.c calls for rooms: joining one with the screen or the scripted mode,
 * serving one, relaying one over SSH, listing them. */
#ifndef CELLMATE_ROOM_ROOM_H
#define CELLMATE_ROOM_ROOM_H

#include "clock.h"
#include "search.h"

#include <stdbool.h>

struct RoomClient;
struct Session;
struct Restriction;

typedef struct {
    const char *room;        /* --room, --serve-room, --relay: the room */
    const char *variant;     /* the variant to make the room with (may be NULL) */
    const char *dir;         /* --room-dir */
    const char *name;        /* --name */
    const char *player;      /* the name an administrator gave (restricted mode), or NULL */
    const char *seat;        /* --seat */
    const char *ssh;         /* --ssh (CELLMATE_SSH when NULL) */
    const char *ssh_command; /* SSH_ORIGINAL_COMMAND, read before restricted mode drops it */
    TimeControl clock;
    double ai_seconds; /* --time for the room's computer, to a server this client starts */
    SearchLimits ai;   /* --time, --nodes, --depth: the player's own hint and analyse */
    int level;         /* --level: the room's computer plays at it from then on (0: as it is) */
    bool batch;        /* scripted mode even on a terminal */
    bool ascii;        /* the screen's --ascii */
    /* the screen at the table (the program's, not this library's: room_screen_run), used
     * on a terminal; returns -1 when no screen could start (then the scripted mode plays) */
    int (*screen)(struct RoomClient *c, struct Session *s, bool ascii, const char *joined);
    /* restricted mode's bounds for the player's own session (saves by plain name in the
     * player's directory ...), or NULL */
    const struct Restriction *restricted;
} RoomOptions;

/* cellmate --room: play (or watch) in a room; returns the exit status. */
int room_join_main(const RoomOptions *o);

/* cellmate --serve-room NAME VARIANT: run a room's server in the foreground. */
int room_serve_main(const RoomOptions *o);

/* cellmate --relay NAME [VARIANT]: standard input and output to the room's server. */
int room_relay_main(const RoomOptions *o);

/* cellmate --rooms: one line per room of the room directory. */
int room_list_main(const RoomOptions *o);

#endif
