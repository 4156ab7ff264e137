/* options.h — cellmate's command line read into Options (options.c); main.c runs what it
 * asks for. */
#ifndef CELLMATE_OPTIONS_H
#define CELLMATE_OPTIONS_H

#include "clock.h"
#include "resume.h"
#include "search.h"

#include <stdbool.h>

enum exit_code { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_USAGE = 2 };

#define MAX_NAMED 8 /* --white, --black and --player-name options taken */
#define MAX_AI    8 /* --ai options taken */

typedef struct {
    const char *variant;
    const char *fen;
    int perft_depth;
    bool divide;
    const char *check_variant; /* the first of checks */
    /* --check-variant's files, and the arguments after them: at most one per argument */
    const char **checks;
    int nchecks, nargs;
    bool lint;
    const char *show_zone;
    const char *replay;
    const char *load;
    bool list, batch, resume, ascii, no_save;
    enum resume_mode resume_mode;
    const char *resume_name; /* --resume=NAME: that save */
    TimeControl clock;
    bool time_given;
    SearchLimits ai;
    int hash_mb;  /* the computer's table, 0: the default */
    bool analyse; /* analyse the position and stop */
    bool restricted;
    const char *player, *save_dir;
    /* rooms */
    const char *room, *serve_room, *room_dir, *seat, *name, *ssh, *relay_variant;
    bool rooms, relay;
    /* players' names for the record: "SIDE=NAME" */
    const char *named[MAX_NAMED];
    const char *named_side[MAX_NAMED];
    int nnamed;
    /* the sides the computer plays: --ai SIDE[,SIDE...], all or off, as the ai command */
    const char *ai_sides[MAX_AI];
    int nai;
} Options;

/* Read the command line into o: EXIT_OK, or the exit status after a message on standard
 * error. --help and --version print and exit. o->checks is the caller's to free, however the
 * run ends. */
int options_parse(int argc, char **argv, Options *o);

#endif
