/* server.c — a room's server (see server.h and cellmate-room(5)): the connections and the
 * loop. One poll() over the listening socket, the clients and the computer's pipe; every
 * socket non-blocking. Each client is a Conn with a line reader and an output queue;
 * nothing a client sends can block the loop, grow memory without bound or reach the game
 * except through the table's checks (table.c). The record is saved after every change, so a
 * server killed at any moment loses nothing: the next one starts from the record, seats and
 * clocks included. */
#define _GNU_SOURCE /* accept4, pipe2, SO_PEERCRED's struct ucred */
#include "room/server_int.h"

#include "room/dir.h"
#include "room/keep.h"
#include "room/quota.h"
#include "fileio.h"
#include "lockfile.h"
#include "number.h"
#include "proctitle.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/sockios.h> /* SIOCOUTQ */
#include <sys/prctl.h>
#endif

static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

/* --- output ---------------------------------------------------------------------------------- */

void conn_send(Conn *c, const char *fmt, ...)
{
    char line[ROOM_EVENT_MAX + 2];
    if (c->dead || c->closing) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, ROOM_EVENT_MAX + 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > ROOM_EVENT_MAX) n = ROOM_EVENT_MAX;
    line[n++] = '\n';
    if (c->outlen + (size_t)n > OUT_MAX + c->excused) {
        c->dead = true; /* it reads nothing: it is not worth memory */
        return;
    }
    if (c->outlen + (size_t)n > c->outcap) {
        size_t nc = c->outcap ? c->outcap : 4096;
        while (nc < c->outlen + (size_t)n) nc *= 2;
        char *no = realloc(c->out, nc);
        if (!no) {
            c->dead = true;
            return;
        }
        c->out = no;
        c->outcap = nc;
    }
    memcpy(c->out + c->outlen, line, (size_t)n);
    c->outlen += (size_t)n;
}

/* A last line, then the connection closes. */
void conn_bye(Conn *c, const char *why)
{
    conn_send(c, "bye %s", why);
    if (!c->closing) c->closing_since = steady_now();
    c->closing = true;
}

static void flush(Conn *c)
{
    while (c->outlen && !c->dead) {
        ssize_t w = send(c->fd, c->out, c->outlen, MSG_NOSIGNAL);
        if (w < 0) {
            if (errno == EINTR) continue;
            if (errno != EAGAIN && errno != EWOULDBLOCK) c->dead = true;
            return;
        }
        memmove(c->out, c->out + w, c->outlen - (size_t)w);
        c->outlen -= (size_t)w;
        c->excused -= (size_t)w < c->excused ? (size_t)w : c->excused;
    }
    if (c->closing && !c->outlen) c->dead = true;
}

static void send_all_but(Server *sv, const Conn *but, const char *fmt, va_list ap)
{
    char line[ROOM_EVENT_MAX + 1];
    vsnprintf(line, sizeof line, fmt, ap);
    EACH_CLIENT(sv, c) if (c != but) conn_send(c, "%s", line);
}

void room_broadcast(Server *sv, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    send_all_but(sv, NULL, fmt, ap);
    va_end(ap);
}

void room_tell_others(Server *sv, const Conn *but, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    send_all_but(sv, but, fmt, ap);
    va_end(ap);
}

/* --- the room's state as events ----------------------------------------------------------------
 */

void conn_strike(Conn *c)
{
    if (++c->strikes >= STRIKES_MAX) conn_bye(c, "too many bad lines");
}

static const char room_full[] = "bye the room is full\n";

static void drop(Server *sv, int i);

/* Connections without a hello held by c's user, or by c's process (same_process). */
static int held_by(const Server *sv, const Conn *c, bool same_process)
{
    int n = 0;
    for (int i = 0; i < sv->nconn; i++) {
        const Conn *o = sv->conn[i];
        n += o->state == CONN_NEW && o->uid == c->uid && (!same_process || o->pid == c->pid);
    }
    return n;
}

/* A connection that has not said hello, to make room for a newcomer (who may be a player
 * coming back, or one taking an empty seat), rather than the newcomer being turned away by
 * connections that never say who they are. It is the flood's: of the user holding the most
 * connections without a hello, of that user's process holding the most, the one that has
 * waited longest. A player holds one connection, and says hello at once (it is read before
 * the next newcomer is taken), so strangers opening connection after connection, from one
 * process or as another user, lose theirs first. -1 when every one but `except` (the
 * newcomer itself) has said hello, or is going already. */
static int oldest_new(const Server *sv, const Conn *except)
{
    int victim = -1, by_user = 0, by_process = 0;
    for (int i = 0; i < sv->nconn; i++) {
        const Conn *c = sv->conn[i];
        if (c->state != CONN_NEW || c == except || c->dead) continue;
        int u = held_by(sv, c, false), p = held_by(sv, c, true);
        if (victim < 0 || u > by_user || (u == by_user && p > by_process) ||
            (u == by_user && p == by_process && c->since < sv->conn[victim]->since))
            victim = i, by_user = u, by_process = p;
    }
    return victim;
}

static void say_full(int fd)
{
    ssize_t w = send(fd, room_full, sizeof room_full - 1, MSG_NOSIGNAL);
    (void)w;
}

bool room_make_room(Server *sv, const Conn *c)
{
    int live = 0;
    for (int i = 0; i < sv->nconn; i++) live += !sv->conn[i]->dead;
    /* (marked, not dropped: the loop that read c's hello goes on over the connections) */
    for (int v; live > ROOM_MAX_CLIENTS && (v = oldest_new(sv, c)) >= 0; live--) {
        say_full(sv->conn[v]->fd);
        sv->conn[v]->dead = true;
    }
    return live <= ROOM_MAX_CLIENTS;
}

static void accept_client(Server *sv)
{
    int fd = accept4(sv->listen_fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
        close(fd);
        return;
    }
    /* every slot is taken: one closed in this round makes room, else one without a hello */
    if (sv->nconn == ROOM_CONN_SLOTS) {
        int victim = -1;
        for (int i = 0; i < sv->nconn && victim < 0; i++)
            if (sv->conn[i]->dead) victim = i;
        if (victim < 0 && (victim = oldest_new(sv, NULL)) >= 0) say_full(sv->conn[victim]->fd);
        if (victim < 0) {
            say_full(fd);
            close(fd);
            return;
        }
        drop(sv, victim);
    }
    Conn *c = calloc(1, sizeof *c);
    if (!c || !linereader_init(&c->in, ROOM_REQUEST_MAX)) {
        free(c);
        close(fd);
        return;
    }
    c->fd = fd;
    c->uid = cred.uid;
    c->pid = cred.pid;
    c->seat = -1;
    c->since = c->tokens_at = steady_now();
    c->tokens = LINES_BURST;
    sv->conn[sv->nconn++] = c;
    conn_send(c, "cellmate-room %d %s", ROOM_PROTO_VERSION, sv->opt.room);
}

/* Who is in the room now, for the count of its opener's open rooms (a room a restricted
 * player opened: quota.h). */
static void presence(Server *sv)
{
    const char *names[ROOM_CONN_SLOTS];
    int n = 0;
    if (!sv->opt.restricted) return;
    EACH_CLIENT(sv, c) names[n++] = c->name;
    room_quota_presence(sv->opt.dir, sv->opt.room, names, n);
}

static void drop(Server *sv, int i)
{
    Conn *c = sv->conn[i];
    sv->conn[i] = sv->conn[--sv->nconn];
    table_left(sv, c);
    if (c->state != CONN_NEW) presence(sv);
    close(c->fd);
    linereader_free(&c->in);
    free(c->out);
    free(c);
}

/* Whether the client has not yet read all that it was sent: lines still in its queue here,
 * or bytes in the socket that it has not taken (SIOCOUTQ: on a Unix-domain socket, what the
 * other end has not read yet). The queue here alone would not do: it fills only once the
 * socket's buffer is full, hundreds of answers after a client stopped reading. */
static bool unread_output(const Conn *c)
{
#ifdef SIOCOUTQ
    int queued = 0;
    return c->outlen || ioctl(c->fd, SIOCOUTQ, &queued) != 0 || queued > 0;
#else
    (void)c;
    return true; /* no way to tell: every line is charged, as a flood's would be */
#endif
}

/* The flood limit, for a request of this kind just read (REQ_BAD for a line refused
 * whole, too long or with control bytes): false when the client is flooding. Every request
 * is answered (ok, error, pong or its events), so a client that waits for its answers has
 * read everything before its next line comes; such a line costs nothing, however many
 * follow (a script playing a long game line by line, as fast as the room answers, is
 * never cut off), unless the others hear of it (room_request_heard_by_all). Any other line costs a
 * token from a bucket of LINES_BURST, refilled at LINES_PER_SEC: one that comes while the client's
 * answers are still unread was written without waiting. A burst of lines read at once is charged
 * from its second line on (the first one's answer is queued by then; a sync waiting for its
 * turn, table.c, is an answer unread), and a client that writes
 * without reading pays for every line: both are cut off as they always were. */
static bool within_rate(Conn *c, enum room_request kind)
{
    double now = steady_now();
    c->tokens += (now - c->tokens_at) * LINES_PER_SEC;
    if (c->tokens > LINES_BURST) c->tokens = LINES_BURST;
    c->tokens_at = now;
    if (!unread_output(c) && !c->syncs_due && !room_request_heard_by_all(kind)) return true;
    return --c->tokens >= 0;
}

static void read_client(Server *sv, Conn *c)
{
    size_t room;
    char *at = linereader_space(&c->in, &room);
    ssize_t n = room ? recv(c->fd, at, room, 0) : 0;
    if (n == 0 && room) {
        c->dead = true; /* the other end closed */
        return;
    }
    if (n < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) c->dead = true;
        return;
    }
    linereader_added(&c->in, (size_t)n);
    char line[ROOM_REQUEST_MAX + 1];
    for (;;) {
        if (c->dead || c->closing) return;
        enum line_status st = linereader_next(&c->in, line);
        if (st == LINE_NONE) return;
        if (st == LINE_GARBAGE) {
            conn_bye(c, "garbage");
            return;
        }
        /* parsed once: the flood limit and the table both go by this request */
        RoomRequest rq = {.kind = REQ_BAD};
        if (st == LINE_OK) room_parse_request(line, &rq);
        if (!within_rate(c, rq.kind)) {
            conn_bye(c, "too many lines at once");
            return;
        }
        if (st == LINE_TOO_LONG) {
            conn_send(c, "error a line is at most %d bytes", ROOM_REQUEST_MAX);
            conn_strike(c);
        } else if (st == LINE_CONTROL) {
            conn_send(c, "error control characters in a line");
            conn_strike(c);
        } else {
            table_request(sv, c, &rq);
            if (rq.kind == REQ_HELLO) presence(sv);
        }
    }
}

/* --- start and loop ----------------------------------------------------------------------------
 */

enum ready_kind { READY_OK, READY_LEAVES, READY_ERROR };

/* Tell whoever started the server how its start went: the handshake line on the ready pipe
 * ("ok", "ok: WHY", "error: WHY") and the same in words in the log (or on the terminal of
 * --serve-room). why: NULL with READY_OK. */
static void ready(Server *sv, enum ready_kind kind, const char *fmt, ...)
{
    char why[ROOM_PATH_MAX + 880] = "";
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why, sizeof why, fmt, ap);
        va_end(ap);
    }
    if (sv->opt.ready_fd >= 0) {
        char line[sizeof why + 16];
        int n = kind == READY_OK ? snprintf(line, sizeof line, "ok\n")
                                 : snprintf(line, sizeof line, "%s: %s\n",
                                            kind == READY_LEAVES ? "ok" : "error", why);
        ssize_t w = write(sv->opt.ready_fd, line, (size_t)n);
        (void)w;
        close(sv->opt.ready_fd);
        sv->opt.ready_fd = -1;
    }
    if (kind == READY_OK)
        room_log("the room's server is ready");
    else if (kind == READY_LEAVES)
        room_log("%s; this server leaves", why);
    else
        room_log("the room's server cannot start: %s", why);
}

static int listen_on(Server *sv, char *err, int errlen)
{
    struct sockaddr_un sa;
    memset(&sa, 0, sizeof sa);
    sa.sun_family = AF_UNIX;
    if (snprintf(sa.sun_path, sizeof sa.sun_path, "%s", sv->sock) >= (int)sizeof sa.sun_path) {
        snprintf(err, errlen, "%s: too long for a socket (at most %zu bytes)", sv->sock,
                 sizeof sa.sun_path - 1);
        return -1;
    }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    unlink(sv->sock); /* a socket left by a server that was killed: we hold the room's lock */
    int rc = bind(fd, (struct sockaddr *)&sa, sizeof sa); /* the umask is the room's */
    if (rc != 0 || listen(fd, 16) != 0) {
        snprintf(err, errlen, "%s: %s", sv->sock, strerror(errno));
        close(fd);
        return -1;
    }
    chmod(sv->sock, sv->mode);
    return fd;
}

/* The room's lock: NAME.pid, locked while the server runs, holding its PID. */
static int take_lock(Server *sv, char *err, int errlen, bool *held)
{
    char path[ROOM_PATH_MAX];
    *held = false;
    if (!room_file(sv->opt.dir, sv->opt.room, "pid", path, sizeof path)) {
        snprintf(err, errlen, "%s: path too long", sv->opt.dir);
        return -1;
    }
    /* (a room that makes way, room_remove, removes it as it holds it) */
    bool locked;
    int fd = lockfile_take(path, sv->mode, &locked);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    if (!locked) {
        *held = true;
        close(fd);
        return -1;
    }
    char pid[32];
    int n = snprintf(pid, sizeof pid, "%ld\n", (long)getpid());
    if (ftruncate(fd, 0) != 0 || write(fd, pid, (size_t)n) != n) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

/* Not a player's client in ps (a server started by one is forked from it, and would show
 * its command line): "cellmate: room NAME server", and the name cellmate-room (ps -o comm,
 * top; at most 15 bytes). */
static void set_title(const char *room)
{
    char title[ROOM_ROOM_MAX + 32];
    snprintf(title, sizeof title, "cellmate: room %s server", room);
    proctitle_set(title);
#ifdef __linux__
    prctl(PR_SET_NAME, "cellmate-room", 0, 0, 0);
#endif
}

/* A start that failed before the room was made (it had no record) leaves none of its files:
 * else every new name tried with a variant that does not open left its lock, its log and a
 * 64 KB copy behind, counted in nobody's rooms (quota.h), so that a stranger on a public
 * login could fill the disk one name after another. Called holding the room's locks, whose
 * files go last (lockfile_take takes a lock on a file unlinked meanwhile again). */
static void unmake(const Server *sv, bool keep_locked)
{
    const char *keep = sv->opt.keep;
    const struct {
        const char *dir, *ext;
    } files[] = {{keep, "log"},
                 {sv->opt.dir, "sock"},
                 {keep, keep_locked ? "lock" : NULL},
                 {sv->opt.dir, "pid"}};
    char path[ROOM_PATH_MAX];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (files[i].ext && room_file(files[i].dir, sv->opt.room, files[i].ext, path, sizeof path))
            unlink(path);
}

static double idle_limit(const RoomServerOptions *o)
{
    const char *env = getenv("CELLMATE_ROOM_IDLE");
    if (env && *env) {
        double v;
        if (number_parse_decimal(env, 0, 86400, 3, &v)) return v;
    }
    return o->idle_seconds > 0 ? o->idle_seconds : ROOM_IDLE_SECONDS;
}

/* new_wait: until the next game offered may begin by itself (negative: never). */
static int poll_timeout(Server *sv, double now, double new_wait)
{
    double t = 1.0;
    if (new_wait >= 0 && new_wait < t) t = new_wait;
    long flag = clock_until_flag(&sv->s.clock, now);
    if (flag >= 0 && flag / 1000.0 < t) t = flag / 1000.0 + 0.001;
    if (!sv->nconn && sv->idle_since + sv->idle_seconds - now < t)
        t = sv->idle_since + sv->idle_seconds - now;
    for (int i = 0; i < sv->nconn; i++) /* a sync waiting for its time */
        if (sv->conn[i]->syncs_due && sv->conn[i]->state_at + SYNC_SECONDS - now < t)
            t = sv->conn[i]->state_at + SYNC_SECONDS - now;
    return t > 0 ? (int)(t * 1000) + 1 : 0;
}

static void serve_loop(Server *sv)
{
    struct pollfd pf[ROOM_CONN_SLOTS + 2];
    while (!stop_signal) {
        double now = steady_now();
        if (sv->nconn) sv->idle_since = now;
        if (!sv->nconn && now - sv->idle_since >= sv->idle_seconds) break;
        double new_wait = table_new_due(sv, now); /* (its events are flushed below) */
        pf[0] = (struct pollfd){sv->listen_fd, POLLIN, 0};
        pf[1] = (struct pollfd){sv->ai_pipe[0], POLLIN, 0};
        for (int i = 0; i < sv->nconn; i++) {
            Conn *c = sv->conn[i];
            pf[i + 2] = (struct pollfd){
                c->fd, (short)((c->closing ? 0 : POLLIN) | (c->outlen ? POLLOUT : 0)), 0};
        }
        int nfds = sv->nconn + 2, n = sv->nconn;
        if (poll(pf, (nfds_t)nfds, poll_timeout(sv, now, new_wait)) < 0 && errno != EINTR) break;
        for (int i = 0; i < n; i++) {
            Conn *c = sv->conn[i];
            if (pf[i + 2].revents & (POLLIN | POLLHUP | POLLERR)) read_client(sv, c);
        }
        if (pf[1].revents & POLLIN) computer_done(sv);
        if (pf[0].revents & POLLIN) accept_client(sv);
        now = steady_now();
        if (clock_flag(&sv->s.clock, now) >= 0) table_flag(sv);
        for (int i = sv->nconn - 1; i >= 0; i--) {
            Conn *c = sv->conn[i];
            if (c->state == CONN_NEW && !c->closing && now - c->since > HELLO_SECONDS)
                conn_bye(c, "no hello");
            table_syncs_due(sv, c, now);
            flush(c);
            /* a client told bye that never reads it would hold its slot, and the room open,
             * for as long as it liked: nothing more is queued for it, so it never reaches
             * OUT_MAX, and the name it watched under is free again for its next connection */
            if (c->closing && now - c->closing_since > BYE_SECONDS) c->dead = true;
            if (c->dead) drop(sv, i);
        }
        /* everyone has been told: now the record, whose copy already holds the change */
        if (sv->record_due) table_save_now(sv);
        /* lines queued by drops are written on the next round */
    }
}

/* Where the room's records are kept: o->keep, or the room directory when none is given. */
static const char *keep_dir(const RoomServerOptions *o)
{
    return o->keep ? o->keep : o->dir;
}

int room_serve(const RoomServerOptions *o)
{
    Server *sv = calloc(1, sizeof *sv);
    char err[ROOM_PATH_MAX + 800];
    bool held;
    if (!sv) return 1;
    sv->opt = *o;
    const char *keep = sv->opt.keep = keep_dir(o);
    sv->listen_fd = sv->ai_pipe[0] = sv->ai_pipe[1] = sv->wal.fd = -1;
    sv->mode = room_file_mode(o->dir);
    /* every file of the room (lock, record, socket) gets the room's mode, whatever the
     * starter's umask: in a group's directory another member must be able to take the lock
     * and save the record when it starts the room again */
    umask(0777 & ~sv->mode);
    sv->idle_seconds = idle_limit(o);
    int status = 1, lock = -1, keep_lock = -1;
    bool unmade = false; /* the room has no record: this start makes it */
    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    if (!room_valid_room(o->room)) {
        ready(sv, READY_ERROR, "'%s' is not a room's name", o->room);
        goto out;
    }
    set_title(o->room);
    if (!room_file(keep, o->room, "pgn", sv->record, sizeof sv->record) ||
        !room_file(o->dir, o->room, "sock", sv->sock, sizeof sv->sock)) {
        ready(sv, READY_ERROR, "%s: path too long", o->dir);
        goto out;
    }
    lock = take_lock(sv, err, sizeof err, &held);
    if (lock < 0) {
        if (held) status = 0;
        if (held)
            ready(sv, READY_LEAVES, "another server runs the room");
        else
            ready(sv, READY_ERROR, "%s", err);
        goto out;
    }
    if (!room_keep_lock(o->dir, keep, o->room, sv->mode, &keep_lock, err, sizeof err)) {
        ready(sv, READY_ERROR, "%s", err); /* (no record touched, nor the log trimmed) */
        goto out_lock;
    }
    room_log_own();
    /* a room an earlier cellmate kept in the room directory, where it would not last */
    bool moved;
    if (!room_keep_move(o->dir, keep, o->room, &moved, err, sizeof err)) {
        ready(sv, READY_ERROR, "%s", err);
        goto out_lock;
    }
    if (moved) room_log("room %s: its games were moved from %s to %s", o->room, o->dir, keep);
    if (room_keep_old_stays(o->dir, keep, o->room, err, sizeof err)) room_log("%s", err);
    /* what servers killed while they wrote a record left behind, this room's or another's */
    fileio_remove_stale_temps(keep, ".tmp.", NULL);
    /* a change a killed server had made durable, but not yet saved in the record */
    bool finished;
    if (!room_file(keep, o->room, "wal", sv->walpath, sizeof sv->walpath) ||
        !wal_recover(sv->walpath, sv->record, sv->mode, &finished, err, sizeof err)) {
        ready(sv, READY_ERROR, "%s", err);
        goto out_lock;
    }
    if (finished) room_log("room %s: the last change was saved from %s", o->room, sv->walpath);
    if (room_archive_recover(keep, o->room, err, sizeof err))
        room_log("room %s: %s was its record still (a server stopped as it began the next game): "
                 "removed, the record keeps the game",
                 o->room, err);
    unmade = access(sv->record, F_OK) != 0;
    if (!wal_open(&sv->wal, sv->walpath, err, sizeof err))
        room_log("room %s: %s; the record is saved before every event instead", o->room, err);
    if (!table_open(sv, err, sizeof err)) {
        ready(sv, READY_ERROR, "%s", err);
        goto out_lock;
    }
    if (pipe2(sv->ai_pipe, O_CLOEXEC) != 0 ||
        (sv->listen_fd = listen_on(sv, err, sizeof err)) < 0) {
        ready(sv, READY_ERROR, "%s", sv->listen_fd < 0 ? err : strerror(errno));
        goto out_game;
    }
    if (!table_all_seated(sv)) clock_stop(&sv->s.clock, steady_now());
    table_save_now(sv);
    room_log("room %s: serving %s (pid %ld)", o->room, sv->s.v->name, (long)getpid());
    ready(sv, READY_OK, NULL);
    sv->idle_since = steady_now();
    computer_turn(sv);
    serve_loop(sv);
    computer_stop(sv);
    /* the copy goes once the record holds everything */
    wal_close(&sv->wal, sv->walpath, table_save_now(sv));
    room_log("room %s: %s", o->room, stop_signal ? "stopped by a signal" : "idle, leaving");
    status = 0;
    unlink(sv->sock);
    for (int i = 0; stop_signal && i < sv->nconn; i++) {
        /* stopped on purpose: a bye, so that screens do not start the room again */
        conn_bye(sv->conn[i], "the room's server was stopped");
        flush(sv->conn[i]);
    }
    /* the room closes for all at once: nobody is told of the others leaving after its bye */
    for (int i = 0; i < sv->nconn; i++) sv->conn[i]->state = CONN_NEW;
    while (sv->nconn) drop(sv, sv->nconn - 1);
    presence(sv); /* nobody: held by nobody else */
out_game:
    if (sv->listen_fd >= 0) close(sv->listen_fd);
    if (sv->ai_pipe[0] >= 0) close(sv->ai_pipe[0]), close(sv->ai_pipe[1]);
    engine_free(sv->engine);
    session_close(&sv->s);
out_lock:
    unmade = unmade && status != 0;
    wal_close(&sv->wal, sv->walpath, unmade);
    if (unmade) unmake(sv, keep_lock >= 0);
    if (keep_lock >= 0) close(keep_lock);
    close(lock);
out:
    if (sv->opt.ready_fd >= 0) close(sv->opt.ready_fd);
    free(sv);
    return status;
}

bool room_start_server(const RoomServerOptions *o, bool *ours, char *err, int errlen)
{
    if (ours) *ours = false;
    char log[ROOM_PATH_MAX];
    int p[2];
    if (!room_file(keep_dir(o), o->room, "log", log, sizeof log)) {
        snprintf(err, errlen, "%s: path too long", o->dir);
        return false;
    }
    if (pipe2(p, O_CLOEXEC) != 0) {
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    fflush(NULL);
    pid_t child = fork();
    if (child < 0) {
        snprintf(err, errlen, "fork: %s", strerror(errno));
        close(p[0]);
        close(p[1]);
        return false;
    }
    if (child == 0) {
        /* detached: a session of its own, no terminal, its messages in the room's log */
        close(p[0]);
        setsid();
        pid_t server = fork();
        if (server != 0) _exit(server < 0);
        int null = open("/dev/null", O_RDWR | O_CLOEXEC);
        umask(0777 & ~room_file_mode(o->dir));
        int logfd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW,
                         room_file_mode(o->dir));
        if (null >= 0) dup2(null, 0), dup2(null, 1);
        dup2(logfd >= 0 ? logfd : null, 2);
        if (chdir("/") != 0) _exit(1);
        if (logfd >= 0) room_log_file(log); /* (bounded as it grows) */
        RoomServerOptions so = *o;
        so.ready_fd = p[1];
        _exit(room_serve(&so));
    }
    close(p[1]);
    int st;
    waitpid(child, &st, 0);
    char text[800];
    size_t n = 0;
    struct pollfd pf = {p[0], POLLIN, 0};
    double until = steady_now() + ROOM_START_SECONDS;
    while (n + 1 < sizeof text && steady_now() < until) {
        if (poll(&pf, 1, 100) <= 0) continue;
        ssize_t r = read(p[0], text + n, sizeof text - 1 - n);
        if (r <= 0) break;
        n += (size_t)r;
    }
    close(p[0]);
    text[n] = 0;
    text[strcspn(text, "\n")] = 0;
    if (!strncmp(text, "ok", 2)) {
        if (ours) *ours = !text[2]; /* "ok: ..." when another server holds the room */
        return true;
    }
    snprintf(err, errlen, "the room's server did not start: %s",
             !strncmp(text, "error: ", 7) ? text + 7
             : n                          ? text
                                          : "no answer (see its log)");
    return false;
}
