/* describe.h — a room in one line, as --rooms prints it: its name, variant, where the game
 * stands, each seat with its player and whether they are here, and how many watch. */
#ifndef CELLMATE_ROOM_DESCRIBE_H
#define CELLMATE_ROOM_DESCRIBE_H

#include "session.h"

#include <stddef.h>

/* names[p]: the player of seat p ("-" when empty); states[p]: "here", "away", "ai",
 * "empty". watchers < 0: the room's server is not running. */
void room_describe(char *out, size_t len, const char *room, const Session *s,
                   const char *const *names, const char *const *states, int watchers);

#endif
