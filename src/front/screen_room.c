/* screen_room.c — the screen at a room's table (cellmate --room NAME on a terminal): the
 * room's connection waited on beside the keyboard, what the room says put in the message
 * line, and the room's part of the status panel (each seat, who is here, the watchers, what
 * is offered, a lost connection). A connection lost without the room's bye is joined again
 * a few times, waiting longer each time. The game itself is the session's: the room client
 * (src/room/client.c) applies the room's events to it, and the screen draws it as a local
 * game. */
#include "screen_int.h"

#include "level.h"
#include "room/client.h"
#include "steady.h"
#include "text_wrap.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ROOM_WAIT_MS 200 /* as the screen's own getch timeout: the clocks tick at this pace */

static bool started;    /* the room's lines go to the screen */
static bool in_batch;   /* lines that came in one read are shown together */
static bool told_close; /* the lost connection has been said */
static char greeting[MSG_MAX];
/* Why the room is gone for good and what to do, in the status panel under DISCONNECTED,
 * with the rows it needs: the message line cuts it, and the panel's place for a long
 * message comes after the room's lines and may be too short for it. */
static char gone_note[ROOM_WHY_MAX + 128];

/* Joining again after a lost connection: the waits before each try, in seconds (about 15 s
 * in all, enough for a room's server to start again or an ssh connection to come back). */
static const double rejoin_wait[] = {0.5, 1, 2, 4, 8};
#define REJOIN_TRIES ((int)(sizeof rejoin_wait / sizeof rejoin_wait[0]))
static int rejoin_tries; /* tries made since the connection was lost */
static double rejoin_at; /* when the next one is due (monotonic seconds); 0: none */

/* Every text from the room (a peer's chat line, a name, the room's own words) reaches the
 * terminal through here, already cleaned of control bytes by the room client. Lines that
 * arrive together are joined while the message line shows them whole, so a move and the
 * result it brought are read at once; otherwise, and after an error, the newest replaces
 * them: the message line always shows the latest (the chat command shows the others). But
 * the game's result is news a player must not miss: for NEWS_SECONDS the lines that follow
 * it (the loser leaving, say) are joined after it, and one that does not fit is left to the
 * chat page rather than replace it. */
static void room_text_locked(const char *text, bool error);

#define NEWS_SECONDS 10.0
static char shown[MSG_MAX]; /* the room's words on the message line, as set here */
static double news_at;      /* when they came to hold the game's result; 0: they do not */

static bool news(const char *text)
{
    return !strncmp(text, "result ", 7);
}

/* What the room said while the computer thought: the message line is the thinking line's
 * then, so it goes to the panel, and stays there beside analyse's lines (analysis_progress)
 * until the thinking ends. */
static char heard[MSG_MAX];

const char *room_screen_heard(void)
{
    return heard;
}

void room_screen_heard_clear(void)
{
    heard[0] = 0;
}

static void room_text(RoomClient *c, const char *text, bool error)
{
    (void)c;
    think_lock(); /* the thinking thread's errors go to the message line too */
    if (started && think_running()) {
        size_t n = strlen(heard);
        if (n + 2 + strlen(text) >= sizeof heard) n = 0; /* the newest words, if not all fit */
        snprintf(heard + n, sizeof heard - n, "%s%s", n ? "; " : "", text);
        ui_set_message(error, "%s", heard);
        ui.message_in_panel = true;
    } else {
        heard[0] = 0;
        room_text_locked(text, error);
    }
    think_unlock();
}

static void room_text_locked(const char *text, bool error)
{
    if (!started) { /* before the screen's first key: kept for its first message */
        size_t n = strlen(greeting);
        snprintf(greeting + n, sizeof greeting - n, "%s%s", n ? "; " : "", text);
        return;
    }
    double now = steady_now();
    bool held = news_at > 0 && now - news_at < NEWS_SECONDS && !ui.message_is_error &&
                !strcmp(ui.message, shown); /* (the player's own doings have replaced it) */
    if ((in_batch || held) && !error && !ui.message_is_error && ui.message[0]) {
        char joined[MSG_MAX];
        int n = snprintf(joined, sizeof joined, "%s; %s", ui.message, text);
        if (n > 0 && (size_t)n < sizeof joined && text_columns(joined) <= ui.cols) {
            ui_set_message(false, "%s", joined);
            snprintf(shown, sizeof shown, "%s", ui.message);
            if (news(text)) news_at = now;
            return;
        }
    }
    if (held && !error) return; /* the result stays; the line is on the chat page */
    ui_set_message(error, "%s", text);
    snprintf(shown, sizeof shown, "%s", ui.message);
    news_at = !error && news(text) ? now : 0;
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
    gone_note[0] = 0;
    rejoin_at = 0;
    c->notify = room_text;
    c->user = NULL;
    c->replacing = think_let_go;
    ScreenOptions so = {ascii, false, NULL, c, false, NULL, false, NULL};
    return screen_run(s, &so);
}

static void start(void)
{
    started = true;
    if (greeting[0]) ui_set_message(false, "%s", greeting);
}

/* The room went away: said once, in the message line and (for good) in the status panel.
 * The board stays as the room last had it. Unless the room said goodbye on purpose (its
 * server stopped, the same player joined from elsewhere, a refused request), the screen
 * joins again after a wait. Said as the room's other words are (room_text): under the
 * thinking's lock, and kept beside its lines while the computer thinks. */
static void tell_closed(RoomClient *c)
{
    if (told_close || !c->closed) return;
    told_close = true;
    const char *why = c->why[0] ? c->why : "the room closed the connection";
    char text[ROOM_WHY_MAX + 128]; /* (the message keeps what fits) */
    rejoin_tries = 0;
    rejoin_at = 0;
    if (c->said_bye) {
        snprintf(text, sizeof text,
                 "%s; the board shows the game as the room last had it: quit and join the room "
                 "again to go on",
                 why);
        snprintf(gone_note, sizeof gone_note, "%s", text);
    } else {
        rejoin_at = steady_now() + rejoin_wait[0];
        snprintf(text, sizeof text, "joining the room again in %g s: %s", rejoin_wait[0], why);
    }
    room_text(c, text, true);
}

/* A try at joining again, when one is due. The screen waits for it (a local room answers at
 * once, starting its server again from the record if it must; ssh may take seconds). */
static void rejoin(RoomClient *c)
{
    if (!c->closed || !rejoin_at || steady_now() < rejoin_at) return;
    rejoin_tries++;
    ui_set_message(false, "joining room %s again (try %d of %d)...", c->room, rejoin_tries,
                   REJOIN_TRIES);
    ui_draw();
    char err[600];
    ui_set_message(false, "back in the room");
    in_batch = true; /* the room's greeting joins the line */
    bool back = room_client_rejoin(c, err, sizeof err);
    in_batch = false;
    if (back) {
        told_close = false;
        rejoin_at = 0;
    } else if (rejoin_tries < REJOIN_TRIES) {
        rejoin_at = steady_now() + rejoin_wait[rejoin_tries];
        ui_set_message(true, "joining the room again in %g s (try %d of %d): %s",
                       rejoin_wait[rejoin_tries], rejoin_tries + 1, REJOIN_TRIES, err);
    } else {
        rejoin_at = 0;
        snprintf(gone_note, sizeof gone_note,
                 "gave up joining the room again after %d tries: %s; quit and join it again to "
                 "go on",
                 REJOIN_TRIES, err);
        ui_set_message(true, "%s", gone_note);
    }
    ui_draw();
}

int room_screen_holds(const char *variant, int plies, uint64_t key)
{
    RoomClient *c = ui.opt.room;
    const Game *g = &ui.s->game;
    if (!c) return 1;
    if (c->in_snapshot) return -1; /* the room's whole state is still arriving */
    if (strcmp(ui.s->v->name, variant) || g->nplies < plies) return 0;
    return (plies ? g->plies[plies - 1].hash : g->start.hash) == key;
}

int room_screen_fds(struct pollfd *pf)
{
    RoomClient *c = ui.opt.room;
    if (!c || c->closed) return 0;
    pf[0] = (struct pollfd){room_client_fd(c), POLLIN, 0};
    pf[1] = (struct pollfd){room_client_wfd(c), POLLOUT, 0};
    return room_client_wants_write(c) ? 2 : 1;
}

bool room_screen_serve(const struct pollfd *pf, int n)
{
    RoomClient *c = ui.opt.room;
    /* (held chat whose time has come goes out too: room_client_poll_ms woke us for it) */
    if (!n || !(pf[0].revents || (n == 2 && pf[1].revents) || room_client_poll_ms(c, -1) == 0))
        return false;
    in_batch = false;
    room_client_io(c, pf[0].revents, n == 2 ? pf[1].revents : 0);
    in_batch = false;
    tell_closed(c);
    return true;
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
    rejoin(c);
    struct pollfd pf[3] = {{STDIN_FILENO, POLLIN, 0}};
    int n = room_screen_fds(pf + 1);
    int ms = n ? room_client_poll_ms(c, ROOM_WAIT_MS) : ROOM_WAIT_MS; /* (held chat's time) */
    if (poll(pf, (nfds_t)(n + 1), ms) < 0) return ERR; /* EINTR: a resize, next time */
    if (room_screen_serve(pf + 1, n)) ui_draw();
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
    ui_panel_line((*y)++, x, width, line, at);
}

bool room_screen_shows(const char *text)
{
    return ui.opt.room && ui.opt.room->closed && !rejoin_at && gone_note[0] &&
           !strncmp(gone_note, text, strlen(text)); /* (the message keeps what fits) */
}

/* A seat's player as the panel names it: "-" for nobody. */
static const char *seat_player(const RoomClient *c, int p)
{
    return c->seats[p].state == SEAT_STATE_EMPTY ? "-" : c->seats[p].name;
}

/* A seat's state in the panel's words: the room's, or "?" without a connection (who is there
 * is not known then). */
static const char *seat_state_word(const RoomClient *c, int p)
{
    return c->closed ? "?" : room_seat_word(c->seats[p].state);
}

/* The offer on the table, in a few words after its maker's side. */
static const char *offer_text(int kind)
{
    return kind == 'd' ? "offers a draw" : kind == 'u' ? "asks to undo" : "offers new game";
}

int room_screen_status(int y, int x, int width)
{
    RoomClient *c = ui.opt.room;
    if (!c) return y;
    const Variant *v = ui.s->v;
    char line[128];
    if (c->closed) { /* (a room's name may be longer than the panel: wrapped, never cut) */
        snprintf(line, sizeof line, "%s %s", rejoin_at ? "RECONNECTING to" : "DISCONNECTED from",
                 c->room);
        y = ui_draw_wrapped(y, x, width, line, A_BOLD | A_REVERSE);
        if (!rejoin_at && gone_note[0]) y = ui_draw_wrapped(y, x, width, gone_note, A_BOLD);
    } else {
        int n = c->watchers
                    ? snprintf(line, sizeof line, "room %s, %d watching", c->room, c->watchers)
                    : snprintf(line, sizeof line, "room %s", c->room);
        if (n > width) { /* the watchers on a row of their own */
            snprintf(line, sizeof line, "room %s", c->room);
            y = ui_draw_wrapped(y, x, width, line, A_NORMAL); /* a name of 32 letters */
            if (c->watchers) panel_line(&y, x, width, A_NORMAL, "%d watching", c->watchers);
        } else {
            panel_line(&y, x, width, A_NORMAL, "%s", line);
        }
    }
    bool computer = false, seated = true;
    for (int p = 0; p < v->nplayers; p++) {
        const RoomSeatView *st = &c->seats[p];
        bool mine = p == c->seat;
        attr_t at = mine ? A_BOLD : st->state == SEAT_STATE_AWAY || c->closed ? A_DIM : A_NORMAL;
        /* without a connection, who is there is not known; a name too long for its
         * column goes whole on the rows below */
        const char *name = seat_player(c, p);
        bool whole = text_columns(name) <= 8;
        char side[MAX_NAME + 8], who[sizeof st->name + 8];
        text_pad(side, sizeof side, v->player_name[p], 6);
        text_pad(who, sizeof who, whole ? name : "", 8);
        panel_line(&y, x, width, at, "%c%s %s %s", mine ? '>' : ' ', side, who,
                   seat_state_word(c, p));
        if (!whole) y = ui_draw_wrapped(y, x + 2, width - 2, name, at);
        /* (its level is for its own seats: one it plays for a player away plays at full
         * strength, named as theirs) */
        computer |= st->state == SEAT_STATE_AI && !strcmp(st->name, COMPUTER_NAME);
        seated &= st->state != SEAT_STATE_EMPTY;
    }
    /* below full strength, in the words of a local game's panel */
    if (computer) y = ui_draw_level(y, x, width);
    /* the room thinks for it (once every seat is taken): without a word here, a player cannot
     * tell it from a room stuck */
    int stm = ui.s->game.pos.stm;
    if (!c->closed && c->synced && seated && !ui.s->game.result.over && stm >= 0 &&
        stm < v->nplayers && c->seats[stm].state == SEAT_STATE_AI)
        panel_line(&y, x, width, A_NORMAL, "computer thinking...");
    if (c->seat < 0) panel_line(&y, x, width, A_BOLD, "you watch");
    if (c->offer_kind && c->offer_by >= 0 && c->offer_by < v->nplayers) {
        panel_line(&y, x, width, A_BOLD, "%s %s", v->player_name[c->offer_by],
                   offer_text(c->offer_kind));
        for (int p = 0; p < v->nplayers; p++)
            if (p != c->offer_by && (c->offer_agreed & (1u << p)))
                panel_line(&y, x, width, A_NORMAL, "%s agrees", v->player_name[p]);
    }
    /* chat pasted faster than the room takes it goes out meanwhile; what did not fit was
     * refused (the message line said so, but the room's words soon replace it) */
    if (c->nheld)
        panel_line(&y, x, width, A_NORMAL, "%d line%s wait%s to go", c->nheld,
                   c->nheld == 1 ? "" : "s", c->nheld == 1 ? "s" : "");
    if (c->refused)
        panel_line(&y, x, width, A_BOLD, "%d line%s not sent", c->refused,
                   c->refused == 1 ? "" : "s");
    return y;
}

/* A seat in a few words: ">White a here" (> marks this screen's own). */
static int seat_words(const RoomClient *c, int p, char *out, size_t len)
{
    return snprintf(out, len, "%s%s %s %s", p == c->seat ? ">" : "", ui.s->v->player_name[p],
                    seat_player(c, p), seat_state_word(c, p));
}

int room_screen_brief(char (*lines)[ROOM_BRIEF_W], int max, int width)
{
    RoomClient *c = ui.opt.room;
    const Variant *v = ui.s->v;
    int n = 0;
    if (!c) return 0;
    if (c->closed && n < max) /* (the start of why: the message line has it too) */
        snprintf(lines[n++], ROOM_BRIEF_W, "%s %.64s%s%.150s",
                 rejoin_at ? "RECONNECTING to" : "DISCONNECTED from", c->room,
                 !rejoin_at && gone_note[0] ? ": " : "", !rejoin_at ? gone_note : "");
    /* the seats in one line, or a line each when they do not fit in one */
    char all[ROOM_BRIEF_W] = "";
    size_t used = 0;
    for (int p = 0; p < v->nplayers && used < sizeof all; p++) {
        used += (size_t)snprintf(all + used, sizeof all - used, "%s", p ? " | " : "");
        if (used < sizeof all) used += (size_t)seat_words(c, p, all + used, sizeof all - used);
    }
    if (c->seat < 0 && used < sizeof all) snprintf(all + used, sizeof all - used, " | you watch");
    if (text_columns(all) <= width && n < max) {
        snprintf(lines[n++], ROOM_BRIEF_W, "%s", all);
    } else {
        for (int p = 0; p < v->nplayers && n < max; p++) seat_words(c, p, lines[n++], ROOM_BRIEF_W);
        if (c->seat < 0 && n < max) snprintf(lines[n++], ROOM_BRIEF_W, "you watch");
    }
    if (c->offer_kind && c->offer_by >= 0 && c->offer_by < v->nplayers && n < max) {
        int k = snprintf(lines[n], ROOM_BRIEF_W, "%s %s", v->player_name[c->offer_by],
                         offer_text(c->offer_kind));
        for (int p = 0; p < v->nplayers && k > 0 && k < ROOM_BRIEF_W; p++)
            if (p != c->offer_by && (c->offer_agreed & (1u << p)))
                k += snprintf(lines[n] + k, (size_t)(ROOM_BRIEF_W - k), ", %s agrees",
                              v->player_name[p]);
        n++;
    }
    if (c->nheld && n < max)
        snprintf(lines[n++], ROOM_BRIEF_W, "%d line%s wait%s to go%s", c->nheld,
                 c->nheld == 1 ? "" : "s", c->nheld == 1 ? "s" : "",
                 c->refused ? ", more not sent" : "");
    return n;
}
