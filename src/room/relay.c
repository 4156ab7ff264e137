/* relay.c — cellmate --relay: what a player's ssh runs on the room's host. It joins
 * standard input and output to the room's socket (starting the server if none runs) and
 * nothing else: it opens no file a player names (a room's variant is a name, never a path)
 * and runs no command. When the administrator named the player (restricted mode's --player,
 * or the login's own name there), the player's hello is rewritten to that name, so a key
 * decides who sits down. Without a room argument (a forced command in authorized_keys or
 * sshd_config) the room comes from SSH_ORIGINAL_COMMAND, which must be
 * "cellmate --relay NAME [VARIANT]". */
#include "room/client.h"
#include "room/room.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct {
    char room[ROOM_ROOM_MAX + 1];
    char variant[80];
    bool has_variant;
} RelayTarget;

/* "cellmate --relay NAME [VARIANT]" from the ssh client's command line. */
static bool from_ssh_command(RelayTarget *t, const char *cmd, char *err, int errlen)
{
    char buf[256];
    if (!cmd || !*cmd || strlen(cmd) >= sizeof buf) {
        snprintf(err, errlen, "--relay needs a room (here or in SSH_ORIGINAL_COMMAND)");
        return false;
    }
    snprintf(buf, sizeof buf, "%s", cmd);
    char *rest = buf, *prog = room_word(&rest), *opt = room_word(&rest);
    char *room = room_word(&rest), *variant = room_word(&rest);
    if (strcmp(prog, "cellmate") || strcmp(opt, "--relay") || !*room || *rest) {
        snprintf(err, errlen, "this login only relays to a room: cellmate --relay NAME [VARIANT]");
        return false;
    }
    snprintf(t->room, sizeof t->room, "%.*s", ROOM_ROOM_MAX, room);
    snprintf(t->variant, sizeof t->variant, "%.79s", variant);
    t->has_variant = *variant;
    if (room_valid_room(room) && (!*variant || room_valid_variant(variant))) return true;
    snprintf(err, errlen, "a room's name and a variant's name, never a path");
    return false;
}

/* When the administrator named the player, every line is read as the server reads it (the
 * same line reader and parser), so that no spelling of a hello (tabs, a second hello after a
 * refused one) reaches the room with a name the player chose. */
typedef struct {
    const char *player; /* NULL: the bytes go through as they come */
    LineReader in;
} HelloGate;

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = fd == STDOUT_FILENO ? write(fd, p, n) : send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

/* One line as the room will read it: a hello is rebuilt from its parsed fields with the
 * administrator's name; any other line goes on as the server's reader gave it. */
static bool gate_line(const HelloGate *g, int sock, const char *line)
{
    char out[ROOM_REQUEST_MAX + ROOM_NAME_MAX + 40];
    RoomRequest rq;
    room_parse_request(line, &rq);
    int n = rq.kind == REQ_HELLO
                ? snprintf(out, sizeof out, "hello %d %s %s\n", rq.version, g->player, rq.seat)
                : snprintf(out, sizeof out, "%s\n", line);
    return n > 0 && (size_t)n < sizeof out && write_all(sock, out, (size_t)n);
}

static bool to_room(HelloGate *g, int sock, const char *data, size_t n)
{
    if (!g->player) return write_all(sock, data, n);
    char line[ROOM_REQUEST_MAX + 1];
    while (n) {
        size_t room;
        char *at = linereader_space(&g->in, &room);
        size_t take = n < room ? n : room;
        memcpy(at, data, take);
        linereader_added(&g->in, take);
        data += take;
        n -= take;
        for (;;) {
            enum line_status st = linereader_next(&g->in, line);
            if (st == LINE_NONE) break;
            if (st == LINE_GARBAGE) return false;
            if (st == LINE_TOO_LONG) { /* the room refuses one as long, and says so */
                memset(line, 'x', ROOM_REQUEST_MAX);
                line[ROOM_REQUEST_MAX] = 0;
                if (!write_all(sock, line, ROOM_REQUEST_MAX) || !write_all(sock, "x\n", 2))
                    return false;
            }
            /* a line with control bytes is dropped: it never reaches the room */
            if (st == LINE_OK && !gate_line(g, sock, line)) return false;
        }
    }
    return true;
}

/* The first bytes on standard input: their count, 0 at its end, -1 on an error. A
 * connection reset by the player's end (a socket closed with bytes unread) is its end too:
 * a peer that hangs up is no fault of the relay's. */
static ssize_t first_bytes(char *buf, size_t len)
{
    for (;;) {
        ssize_t n = read(STDIN_FILENO, buf, len);
        if (n < 0 && errno == ECONNRESET) return 0;
        if (n >= 0 || errno != EINTR) return n;
    }
}

int room_relay_main(const RoomOptions *o)
{
    RelayTarget t;
    char err[1200];
    memset(&t, 0, sizeof t);
    signal(SIGPIPE, SIG_IGN); /* a write to a gone peer ends the loop, not the process */
    if (o->room) {
        snprintf(t.room, sizeof t.room, "%.*s", ROOM_ROOM_MAX, o->room);
        if (o->variant) snprintf(t.variant, sizeof t.variant, "%.79s", o->variant);
        t.has_variant = o->variant != NULL;
        if (!room_valid_room(o->room) || strlen(o->room) > ROOM_ROOM_MAX ||
            (o->variant && !room_valid_variant(o->variant))) {
            fprintf(stderr, "cellmate: --relay takes a room's name and a variant's name, never a "
                            "path\n");
            return 2;
        }
    } else if (!from_ssh_command(&t, o->ssh_command, err, sizeof err)) {
        fprintf(stderr, "cellmate: %s\n", err);
        return 2;
    }
    /* the player's first bytes (the hello, which a client sends at once) before the room:
     * the connection says hello as soon as it is made, and a room under a flood of
     * connections that say nothing drops those before it (server.c) */
    char buf[4096];
    ssize_t first = first_bytes(buf, sizeof buf);
    if (first == 0) return 0; /* the player left before saying anything */
    if (first < 0) {          /* not a player who left: say what went wrong, as below */
        snprintf(err, sizeof err, "--relay cannot read its standard input: %s", strerror(errno));
        printf("bye %s\n", err);
        fflush(stdout);
        fprintf(stderr, "cellmate: %s\n", err);
        return 1;
    }
    /* the seat the hello asks for: a new room is made only when its variant has it */
    char hello[ROOM_REQUEST_MAX + 1];
    RoomRequest rq;
    const char *nl = memchr(buf, '\n', (size_t)first);
    size_t len = nl ? (size_t)(nl - buf) : (size_t)first;
    snprintf(hello, sizeof hello, "%.*s", (int)(len < sizeof hello ? len : sizeof hello - 1), buf);
    room_parse_request(hello, &rq);
    int sock = room_connect_here(
        o->dir, t.room, t.has_variant ? t.variant : NULL, rq.kind == REQ_HELLO ? rq.seat : NULL,
        o->restricted ? o->player : NULL, &o->clock, o->ai_seconds, err, sizeof err);
    if (sock < 0) {
        /* the client reads the protocol: say it as the room would */
        printf("bye %s\n", err);
        fflush(stdout);
        fprintf(stderr, "cellmate: %s\n", err);
        return 1;
    }
    HelloGate gate = {o->player, {0}};
    if (o->player && !linereader_init(&gate.in, ROOM_REQUEST_MAX)) {
        printf("bye out of memory\n");
        close(sock);
        return 1;
    }
    struct pollfd pf[2] = {{STDIN_FILENO, POLLIN, 0}, {sock, POLLIN, 0}};
    bool in_open = true, going = to_room(&gate, sock, buf, (size_t)first);
    while (going) {
        pf[0].fd = in_open ? STDIN_FILENO : -1;
        if (poll(pf, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        if (pf[1].revents) {
            ssize_t n = recv(sock, buf, sizeof buf, 0);
            if (n <= 0 || !write_all(STDOUT_FILENO, buf, (size_t)n)) break;
        }
        if (in_open && pf[0].revents) {
            ssize_t n = read(STDIN_FILENO, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                in_open = false; /* the player left: the room hears it, and closes */
                shutdown(sock, SHUT_WR);
                continue;
            }
            if (!to_room(&gate, sock, buf, (size_t)n)) break;
        }
    }
    if (o->player) linereader_free(&gate.in);
    close(sock);
    return 0;
}
