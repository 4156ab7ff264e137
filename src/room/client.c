/* client.c — the client end of a room (see client.h). */
#define _GNU_SOURCE /* accept4, pipe2, SO_PEERCRED's struct ucred */
#include "room/client.h"

#include "fen.h"
#include "level.h"
#include "number.h"
#include "paths.h"
#include "room/dir.h"
#include "room/keep.h"
#include "room/quota.h"
#include "room/server.h"
#include "clock.h"
#include "cell_limits.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define JOIN_SECONDS 20 /* to hear the room's state after connecting (ssh may be slow) */
#define RECENT_NOTES 10 /* the chat lines a joiner is shown */

/* --- targets ---------------------------------------------------------------------------------- */

bool room_parse_target(const char *arg, RoomTarget *t, char *err, int errlen)
{
    memset(t, 0, sizeof *t);
    const char *room = arg;
    if (!strncmp(arg, "ssh://", 6)) {
        const char *host = arg + 6, *slash = strchr(host, '/');
        if (!slash || slash == host) goto bad;
        const char *colon = memchr(host, ':', (size_t)(slash - host));
        size_t hl = (size_t)((colon ? colon : slash) - host);
        if (colon) {
            size_t pl = (size_t)(slash - colon - 1);
            if (!pl || pl >= sizeof t->port || strspn(colon + 1, "0123456789") < pl) goto bad;
            memcpy(t->port, colon + 1, pl);
        }
        if (hl >= sizeof t->user_host) goto bad;
        memcpy(t->user_host, host, hl);
        room = slash + 1;
        t->remote = true;
    } else if (strchr(arg, ':')) {
        const char *colon = strrchr(arg, ':');
        size_t hl = (size_t)(colon - arg);
        if (!hl || hl >= sizeof t->user_host) goto bad;
        memcpy(t->user_host, arg, hl);
        room = colon + 1;
        t->remote = true;
    }
    if (t->remote) {
        /* a host a shell and ssh take as one plain word: no option, no quoting games */
        if (t->user_host[0] == '-' ||
            strspn(t->user_host, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                 "0123456789.-_@[]:") != strlen(t->user_host))
            goto bad;
    }
    if (!room_valid_room(room)) goto bad;
    snprintf(t->room, sizeof t->room, "%s", room);
    return true;
bad:
    snprintf(err, errlen,
             "'%s' is not a room: NAME (1 to %d letters, digits, '_' or '-'), [user@]host:NAME "
             "or ssh://[user@]host[:port]/NAME",
             arg, ROOM_ROOM_MAX);
    return false;
}

/* The login name as a player's name: characters a name may not have become '_'. */
static void default_name(char *out, size_t len)
{
    const struct passwd *pw = getpwuid(getuid());
    const char *login = pw && pw->pw_name ? pw->pw_name : getenv("USER");
    snprintf(out, len, "%s", login && *login ? login : "player");
    for (char *p = out; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._-", *p)) *p = '_';
    if (out[0] == '-' || out[0] == '.') out[0] = '_';
    if (strlen(out) > ROOM_NAME_MAX) out[ROOM_NAME_MAX] = 0;
    if (!room_valid_player(out)) snprintf(out, len, "player");
}

/* --- output ------------------------------------------------------------------------------------
 */

/* Add a line and its newline to a buffer (out, or held); false when memory ran out. */
static bool append(char **buf, size_t *len, size_t *cap, const char *line, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t nc = *cap ? *cap : 1024;
        while (nc < *len + n + 1) nc *= 2;
        char *no = realloc(*buf, nc);
        if (!no) return false;
        *buf = no;
        *cap = nc;
    }
    memcpy(*buf + *len, line, n);
    (*buf)[*len + n] = '\n';
    *len += n + 1;
    return true;
}

static void queue(RoomClient *c, const char *line, size_t n)
{
    if (!c->closed) append(&c->out, &c->outlen, &c->outcap, line, n);
}

static void close_with(RoomClient *c, const char *fmt, ...)
{
    if (c->closed) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->why, sizeof c->why, fmt, ap);
    va_end(ap);
    if (c->nheld) { /* (their sender is told: they are not sent again) */
        size_t n = strlen(c->why);
        snprintf(c->why + n, sizeof c->why - n, "; %d line%s waiting to go to the room %s not sent",
                 c->nheld, c->nheld == 1 ? "" : "s", c->nheld == 1 ? "was" : "were");
    }
    c->closed = true;
}

static void write_out(RoomClient *c)
{
    while (c->outlen && !c->closed) {
        ssize_t w = c->wfd == c->rfd ? send(c->wfd, c->out, c->outlen, MSG_NOSIGNAL)
                                     : write(c->wfd, c->out, c->outlen);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                close_with(c, "the connection to the room broke: %s", strerror(errno));
            return;
        }
        memmove(c->out, c->out + w, c->outlen - (size_t)w);
        c->outlen -= (size_t)w;
    }
}

/* A line every client hears of (chat, offers) waits until the server's flood limit
 * would take it: a script that chats or offers line by line is slowed, not dropped, and a
 * screen that was pasted many chat lines goes on while they go out. The pace keeps well
 * inside that limit (half its burst, nine tenths of its rate), since lines may bunch on
 * their way. */
#define PACE_BURST ((double)MAX_ROOM_BURST / 2)
#define PACE_RATE  ((double)MAX_ROOM_RATE * 0.9)
/* Chat is paced besides inside the room's limit for each user, the same way. */
#define CHAT_PACE_BURST ((double)MAX_CHAT_BURST / 2)
#define CHAT_PACE_RATE  ((double)MAX_CHAT_RATE * 0.9)

/* A token bucket's tokens at `now`, refilled since `at` (0: never used, full). */
static double tokens_now(double tokens, double at, double burst, double rate, double now)
{
    double t = at == 0 ? burst : tokens + (now - at) * rate;
    return t > burst ? burst : t;
}

/* Seconds until a bucket has a token for one more line (0: it has one now). */
static double bucket_wait(double tokens, double at, double burst, double rate, double now)
{
    double t = tokens_now(tokens, at, burst, rate, now);
    return t >= 1 ? 0 : (1 - t) / rate;
}

static void bucket_take(double *tokens, double *at, double burst, double rate, double now)
{
    *tokens = tokens_now(*tokens, *at, burst, rate, now) - 1;
    *at = now;
}

/* The kind of request a line is, as the server will find it. */
static enum room_request kind_of(const char *line)
{
    RoomRequest rq;
    room_parse_request(line, &rq);
    return rq.kind;
}

/* Seconds until a line of this kind may go (0: now). */
static double pace_wait(const RoomClient *c, enum room_request kind, double now)
{
    double wait = 0, w;
    if (room_request_heard_by_all(kind) &&
        (w = bucket_wait(c->paced, c->paced_at, PACE_BURST, PACE_RATE, now)) > wait)
        wait = w;
    if (kind == REQ_SAY && (w = bucket_wait(c->chat_paced, c->chat_paced_at, CHAT_PACE_BURST,
                                            CHAT_PACE_RATE, now)) > wait)
        wait = w;
    return wait;
}

static void pace_take(RoomClient *c, enum room_request kind, double now)
{
    if (room_request_heard_by_all(kind))
        bucket_take(&c->paced, &c->paced_at, PACE_BURST, PACE_RATE, now);
    if (kind == REQ_SAY)
        bucket_take(&c->chat_paced, &c->chat_paced_at, CHAT_PACE_BURST, CHAT_PACE_RATE, now);
}

/* The first held line, without its newline, into line (of ROOM_REQUEST_MAX + 1 bytes);
 * its length. */
static size_t first_held(const RoomClient *c, char *line)
{
    size_t n = (size_t)((char *)memchr(c->held, '\n', c->heldlen) - c->held);
    memcpy(line, c->held, n);
    line[n] = 0;
    return n;
}

/* The held lines whose time has come go out, in the order they were sent. */
static void send_held(RoomClient *c)
{
    double now = steady_now();
    char line[ROOM_REQUEST_MAX + 1];
    while (c->nheld && !c->closed) {
        size_t n = first_held(c, line);
        enum room_request kind = kind_of(line);
        if (pace_wait(c, kind, now) > 0) break;
        pace_take(c, kind, now);
        queue(c, line, n);
        memmove(c->held, c->held + n + 1, c->heldlen - n - 1);
        c->heldlen -= n + 1;
        if (kind != REQ_SAY) c->nheld_ordered--;
        if (!--c->nheld) c->refused = 0;
    }
}

int room_client_poll_ms(const RoomClient *c, int ms)
{
    if (!c->nheld || c->closed) return ms;
    char line[ROOM_REQUEST_MAX + 1];
    first_held(c, line);
    double wait = pace_wait(c, kind_of(line), steady_now());
    /* (0 when it is due; else rounded up: woken when it is due, not just before) */
    int due = wait > 0 ? (int)(wait * 1000) + 1 : 0;
    return ms >= 0 && ms < due ? ms : due;
}

bool room_client_send(RoomClient *c, const char *fmt, ...)
{
    char line[ROOM_REQUEST_MAX + 1];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || c->closed) return false;
    if (n >= (int)sizeof line) n = (int)sizeof line - 1;
    for (int i = 0; i < n; i++) /* a line stays one line */
        if (line[i] == '\n' || line[i] == '\r') line[i] = ' ';
    enum room_request kind = kind_of(line);
    /* A paced line waits behind the lines held before it, even if its own time has come.
     * Any other line (a move, resign) may overtake held chat, which refers to no position,
     * but never a held offer or answer: an undo, draw or no held before a move must reach
     * the room before it, or it would refer to the position that move made. */
    if (room_request_heard_by_all(kind) || c->nheld_ordered) {
        if (c->nheld >= MAX_ROOM_HELD ||
            !append(&c->held, &c->heldlen, &c->heldcap, line, (size_t)n)) {
            c->refused++;
            return false;
        }
        c->nheld++;
        if (kind != REQ_SAY) c->nheld_ordered++;
        send_held(c);
    } else {
        queue(c, line, (size_t)n);
    }
    c->pending++;
    write_out(c);
    return true;
}

static void tell(RoomClient *c, bool error, const char *fmt, ...)
{
    char text[ROOM_EVENT_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (c->notify) c->notify(c, text, error);
}

/* --- events ------------------------------------------------------------------------------------
 */

static int side_of(const Variant *v, const char *name)
{
    for (int p = 0; p < v->nplayers; p++)
        if (!strcmp(name, v->player_name[p])) return p;
    return -1;
}

static Game *current(RoomClient *c)
{
    return c->in_snapshot ? &c->snap : &c->s->game;
}

static const Variant *current_variant(RoomClient *c)
{
    return c->in_snapshot ? c->snap_v : c->s->v;
}

/* The events do not fit our game: start over from the room's whole state. */
static void resync(RoomClient *c, const char *why)
{
    if (c->in_snapshot) {
        game_free(&c->snap);
        if (c->snap_v != c->s->v) variant_free(c->snap_v);
        c->snap_v = NULL;
        c->in_snapshot = false;
    }
    if (!c->synced) {
        close_with(c, "the room sent a state that does not fit: %s", why);
        return;
    }
    c->synced = false;
    queue(c, "sync", 4);
    c->pending++;
}

static bool parse_long(const char *s, long *v)
{
    return number_parse(s, 0, 9999999999L, v);
}

/* The clocks the room reports: each side's time left, the running one. */
static void set_clock(RoomClient *c, const long *left, int running)
{
    Clock *k = &c->s->clock;
    for (int p = 0; p < c->s->v->nplayers; p++) k->left[p] = left[p];
    k->running = running;
    k->since = steady_now();
}

/* A game that ends stops its clock here at once, whatever the room says next: a clock event
 * follows a move or a resignation, but not every ending brings one (an agreed draw did not),
 * and a screen must not count down a finished game's clock to 0:00. */
static void stop_clock_if_over(RoomClient *c)
{
    if (!c->in_snapshot && c->s->game.result.over && c->s->clock.running >= 0)
        clock_stop(&c->s->clock, steady_now());
}

static void ev_game(RoomClient *c, char **a)
{
    char err[600];
    bool unreadable;
    if (c->in_snapshot) resync(c, "a second game line");
    if (c->closed) return;
    if (!room_valid_variant(a[0])) return close_with(c, "the room names no variant: '%s'", a[0]);
    if (c->replacing) c->replacing(c);
    Variant *v = c->s->v && !strcasecmp(c->s->v->name, a[0])
                     ? c->s->v
                     : variant_open(a[0], err, sizeof err, &unreadable);
    if (!v) return close_with(c, "the room plays %s, which is not here: %s", a[0], err);
    c->snap_v = v;
    game_init(&c->snap, v, NULL);
    c->in_snapshot = true;
    c->offer_kind = 0; /* the state that follows says again what is on the table */
    c->snap_has_clock = false;
}

static void ev_setup(RoomClient *c, char **a)
{
    Position start;
    char err[300];
    if (!c->in_snapshot || c->snap.nplies) return resync(c, "a position after the moves");
    if (!fen_read(&start, c->snap_v, a[0], err, sizeof err)) return resync(c, err);
    game_free(&c->snap);
    game_init(&c->snap, c->snap_v, &start);
}

static void ev_tc(RoomClient *c, char **a)
{
    TimeControl tc;
    if (!c->in_snapshot) return resync(c, "a time control outside a state");
    if (strcmp(a[0], "-") && tc_from_pgn(a[0], &tc)) game_set_tag(&c->snap, "TimeControl", a[0]);
}

/* A tag of the room's record, for the local record (pgn, save FILE); the players' tags
 * follow the seats (ev_seat). */
static void ev_tag(RoomClient *c, char **a)
{
    char value[ROOM_EVENT_MAX];
    if (!c->in_snapshot) return resync(c, "a tag outside a state");
    const Variant *v = current_variant(c);
    const char *name = NULL;
    /* a finished game's players, after the seats: those who played it, not who sits now */
    int p = v && c->snap.result.over ? side_of(v, a[0]) : -1;
    if (p >= 0) name = v->player_name[p];
    for (int i = 0; i < ROOM_SHOWN_TAGS; i++)
        if (!strcmp(a[0], room_shown_tags[i])) name = room_shown_tags[i];
    if (!name) return;                            /* (a later version's) */
    room_clean_reason(a[1], value, sizeof value); /* (a record's tag: whole) */
    game_set_tag(&c->snap, name, value);
}

static void ev_move(RoomClient *c, char **a)
{
    Game *g = current(c);
    long n, clk = -1;
    Move m;
    char err[NOTE_ERR_MAX];
    if (!parse_long(a[0], &n) || n != g->nplies + 1 || g->result.over ||
        (strcmp(a[2], "-") && !parse_long(a[2], &clk)))
        return resync(c, "a move out of turn");
    if (move_parse(&g->pos, a[1], &m, err, sizeof err, NULL) != PARSE_OK) return resync(c, err);
    int out = g->pos.nout;
    game_play(g, m);
    c->offer_kind = 0; /* an offer lapses with the next move */
    g->plies[g->nplies - 1].clock_ms = clk;
    if (c->in_snapshot) return;
    char text[64];
    session_last_move_text(c->s, text, sizeof text);
    tell(c, false, "%s", text);
    for (int i = out; i < g->pos.nout && !g->result.over; i++)
        tell(c, false, "%s is out", g->v->player_name[g->pos.out[i]]);
    stop_clock_if_over(c);
    if (c->s->changed) c->s->changed(c->s);
}

/* resign, flag: the same game functions the room used. */
static void ev_leave(RoomClient *c, char **a, bool flag)
{
    Game *g = current(c);
    int p = side_of(current_variant(c), a[0]);
    if (p < 0 || g->result.over || !(g->pos.alive & (1u << p)) ||
        (g->v->nplayers > 2 && p != g->pos.stm))
        return resync(c, "a player left who could not");
    c->offer_kind = 0; /* a ply: the offer lapses */
    if (flag)
        game_time_out(g, p);
    else
        game_resign_side(g, p);
    stop_clock_if_over(c);
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

static void ev_drawn(RoomClient *c)
{
    Game *g = current(c);
    if (g->result.over) return resync(c, "a draw after the end");
    c->offer_kind = 0;
    game_agree_draw(g);
    stop_clock_if_over(c);
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

static void ev_takeback(RoomClient *c, char **a)
{
    Game *g = current(c);
    long n;
    if (c->in_snapshot || !parse_long(a[0], &n) || n > g->nplies) return resync(c, "a takeback");
    while (g->nplies > n) game_undo(g);
    g->nredo = 0;
    c->offer_kind = 0; /* the takeback asked is done */
    if (c->s->changed) c->s->changed(c->s);
}

/* The record's player of seat p, as the room's own record names it ("?" for nobody, the
 * computer with its level). A finished game keeps the players who played it, as the room's
 * record does: a seat taken or a level set once it is over is the next game's (a state, the
 * room's only word on it, names the seats as they are). */
static void seat_tag(RoomClient *c, int p)
{
    char name[64];
    const char *seat = c->seats[p].name;
    if (!c->in_snapshot && c->s->game.result.over) return;
    if (level_from_player_name(seat)) /* (full strength until the room says its level) */
        level_player_name(c->level_known ? c->s->ai.level : 0, name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", strcmp(seat, "-") ? seat : "?");
    game_set_tag(current(c), current_variant(c)->player_name[p], name);
}

static void ev_seat(RoomClient *c, char **a)
{
    int p = side_of(current_variant(c), a[0]), st = room_seat_state(a[1]);
    if (p < 0 || st < 0 ||
        (strcmp(a[2], "-") && strcmp(a[2], COMPUTER_NAME) && !room_valid_player(a[2])))
        return resync(c, "a seat");
    c->seats[p].state = (enum seat_state)st;
    snprintf(c->seats[p].name, sizeof c->seats[p].name, "%s", a[2]);
    seat_tag(c, p);
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

/* The level the room's computer plays at: kept as the session's own (the panel and the level
 * command read it there; hint and analyse think at full strength whatever it is). */
static void ev_level(RoomClient *c, char **a)
{
    long n;
    /* nothing to resync: a level is no part of the game. Above the levels this client knows
     * (a later version's), the strongest it knows */
    if (!parse_long(a[0], &n) || n < 1) return;
    c->s->ai.level = n < SEARCH_MAX_LEVEL ? (int)n : SEARCH_MAX_LEVEL;
    c->level_known = true;
    for (int p = 0; current_variant(c) && p < current_variant(c)->nplayers; p++) seat_tag(c, p);
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

static void ev_clock(RoomClient *c, char **a, int n)
{
    const Variant *v = current_variant(c);
    long left[MAX_PLAYERS + 1];
    if (!v || n != v->nplayers + 1) return resync(c, "a clock");
    for (int p = 0; p < v->nplayers; p++)
        if (!parse_long(a[p], &left[p])) return resync(c, "a clock");
    int running = strcmp(a[n - 1], "-") ? side_of(v, a[n - 1]) : -1;
    if (running < 0 && strcmp(a[n - 1], "-")) return resync(c, "a clock");
    if (c->in_snapshot) {
        memcpy(c->snap_clock, left, sizeof left);
        c->snap_clock[MAX_PLAYERS] = running;
        c->snap_has_clock = true;
        return;
    }
    set_clock(c, left, running);
}

/* A comment of the record, kept in the local game; a joiner sees the last few chat lines. */
static void ev_note(RoomClient *c, char **a)
{
    long n;
    /* a chat line as the record keeps it, "NAME: TEXT": the chat's own bound and a name */
    char text[ROOM_SAY_MAX + ROOM_NAME_MAX + 4];
    /* (outside a state: a server of a version that sent its own notes so; while this client
     * waits for a state, that state holds it) */
    if (!c->in_snapshot && !c->synced) return;
    if (!c->in_snapshot || !parse_long(a[0], &n) || n != c->snap.nplies) return resync(c, "a note");
    room_clean_reason(a[1], text, sizeof text);
    game_add_note(&c->snap, text);
}

/* A note of the room's own as it is made (where the computer began or stopped playing for a
 * player away, which an info line told): kept in this copy as in the record. Before a state
 * this client waits for, that state holds it. */
static void ev_noted(RoomClient *c, char **a)
{
    long n;
    char text[ROOM_SAY_MAX + ROOM_NAME_MAX + 4];
    if (c->in_snapshot || !c->synced) return;
    if (!parse_long(a[0], &n) || n != c->s->game.nplies) return resync(c, "a note");
    /* a room notes a few of these a game: a server sending more is not believed (the next
     * state has what the room keeps) */
    if (++c->noted > ROOM_NOTED_MAX) return;
    room_clean_reason(a[1], text, sizeof text);
    game_add_note(&c->s->game, text);
    if (c->s->changed) c->s->changed(c->s);
}

static void ev_sync(RoomClient *c, char **a)
{
    long n;
    if (!c->in_snapshot || !parse_long(a[0], &n) || n != c->snap.nplies)
        return resync(c, "the state's end");
    Session *s = c->s;
    int level = s->ai.level; /* the room's, which a finished game's names need not say */
    session_set_game(s, c->snap_v, &c->snap);
    s->ai_players = 0; /* the room's computer plays its seats, not ours */
    if (c->level_known) s->ai.level = level;
    c->in_snapshot = false;
    c->snap_v = NULL;
    if (c->snap_has_clock) set_clock(c, c->snap_clock, (int)c->snap_clock[MAX_PLAYERS]);
    c->synced = true;
    c->noted = 0;
    if (s->changed) s->changed(s);
}

/* Where this client is: its seat (or watching) and the game. */
static void tell_seat(RoomClient *c)
{
    const Session *s = c->s;
    char where[256];
    if (s->game.result.over)
        game_result_line(&s->game, where, sizeof where);
    else
        snprintf(where, sizeof where, "move %d, %s to move", s->game.pos.fullmove,
                 s->v->player_name[s->game.pos.stm]);
    if (c->seat >= 0)
        tell(c, false, "you play %s in room %s (%s): %s", s->v->player_name[c->seat], c->room,
             s->v->name, where);
    else
        tell(c, false, "you watch room %s (%s): %s", c->room, s->v->name, where);
}

/* A welcome once the game is known: this watcher took a seat (sit). It is said as a join
 * says it, and a connection lost from now on is joined again to this seat (a name that
 * plays may not watch). */
static void sat_down(RoomClient *c)
{
    c->opts.seat = NULL; /* any: its own seat back */
    tell_seat(c);
    if (c->s->changed) c->s->changed(c->s);
}

static void ev_welcome(RoomClient *c, char **a)
{
    /* a later one only seats a watcher (sit), in a seat of this game, under its own name */
    if (c->welcomed &&
        (c->seat != -1 || side_of(current_variant(c), a[0]) < 0 || strcmp(a[1], c->name)))
        return;
    snprintf(c->name, sizeof c->name, "%s", a[1]);
    /* (a welcome after the first is a watcher's sit, which may come before a state the
     * client asked for meanwhile: it is said once that state has come) */
    c->sat = c->welcomed;
    c->welcomed = true;
    c->seat = -2; /* a side's name: known once the game is */
    c->s->seat = -1;
    snprintf(c->seat_side, sizeof c->seat_side, "%s", a[0]);
}

static void ev_offer(RoomClient *c, char **a, bool made)
{
    int p = side_of(current_variant(c), a[1]);
    if (p < 0 || room_offer_of(a[0]) == OFFER_NONE) return resync(c, "an offer");
    c->offer_kind = made ? a[0][0] : 0;
    c->offer_by = p;
    c->offer_agreed = 0;
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

/* Another side agrees to the offer on the table (the others still to answer). */
static void ev_agreed(RoomClient *c, char **a)
{
    int p = side_of(current_variant(c), a[1]);
    if (p < 0 || room_offer_of(a[0]) == OFFER_NONE) return resync(c, "an agreement");
    if (c->offer_kind != a[0][0]) return; /* (what it agreed to has been settled meanwhile) */
    c->offer_agreed |= 1u << p;
    if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
}

static void on_event(RoomClient *c, char *line)
{
    char *a[MAX_PLAYERS + 2];
    int n;
    enum room_event ev = room_parse_event(line, a, MAX_PLAYERS + 2, &n);
    switch (ev) {
    case EV_GREETING:
        if (strcmp(a[0], "1"))
            close_with(c, "the room speaks another version of the protocol (%s)", a[0]);
        break;
    case EV_WELCOME: ev_welcome(c, a); break;
    case EV_GAME: ev_game(c, a); break;
    case EV_SETUP: ev_setup(c, a); break;
    case EV_TC: ev_tc(c, a); break;
    case EV_TAG: ev_tag(c, a); break;
    case EV_MOVE: ev_move(c, a); break;
    case EV_RESIGN: ev_leave(c, a, false); break;
    case EV_FLAG: ev_leave(c, a, true); break;
    case EV_DRAWN: ev_drawn(c); break;
    case EV_TAKEBACK: ev_takeback(c, a); break;
    case EV_SEAT: ev_seat(c, a); break;
    case EV_LEVEL: ev_level(c, a); break;
    case EV_WATCHERS: {
        long w;
        if (parse_long(a[0], &w)) c->watchers = (int)w;
        if (!c->in_snapshot && c->s->changed) c->s->changed(c->s);
        break;
    }
    case EV_CLOCK: ev_clock(c, a, n); break;
    case EV_NOTE: ev_note(c, a); break;
    case EV_NOTED: ev_noted(c, a); break;
    case EV_SYNC: ev_sync(c, a); break;
    case EV_SAY: {
        char text[ROOM_SAY_MAX + 1], note[ROOM_SAY_MAX + ROOM_NAME_MAX + 4];
        room_clean_text(a[1], text, sizeof text);
        snprintf(note, sizeof note, "%s: %s", room_valid_player(a[0]) ? a[0] : "?", text);
        /* kept as the room keeps it: the copy is saved, and chat goes on past the record */
        if (c->synced) room_chat_keep(&c->s->game, note);
        session_chat_add(c->s, note);
        tell(c, false, "%s", note);
        break;
    }
    case EV_OFFER: ev_offer(c, a, true); break;
    case EV_REFUSED: ev_offer(c, a, false); break;
    case EV_AGREED: ev_agreed(c, a); break;
    case EV_INFO: { /* (as long as a line: a chat line's bound is for chat) */
        char text[ROOM_EVENT_MAX];
        room_clean_reason(a[0], text, sizeof text); /* nothing but text reaches the terminal */
        session_chat_add(c->s, text);
        tell(c, false, "%s", text);
        break;
    }
    case EV_OK:
        if (c->pending) c->pending--;
        break;
    case EV_ERROR: {
        char text[ROOM_EVENT_MAX];
        room_clean_reason(a[0], text, sizeof text);
        if (!strncmp(text, "unknown request 'sit'", 21)) /* (a server older than sit) */
            snprintf(text, sizeof text,
                     "this room's server (an older cellmate) cannot seat a watcher: to take a "
                     "seat, quit and join again with --seat SIDE");
        if (c->pending) c->pending--;
        if (!c->welcomed)
            close_with(c, "%s", text); /* refused at the door */
        else
            tell(c, true, "%s", text);
        break;
    }
    case EV_PONG: break;
    case EV_BYE: {
        char text[ROOM_EVENT_MAX]; /* a refusal may name many rooms: the whole reason */
        room_clean_reason(a[0], text, sizeof text);
        close_with(c, "the room closed the connection: %s", text);
        c->said_bye = true;
        break;
    }
    case EV_BAD: break; /* a later version's events: not ours */
    }
    /* the seat is known once the game is (at once for a watcher that sits down) */
    if (c->seat == -2 && c->synced) {
        c->seat = side_of(c->s->v, c->seat_side);
        c->s->seat = c->seat;
        if (c->sat) sat_down(c);
        c->sat = false;
    }
}

/* --- i/o -------------------------------------------------------------------------------------- */

int room_client_fd(const RoomClient *c)
{
    return c->rfd;
}

int room_client_wfd(const RoomClient *c)
{
    return c->wfd;
}

bool room_client_wants_write(const RoomClient *c)
{
    return c->outlen > 0 && !c->closed;
}

bool room_client_io(RoomClient *c, short revents, short wrevents)
{
    if (c->closed) return false;
    send_held(c);
    if (wrevents & (POLLOUT | POLLERR | POLLHUP)) write_out(c);
    if (revents & (POLLIN | POLLHUP | POLLERR)) {
        size_t room;
        char *at = linereader_space(&c->in, &room);
        ssize_t n = read(c->rfd, at, room);
        if (n == 0) {
            close_with(c, "the room closed the connection");
        } else if (n < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
                close_with(c, "the connection to the room broke: %s", strerror(errno));
        } else {
            linereader_added(&c->in, (size_t)n);
        }
        char line[ROOM_EVENT_MAX + 1];
        for (;;) {
            enum line_status st = linereader_next(&c->in, line);
            if (st == LINE_NONE) break;
            if (st == LINE_GARBAGE) {
                close_with(c, "the room sent garbage");
                break;
            }
            if (st == LINE_OK) on_event(c, line);
            if (c->closed) break;
        }
    }
    write_out(c);
    return !c->closed;
}

/* Wait for the connection (and nothing else) up to `until`; false when it closed. */
static bool wait_once(RoomClient *c, double until)
{
    struct pollfd pf[2] = {{c->rfd, POLLIN, 0}, {c->wfd, POLLOUT, 0}};
    int n = room_client_wants_write(c) ? 2 : 1;
    double left = until - steady_now();
    if (left <= 0) return !c->closed;
    int r = poll(pf, (nfds_t)n, room_client_poll_ms(c, (int)(left * 1000) + 1));
    if (r < 0 && errno != EINTR) close_with(c, "poll: %s", strerror(errno));
    if (r >= 0) room_client_io(c, pf[0].revents, n == 2 ? pf[1].revents : 0);
    return !c->closed;
}

bool room_client_settle(RoomClient *c, double timeout)
{
    double until = steady_now() + timeout;
    while (!c->closed && (c->pending || !c->synced) && steady_now() < until) wait_once(c, until);
    return !c->closed && !c->pending && c->synced;
}

/* --- the session's other end
 * ---------------------------------------------------------------------- */

static bool request(Session *s, const char *verb, const char *args, Sink *out)
{
    RoomClient *c = s->remote->ctx;
    bool sent = *args ? room_client_send(c, "%s %s", verb, args) : room_client_send(c, "%s", verb);
    if (sent || !out || !out->err) return sent && !c->closed;
    char text[ROOM_WHY_MAX + 160], what[120]; /* (the whole reason) */
    /* a move goes in the long form, which the player did not type: not quoted */
    if (!strcmp(verb, "move"))
        snprintf(what, sizeof what, "your move");
    else
        snprintf(what, sizeof what, "'%s%s%.100s%s'", verb, *args ? " " : "", args,
                 strlen(args) > 100 ? "..." : "");
    if (!c->closed) /* the lines held are full: this one is not kept for later */
        snprintf(text, sizeof text,
                 "%s was not sent: %d lines wait already to go to the room at its pace (chat: "
                 "%d lines a second); send it again once they have gone",
                 what, c->nheld, MAX_CHAT_RATE);
    else
        snprintf(text, sizeof text, "%s was not sent: %s", what,
                 c->why[0] ? c->why : "the room closed the connection");
    out->err(out, text);
    return false;
}

/* --- connecting ------------------------------------------------------------------------------- */

/* Whether the variant of a room about to be made has the seat asked for (a side's name, any
 * or watch; NULL: not known here), said as the room would refuse it (room_hello_seat): a
 * room is not made, and left behind, for a hello it would refuse. A variant that does not
 * open is left to the room's server to name. */
static bool seat_in_variant(const char *variant, const char *seat, char *err, int errlen)
{
    char why[600];
    bool unreadable;
    if (!seat) return true;
    Variant *v = variant_open(variant, why, sizeof why, &unreadable);
    if (!v) return true;
    int side;
    bool found = room_hello_seat(v, seat, &side, err, (size_t)errlen);
    variant_free(v);
    return found;
}

int room_connect_here(const char *dir_opt, const char *room, const char *variant, const char *seat,
                      const char *maker, const TimeControl *clock, double ai_seconds, char *err,
                      int errlen)
{
    char dir[ROOM_PATH_MAX], keep[ROOM_PATH_MAX], record[ROOM_PATH_MAX];
    if (!room_dir(dir_opt, dir, sizeof dir, err, errlen)) return -1;
    int fd = room_connect(dir, room, err, errlen);
    if (fd >= 0 || (errno != ENOENT && errno != ECONNREFUSED)) return fd;
    /* (a restricted player's rooms stay in one directory, which quota.h bounds) */
    if (maker)
        snprintf(keep, sizeof keep, "%s", dir);
    else if (!room_keep_dir(dir_opt, dir, keep, sizeof keep, err, errlen))
        return -1;
    bool exists =
        room_record_file(dir, keep, room, record, sizeof record) && access(record, F_OK) == 0;
    if (!exists && !variant) {
        snprintf(err, errlen,
                 "there is no room %s here (cellmate --rooms lists them); give a variant to "
                 "make it: cellmate --room %s VARIANT",
                 room, room);
        return -1;
    }
    if (!exists && !seat_in_variant(variant, seat, err, errlen)) return -1;
    RoomServerOptions so = {dir, room, variant, *clock, ai_seconds, 0, -1, maker != NULL, keep};
    RoomQuota q;
    if (!room_quota_take(&q, dir, room, maker, err, errlen)) return -1;
    bool ours, started = room_start_server(&so, &ours, err, errlen);
    room_quota_done(&q, dir, room, maker, started && ours); /* another's start marks nothing */
    if (!started) return -1;
    /* Our server listens now; but when another client's server won the room, that one may
     * still be starting: wait for it as long as a start may take, while it holds the room
     * (once nobody does, a second more, then the error). */
    double now = steady_now(), until = now + ROOM_START_SECONDS, quiet = now + 1;
    while ((fd = room_connect(dir, room, err, errlen)) < 0 &&
           (errno == ENOENT || errno == ECONNREFUSED) && (now = steady_now()) < until) {
        if (room_server_pid(dir, room)) quiet = now + 1;
        if (now >= quiet) break;
        usleep(20000);
    }
    return fd;
}

static bool connect_here(RoomClient *c, const RoomTarget *t, const RoomJoinOptions *o, char *err,
                         int errlen)
{
    int fd = room_connect_here(o->dir, t->room, o->variant, o->seat, o->maker, &o->clock,
                               o->ai_seconds, err, errlen);
    if (fd < 0) return false;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    c->rfd = c->wfd = fd;
    return true;
}

/* ssh [-p PORT] [user@]host cellmate --relay ROOM [VARIANT], the ssh command read by a shell
 * as git reads GIT_SSH_COMMAND: its words, then ours. */
static bool connect_ssh(RoomClient *c, const RoomTarget *t, const RoomJoinOptions *o, char *err,
                        int errlen)
{
    int in[2], out[2];
    if (o->variant && !room_valid_variant(o->variant)) {
        snprintf(err, errlen, "'%s': a room's variant is a variant's name, never a path",
                 o->variant);
        return false;
    }
    if (pipe2(in, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(out, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        close(in[0]), close(in[1]);
        return false;
    }
    char script[4200];
    snprintf(script, sizeof script, "%s \"$@\"", o->ssh && *o->ssh ? o->ssh : "ssh");
    const char *argv[16];
    int n = 0;
    argv[n++] = "/bin/sh";
    argv[n++] = "-c";
    argv[n++] = script;
    argv[n++] = "cellmate-ssh";
    if (t->port[0]) argv[n++] = "-p", argv[n++] = t->port;
    argv[n++] = t->user_host;
    argv[n++] = "cellmate";
    argv[n++] = "--relay";
    argv[n++] = t->room;
    if (o->variant) argv[n++] = o->variant;
    argv[n] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(in[0]), close(in[1]), close(out[0]), close(out[1]);
        return false;
    }
    if (pid == 0) {
        dup2(out[0], 0);
        dup2(in[1], 1);
        signal(SIGPIPE, SIG_DFL);
        execv("/bin/sh", (char *const *)argv);
        _exit(127);
    }
    close(out[0]);
    close(in[1]);
    c->rfd = in[0];
    c->wfd = out[1];
    c->ssh_pid = pid;
    fcntl(c->rfd, F_SETFL, fcntl(c->rfd, F_GETFL) | O_NONBLOCK);
    fcntl(c->wfd, F_SETFL, fcntl(c->wfd, F_GETFL) | O_NONBLOCK);
    return true;
}

bool room_client_join(RoomClient *c, Session *s, const RoomTarget *t, const RoomJoinOptions *o,
                      char *err, int errlen)
{
    char name[ROOM_NAME_MAX + 1];
    RoomNotify notify = c->notify;
    void *user = c->user;
    void (*replacing)(RoomClient *) = c->replacing;
    double chat_paced = c->chat_paced, chat_paced_at = c->chat_paced_at;
    memset(c, 0, sizeof *c);
    c->chat_paced = chat_paced, c->chat_paced_at = chat_paced_at;
    c->notify = notify;
    c->user = user;
    c->replacing = replacing;
    c->rfd = c->wfd = -1;
    c->s = s;
    c->seat = -1;
    c->target = *t;
    c->opts = *o;
    snprintf(c->room, sizeof c->room, "%s", t->room);
    char why[96];
    if (o->name && !room_player_name_ok(o->name, why, sizeof why)) {
        /* (checked as given: a name too long is refused, never cut to fit) */
        snprintf(err, errlen, "'%s' cannot be a player's name: %s", o->name, why);
        return false;
    }
    if (o->name)
        snprintf(name, sizeof name, "%s", o->name);
    else
        default_name(name, sizeof name);
    const char *seat = o->seat ? o->seat : "any";
    if (strlen(seat) > 30 || strpbrk(seat, " \t\n")) {
        snprintf(err, errlen, "'%s' is not a side", seat);
        return false;
    }
    if (!linereader_init(&c->in, ROOM_EVENT_MAX)) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    if (!(t->remote ? connect_ssh(c, t, o, err, errlen) : connect_here(c, t, o, err, errlen))) {
        room_client_close(c);
        return false;
    }
    c->remote.request = request;
    c->remote.ctx = c;
    s->remote = &c->remote;
    c->level_known = false; /* until the room says it (a server older than levels never does) */
    if (room_client_send(c, "hello %d %s %s", ROOM_PROTO_VERSION, name, seat))
        c->pending--; /* hello is answered by welcome, not ok */
    if (!room_client_settle(c, JOIN_SECONDS)) {
        snprintf(err, errlen, "%s", c->closed ? c->why : "the room did not answer");
        if (c->closed && !c->why[0]) snprintf(err, errlen, "the room closed the connection");
        s->remote = NULL;
        room_client_close(c);
        return false;
    }
    if (o->variant && strcasecmp(o->variant, s->v->name))
        tell(c, false, "room %s plays %s; the variant %s given is ignored", c->room, s->v->name,
             o->variant);
    char want[64];
    const char *tag = game_tag(&s->game, "TimeControl");
    tc_to_pgn(&o->clock, want, sizeof want);
    if (o->clock.kind != CLOCK_NONE && strcmp(want, tag ? tag : "-")) {
        TimeControl tc = {CLOCK_NONE, 0, 0};
        char text[64] = "no clock";
        if (tag && tc_from_pgn(tag, &tc) && tc.kind != CLOCK_NONE)
            tc_describe(&tc, text, sizeof text);
        tell(c, false, "room %s keeps its own clock (%s); the --clock given is ignored", c->room,
             text);
    }
    tell_seat(c);
    /* --level sets the room's level, as the level command does, unless it is that already;
     * answered before the first line of a script, which may ask for it */
    if (!c->level_known) s->ai.level = 0; /* an older room's computer: full strength */
    if (o->level && c->seat < 0)
        tell(c, false, "a watcher cannot set the computer's level: the --level given is ignored");
    else if (o->level && !c->level_known)
        tell(c, false,
             "room %s's server knows no levels (an older cellmate): its computer plays at full "
             "strength, and the --level given is ignored",
             c->room);
    else if (o->level && o->level != s->ai.level && room_client_send(c, "level %d", o->level))
        room_client_settle(c, JOIN_SECONDS);
    /* after the welcome, so that it is read first; joining after a lost connection, only
     * those said meanwhile (the chat command has the record's whole chat) */
    int first = s->game.nnotes > RECENT_NOTES ? s->game.nnotes - RECENT_NOTES : 0;
    if (o->notes_seen > first) first = o->notes_seen;
    for (int i = o->notes_seen; i < s->game.nnotes; i++) session_chat_add(s, s->game.notes[i].text);
    for (int i = first; i < s->game.nnotes; i++) tell(c, false, "%s", s->game.notes[i].text);
    return true;
}

bool room_client_rejoin(RoomClient *c, char *err, int errlen)
{
    if (c->rfd >= 0) room_client_close(c);
    RoomClient kept = *c; /* closed: it holds nothing of its own any more */
    RoomJoinOptions o = c->opts;
    o.variant = NULL;                       /* a room whose record is gone is not made anew */
    o.clock.kind = CLOCK_NONE, o.level = 0; /* said at the first join */
    o.notes_seen = kept.s->game.nnotes;
    if (room_client_join(c, kept.s, &kept.target, &o, err, errlen)) return true;
    /* still the room's client as it was (its seat, the seats it knew), closed: its lines are
     * refused, never played on the local game */
    *c = kept;
    c->s->remote = &c->remote;
    snprintf(c->why, sizeof c->why, "%s", err);
    return false;
}

void room_client_close(RoomClient *c)
{
    if (c->rfd >= 0 && !c->closed) {
        queue(c, "quit", 4);
        write_out(c);
    }
    if (c->rfd >= 0) close(c->rfd);
    if (c->wfd >= 0 && c->wfd != c->rfd) close(c->wfd);
    c->rfd = c->wfd = -1;
    if (c->ssh_pid > 0) {
        /* ssh ends when its input closes; if it does not, it is told to */
        int st;
        for (int i = 0; i < 50 && waitpid(c->ssh_pid, &st, WNOHANG) == 0; i++) usleep(20000);
        if (waitpid(c->ssh_pid, &st, WNOHANG) == 0) {
            kill(c->ssh_pid, SIGTERM);
            waitpid(c->ssh_pid, &st, 0);
        }
        c->ssh_pid = 0;
    }
    if (c->in_snapshot) {
        game_free(&c->snap);
        if (c->snap_v != c->s->v) variant_free(c->snap_v);
        c->in_snapshot = false;
    }
    if (c->s && c->s->remote == &c->remote) c->s->remote = NULL;
    linereader_free(&c->in);
    free(c->out);
    c->out = NULL;
    free(c->held);
    c->held = NULL;
    c->heldlen = c->heldcap = 0;
    c->nheld = c->nheld_ordered = c->refused = 0;
    c->closed = true;
}
