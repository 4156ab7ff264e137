/* testutil.c — shared helpers of the unit tests (see testutil.h). */
#include "testutil.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Variant *tu_variant(const char *name)
{
    char path[1024], err[600];
    const char *dir = getenv("VARIANTS_DIR");
    snprintf(path, sizeof path, "%s/%s.ini", dir ? dir : "variants", name);
    Variant *v = variant_load_file(path, err, sizeof err);
    if (!v) fail_msg("cannot load %s: %s", path, err);
    return v;
}

Variant *tu_variant_text(const char *text)
{
    char err[600];
    Variant *v = variant_load_string(text, "test.ini", err, sizeof err);
    if (!v) fail_msg("cannot load test variant: %s", err);
    return v;
}

void tu_setup(Position *pos, const Variant *v, const char *desc, int to_move)
{
    char buf[2048];
    pos_init(pos, v);
    memset(pos->board, 0, sizeof pos->board);
    memset(pos->royal, 0, sizeof pos->royal);
    pos->castling = 0;
    snprintf(buf, sizeof buf, "%s", desc);
    char *save = NULL;
    for (char *part = strtok_r(buf, ";", &save); part; part = strtok_r(NULL, ";", &save)) {
        char *colon = strchr(part, ':');
        if (!colon) fail_msg("setup part without 'Player:': %s", part);
        *colon = 0;
        while (*part == ' ') part++;
        int owner = -1;
        for (int p = 0; p < v->nplayers; p++)
            if (!strcmp(v->player_name[p], part)) owner = p;
        if (owner < 0) fail_msg("unknown player '%s'", part);
        int kind = 0;
        char *s2 = NULL;
        for (char *t = strtok_r(colon + 1, " ,", &s2); t; t = strtok_r(NULL, " ,", &s2)) {
            if (isupper((unsigned char)t[0])) {
                kind = v->kind_of_letter[(int)t[0]];
                if (!kind) fail_msg("unknown piece letter in '%s'", t);
                t++;
                if (!*t) continue;
            }
            Cell c = board_cell(&v->board, t);
            if (!c) fail_msg("unknown cell '%s'", t);
            pos->board[c] = MAKE_PIECE(owner, kind);
            if (v->type[kind].royal) pos->royal[owner] = c;
        }
    }
    pos->stm = (uint8_t)to_move;
    pos->hash = pos_compute_hash(pos);
}

static int cmp_cells(const void *a, const void *b)
{
    return *(const Cell *)a - *(const Cell *)b;
}

/* Results live in a small ring of buffers, so that two of them can meet in one assertion. */
static char *next_buffer(void)
{
    static char ring[8][4096];
    static int i;
    i = (i + 1) % 8;
    return ring[i];
}

const char *tu_targets(Position *pos, const char *from)
{
    char *out = next_buffer();
    MoveList ml;
    Cell f = board_cell(&pos->v->board, from), cells[MAX_MOVES];
    int n = 0;
    if (!f) fail_msg("unknown cell '%s'", from);
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == f) cells[n++] = ml.m[i].to;
    qsort(cells, (size_t)n, sizeof cells[0], cmp_cells);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i && cells[i] == cells[i - 1]) continue;
        if (out[0]) strcat(out, " ");
        strcat(out, pos->v->board.name[cells[i]]);
    }
    return out;
}

int tu_count_from(Position *pos, const char *from)
{
    MoveList ml;
    Cell f = board_cell(&pos->v->board, from);
    int n = 0;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) n += ml.m[i].from == f;
    return n;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

const char *tu_sorted(const char *words)
{
    char *out = next_buffer();
    char buf[4096], *w[512], *save = NULL;
    int n = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *t = strtok_r(buf, " ", &save); t && n < 512; t = strtok_r(NULL, " ", &save))
        w[n++] = t;
    qsort(w, (size_t)n, sizeof w[0], cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++) {
        if (i) strcat(out, " ");
        strcat(out, w[i]);
    }
    return out;
}
