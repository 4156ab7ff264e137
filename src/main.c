/* main.c — command-line entry: the options read (options.c), it hands over to perft, variant
 * checking, listing, rooms or a game. */
#include "config.h"

#include "options.h"

#include "batch.h"
#include "proctitle.h"
#include "restrict.h"
#include "resume.h"
#include "room/room.h"
#include "safe_text.h"
#include "save_notes.h"
#include "screen.h"
#include "suspend.h"
#include "variant_default.h"
#include "variant_tools.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static int list_variants(void)
{
    static char names[256][MAX_NAME];
    int n = variant_names(names, 256);
    if (!n) {
        char dirs[MAX_DIRS_SEARCHED][PATH_LEN];
        int nd = variant_search_dirs(dirs, MAX_DIRS_SEARCHED);
        safe_printf(stderr, "cellmate: no variants found; looked in:%s\n", nd ? "" : " (nowhere)");
        for (int i = 0; i < nd; i++) safe_printf(stderr, "  %s\n", dirs[i]);
        safe_printf(stderr, "set CELLMATE_VARIANTS to a directory of variant files\n");
        return EXIT_REJECTED;
    }
    for (int i = 0; i < n; i++) {
        char err[600];
        bool unreadable;
        Variant *v = variant_open(names[i], err, sizeof err, &unreadable);
        if (!v) {
            safe_printf(stdout, "%-18s (broken: %s)\n", names[i], err);
            continue;
        }
        safe_printf(stdout, "%-18s %s%s\n", names[i], v->summary[0] ? v->summary : v->title,
                    v->reconstructed ? " [reconstructed array]" : "");
        variant_free(v);
    }
    return EXIT_OK;
}

static void sink_print(Sink *s, const char *line)
{
    (void)s;
    safe_printf(stdout, "%s\n", line);
    fflush(stdout); /* each depth as soon as it is searched */
}

static void sink_err(Sink *s, const char *line)
{
    (void)s;
    safe_printf(stderr, "cellmate: %s\n", line);
}

/* --load's report: "loaded FILE ..." needs no echo, a warning about the record does. */
static void sink_warning(Sink *s, const char *line)
{
    if (!strncmp(line, "warning: ", 9)) sink_err(s, line);
}

/* Restricted mode: refuse what names a file or asks too much, then confine the process. */
static int enter_restricted(const Options *o, Restriction *r)
{
    const char *refused = o->load            ? "--load"
                          : o->replay        ? "--replay"
                          : o->check_variant ? "--check-variant"
                                             : NULL;
    char err[600];
    if (refused) {
        safe_printf(stderr, "cellmate: %s is not available in restricted mode (no files by path)\n",
                    refused);
        return EXIT_USAGE;
    }
    if (o->variant && strpbrk(o->variant, "/.~")) {
        safe_printf(stderr, "cellmate: in restricted mode variants are chosen by name, not by path "
                            "(cellmate --list shows them)\n");
        return EXIT_USAGE;
    }
    if (o->ai.time > MAX_RESTRICTED_THINK) {
        safe_printf(stderr,
                    "cellmate: in restricted mode the computer thinks at most %d s a move\n",
                    MAX_RESTRICTED_THINK);
        return EXIT_USAGE;
    }
    if (o->perft_depth > MAX_RESTRICTED_PERFT) {
        safe_printf(stderr, "cellmate: in restricted mode perft goes to depth %d at most\n",
                    MAX_RESTRICTED_PERFT);
        return EXIT_USAGE;
    }
    if (!restrict_enter(r, o->player, o->save_dir, err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
        return EXIT_USAGE;
    }
    variant_paths_restrict(NULL);
    autosave_use_dir(r);
    return EXIT_OK;
}

/* The variant named, or the default one (the variant directories' `default` file); NULL,
 * said on standard error, when there is none. */
static const char *variant_or_default(const char *named)
{
    static char def[MAX_NAME];
    if (named) return named;
    if (!def[0] && !variant_default_name(def, sizeof def)) {
        safe_printf(stderr, "cellmate: no variant is installed (cellmate --list shows where it "
                            "looked)\n");
        return NULL;
    }
    return def;
}

static bool batch_save_failed; /* a failed save makes the exit status 1 */

/* This run's save taken (autosave_claim), once; false, said, when it cannot be. */
static bool batch_claim(void)
{
    static bool claimed;
    char err[600];
    if (!claimed && !autosave_claim(err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
        batch_save_failed = true;
        return false;
    }
    return claimed = true;
}

/* The scripted mode of a restricted login keeps the player's game after every move, as the
 * screen does (so does a terminal that cannot show the screen). */
static void batch_autosave(Session *s)
{
    static bool saved;
    char err[600];
    if (!batch_claim()) return;
    if (autosave_write(s, !saved, err, sizeof err)) {
        saved = true;
    } else {
        safe_printf(stderr, "cellmate: the game is NOT saved: %s\n", err);
        batch_save_failed = true;
    }
}

static int replay(const Options *o)
{
    Variant *v = NULL;
    if (o->variant) {
        char err[600];
        bool unreadable;
        v = variant_open(o->variant, err, sizeof err, &unreadable);
        if (!v) {
            safe_printf(stderr, "cellmate: %s\n", err);
            return EXIT_USAGE;
        }
    }
    int rc = batch_replay(o->replay, v);
    variant_free(v);
    return rc;
}

/* --room, --rooms, --serve-room and --relay. In restricted mode the player is the one the
 * administrator named, and nothing that names a path or runs a command is taken. */
static int rooms(const Options *o, const Restriction *r, const char *ssh_command)
{
    RoomOptions ro;
    memset(&ro, 0, sizeof ro);
    if (r && (o->serve_room || o->room_dir || o->ssh || (o->room && strchr(o->room, ':')))) {
        safe_printf(stderr, "cellmate: in restricted mode a room is joined here by its name: "
                            "--serve-room, --room-dir, --ssh and rooms on other hosts are not "
                            "available\n");
        return EXIT_USAGE;
    }
    ro.player = r ? r->player : NULL;
    ro.restricted = r;
    ro.ssh_command = ssh_command;
    ro.room = o->serve_room ? o->serve_room : o->room;
    ro.variant = o->relay ? o->relay_variant : o->variant;
    ro.dir = o->room_dir;
    ro.name = o->name;
    ro.seat = o->seat;
    ro.ssh = o->ssh;
    ro.clock = o->clock;
    ro.ai_seconds = o->ai.time > 0 ? o->ai.time : 5;
    ro.ai = o->ai;
    ro.level = o->ai.level;
    ro.batch = o->batch;
    ro.ascii = o->ascii;
    ro.screen = room_screen_run;
    if (o->fen || o->load || o->resume || o->perft_depth >= 0) {
        safe_printf(stderr, "cellmate: a room's game is the room's: --fen, --load, --resume and "
                            "--perft do not go with rooms\n");
        return EXIT_USAGE;
    }
    if (o->relay) return room_relay_main(&ro);
    if (o->serve_room) return room_serve_main(&ro);
    if (o->rooms) return room_list_main(&ro);
    return room_join_main(&ro);
}

/* --white, --black and --player-name SIDE=NAME, into the game's record. */
static bool name_players(Session *s, const Options *o)
{
    for (int i = 0; i < o->nnamed; i++) {
        char side[64], err[300];
        const char *name = o->named[i], *eq = strchr(name, '=');
        if (o->named_side[i]) {
            snprintf(side, sizeof side, "%s", o->named_side[i]);
        } else if (!eq || eq == name || (size_t)(eq - name) >= sizeof side) {
            safe_printf(stderr, "cellmate: --player-name needs SIDE=NAME (Red=Ann), not '%s'\n",
                        name);
            return false;
        } else {
            snprintf(side, sizeof side, "%.*s", (int)(eq - name), name);
            name = eq + 1;
        }
        if (!session_name_player(s, side, name, err, sizeof err)) {
            safe_printf(stderr, "cellmate: %s\n", err);
            return false;
        }
    }
    return true;
}

/* --ai's error: the ai command's own words after the option's. */
static void ai_err(Sink *s, const char *line)
{
    safe_printf(stderr, "cellmate: --ai %s: %s\n", (const char *)s->ctx, line);
}

/* Calls each(list, side, ctx) for every side the --ai options name (each option a list
 * SIDE[,SIDE...]), in order, and once with side NULL for an option that names none. Stops at
 * the first call that returns false, and returns false then. */
static bool ai_sides_each(const Options *o,
                          bool (*each)(const char *list, const char *side, void *ctx), void *ctx)
{
    for (int i = 0; i < o->nai; i++) {
        char list[256];
        snprintf(list, sizeof list, "%s", o->ai_sides[i]);
        char *save = NULL, *side = strtok_r(list, ",", &save);
        if (!side && !each(o->ai_sides[i], NULL, ctx)) return false;
        for (; side; side = strtok_r(NULL, ",", &save))
            if (!each(o->ai_sides[i], side, ctx)) return false;
    }
    return true;
}

/* One side of --ai LIST: the session's ai command for it (ctx the session). */
static bool computer_side(const char *list, const char *side, void *ctx)
{
    Sink sink = {sink_discard, ai_err, (void *)list};
    if (!side) return ai_err(&sink, "ai needs a side"), false;
    return session_command(ctx, "ai", side, &sink);
}

/* --ai SIDE[,SIDE...]: the session's ai command for each side named. */
static bool computer_sides(Session *s, const Options *o)
{
    return ai_sides_each(o, computer_side, s);
}

/* What ai_option_has looks for in --ai's lists, and whether it was found. */
typedef struct {
    const char *name;
    bool found;
} AiLook;

/* One side of an --ai list: stops the walk when it is the side looked for, or all. */
static bool ai_side_is(const char *list, const char *side, void *ctx)
{
    AiLook *look = ctx;
    (void)list;
    if (side && (!strcasecmp(side, "all") || !strcasecmp(side, look->name))) look->found = true;
    return !look->found;
}

/* Whether --ai names side p (by name, in a comma list, or as all). */
static bool ai_option_has(const Options *o, const Variant *v, int p)
{
    AiLook look = {v->player_name[p], false};
    ai_sides_each(o, ai_side_is, &look);
    return look.found;
}

/* A side both named (--white, --black, --player-name) and handed to the computer by --ai
 * would lose the name: the record names the computer's sides "cellmate", which is how a
 * resumed game knows them again. */
static bool names_kept(const Session *s, const Options *o)
{
    for (int i = 0; i < o->nnamed; i++) {
        const char *name = o->named[i], *eq = strchr(name, '=');
        if (!o->named_side[i] && !eq) continue; /* (refused by name_players already) */
        size_t n = o->named_side[i] ? strlen(o->named_side[i]) : (size_t)(eq - name);
        const char *side = o->named_side[i] ? o->named_side[i] : name;
        for (int p = 0; p < s->v->nplayers; p++) {
            if (strlen(s->v->player_name[p]) != n || strncasecmp(side, s->v->player_name[p], n) ||
                !ai_option_has(o, s->v, p))
                continue;
            safe_printf(stderr,
                        "cellmate: %s is named %s and played by the computer (--ai), which the "
                        "record names cellmate; give one of the two\n",
                        s->v->player_name[p], eq && !o->named_side[i] ? eq + 1 : name);
            return false;
        }
    }
    return true;
}

/* --check-variant's files, each in turn: the status of the worst (a file that cannot be read
 * or found, 2; one refused, 1; one with lint findings, 3; all valid, 0). */
static int check_variants(const Options *o)
{
    static const int rank[4] = {0, 2, 3, 1}; /* by status: how bad */
    int worst = 0;
    for (int i = 0; i < o->nchecks; i++) {
        int rc = tool_check_variant(o->checks[i], o->lint);
        fflush(stdout); /* each file's report before the next one's errors */
        if (rc >= 0 && rc < 4 && rank[rc] > rank[worst]) worst = rc;
    }
    return worst;
}

/* The options that do one job and end (checking a variant, a zone, the list, a replay,
 * rooms); -1 when none of them was given. */
static int tools(const Options *o, const Restriction *r, const char *ssh_command)
{
    bool room = o->room || o->rooms || o->serve_room || o->relay;
    if (o->lint && !o->check_variant) {
        safe_printf(stderr, "cellmate: --lint goes with --check-variant FILE\n");
        return EXIT_USAGE;
    }
    if (o->check_variant) return check_variants(o);
    if (o->show_zone) {
        const char *v = variant_or_default(o->variant);
        return v ? tool_show_zone(v, o->show_zone) : EXIT_USAGE;
    }
    if (o->list) return list_variants();
    if (o->replay) return replay(o);
    if (room && o->nai) {
        safe_printf(stderr, "cellmate: --ai does not go with rooms: there 'ai SIDE' seats the "
                            "computer at an empty seat\n");
        return EXIT_USAGE;
    }
    if (room && o->nnamed) {
        safe_printf(stderr, "cellmate: in a room the players' names are their --name\n");
        return EXIT_USAGE;
    }
    if (room) return rooms(o, r, ssh_command);
    return -1;
}

/* The game's start from the options: --resume, --load, the players' names, --clock, --hash.
 * Sets *watch when another process plays the game resumed. -1 to go on, or the status to
 * end with. */
static int game_start(Session *s, const Options *o, bool on_screen, bool saves, char *watch,
                      size_t watch_len)
{
    int rc;
    if (o->resume && (rc = resume_start(s, o->resume_mode, o->resume_name, on_screen, saves, watch,
                                        watch_len)) >= 0)
        return rc;
    Sink sink = {sink_warning, sink_err, NULL};
    if (o->load && !session_load(s, o->load, &sink)) return EXIT_USAGE;
    if (!name_players(s, o) || !computer_sides(s, o) || !names_kept(s, o)) return EXIT_USAGE;
    if (o->ai.level) session_set_level(s, o->ai.level); /* over a resumed or loaded record's */
    if (o->clock.kind != CLOCK_NONE) {
        if (game_tag(&s->game, "TimeControl"))
            safe_printf(stderr,
                        "cellmate: --clock is ignored: the game keeps its own clocks (%s)\n",
                        game_tag(&s->game, "TimeControl"));
        else
            session_set_clock(s, &o->clock);
    }
    if (o->hash_mb && !(s->engine = engine_new(o->hash_mb))) {
        safe_printf(stderr, "cellmate: no memory for a table of %d MB (--hash)\n", o->hash_mb);
        return EXIT_USAGE;
    }
    return -1;
}

/* Off the screen, a restricted login's last game that ended (resume_restricted): how, and
 * where it is kept. */
static void last_game_ended(const char *ended, const char *kept, bool resumed)
{
    if (*ended)
        safe_printf(stderr, "cellmate: your last game ended (%s); %s%s\n", ended, kept,
                    resumed ? "" : "; a new game begins");
}

/* The game itself: --perft, --analyse, the screen, or the scripted mode. */
static int play(Options *o, const Restriction *r)
{
    Session s;
    char err[600];
    const char *variant = variant_or_default(o->variant);
    if (!variant) return EXIT_USAGE;
    if (!session_open(&s, variant, o->fen, err, sizeof err)) {
        safe_printf(stderr, "cellmate: %s\n", err);
        return EXIT_USAGE;
    }
    s.ai = o->ai;
    if (!r) { /* (a restricted load lists the player's) */
        s.list_saves = autosave_list_saves;
        s.find_save = autosave_find_save;
    }
    session_seed_levels(&s);
    /* a player's game goes on where it stopped, unless it has ended: then a new one begins */
    char ended[256] = "", kept[800] = ""; /* how the last game ended, where it is kept */
    if (r) {
        s.restricted = r;
        o->resume = o->resume || resume_restricted(r, s.v, ended, sizeof ended, kept, sizeof kept);
    }
    bool on_screen =
        o->perft_depth < 0 && !o->batch && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
    bool saves = !o->no_save && (on_screen || r); /* this run keeps the game */
    char watch[4400] = "";
    int rc = game_start(&s, o, on_screen, saves, watch, sizeof watch);
    if (rc >= 0) {
        session_close(&s);
        return rc;
    }
    /* (the screen's after its start, whose stop it runs; restricted mode ignores a stop) */
    if (!on_screen) suspend_keeps_time();
    if (o->perft_depth >= 0) {
        rc = batch_perft(&s, o->perft_depth, o->divide);
    } else if (o->analyse) {
        Sink sink = {sink_print, sink_err, NULL};
        rc = session_analyse(&s, &sink) ? EXIT_OK : EXIT_REJECTED;
    } else if (on_screen) {
        /* the save a plain start leaves aside: a game to continue, or one that has ended
         * (restricted mode has looked already) */
        bool fresh = !o->resume && !o->load; /* the saves left are told about */
        if (fresh && !r) autosave_waiting(s.v, ended, sizeof ended);
        const char *watched = *watch ? watch : NULL, *how = *ended ? ended : NULL;
        ScreenOptions so = {o->ascii,
                            !o->no_save && !*watch,
                            watched,
                            NULL,
                            fresh,
                            how,
                            o->resume && !*watch,
                            *kept ? kept : NULL};
        rc = screen_run(&s, &so);
        if (rc < 0) { /* the same game line by line, kept after every move as the screen would */
            bool keeps = saves && !*watch;
            safe_printf(stderr,
                        "cellmate: this terminal cannot show the game screen (TERM=%s); "
                        "reading moves line by line%s\n",
                        getenv("TERM") ? getenv("TERM") : "",
                        keeps ? ", the game saved after every move" : "");
            last_game_ended(ended, kept, o->resume);
            /* what the screen would have said: the saves waiting, and where a move here keeps
             * the one it replaces (the computer does not wait here: it plays at once) */
            char note[2048] = "";
            if (keeps && (fresh || o->resume) && batch_claim()) /* (the notes name its save) */
                save_notes_opening(s.v, fresh, false, r != NULL, note, sizeof note);
            if (*note) safe_printf(stderr, "cellmate: %s\n", note);
            if (keeps) s.changed = batch_autosave, s.replacing = autosave_replacing;
            suspend_keeps_time();
            rc = batch_run(&s, stdin);
            if (batch_save_failed && rc == EXIT_OK) rc = EXIT_REJECTED;
        }
    } else {
        last_game_ended(ended, kept, o->resume);
        if (r && !o->no_save) s.changed = batch_autosave, s.replacing = autosave_replacing;
        rc = batch_run(&s, stdin);
        if (batch_save_failed && rc == EXIT_OK) rc = EXIT_REJECTED;
    }
    session_close(&s);
    return rc;
}

/* The whole run but for freeing what the options took. */
static int run(int argc, char **argv, Options *o)
{
    /* a room's server, forked from this process, shows a title of its own in ps */
    proctitle_init(argc, &argv);
    /* past a file-size limit, writes fail and say so instead of killing the program */
    signal(SIGXFSZ, SIG_IGN);
    batch_watch_output(); /* a write error on standard output fails the run */
    variant_paths_set_program(argv[0]);
    int rc = options_parse(argc, argv, o);
    if (rc != EXIT_OK) return rc;
    Restriction restriction;
    bool restricted = restrict_wanted(o->restricted);
    /* a forced --relay's room is in the ssh command, which restricted mode's clean
     * environment drops: kept first */
    static char ssh_command[256];
    const char *sc = getenv("SSH_ORIGINAL_COMMAND");
    if (sc && strlen(sc) < sizeof ssh_command) snprintf(ssh_command, sizeof ssh_command, "%s", sc);
    if (sc && strlen(sc) >= sizeof ssh_command && o->relay && !o->room) {
        safe_printf(stderr,
                    "cellmate: the ssh command (SSH_ORIGINAL_COMMAND) is longer than %zu "
                    "bytes; this login only relays to a room: cellmate --relay NAME [VARIANT]\n",
                    sizeof ssh_command - 1);
        return EXIT_USAGE;
    }
    if (restricted && (rc = enter_restricted(o, &restriction)) != EXIT_OK) return rc;
    if (!restricted && (o->player || o->save_dir)) {
        safe_printf(stderr, "cellmate: --player and --save-dir go with --restricted\n");
        return EXIT_USAGE;
    }
    if ((rc = tools(o, restricted ? &restriction : NULL, ssh_command)) >= 0) return rc;
    return play(o, restricted ? &restriction : NULL);
}

int main(int argc, char **argv)
{
    Options o = {0};
    int rc = run(argc, argv, &o);
    free(o.checks); /* (--check-variant's list, whichever way the run ended) */
    return rc;
}
