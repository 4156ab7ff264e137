/* variant_pieces.c — [piece X] sections: each kind's name, moves, promotion, capture rules
 * and the rest, in the order [variant] pieces gives (or the files' order). */
#include "variant_load_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const char *piece_keys = " name moves royal pawn en_passant forward promote_to promote_must "
                                "promote_may promote_auto promote_from forbidden captured "
                                "captured_as initial fresh exchange_excludes value ";

/* promote_auto replaces promote_must and promote_may: given in one file with one of them, it
 * is an error (one of the two would be ignored); from different files (base =), the key of
 * the inheriting file wins. Whether `zone` (promote_must or promote_may) gives way to it. */
static bool replaced_by_auto(Loader *L, const char *sec, const Entry *autoz, const Entry *zone)
{
    int fa = autoz->line >> LINE_BITS, fz = zone->line >> LINE_BITS;
    if (fa == fz)
        lerr(L, autoz->line,
             "[%s] gives promote_auto and %s (line %d); promote_auto replaces promote_must and "
             "promote_may, so give one or the other",
             sec, zone->key, zone->line & ((1 << LINE_BITS) - 1));
    return fa <= fz; /* a lower index is a file nearer the one being loaded */
}

/* promote_to, the promotion zones (or promote_auto), promote_from and forbidden. */
static void load_piece_promotion(Loader *L, Variant *v, const char *sec, PieceType *pt)
{
    Entry *e;
    if ((e = entry_get(L, sec, "promote_to"))) {
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            int k = kind_ref(L, v, e, word);
            for (int i = 0; i < pt->npromo && k; i++)
                if (pt->promo_to[i] == k) lerr(L, e->line, "'%s' is listed twice", word);
            if (k && !L->failed) pt->promo_to[pt->npromo++] = (uint8_t)k;
        }
    }
    pt->promo_must_zone = pt->promo_may_zone = pt->forbidden_zone = pt->initial_zone = -1;
    Entry *must = entry_get(L, sec, "promote_must"), *may = entry_get(L, sec, "promote_may");
    Entry *autoz = entry_get(L, sec, "promote_auto");
    if (autoz) {
        bool zone_newer = must && !replaced_by_auto(L, sec, autoz, must);
        if (may && !replaced_by_auto(L, sec, autoz, may)) zone_newer = true;
        int fa = autoz->line >> LINE_BITS;
        if (!zone_newer || (must && must->line >> LINE_BITS > fa)) must = NULL;
        if (!zone_newer || (may && may->line >> LINE_BITS > fa)) may = NULL;
        if (zone_newer) autoz = NULL;
    }
    if (must) pt->promo_must_zone = (int8_t)zone_ref(L, v, must);
    if (may) pt->promo_may_zone = (int8_t)zone_ref(L, v, may);
    if (autoz) {
        pt->promo_auto = true;
        pt->promo_may_zone = (int8_t)zone_ref(L, v, autoz);
    }
    if ((e = entry_get(L, sec, "promote_from"))) {
        static const char *const from[] = {"any", "pool"};
        if (parse_choice(L, e, from, 2) == 1) pt->promo_from_pool = true;
    }
    if ((pt->promo_must_zone >= 0 || pt->promo_may_zone >= 0) && !pt->npromo && !L->failed)
        lerr(L, section_line(L, sec), "[%s] promotes but has no 'promote_to'", sec);
    if ((e = entry_get(L, sec, "promote_to")) && pt->promo_must_zone < 0 &&
        pt->promo_may_zone < 0 && !L->failed)
        lerr(L, e->line,
             "[%s] has 'promote_to' but no promote_must, promote_may or promote_auto to say "
             "where it promotes",
             sec);
    if ((e = entry_get(L, sec, "forbidden"))) pt->forbidden_zone = (int8_t)zone_ref(L, v, e);
}

/* What a capture of this kind gives: captured and captured_as. */
static void load_piece_capture(Loader *L, Variant *v, const char *sec, PieceType *pt, int kind)
{
    Entry *e;
    if ((e = entry_get(L, sec, "captured"))) {
        static const char *const returns[] = {"gone", "hand", "pool"}; /* enum capture_return */
        int i = parse_choice(L, e, returns, 3);
        if (i >= 0) pt->returns = (enum capture_return)i;
    }
    pt->returns_as = (uint8_t)kind;
    if ((e = entry_get(L, sec, "captured_as")))
        pt->returns_as = (uint8_t)kind_ref(L, v, e, e->value);
}

/* Initial moves (initial, fresh), exchange_excludes and value. */
static void load_piece_rest(Loader *L, Variant *v, const char *sec, PieceType *pt)
{
    Entry *e;
    char w[8][64];
    if ((e = entry_get(L, sec, "initial"))) pt->initial_zone = (int8_t)zone_ref(L, v, e);
    if ((e = entry_get(L, sec, "fresh"))) {
        int n = split_words(e->value, w, 4);
        if (n > 2) lerr(L, e->line, "fresh lists start and/or drop, not '%s'", e->value);
        for (int i = 0; i < n && i < 2; i++) {
            if (!strcmp(w[i], "start"))
                pt->fresh_at_start = true;
            else if (!strcmp(w[i], "drop"))
                pt->fresh_on_drop = true;
            else
                lerr(L, e->line, "fresh lists start and/or drop, not '%s'", w[i]);
        }
    }
    if ((e = entry_get(L, sec, "exchange_excludes"))) {
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            int k = kind_ref(L, v, e, word);
            if (k) pt->exchange_excludes[k] = 1;
        }
    }
    pt->value = 0;
    if ((e = entry_get(L, sec, "value"))) parse_int(L, e, 0, 100000, &pt->value);
    for (int i = 0; i < pt->ncomp; i++) {
        if ((pt->comp[i].flags & CF_INITIAL) && pt->initial_zone < 0 && !pt->fresh_at_start &&
            !pt->fresh_on_drop)
            lerr(L, section_line(L, sec),
                 "[%s] has an initial (i) move but neither 'initial' nor 'fresh'", sec);
    }
}

static void load_piece(Loader *L, Variant *v, const char *sec, int kind)
{
    PieceType *pt = &v->type[kind];
    Entry *e;
    char err[256];
    check_keys(L, sec, piece_keys);
    copy_text(L, pt->name, NULL);
    if ((e = entry_need(L, sec, "name", "the piece's name"))) {
        if (strlen(e->value) >= MAX_NAME)
            lerr(L, e->line, "a piece's name has at most %d bytes (an accented letter takes two)",
                 MAX_NAME - 1);
        snprintf(pt->name, MAX_NAME, "%s", e->value);
    }
    if ((e = entry_get(L, sec, "forward")) && !parse_int(L, e, 1, 12, &pt->forward_hour)) return;
    if (!(e = entry_need(L, sec, "moves", "its moves in the move language, such as 'W* F*'")))
        return;
    snprintf(pt->moves_text, MAX_TEXT, "%s", e->value);
    if (!movelang_parse(v, e->value, pt, err, sizeof err) ||
        !variant_compile_directions(v, kind, err, sizeof err)) {
        lerr(L, e->line, "%s", err);
        return;
    }
    if ((e = entry_get(L, sec, "royal"))) parse_bool(L, e, &pt->royal);
    if ((e = entry_get(L, sec, "pawn"))) parse_bool(L, e, &pt->pawn);
    if ((e = entry_get(L, sec, "en_passant"))) parse_bool(L, e, &pt->en_passant);
    load_piece_promotion(L, v, sec, pt);
    load_piece_capture(L, v, sec, pt, kind);
    load_piece_rest(L, v, sec, pt);
}

/* [variant] pieces = G D R ...: the kinds of the game in order (the order of hands and pools
 * in position strings). A kind a base file defines and this list leaves out is not part of
 * the game; one this very file defines must be listed. */
static bool piece_listed(Loader *L, int s, const char *letter)
{
    Entry *e = entry_get(L, "variant", "pieces");
    if (!e) return true;
    char w[MAX_KINDS + 8][64];
    int n = split_words(e->value, w, MAX_KINDS + 8);
    for (int i = 0; i < n && i < MAX_KINDS + 8; i++)
        if (!strcmp(w[i], letter)) return true;
    if ((L->section_line[s] >> LINE_BITS) == 0) {
        lerr(L, L->section_line[s], "[piece %s] is not in the list of [variant] pieces", letter);
        return false;
    }
    for (int i = 0; i < L->n; i++)
        if (!strcmp(L->e[i].section, L->sections[s])) L->e[i].used = true;
    return false;
}

/* The piece sections in the order of [variant] pieces, when it is given. */
static void order_pieces(Loader *L)
{
    Entry *e = entry_get(L, "variant", "pieces");
    if (!e) return;
    char w[MAX_KINDS + 8][64];
    int n = split_words(e->value, w, MAX_KINDS + 8), at = 0;
    if (n > MAX_KINDS) {
        lerr(L, e->line, "too many pieces (at most %d)", MAX_KINDS);
        return;
    }
    for (int i = 0; i < n && !L->failed; i++) {
        char sec[80];
        if (snprintf(sec, sizeof sec, "piece %.8s", w[i]) >= (int)sizeof sec) return;
        int s = 0;
        while (s < L->nsections && strcmp(L->sections[s], sec)) s++;
        if (s == L->nsections) {
            lerr(L, e->line, "pieces lists '%s', but there is no [piece %s]", w[i], w[i]);
            return;
        }
        /* move section s to the first piece slot not yet taken */
        while (at < L->nsections && strncmp(L->sections[at], "piece ", 6)) at++;
        if (s < at) {
            lerr(L, e->line, "pieces lists '%s' twice", w[i]);
            return;
        }
        char name[64];
        int line = L->section_line[s];
        memcpy(name, L->sections[s], 64);
        memmove(L->sections[at + 1], L->sections[at], (size_t)(s - at) * 64);
        memmove(&L->section_line[at + 1], &L->section_line[at], (size_t)(s - at) * sizeof(int));
        memcpy(L->sections[at], name, 64);
        L->section_line[at] = line;
        at++;
    }
}

void load_pieces(Loader *L, Variant *v)
{
    order_pieces(L);
    /* letters first, so that promote_to and captured_as can name any piece */
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "piece ", 6)) continue;
        const char *letter = sec + 6;
        if (!piece_listed(L, s, letter)) continue;
        if (strlen(letter) != 1 || !isupper((unsigned char)letter[0])) {
            lerr(L, L->section_line[s], "piece sections are [piece X] with X an upper-case letter");
            return;
        }
        if (v->kind_of_letter[(int)letter[0]]) {
            lerr(L, L->section_line[s], "piece letter %s defined twice", letter);
            return;
        }
        if (v->ntypes >= MAX_KINDS) {
            lerr(L, L->section_line[s], "too many pieces (at most %d)", MAX_KINDS);
            return;
        }
        v->ntypes++;
        v->type[v->ntypes].letter = letter[0];
        v->kind_of_letter[(int)letter[0]] = (uint8_t)v->ntypes;
    }
    if (!v->ntypes) {
        lerr(L, 0, "no pieces: add [piece K] sections");
        return;
    }
    for (int k = 1; k <= v->ntypes && !L->failed; k++) {
        char sec[16];
        snprintf(sec, sizeof sec, "piece %c", v->type[k].letter);
        load_piece(L, v, sec, k);
    }
}
