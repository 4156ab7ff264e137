/* fuzz_util.c — the helpers of fuzz_util.h and the table of targets of targets.h. */
#include "fuzz_util.h"

#include "fen.h"
#include "movegen.h"
#include "notation.h"
#include "paths.h"
#include "render.h"
#include "targets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CELLMATE_SOURCE_VARIANTS
#define CELLMATE_SOURCE_VARIANTS "variants"
#endif

#define FUZZ_ENTRY(name) {#name, fuzz_target_##name},
const FuzzTarget fuzz_targets[] = {FUZZ_TARGETS(FUZZ_ENTRY){NULL, NULL}};

const FuzzTarget *fuzz_find(const char *name)
{
    for (const FuzzTarget *t = fuzz_targets; name && t->name; t++)
        if (!strcmp(t->name, name)) return t;
    return NULL;
}

#define MAX_FUZZ_VARIANTS 64

static char names[MAX_FUZZ_VARIANTS][MAX_NAME];
static Variant *variants[MAX_FUZZ_VARIANTS];
static int nvariants;

void fuzz_setup(void)
{
    /* only the variants under test: no user's or installed files */
    setenv("CELLMATE_VARIANTS", CELLMATE_SOURCE_VARIANTS, 1);
    setenv("XDG_DATA_HOME", "/nonexistent/cellmate-fuzz", 1);
    nvariants = variant_names(names, MAX_FUZZ_VARIANTS);
    fuzz_require(nvariants > 0, "no variant found in " CELLMATE_SOURCE_VARIANTS);
}

const char *fuzz_variant_name(uint8_t pick)
{
    return names[pick % nvariants];
}

const Variant *fuzz_variant(uint8_t pick)
{
    int i = pick % nvariants;
    if (!variants[i]) {
        char err[600];
        bool unreadable;
        variants[i] = variant_open(names[i], err, sizeof err, &unreadable);
        if (!variants[i]) fprintf(stderr, "fuzz: %s: %s\n", names[i], err);
        fuzz_require(variants[i] != NULL, "a variant of the source tree loads");
    }
    return variants[i];
}

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    fuzz_require(s != NULL, "memory for the input");
    memcpy(s, data, size);
    s[size] = 0;
    return s;
}

void fuzz_require(bool ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "fuzz: broken: %s\n", what);
    abort();
}

static void check_fen(const Position *pos)
{
    char fen[FEN_MAX], again[FEN_MAX], err[300];
    Position back;
    fen_write(pos, fen, sizeof fen);
    if (!fen_read(&back, pos->v, fen, err, sizeof err)) fprintf(stderr, "fuzz: %s: %s\n", fen, err);
    fuzz_require(fen_read(&back, pos->v, fen, err, sizeof err), "a written position string reads");
    fen_write(&back, again, sizeof again);
    fuzz_require(!strcmp(fen, again), "a position string reads back to itself");
}

static void check_moves(Position *pos)
{
    static MoveList ml; /* the targets run in one thread */
    char san[MOVE_TEXT_MAX], err[NOTE_ERR_MAX];
    gen_legal(pos, &ml);
    uint64_t key = pos->hash;
    for (int i = 0; i < ml.n; i++) {
        Move m = ml.m[i], back;
        move_san(pos, m, san);
        bool warn;
        enum parse_status st = move_parse(pos, san, &back, err, sizeof err, &warn);
        if (st != PARSE_OK || !move_equal(m, back)) fprintf(stderr, "fuzz: %s: %s\n", san, err);
        fuzz_require(st == PARSE_OK && move_equal(m, back), "a move's SAN reads back to it");
        Undo u;
        play_move(pos, m, &u);
        fuzz_require(pos->hash == pos_compute_hash(pos), "the key after a move is right");
        pos_unmake(pos, &u);
        fuzz_require(pos->hash == key, "unmake restores the key");
    }
}

void fuzz_check_position(Position *pos)
{
    check_fen(pos);
    check_moves(pos);
    RenderOpts o;
    TextGrid g;
    memset(&o, 0, sizeof o);
    o.coords = true;
    if (render_board(pos, &o, &g)) {
        free(textgrid_string(&g, true));
        textgrid_free(&g);
    }
}
