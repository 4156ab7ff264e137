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

/* When the administrator named the player, every line is looked at (a hello after a refused
 * one, or with tabs between its words, as the room reads them): each hello gets that name.
 * A line too long for any hello goes through as it comes; the room refuses it whole. */
typedef struct {
    const char *player;
    bool long_line; /* passing the rest of a line longer than the room takes */
    char line[ROOM_REQUEST_MAX + 3];
    size_t len;
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

/* One whole line (g->line, ending in a newline) to the room, a hello with the player's name. */
static bool line_to_room(HelloGate *g, int sock)
{
    char copy[sizeof g->line], out[sizeof g->line + ROOM_NAME_MAX];
    memcpy(copy, g->line, g->len);
    copy[g->len] = 0;
    for (char *t = copy; *t; t++)
        if (*t == '\t') *t = ' '; /* the room reads a tab as a blank */
    char *rest = copy, *verb = room_word(&rest);
    size_t n = g->len;
    g->len = 0;
    if (strcmp(verb, "hello")) return write_all(sock, g->line, n);
    char *ver = room_word(&rest), *name = room_word(&rest);
    (void)name; /* the administrator's name stands, whatever the client said */
    snprintf(out, sizeof out, "hello %s %s %s", ver, g->player, rest);
    size_t ol = strlen(out);
    while (ol && (out[ol - 1] == '\n' || out[ol - 1] == '\r' || out[ol - 1] == ' ')) out[--ol] = 0;
    out[ol++] = '\n';
    return write_all(sock, out, ol);
}

static bool to_room(HelloGate *g, int sock, const char *data, size_t n)
{
    if (!g->player) return write_all(sock, data, n);
    for (size_t i = 0; i < n; i++) {
        if (g->long_line) {
            const char *nl = memchr(data + i, '\n', n - i);
            size_t upto = nl ? (size_t)(nl - data) + 1 : n;
            if (!write_all(sock, data + i, upto - i)) return false;
            g->long_line = !nl;
            i = upto - 1;
            continue;
        }
        g->line[g->len++] = data[i];
        if (data[i] == '\n') {
            if (!line_to_room(g, sock)) return false;
        } else if (g->len >= sizeof g->line - 1) { /* longer than the room takes: no hello */
            if (!write_all(sock, g->line, g->len)) return false;
            g->len = 0;
            g->long_line = true;
        }
    }
    return true;
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
    int sock = room_connect_here(o->dir, t.room, t.has_variant ? t.variant : NULL, &o->clock,
                                 o->ai_seconds, err, sizeof err);
    if (sock < 0) {
        /* the client reads the protocol: say it as the room would */
        printf("bye %s\n", err);
        fflush(stdout);
        fprintf(stderr, "cellmate: %s\n", err);
        return 1;
    }
    HelloGate gate = {o->player, false, {0}, 0};
    struct pollfd pf[2] = {{STDIN_FILENO, POLLIN, 0}, {sock, POLLIN, 0}};
    char buf[4096];
    bool in_open = true;
    for (;;) {
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
    close(sock);
    return 0;
}
