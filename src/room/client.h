/* client.h — the client end of a room: the connection (the room's socket on this host, or
 * an ssh command's pipes), the handshake, and the room's events applied to the session's
 * game with the same core functions the server used, so the local game is the room's. The
 * session's lines that would change the game go to the room (SessionRemote); the front end
 * waits on room_client_fd() besides its own input and calls room_client_io() when it is
 * ready. A server is not trusted either: every event is checked against the local game,
 * and one that does not fit makes the client ask for the whole state again. */
#ifndef CELLMATE_ROOM_CLIENT_H
#define CELLMATE_ROOM_CLIENT_H

#include "room/proto.h"
#include "session.h"

#include <sys/types.h>

/* Why a connection closed: a bye's reason, as long as the room's line may be, and words
 * before it. */
#define ROOM_WHY_MAX (ROOM_EVENT_MAX + 64)

typedef struct {
    enum seat_state state;
    char name[ROOM_NAME_MAX + 1];
} RoomSeatView;

/* Where to find the room: a name on this host, or [user@]host:NAME / ssh://[user@]host[:port]/NAME.
 */
typedef struct {
    bool remote;
    char user_host[300]; /* [user@]host */
    char port[8];        /* "" when none */
    char room[ROOM_ROOM_MAX + 1];
} RoomTarget;

typedef struct {
    const char *dir;     /* --room-dir, or NULL */
    const char *variant; /* to make the room; NULL to join an existing one */
    const char *name;    /* --name / --player; NULL: the login name */
    const char *seat;    /* --seat SIDE|any|watch; NULL: any */
    const char *ssh;     /* the ssh command (--ssh, CELLMATE_SSH, or "ssh") */
    TimeControl clock;   /* for a new room; a room that keeps another says so */
    double ai_seconds;
    int level;         /* --level given: the room's level is set to it (0: left as it is) */
    int notes_seen;    /* joining after a lost connection: the chat lines shown before it */
    const char *maker; /* restricted mode: the player, whose open rooms are bounded */
} RoomJoinOptions;

typedef struct RoomClient RoomClient;

/* What the client has to tell the person: a move played, a chat line, a note of the room,
 * an error about a request. */
typedef void (*RoomNotify)(RoomClient *c, const char *text, bool error);

struct RoomClient {
    int rfd, wfd;  /* the same socket, or an ssh command's pipes */
    pid_t ssh_pid; /* the ssh command, or 0 */
    LineReader in;
    char *out;
    size_t outlen, outcap;
    Session *s;
    SessionRemote remote;
    char room[ROOM_ROOM_MAX + 1];
    char name[ROOM_NAME_MAX + 1];
    int seat;           /* the side this client plays, -1 when watching */
    char seat_side[32]; /* the side the welcome named, until the game is known */
    RoomSeatView seats[MAX_PLAYERS];
    int watchers;
    int offer_kind; /* 0, 'd' (a draw offered), 'u' (a takeback asked) or 'n' (the next game) */
    int offer_by;
    unsigned offer_agreed; /* the other sides that agree to it (three players) */
    bool synced;           /* the room's whole state has been read */
    bool welcomed;         /* the room let it in: a refusal is no longer one at the door */
    bool sat;              /* a later welcome (sit): said once the seat is known */
    int noted;             /* live notes kept since the last state (ROOM_NOTED_MAX at most) */
    bool level_known;      /* the room has said its computer's level (older servers never do) */
    int pending;           /* requests sent (or waiting to go) whose answer has not come */
    /* lines the others hear (chat, offers), waiting for their pace, each ending in '\n':
     * they go from room_client_io, never holding up the caller (see room_client_send) */
    char *held;
    size_t heldlen, heldcap;
    int nheld;
    int nheld_ordered; /* of them, lines other than chat: every later line waits behind them */
    int refused; /* lines not sent while MAX_ROOM_HELD waited, until the held lines have gone */
    double paced, paced_at; /* lines the others hear that may go now, and when counted */
    bool closed;            /* the connection is gone */
    bool said_bye; /* the room closed it on purpose (a bye): joining again would not help */
    char why[ROOM_WHY_MAX]; /* why it closed (a bye's whole reason) */
    RoomTarget target;      /* where the room is, to join it again */
    RoomJoinOptions opts;   /* as joined (its strings the caller's, kept while the client is) */
    RoomNotify notify;
    void *user;
    /* called as the room's whole state begins, before it replaces the session's game and
     * perhaps its variant: whoever still reads them (the screen's thinking thread) lets go
     * (may be NULL) */
    void (*replacing)(RoomClient *c);
    /* a snapshot being read */
    bool in_snapshot;
    Game snap;
    Variant *snap_v;
    long snap_clock[MAX_PLAYERS + 1];
    bool snap_has_clock;
    /* chat lines that may go now, and when counted, as the room counts chat for each user
     * (kept when the client joins again: the room's count outlives the connection) */
    double chat_paced, chat_paced_at;
};

/* Read a --room argument; false with a message in err. */
bool room_parse_target(const char *arg, RoomTarget *t, char *err, int errlen);

/* Connect to room `room` on this host (the directory: dir_opt, or the default), starting its
 * server when none runs (with `variant` when there is no record yet, and only when the
 * variant has `seat`, the seat the hello asks for: a side, any, watch, or NULL when not
 * known). maker: the restricted player who would open it (bound by quota.h: rooms open and
 * kept), or NULL. Returns the socket (blocking), or -1 with a message in err. */
int room_connect_here(const char *dir_opt, const char *room, const char *variant, const char *seat,
                      const char *maker, const TimeControl *clock, double ai_seconds, char *err,
                      int errlen);

/* Connect (starting the room's server on this host if none runs, or running ssh), say hello
 * and read the room's state into s: s->v and s->game become the room's. False with a
 * message in err; the client is closed then. */
bool room_client_join(RoomClient *c, Session *s, const RoomTarget *t, const RoomJoinOptions *o,
                      char *err, int errlen);

/* For poll(): the descriptor to read, and whether there is output waiting to be written
 * (then wait for POLLOUT on room_client_wfd too). */
int room_client_fd(const RoomClient *c);
int room_client_wfd(const RoomClient *c);
bool room_client_wants_write(const RoomClient *c);

/* For poll()'s timeout: the smaller of ms (-1: forever) and the milliseconds until the
 * next held line may go (0: it may go now); room_client_io is called then, whatever poll
 * says. */
int room_client_poll_ms(const RoomClient *c, int ms);

/* Read what arrived and apply it, send the held lines whose time has come, write what
 * waits; false once the connection is closed (c->why says why). */
bool room_client_io(RoomClient *c, short revents, short wrevents);

/* Block until the answers to every request sent have come (or timeout seconds pass, or the
 * connection closes); false when they did not. */
bool room_client_settle(RoomClient *c, double timeout);

/* Send a request line ("say hi"). A line the others hear (chat, offers) is paced to stay
 * inside the room's flood limits: it waits, behind the others held, until its time comes,
 * and goes from room_client_io; the call never waits. Any other line (a move, resign) goes
 * at once when only chat is held, overtaking it; once a line other than chat is held (undo,
 * draw, no, new, ai), every later line, moves included, waits behind it in order, since
 * those refer to the position they were sent in. False when the line is not sent: the
 * connection is closed, or MAX_ROOM_HELD lines wait already. */
bool room_client_send(RoomClient *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Join the room again after the connection was lost, with the same target, name and seat
 * (never making a room: its record must be there). True when the client is back; otherwise
 * the client stays closed, its requests refused, and err says why. */
bool room_client_rejoin(RoomClient *c, char *err, int errlen);

/* Leave the room (the seat stays ours) and free everything; ends the ssh command. */
void room_client_close(RoomClient *c);

#endif
