/* server_int.h — what the parts of a room's server share (see server.h): the clients'
 * connections (server.c), the game and its seats (table.c), the computer's thread
 * (computer.c) and the log (log.c). */
#ifndef CELLMATE_ROOM_SERVER_INT_H
#define CELLMATE_ROOM_SERVER_INT_H

#include "room/dir.h"
#include "room/proto.h"
#include "room/server.h"
#include "room/wal.h"
#include "level.h"
#include "session.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/types.h>

#define OUT_MAX       (MAX_ROOM_OUTPUT_KB * 1024) /* a client reading nothing is dropped past it */
#define HELLO_SECONDS MAX_ROOM_HELLO              /* to say hello before the connection closes */
#define BYE_SECONDS   MAX_ROOM_BYE                /* to read a bye before the connection closes */
#define LINES_PER_SEC ((double)MAX_ROOM_RATE)     /* lines ahead of answers: a rate ... */
#define LINES_BURST   ((double)MAX_ROOM_BURST)    /* ... and its burst; more is a flood */
#define STRIKES_MAX   MAX_ROOM_STRIKES /* bad lines (a good one forgives one) before dropping */
#define SYNC_SECONDS  (MAX_ROOM_SYNC_MS / 1000.0) /* between two whole states to one client */
/* A player away this long has no say in the next game: the players here begin it without
 * them (its clocks wait for them), so that one who left for good cannot hold up the others;
 * longer than a screen takes to join again after a lost connection (15.5 s, client.c). */
#define NEW_AWAY_SECONDS 30.0
/* Connections a room holds: ROOM_MAX_CLIENTS for anyone, and one more for each seat, kept for
 * a player coming back to it, so that strangers holding every connection (watching, or saying
 * nothing) cannot keep a player from their own game while their clock runs. */
#define ROOM_CONN_SLOTS (ROOM_MAX_CLIENTS + MAX_PLAYERS)

enum conn_state { CONN_NEW, CONN_PLAYER, CONN_WATCHER };

typedef struct {
    int fd;
    LineReader in;
    char *out;
    size_t outlen, outcap;
    size_t excused; /* bytes of the room's state queued for it: not a backlog of a client
                     * that reads nothing (they count against OUT_MAX once written) */
    enum conn_state state;
    int seat; /* CONN_PLAYER */
    uid_t uid;
    pid_t pid; /* the process that connected (SO_PEERCRED): who holds how many, in a flood */
    char name[ROOM_NAME_MAX + 1];
    double since, tokens, tokens_at;
    double closing_since; /* when it was told bye */
    int strikes;
    double state_at; /* when its last whole state was queued */
    int syncs_due;   /* syncs asked for since, answered together once SYNC_SECONDS have passed */
    bool closing;    /* say nothing more; close once the queue is written */
    bool dead;       /* close now */
    bool quit;       /* it said quit: it left, it did not lose its connection */
} Conn;

/* chat.c: a user's or a name's chat allowance, kept by the room across connections */
typedef struct {
    bool used, by_name;
    uid_t uid;
    char name[ROOM_NAME_MAX + 1];
    double tokens, at;
} ChatBucket;
/* the users and names chatting lately: a user and a name for each connection, and as many
 * again for those who just left (one whose allowance is whole again needs no bucket) */
#define CHAT_BUCKETS (4 * ROOM_CONN_SLOTS)

enum seat_kind { SEAT_EMPTY, SEAT_HUMAN, SEAT_AI };

typedef struct {
    enum seat_kind kind;
    char name[ROOM_NAME_MAX + 1];
    uid_t uid;
    Conn *conn;          /* NULL: away */
    double away_since;   /* when it went away (or the server started): NEW_AWAY_SECONDS */
    bool resign_pending; /* three players: resigned out of turn, leaves at its turn */
    /* the computer plays the seat of a player away NEW_AWAY_SECONDS or more, asked by another
     * player (ai SIDE), until they come back: the seat, its name and its user stay theirs */
    bool stand_in;
    int stood_moves, stood_games; /* what it played for them meanwhile: said when they return */
    bool stood_known;             /* (not after a restart: the record does not say) */
    bool noted;                   /* the record says it began, and so will say it ended */
} Seat;

typedef struct {
    RoomServerOptions opt;
    Session s;
    Seat seat[MAX_PLAYERS];
    Conn *conn[ROOM_CONN_SLOTS];
    int nconn;
    int listen_fd;
    char record[ROOM_PATH_MAX], sock[ROOM_PATH_MAX], walpath[ROOM_PATH_MAX];
    mode_t mode;
    RoomWal wal;     /* the write-ahead copy of the record */
    bool record_due; /* a change is in the copy, not yet in the record */
    double idle_since, idle_seconds;
    /* the offer or request on the table */
    enum offer_kind offer;
    int offer_by;
    unsigned agreed; /* seats that agree */
    int undo_to;     /* plies left after the takeback */
    /* ai off stopped the clocks of a game under way: the seats filled again, they run on from
     * where they stopped, not from the record's times at the last moves */
    bool clocks_held;
    /* a new game: its clocks start once every seat is taken and every player is here (one
     * who is away, or never agreed to it, must not lose time to it); a server starting from
     * the record derives it again (table.c, clocks_never_ran) */
    bool clocks_wait;
    /* the computer */
    Engine *engine;
    pthread_t thread;
    bool thinking;
    int ai_pipe[2];
    atomic_bool stop;
    Game ai_game;
    SearchLimits ai_limits; /* set before the thread starts: it reads no clock */
    SearchResult ai_result;
    unsigned generation, ai_generation;
    char err[600]; /* the session's complaint about the request in hand */
    ChatBucket chat[CHAT_BUCKETS];
    int stand_in_begins; /* this game's notes of the computer beginning to play for one away */
} Server;

#define EACH_CLIENT(sv, c)                                                                         \
    for (int i_##c = 0; i_##c < (sv)->nconn; i_##c++)                                              \
        for (Conn *c = (sv)->conn[i_##c]; c; c = NULL)                                             \
            if (c->state != CONN_NEW)

/* server.c: lines to clients (a client past its output limit is dropped) */
void conn_send(Conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void conn_bye(Conn *c, const char *why); /* a last line, then the connection closes */
void room_broadcast(Server *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* the same to every client but one (who was told in its own words, e.g. its welcome) */
void room_tell_others(Server *sv, const Conn *but, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* log.c: a line to the log (standard error); room_log_file names the room's log it is, which
 * is then kept below MAX_ROOM_LOG_KB once room_log_own says this server holds the room's lock
 * (a second server that loses the race must not rename the log under the running one) */
void room_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void room_log_file(const char *path);
void room_log_own(void);
void conn_strike(Conn *c); /* a bad line: too many close the connection */
/* Whether c, saying hello, has a place among the ROOM_MAX_CLIENTS connections anyone may
 * hold: connections without a hello are closed to make it (the flood's first) */
bool room_make_room(Server *sv, const Conn *c);

/* table.c: the game, the seats and the requests */
bool table_open(Server *sv, char *err, int errlen);             /* from the record, or a new game */
void table_request(Server *sv, Conn *c, const RoomRequest *rq); /* a client's parsed line */
void table_left(Server *sv, Conn *c); /* a client is gone: a seat away, or a watcher less */
void table_save(Server *sv);          /* after a change: durable (the copy) before anyone hears */
bool table_save_now(Server *sv);      /* the record itself, at once; false when it failed */
void table_flag(Server *sv);          /* the running flag fell */
void table_move_played(Server *sv);   /* after a move: tell everybody, save, go on */
bool table_all_seated(const Server *sv);
bool table_computer_plays(const Server *sv, int p); /* its own seat, or standing in */
/* the next game offered, and every player with a say agreeing now that the others have been
 * away NEW_AWAY_SECONDS: it begins; the seconds until the next say lapses (negative: none) */
double table_new_due(Server *sv, double now);
/* the syncs c waits for, answered (one state, an ok each) once their time has come */
void table_syncs_due(Server *sv, Conn *c, double now);
int table_watchers(const Server *sv);

/* chat.c: whether c's user and name may say one more line now (it is counted); else false,
 * with the seconds until they may */
bool chat_allowed(Server *sv, const Conn *c, double *wait);

/* computer.c: the computer's seats, searched in a thread of their own */
void computer_turn(Server *sv); /* start thinking if a computer's seat is to move */
void computer_stop(Server *sv); /* stop and wait for the thread */
void computer_done(Server *sv); /* its pipe is readable: play what it found */

#endif
