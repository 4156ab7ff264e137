/* restrict.h — restricted mode, for a public game login (an SSH account whose ForceCommand or
 * authorized_keys command= is cellmate): no path chosen by the player reaches the file
 * system, each player (named by the administrator) has a directory of their own, and every
 * resource a player can ask for is bounded (the limits are in cell_limits.h). */
#ifndef CELLMATE_RESTRICT_H
#define CELLMATE_RESTRICT_H

#include "cell_limits.h"

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define RESTRICT_PATH_MAX 1024

typedef struct Restriction {
    char player[MAX_PLAIN_NAME + 1];
    char dir[RESTRICT_PATH_MAX];   /* the player's own directory: the game in progress */
    char saves[RESTRICT_PATH_MAX]; /* dir/saves: the games saved by name */
} Restriction;

/* Whether restricted mode is on: asked for by --restricted (option) or forced by the
 * environment variable CELLMATE_RESTRICTED set to anything but "" or "0". */
bool restrict_wanted(bool option);

/* Whether name is a plain name: 1 to MAX_PLAIN_NAME letters, digits, '-' and '_'. If
 * not, err says so, calling it `what` ("a player name", "a save name"). */
bool restrict_plain_name(const char *name, const char *what, char *err, int errlen);

/* Enter restricted mode for `player` (NULL: the account's user name), its directory under
 * `root` (NULL: ~/.local/state/cellmate/players, home from the password database, never
 * from the environment). Creates the directories, makes the player's the working
 * directory, replaces the environment by a checked minimum (TERM and the locale if they are
 * plain names, HOME and USER from the password database, no readline init file), sets the
 * resource limits and ignores the job-control and quit keys' signals. False with err when
 * the process cannot be confined (then it must not go on). */
bool restrict_enter(Restriction *r, const char *player, const char *root, char *err, int errlen);

/* The file of the save called `name`, in the player's save directory. When `creating`, a
 * new name is refused once the player has MAX_SAVES saves. False with err. */
bool restrict_save_path(const Restriction *r, const char *name, bool creating, char *out,
                        size_t len, char *err, int errlen);

/* A new save among the player's saves named PREFIX-DATE-TIME (the local time `when`), or
 * PREFIX-DATE-TIME-2, -3, ... when a file has that name: place(dest, arg, err, errlen) makes
 * the file at dest, returning 1, or 0 when a file has the name (it never replaces one), or -1
 * with err. The name in name; false with err on failure, when the saves are full or every
 * name is taken. */
bool restrict_new_save(const Restriction *r, const char *prefix, time_t when,
                       int (*place)(const char *dest, void *arg, char *err, int errlen), void *arg,
                       char *name, size_t len, char *err, int errlen);

/* The names of the player's saves, sorted and space-separated, into out; returns how many. */
int restrict_list_saves(const Restriction *r, char *out, size_t len);

/* An error about a file of the player's as the player may see it: every mention of `path`
 * in err becomes `shown` (the save's name, "your game"), so that the reason stays and the
 * host's directories do not show. */
void restrict_hide_path(const char *err, const char *path, const char *shown, char *out,
                        size_t len);

/* Whether an input line may be read at all: at most MAX_RESTRICTED_LINE characters and no
 * control characters. False with err (which never quotes the line). */
bool restrict_line_ok(const char *line, char *err, int errlen);

#endif
