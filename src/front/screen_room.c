/* screen_room.c — the screen at a room's table (cellmate --room NAME on a terminal): the
 * room's connection waited on beside the keyboard, what the room says put in the message
 * line, and the room's part of the status panel (each seat, who is here, the watchers, what
 * is offered, a lost connection). The game itself is the session's: the room client
 * (src/room/client.c) applies the room's events to it, and the screen draws it as a local
 * game. */
#include "screen_int.h"

#include "room/client.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define ROOM_WAIT_MS 200 /* as the screen's own getch timeout: the clocks tick at this pace */

static bool started;    /* the room's lines go to the screen */
static bool in_batch;   /* lines that came in one read are shown together */
static bool told_close; /* the lost connection has been said */
static char greeting[MSG_MAX];

/* Every text from the room (a peer's chat line, a name, the room's own words) reaches the
 * terminal through here, already cleaned of control bytes by the room client. Lines that
 * arrive together are joined, so a move and the result it brought are read at once; an
 * error replaces them. */
static void room_text(RoomClient *c, const char *text, bool error)
{
    (void)c;
    if (!started) { /* before the screen's first key: kept for its first message */
        size_t n = strlen(greeting);
        snprintf(greeting + n, sizeof greeting - n, "%s%s", n ? "; " : "", text);
        return;
    }
    if (in_batch && !error && !ui.message_is_error && ui.message[0]) {
        char joined[MSG_MAX];
        int n = snprintf(joined, sizeof joined, "%s; %s", ui.message, text);
        if (n > 0 && (size_t)n < sizeof joined) {
            ui_set_message(false, "%s", joined);
            return;
        }
    }
    ui_set_message(error, "%s", text);
    in_batch = true;
}

int room_screen_run(RoomClient *c, Session *s, bool ascii, const char *joined)
{
    size_t n = 0; /* its lines, one message */
    greeting[0] = 0;
    for (const char *p = joined ? joined : ""; *p && n + 3 < sizeof greeting; p++) {
        if (*p != '\n')
            greeting[n++] = *p;
        else if (p[1])
            greeting[n++] = ';', greeting[n++] = ' ';
    }
    greeting[n] = 0;
    started = told_close = false;
    c->notify = room_text;
    c->user = NULL;
    ScreenOptions so = {ascii, false, NULL, c, false};
    return screen_run(s, &so);
}

static void start(void)
{
    started = true;
    if (greeting[0]) ui_set_message(false, "%s", greeting);
}

/* The room went away: said once, in the message line and (for good) in the status panel.
 * The board stays as the room last had it; quit and join again to go on. */
static void tell_closed(RoomClient *c)
{
    if (told_close || !c->closed) return;
    told_close = true;
    ui_set_message(true,
                   "%s; the board shows the game as the room last had it: quit and join "
                   "the room again to go on",
                   c->why[0] ? c->why : "the room closed the connection");
}

int room_screen_getch(void)
{
    RoomClient *c = ui.opt.room;
    if (!started) {
        start();
        ui_draw();
    }
    /* keys curses has already read (a paste, an escape sequence's tail) come first */
    timeout(0);
    int ch = getch();
    timeout(ROOM_WAIT_MS);
    if (ch != ERR) return ch;
    struct pollfd pf[3] = {{STDIN_FILENO, POLLIN, 0},
                           {room_client_fd(c), POLLIN, 0},
                           {room_client_wfd(c), POLLOUT, 0}};
    nfds_t n = c->closed ? 1 : room_client_wants_write(c) ? 3 : 2;
    if (poll(pf, n, ROOM_WAIT_MS) <= 0) return ERR; /* EINTR: a resize, read next time */
    if (n > 1 && (pf[1].revents || (n == 3 && pf[2].revents))) {
        in_batch = false;
        room_client_io(c, pf[1].revents, n == 3 ? pf[2].revents : 0);
        in_batch = false;
        tell_closed(c);
        ui_draw();
    }
    return pf[0].revents ? getch() : ERR;
}

/* --- the status panel ------------------------------------------------------------------------ */

static void panel_line(int *y, int x, int width, attr_t at, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void panel_line(int *y, int x, int width, attr_t at, const char *fmt, ...)
{
    char line[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (*y < 0 || *y >= ui.rows - 2 || width <= 0) return;
    attron(at);
    mvaddnstr((*y)++, x, line, width);
    attroff(at);
}

int room_screen_status(int y, int x, int width)
{
    static const char *const state_word[] = {"empty", "here", "away", "ai"};
    RoomClient *c = ui.opt.room;
    if (!c) return y;
    const Variant *v = ui.s->v;
    if (c->closed)
        panel_line(&y, x, width, A_BOLD | A_REVERSE, "DISCONNECTED from %s", c->room);
    else if (c->watchers)
        panel_line(&y, x, width, A_NORMAL, "room %s, %d watching", c->room, c->watchers);
    else
        panel_line(&y, x, width, A_NORMAL, "room %s", c->room);
    for (int p = 0; p < v->nplayers; p++) {
        const RoomSeatView *st = &c->seats[p];
        bool mine = p == c->seat;
        attr_t at = mine ? A_BOLD : st->state == SEAT_STATE_AWAY ? A_DIM : A_NORMAL;
        panel_line(&y, x, width, at, "%c%-6.6s %-8.8s %s", mine ? '>' : ' ', v->player_name[p],
                   st->state == SEAT_STATE_EMPTY ? "-" : st->name, state_word[st->state]);
    }
    if (c->seat < 0) panel_line(&y, x, width, A_BOLD, "you watch");
    if (c->offer_kind && c->offer_by >= 0 && c->offer_by < v->nplayers)
        panel_line(&y, x, width, A_BOLD, "%s %s", v->player_name[c->offer_by],
                   c->offer_kind == 'd' ? "offers a draw" : "asks to undo");
    return y;
}
