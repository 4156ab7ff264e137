/* unit_rewrite.c — every shipped variant file, rewritten in the short form (zone
 * descriptions, mirror and rotate, base = inheritance), compiles to exactly the variant the
 * long form did: the files as they were before the rewrite are kept in
 * tests/data/variants-before/, and both are loaded and written out field by field (board,
 * players, every kind with its promotion and dead-cell tables, every zone cell by cell,
 * castling, rules, the starting array and position string) and compared. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "testutil.h"

static const char *names[] = {
    "chess",           "chessagon",      "cyclohexane",
    "glinski",         "haynie",         "mccooey",
    "peanut",          "hr-glinski",     "hr-glinski-foh",
    "hr-liuyang",      "hr-liuyang-foh", "hr-mccooey",
    "hr-mccooey-foh",  "hr-mccooey3",    "hr-mccooey3-foh",
    "hr-trios",        "hr-trios-foh",   "hr-wellisch",
    "hr-wellisch-foh", "hr-wellisch3",   "hr-wellisch3-foh",
};

typedef struct {
    char *buf;
    size_t len, cap;
} Out;

static void put(Out *o, const char *fmt, ...)
{
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && n < (int)sizeof line);
    if (o->len + (size_t)n + 1 > o->cap) {
        o->cap = (o->len + (size_t)n + 1) * 2;
        o->buf = realloc(o->buf, o->cap);
        assert_non_null(o->buf);
    }
    memcpy(o->buf + o->len, line, (size_t)n + 1);
    o->len += (size_t)n;
}

static const char *zone_name(const Variant *v, int z)
{
    return z < 0 ? "-" : v->zone[z].name;
}

static void cells_of(Out *o, const Variant *v, const char *what, const bool *set)
{
    put(o, "%s:", what);
    for (int c = 1; c <= v->board.ncells; c++)
        if (set[c]) put(o, " %s", v->board.name[c]);
    put(o, "\n");
}

/* Everything a game reads from the variant, zones by name (their order may differ). */
static void dump(Out *o, const Variant *v, const Variant *zones_of)
{
    const Board *b = &v->board;
    put(o, "board %d cells %d dirs %d rows\n", b->ncells, b->ndirs, b->nrows);
    for (int c = 1; c <= b->ncells; c++) put(o, "%s/%d ", b->name[c], b->colour[c]);
    put(o, "\nplayers %d\n", v->nplayers);
    for (int p = 0; p < v->nplayers; p++)
        put(o, "%s %c %d\n", v->player_name[p], v->player_letter[p], v->forward_hour[p]);
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *t = &v->type[k];
        put(o, "kind %d %c %s [%s] royal %d pawn %d ep %d fwd %d ret %d as %c value %d\n", k,
            t->letter, t->name, t->moves_text, t->royal, t->pawn, t->en_passant, t->forward_hour,
            t->returns, v->type[t->returns_as].letter, t->value);
        put(o, " promo auto %d pool %d must %s may %s forbidden %s initial %s fresh %d%d to",
            t->promo_auto, t->promo_from_pool, zone_name(v, t->promo_must_zone),
            zone_name(v, t->promo_may_zone), zone_name(v, t->forbidden_zone),
            zone_name(v, t->initial_zone), t->fresh_at_start, t->fresh_on_drop);
        for (int i = 0; i < t->npromo; i++) put(o, " %c", v->type[t->promo_to[i]].letter);
        put(o, " excludes");
        for (int x = 1; x <= v->ntypes; x++)
            if (t->exchange_excludes[x]) put(o, " %c", v->type[x].letter);
        put(o, "\n");
        for (int p = 0; p < v->nplayers; p++) {
            put(o, " %s promo/dead:", v->player_name[p]);
            for (int c = 1; c <= b->ncells; c++) put(o, "%d%d", t->promo[p][c], t->dead[p][c]);
            put(o, "\n");
        }
    }
    for (int z = 0; z < zones_of->nzones; z++) {
        int mine = variant_zone(v, zones_of->zone[z].name);
        assert_true(mine >= 0);
        for (int p = 0; p < v->nplayers; p++) {
            char what[80];
            snprintf(what, sizeof what, "zone %s %s", v->zone[mine].name, v->player_name[p]);
            cells_of(o, v, what, v->zone[mine].cell[p]);
        }
    }
    for (int i = 0; i < v->ncastles; i++) {
        const Castle *c = &v->castle[i];
        for (int p = 0; p < v->nplayers; p++) {
            put(o, "castle %s %s %d: %d %d %d %d empty", c->name, v->player_name[p], c->defined[p],
                c->king_from[p], c->king_to[p], c->rook_from[p], c->rook_to[p]);
            for (int j = 0; c->empty[p][j]; j++) put(o, " %d", c->empty[p][j]);
            put(o, " safe");
            for (int j = 0; c->safe[p][j]; j++) put(o, " %d", c->safe[p][j]);
            put(o, "\n");
        }
    }
    put(o, "rules %d %d %d %d drops %s rotate %d bound %d\n", v->stalemate, v->bare_king,
        v->repetition, v->move_rule, zone_name(v, v->drop_zone), v->view_rotate, v->move_bound);
    for (int p = 0; p < v->nplayers; p++)
        for (int k = 1; k <= v->ntypes; k++)
            if (v->setup_hand[p][k])
                put(o, "hand %d %c %d\n", p, v->type[k].letter, v->setup_hand[p][k]);
    Position pos;
    char fen[FEN_MAX];
    pos_init(&pos, v);
    fen_write(&pos, fen, sizeof fen);
    put(o, "start %s\n", fen);
    put(o, "title %s\nsummary %s\nsource %s\nnotes %s\nreconstructed %d\n", v->title, v->summary,
        v->source, v->notes, v->reconstructed);
}

static Variant *load(const char *dir, const char *name)
{
    char path[1024], err[600];
    const char *root = getenv("TESTS_DIR");
    snprintf(path, sizeof path, "%s/%s/%s.ini", dir[0] == 'v' ? getenv("VARIANTS_DIR") : root,
             dir[0] == 'v' ? "." : dir, name);
    Variant *v = variant_load_file(path, err, sizeof err);
    if (!v) fail_msg("%s", err);
    return v;
}

static void test_same_variant(void **state)
{
    const char *name = *state;
    Variant *before = load("data/variants-before", name);
    Variant *after = load("variants", name);
    Out a = {0}, b = {0};
    dump(&a, before, before);
    dump(&b, after, before);
    if (strcmp(a.buf, b.buf)) {
        /* the first line that differs */
        const char *p = a.buf, *q = b.buf;
        while (*p && *p == *q) p++, q++;
        while (p > a.buf && p[-1] != '\n') p--, q--;
        fail_msg("%s differs:\nbefore: %.300s\nafter:  %.300s", name, p, q);
    }
    free(a.buf);
    free(b.buf);
    variant_free(before);
    variant_free(after);
}

int main(void)
{
    struct CMUnitTest tests[sizeof names / sizeof names[0]];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        tests[i] = (struct CMUnitTest){names[i], test_same_variant, NULL, NULL, (void *)names[i]};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
