/* session.h — one player's session: the variant and game in play, and the command table
 * that the scripted mode and the screen share. A line of input is a command or a move;
 * whatever it prints goes to a Sink, so each front end decides where text appears. */
#ifndef CELLMATE_SESSION_H
#define CELLMATE_SESSION_H

#include "clock.h"
#include "perft.h"
#include "search.h"

typedef struct Sink {
    void (*out)(struct Sink *s, const char *line); /* normal output, one line at a time */
    void (*err)(struct Sink *s, const char *line); /* an error about the input line */
    void *ctx;
} Sink;

/* A Sink's out or err for text nobody needs to see. */
void sink_discard(Sink *s, const char *line);

#define SESSION_CHAT_MAX 100 /* a room's chat lines and notices kept for the chat command */

typedef struct Session {
    Variant *v; /* owned */
    Game game;
    SearchLimits ai;      /* how the computer thinks (time, depth, nodes, level, ...) */
    Engine *engine;       /* its memory between moves; made at the first search */
    SearchHooks ai_hooks; /* a front end's progress display and stop flag */
    /* a front end's display of how far perft has counted (NULL: none) */
    void (*perft_progress)(const PerftProgress *p);
    bool quit;
    bool watching;       /* another process plays this game: moves and changes are refused */
    bool screen;         /* screen-only commands (flip, rotate, ai) are allowed */
    int view_turn;       /* degrees the screen's view is turned from its default (flip, rotate) */
    int seat;            /* the player this screen sits as (a room's seat), or -1 */
    bool names;          /* the screen writes every cell's name in it (the names command) */
    unsigned ai_players; /* bit per player the computer plays (the ai command, --ai) */
    /* the ai command chose them, not a loaded record's names: the scripted mode then lets the
     * computer play them too (on the screen it always does) */
    bool ai_chosen;
    /* called after every change of the game (move, undo, new, load): the screen saves the
     * game in progress here */
    void (*changed)(struct Session *s);
    /* called when new or load is about to replace a game: a front end that saves the game
     * keeps the one left here (what to tell the player in note, or ""); false refuses the
     * new game, the reason in note */
    bool (*replacing)(struct Session *s, char *note, size_t len);
    /* what load with no file name lists: the saved games of the state directory, and how to
     * clear them; false when there is none (load then asks for a file name). fallback: the
     * variant load reads a record without a Variant tag as (the session's) */
    bool (*list_saves)(const Variant *fallback, Sink *out);
    /* the file of the save that list names `name` (with or without .pgn), for 'load NAME'
     * when no such file is in the current directory; false when there is none */
    bool (*find_save)(const char *name, char *path, size_t len);
    /* when replacing refuses, new or load still goes ahead when the game is in the file the
     * last save wrote, as it is (saved_path, saved_name as the player wrote it), or when the
     * player, told the game would be lost, asks again for this same game (replace_warned: a
     * hash of its record, 0 for none) */
    char saved_path[4096], saved_name[4096];
    uint64_t replace_warned;
    void *user;
    Clock clock; /* tc.kind CLOCK_NONE: the game has no clock */
    /* A room: the lines that would change the game go to the room server instead (see
     * SessionRemote); the local game follows the room's events. NULL: a local game. */
    struct SessionRemote *remote;
    /* A room's chat lines and notices (who came and went, offers, results), the newest
     * SESSION_CHAT_MAX, oldest first: the message line shows only the latest, the chat
     * command all of them (session_chat_add) */
    char *chat[SESSION_CHAT_MAX];
    int nchat;
    /* restricted mode (restrict.h): save and load by plain name in the player's directory,
     * bounded lines, moves and perft; NULL when not restricted */
    const struct Restriction *restricted;
} Session;

/* The other end of a session in a room. request() gets a command that changes the game
 * ("undo", "resign", "draw", "ai Blue", "say hello") or a move checked against the local
 * game and written in long form ("move e4-e5"); it sends it and says what it did on out. A
 * command the room does not take is refused by the session before it gets here. */
typedef struct SessionRemote {
    bool (*request)(struct Session *s, const char *verb, const char *args, Sink *out);
    void *ctx;
} SessionRemote;

typedef struct {
    const char *name;
    const char *args;
    const char *help;
    bool (*run)(Session *s, const char *args, Sink *out);
    bool screen_only;
} Command;

/* The command table, terminated by a NULL name. */
extern const Command session_commands[];

/* The command a line names: its first word (after any blanks, up to a blank or the end) is a
 * command's name exactly, as session_line reads it; NULL when it names none (a move). */
const Command *session_command_named(const char *line);

/* Whether c can be used in this session, to be offered (Tab): say and no only in a room, a
 * room only the commands it takes, the screen's own only on the screen, a watcher only those
 * that leave the game as it is. */
bool session_command_offered(const Session *s, const Command *c);
/* The words help gives c in this session (its arguments and what it does: in a room, its
 * request's), or false when c is not for it (a room takes only some commands; the screen's
 * own are for the screen). */
bool session_command_words(const Session *s, const Command *c, const char **args,
                           const char **help);

/* Keep a room's chat line or notice for the chat command (the oldest goes once there are
 * SESSION_CHAT_MAX); out of memory, it is not kept. */
void session_chat_add(Session *s, const char *text);

/* Start a session with a variant (name or path) and optional position string. */
bool session_open(Session *s, const char *variant, const char *fen, char *err, int errlen);
void session_close(Session *s);

/* Start a session with the first game of a record, in the variant its Variant tag names;
 * false with "FILE: reason" in err (nothing to close then). */
bool session_open_record(Session *s, const char *path, char *err, int errlen);

/* Replace the game by the first game of a PGN file (in its own variant, or the session's
 * when it names none). False, with "FILE: reason" in err, leaves the game as it was. */
struct PgnReport;
bool session_load_file(Session *s, const char *path, struct PgnReport *rep, char *err, int errlen);

/* The load command: replace the game by the first game of the file `name` (in restricted
 * mode a save's plain name; "" there lists the saves), saying what was loaded on out and
 * calling the changed hook. False when refused (the reason went to out->err). */
bool session_load(Session *s, const char *name, Sink *out);

/* Replace the game with a new one of variant v (taking ownership of v). */
void session_set_game(Session *s, Variant *v, const Game *g);

/* Run one input line: blank and '#' lines do nothing; a command runs; anything else is read
 * as a move. Returns false when the line was rejected (the reason went to out->err). */
bool session_line(Session *s, const char *line, Sink *out);

/* A line whose first word is a command in other capitals ("Quit", "UNDO x"), and which is no
 * move, is that command: buf gets the line with the name in lower case (what session_line
 * runs for it; the screen, which runs some commands itself, reads it the same way). False,
 * buf untouched, for any other line. */
bool session_command_case(const Session *s, const char *line, char *buf, size_t len);

/* The player the screen draws at the bottom: the own seat; a room's watcher, the first
 * player; against the computer, the one side it does not play; otherwise the player to move,
 * or on the computer's turn the person who moved last (before any has, the next to move),
 * except when the computer plays every side or for a watcher of another cellmate's game
 * (--resume=watch): the first player. */
int session_view_player(const Session *s);

/* The limits the computer's search runs with: s->ai, bounded in restricted mode. */
SearchLimits session_limits(const Session *s);

/* The computer's choice for the side to move, through s->ai and s->ai_hooks; false (with a
 * message in err) when the game is over or there is no legal move. */
bool session_think(Session *s, SearchResult *r, char *err, size_t errlen);

/* Give the game a clock (also kept as its TimeControl tag); the side to move's clock starts. */
void session_set_clock(Session *s, const TimeControl *tc);

/* Set the clocks from the record: the TimeControl tag and the times left after each
 * player's last move; the side to move's clock runs unless the game is over. */
void session_clock_from_record(Session *s);

/* Stop the clock while the program waits for the player to confirm something (no one is to
 * blame for that time), or, with hold false, run the side to move's clock again unless the
 * game is over. */
void session_clock_hold(Session *s, bool hold);

/* Play a legal move for the side to move as a player's move: the clock is pressed and its
 * reading kept with the move; nothing is printed and the changed hook is not called. False
 * when out of memory for the record: then nothing has changed. */
bool session_play_move(Session *s, Move m);

/* The computer plays at this level (1..SEARCH_MAX_LEVEL) from now on, and the record's
 * names for it say so. */
void session_set_level(Session *s, int level);
/* The level args names, or false after a complaint (as the level command refuses it). */
bool session_level_arg(const char *args, int *level, Sink *out);
/* A level's choices differ from game to game: a seed from the time and the process, unless a
 * seed, --nodes or --depth asks for reproducible play. */
void session_seed_levels(Session *s);

/* Player p's flag fell: the game ends for p, p's clock reads 0 and the next player's runs if
 * the game goes on. session_tick's step, and a room server's (which keeps the clocks). */
void session_time_out(Session *s, int p);

/* A flag that has fallen ends the game (two players) or puts that player out (three):
 * reports it on out, calls the changed hook, and returns true. A room's client leaves this
 * to the room. */
bool session_tick(Session *s, Sink *out);

/* Name the player of a side (its name in the variant, any case) in the game's record: false,
 * with the reason in err, for a side the variant does not have or a name that is empty,
 * longer than MAX_PLAYER_NAME or holds control characters, quotes or backslashes. A new game
 * keeps the names. */
bool session_name_player(Session *s, const char *side, const char *name, char *err, size_t errlen);

/* The perft command: count the move sequences of length depth from the game's position,
 * first one "MOVE: COUNT" line per move when divide; cut short with a partial count at
 * `seconds` (0: no limit) or when the interrupt hook (movegen.h set_interrupt) says so. The
 * lines go to out; s->perft_progress, if set, is told how far it has gone while it counts.
 * Restricted mode stops a count with no limit (or a longer one) after
 * MAX_RESTRICTED_PERFT_TIME, and its last line then says so, with no partial count; false
 * then (no count was given). */
bool session_perft(const Session *s, int depth, bool divide, double seconds, Sink *out);

/* The analyse command: the computer's best lines for the side to move, one line per depth
 * searched, then the best move; false (the reason on out->err) when there is none. */
bool session_analyse(Session *s, Sink *out);

/* Run one session command by its name (never a move): what the room server does with a
 * player's "undo", "resign" or "draw". False when refused (the reason went to out->err). */
bool session_command(Session *s, const char *name, const char *args, Sink *out);

/* Read and play a move for the side to move, as a typed line would; false when refused. */
bool session_move(Session *s, const char *text, Sink *out);

/* Whether it is the turn of a side the computer plays (ai SIDE; in the scripted mode only
 * sides the ai command chose) in a game played here (not a room's, not one watched): the
 * front end then lets it move (`go`). */
bool session_computer_to_move(const Session *s);

/* Whether the game may grow by another move (restricted mode bounds its length). */
bool session_move_allowed(const Session *s);

/* "12. Nf6" or "12... Nf6" (three players: "12. c6 (Red)") for the last move played. */
void session_last_move_text(const Session *s, char *buf, size_t len);

/* "5. e4, 5... Nf6": plies from..to-1 of the game (those taken back too, until another move
 * is played), as undo and redo name them. */
void session_plies_text(const Session *s, int from, int to, char *buf, size_t len);

#endif
