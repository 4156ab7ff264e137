/* variant_load.c — a variant from its text: the entries are collected (variant_read.c), the
 * bases laid under them (variant_base.c), then the sections interpreted in dependency order
 * (board before zones before pieces before setup), so a file may list its sections in any
 * order and every message can name the line it is about; then the moves are compiled.
 * Reading a variant's file is src/record/variant_file.c. */
#include "variant_load_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_sections(Loader *L)
{
    static const char *known[] = {"variant", "board", "players", "rules", "setup", "view"};
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        bool ok =
            !strncmp(sec, "piece ", 6) || !strncmp(sec, "zone ", 5) || !strncmp(sec, "castle ", 7);
        for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) ok |= !strcmp(sec, known[i]);
        if (!ok)
            lerr(L, L->section_line[s],
                 "unknown section [%s] (expected variant, board, players, zone NAME, piece X, "
                 "castle O-O, rules, setup, view)",
                 sec);
    }
}

static void check_unused(Loader *L)
{
    for (int i = 0; i < L->n && !L->failed; i++)
        if (!L->e[i].used)
            lerr(L, L->e[i].line, "unknown key '%s' in [%s]", L->e[i].key, L->e[i].section);
}

static Variant *load(Loader *L, const char *name, char *err, int errlen)
{
    Variant *v = calloc(1, sizeof *v);
    if (!v) {
        snprintf(err, errlen, "%s: out of memory", L->fname);
        return NULL;
    }
    if (strlen(name) >= MAX_NAME)
        lerr(L, 0, "the file's name (without .ini) has more than %d characters", MAX_NAME - 1);
    snprintf(v->name, MAX_NAME, "%s", name);
    Sources src = {.n = 1};
    snprintf(src.name[0], MAX_TEXT, "%s", L->fname);
    L->src = &src;
    parse_text(L);
    if (!L->failed) apply_base(L, 0);
    if (!L->failed) check_sections(L);
    if (!L->failed) load_variant_section(L, v);
    if (!L->failed) load_board(L, v);
    if (!L->failed) load_players(L, v);
    if (!L->failed) load_zones(L, v);
    if (!L->failed) load_pieces(L, v);
    if (!L->failed) eval_zones(L, v);
    if (!L->failed) load_castles(L, v);
    if (!L->failed) load_rules(L, v);
    if (!L->failed) load_view(L, v);
    if (!L->failed) load_setup(L, v);
    if (!L->failed) check_unused(L);
    if (!L->failed) {
        char cerr[256];
        if (!variant_compile(v, cerr, sizeof cerr)) lerr(L, 0, "%s", cerr);
    }
    free_entries(L);
    if (L->failed) {
        snprintf(err, errlen, "%s", L->err);
        variant_free(v);
        return NULL;
    }
    return v;
}

Variant *variant_load_text(const char *text, const char *file, const char *name,
                           const VariantResolver *resolver, char *err, int errlen)
{
    Loader L;
    memset(&L, 0, sizeof L);
    L.fname = file;
    L.text = text;
    L.resolver = resolver;
    return load(&L, name, err, errlen);
}

Variant *variant_load_string(const char *text, const char *name, char *err, int errlen)
{
    return variant_load_text(text, name, name, NULL, err, errlen);
}

void *variant_array(Variant *v, size_t n, size_t size)
{
    void **na = realloc(v->allocs, (size_t)(v->nallocs + 1) * sizeof *na);
    if (!na) return NULL;
    v->allocs = na;
    void *t = calloc(n ? n : 1, size);
    if (t) v->allocs[v->nallocs++] = t;
    return t;
}

void *variant_cells(Variant *v, int players, size_t size)
{
    return variant_array(v, (size_t)players * ((size_t)v->board.ncells + 1), size);
}

void variant_free(Variant *v)
{
    if (!v) return;
    for (int i = 0; i < v->nallocs; i++) free(v->allocs[i]);
    free(v->allocs);
    board_free(&v->board);
    free(v);
}

int variant_zone(const Variant *v, const char *name)
{
    for (int z = 0; z < v->nzones; z++)
        if (!strcmp(v->zone[z].name, name)) return z;
    return -1;
}

int variant_side_named(const Variant *v, const char *name)
{
    for (int p = 0; p < v->nplayers; p++)
        if (!strcasecmp(v->player_name[p], name)) return p;
    return -1;
}

void variant_sides_list(const Variant *v, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int p = 0; p < v->nplayers && n < len; p++)
        n += (size_t)snprintf(out + n, len - n, "%s%s", p ? ", " : "", v->player_name[p]);
}
