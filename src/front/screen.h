/* screen.h — the ncurses client: the board, a status panel, a message line and a readline
 * input line in one terminal; everything typed goes through the same command table as the
 * scripted mode. */
#ifndef CELLMATE_SCREEN_H
#define CELLMATE_SCREEN_H

#include "session.h"

typedef struct {
    bool ascii;        /* no Unicode and no colour (also when TERM cannot do them) */
    bool autosave;     /* keep the game in progress in the state directory */
    const char *watch; /* only watch the game another cellmate saves in this file */
    /* at a room's table (screen_room.c): the room's connection, or NULL */
    struct RoomClient *room;
    bool fresh;             /* this run resumed and loaded nothing: it tells of the saves left */
    const char *save_ended; /* the saved game left had ended: how (autosave_waiting), or NULL */
    bool resumed;           /* it resumed a save: it tells of the others waiting */
    const char *save_kept;  /* restricted mode: where that game is kept (resume_restricted) */
} ScreenOptions;

/* Run the screen until the player quits or a hang-up/terminate signal arrives; the game is
 * saved on the way out. Returns the exit status, or -1 when no screen could be started (the
 * caller then falls back to the scripted mode). */
int screen_run(Session *s, const ScreenOptions *o);

/* The screen at a room's table, joined already (s is the room's game); `joined`: what the
 * room said meanwhile, the first message. Returns as screen_run does. */
struct RoomClient;
int room_screen_run(struct RoomClient *c, Session *s, bool ascii, const char *joined);

#endif
