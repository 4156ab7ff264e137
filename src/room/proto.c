/* proto.c — the room protocol's lines, names and message tables (see proto.h). */
#include "room/proto.h"

#include "level.h"
#include "number.h"
#include "variant.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* --- lines ------------------------------------------------------------------------------- */

bool linereader_init(LineReader *r, size_t limit)
{
    memset(r, 0, sizeof *r);
    r->limit = limit;
    r->buf = malloc(limit + 2); /* the longest line and its "\r\n" */
    return r->buf != NULL;
}

void linereader_free(LineReader *r)
{
    free(r->buf);
    r->buf = NULL;
}

char *linereader_space(LineReader *r, size_t *room)
{
    *room = r->limit + 2 - r->len;
    return r->buf + r->len;
}

void linereader_added(LineReader *r, size_t n)
{
    r->len += n;
}

static void consume(LineReader *r, size_t n)
{
    memmove(r->buf, r->buf + n, r->len - n);
    r->len -= n;
}

enum line_status linereader_next(LineReader *r, char *out)
{
    for (;;) {
        char *nl = memchr(r->buf, '\n', r->len);
        if (!nl) {
            if (r->skipping) {
                r->skipped += r->len;
                r->len = 0;
                return r->skipped > ROOM_GARBAGE_MAX ? LINE_GARBAGE : LINE_NONE;
            }
            if (r->len < r->limit + 2) return LINE_NONE;
            r->skipping = true; /* full, and no end in sight */
            r->skipped += r->len;
            r->len = 0;
            return r->skipped > ROOM_GARBAGE_MAX ? LINE_GARBAGE : LINE_TOO_LONG;
        }
        size_t n = (size_t)(nl - r->buf);
        if (r->skipping) { /* the end of an over-long line */
            r->skipping = false;
            r->skipped += n + 1;
            consume(r, n + 1);
            if (r->skipped > ROOM_GARBAGE_MAX) return LINE_GARBAGE;
            continue;
        }
        size_t len = n && r->buf[n - 1] == '\r' ? n - 1 : n;
        if (len > r->limit) { /* one byte over, and its newline came in the same read */
            consume(r, n + 1);
            r->skipped += n + 1;
            return LINE_TOO_LONG;
        }
        bool control = false;
        for (size_t i = 0; i < len; i++) {
            unsigned char c = (unsigned char)r->buf[i];
            if ((c < 0x20 && c != '\t') || c == 0x7f) control = true;
        }
        if (control) {
            consume(r, n + 1);
            return LINE_CONTROL;
        }
        memcpy(out, r->buf, len);
        out[len] = 0;
        for (size_t i = 0; i < len; i++)
            if (out[i] == '\t') out[i] = ' ';
        consume(r, n + 1);
        r->skipped = 0;
        return LINE_OK;
    }
}

/* --- names and words ----------------------------------------------------------------------- */

static bool name_chars(const char *s, size_t max, const char *extra)
{
    size_t n = strlen(s);
    if (!n || n > max || s[0] == '-' || s[0] == '.') return false;
    for (const char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr(extra, *p)) return false;
    return true;
}

bool room_player_name_ok(const char *name, char *why, size_t len)
{
    size_t n = strlen(name);
    const char *reason = NULL;
    char longer[96];
    if (!n) {
        reason = "a player's name cannot be empty";
    } else if (n > ROOM_NAME_MAX) {
        snprintf(longer, sizeof longer,
                 "a player's name is at most %d characters (this one has %zu)", ROOM_NAME_MAX, n);
        reason = longer;
    } else if (name[0] == '-' || name[0] == '.') {
        reason = "a player's name begins with a letter, a digit or '_'";
    } else if (!name_chars(name, ROOM_NAME_MAX, "._-")) {
        reason = "a player's name has only letters, digits, '.', '_' and '-'";
    } else if (!strcasecmp(name, COMPUTER_NAME)) {
        reason = "cellmate is the computer's name in a room's records";
    }
    if (reason && why) snprintf(why, len, "%s", reason);
    return !reason;
}

bool room_valid_player(const char *name)
{
    return room_player_name_ok(name, NULL, 0);
}

bool room_valid_room(const char *name)
{
    return name_chars(name, ROOM_ROOM_MAX, "_-");
}

bool room_valid_variant(const char *name)
{
    return name_chars(name, 64, "_-");
}

/* The length of the UTF-8 character at s (1..4), or 0 when it is not one. */
static int utf8_char(const unsigned char *s)
{
    int n = s[0] < 0x80                    ? 1
            : s[0] >= 0xc2 && s[0] <= 0xdf ? 2
            : s[0] >= 0xe0 && s[0] <= 0xef ? 3
            : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4
                                           : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0))) return 0;
    if (n == 4 && ((s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))) return 0;
    return n;
}

/* Control bytes and broken UTF-8 as '?', at most max bytes (cut at a character). */
static void clean(const char *in, char *out, size_t max)
{
    size_t o = 0;
    const unsigned char *p = (const unsigned char *)in;
    while (*p) {
        int n = utf8_char(p);
        if (n == 1 && (*p < 0x20 || *p == 0x7f)) n = 0;
        size_t take = n ? (size_t)n : 1;
        if (o + take > max) break;
        if (n)
            memcpy(out + o, p, take);
        else
            out[o] = '?';
        o += take;
        p += n ? n : 1;
    }
    out[o] = 0;
}

void room_clean_text(const char *in, char *out, size_t outlen)
{
    clean(in, out, outlen - 1 < ROOM_SAY_MAX ? outlen - 1 : ROOM_SAY_MAX);
}

void room_clean_reason(const char *in, char *out, size_t outlen)
{
    clean(in, out, outlen - 1);
}

/* --- chat kept ------------------------------------------------------------------------------ */

enum room_chat room_chat_keep(Game *g, const char *note)
{
    size_t used = 0;
    for (int i = 0; i < g->nnotes; i++) {
        if (!strcmp(g->notes[i].text, ROOM_CHAT_FULL)) return ROOM_CHAT_NOT_KEPT;
        used += strlen(g->notes[i].text);
    }
    if (used + strlen(note) + sizeof ROOM_CHAT_FULL <= ROOM_CHAT_KEPT)
        return game_add_note(g, note) ? ROOM_CHAT_NOTED : ROOM_CHAT_NOT_KEPT;
    return game_add_note(g, ROOM_CHAT_FULL) ? ROOM_CHAT_NOW_FULL : ROOM_CHAT_NOT_KEPT;
}

/* in the order of enum seat_state */
static const char *const seat_words[] = {"empty", "here", "away", "ai"};

const char *room_seat_word(enum seat_state st)
{
    return seat_words[st];
}

int room_seat_state(const char *word)
{
    for (int i = 0; i < (int)(sizeof seat_words / sizeof seat_words[0]); i++)
        if (!strcmp(word, seat_words[i])) return i;
    return -1;
}

bool room_hello_seat(const Variant *v, const char *seat, int *side, char *err, size_t len)
{
    char sides[96];
    *side = -1;
    if (!strcmp(seat, "any") || !strcmp(seat, "watch")) return true;
    if ((*side = variant_side_named(v, seat)) >= 0) return true;
    variant_sides_list(v, sides, sizeof sides);
    snprintf(err, len, "no side '%s' in this game (%s, any or watch)", seat, sides);
    return false;
}

unsigned room_stand_in_sides(const Variant *v, const char *tag)
{
    char buf[ROOM_STAND_IN_MAX + 1];
    unsigned mask = 0;
    snprintf(buf, sizeof buf, "%s", tag ? tag : "");
    char *rest = buf;
    for (char *word; *(word = room_word(&rest));) {
        int p = variant_side_named(v, word);
        if (p >= 0) mask |= 1u << p;
    }
    return mask;
}

char *room_word(char **line)
{
    char *w = *line;
    while (*w == ' ') w++;
    char *e = w;
    while (*e && *e != ' ') e++;
    if (*e) *e++ = 0;
    while (*e == ' ') e++;
    *line = e;
    return w;
}

/* --- requests ----------------------------------------------------------------------------- */

/* ARGS_SEAT: one word or none, a seat as hello asks for it ("any" when none) */
enum req_args { ARGS_NONE, ARGS_WORD, ARGS_TEXT, ARGS_HELLO, ARGS_SEAT };

static const struct {
    const char *verb;
    enum room_request kind;
    enum req_args args;
    const char *word; /* ARGS_WORD: what the word is, for a refusal */
} requests[] = {
    {"hello", REQ_HELLO, ARGS_HELLO, NULL},
    {"move", REQ_MOVE, ARGS_TEXT, NULL},
    {"say", REQ_SAY, ARGS_TEXT, NULL},
    {"draw", REQ_DRAW, ARGS_NONE, NULL},
    {"undo", REQ_UNDO, ARGS_NONE, NULL},
    {"no", REQ_NO, ARGS_NONE, NULL},
    {"resign", REQ_RESIGN, ARGS_NONE, NULL},
    {"ai", REQ_AI, ARGS_WORD, "one side's name (or off)"},
    {"new", REQ_NEW, ARGS_NONE, NULL},
    {"sync", REQ_SYNC, ARGS_NONE, NULL},
    {"info", REQ_INFO, ARGS_NONE, NULL},
    {"ping", REQ_PING, ARGS_NONE, NULL},
    {"quit", REQ_QUIT, ARGS_NONE, NULL},
    {"level", REQ_LEVEL, ARGS_WORD, "one level, a whole number"},
    {"sit", REQ_SIT, ARGS_SEAT, NULL},
};

const char *room_request_verb(enum room_request kind)
{
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++)
        if (requests[i].kind == kind) return requests[i].verb;
    return "?";
}

/* A refusal naming a word of the line, cut so that the message always fits. */
static void bad(RoomRequest *rq, const char *fmt, const char *word)
{
    char shown[40];
    rq->kind = REQ_BAD;
    snprintf(shown, sizeof shown, "%.32s", word);
    snprintf(rq->error, sizeof rq->error, fmt, shown);
}

/* A refusal in fixed words. */
static void bad_text(RoomRequest *rq, const char *text)
{
    _Static_assert(sizeof(((RoomRequest *)0)->error) >= 100, "room errors fit their texts");
    rq->kind = REQ_BAD;
    snprintf(rq->error, sizeof rq->error, "%s", text);
}

void room_parse_request(const char *line, RoomRequest *rq)
{
    char buf[ROOM_REQUEST_MAX + 1];
    memset(rq, 0, sizeof *rq);
    snprintf(buf, sizeof buf, "%s", line);
    char *rest = buf, *verb = room_word(&rest);
    size_t i = 0, n = sizeof requests / sizeof requests[0];
    while (i < n && strcmp(requests[i].verb, verb)) i++;
    if (i == n) {
        return bad(rq, *verb ? "unknown request '%s' (see cellmate-room(5))" : "an empty line%s",
                   verb);
    }
    rq->kind = requests[i].kind;
    size_t rl = strlen(rest);
    while (rl && rest[rl - 1] == ' ') rest[--rl] = 0;
    switch (requests[i].args) {
    case ARGS_NONE:
        if (*rest) bad(rq, "'%s' takes nothing after it", verb);
        break;
    case ARGS_WORD: {
        char *w = room_word(&rest);
        if (!*w || *rest || strlen(w) >= sizeof rq->seat) {
            char fmt[80]; /* (the word's description is the table's, never the peer's) */
            snprintf(fmt, sizeof fmt, "'%%s' takes %s",
                     requests[i].word ? requests[i].word : "one word");
            return bad(rq, fmt, verb);
        }
        snprintf(rq->seat, sizeof rq->seat, "%s", w);
        break;
    }
    case ARGS_TEXT:
        if (!*rest) return bad(rq, "'%s' needs text after it", verb);
        snprintf(rq->text, sizeof rq->text, "%s", rest);
        break;
    case ARGS_HELLO: {
        char *ver = room_word(&rest), *name = room_word(&rest), *seat = room_word(&rest);
        long version;
        if (!number_parse(ver, 0, 999, &version))
            return bad_text(rq, "hello VERSION NAME [SEAT|any|watch]: the version is a number");
        rq->version = (int)version;
        char why[96];
        if (!room_player_name_ok(name, why, sizeof why)) return bad_text(rq, why);
        if (*rest || strlen(seat) >= sizeof rq->seat)
            return bad_text(rq, "hello VERSION NAME [SEAT|any|watch]: too many words");
        snprintf(rq->name, sizeof rq->name, "%s", name);
        snprintf(rq->seat, sizeof rq->seat, "%s", *seat ? seat : "any");
        break;
    }
    case ARGS_SEAT: {
        char *seat = room_word(&rest);
        if (*rest || strlen(seat) >= sizeof rq->seat)
            return bad_text(rq, "'sit' takes one side's name, or nothing for the first empty seat");
        snprintf(rq->seat, sizeof rq->seat, "%s", *seat ? seat : "any");
        break;
    }
    }
}

bool room_request_heard_by_all(enum room_request kind)
{
    static const enum room_request loud[] = {REQ_SAY, REQ_DRAW, REQ_UNDO,  REQ_NO,
                                             REQ_AI,  REQ_NEW,  REQ_LEVEL, REQ_SIT};
    for (size_t i = 0; i < sizeof loud / sizeof loud[0]; i++)
        if (kind == loud[i]) return true;
    return false;
}

/* --- offers ------------------------------------------------------------------------------- */

const RoomOffer room_offers[OFFER_KINDS] = {
    [OFFER_DRAW] = {"draw", "draw", "offered", "offers a draw", "offer a draw", "offer a draw",
                    "draw offer"},
    [OFFER_UNDO] = {"undo", "takeback", "asked", "asks to take back a move",
                    "ask to take back your move", "ask for a takeback", "takeback request"},
    [OFFER_NEW] = {"new", "next game", "offered", "offers to begin the next game",
                   "offer to begin the next game", "start a game", "next game offer"},
};

enum offer_kind room_offer_of(const char *word)
{
    for (int k = OFFER_NONE + 1; k < OFFER_KINDS; k++)
        if (!strcmp(word, room_offers[k].word)) return (enum offer_kind)k;
    return OFFER_NONE;
}

/* --- events -------------------------------------------------------------------------------- */

const char *const room_shown_tags[ROOM_SHOWN_TAGS] = {"Event", "Site", "Date", "Round"};

static const RoomEventForm events[] = {
    {"cellmate-room", EV_GREETING, 2, false},
    {"welcome", EV_WELCOME, 2, false},
    {"game", EV_GAME, 1, false},
    {"setup", EV_SETUP, 1, true},
    {"tc", EV_TC, 1, false},
    {"tag", EV_TAG, 2, true},
    {"move", EV_MOVE, 3, false},
    {"resign", EV_RESIGN, 1, false},
    {"flag", EV_FLAG, 1, false},
    {"drawn", EV_DRAWN, 0, false},
    {"takeback", EV_TAKEBACK, 1, false},
    {"seat", EV_SEAT, 3, false},
    {"watchers", EV_WATCHERS, 1, false},
    {"clock", EV_CLOCK, -1, false},
    {"note", EV_NOTE, 2, true},
    {"noted", EV_NOTED, 2, true},
    {"sync", EV_SYNC, 1, false},
    {"say", EV_SAY, 2, true},
    {"offer", EV_OFFER, 2, false},
    {"refused", EV_REFUSED, 2, false},
    {"agreed", EV_AGREED, 2, false},
    {"info", EV_INFO, 1, true},
    {"ok", EV_OK, 0, false},
    {"error", EV_ERROR, 1, true},
    {"pong", EV_PONG, 0, false},
    {"level", EV_LEVEL, 1, false},
    {"bye", EV_BYE, 1, true},
};

enum room_event room_parse_event(char *line, char **args, int maxargs, int *nargs)
{
    char *rest = line, *verb = room_word(&rest);
    *nargs = 0;
    for (size_t i = 0; i < sizeof events / sizeof events[0]; i++) {
        const RoomEventForm *f = &events[i];
        if (strcmp(f->verb, verb)) continue;
        if (f->words < 0) { /* every word; at least two */
            while (*rest && *nargs < maxargs) args[(*nargs)++] = room_word(&rest);
            return *rest || *nargs < 2 ? EV_BAD : f->kind;
        }
        if (f->words > maxargs) return EV_BAD;
        for (int w = 0; w < f->words; w++) {
            if (!*rest) return EV_BAD;
            if (f->text && w == f->words - 1) {
                args[(*nargs)++] = rest;
                rest += strlen(rest);
            } else {
                args[(*nargs)++] = room_word(&rest);
            }
        }
        return *rest ? EV_BAD : f->kind;
    }
    return EV_BAD;
}
