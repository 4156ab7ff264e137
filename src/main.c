/* main.c — command-line entry: parses options and hands over to perft, variant checking,
 * listing, or a game. */
#include "config.h"

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "paths.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_VARIANT "haynie"

enum exit_code { EXIT_OK = 0, EXIT_REJECTED = 1, EXIT_USAGE = 2 };

typedef struct {
    const char *variant;
    const char *fen;
    int perft_depth;
    bool divide;
    const char *check_variant;
    bool list;
} Options;

static void usage(FILE *f)
{
    fprintf(f, "Usage: cellmate [OPTIONS] [VARIANT]\n"
               "Chess variants on hexagonal, triangular and ring boards.\n\n"
               "  --variant V          play variant V (name or path to a .ini file)\n"
               "  --fen F              start from position string F\n"
               "  --perft N            count move sequences of length N; last line is\n"
               "                       'perft N: COUNT (S s, NPS nps)'\n"
               "  --divide             with --perft: one 'MOVE: COUNT' line per move first\n"
               "  --check-variant FILE validate a variant file (exit 0 valid, 1 invalid,\n"
               "                       2 unreadable)\n"
               "  --list               list the variants\n"
               "  --help, --version\n\n"
               "The default variant is " DEFAULT_VARIANT ". See cellmate(6).\n");
}

static int parse_options(int argc, char **argv, Options *o)
{
    static const struct option longopts[] = {
        {"variant", required_argument, NULL, 'v'},
        {"fen", required_argument, NULL, 'f'},
        {"perft", required_argument, NULL, 'p'},
        {"divide", no_argument, NULL, 'd'},
        {"check-variant", required_argument, NULL, 'c'},
        {"list", no_argument, NULL, 'l'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    memset(o, 0, sizeof *o);
    o->perft_depth = -1;
    while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (ch) {
        case 'v': o->variant = optarg; break;
        case 'f': o->fen = optarg; break;
        case 'p': {
            char *end;
            long n = strtol(optarg, &end, 10);
            if (*end || end == optarg || n < 0 || n > 20) {
                fprintf(stderr, "cellmate: --perft needs a depth from 0 to 20, not '%s'\n", optarg);
                return EXIT_USAGE;
            }
            o->perft_depth = (int)n;
            break;
        }
        case 'd': o->divide = true; break;
        case 'c': o->check_variant = optarg; break;
        case 'l': o->list = true; break;
        case 'h': usage(stdout); exit(EXIT_OK);
        case 'V': printf("cellmate %s\n", PACKAGE_VERSION); exit(EXIT_OK);
        default: usage(stderr); return EXIT_USAGE;
        }
    }
    if (optind < argc) {
        if (o->variant || optind + 1 < argc) {
            fprintf(stderr, "cellmate: unexpected argument '%s'\n", argv[optind]);
            return EXIT_USAGE;
        }
        o->variant = argv[optind];
    }
    if (o->divide && o->perft_depth < 0) {
        fprintf(stderr, "cellmate: --divide goes with --perft N\n");
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

static int check_variant(const char *path)
{
    char err[600];
    bool unreadable;
    Variant *v = variant_open(path, err, sizeof err, &unreadable);
    if (!v) {
        fprintf(stderr, "cellmate: %s\n", err);
        return unreadable ? EXIT_USAGE : EXIT_REJECTED;
    }
    printf("%s: ok (%s, %d cells, %d players, %d pieces)\n", path, v->title, v->board.ncells,
           v->nplayers, v->ntypes);
    variant_free(v);
    return EXIT_OK;
}

static int list_variants(void)
{
    static char names[256][MAX_NAME];
    int n = variant_names(names, 256);
    for (int i = 0; i < n; i++) {
        char err[600];
        bool unreadable;
        Variant *v = variant_open(names[i], err, sizeof err, &unreadable);
        if (!v) {
            printf("%-18s (broken: %s)\n", names[i], err);
            continue;
        }
        printf("%-18s %s%s\n", names[i], v->summary[0] ? v->summary : v->title,
               v->reconstructed ? " [reconstructed array]" : "");
        variant_free(v);
    }
    return EXIT_OK;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int run_perft(Position *pos, int depth, bool divide)
{
    double t0 = now_seconds();
    uint64_t total = 0;
    if (divide && depth > 0) {
        MoveList ml;
        gen_legal(pos, &ml);
        for (int i = 0; i < ml.n; i++) {
            char text[MOVE_TEXT_MAX];
            Undo u;
            move_long(pos, ml.m[i], text);
            play_move(pos, ml.m[i], &u);
            uint64_t n = perft(pos, depth - 1);
            pos_unmake(pos, &u);
            printf("%s: %llu\n", text, (unsigned long long)n);
            total += n;
        }
    } else {
        total = perft(pos, depth);
    }
    double secs = now_seconds() - t0;
    double nps = secs > 0 ? (double)total / secs : 0;
    printf("perft %d: %llu (%.3f s, %.0f nps)\n", depth, (unsigned long long)total, secs, nps);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    Options o;
    int rc = parse_options(argc, argv, &o);
    if (rc != EXIT_OK) return rc;
    if (o.check_variant) return check_variant(o.check_variant);
    if (o.list) return list_variants();

    char err[600];
    bool unreadable;
    Variant *v =
        variant_open(o.variant ? o.variant : DEFAULT_VARIANT, err, sizeof err, &unreadable);
    if (!v) {
        fprintf(stderr, "cellmate: %s\n", err);
        return EXIT_USAGE;
    }
    Position pos;
    pos_init(&pos, v);
    if (o.fen && !fen_read(&pos, v, o.fen, err, sizeof err)) {
        fprintf(stderr, "cellmate: bad --fen for %s: %s\n", v->name, err);
        variant_free(v);
        return EXIT_USAGE;
    }
    if (o.perft_depth >= 0) {
        rc = run_perft(&pos, o.perft_depth, o.divide);
    } else {
        char fen[FEN_MAX];
        MoveList ml;
        fen_write(&pos, fen, sizeof fen);
        printf("%s\n%s\n", v->title, fen);
        gen_legal(&pos, &ml);
        for (int i = 0; i < ml.n; i++) {
            char text[MOVE_TEXT_MAX];
            move_long(&pos, ml.m[i], text);
            printf("%s%s", i ? " " : "", text);
        }
        printf("\n");
    }
    variant_free(v);
    return rc;
}
