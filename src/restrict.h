/* restrict.h — restricted mode, for a public game login (an SSH account whose ForceCommand or
 * authorized_keys command= is cellmate): no path chosen by the player reaches the file
 * system, each player (named by the administrator) has a directory of their own, and every
 * resource a player can ask for is bounded. The limits are here, in one place, and the man
 * page quotes them. */
#ifndef CELLMATE_RESTRICT_H
#define CELLMATE_RESTRICT_H

#include <stdbool.h>
#include <stddef.h>

#define RESTRICT_NAME_MAX    32           /* characters in a player's or a save's name */
#define RESTRICT_LINE_MAX    200          /* characters in an input line */
#define RESTRICT_PLIES_MAX   1000         /* moves (plies) in one game */
#define RESTRICT_SAVES_MAX   50           /* games one player keeps saved by name */
#define RESTRICT_ROOMS_MAX   5            /* rooms one player may have open at a time */
#define RESTRICT_THINK_MAX   10.0         /* the computer's thinking time per move, seconds */
#define RESTRICT_THREADS_MAX 1            /* the computer's search threads */
#define RESTRICT_PERFT_MAX   4            /* perft depth */
#define RESTRICT_MEMORY_MAX  (512L << 20) /* address space, bytes (setrlimit RLIMIT_AS) */
#define RESTRICT_FILE_MAX    (1L << 20)   /* size of any file written, bytes (RLIMIT_FSIZE) */

#define RESTRICT_PATH_MAX 1024

typedef struct Restriction {
    char player[RESTRICT_NAME_MAX + 1];
    char dir[RESTRICT_PATH_MAX];   /* the player's own directory: the game in progress */
    char saves[RESTRICT_PATH_MAX]; /* dir/saves: the games saved by name */
} Restriction;

/* Whether restricted mode is on: asked for by --restricted (option) or forced by the
 * environment variable CELLMATE_RESTRICTED set to anything but "" or "0". */
bool restrict_wanted(bool option);

/* Whether name is a plain name: 1 to RESTRICT_NAME_MAX letters, digits, '-' and '_'. If
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
 * new name is refused once the player has RESTRICT_SAVES_MAX saves. False with err. */
bool restrict_save_path(const Restriction *r, const char *name, bool creating, char *out,
                        size_t len, char *err, int errlen);

/* The names of the player's saves, sorted and space-separated, into out; returns how many. */
int restrict_list_saves(const Restriction *r, char *out, size_t len);

/* Whether an input line may be read at all: at most RESTRICT_LINE_MAX characters and no
 * control characters. False with err (which never quotes the line). */
bool restrict_line_ok(const char *line, char *err, int errlen);

#endif
