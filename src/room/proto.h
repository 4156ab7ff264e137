/* proto.h — the room protocol (cellmate-room(5)): lines of text, with the limits both ends
 * keep, a line reader that survives anything a peer sends (over-long lines, control bytes,
 * floods), the names it allows, and the table of the requests a client may send and the
 * events a server sends. Neither end trusts the other: the server checks every request, and
 * the client checks every event against its own copy of the game. */
#ifndef CELLMATE_ROOM_PROTO_H
#define CELLMATE_ROOM_PROTO_H

#include <stdbool.h>
#include <stddef.h>

#include "cell_limits.h"
#include "game.h"

/* the limits themselves are in cell_limits.h with every other one, quoted by the man pages */
#define ROOM_PROTO_VERSION 1
#define ROOM_REQUEST_MAX   MAX_ROOM_REQUEST /* bytes of a client's line, without its newline */
#define ROOM_EVENT_MAX     MAX_ROOM_EVENT   /* of a server's line */
#define ROOM_GARBAGE_MAX   MAX_ROOM_GARBAGE /* over-long bytes skipped before the peer is dropped */
#define ROOM_NAME_MAX      MAX_PLAIN_NAME   /* a player's name, as in restricted mode */
#define ROOM_ROOM_MAX      MAX_ROOM_NAME    /* a room's name */
#define ROOM_SAY_MAX       MAX_ROOM_SAY     /* bytes of a chat line */

/* The record's tags a room's state carries (tag events), for the clients' own records: the
 * players' come with the seats, the variant, clock, start and result with their events;
 * RoomUsers (the players' Unix users) stays the server's. */
#define ROOM_SHOWN_TAGS 4
extern const char *const room_shown_tags[ROOM_SHOWN_TAGS];

/* --- lines ------------------------------------------------------------------------------- */

enum line_status {
    LINE_NONE,     /* no whole line yet */
    LINE_OK,       /* a line, in out (without "\n" or "\r\n") */
    LINE_TOO_LONG, /* a line longer than the limit began; its rest is skipped */
    LINE_CONTROL,  /* a line with control bytes (NUL, escape ...): refused whole */
    LINE_GARBAGE   /* more than ROOM_GARBAGE_MAX bytes skipped: drop the peer */
};

typedef struct {
    char *buf; /* limit + 1 bytes */
    size_t len, limit;
    bool skipping;  /* inside an over-long line, until its newline */
    size_t skipped; /* bytes skipped since the last good line */
} LineReader;

bool linereader_init(LineReader *r, size_t limit);
void linereader_free(LineReader *r);

/* Room for more bytes: where to read them and how many fit. */
char *linereader_space(LineReader *r, size_t *room);
/* n bytes were read into the space. */
void linereader_added(LineReader *r, size_t n);
/* Take the next line; out has room for limit + 1 bytes. */
enum line_status linereader_next(LineReader *r, char *out);

/* --- names and words ----------------------------------------------------------------------- */

/* A player's name: 1 to ROOM_NAME_MAX letters, digits, '.', '_' or '-', not starting with
 * '-' or '.', and not "cellmate" (the computer's name in records). */
bool room_valid_player(const char *name);
/* The same, saying why a name is not one ("a player's name begins with ..."): false with
 * the reason in why (len bytes; why may be NULL). */
bool room_player_name_ok(const char *name, char *why, size_t len);
/* A room's name: 1 to ROOM_ROOM_MAX letters, digits, '_' or '-', not starting with '-'. */
bool room_valid_room(const char *name);
/* A variant's name as a room may name it: letters, digits, '_' and '-' only (never a path). */
bool room_valid_variant(const char *name);

/* Chat text as the server passes it on: control bytes and broken UTF-8 become '?', at most
 * ROOM_SAY_MAX bytes (cut at a character). */
void room_clean_text(const char *in, char *out, size_t outlen);
/* The same for the room's own words (a bye's reason, an info or error line), which may be as
 * long as a line: all of it that fits in outlen. */
void room_clean_reason(const char *in, char *out, size_t outlen);

/* A game's chat as its record keeps it, the same at both ends: the room's record, and every
 * client's copy of the game (which it saves, and which must not grow without end while the
 * chat goes on). A chat line (NAME: TEXT) is kept as a note while the game's notes and it
 * take at most ROOM_CHAT_KEPT bytes; the first one past that adds ROOM_CHAT_FULL instead,
 * and the later ones nothing. */
#define ROOM_CHAT_KEPT (MAX_ROOM_CHAT_KB * 1024)
/* The room's own notes a client keeps as they come (noted) between two states: a game has
 * at most 41 beginnings and endings of the computer playing for players away (table.c) */
#define ROOM_NOTED_MAX 64
#define ROOM_CHAT_FULL "(the record keeps no more chat of this game)"
enum room_chat { ROOM_CHAT_NOTED, ROOM_CHAT_NOW_FULL, ROOM_CHAT_NOT_KEPT };
enum room_chat room_chat_keep(Game *g, const char *note);

/* A seat's state, as the room says it in words (seat events, --rooms' lines, the screens'
 * panels): nobody there, its player connected, its player gone for now, the computer. */
enum seat_state { SEAT_STATE_EMPTY, SEAT_STATE_HERE, SEAT_STATE_AWAY, SEAT_STATE_AI };
/* Its word: "empty", "here", "away" or "ai". */
const char *room_seat_word(enum seat_state st);
/* The state a word names, or -1 when it names none. */
int room_seat_state(const char *word);

struct Variant;
/* The seat a hello asks for in a game of variant v: *side is the side it names (in any
 * case), -1 for "any" or "watch". False for any other word, with the refusal for the player
 * in err, as the server says it and as a client says it before it makes a room for a hello
 * that would be refused. */
bool room_hello_seat(const struct Variant *v, const char *seat, int *side, char *err, size_t len);
/* The sides a record's RoomStandIn tag names (the computer plays their players' seats while
 * they are away; "-" or NULL: none), as a mask of seats. */
unsigned room_stand_in_sides(const struct Variant *v, const char *tag);
#define ROOM_STAND_IN_MAX (MAX_PLAYERS * (MAX_NAME + 1) + 1) /* the tag's text, at most */

/* Split off the first word of *line (words are separated by single or more blanks): returns
 * it NUL-terminated and advances *line past the blanks after it. "" at the end. */
char *room_word(char **line);

/* --- requests (client to server) ---------------------------------------------------------- */

enum room_request {
    REQ_HELLO,  /* hello VERSION NAME [SEAT|any|watch] */
    REQ_MOVE,   /* move TEXT */
    REQ_SAY,    /* say TEXT */
    REQ_DRAW,   /* draw: offer one, or agree to the one offered */
    REQ_UNDO,   /* undo: ask for a takeback, or agree to the one asked */
    REQ_NO,     /* no: refuse the offer or request on the table */
    REQ_RESIGN, /* resign */
    REQ_AI,     /* ai SIDE: the computer takes an empty seat */
    REQ_NEW,    /* new: offer the next game once this one is over, or agree to it */
    REQ_SYNC,   /* sync: the whole state again */
    REQ_INFO,   /* info: a summary of the room (also before hello) */
    REQ_PING,   /* ping */
    REQ_QUIT,   /* quit: leave (the seat is kept) */
    REQ_LEVEL,  /* level N: the computer's level, 1 (a beginner's opponent) .. 10 */
    REQ_SIT,    /* sit [SIDE|any]: a watcher takes a seat (alone: the first empty one) */
    REQ_BAD
};

typedef struct {
    enum room_request kind;
    int version;                  /* hello */
    char name[ROOM_NAME_MAX + 1]; /* hello */
    char seat[32]; /* hello, sit: a side's name, "any" or "watch"; ai: the side; level: N */
    char text[ROOM_REQUEST_MAX + 1]; /* move, say */
    char error[160];                 /* REQ_BAD: what is wrong */
} RoomRequest;

/* Read one request line (as linereader_next gave it). */
void room_parse_request(const char *line, RoomRequest *rq);

/* Whether every client in the room hears of a request of this kind (chat, offers and
 * answers, seats for the computer, the next game; not the game's own moves nor a refused
 * line, REQ_BAD): the server's flood limit charges such lines always, and a client paces
 * them to stay inside it. Both ask by the kind room_parse_request found. */
bool room_request_heard_by_all(enum room_request kind);

/* The request's verb ("move"), for messages. */
const char *room_request_verb(enum room_request kind);

/* --- offers ------------------------------------------------------------------------------- */

/* What a player may put on the table for the others to agree to: a draw, a takeback, the
 * next game. */
enum offer_kind { OFFER_NONE, OFFER_DRAW, OFFER_UNDO, OFFER_NEW, OFFER_KINDS };

/* Each kind of offer: its word in the protocol (the request that makes or agrees to it, and
 * the first word of the offer, agreed and refused events), what it is called, how it was
 * made, the maker's words for it, theirs and yours, what making it is (for a refusal:
 * "watchers cannot offer a draw") and what it is while it waits on the table. */
typedef struct {
    const char *word, *thing, *made, *theirs, *yours, *making, *waiting;
} RoomOffer;
extern const RoomOffer room_offers[OFFER_KINDS]; /* (OFFER_NONE's all NULL) */

/* The kind of offer of a word of the protocol ("draw"); OFFER_NONE for any other word. */
enum offer_kind room_offer_of(const char *word);

/* --- events (server to client) ------------------------------------------------------------ */

enum room_event {
    EV_GREETING, /* cellmate-room VERSION ROOM */
    EV_WELCOME,  /* welcome SEAT|watch NAME */
    EV_GAME,     /* game VARIANT: a snapshot begins (the game starts over from the array) */
    EV_SETUP,    /* setup POSITION: the snapshot's game starts from this position string */
    EV_TC,       /* tc TIMECONTROL|-: the clocks (PGN's TimeControl form) */
    EV_TAG,      /* tag NAME VALUE: a tag of the record (Event, Site, Date, Round) */
    EV_MOVE,     /* move N MOVE CLOCK: ply N was MOVE (long form); its clock reading or - */
    EV_RESIGN,   /* resign SIDE */
    EV_FLAG,     /* flag SIDE: SIDE's time ran out */
    EV_DRAWN,    /* drawn: agreed */
    EV_TAKEBACK, /* takeback N: the game goes back to N plies */
    EV_SEAT,     /* seat SIDE STATE NAME: STATE empty, here, away or ai */
    EV_WATCHERS, /* watchers N */
    EV_CLOCK,    /* clock MS... RUNNING: each side's time left, the running side or - */
    EV_NOTE,     /* note N TEXT: a comment of the record (a chat line) after ply N */
    EV_NOTED,    /* noted N TEXT: a note of the room's own, as it is made (a later word than
                  * note: a client that knows only note takes it for a later version's) */
    EV_SYNC,     /* sync N: the snapshot is complete, N plies */
    EV_SAY,      /* say NAME TEXT */
    EV_OFFER,    /* offer draw|undo|new SIDE */
    EV_REFUSED,  /* refused draw|undo|new SIDE */
    EV_AGREED,   /* agreed draw|undo|new SIDE: SIDE agrees to what is on the table */
    EV_INFO,     /* info TEXT: a line for the people */
    EV_OK,       /* ok: the last request was done */
    EV_ERROR,    /* error TEXT: the last request was refused, and why */
    EV_PONG,
    EV_LEVEL, /* level N: the level the room's computer plays at (10: full strength) */
    EV_BYE,   /* bye TEXT: the server closes the connection */
    EV_BAD
};

/* The verb of an event and how many words it has after the verb (at least; -1: the rest of
 * the line is one text). */
typedef struct {
    const char *verb;
    enum room_event kind;
    int words;
    bool text; /* the last argument is the rest of the line */
} RoomEventForm;

/* Split an event line into its kind and arguments (pointers into line, which is changed):
 * args[0..n-1]; false (EV_BAD) when the verb is unknown or words are missing. */
enum room_event room_parse_event(char *line, char **args, int maxargs, int *nargs);

#endif
