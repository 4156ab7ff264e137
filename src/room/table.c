/* table.c — the game of a room's server and its seats: who sits where (kept in the
 * record), the room's state as events, and every request a client makes, checked through
 * the session's code as a local game's lines are. */
#include "room/server_int.h"

#include "fen.h"
#include "fileio.h"
#include "level.h"
#include "number.h"
#include "pgn.h"
#include "room/describe.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <math.h>
#include <unistd.h>

static const char *side(const Server *sv, int p)
{
    return sv->s.v->player_name[p];
}

static const char *seat_state(const Seat *st)
{
    return room_seat_word(st->kind == SEAT_EMPTY                ? SEAT_STATE_EMPTY
                          : st->kind == SEAT_AI || st->stand_in ? SEAT_STATE_AI
                          : st->conn                            ? SEAT_STATE_HERE
                                                                : SEAT_STATE_AWAY);
}

/* (a seat the computer stands in for is "ai" with its player's name: a client that knows
 * nothing of standing in still shows who plays it and whose it is) */
static void seat_event(Server *sv, Conn *to, int p)
{
    const Seat *st = &sv->seat[p];
    const char *name = st->kind == SEAT_EMPTY ? "-"
                       : st->kind == SEAT_AI  ? COMPUTER_NAME
                                              : st->name;
    if (to)
        conn_send(to, "seat %s %s %s", side(sv, p), seat_state(st), name);
    else
        room_broadcast(sv, "seat %s %s %s", side(sv, p), seat_state(st), name);
}

int table_watchers(const Server *sv)
{
    int n = 0;
    for (int i = 0; i < sv->nconn; i++) n += sv->conn[i]->state == CONN_WATCHER;
    return n;
}

static void clock_text(Server *sv, char *out, size_t len)
{
    const Clock *c = &sv->s.clock;
    double now = steady_now();
    size_t n = (size_t)snprintf(out, len, "clock");
    for (int p = 0; p < sv->s.v->nplayers; p++)
        n += (size_t)snprintf(out + n, len - n, " %ld", clock_left(c, p, now));
    snprintf(out + n, len - n, " %s", c->running >= 0 ? side(sv, c->running) : "-");
}

static void clock_event(Server *sv, Conn *to)
{
    char line[128];
    if (sv->s.clock.tc.kind == CLOCK_NONE) return;
    clock_text(sv, line, sizeof line);
    if (to)
        conn_send(to, "%s", line);
    else
        room_broadcast(sv, "%s", line);
}

/* The event of ply i (from 0), as it was played. */
static void ply_event(Server *sv, Conn *to, int i, char *out, size_t len)
{
    const Ply *p = &sv->s.game.plies[i];
    (void)to;
    if (p->move.kind == MOVE_RESIGN) {
        snprintf(out, len, "%s %s", p->clock_ms == 0 ? "flag" : "resign", side(sv, p->mover));
        return;
    }
    char clk[24] = "-";
    if (p->clock_ms >= 0) snprintf(clk, sizeof clk, "%ld", p->clock_ms);
    snprintf(out, len, "move %d %s %s", i + 1, p->san, clk);
}

/* A game ended by a decision (two players' resignation or flag, or agreement). */
static void decided_event(Server *sv, char *out, size_t len)
{
    const Game *g = &sv->s.game;
    out[0] = 0;
    if (!g->decided) return;
    if (g->result.winner < 0)
        snprintf(out, len, "drawn");
    else
        snprintf(out, len, "%s %s",
                 strcmp(g->result.termination, "time forfeit") ? "resign" : "flag",
                 side(sv, g->result.winner == 0 ? 1 : 0));
}

/* The level the room's computer plays at, 1 .. SEARCH_MAX_LEVEL (full strength). */
static int room_level(const Server *sv)
{
    return level_effective(sv->s.ai.level);
}

static void state_events(Server *sv, Conn *c)
{
    const Game *g = &sv->s.game;
    char line[ROOM_EVENT_MAX + 1];
    conn_send(c, "game %s", sv->s.v->name);
    if (g->custom_start) {
        char fen[FEN_MAX];
        fen_write(&g->start, fen, sizeof fen);
        conn_send(c, "setup %s", fen);
    }
    tc_to_pgn(&sv->s.clock.tc, line, sizeof line);
    conn_send(c, "tc %s", line);
    for (int i = 0; i < ROOM_SHOWN_TAGS; i++) {
        const char *value = game_tag(g, room_shown_tags[i]);
        if (value) conn_send(c, "tag %s %s", room_shown_tags[i], value);
    }
    int note = 0;
    for (int i = 0; i <= g->nplies; i++) {
        if (i) {
            ply_event(sv, c, i - 1, line, sizeof line);
            conn_send(c, "%s", line);
        }
        for (; note < g->nnotes && g->notes[note].ply <= i; note++)
            if (g->notes[note].ply == i) conn_send(c, "note %d %s", i, g->notes[note].text);
    }
    decided_event(sv, line, sizeof line);
    if (*line) conn_send(c, "%s", line);
    for (int p = 0; p < sv->s.v->nplayers; p++) seat_event(sv, c, p);
    conn_send(c, "level %d", room_level(sv));
    /* a finished game's players are the record's, whoever sits there now (seat_tags): a
     * client that joins later names them in its own copy as the room's record does (after
     * the seats and the level, which name the seats as they are) */
    for (int p = 0; g->result.over && p < sv->s.v->nplayers; p++) {
        const char *name = game_tag(g, side(sv, p));
        if (name) conn_send(c, "tag %s %s", side(sv, p), name);
    }
    conn_send(c, "watchers %d", table_watchers(sv));
    clock_event(sv, c);
    if (sv->offer != OFFER_NONE) {
        const char *what = room_offers[sv->offer].word;
        conn_send(c, "offer %s %s", what, side(sv, sv->offer_by));
        for (int p = 0; p < sv->s.v->nplayers; p++)
            if (p != sv->offer_by && (sv->agreed & (1u << p)))
                conn_send(c, "agreed %s %s", what, side(sv, p));
    }
    conn_send(c, "sync %d", g->nplies);
}

/* The whole state, however long the game and its chat: it is what the client asked for,
 * not a backlog, so it does not count against the output limit until written (one state at
 * a time: a client asking again and again before reading is not excused twice). */
static void send_state(Server *sv, Conn *c)
{
    size_t before = c->outlen;
    bool excuse = c->excused == 0;
    if (excuse) c->excused = SIZE_MAX - OUT_MAX;
    state_events(sv, c);
    if (excuse) c->excused = c->outlen > before ? c->outlen - before : 0;
    c->state_at = steady_now();
}

/* --- the record ------------------------------------------------------------------------------ */

/* Seats are kept in the record: the players' tags hold the names (the computer's seats
 * "cellmate", or "cellmate (level 3)", as a local game writes them) and RoomUsers the Unix
 * users, in seat order; RoomLevel the computer's level, once it has been below full strength
 * (a level set while the computer has no seat is kept too). */
_Static_assert((uid_t)-1 > 0 && sizeof(uid_t) < sizeof(long),
               "a uid is read and written as a long");
#define UID_LARGEST ((long)(uid_t)-2) /* (uid_t)-1 is no one */
/* RoomUsers: a word a seat, " " and a uid (a long: at most 20 characters) or "-" */
#define ROOM_USERS_MAX (MAX_PLAYERS * (1 + 20))
/* RoomSeats: a name a seat, " " and a player's name, the computer's or "-" */
#define ROOM_SEATS_MAX (MAX_PLAYERS * (ROOM_NAME_MAX + 1))

/* Seconds to the millisecond as number_parse_decimal reads them ("5", "0.25"), whatever the
 * process's locale (a screen that starts a server has set its own, which may write "0,25"). */
static void seconds_text(double t, char *out, size_t len)
{
    long ms = lround(t * 1000);
    int n = snprintf(out, len, "%ld.%03ld", ms / 1000, ms % 1000);
    while (n > 0 && out[n - 1] == '0') out[--n] = 0;
    if (n > 0 && out[n - 1] == '.') out[--n] = 0;
}

/* The seats into the record's tags. */
static void seat_tags(Server *sv)
{
    char users[ROOM_USERS_MAX + 1] = "", computer[64], level[16];
    char standing[ROOM_STAND_IN_MAX + 1] = "", seats[ROOM_SEATS_MAX + 1] = "";
    size_t n = 0;
    bool moved = false; /* a finished game's seats that another has taken since */
    Game *g = &sv->s.game;
    level_player_name(sv->s.ai.level, computer, sizeof computer); /* as a local game names it */
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        const Seat *st = &sv->seat[p];
        const char *name = st->kind == SEAT_HUMAN ? st->name : st->kind == SEAT_AI ? computer : "?";
        /* a finished game keeps the players it was played by, the computer at the level it
         * played at: whoever takes a seat once it is over (the computer's, after ai off) or
         * sets the level plays the next game, which names them, never this one, which is kept
         * as it is (a server started before the next game seats the players it names) */
        const char *was = game_tag(g, side(sv, p));
        snprintf(seats + strlen(seats), sizeof seats - strlen(seats), "%s%s", p ? " " : "",
                 st->kind == SEAT_HUMAN ? st->name
                 : st->kind == SEAT_AI  ? COMPUTER_NAME
                                        : "-");
        if (g->result.over && was) {
            moved |= st->kind == SEAT_AI ? !level_from_player_name(was) : strcmp(name, was) != 0;
            name = was;
        }
        game_set_tag(g, side(sv, p), name);
        int w = st->kind == SEAT_HUMAN
                    ? snprintf(users + n, sizeof users - n, "%s%ld", p ? " " : "", (long)st->uid)
                    : snprintf(users + n, sizeof users - n, "%s-", p ? " " : "");
        if (w < 0 || (size_t)w >= sizeof users - n) break; /* cannot happen: sized above */
        n += (size_t)w;
        if (st->stand_in)
            snprintf(standing + strlen(standing), sizeof standing - strlen(standing), "%s%s",
                     *standing ? " " : "", side(sv, p));
    }
    game_set_tag(g, "RoomUsers", users);
    /* the computer's time a move, which the one who made the room chose: a server started
     * again by whoever joins next keeps it (table_open); a finished game is kept as it was */
    char think[32];
    seconds_text(sv->opt.ai_seconds > 0 ? sv->opt.ai_seconds : 5, think, sizeof think);
    if (!g->result.over) game_set_tag(g, "RoomTime", think);
    /* a finished game's tags name who played it: the seats as they are now, for a server
     * that starts again before the next game (it begins with a record of its own) */
    if (g->result.over && (moved || game_tag(g, "RoomSeats"))) game_set_tag(g, "RoomSeats", seats);
    if (*standing || game_tag(g, "RoomStandIn"))
        game_set_tag(g, "RoomStandIn", *standing ? standing : "-");
    snprintf(level, sizeof level, "%d", room_level(sv));
    if (room_level(sv) < SEARCH_MAX_LEVEL || game_tag(g, "RoomLevel"))
        game_set_tag(g, "RoomLevel", level);
}

bool table_save_now(Server *sv)
{
    char err[700];
    seat_tags(sv);
    sv->record_due = false;
    if (pgn_write_file(&sv->s.game, sv->record, sv->mode, err, sizeof err)) return true;
    room_log("%s", err);
    room_broadcast(sv, "info the room could not save its record: %s", err);
    return false;
}

/* The change goes into the write-ahead copy now (one flush), before the events that tell of
 * it are sent; the record follows once they are (the server's loop calls table_save_now).
 * Without a copy, the record is saved at once, as it always can be. */
void table_save(Server *sv)
{
    char err[700];
    seat_tags(sv);
    char *text = pgn_write(&sv->s.game);
    bool copied = text && wal_write(&sv->wal, text, sv->record, err, sizeof err);
    free(text);
    if (copied)
        sv->record_due = true;
    else
        table_save_now(sv);
}

/* Whether one of the seats before p is a person's under this name (in any case). */
static bool seated_as(const Server *sv, int p, const char *name)
{
    for (int q = 0; q < p; q++)
        if (sv->seat[q].kind == SEAT_HUMAN && !strcasecmp(sv->seat[q].name, name)) return true;
    return false;
}

static void seats_from_record(Server *sv)
{
    const char *users = game_tag(&sv->s.game, "RoomUsers");
    const char *now = sv->s.game.result.over ? game_tag(&sv->s.game, "RoomSeats") : NULL;
    char buf[ROOM_USERS_MAX + 1], seats[ROOM_SEATS_MAX + 1];
    snprintf(buf, sizeof buf, "%s", users ? users : "");
    snprintf(seats, sizeof seats, "%s", now ? now : "");
    char *rest = buf, *seat_rest = seats;
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        Seat *st = &sv->seat[p];
        const char *name = now ? room_word(&seat_rest) : game_tag(&sv->s.game, side(sv, p));
        char *uid = room_word(&rest);
        long id;
        memset(st, 0, sizeof *st);
        if (name && level_from_player_name(name)) {
            st->kind = SEAT_AI;
        } else if (name && room_valid_player(name) && number_parse(uid, 0, UID_LARGEST, &id) &&
                   !seated_as(sv, p, name)) { /* (one name, one seat, as hello keeps it) */
            st->kind = SEAT_HUMAN;
            snprintf(st->name, sizeof st->name, "%s", name);
            st->uid = (uid_t)id;
        }
    }
    unsigned standing = room_stand_in_sides(sv->s.v, game_tag(&sv->s.game, "RoomStandIn"));
    for (int p = 0; p < sv->s.v->nplayers; p++)
        sv->seat[p].stand_in = sv->seat[p].kind == SEAT_HUMAN && (standing & (1u << p));
    /* the session's computer sides are its seats (the session took them from the players'
     * tags, which for a finished game name who played it: RoomSeats may seat a person where
     * the computer played, who must be able to resign and agree to draws in the next game) */
    sv->s.ai_players = 0;
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].kind == SEAT_AI) sv->s.ai_players |= 1u << p;
}

bool table_computer_plays(const Server *sv, int p)
{
    return sv->seat[p].kind == SEAT_AI || sv->seat[p].stand_in;
}

/* A seat whose player is away, with nobody playing it for them. */
static bool seat_away(const Seat *st)
{
    return st->kind == SEAT_HUMAN && !st->conn && !st->stand_in;
}

bool table_all_seated(const Server *sv)
{
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].kind == SEAT_EMPTY) return false;
    return true;
}

/* --- the computer ------------------------------------------------------------------------------
 */

static void clear_offer(Server *sv, const char *lapsed)
{
    /* (the clients take it off the table as they do an offer refused: a move ends one
     * anyway, but a seat's change does not) */
    if (sv->offer != OFFER_NONE && lapsed) {
        room_broadcast(sv, "refused %s %s", room_offers[sv->offer].word, side(sv, sv->offer_by));
        room_broadcast(sv, "info the %s %s by %s lapsed", room_offers[sv->offer].thing,
                       room_offers[sv->offer].made, side(sv, sv->offer_by));
    }
    sv->offer = OFFER_NONE;
    sv->agreed = 0;
}

/* Whether the clocks may start: the game goes on and every seat is taken; for a new game
 * (clocks_wait), every player is here too. */
static bool clocks_may_start(const Server *sv)
{
    if (sv->s.game.result.over || !table_all_seated(sv)) return false;
    for (int p = 0; p < sv->s.v->nplayers && sv->clocks_wait; p++)
        if (seat_away(&sv->seat[p])) return false;
    return true;
}

/* Every seat is taken again: the game (re)begins. Clocks that ai off stopped run on from
 * where they stood; else they are set from the record, as when the room opened. */
static void clocks_start(Server *sv)
{
    if (sv->clocks_held)
        clock_run(&sv->s.clock, sv->s.game.pos.stm, steady_now());
    else
        session_clock_from_record(&sv->s);
    sv->clocks_held = false;
    sv->clocks_wait = false;
}

/* The sides in mask, as "White and Black", into out (cut at its end); how many. */
static int sides_text(Server *sv, unsigned mask, char *out, size_t len)
{
    int count = 0;
    size_t n = 0;
    out[0] = 0;
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        if (!(mask & (1u << p))) continue;
        int w = snprintf(out + n, len - n, "%s%s", count++ ? " and " : "", side(sv, p));
        if (w < 0 || (size_t)w >= len - n) break; /* (cut: the rest would not fit) */
        n += (size_t)w;
    }
    return count;
}

/* A new game's clocks wait: everybody hears for whom. */
static void waiting_info(Server *sv)
{
    char who[160];
    unsigned absent = 0;
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].kind == SEAT_EMPTY || seat_away(&sv->seat[p])) absent |= 1u << p;
    int n = sides_text(sv, absent, who, sizeof who);
    room_broadcast(sv, "info the clocks start once %s %s here", who, n > 1 ? "are" : "is");
}

/* After any change of the game: clocks run only while every seat is taken (and a new game's
 * not before every player is here); the computer's search on an older game stops; the
 * record is saved; the computer may be to move. */
static void changed(Server *sv)
{
    sv->generation++;
    if (sv->thinking) atomic_store(&sv->stop, true);
    if (!table_all_seated(sv) || sv->clocks_wait) clock_stop(&sv->s.clock, steady_now());
    table_save(sv);
    computer_turn(sv);
}

static void result_info(Server *sv)
{
    char line[256];
    if (!sv->s.game.result.over) return;
    game_result_line(&sv->s.game, line, sizeof line);
    room_broadcast(sv, "info %s", line);
}

static void played(Server *sv);

/* Three players: a player who resigned out of turn leaves at that turn. */
static void pending_resignation(Server *sv)
{
    Game *g = &sv->s.game;
    int p = g->pos.stm;
    if (g->result.over || !sv->seat[p].resign_pending) return;
    sv->seat[p].resign_pending = false;
    game_resign_side(g, p);
    session_clock_from_record(&sv->s);
    room_broadcast(sv, "resign %s", side(sv, p));
    room_broadcast(sv, "info %s resigns and leaves the game", side(sv, p));
    played(sv);
}

/* After a ply (a move, or three players' resignation or flag). */
static void played(Server *sv)
{
    clear_offer(sv, "lapsed");
    clock_event(sv, NULL);
    result_info(sv);
    pending_resignation(sv);
}

void table_move_played(Server *sv)
{
    char line[ROOM_EVENT_MAX];
    ply_event(sv, NULL, sv->s.game.nplies - 1, line, sizeof line);
    room_broadcast(sv, "%s", line);
    played(sv);
    changed(sv);
}

/* The flag of the side to move fell. */
void table_flag(Server *sv)
{
    int p = clock_flag(&sv->s.clock, steady_now());
    if (p < 0 || sv->s.game.result.over) return;
    session_time_out(&sv->s, p);
    room_broadcast(sv, "flag %s", side(sv, p));
    room_broadcast(sv, "info %s's time is up", side(sv, p));
    played(sv);
    changed(sv);
}

/* --- requests -----------------------------------------------------------------------------------
 */

/* A request's session output is discarded (sink_discard): the clients say it themselves
 * from the events. Its errors go back to the one who asked. */
static void sink_err(Sink *k, const char *line)
{
    Server *sv = k->ctx;
    if (!sv->err[0]) snprintf(sv->err, sizeof sv->err, "%s", line);
}

static bool refuse(Conn *c, const char *fmt, ...)
{
    char text[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (c)
        conn_send(c, "error %s", text);
    else /* (what the room did by itself, nobody asking: next_game) */
        room_log("%s", text);
    return false;
}

/* The watcher (another live connection) that goes by this name, in any case, or NULL. */
static const Conn *watcher_named(const Server *sv, const Conn *c, const char *name)
{
    for (int i = 0; i < sv->nconn; i++) {
        const Conn *o = sv->conn[i];
        /* (one told bye keeps its name until it is gone: else a name that never reads its
         * bye could hold connection after connection) */
        if (o != c && o->state == CONN_WATCHER && !o->dead && !strcasecmp(o->name, name)) return o;
    }
    return NULL;
}

static void stand_in_note(Server *sv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The seat connection c, as name, may take for want (a side, or -1 for any: the first empty
 * one, or its own; watch: none): in *seat, -1 for none (any, every seat taken: it watches),
 * with its own seat, if it has one, in *mine; false once c is refused. Asked by hello and sit
 * alike, so that a watcher sits down as it would have joined. */
static bool choose_seat(Server *sv, Conn *c, const char *name, int want, bool watch, int *seat,
                        int *mine)
{
    /* a name in use is no one else's: its chat and its words are its own. A watcher's name
     * is its connection's (it has no seat to come back to: it joins again once it left) */
    const Conn *namesake = watcher_named(sv, c, name);
    if (namesake)
        return refuse(c,
                      "the name %s is in use in this room (%s watches); choose another with "
                      "--name",
                      name, namesake->name);
    /* the name is the player's: another user cannot sit down as them */
    *mine = *seat = -1;
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        const Seat *st = &sv->seat[p];
        if (st->kind != SEAT_HUMAN || strcasecmp(st->name, name)) continue;
        if (st->uid != c->uid)
            return refuse(c,
                          "the name %s belongs to another user in this room; choose another "
                          "with --name",
                          name);
        /* names that differ only in case look alike, and so are one name here; but through a
         * shared relay login every player is one user, and an administrator's players Ann
         * and ann are two people: only the very spelling takes a seat back */
        if (strcmp(st->name, name))
            return refuse(c, "the name %s is taken in this room as %s; choose another", name,
                          st->name);
        *mine = p;
    }
    if (*mine >= 0 && watch)
        return refuse(c,
                      "%s plays %s in this room; to watch, join with another --name (or without "
                      "--seat watch to take the seat back)",
                      name, side(sv, *mine));
    if (watch) return true;
    if (*mine >= 0 && (want < 0 || want == *mine)) {
        *seat = *mine;
    } else if (want >= 0) {
        const Seat *st = &sv->seat[want];
        if (st->kind == SEAT_HUMAN) return refuse(c, "%s is taken by %s", side(sv, want), st->name);
        if (st->kind == SEAT_AI) return refuse(c, "%s is played by the computer", side(sv, want));
        if (*mine >= 0)
            return refuse(c,
                          "%s plays %s in this room already; to play another seat, join with "
                          "another --name",
                          name, side(sv, *mine));
        *seat = want;
    } else {
        for (int p = 0; p < sv->s.v->nplayers && *seat < 0; p++)
            if (sv->seat[p].kind == SEAT_EMPTY) *seat = p;
    }
    return true;
}

/* A player back in a seat the computer played for them: what it did meanwhile (a server
 * started again since knows only that it played for them). */
static void tell_stood(Server *sv, Conn *c, const Seat *st)
{
    char moves[32] = "no move", games[96] = "";
    int p = c->seat, m = st->stood_moves, n = st->stood_games + sv->s.game.result.over;
    if (!st->stood_known) {
        conn_send(c,
                  "info the computer played %s for you while you were away; the seat is yours "
                  "again",
                  side(sv, p));
        return;
    }
    if (m) snprintf(moves, sizeof moves, "%d move%s", m, m == 1 ? "" : "s");
    if (n)
        snprintf(games, sizeof games, ", and %d game%s ended (the room keeps %s)", n,
                 n == 1 ? "" : "s", n == 1 ? "it" : "them");
    if (m || n)
        conn_send(c,
                  "info while you were away the computer played %s for you: %s%s; the seat is "
                  "yours again",
                  side(sv, p), moves, games);
    else
        conn_send(c,
                  "info the computer was to play %s for you while you were away, and made no "
                  "move; the seat is yours again",
                  side(sv, p));
}

/* Connection c (named) sits down at seat, its own again or a new one, and everybody is told;
 * once every seat is taken the game begins. From hello, or from sit: a watcher has the
 * room's state already, and leaves the watchers. */
static void sit_down(Server *sv, Conn *c, int seat)
{
    Seat *st = &sv->seat[seat];
    bool back = st->kind == SEAT_HUMAN, relieved = st->stand_in, watched = c->state == CONN_WATCHER;
    if (st->conn) { /* the same player again: the newer connection wins */
        conn_bye(st->conn,
                 "you joined this room again from elsewhere (a second seat from one login "
                 "needs another --name)");
        st->conn->state = CONN_NEW;
    }
    /* (in the state the player is sent, so that it is their last word on it) */
    if (relieved && st->noted)
        stand_in_note(sv, "%s is back and plays %s", c->name, side(sv, seat));
    st->noted = false;
    st->kind = SEAT_HUMAN;
    st->stand_in = false; /* the seat is theirs again, at once, whoever is to move */
    st->uid = c->uid;
    st->conn = c;
    snprintf(st->name, sizeof st->name, "%s", c->name);
    c->state = CONN_PLAYER;
    c->seat = seat;
    conn_send(c, "welcome %s %s", side(sv, seat), c->name);
    if (!watched) send_state(sv, c);
    seat_event(sv, NULL, seat);
    if (watched) room_broadcast(sv, "watchers %d", table_watchers(sv));
    /* the newcomer's own screen says it in its words ("you play ..."): a line about it that
     * came after its screen started would replace that */
    if (relieved) {
        room_tell_others(sv, c, "info %s is back: the computer no longer plays for %s",
                         side(sv, seat), c->name);
        tell_stood(sv, c, st);
    } else if (back)
        room_tell_others(sv, c, "info %s is back", side(sv, seat));
    else
        room_tell_others(sv, c, "info %s takes %s", c->name, side(sv, seat));
    /* everybody is here: the game begins (a player coming back starts only a new game's
     * clocks, which waited for them) */
    bool clocks = (!back || sv->clocks_wait) && clocks_may_start(sv);
    if (clocks) clocks_start(sv);
    if (!back || clocks || relieved) changed(sv);
    if (clocks)
        clock_event(sv, NULL);
    else if (sv->clocks_wait && sv->s.clock.tc.kind != CLOCK_NONE && !sv->s.game.result.over)
        waiting_info(sv); /* for whom they wait (after a restart nobody has heard it yet) */
}

static bool hello(Server *sv, Conn *c, const RoomRequest *rq)
{
    char why[200];
    if (rq->version != ROOM_PROTO_VERSION) {
        refuse(c, "this room speaks version %d of the protocol, not %d", ROOM_PROTO_VERSION,
               rq->version);
        conn_bye(c, "version");
        return false;
    }
    int want, seat, mine;
    bool watch = !strcmp(rq->seat, "watch");
    if (!room_hello_seat(sv->s.v, rq->seat, &want, why, sizeof why)) return refuse(c, "%s", why);
    if (!choose_seat(sv, c, rq->name, want, watch, &seat, &mine)) return false;
    /* the slots past ROOM_MAX_CLIENTS are kept for players coming back to their seats; and
     * connections that never said hello make way for one that does */
    if ((seat < 0 || seat != mine) && !room_make_room(sv, c)) {
        conn_bye(c, "the room is full");
        return false;
    }
    snprintf(c->name, sizeof c->name, "%s", rq->name);
    if (seat < 0) {
        c->state = CONN_WATCHER;
        conn_send(c, "welcome watch %s", c->name);
        send_state(sv, c);
        room_broadcast(sv, "watchers %d", table_watchers(sv));
        room_tell_others(sv, c, "info %s watches", c->name);
        return true;
    }
    sit_down(sv, c, seat);
    return true;
}

/* sit [SIDE]: a watcher takes a seat as it would have joined with --seat SIDE (alone, or any:
 * the first empty one), without leaving the room. */
static bool req_sit(Server *sv, Conn *c, const RoomRequest *rq)
{
    char why[200];
    int want, seat, mine;
    if (c->state == CONN_PLAYER)
        return refuse(c, "you play %s already: sit is for watchers taking a seat",
                      side(sv, c->seat));
    if (!strcmp(rq->seat, "watch")) return refuse(c, "you watch already: sit SIDE takes a seat");
    if (!room_hello_seat(sv->s.v, rq->seat, &want, why, sizeof why)) {
        variant_sides_list(sv->s.v, why, sizeof why);
        return refuse(c, "no side '%s' in this game (%s; sit alone takes the first empty seat)",
                      rq->seat, why);
    }
    if (!choose_seat(sv, c, c->name, want, false, &seat, &mine)) return false;
    if (seat < 0) return refuse(c, "every seat is taken; you go on watching");
    sit_down(sv, c, seat);
    return true;
}

/* A request that needs the player's own seat, the game going and everybody seated. */
static bool playing(Server *sv, Conn *c, const char *what)
{
    char missing[96] = "";
    if (c->state != CONN_PLAYER) return refuse(c, "watchers cannot %s", what);
    if (sv->s.game.result.over) return refuse(c, "the game is over ('new' starts the next)");
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].kind == SEAT_EMPTY) {
            snprintf(missing, sizeof missing, "%s", side(sv, p));
            break;
        }
    if (*missing) /* (a seat the computer left in the middle of a game, ai off) */
        return refuse(c, "the game %s when every seat is taken (%s is empty)",
                      sv->s.game.nplies ? "goes on" : "begins", missing);
    return true;
}

static bool req_move(Server *sv, Conn *c, const RoomRequest *rq)
{
    if (!playing(sv, c, "move")) return false;
    int stm = sv->s.game.pos.stm;
    if (!(sv->s.game.pos.alive & (1u << c->seat))) /* (three players: it never moves again) */
        return refuse(c, "you are out of this game; the others play on");
    if (c->seat != stm)
        return refuse(c, "it is %s's turn; you play %s", side(sv, stm), side(sv, c->seat));
    Sink k = {sink_discard, sink_err, sv};
    sv->err[0] = 0;
    int before = sv->s.game.nplies;
    bool flagged = clock_flag(&sv->s.clock, steady_now()) >= 0;
    if (flagged) {
        table_flag(sv);
        return refuse(c, "your time is up");
    }
    if (!session_move(&sv->s, rq->text, &k) || sv->s.game.nplies != before + 1)
        return refuse(c, "%s", sv->err[0] ? sv->err : "the move was not played");
    table_move_played(sv);
    return true;
}

/* Keep a chat line in the record, if the game's chat budget has room for it (the game's
 * moves come first, and a room's record must stay small enough to be read, copied and
 * joined); false when it is not kept. */
static bool keep_chat(Server *sv, const char *note)
{
    enum room_chat kept = room_chat_keep(&sv->s.game, note);
    if (kept == ROOM_CHAT_NOW_FULL) {
        room_broadcast(sv, "info the record keeps no more chat of this game; chat goes on, "
                           "unrecorded");
        table_save(sv);
    }
    return kept == ROOM_CHAT_NOTED;
}

/* The record says where the computer began and stopped playing a player's seat (its
 * players' tags name the player for the whole game), outside the chat's budget: these are
 * few (ai SIDE draws on the chat allowance) and must not be lost to chat. A finished game is
 * kept as it was played: a change after its end is noted in the next (next_game). The
 * clients keep it in their copies as it is said (note), so that their records, and the
 * notes they count, are the room's. */
static void stand_in_note(Server *sv, const char *fmt, ...)
{
    char note[ROOM_SAY_MAX + 1];
    va_list ap;
    if (sv->s.game.result.over) return;
    va_start(ap, fmt);
    vsnprintf(note, sizeof note, fmt, ap);
    va_end(ap);
    if (game_add_note(&sv->s.game, note))
        room_broadcast(sv, "noted %d %s", sv->s.game.nplies,
                       sv->s.game.notes[sv->s.game.nnotes - 1].text);
}

/* A game notes where the computer began to play for one away STAND_IN_BEGINS_MAX times, and
 * where each of those ended (ai SIDE and ai off over and over must not grow the record
 * without end); then that it notes no more, so that the record never says the computer
 * stopped when it did not, nor leaves its later moves looking like the player's. */
#define STAND_IN_BEGINS_MAX 20
#define STAND_IN_NO_MORE                                                                           \
    "the computer may go on playing for players away: this game's record notes it no further"

static void stand_in_begins(Server *sv, int p)
{
    Seat *st = &sv->seat[p];
    st->noted = false;
    if (sv->s.game.result.over || sv->stand_in_begins > STAND_IN_BEGINS_MAX) return;
    if (sv->stand_in_begins++ == STAND_IN_BEGINS_MAX) {
        stand_in_note(sv, "%s", STAND_IN_NO_MORE);
        return;
    }
    stand_in_note(sv, "the computer plays %s for %s, who is away", side(sv, p), st->name);
    st->noted = true;
}

/* Counted again from the record by a server that starts from it. */
static void stand_in_begins_counted(Server *sv)
{
    for (int i = 0; i < sv->s.game.nnotes; i++) {
        const char *t = sv->s.game.notes[i].text;
        if (!strcmp(t, STAND_IN_NO_MORE)) sv->stand_in_begins = STAND_IN_BEGINS_MAX + 1;
        if (!strncmp(t, "the computer plays ", 19) && sv->stand_in_begins <= STAND_IN_BEGINS_MAX)
            sv->stand_in_begins++;
    }
    for (int p = 0; p < sv->s.v->nplayers; p++)
        sv->seat[p].noted = sv->seat[p].stand_in && sv->stand_in_begins <= STAND_IN_BEGINS_MAX;
}

static bool req_say(Server *sv, Conn *c, const RoomRequest *rq)
{
    char text[ROOM_SAY_MAX + 1], note[ROOM_SAY_MAX + ROOM_NAME_MAX + 4];
    room_clean_text(rq->text, text, sizeof text);
    snprintf(note, sizeof note, "%s: %s", c->name, text);
    bool kept = keep_chat(sv, note);
    room_broadcast(sv, "say %s %s", c->name, text);
    if (strlen(text) < strlen(rq->text)) /* cut between characters: the sender is told */
        conn_send(c, "info your chat line was cut to its first %zu bytes (a line holds %d)",
                  strlen(text), ROOM_SAY_MAX);
    if (kept) table_save(sv);
    return true;
}

/* Whether seat p's player has a say in the next game: here, or away for less than
 * NEW_AWAY_SECONDS (a lost connection comes back by then; one who left for good must not
 * hold up the others). */
static bool new_say(const Seat *st, double now)
{
    return st->conn || now - st->away_since < NEW_AWAY_SECONDS;
}

/* The players whose word counts: seated by people and played by them (the computer, in its
 * own seats or standing in for a player away, refuses draws and agrees
 * to takebacks and to the next game, so it has no say), and for a draw or a takeback still
 * in the game (the next game is everybody's, out of this one or not, but not of one who has
 * been away for NEW_AWAY_SECONDS). */
static unsigned voters(const Server *sv)
{
    unsigned m = 0;
    double now = steady_now();
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].kind == SEAT_HUMAN && !sv->seat[p].stand_in &&
            (sv->offer == OFFER_NEW ? new_say(&sv->seat[p], now)
                                    : (sv->s.game.pos.alive & (1u << p)) != 0))
            m |= 1u << p;
    return m;
}

static bool has_computer(const Server *sv)
{
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (table_computer_plays(sv, p) && (sv->s.game.pos.alive & (1u << p))) return true;
    return false;
}

static void take_back(Server *sv)
{
    Sink k = {sink_discard, sink_err, sv};
    int to = sv->undo_to, from = sv->s.game.nplies;
    char text[512];
    clear_offer(sv, NULL);
    /* (a refused undo, which the record's computer names could bring, must not loop) */
    while (sv->s.game.nplies > to && session_command(&sv->s, "undo", "", &k)) continue;
    if (!table_all_seated(sv)) clock_stop(&sv->s.clock, steady_now());
    room_broadcast(sv, "takeback %d", sv->s.game.nplies);
    /* the moves, named as a local undo names them (they stay readable until the next move) */
    session_plies_text(&sv->s, sv->s.game.nplies, from, text, sizeof text);
    room_broadcast(sv, "info the takeback is agreed%s%s", *text ? ": took back " : "", text);
    clock_event(sv, NULL);
    changed(sv);
}

/* Seat p agrees to the offer on the table: everybody hears it (three players: the third
 * must know that only its word is missing), with those still asked. */
static void agreement_said(Server *sv, int p, enum offer_kind kind)
{
    char waiting[96];
    unsigned left = voters(sv) & ~sv->agreed;
    int n = sides_text(sv, left, waiting, sizeof waiting);
    room_broadcast(sv, "agreed %s %s", room_offers[kind].word, side(sv, p));
    if (left)
        room_broadcast(sv, "info %s agrees to the %s %s by %s; %s %s still asked", side(sv, p),
                       room_offers[kind].thing, room_offers[kind].made, side(sv, sv->offer_by),
                       waiting, n > 1 ? "are" : "is");
}

/* An offer told to all but the one who made it: the players with how to answer, the
 * watchers and the players out of the game, who have no say, only what it is. */
static void tell_offer(Server *sv, const Conn *by, int p, enum offer_kind kind)
{
    EACH_CLIENT(sv, k)
    {
        if (k == by) continue;
        bool player = k->state == CONN_PLAYER && (voters(sv) & (1u << k->seat));
        if (player)
            conn_send(k, "info %s %s ('%s' agrees, 'no' refuses)", side(sv, p),
                      room_offers[kind].theirs, room_offers[kind].word);
        else
            conn_send(k, "info %s %s", side(sv, p), room_offers[kind].theirs);
    }
}

static bool next_game(Server *sv, Conn *c);

/* The one who offers the next game hears who is away and still has a say, and until when. */
static void away_info(Server *sv, Conn *c)
{
    char who[160];
    unsigned away = 0, asked = voters(sv) & ~sv->agreed;
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if ((asked & (1u << p)) && !sv->seat[p].conn) away |= 1u << p;
    int n = sides_text(sv, away, who, sizeof who);
    if (n)
        conn_send(c,
                  "info %s %s away: the next game begins without their word once they have "
                  "been away for %.0f seconds",
                  who, n > 1 ? "are" : "is", NEW_AWAY_SECONDS);
}

/* Whether the finished game can be kept, so that the next may begin: asked before the others
 * are (nobody is asked to agree to what cannot be), and again once they all agree. */
static bool next_game_kept(Server *sv, Conn *c, char *path, size_t len)
{
    char err[700];
    if (room_archive_name(sv->opt.keep, sv->opt.room, sv->opt.restricted, path, len, err,
                          sizeof err))
        return true;
    clear_offer(sv, NULL);
    return refuse(c, "no new game: %s; the finished game stays in the room", err);
}

static bool req_offer(Server *sv, Conn *c, enum offer_kind kind)
{
    const char *what = room_offers[kind].word;
    if (kind == OFFER_NEW) {
        if (c->state != CONN_PLAYER)
            return refuse(c, "watchers cannot %s", room_offers[kind].making);
        if (!sv->s.game.result.over) return refuse(c, "the game is not over");
    } else {
        if (!playing(sv, c, room_offers[kind].making)) return false;
        if (!(sv->s.game.pos.alive & (1u << c->seat))) return refuse(c, "you are out of this game");
    }
    int p = c->seat;
    if (sv->offer != OFFER_NONE && sv->offer != kind)
        return refuse(c, "a %s is on the table: answer it first ('no' refuses it)",
                      room_offers[sv->offer].waiting);
    if (sv->offer == OFFER_NONE) {
        if (kind == OFFER_DRAW && has_computer(sv))
            return refuse(c, "the computer does not agree to draws");
        /* (its own seats agree to takebacks; a player's it plays for keeps their moves: else
         * the one who asked it in could take back move after move of the absent player's) */
        for (int q = 0; kind == OFFER_UNDO && q < sv->s.v->nplayers; q++)
            if (sv->seat[q].stand_in && (sv->s.game.pos.alive & (1u << q)))
                return refuse(c, "no takebacks while the computer plays %s for %s, who is away",
                              side(sv, q), sv->seat[q].name);
        char path[ROOM_PATH_MAX + 32];
        if (kind == OFFER_NEW && !next_game_kept(sv, c, path, sizeof path)) return false;
        if (kind == OFFER_UNDO) {
            int last = -1;
            for (int i = sv->s.game.nplies - 1; i >= 0 && last < 0; i--)
                if (sv->s.game.plies[i].mover == p && sv->s.game.plies[i].move.kind != MOVE_RESIGN)
                    last = i;
            if (last < 0) return refuse(c, "you have no move to take back");
            sv->undo_to = last;
        }
        sv->offer = kind;
        sv->offer_by = p;
        sv->agreed = 1u << p;
        room_broadcast(sv, "offer %s %s", what, side(sv, p));
        tell_offer(sv, c, p, kind);
        if (voters(sv) & ~sv->agreed) /* else it is agreed at once, below */
            conn_send(c, "info you %s; the others are asked ('no' withdraws it)",
                      room_offers[kind].yours);
        if (kind == OFFER_NEW) away_info(sv, c);
    } else if (!(sv->agreed & (1u << p))) {
        sv->agreed |= 1u << p;
        agreement_said(sv, p, kind);
    }
    if ((voters(sv) & ~sv->agreed) == 0) {
        if (kind == OFFER_NEW) {
            return next_game(sv, c);
        } else if (kind == OFFER_UNDO) {
            take_back(sv);
        } else {
            Sink k = {sink_discard, sink_err, sv};
            clear_offer(sv, NULL);
            sv->err[0] = 0;
            /* (nobody is told of an ending the room's game has not had) */
            if (!session_command(&sv->s, "draw", "", &k))
                return refuse(c, "no draw: %s", sv->err[0] ? sv->err : "refused");
            room_broadcast(sv, "drawn");
            clock_event(sv, NULL); /* stopped, as after any ending */
            result_info(sv);
            changed(sv);
        }
    }
    return true;
}

static bool req_no(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    if (c->state != CONN_PLAYER) return refuse(c, "watchers have no say");
    if (sv->offer == OFFER_NONE) return refuse(c, "nothing is on the table");
    if (!(voters(sv) & (1u << c->seat))) return refuse(c, "you are out of this game");
    const char *what = room_offers[sv->offer].word;
    room_broadcast(sv, "refused %s %s", what, side(sv, c->seat));
    room_tell_others(sv, c, "info %s %s", side(sv, c->seat),
                     c->seat == sv->offer_by ? "withdraws the offer" : "says no");
    conn_send(c, "info %s", c->seat == sv->offer_by ? "you withdraw your offer" : "you say no");
    clear_offer(sv, NULL);
    return true;
}

static bool req_draw(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    return req_offer(sv, c, OFFER_DRAW);
}

static bool req_undo(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    return req_offer(sv, c, OFFER_UNDO);
}

static bool req_resign(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    if (!playing(sv, c, "resign")) return false;
    int p = c->seat;
    Game *g = &sv->s.game;
    if (!(g->pos.alive & (1u << p))) return refuse(c, "you are out of this game");
    if (sv->s.v->nplayers > 2 && p != g->pos.stm) {
        sv->seat[p].resign_pending = true;
        room_broadcast(sv, "info %s will leave the game at %s turn", side(sv, p), "their");
        return true;
    }
    Sink k = {sink_discard, sink_err, sv};
    sv->err[0] = 0;
    if (!session_command(&sv->s, "resign", side(sv, p), &k))
        return refuse(c, "%s", sv->err[0] ? sv->err : "the resignation was not taken");
    room_broadcast(sv, "resign %s", side(sv, p));
    room_broadcast(sv, "info %s resigns", side(sv, p));
    played(sv);
    changed(sv);
    return true;
}

/* ai off: the computer leaves the seats of the sides still in the game, empty again for
 * people; the game waits for them, its clocks stopped as they stand (a flag that fell first
 * ends the game instead). A side out of the game keeps its seat: nobody could play it. */
static bool computer_leaves(Server *sv, Conn *c)
{
    int left = 0, emptied = 0;
    if (clock_flag(&sv->s.clock, steady_now()) >= 0) {
        table_flag(sv);
        return refuse(c, "the time of the side to move is up");
    }
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        Seat *st = &sv->seat[p];
        if (st->stand_in) { /* the seat waits for its player again */
            st->stand_in = false;
            seat_event(sv, NULL, p);
            room_broadcast(sv, "info the computer no longer plays %s for %s", side(sv, p),
                           st->name);
            if (st->noted)
                stand_in_note(sv, "the computer no longer plays %s for %s", side(sv, p), st->name);
            left++;
        }
        if (st->kind != SEAT_AI || !(sv->s.game.pos.alive & (1u << p))) continue;
        sv->seat[p].kind = SEAT_EMPTY;
        sv->s.ai_players &= ~(1u << p);
        seat_event(sv, NULL, p);
        room_broadcast(sv,
                       "info the computer leaves %s: an empty seat, for anyone to take (a "
                       "watcher says sit %s)",
                       side(sv, p), side(sv, p));
        left++, emptied++;
    }
    if (!left) return refuse(c, "the computer plays no seat of a side still in this game");
    /* (not the session's ai command, which renames the record's players: seat_tags does, and
     * leaves a finished game's as they were) */
    sv->s.ai_chosen = true;
    clear_offer(sv, "lapsed");
    if (emptied) sv->clocks_held = !sv->s.game.result.over;
    changed(sv);
    clock_event(sv, NULL);
    return true;
}

/* ai SIDE for a player's seat: the computer plays it while they are away, so that one who
 * left for good cannot stall the others (three players without clocks wait for ever); their
 * name stays on it, and joining again takes it back. Only once they have been away
 * NEW_AWAY_SECONDS, as for the next game: a lost connection comes back by then. */
static bool stand_in(Server *sv, Conn *c, int p)
{
    Seat *st = &sv->seat[p];
    double away = steady_now() - st->away_since;
    if (p == c->seat) return refuse(c, "you play %s yourself", side(sv, p));
    if (st->conn) return refuse(c, "%s plays %s", st->name, side(sv, p));
    if (sv->s.game.result.over)
        return refuse(c, "the game is over: the computer may play for %s once the next begins",
                      st->name);
    if (!(sv->s.game.pos.alive & (1u << p)))
        return refuse(c, "%s is out of this game", side(sv, p));
    if (away < NEW_AWAY_SECONDS)
        return refuse(c,
                      "%s has been away from %s for %d second%s; the computer may play for "
                      "them once they have been away for %.0f",
                      st->name, side(sv, p), (int)away, (int)away == 1 ? "" : "s",
                      NEW_AWAY_SECONDS);
    st->stand_in = true;
    st->stood_moves = st->stood_games = 0;
    st->stood_known = true;
    seat_event(sv, NULL, p);
    room_broadcast(sv,
                   "info %s asks the computer to play %s for %s, who is away: it does until "
                   "they join again",
                   c->name, side(sv, p), st->name);
    stand_in_begins(sv, p);
    clear_offer(sv, "lapsed"); /* (its say is the computer's now) */
    /* a new game's clocks waited for this player: the computer is here */
    bool clocks = sv->clocks_wait && clocks_may_start(sv);
    if (clocks) clocks_start(sv);
    changed(sv);
    if (clocks)
        clock_event(sv, NULL);
    else if (sv->clocks_wait && sv->s.clock.tc.kind != CLOCK_NONE)
        waiting_info(sv); /* (for whom they still wait) */
    return true;
}

static bool req_ai(Server *sv, Conn *c, const RoomRequest *rq)
{
    char sides[96];
    if (c->state != CONN_PLAYER) return refuse(c, "watchers cannot seat or unseat the computer");
    if (!strcasecmp(rq->seat, "off")) return computer_leaves(sv, c);
    int p = variant_side_named(sv->s.v, rq->seat);
    variant_sides_list(sv->s.v, sides, sizeof sides);
    if (p < 0) return refuse(c, "no side '%s' in this game (%s, or off)", rq->seat, sides);
    if (table_computer_plays(sv, p)) return refuse(c, "the computer plays %s already", side(sv, p));
    if (sv->seat[p].kind == SEAT_HUMAN) return stand_in(sv, c, p);
    sv->s.ai_players |= 1u << p; /* (as computer_leaves: the names are seat_tags') */
    sv->s.ai_chosen = true;
    sv->seat[p].kind = SEAT_AI;
    seat_event(sv, NULL, p);
    room_broadcast(sv, "info the computer takes %s", side(sv, p));
    bool clocks = clocks_may_start(sv);
    if (clocks) clocks_start(sv);
    changed(sv);
    if (clocks) clock_event(sv, NULL);
    return true;
}

/* level N: the computer plays at level N from its next search on, in every seat it has, and
 * the record names it so (as a local game's does). Any player may set it, told to all. */
static bool req_level(Server *sv, Conn *c, const RoomRequest *rq)
{
    if (c->state != CONN_PLAYER) return refuse(c, "watchers cannot set the computer's level");
    int n;
    Sink k = {sink_discard, sink_err, sv};
    sv->err[0] = 0;
    if (!session_level_arg(rq->seat, &n, &k))
        return refuse(c, "%s", sv->err[0] ? sv->err : "no level");
    if (n == room_level(sv)) return refuse(c, "the computer plays at level %d already", n);
    /* (not the session's level command: the seats name the computer in the record, and a
     * finished game keeps the name it has, seat_tags) */
    sv->s.ai.level = n;
    room_broadcast(sv, "level %d", n);
    /* a search under way ends at the level it began with: begun again, a player changing the
     * level over and over could keep the computer from moving until its time ran out */
    bool seated = false;
    for (int p = 0; p < sv->s.v->nplayers; p++) seated |= sv->seat[p].kind == SEAT_AI;
    room_broadcast(sv, "info %s sets the computer's level to %d%s, %s", c->name, n, level_gloss(n),
                   !seated        ? "for when it takes a seat"
                   : sv->thinking ? "once it has played the move it is thinking of"
                                  : "from its next move");
    table_save(sv);
    return true;
}

/* new: the next game, once every player with a say agrees (a player playing the computer
 * alone begins it at once; one away for NEW_AWAY_SECONDS has no say). */
static bool req_new(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    return req_offer(sv, c, OFFER_NEW);
}

/* Every player agrees (c said the last word): the finished game is kept as ROOM.N.pgn
 * (dir.h); the next one begins with the same seats, its clocks waiting for every seat to be
 * taken and every player to be here. Nothing is lost when the finished game cannot be kept:
 * it stays in the room, and the agreement lapses. */
static bool next_game(Server *sv, Conn *c)
{
    char path[ROOM_PATH_MAX + 32], err[700];
    if (!c) c = sv->seat[sv->offer_by].conn; /* (begun by itself: told to the one who offered) */
    if (!next_game_kept(sv, c, path, sizeof path)) return false;
    if (!pgn_write_file(&sv->s.game, path, sv->mode, err, sizeof err)) {
        clear_offer(sv, NULL);
        return refuse(c, "the finished game could not be kept: %s", err);
    }
    computer_stop(sv);
    /* the session's own new game (today's date, the same players and clock), with the
     * room's tags kept; the players' tags follow the seats at the next save */
    static const char *const room_tags[] = {"Event", "RoomUsers"};
    char *kept[sizeof room_tags / sizeof room_tags[0]];
    for (size_t i = 0; i < sizeof room_tags / sizeof room_tags[0]; i++) {
        const char *value = game_tag(&sv->s.game, room_tags[i]);
        kept[i] = value ? strdup(value) : NULL;
    }
    Sink k = {sink_discard, sink_err, sv};
    sv->err[0] = 0;
    bool ok = session_command(&sv->s, "new", "", &k);
    for (size_t i = 0; i < sizeof room_tags / sizeof room_tags[0]; i++) {
        if (ok && kept[i]) game_set_tag(&sv->s.game, room_tags[i], kept[i]);
        free(kept[i]);
    }
    clear_offer(sv, NULL);
    if (!ok) return refuse(c, "no new game: %s", sv->err);
    for (int p = 0; p < sv->s.v->nplayers; p++) sv->seat[p].resign_pending = false;
    sv->stand_in_begins = 0;
    sv->clocks_held = false;
    sv->clocks_wait = true;
    bool clocks = clocks_may_start(sv);
    if (clocks) clocks_start(sv);
    changed(sv);
    EACH_CLIENT(sv, x) send_state(sv, x);
    /* the computer goes on playing for players away: said in this game's record too */
    bool noted = false;
    for (int p = 0; p < sv->s.v->nplayers; p++)
        if (sv->seat[p].stand_in) stand_in_begins(sv, p), sv->seat[p].stood_games++, noted = true;
    if (noted) table_save(sv);
    /* a restricted room's players are told no directory of the host's, only the file's name */
    const char *base = strrchr(path, '/');
    if (sv->opt.restricted)
        room_broadcast(sv, "info a new game begins; the last one is kept as %s",
                       base ? base + 1 : path);
    else
        room_broadcast(sv, "info a new game begins; the last one is kept in %s", path);
    if (sv->s.clock.tc.kind != CLOCK_NONE && !clocks) waiting_info(sv);
    return true;
}

double table_new_due(Server *sv, double now)
{
    if (sv->offer != OFFER_NEW) return -1;
    unsigned asked = voters(sv) & ~sv->agreed;
    if (!asked) {
        next_game(sv, NULL);
        return -1;
    }
    double wait = -1;
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        double lapse = sv->seat[p].away_since + NEW_AWAY_SECONDS - now;
        if ((asked & (1u << p)) && !sv->seat[p].conn && (wait < 0 || lapse < wait)) wait = lapse;
    }
    return wait;
}

/* A whole state is the dearest answer there is: a client asking for it as fast as it reads
 * would have the room spend its time resending the game. So one each SYNC_SECONDS at most;
 * syncs asked for meanwhile wait, and are answered together with the state as it is then,
 * an ok each (table_syncs_due). */
static bool req_sync(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    if (c->syncs_due || steady_now() - c->state_at < SYNC_SECONDS) {
        c->syncs_due++; /* (bounded: a client waits for them or pays for each, server.c) */
        return false;
    }
    send_state(sv, c);
    return true;
}

void table_syncs_due(Server *sv, Conn *c, double now)
{
    if (!c->syncs_due || now < c->state_at + SYNC_SECONDS) return;
    send_state(sv, c);
    for (; c->syncs_due; c->syncs_due--) conn_send(c, "ok");
}

/* One line about the room, for --rooms. */
static bool req_info(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)rq;
    char line[1024];
    const char *names[MAX_PLAYERS], *states[MAX_PLAYERS];
    for (int p = 0; p < sv->s.v->nplayers; p++) {
        const Seat *st = &sv->seat[p];
        names[p] = st->kind == SEAT_HUMAN ? st->name : st->kind == SEAT_AI ? COMPUTER_NAME : "-";
        states[p] = seat_state(st);
    }
    room_describe(line, sizeof line, sv->opt.room, &sv->s, names, states, table_watchers(sv));
    conn_send(c, "info %s", line);
    return true;
}

static bool req_ping(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)sv;
    (void)rq;
    conn_send(c, "pong");
    return false; /* pong is the answer: no ok */
}

static bool req_quit(Server *sv, Conn *c, const RoomRequest *rq)
{
    (void)sv;
    (void)rq;
    c->quit = true;
    conn_bye(c, "goodbye");
    return false;
}

static const struct {
    enum room_request kind;
    bool (*run)(Server *sv, Conn *c, const RoomRequest *rq);
    bool before_hello; /* allowed before hello */
} handlers[] = {
    {REQ_HELLO, hello, true},        {REQ_MOVE, req_move, false},   {REQ_SAY, req_say, false},
    {REQ_DRAW, req_draw, false},     {REQ_UNDO, req_undo, false},   {REQ_NO, req_no, false},
    {REQ_RESIGN, req_resign, false}, {REQ_AI, req_ai, false},       {REQ_NEW, req_new, false},
    {REQ_SYNC, req_sync, false},     {REQ_INFO, req_info, true},    {REQ_PING, req_ping, true},
    {REQ_QUIT, req_quit, true},      {REQ_LEVEL, req_level, false}, {REQ_SIT, req_sit, false},
};

void table_left(Server *sv, Conn *c)
{
    if (c->state == CONN_WATCHER) { /* told as its coming was: the count, then the line */
        room_broadcast(sv, "watchers %d", table_watchers(sv));
        room_broadcast(sv, "info %s stops watching", c->name);
        return;
    }
    if (c->state != CONN_PLAYER || sv->seat[c->seat].conn != c) return;
    sv->seat[c->seat].conn = NULL;
    sv->seat[c->seat].away_since = steady_now();
    seat_event(sv, NULL, c->seat);
    /* without clocks nothing moves the game on while they are away: the players still in it
     * hear how */
    int p = c->seat;
    const char *how = c->quit ? "left" : "disconnected";
    bool stalls = sv->s.clock.tc.kind == CLOCK_NONE && !sv->s.game.result.over &&
                  (sv->s.game.pos.alive & (1u << p));
    EACH_CLIENT(sv, k)
    {
        if (stalls && k->state == CONN_PLAYER && (sv->s.game.pos.alive & (1u << k->seat)))
            conn_send(k,
                      "info %s %s (should they stay away, 'ai %s' after %.0f seconds has the "
                      "computer play for them until they come back)",
                      side(sv, p), how, side(sv, p), NEW_AWAY_SECONDS);
        else
            conn_send(k, "info %s %s", side(sv, p), how);
    }
}

void table_request(Server *sv, Conn *c, const RoomRequest *rq)
{
    if (rq->kind == REQ_BAD) {
        conn_send(c, "error %s", rq->error);
        conn_strike(c);
        return;
    }
    for (size_t i = 0; i < sizeof handlers / sizeof handlers[0]; i++) {
        if (handlers[i].kind != rq->kind) continue;
        if (c->state == CONN_NEW && !handlers[i].before_hello) {
            conn_send(c, "error say hello first: hello %d NAME [SEAT|any|watch]",
                      ROOM_PROTO_VERSION);
            conn_strike(c);
            return;
        }
        if (c->state != CONN_NEW && rq->kind == REQ_HELLO) {
            conn_send(c, "error you said hello already");
            conn_strike(c);
            return;
        }
        /* what everyone hears of (chat, offers and answers, the computer's seats and level)
         * comes no faster than chat, per user and name however they connect: the flood limit
         * of a connection starts again with each new one */
        double wait;
        if (room_request_heard_by_all(rq->kind) && !chat_allowed(sv, c, &wait)) {
            refuse(c,
                   rq->kind == REQ_SAY
                       ? "too much chat from you: %d lines at once, then %d a second, however "
                         "you connect; wait %.1f s"
                       : "too many requests everyone hears of from you (offers, answers, taking "
                         "a seat, the computer's seat or level): %d at once, then %d a second, "
                         "however you connect; wait %.1f s",
                   MAX_CHAT_BURST, MAX_CHAT_RATE, wait < 0.1 ? 0.1 : wait);
            return;
        }
        bool ok = handlers[i].run(sv, c, rq);
        if (ok && rq->kind != REQ_HELLO) conn_send(c, "ok");
        if (ok && c->strikes) c->strikes--;
        return;
    }
}

/* --- connections ------------------------------------------------------------------------------ */

/* Whether the game's clocks have never run: it has clocks, goes on, and no move of it was
 * timed (a move played while the clocks waited carries no time). A server that stopped
 * while a new game's clocks waited (clocks_wait) left no other trace of the wait in the
 * record, and the clocks must go on waiting for every player when it starts again. (A game
 * whose clocks ran but were never pressed is the same as one that never started: the record
 * keeps no time of it, and its clocks start whole.) */
static bool clocks_never_ran(const Server *sv)
{
    if (sv->s.clock.tc.kind == CLOCK_NONE || sv->s.game.result.over) return false;
    for (int i = 0; i < sv->s.game.nplies; i++)
        if (sv->s.game.plies[i].clock_ms >= 0) return false;
    return true;
}

/* The game: from the record when there is one, else a new game of the variant. */
bool table_open(Server *sv, char *err, int errlen)
{
    if (access(sv->record, F_OK) == 0) {
        if (!session_open_record(&sv->s, sv->record, err, errlen)) return false;
        seats_from_record(sv);
        /* the room's level (the computer's name says it too, but only while it has a seat) */
        const char *level = game_tag(&sv->s.game, "RoomLevel");
        long n;
        if (level && number_parse(level, 1, SEARCH_MAX_LEVEL, &n)) sv->s.ai.level = (int)n;
        stand_in_begins_counted(sv); /* (the bound on its notes holds across restarts) */
        const char *think = game_tag(&sv->s.game, "RoomTime");
        double t;
        if (think && number_parse_decimal(think, 0.001, 3600, 3, &t)) sv->opt.ai_seconds = t;
        session_seed_levels(&sv->s);
        /* away since now: a player whose connection the last server lost has a say */
        for (int p = 0; p < sv->s.v->nplayers; p++) sv->seat[p].away_since = steady_now();
        sv->clocks_wait = clocks_never_ran(sv);
        if (sv->clocks_wait) clock_stop(&sv->s.clock, steady_now());
        return true;
    }
    if (!sv->opt.variant) {
        snprintf(err, errlen, "room %s does not exist: give a variant to make it", sv->opt.room);
        return false;
    }
    if (!room_valid_variant(sv->opt.variant)) {
        snprintf(err, errlen, "'%s': a room's variant is a variant's name, never a path",
                 sv->opt.variant);
        return false;
    }
    if (!session_open(&sv->s, sv->opt.variant, NULL, err, errlen)) return false;
    char date[16], event[64];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y.%m.%d", localtime(&t));
    snprintf(event, sizeof event, "cellmate room %s", sv->opt.room);
    game_set_tag(&sv->s.game, "Event", event);
    game_set_tag(&sv->s.game, "Date", date);
    if (sv->opt.clock.kind != CLOCK_NONE) session_set_clock(&sv->s, &sv->opt.clock);
    session_seed_levels(&sv->s);
    return true;
}
