/* join.c — cellmate --room and --serve-room: a player's way into a room (the screen, or the
 * scripted mode when standard input is not a terminal or with --batch), and an
 * administrator's way to run a room's server in the foreground. */
#include "room/client.h"
#include "room/dir.h"
#include "room/keep.h"
#include "room/room.h"
#include "variant_default.h"
#include "room/script.h"
#include "room/server.h"
#include "paths.h"
#include "safe_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define JOINED_MAX 1024

/* What the room says while joining: printed as the scripted mode prints the room's events,
 * or kept for the screen's first message. */
static void say_joining(RoomClient *c, const char *text, bool error)
{
    if (c->user) {
        char *kept = c->user;
        size_t n = strlen(kept);
        snprintf(kept + n, JOINED_MAX - n, "%s\n", text);
    } else if (error)
        safe_printf(stderr, "cellmate: %s\n", text);
    else
        safe_printf(stdout, "%s\n", text);
    fflush(stdout);
}

/* After the screen, as a local game says where it is kept: the way back to the seat, which
 * stays the player's (on a public login the way in is the administrator's, not a command). */
static void say_left(const RoomOptions *o, const Session *s)
{
    char cmd[3 * ROOM_PATH_MAX], word[ROOM_PATH_MAX + 8];
    /* each option the way back needs, and the word it takes (NULL: not needed) */
    const char *parts[][2] = {
        {"--room", o->room}, {"--room-dir", o->dir}, {"--name", o->name}, {"--ssh", o->ssh}};
    bool ok = s->seat >= 0 && !s->game.result.over && !o->restricted;
    size_t n = (size_t)snprintf(cmd, sizeof cmd, "cellmate");
    for (size_t i = 0; ok && i < sizeof parts / sizeof parts[0]; i++) {
        if (!parts[i][1]) continue;
        ok =
            shell_word(parts[i][1], word, sizeof word) &&
            (size_t)snprintf(cmd + n, sizeof cmd - n, " %s %s", parts[i][0], word) < sizeof cmd - n;
        if (ok) n += strlen(cmd + n);
    }
    if (!ok) { /* no command that surely comes back: the plain words */
        safe_printf(stdout, "You left room %s.\n", o->room);
        return;
    }
    safe_printf(stdout, "You left room %s, where you play %s; %s takes your seat back.\n", o->room,
                s->v->player_name[s->seat], cmd);
}

int room_join_main(const RoomOptions *o)
{
    RoomTarget t;
    char err[ROOM_WHY_MAX]; /* (a room's refusal, whole) */
    if (!room_parse_target(o->room, &t, err, sizeof err)) {
        safe_printf(stderr, "cellmate: --room %s\n", err);
        return 2;
    }
    if (o->variant && !room_valid_variant(o->variant)) {
        safe_printf(stderr, "cellmate: '%s': a room's variant is a variant's name, never a path\n",
                    o->variant);
        return 2;
    }
    /* the session starts with the variant asked for (or the default one), until the room's
     * arrives */
    Session s;
    char def[MAX_NAME] = "";
    if (!o->variant && !variant_default_name(def, sizeof def)) {
        safe_printf(stderr, "cellmate: no variant is installed\n");
        return 2;
    }
    if (!session_open(&s, o->variant ? o->variant : def, NULL, err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
        return 2;
    }
    s.restricted = o->restricted; /* save by plain name in the player's directory, and so on */
    s.ai = o->ai; /* hint and analyse think here, as the player asked (as outside rooms) */
    RoomJoinOptions jo = {o->dir,
                          o->variant,
                          o->player ? o->player : o->name,
                          o->seat,
                          o->ssh,
                          o->clock,
                          o->ai_seconds,
                          o->level,
                          0,
                          o->restricted ? o->player : NULL};
    if (!jo.ssh) jo.ssh = getenv("CELLMATE_SSH");
    RoomClient c;
    char joined[JOINED_MAX] = "";
    bool on_screen = o->screen && !o->batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    memset(&c, 0, sizeof c);
    c.notify = say_joining;
    c.user = on_screen ? joined : NULL;
    if (!room_client_join(&c, &s, &t, &jo, err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
        session_close(&s);
        return 2;
    }
    int rc = on_screen ? o->screen(&c, &s, o->ascii, joined) : -1;
    if (rc < 0) { /* no screen: what was said while joining, then the script */
        fputs(joined, stdout);
        rc = room_script_run(&c, stdin);
    } else if (c.closed) {
        safe_printf(stderr, "cellmate: %s\n", c.why[0] ? c.why : "the room closed the connection");
        rc = 1;
    } else {
        if (c.nheld) /* (quitting does not wait for them: they are dropped, and the player told) */
            safe_printf(stderr, "cellmate: %d line%s waiting to go to room %s %s not sent\n",
                        c.nheld, c.nheld == 1 ? "" : "s", c.room, c.nheld == 1 ? "was" : "were");
        say_left(o, &s);
    }
    room_client_close(&c);
    session_close(&s);
    return rc;
}

int room_serve_main(const RoomOptions *o)
{
    char dir[ROOM_PATH_MAX], keep[ROOM_PATH_MAX], err[600];
    if (!room_valid_room(o->room)) {
        safe_printf(stderr,
                    "cellmate: '%s' is not a room's name (1 to %d letters, digits, '_' or '-')\n",
                    o->room, ROOM_ROOM_MAX);
        return 2;
    }
    if (!room_dir(o->dir, dir, sizeof dir, err, sizeof err) ||
        !room_keep_dir(o->dir, dir, keep, sizeof keep, err, sizeof err)) {
        fprintf(stderr, "cellmate: %s\n", err);
        return 2;
    }
    pid_t running = room_server_pid(dir, o->room);
    if (running) {
        fprintf(stderr, "cellmate: room %s is served already (PID %ld)\n", o->room, (long)running);
        return 1;
    }
    RoomServerOptions so = {dir, o->room, o->variant, o->clock, o->ai_seconds, 0, -1, false, keep};
    return room_serve(&so) ? 1 : 0;
}
