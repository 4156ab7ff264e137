/* server.h — a room's server: one process per room, started by the first player to join (or
 * by cellmate --serve-room). It owns the game, listens on the room's socket, checks every
 * request through the session code, tells every client what happened, saves the record
 * after every change, runs the computer's seats in a thread of its own, and exits some
 * minutes after the last client left. */
#ifndef CELLMATE_ROOM_SERVER_H
#define CELLMATE_ROOM_SERVER_H

#include "clock.h"
#include "cell_limits.h"

#include <stdbool.h>

#define ROOM_IDLE_SECONDS 300 /* the server's life after the last client left */
#define ROOM_MAX_CLIENTS  MAX_ROOM_CLIENTS

/* How long a server's start may take (its recovery and first save flush to the disk, which
 * on a busy machine can take seconds) before whoever waits for it gives up. */
#define ROOM_START_SECONDS 15

typedef struct {
    const char *dir;     /* the room directory (room_dir) */
    const char *room;    /* the room's name */
    const char *variant; /* for a new room: a variant name; NULL when the record must exist */
    TimeControl clock;   /* for a new room */
    double ai_seconds;   /* the computer's time per move (less when its clock is short) */
    double idle_seconds; /* 0: ROOM_IDLE_SECONDS (CELLMATE_ROOM_IDLE overrides both) */
    int ready_fd;        /* -1, or where to say "ok" (or "error: ...") once listening */
    bool restricted;     /* started for a restricted player (a public login): its bounds */
    const char *keep;    /* where its records are kept (room_keep_dir); NULL: dir */
} RoomServerOptions;

/* Run the room's server until it has been idle long enough or a signal ends it. Returns
 * the exit status: 0, or 1 when it could not start (another server runs the room: 0). */
int room_serve(const RoomServerOptions *o);

/* Start the server in the background, detached from the terminal, unless one runs; false
 * with a message in err when it could not start. True also when another server holds the
 * room: it may still be starting (not listening yet); *ours (unless NULL) says whether the
 * server started is this call's. */
bool room_start_server(const RoomServerOptions *o, bool *ours, char *err, int errlen);

#endif
