/* script.c — the scripted mode at a room's table (cellmate --batch --room NAME --seat SIDE):
 * lines from standard input as in a local script, the room's events printed as they come.
 * A move waits for this seat's turn; every line that goes to the room waits for its answer,
 * so an error is reported against its own line. */
#include "room/script.h"

#include "notation.h"
#include "number.h"
#include "safe_text.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ANSWER_SECONDS 60 /* a room answers at once; this only bounds a broken one */
#define AWAY_SECONDS   20 /* a screen whose connection broke tries to join again for about 15 s */

typedef struct {
    long line;
    int status;
} ScriptState;

static void notify(RoomClient *c, const char *text, bool error)
{
    ScriptState *st = c->user;
    if (!error) { /* a peer's chat or name: shown safely (safe_text.h) */
        safe_printf(stdout, "%s\n", text);
        fflush(stdout);
        return;
    }
    fflush(stdout);
    safe_printf(stderr, "line %ld: %s\n", st->line, text);
    st->status = 1;
}

static void out_line(Sink *k, const char *line)
{
    (void)k;
    safe_printf(stdout, "%s\n", line);
}

static void err_line(Sink *k, const char *line)
{
    RoomClient *c = k->ctx;
    notify(c, line, true);
}

/* Wait on the room alone until `done` says so, the room closes, or the time is up. */
static bool wait_room(RoomClient *c, bool (*done)(const RoomClient *c), double seconds)
{
    double until = steady_now() + seconds;
    while (!c->closed && !done(c)) {
        double left = until - steady_now();
        if (left <= 0) return false;
        struct pollfd pf[2] = {{room_client_fd(c), POLLIN, 0}, {room_client_wfd(c), POLLOUT, 0}};
        int n = room_client_wants_write(c) ? 2 : 1;
        int ms = room_client_poll_ms(c, left > 1 ? 1000 : (int)(left * 1000) + 1);
        if (poll(pf, (nfds_t)n, ms) < 0 && errno != EINTR) return false;
        room_client_io(c, pf[0].revents, n == 2 ? pf[1].revents : 0);
    }
    return !c->closed;
}

static bool answered(const RoomClient *c)
{
    return c->pending == 0 && c->synced;
}

/* Every seat is taken: the game has begun. */
static bool begun(const RoomClient *c)
{
    for (int p = 0; p < c->s->v->nplayers; p++)
        if (c->seats[p].state == SEAT_STATE_EMPTY) return false;
    return true;
}

/* Before a move waits for a game that has not begun: what for, in a line of its own (the
 * screen shows the empty seats; a script reading the output would otherwise see nothing
 * happen): "waiting for Black", or "waiting for Yellow and Blue". */
static void say_waiting(RoomClient *c)
{
    const Variant *v = c->s->v;
    char text[MAX_PLAYERS * (MAX_NAME + 8) + 64]; /* (every side's name fits) */
    int n = snprintf(text, sizeof text, "waiting for"), named = 0, nempty = 0;
    if (!c->synced || c->s->game.result.over || c->seat < 0 || begun(c)) return;
    for (int p = 0; p < v->nplayers; p++) nempty += c->seats[p].state == SEAT_STATE_EMPTY;
    for (int p = 0; p < v->nplayers; p++) {
        if (c->seats[p].state != SEAT_STATE_EMPTY) continue;
        const char *sep = !named ? " " : named + 1 == nempty ? " and " : ", ";
        n += snprintf(text + n, sizeof text - (size_t)n, "%s%s", sep, v->player_name[p]);
        named++;
    }
    /* (a seat the computer left in the middle of a game, ai off) */
    snprintf(text + n, sizeof text - (size_t)n, ": the game %s when every seat is taken",
             c->s->game.nplies ? "goes on" : "begins");
    notify(c, text, false);
}

/* A move waits until every seat is taken and it is this seat's turn (or until it is clear
 * the move cannot be played: the game is over, this client only watches, or its side is out
 * of a three-player game, whose turn never comes again). */
static bool my_turn(const RoomClient *c)
{
    const Game *g = &c->s->game;
    if (!c->synced) return false;
    if (g->result.over || c->seat < 0 || !(g->pos.alive & (1u << c->seat))) return true;
    return begun(c) && g->pos.stm == c->seat;
}

/* After the last line a player stays until its next turn (but not for a game that has not
 * begun: nobody may come). */
static bool player_done(const RoomClient *c)
{
    return c->seat >= 0 && (my_turn(c) || !begun(c));
}

/* The side to move has nobody at the table (its player left or lost the connection, or
 * never came) and no clock of its runs down: nothing happens until someone comes. */
static bool nobody_to_move(const RoomClient *c)
{
    const Game *g = &c->s->game;
    enum seat_state st = c->seats[g->pos.stm].state;
    return c->synced && !g->result.over && (st == SEAT_STATE_AWAY || st == SEAT_STATE_EMPTY) &&
           c->s->clock.running != g->pos.stm;
}

static bool somebody_to_move(const RoomClient *c)
{
    return !nobody_to_move(c);
}

static bool nothing_to_wait_for(const RoomClient *c)
{
    return c->synced && (c->s->game.result.over || player_done(c) || nobody_to_move(c));
}

/* AWAY_SECONDS, or for the tests CELLMATE_ROOM_AWAY (whole seconds, 1 to a day): a test
 * that checks a player coming back in time must not depend on how fast a loaded machine
 * starts the returning client. */
static int away_seconds(void)
{
    const char *env = getenv("CELLMATE_ROOM_AWAY");
    long v;
    if (env && *env && number_parse(env, 1, 86400, &v)) return (int)v;
    return AWAY_SECONDS;
}

/* After the last line: a player stays until its next turn, a watcher until the end of the
 * game; while nobody is there to move, either waits a while for them to come back (a broken
 * connection is joined again), then leaves. */
static void stay(RoomClient *c)
{
    int away = away_seconds();
    for (;;) {
        if (!wait_room(c, nothing_to_wait_for, 1e9) || player_done(c) || !nobody_to_move(c)) return;
        if (!wait_room(c, somebody_to_move, away)) break;
    }
    if (c->closed) return;
    char text[160];
    snprintf(text, sizeof text,
             "the input has ended, and nobody has been at the table to move for %s for %d "
             "seconds: leaving",
             c->s->v->player_name[c->s->game.pos.stm], away);
    notify(c, text, false);
}

/* Not a move in any form, wherever the pieces stand: said at once, not at this seat's turn. */
static bool malformed(const RoomClient *c, const char *line)
{
    Position pos = c->s->game.pos;
    Move m;
    char err[8];
    bool warn;
    return move_parse(&pos, line, &m, err, sizeof err, &warn) == PARSE_MALFORMED;
}

static bool is_command(const char *line)
{
    size_t n = strcspn(line, " \t");
    for (const Command *c = session_commands; c->name; c++)
        if (strlen(c->name) == n && !strncmp(c->name, line, n)) return true;
    return false;
}

enum { SCRIPT_LINE_MAX = 1000 }; /* characters of a script's line, after a byte order mark */

int room_script_run(RoomClient *c, FILE *in)
{
    ScriptState st = {0, 0};
    Sink sink = {out_line, err_line, c};
    LineReader lines;
    char line[SCRIPT_LINE_MAX + BOM_BYTES + 1];
    c->notify = notify;
    c->user = &st;
    /* (room for the first line's byte order mark: the limit is on the text after it) */
    if (!linereader_init(&lines, SCRIPT_LINE_MAX + BOM_BYTES)) return 2;
    int fd = fileno(in);
    bool eof = false;
    while (!eof && !c->closed && !c->s->quit) {
        /* the room's events print while the script has nothing to say */
        enum line_status ls;
        while ((ls = linereader_next(&lines, line)) == LINE_NONE) {
            struct pollfd pf[3] = {
                {fd, POLLIN, 0}, {room_client_fd(c), POLLIN, 0}, {room_client_wfd(c), POLLOUT, 0}};
            int n = room_client_wants_write(c) ? 3 : 2;
            if (poll(pf, (nfds_t)n, room_client_poll_ms(c, -1)) < 0 && errno != EINTR) break;
            room_client_io(c, pf[1].revents, n == 3 ? pf[2].revents : 0);
            if (c->closed) break;
            if (pf[0].revents) {
                size_t room;
                char *at = linereader_space(&lines, &room);
                ssize_t r = read(fd, at, room);
                if (r == 0) {
                    eof = true;
                    if (!lines.len || lines.skipping || !room) break;
                    at[0] = '\n'; /* a last line without its newline still counts */
                    linereader_added(&lines, 1);
                } else if (r > 0) {
                    linereader_added(&lines, (size_t)r);
                } else if (errno != EINTR && errno != EAGAIN) {
                    eof = true;
                    break;
                }
            }
        }
        if (ls == LINE_NONE) break;
        st.line++;
        const char *p = ls == LINE_OK && st.line == 1 ? text_after_bom(line) : line;
        if (ls == LINE_OK && strlen(p) > SCRIPT_LINE_MAX) ls = LINE_TOO_LONG;
        if (ls == LINE_TOO_LONG || ls == LINE_GARBAGE) {
            notify(c, "the line is longer than 1000 characters; expected a move or a command",
                   true);
            if (ls == LINE_GARBAGE) break;
            continue;
        }
        if (ls == LINE_CONTROL) {
            notify(c, "the line contains control characters; expected text", true);
            continue;
        }
        p += strspn(p, " \t");
        if (!*p || *p == '#') continue;
        if (!is_command(p) && !malformed(c, p)) { /* a move: this seat's turn first */
            say_waiting(c);
            wait_room(c, my_turn, 1e9);
        }
        if (c->closed) break;
        session_line(c->s, p, &sink);
        fflush(stdout);
        if (!wait_room(c, answered, ANSWER_SECONDS) && !c->closed)
            notify(c, "the room did not answer", true);
    }
    linereader_free(&lines);
    if (eof && !c->s->quit) stay(c);
    if (c->closed) {
        fflush(stdout);
        fprintf(stderr, "cellmate: %s\n", c->why);
        return st.status ? st.status : 1;
    }
    return st.status;
}
