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
} ScreenOptions;

/* Run the screen until the player quits or a hang-up/terminate signal arrives; the game is
 * saved on the way out. Returns the exit status, or -1 when no screen could be started (the
 * caller then falls back to the scripted mode). */
int screen_run(Session *s, const ScreenOptions *o);

#endif
