/* script.h — the scripted mode in a room (see script.c). */
#ifndef CELLMATE_ROOM_SCRIPT_H
#define CELLMATE_ROOM_SCRIPT_H

#include "room/client.h"

#include <stdio.h>

/* Play the lines of `in` at the room's table; returns the exit status (0: every line was
 * accepted; 1: some were not, or the room closed the connection). */
int room_script_run(RoomClient *c, FILE *in);

#endif
