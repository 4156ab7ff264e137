/* main.c — command-line entry: parses options and hands over to perft, variant checking,
 * listing, or a game. */
#include "config.h"

#include "resume.h"
#include "batch.h"
#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "number.h"
#include "paths.h"
#include "proctitle.h"
#include "restrict.h"
#include "room/room.h"
#include "safe_text.h"
#include "save_notes.h"
#include "screen.h"
#include "search.h"
#include "variant_default.h"
#include "variant_tools.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum exit_code { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_USAGE = 2 };

/* the rooms' options have no letter of their own */
enum {
    OPT_ROOM = 256,
    OPT_ROOMS,
    OPT_SERVE_ROOM,
    OPT_RELAY,
    OPT_ROOM_DIR,
    OPT_SEAT,
    OPT_NAME,
    OPT_SSH,
    OPT_LINT,
    OPT_SHOW_ZONE,
    OPT_WHITE,
    OPT_BLACK,
    OPT_PLAYER_NAME,
    OPT_THREADS,
    OPT_HASH,
    OPT_MULTIPV,
    OPT_SEED,
    OPT_ANALYSE,
    OPT_SEARCH,
    OPT_AI
};

#define MAX_NAMED 8 /* --white, --black and --player-name options taken */
#define MAX_AI    8 /* --ai options taken */

typedef struct {
    const char *variant;
    const char *fen;
    int perft_depth;
    bool divide;
    const char *check_variant; /* the first of checks */
    /* --check-variant's files, and the arguments after them: at most one per argument */
    const char **checks;
    int nchecks, nargs;
    bool lint;
    const char *show_zone;
    const char *replay;
    const char *load;
    bool list, batch, resume, ascii, no_save;
    enum resume_mode resume_mode;
    const char *resume_name; /* --resume=NAME: that save */
    TimeControl clock;
    bool time_given;
    SearchLimits ai;
    int hash_mb;  /* the computer's table, 0: the default */
    bool analyse; /* analyse the position and stop */
    bool restricted;
    const char *player, *save_dir;
    /* rooms */
    const char *room, *serve_room, *room_dir, *seat, *name, *ssh, *relay_variant;
    bool rooms, relay;
    /* players' names for the record: "SIDE=NAME" */
    const char *named[MAX_NAMED];
    const char *named_side[MAX_NAMED];
    int nnamed;
    /* the sides the computer plays: --ai SIDE[,SIDE...], all or off, as the ai command */
    const char *ai_sides[MAX_AI];
    int nai;
} Options;

#define TEXT_(x) #x
#define TEXT(x)  TEXT_(x) /* a number defined elsewhere, as text */

static void usage(FILE *f)
{
    static const char *const lines[] = {
        "Usage: cellmate [OPTIONS] [VARIANT]",
        "Chess variants on hexagonal, triangular and ring boards.",
        "",
        "  --variant V          play variant V (name or path to a .ini file)",
        "  --fen F              start from position string F",
        "  --batch              read moves and commands from standard input (the",
        "                       default when it is not a terminal)",
        "  --ai SIDE            the computer plays SIDE (White, Black, ...; a comma",
        "                       list, or all); again for more sides. Without it people",
        "                       play",
        "  --time SECONDS       thinking time of the computer per move (default 5)",
        "  --nodes N            the computer searches N positions per move",
        "  --depth N            the computer searches N plies deep",
        "  --level N            the computer's level: 1 (a beginner's opponent) to 10",
        "                       (full strength, the default)",
        "  --threads N          search threads (default: one per core; one for a",
        "                       search bounded only by --nodes or --depth)",
        "  --hash MB            size of the computer's table of positions (default " TEXT(
            ENGINE_DEFAULT_HASH_MB) ")",
        "  --seed S             seed for what the computer draws at random",
        "  --search S           three players: auto (default), paranoid, brs",
        "                       (best-reply) or brs+",
        "  --multipv N          analyse looks for the N best lines",
        "  --analyse            print the best lines of the position, one line per",
        "                       depth searched (for --time seconds), and stop",
        "  --load FILE          start with the first game of a PGN file",
        "  --clock TC           play with clocks: MINUTES[+SECONDS] (10+5, 3) or",
        "                       /SECONDS per move (/30)",
        "  --resume             continue the game saved when cellmate last stopped",
        "  --resume=previous    continue the save before that one",
        "  --resume=watch       watch the saved game another cellmate is playing",
        "  --resume=copy        play a copy of it, saved apart from it",
        "  --resume=NAME        continue the save NAME.pgn (current-1234, previous-2)",
        "  --white NAME, --black NAME  the players' names for the game's record",
        "  --player-name SIDE=NAME     the same for any side (Red=Ann)",
        "  --ascii              plain ASCII, no colour",
        "  --no-save            do not keep the game in progress in the state directory",
        "  --perft N            count move sequences of length N; last line is",
        "                       'perft N: COUNT (S s, NPS nps)', or",
        "                       'perft N: COUNT (too fast to time)' under 0.01 s",
        "  --divide             with --perft: one 'MOVE: COUNT' line per move first",
        "  --replay FILE        check every game of a PGN file",
        "  --check-variant FILE...",
        "                       validate variant files, each in turn (exit 0 all valid,",
        "                       else the worst: 2 unreadable, 1 invalid, 3 lint)",
        "  --lint               with --check-variant: also report what is legal but",
        "                       almost surely wrong (exit 3 when it finds something)",
        "  --show-zone NAME     draw a zone of the --variant on the board",
        "  --list               list the variants",
        "  --restricted         for a public game login: no paths, saves by name in",
        "                       the player's own directory, limits (also forced by",
        "                       CELLMATE_RESTRICTED=1)",
        "  --player NAME        restricted mode: the player, named by the administrator",
        "  --save-dir DIR       restricted mode: where the players' directories are",
        "  --room ROOM [VARIANT] play in a shared room: ROOM on this host (made with",
        "                       VARIANT if new), [user@]host:ROOM or",
        "                       ssh://[user@]host[:port]/ROOM over ssh",
        "  --seat SIDE          in a room: the side to take (or any, or watch)",
        "  --name NAME          in a room: the name the others see (default: login)",
        "  --room-dir DIR       where rooms live (a directory a group may share)",
        "  --ssh CMD            the ssh command for remote rooms (also CELLMATE_SSH)",
        "  --rooms              list the rooms of this host",
        "  --serve-room ROOM [VARIANT] run a room's server in the foreground",
        "  --relay [ROOM [VARIANT]] join standard input and output to a room (what",
        "                       ssh runs on the room's host)",
        "  --help, --version",
        "",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) fprintf(f, "%s\n", lines[i]);
    char def[MAX_NAME];
    if (variant_default_name(def, sizeof def))
        fprintf(f, "The default variant is %s. See cellmate(6).\n", def);
    else
        fprintf(f, "No variant is installed. See cellmate(6).\n");
}

/* A whole number from lo to hi for option `name`; false after saying what is wrong. */
static bool number_option(const char *name, const char *arg, long lo, long hi, long *out)
{
    if (!number_parse(arg, lo, hi, out)) {
        safe_printf(stderr, "cellmate: --%s needs a whole number from %ld to %ld, not '%s'\n", name,
                    lo, hi, arg);
        return false;
    }
    return true;
}

static const struct option longopts[] = {
    {"variant", required_argument, NULL, 'v'},
    {"fen", required_argument, NULL, 'f'},
    {"perft", required_argument, NULL, 'p'},
    {"divide", no_argument, NULL, 'd'},
    {"check-variant", required_argument, NULL, 'c'},
    {"lint", no_argument, NULL, OPT_LINT},
    {"show-zone", required_argument, NULL, OPT_SHOW_ZONE},
    {"replay", required_argument, NULL, 'r'},
    {"batch", no_argument, NULL, 'b'},
    {"time", required_argument, NULL, 't'},
    {"nodes", required_argument, NULL, 'N'},
    {"depth", required_argument, NULL, 'D'},
    {"threads", required_argument, NULL, OPT_THREADS},
    {"hash", required_argument, NULL, OPT_HASH},
    {"multipv", required_argument, NULL, OPT_MULTIPV},
    {"seed", required_argument, NULL, OPT_SEED},
    {"analyse", no_argument, NULL, OPT_ANALYSE},
    {"analyze", no_argument, NULL, OPT_ANALYSE},
    {"search", required_argument, NULL, OPT_SEARCH},
    {"ai", required_argument, NULL, OPT_AI},
    {"level", required_argument, NULL, 'E'},
    {"load", required_argument, NULL, 'L'},
    {"clock", required_argument, NULL, 'C'},
    {"room", required_argument, NULL, OPT_ROOM},
    {"rooms", no_argument, NULL, OPT_ROOMS},
    {"serve-room", required_argument, NULL, OPT_SERVE_ROOM},
    {"relay", no_argument, NULL, OPT_RELAY},
    {"room-dir", required_argument, NULL, OPT_ROOM_DIR},
    {"seat", required_argument, NULL, OPT_SEAT},
    {"name", required_argument, NULL, OPT_NAME},
    {"ssh", required_argument, NULL, OPT_SSH},
    {"white", required_argument, NULL, OPT_WHITE},
    {"black", required_argument, NULL, OPT_BLACK},
    {"player-name", required_argument, NULL, OPT_PLAYER_NAME},
    {"resume", optional_argument, NULL, 'R'},
    {"ascii", no_argument, NULL, 'a'},
    {"no-save", no_argument, NULL, 'n'},
    {"list", no_argument, NULL, 'l'},
    {"restricted", no_argument, NULL, 'X'},
    {"player", required_argument, NULL, 'P'},
    {"save-dir", required_argument, NULL, 'S'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* --perft, --time, --nodes and --depth: a number each, in its range. */
static int search_option(int ch, const char *arg, Options *o)
{
    if (ch == 'p') {
        long n;
        if (!number_parse(arg, 0, 20, &n)) {
            safe_printf(stderr, "cellmate: --perft needs a depth from 0 to 20, not '%s'\n", arg);
            return EXIT_USAGE;
        }
        o->perft_depth = (int)n;
        return EXIT_OK;
    }
    if (ch == 't') {
        double t;
        if (!number_parse_decimal(arg, 0.001, 3600, 3, &t)) {
            safe_printf(stderr,
                        "cellmate: --time needs seconds from 0.001 to 3600 (such as 5 or 0.5), "
                        "not '%s'\n",
                        arg);
            return EXIT_USAGE;
        }
        o->ai.time = t;
        o->time_given = true;
        return EXIT_OK;
    }
    long n;
    if (!number_option(ch == 'N' ? "nodes" : "depth", arg, 1, ch == 'N' ? 1000000000000000L : 60,
                       &n))
        return EXIT_USAGE;
    if (ch == 'N')
        o->ai.nodes = (uint64_t)n;
    else
        o->ai.depth = (int)n;
    if (!o->time_given) o->ai.time = 0; /* a reproducible search has no clock */
    return EXIT_OK;
}

/* --threads, --hash, --multipv and --seed: a number each, in its range. */
static int engine_option(int ch, const char *arg, Options *o)
{
    static const struct {
        const char *name;
        long lo, hi;
    } range[] = {{"threads", 1, SEARCH_MAX_THREADS},
                 {"hash", 1, ENGINE_MAX_HASH_MB},
                 {"multipv", 1, SEARCH_MAX_MULTIPV},
                 {"seed", 0, 1000000000000000L}};
    int i = ch - OPT_THREADS;
    long n;
    if (!number_option(range[i].name, arg, range[i].lo, range[i].hi, &n)) return EXIT_USAGE;
    if (ch == OPT_THREADS) o->ai.threads = (int)n;
    if (ch == OPT_HASH) o->hash_mb = (int)n;
    if (ch == OPT_MULTIPV) o->ai.multipv = (int)n;
    if (ch == OPT_SEED) o->ai.seed = (uint64_t)n;
    return EXIT_OK;
}

/* --search auto|paranoid|brs|brs+: how the computer searches with three players */
static int scheme_option(const char *arg, Options *o)
{
    static const char *const names[] = {[SEARCH_PARANOID] = "paranoid",
                                        [SEARCH_BRS] = "brs",
                                        [SEARCH_BRS_PLUS] = "brs+",
                                        [SEARCH_AUTO] = "auto"};
    for (int i = SEARCH_PARANOID; i <= SEARCH_AUTO; i++)
        if (!strcmp(arg, names[i])) return o->ai.scheme = i, EXIT_OK;
    safe_printf(stderr, "cellmate: --search takes auto, paranoid, brs or brs+, not '%s'\n", arg);
    return EXIT_USAGE;
}

/* --resume[=previous|watch|copy|NAME] */
static int resume_option(const char *arg, Options *o)
{
    static const char *const modes[] = {
        [RESUME_PREVIOUS] = "previous", [RESUME_COPY] = "copy", [RESUME_WATCH] = "watch"};
    o->resume = true;
    o->resume_mode = RESUME_LATEST;
    o->resume_name = NULL;
    if (!arg) return EXIT_OK;
    /* current-1234.pgn is current-1234, and previous.pgn previous: the same save, the same way */
    const char *dot = strstr(arg, ".pgn");
    static char name[72];
    snprintf(name, sizeof name, "%.*s", (int)(dot && !dot[4] ? dot - arg : 70), arg);
    for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++)
        if (modes[m] && !strcmp(name, modes[m])) o->resume_mode = (enum resume_mode)m;
    if (o->resume_mode == RESUME_LATEST) {
        if (strlen(arg) > 68 || !autosave_name_ok(name)) {
            safe_printf(stderr,
                        "cellmate: --resume takes =previous, =watch, =copy or a save's name "
                        "(=current-1234), not '%s'\n",
                        arg);
            return EXIT_USAGE;
        }
        o->resume_name = name;
    }
    return EXIT_OK;
}

/* One more file for --check-variant; false (said) when memory ran out. */
static bool add_check(Options *o, const char *file)
{
    if (!o->checks && !(o->checks = calloc((size_t)o->nargs, sizeof *o->checks))) {
        safe_printf(stderr, "cellmate: out of memory\n");
        return false;
    }
    if (!o->nchecks) o->check_variant = file;
    o->checks[o->nchecks++] = file;
    return true;
}

/* What follows the options: --relay's ROOM [VARIANT], more files to check, or a variant. */
static int positional_arguments(int argc, char **argv, Options *o)
{
    if (o->relay && optind < argc) { /* --relay ROOM [VARIANT] */
        o->room = argv[optind++];
        if (optind < argc) o->relay_variant = argv[optind++];
    }
    for (; o->check_variant && optind < argc; optind++) /* --check-variant FILE FILE ... */
        if (!add_check(o, argv[optind])) return EXIT_USAGE;
    if (optind < argc) {
        if (o->variant || optind + 1 < argc) {
            safe_printf(stderr,
                        "cellmate: unexpected argument '%s' (one variant at most; 'cellmate "
                        "--help' lists the options)\n",
                        argv[o->variant ? optind : optind + 1]);
            return EXIT_USAGE;
        }
        o->variant = argv[optind];
    }
    return EXIT_OK;
}

/* --level, --clock and the players' names (--white, --black, --player-name). */
static int game_option(int ch, const char *arg, Options *o)
{
    long n;
    char err[300];
    switch (ch) {
    case 'E':
        if (!number_option("level", arg, 1, SEARCH_MAX_LEVEL, &n)) return EXIT_USAGE;
        o->ai.level = (int)n;
        return EXIT_OK;
    case 'C':
        if (!tc_parse(arg, &o->clock, err, sizeof err)) {
            safe_printf(stderr, "cellmate: --clock %s\n", err);
            return EXIT_USAGE;
        }
        return EXIT_OK;
    default:
        if (o->nnamed == MAX_NAMED) {
            fprintf(stderr, "cellmate: at most %d players' names\n", MAX_NAMED);
            return EXIT_USAGE;
        }
        o->named_side[o->nnamed] = ch == OPT_WHITE ? "White" : ch == OPT_BLACK ? "Black" : NULL;
        o->named[o->nnamed++] = arg;
        return EXIT_OK;
    }
}

static int parse_options(int argc, char **argv, Options *o)
{
    int ch, rc;
    memset(o, 0, sizeof *o);
    o->nargs = argc;
    o->perft_depth = -1;
    o->ai = search_limits_time(5);
    opterr = 0; /* our own messages, named "cellmate" whatever path ran us */
    while ((ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1) {
        switch (ch) {
        case 'v': o->variant = optarg; break;
        case 'f': o->fen = optarg; break;
        case 'p':
        case 't':
        case 'N':
        case 'D':
            if ((rc = search_option(ch, optarg, o)) != EXIT_OK) return rc;
            break;
        case OPT_THREADS:
        case OPT_HASH:
        case OPT_MULTIPV:
        case OPT_SEED:
            if ((rc = engine_option(ch, optarg, o)) != EXIT_OK) return rc;
            break;
        case OPT_ANALYSE: o->analyse = true; break;
        case OPT_AI:
            if (o->nai == MAX_AI) {
                fprintf(stderr,
                        "cellmate: at most %d --ai options (a comma list names more sides)\n",
                        MAX_AI);
                return EXIT_USAGE;
            }
            o->ai_sides[o->nai++] = optarg;
            break;
        case OPT_SEARCH:
            if ((rc = scheme_option(optarg, o)) != EXIT_OK) return rc;
            break;
        case 'E':
        case 'C':
        case OPT_WHITE:
        case OPT_BLACK:
        case OPT_PLAYER_NAME:
            if ((rc = game_option(ch, optarg, o)) != EXIT_OK) return rc;
            break;
        case 'd': o->divide = true; break;
        case 'c':
            if (!add_check(o, optarg)) return EXIT_USAGE;
            break;
        case OPT_LINT: o->lint = true; break;
        case OPT_SHOW_ZONE: o->show_zone = optarg; break;
        case 'r': o->replay = optarg; break;
        case 'b': o->batch = true; break;
        case 'L': o->load = optarg; break;
        case 'R':
            if ((rc = resume_option(optarg, o)) != EXIT_OK) return rc;
            break;
        case OPT_ROOM: o->room = optarg; break;
        case OPT_ROOMS: o->rooms = true; break;
        case OPT_SERVE_ROOM: o->serve_room = optarg; break;
        case OPT_RELAY: o->relay = true; break;
        case OPT_ROOM_DIR: o->room_dir = optarg; break;
        case OPT_SEAT: o->seat = optarg; break;
        case OPT_NAME: o->name = optarg; break;
        case OPT_SSH: o->ssh = optarg; break;
        case 'a': o->ascii = true; break;
        case 'n': o->no_save = true; break;
        case 'l': o->list = true; break;
        case 'X': o->restricted = true; break;
        case 'P': o->player = optarg; break;
        case 'S': o->save_dir = optarg; break;
        case 'h': usage(stdout); exit(EXIT_OK);
        case 'V': printf("cellmate %s\n", PACKAGE_VERSION); exit(EXIT_OK);
        case ':':
            safe_printf(stderr,
                        "cellmate: %s needs an argument (cellmate --help lists the options)\n",
                        argv[optind - 1]);
            return EXIT_USAGE;
        default:
            safe_printf(stderr,
                        "cellmate: unknown option '%s' (cellmate --help lists the options)\n",
                        argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    if ((rc = positional_arguments(argc, argv, o)) != EXIT_OK) return rc;
    if (o->divide && o->perft_depth < 0) {
        safe_printf(stderr, "cellmate: --divide goes with --perft N\n");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

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

/* --ai SIDE[,SIDE...]: the session's ai command for each side named. */
static bool computer_sides(Session *s, const Options *o)
{
    for (int i = 0; i < o->nai; i++) {
        char list[256];
        Sink sink = {sink_discard, ai_err, (void *)o->ai_sides[i]};
        snprintf(list, sizeof list, "%s", o->ai_sides[i]);
        char *save = NULL, *side = strtok_r(list, ",", &save);
        if (!side) return ai_err(&sink, "ai needs a side"), false;
        for (; side; side = strtok_r(NULL, ",", &save))
            if (!session_command(s, "ai", side, &sink)) return false;
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
    if (!name_players(s, o) || !computer_sides(s, o)) return EXIT_USAGE;
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
    if (!r) s.list_saves = autosave_list_saves;   /* (a restricted load lists the player's) */
    if (!s.ai.nodes && !s.ai.depth && !s.ai.seed) /* a level's choices differ from game to game */
        s.ai.seed = (uint64_t)time(NULL) << 16 ^ (uint64_t)getpid();
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
    int rc = parse_options(argc, argv, o);
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
