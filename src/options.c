/* options.c — the command line: the options, their checks and messages, and --help. */
#include "config.h"

#include "options.h"

#include "number.h"
#include "safe_text.h"
#include "variant_default.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int options_parse(int argc, char **argv, Options *o)
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
