/* variant_base.c — `base = NAME` inheritance: the base variant's text (from the caller's
 * resolver; the core reads no files) is read first, its own bases before it, and the
 * inheriting file's keys are laid over it: a key replaces the base's, a section is added
 * after the base's. */
#include "variant_load_int.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Lay the keys of L over those of B, the file L inherits from, and keep the result in L:
 * a key L gives replaces B's, a section L adds comes after B's. */
static void overlay(Loader *L, Loader *B)
{
    for (int i = 0; i < L->n && !B->failed; i++) {
        Entry *e = &L->e[i], *have = NULL;
        for (int j = 0; j < B->n && !have; j++)
            if (!strcmp(B->e[j].section, e->section) && !strcmp(B->e[j].key, e->key))
                have = &B->e[j];
        if (!have) {
            if (B->n == B->cap) {
                int nc = B->cap ? 2 * B->cap : 64;
                Entry *ne = realloc(B->e, (size_t)nc * sizeof *ne);
                if (!ne) {
                    lerr(B, 0, "out of memory");
                    break;
                }
                B->e = ne;
                B->cap = nc;
            }
            have = &B->e[B->n++];
            *have = *e;
        } else {
            free(have->value);
            *have = *e;
        }
        e->value = NULL;
    }
    for (int s = 0; s < L->nsections; s++) {
        int have = -1;
        for (int t = 0; t < B->nsections && have < 0; t++)
            if (!strcmp(B->sections[t], L->sections[s])) have = t;
        if (have < 0 && B->nsections < MAX_SECTIONS) {
            have = B->nsections++;
            memcpy(B->sections[have], L->sections[s], sizeof B->sections[have]);
        }
        if (have >= 0) B->section_line[have] = L->section_line[s];
    }
    free_entries(L);
    L->e = B->e;
    L->n = B->n;
    L->cap = B->cap;
    memcpy(L->sections, B->sections, sizeof L->sections);
    memcpy(L->section_line, B->section_line, sizeof L->section_line);
    L->nsections = B->nsections;
    B->e = NULL;
    B->n = B->cap = 0;
}

/* [variant] base = NAME: read that variant's file (and its own bases) first and lay this
 * file's keys over it. */
void apply_base(Loader *L, int depth)
{
    Entry *e = NULL;
    for (int i = 0; i < L->n && !e; i++)
        if (!strcmp(L->e[i].section, "variant") && !strcmp(L->e[i].key, "base") &&
            (L->e[i].line >> LINE_BITS) == L->file)
            e = &L->e[i];
    if (!e) return;
    e->used = true;
    char path[MAX_TEXT], err[512];
    const char *name = e->value;
    bool ok = *name && strlen(name) < MAX_NAME;
    for (const char *p = name; *p && ok; p++)
        ok = isalnum((unsigned char)*p) || *p == '-' || *p == '_';
    if (!ok) {
        lerr(L, e->line, "base is a variant's name (letters, digits, - and _), not '%s'", name);
        return;
    }
    if (depth >= MAX_BASE_DEPTH || L->src->n > MAX_BASE_DEPTH) {
        lerr(L, e->line, "base: more than %d files inherit from one another (a loop?)",
             MAX_BASE_DEPTH);
        return;
    }
    if (!L->resolver) {
        lerr(L, e->line, "base variant '%s' not found (this variant was not read from a file)",
             name);
        return;
    }
    char *text =
        L->resolver->text(L->resolver->ctx, L->fname, name, path, sizeof path, err, sizeof err);
    if (!text) {
        lerr(L, e->line, "%s", err);
        return;
    }
    for (int i = 0; i < L->src->n; i++)
        if (!strcmp(L->src->name[i], path)) {
            free(text);
            lerr(L, e->line, "base: '%s' inherits from itself (a loop of bases)", name);
            return;
        }
    Loader *B = calloc(1, sizeof *B);
    if (!B) {
        free(text);
        lerr(L, e->line, "out of memory");
        return;
    }
    B->src = L->src;
    B->resolver = L->resolver;
    B->file = L->src->n++;
    snprintf(L->src->name[B->file], MAX_TEXT, "%s", path);
    B->fname = L->src->name[B->file];
    B->text = text;
    parse_text(B);
    if (!B->failed) apply_base(B, depth + 1);
    if (!B->failed) overlay(L, B);
    if (B->failed) {
        snprintf(L->err, sizeof L->err, "%s", B->err);
        L->failed = true;
    }
    free_entries(B);
    free(B);
    free(text);
}
