/* cell_limits.h — every fixed limit of cellmate, in one place (not named limits.h: the
 * directory is on the include path, where it would hide the system's <limits.h>). Each is
 * either generous enough never to matter for a real game or checked where it is reached, with
 * a message that names it; none cuts anything silently. cellmate-variants(5) and cellmate(6)
 * quote these figures (each after a line ".\" limit NAME", which tests/cli_man.sh checks
 * against this file). */
#ifndef CELLMATE_CELL_LIMITS_H
#define CELLMATE_CELL_LIMITS_H

/* --- boards ---------------------------------------------------------------------------- */
#define MAX_CELLS         1024 /* cells of one board, numbered 1..MAX_CELLS (0 is no cell) */
#define MAX_FILES         26   /* file letters a board may name */
#define MAX_CELL_NUMBER   99   /* the number in a cell name, 1..99 */
#define MAX_SHAPE         16   /* terms of a hex board's shape */
#define MAX_HEX_RADIUS    12   /* radius of one hexagon term */
#define MAX_RING_LENGTH   64   /* cells in one file of a ring */
#define MAX_TRIANGLE_SIDE 6    /* side of a hexagon of triangles (6 x side x side cells) */
#define MAX_DIRS          32   /* directions of one board family */

/* --- variant files --------------------------------------------------------------------- */
#define MAX_LINE         198  /* characters in one line of a variant file */
#define MAX_SECTIONS     256  /* different sections in one file */
#define MAX_PLAYERS      3    /* players of one game (2 or 3) */
#define MAX_KINDS        26   /* kinds of piece: one per upper-case letter */
#define MAX_COMPS        8    /* components of one piece's moves */
#define MAX_ZONES        32   /* named zones */
#define MAX_NAME         32   /* names of players, pieces and zones, with the terminating NUL */
#define MAX_TEXT         1024 /* text values (title, notes, ...), with the terminating NUL */
#define MAX_PIECES       255  /* pieces of all players in the starting array and hands together */
#define MAX_CASTLE_CELLS 7    /* cells listed in one castling .empty or .safe key */
#define MAX_BASE_DEPTH   8    /* files one variant inherits through (base = NAME, and its base) */
/* what a file's keys add up to, so that reading a file is linear in its length */
#define MAX_KEYS  1024  /* keys in one file, all sections together */
#define MAX_VALUE 16384 /* characters in one value, its continuation lines included */

/* --- files read ----------------------------------------------------------------------- */
/* bytes of any file a user names (a game record, a collection of them, a variant file): the
 * 395 games of the Glinski tournament file take 340 KB */
#define MAX_FILE_BYTES 16777216 /* 16 MiB */
/* tag pairs of one game in a record (real records have a few dozen): a game with more is
 * refused, so that reading tags stays linear in the file's length */
#define MAX_GAME_TAGS 1000

/* --- positions and games --------------------------------------------------------------- */
/* moves of one position: a variant whose pieces could have more in some position (counted
 * generously when it is loaded) is refused */
#define MAX_MOVES 4096

#define MAX_PLAYER_NAME 64 /* characters in a player's name (--white, --player-name) */

/* --- restricted mode: a public game login (src/restrict.c) ------------------------------ */
#define MAX_PLAIN_NAME            32   /* characters in a player's or a save's name */
#define MAX_RESTRICTED_LINE       200  /* characters in an input line */
#define MAX_RESTRICTED_PLIES      1000 /* moves (plies) in one game */
#define MAX_SAVES                 50   /* games one player keeps saved by name */
#define MAX_ROOMS_PER_PLAYER      5    /* rooms one player may have open at a time */
#define MAX_ROOMS_KEPT            20   /* rooms one player keeps, open or closed */
#define MAX_ROOM_ABANDONED_DAYS   7    /* a closed room untouched this long may make way */
#define MAX_RESTRICTED_ROOM_GAMES 50   /* finished games kept by a room a player opened */
#define MAX_RESTRICTED_THINK      10   /* the computer's thinking time per move, seconds */
#define MAX_RESTRICTED_THREADS    1    /* the computer's search threads */
#define MAX_RESTRICTED_PERFT      4    /* perft depth */
#define MAX_RESTRICTED_PERFT_TIME 10   /* perft's counting time, seconds */
#define MAX_RESTRICTED_MEMORY_MB  512  /* address space (setrlimit RLIMIT_AS), MB */
#define MAX_RESTRICTED_FILE_KB    1024 /* size of any file written (RLIMIT_FSIZE), KB */
#define MAX_RESTRICTED_PRIORITY   10   /* CPU priority: at most that of this nice value */

/* --- rooms (src/room/, cellmate-room(5)) ------------------------------------------------ */
#define MAX_ROOM_NAME      32    /* characters in a room's name */
#define MAX_ROOM_REQUEST   512   /* bytes in a client's protocol line */
#define MAX_ROOM_EVENT     8192  /* bytes in a server's protocol line (a position string) */
#define MAX_ROOM_GARBAGE   65536 /* bytes of over-long lines skipped before a client is dropped */
#define MAX_ROOM_SAY       200   /* bytes in a chat line */
#define MAX_ROOM_CHAT_KB   64    /* chat one game's record keeps; later lines are only relayed */
#define MAX_ROOM_CLIENTS   64    /* connections to one room */
#define MAX_ROOM_OUTPUT_KB 1024  /* output waiting for one client before it is dropped */
#define MAX_ROOM_BURST     60    /* lines a client may send ahead of their answers at once ... */
#define MAX_ROOM_RATE      20    /* ... and per second for long */
#define MAX_CHAT_BURST     30    /* chat lines one user (or one name) may say at once ... */
#define MAX_CHAT_RATE      2     /* ... and per second for long, however it connects */
#define MAX_ROOM_HELD      60    /* lines a client keeps waiting for their pace (chat, offers) */
#define MAX_ROOM_STRIKES   10    /* refused lines in a row before a client is dropped */
#define MAX_ROOM_SYNC_MS   500   /* a client's whole states: one each this many ms at most */
#define MAX_ROOM_HELLO     30    /* seconds to say hello */
#define MAX_ROOM_BYE       10    /* seconds a client has to read its last lines once told bye */
#define MAX_ROOM_ARCHIVE   99999 /* a room's finished games kept, ROOM.1.pgn up to this number */
#define MAX_ROOM_LOG_KB    256   /* a room's log, then it keeps its newest half */

#endif
