/* list.c — cellmate --rooms: every room of the room directory in a line, sorted by name
 * (numbers by value). A running room is asked (the protocol's info request, without
 * joining); a room whose server has left is read from its record. Other games saved in the
 * directory are no rooms, and are left out. */
#include "level.h"
#include "notation.h"
#include "room/describe.h"
#include "room/dir.h"
#include "room/keep.h"
#include "room/proto.h"
#include "room/room.h"
#include "safe_text.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#define ASK_SECONDS 3

/* The running room's own line; false when it does not answer in time. */
static bool ask(const char *dir, const char *room, char *out, size_t len)
{
    char err[600], buf[ROOM_EVENT_MAX + 2];
    int fd = room_connect(dir, room, err, sizeof err);
    if (fd < 0) return false;
    static const char req[] = "info\nquit\n";
    bool ok = send(fd, req, sizeof req - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof req - 1);
    size_t n = 0;
    double until = steady_now() + ASK_SECONDS;
    while (ok && n + 1 < sizeof buf && steady_now() < until) {
        struct pollfd pf = {fd, POLLIN, 0};
        if (poll(&pf, 1, 100) <= 0) continue;
        ssize_t r = recv(fd, buf + n, sizeof buf - 1 - n, 0);
        if (r <= 0) break;
        n += (size_t)r;
        buf[n] = 0;
        if (strstr(buf, "\nok\n")) break;
    }
    close(fd);
    buf[n] = 0;
    char *line = strstr(buf, "\ninfo ");
    if (!line) return false;
    line += 6;
    line[strcspn(line, "\n")] = 0;
    room_clean_text(line, out, len);
    return true;
}

/* A room whose server is not running: its record, at path. */
static bool from_record(const char *path, const char *room, char *out, size_t len)
{
    char err[800];
    Session s;
    if (!session_open_record(&s, path, err, sizeof err)) {
        snprintf(out, len, "%s: unreadable record (%s)", room, err);
        return true;
    }
    const char *names[MAX_PLAYERS], *states[MAX_PLAYERS];
    unsigned standing = room_stand_in_sides(s.v, game_tag(&s.game, "RoomStandIn"));
    for (int p = 0; p < s.v->nplayers; p++) {
        const char *tag = game_tag(&s.game, s.v->player_name[p]);
        bool seated = tag && strcmp(tag, "?"), computer = seated && level_from_player_name(tag);
        /* the computer at any level is named as a running room's seat names it; a player's
         * seat it plays for them while they are away, as "ai" with their name */
        bool stand_in = seated && !computer && (standing & (1u << p));
        names[p] = computer ? COMPUTER_NAME : seated ? tag : "-";
        states[p] = room_seat_word(!seated                ? SEAT_STATE_EMPTY
                                   : computer || stand_in ? SEAT_STATE_AI
                                                          : SEAT_STATE_AWAY);
    }
    room_describe(out, len, room, &s, names, states, -1);
    session_close(&s);
    return true;
}

/* Names as a person reads them, numbers by their value (spam2 before spam10), as the moves
 * command orders moves; names that read the same (spam02, spam2) in byte order. */
static int by_name(const void *a, const void *b)
{
    const char *x = *(char *const *)a, *y = *(char *const *)b;
    int d = move_text_cmp(x, y);
    return d ? d : strcmp(x, y);
}

/* Whether the file at path is a room's record rather than any game saved there (a room
 * directory may be shared, such as /tmp): a room's server writes the RoomUsers tag into
 * its record at every save, and nothing else does (a client's own copy of the record leaves
 * it out). Only the tags at the top are read, from a regular file (never a FIFO that would
 * hold the listing up). */
static bool room_record(const char *path)
{
    char line[256];
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0) return false;
    FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
    if (!f) {
        close(fd);
        return false;
    }
    bool found = false, line_start = true;
    while (!found && fgets(line, sizeof line, f)) {
        if (line_start) {
            if (line[0] != '[' && line[strspn(line, " \t\r\n")]) break; /* the moves begin */
            found = !strncmp(line, "[RoomUsers ", 11);
        }
        line_start = strchr(line, '\n') != NULL; /* (a long tag's rest is no line of its own) */
    }
    fclose(f);
    return found;
}

#define ROOMS_LISTED 1024

/* The rooms whose records are in directory `scan` (keep, or the room directory run, where an
 * earlier cellmate kept them), each once, added to names. False when it cannot be read. */
static bool rooms_in(const char *scan, const char *run, const char *keep, char **names, int *n)
{
    DIR *d = opendir(scan);
    if (!d) return false;
    for (struct dirent *e; (e = readdir(d)) && *n < ROOMS_LISTED;) {
        size_t l = strlen(e->d_name);
        char room[ROOM_ROOM_MAX + 2], path[ROOM_PATH_MAX];
        if (l < 5 || strcmp(e->d_name + l - 4, ".pgn") || l - 4 > ROOM_ROOM_MAX) continue;
        snprintf(room, sizeof room, "%.*s", (int)(l - 4), e->d_name);
        /* finished games kept as NAME.N.pgn are not rooms: a room's name has no '.'; nor
         * is another game saved in the directory: a room is served, or has a room's record */
        if (!room_valid_room(room) || !room_record_file(run, keep, room, path, sizeof path) ||
            !(room_server_pid(run, room) || room_record(path)))
            continue;
        bool seen = false;
        for (int i = 0; i < *n && !seen; i++) seen = !strcmp(names[i], room);
        if (!seen && (names[*n] = strdup(room))) (*n)++;
    }
    closedir(d);
    return true;
}

int room_list_main(const RoomOptions *o)
{
    char dir[ROOM_PATH_MAX], keep[ROOM_PATH_MAX], err[3 * ROOM_PATH_MAX];
    if (!room_dir(o->dir, dir, sizeof dir, err, sizeof err) ||
        !room_keep_dir(o->dir, dir, keep, sizeof keep, err, sizeof err)) {
        fprintf(stderr, "cellmate: %s\n", err);
        return 2;
    }
    char *names[ROOMS_LISTED];
    int n = 0;
    const char *unread = !rooms_in(keep, dir, keep, names, &n)                       ? keep
                         : strcmp(dir, keep) && !rooms_in(dir, dir, keep, names, &n) ? dir
                                                                                     : NULL;
    if (unread) {
        fprintf(stderr, "cellmate: %s: cannot read it\n", unread);
        for (int i = 0; i < n; i++) free(names[i]);
        return 2;
    }
    qsort(names, (size_t)n, sizeof names[0], by_name);
    if (!n) safe_printf(stdout, "no rooms in %s\n", keep);
    for (int i = 0; i < n; i++) {
        char line[ROOM_EVENT_MAX] = "", path[ROOM_PATH_MAX];
        if (!(room_server_pid(dir, names[i]) && ask(dir, names[i], line, sizeof line)) &&
            room_record_file(dir, keep, names[i], path, sizeof path))
            from_record(path, names[i], line, sizeof line);
        safe_printf(stdout, "%s\n", line); /* a record's tags and moves are anyone's text */
        if (room_keep_old_stays(dir, keep, names[i], err, sizeof err)) {
            fflush(stdout); /* (after its room's line) */
            fprintf(stderr, "cellmate: %s\n", err);
        }
        free(names[i]);
    }
    return 0;
}
