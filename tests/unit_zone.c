/* unit_zone.c — the shorter variant format: zone descriptions (ranks, files, the rim,
 * distances, other zones, a piece's promotion cells, +, - and &), mirror and rotate for
 * zones, setups and castling, and `base =` inheritance with `pieces =` (from files, and from
 * a caller's resolver with no files); each mistake gets its message. Cell sets are checked against
 * lists counted by hand from the board diagrams of cellmate-variants(5). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fen.h"
#include "testutil.h"

/* Glinski's board with one zone z described by `desc` for White (and Black as given). */
static char *file_with_zone(const char *white, const char *black)
{
    static char text[4096];
    snprintf(text, sizeof text,
             "[variant]\ntitle = T\n[board]\nfamily = hex\nframe = flat\nletters = abcdefghikl\n"
             "shape = hexagon f6 5\n[players]\nnames = White Black\nforward = 12 6\n"
             "[zone z]\nWhite = %s\n%s%s%s"
             "[zone last]\nBlack = rank 1\nWhite = mirror Black\n"
             "[piece K]\nname = King\nmoves = W F\nroyal = yes\n"
             "[piece P]\nname = Pawn\nmoves = W@0\npawn = yes\npromote_to = K\n"
             "promote_must = last\n"
             "[setup]\nWhite = K g1\nBlack = K g10\n",
             white, black ? "Black = " : "", black ? black : "", black ? "\n" : "");
    return text;
}

/* The cells of zone z for a player, in board order. */
static const char *zone_cells(const char *white, const char *black, int player)
{
    static char out[4096];
    Variant *v = tu_variant_text(file_with_zone(white, black));
    int z = variant_zone(v, "z");
    out[0] = 0;
    for (int c = 1; c <= v->board.ncells; c++)
        if (v->zone[z].cell[player][c]) {
            if (out[0]) strcat(out, " ");
            strcat(out, v->board.name[c]);
        }
    variant_free(v);
    return out;
}

static const char *error_of(const char *text)
{
    static char err[600];
    Variant *v = variant_load_string(text, "z.ini", err, sizeof err);
    if (v) {
        variant_free(v);
        return "(loaded)";
    }
    return err;
}

static void test_terms(void **state)
{
    (void)state;
    assert_string_equal(zone_cells("rank 1", NULL, 0), "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1");
    assert_string_equal(zone_cells("rank 7..99", NULL, 0),
                        "b7 c7 c8 d7 d8 d9 e7 e8 e9 e10 f7 f8 f9 f10 f11 g7 g8 g9 g10 h7 h8 h9 "
                        "i7 i8 k7");
    assert_string_equal(zone_cells("file a", NULL, 0), "a1 a2 a3 a4 a5 a6");
    assert_string_equal(zone_cells("files k..l", NULL, 0),
                        "k1 k2 k3 k4 k5 k6 k7 l1 l2 l3 l4 l5 l6");
    /* the 30 cells of the rim of the 91-cell board */
    assert_string_equal(zone_cells("rim & file f", NULL, 0), "f1 f11");
    assert_string_equal(zone_cells("rim - rank 1 - file a - file l", NULL, 0),
                        "b7 c8 d9 e10 f11 g10 h9 i8 k7");
    assert_string_equal(zone_cells("within 1 of f6", NULL, 0), "e5 e6 f5 f6 f7 g5 g6");
    assert_string_equal(zone_cells("within 5 of f6 - board", NULL, 0), "");
    assert_string_equal(zone_cells("within 0 of rim & rank 2", NULL, 0), "a2 l2");
    assert_string_equal(zone_cells("(a1 b1 c1) - (b1 + c1) c2", NULL, 0), "a1 c2");
    assert_string_equal(zone_cells("a1, a2 & a2", NULL, 0), "a2");
    assert_string_equal(zone_cells("zone last", NULL, 0), "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6");
    /* the pawn promotes where its zone says */
    assert_string_equal(zone_cells("promotion P", NULL, 1), "");
    assert_string_equal(zone_cells("promotion P", "promotion P", 1),
                        "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1");
    assert_string_equal(zone_cells("promotion K", NULL, 0), "");
}

static void test_mirror_and_rotate(void **state)
{
    (void)state;
    /* top to bottom on the flat frame: a cell keeps its file */
    assert_string_equal(zone_cells("a1 f1 f3 k2", "mirror", 1), "a6 f9 f11 k6");
    /* half a turn: the file letter is reflected too */
    assert_string_equal(zone_cells("a1 f1 f3 k2", "rotate", 1), "b6 f9 f11 l6");
    assert_string_equal(zone_cells("a1", "mirror White", 1), "a6");
}

static void test_promotion_auto(void **state)
{
    (void)state;
    /* a forward-only wazir with promote_auto on the rim: it must promote where it cannot move
     * on (the top edge) and may where every cell it reaches is on the rim */
    Variant *v = tu_variant_text(
        "[variant]\ntitle = T\n[board]\nfamily = hex\nframe = flat\nletters = abcdefghikl\n"
        "shape = hexagon f6 5\n[players]\nnames = White Black\nforward = 12 6\n"
        "[zone rim]\nall = rim\n[zone z]\nWhite = promotion W & file f\nBlack = mirror\n"
        "[piece K]\nname = King\nmoves = W F\nroyal = yes\n"
        "[piece W]\nname = Wing\nmoves = W@0\npromote_to = K\npromote_auto = rim\n"
        "[setup]\nWhite = K g1\nBlack = K g10\n");
    int z = variant_zone(v, "z");
    assert_true(v->zone[z].cell[0][tu_cell(v, "f11")]);
    assert_true(v->zone[z].cell[0][tu_cell(v, "f10")]);
    assert_false(v->zone[z].cell[0][tu_cell(v, "f9")]);
    assert_true(v->zone[z].cell[1][tu_cell(v, "f1")]);
    assert_true(v->zone[z].cell[1][tu_cell(v, "f2")]);
    assert_false(v->zone[z].cell[1][tu_cell(v, "f3")]);
    variant_free(v);
}

static void test_zone_errors(void **state)
{
    (void)state;
    assert_string_equal(
        error_of(file_with_zone("rank", NULL)),
        "z.ini:12: 'rank' needs a range after it (such as 'rank 2' or 'file a..c')");
    assert_string_equal(error_of(file_with_zone("a1 +", NULL)),
                        "z.ini:12: a zone description ends where a cell or a term is expected");
    assert_string_equal(error_of(file_with_zone("rank x", NULL)),
                        "z.ini:12: 'rank x': expected a number from 1 to 99, or two joined by "
                        "'..'");
    assert_string_equal(error_of(file_with_zone("rank 100", NULL)),
                        "z.ini:12: 'rank 100': expected a number from 1 to 99, or two joined by "
                        "'..'");
    /* j is a letter, but not one of this board's */
    assert_string_equal(error_of(file_with_zone("file a..j", NULL)),
                        "z.ini:12: 'file a..j': expected a letter of abcdefghikl, or two joined "
                        "by '..'");
    assert_string_equal(error_of(file_with_zone("within 2 f6", NULL)),
                        "z.ini:12: expected 'within N of ...', not 'f6'");
    assert_string_equal(error_of(file_with_zone("(a1 b1", NULL)),
                        "z.ini:12: expected ')' in a zone description");
    assert_string_equal(error_of(file_with_zone("a1 )", NULL)),
                        "z.ini:12: unexpected ')' in a zone description");
    assert_string_equal(error_of(file_with_zone("zone nowhere", NULL)),
                        "z.ini:12: unknown zone 'nowhere' (define it in a [zone nowhere] section)");
    assert_string_equal(error_of(file_with_zone("zone z", NULL)),
                        "z.ini:11: zone 'z' is described in terms of itself");
    assert_string_equal(error_of(file_with_zone("promotion Q", NULL)),
                        "z.ini:12: 'promotion Q': expected a piece letter of this variant");
    assert_string_equal(error_of(file_with_zone("a1", "mirror Red")),
                        "z.ini:13: mirror: 'Red' is not a player of this variant");
    assert_string_equal(error_of(file_with_zone("a1", "rotate Black")),
                        "z.ini:13: rotate derives Black's cells from another player's; name one "
                        "('rotate PLAYER')");
}

/* Files in a temporary directory, for inheritance. */
static char dir[64];

static void put_file(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static const char *load_file_error(const char *name, Variant **out)
{
    static char err[600];
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    Variant *v = variant_load_file(path, err, sizeof err);
    if (out)
        *out = v;
    else
        variant_free(v);
    if (!v) {
        /* messages name the file by its path; keep the name only */
        size_t n = strlen(dir);
        return strncmp(err, dir, n) ? err : err + n + 1;
    }
    return "(loaded)";
}

static const char *base_file =
    "[variant]\ntitle = Base\n[board]\nfamily = hex\nframe = flat\nletters = abcdefghikl\n"
    "shape = hexagon f6 5\n[players]\nnames = White Black\nforward = 12 6\n"
    "[zone promotion]\nBlack = rank 1\nWhite = mirror Black\n"
    "[piece K]\nname = King\nmoves = W F\nroyal = yes\n"
    "[piece Q]\nname = Queen\nmoves = W* F*\n"
    "[piece P]\nname = Pawn\nmoves = W@0\npawn = yes\npromote_to = Q\npromote_must = promotion\n"
    "[setup]\nWhite = K g1, Q e1, P f5\nBlack = mirror\n";

static void test_inheritance(void **state)
{
    (void)state;
    Variant *v;
    char fen[FEN_MAX];
    Position pos;
    put_file("base.ini", base_file);
    /* a key replaces the base's; a new piece is added after the base's; the setup's White
     * line is replaced and Black's mirror follows it */
    put_file("derived.ini", "[variant]\nbase = base\ntitle = Derived\n[piece Q]\nmoves = W*\n"
                            "[piece N]\nname = Knight\nmoves = N\n[setup]\nWhite = K g1, N e1\n");
    assert_string_equal(load_file_error("derived.ini", &v), "(loaded)");
    assert_string_equal(v->title, "Derived");
    assert_string_equal(v->type[2].moves_text, "W*");
    assert_string_equal(v->type[2].name, "Queen");
    assert_int_equal(v->ntypes, 4);
    assert_int_equal(v->type[4].letter, 'N');
    pos_init(&pos, v);
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, "6/7/8/9/N8n/11/K8k/9/8/7/6 w 0 1");
    variant_free(v);
    /* pieces = orders the kinds and leaves out a base's kind */
    put_file("order.ini", "[variant]\nbase = base\npieces = K N P\n"
                          "[piece N]\nname = Knight\nmoves = N\n[piece P]\npromote_to = N\n"
                          "[setup]\nWhite = K g1, N e1\n");
    assert_string_equal(load_file_error("order.ini", &v), "(loaded)");
    assert_int_equal(v->ntypes, 3);
    assert_int_equal(v->type[1].letter, 'K');
    assert_int_equal(v->type[2].letter, 'N');
    assert_int_equal(v->type[3].letter, 'P');
    variant_free(v);
    /* a chain of two bases */
    put_file("chain.ini", "[variant]\nbase = derived\ntitle = Chain\n");
    assert_string_equal(load_file_error("chain.ini", NULL), "(loaded)");
    /* mistakes, named with the file and line they are in (also in a base) */
    put_file("missing.ini", "[variant]\nbase = nosuch\n");
    assert_string_equal(
        load_file_error("missing.ini", NULL),
        "missing.ini:2: base variant 'nosuch' not found (looked for nosuch.ini beside this file)");
    put_file("loop1.ini", "[variant]\nbase = loop2\n");
    put_file("loop2.ini", "[variant]\nbase = loop1\n");
    assert_string_equal(load_file_error("loop1.ini", NULL),
                        "loop2.ini:2: base: 'loop1' inherits from itself (a loop of bases); in a "
                        "base of loop1.ini");
    put_file("badbase.ini", "[variant]\nbase = base\ntitle = X\n[piece K]\nmoves = Z\n");
    put_file("usesbad.ini", "[variant]\nbase = badbase\n");
    assert_string_equal(load_file_error("usesbad.ini", NULL),
                        "badbase.ini:5: in move 'Z': unknown atom 'Z' (this board has W F N); in "
                        "a base of usesbad.ini");
    /* a mistake of the inheriting file that shows in its base's line: the base's pawn promotes to
     * a kind the file's [variant] pieces leaves out */
    put_file("noqueen.ini", "[variant]\nbase = base\npieces = K P\n");
    assert_string_equal(load_file_error("noqueen.ini", NULL),
                        "base.ini:25: 'Q' is not a piece letter of this variant; in a base of "
                        "noqueen.ini");
    put_file("unlisted.ini", "[variant]\nbase = base\npieces = K Q P\n[piece N]\nname = N\n"
                             "moves = N\n");
    assert_string_equal(load_file_error("unlisted.ini", NULL),
                        "unlisted.ini:4: [piece N] is not in the list of [variant] pieces");
    put_file("nopiece.ini", "[variant]\nbase = base\npieces = K Q P X\n");
    assert_string_equal(load_file_error("nopiece.ini", NULL),
                        "nopiece.ini:3: pieces lists 'X', but there is no [piece X]");
    put_file("badname.ini", "[variant]\nbase = ../base\n");
    assert_string_equal(load_file_error("badname.ini", NULL),
                        "badname.ini:2: base is a variant's name (letters, digits, - and _), not "
                        "'../base'");
    /* promote_auto replaces the base's promote_must, and a promote_must replaces the base's
     * promote_auto: the inheriting file's key wins */
    put_file("auto.ini", "[variant]\nbase = base\n[zone rim]\nall = rim\n"
                         "[piece P]\npromote_auto = rim\n");
    assert_string_equal(load_file_error("auto.ini", &v), "(loaded)");
    assert_true(v->type[3].promo_auto);
    assert_int_equal(v->type[3].promo_must_zone, -1);
    variant_free(v);
    put_file("unauto.ini", "[variant]\nbase = auto\n[piece P]\npromote_must = promotion\n");
    assert_string_equal(load_file_error("unauto.ini", &v), "(loaded)");
    assert_false(v->type[3].promo_auto);
    assert_int_equal(v->type[3].promo_must_zone, variant_zone(v, "promotion"));
    assert_int_equal(v->type[3].promo_may_zone, -1);
    variant_free(v);
    /* three players on a two-player base: the base's White and Black keys are left out */
    put_file("three.ini",
             "[variant]\nbase = base\n[players]\nnames = Red Yellow Blue\nforward = 12 8 4\n"
             "[board]\nshape = hexagon f6 5\n[zone promotion]\nRed = a1\nYellow = rotate\n"
             "Blue = rotate\n[setup]\nRed = K g1\nYellow = rotate\nBlue = rotate\n");
    assert_string_equal(load_file_error("three.ini", &v), "(loaded)");
    assert_int_equal(v->nplayers, 3);
    variant_free(v);
}

/* The core reads no files: a base variant's text comes from the caller's resolver, here a
 * table in memory. */
static const char *const memory_files[][2] = {
    {"base", NULL}, /* base_file */
    {"mid", "[variant]\nbase = base\ntitle = Mid\n[piece Q]\nmoves = W*\n"},
    {"loopa", "[variant]\nbase = loopb\n"},
    {"loopb", "[variant]\nbase = loopa\n"},
};

static char *memory_text(void *ctx, const char *from, const char *name, char *where,
                         size_t wherelen, char *err, int errlen)
{
    int *asked = ctx;
    (*asked)++;
    (void)from;
    for (size_t i = 0; i < sizeof memory_files / sizeof memory_files[0]; i++)
        if (!strcmp(memory_files[i][0], name)) {
            snprintf(where, wherelen, "mem:%s", name);
            return strdup(memory_files[i][1] ? memory_files[i][1] : base_file);
        }
    snprintf(err, (size_t)errlen, "no '%s' in memory", name);
    return NULL;
}

static void test_resolver(void **state)
{
    (void)state;
    int asked = 0;
    char err[600];
    VariantResolver r = {memory_text, &asked};
    Variant *v = variant_load_text("[variant]\nbase = mid\ntitle = Top\n", "top", "top", &r, err,
                                   sizeof err);
    assert_non_null(v);
    assert_int_equal(asked, 2); /* mid, then its base */
    assert_string_equal(v->name, "top");
    assert_string_equal(v->title, "Top");
    assert_string_equal(v->type[2].moves_text, "W*");
    assert_string_equal(v->type[2].name, "Queen");
    variant_free(v);
    /* messages name the resolver's name for the text and its line */
    assert_null(variant_load_text("[variant]\nbase = loopa\n", "top", "top", &r, err, sizeof err));
    assert_string_equal(err, "mem:loopb:2: base: 'loopa' inherits from itself (a loop of bases); "
                             "in a base of top");
    assert_null(variant_load_text("[variant]\ntitle = T\nbase = gone\n", "top", "top", &r, err,
                                  sizeof err));
    assert_string_equal(err, "top:3: no 'gone' in memory");
    /* without a resolver no base is found, and nothing is looked for on the disk */
    assert_null(variant_load_string("[variant]\nbase = base\n", "t.ini", err, sizeof err));
    assert_string_equal(err,
                        "t.ini:2: base variant 'base' not found (this variant was not read from a "
                        "file)");
}

static void test_castle_mirror(void **state)
{
    (void)state;
    Variant *v = tu_variant("chess");
    /* the mirrored castling of chess.ini gives Black's published squares */
    assert_int_equal(v->castle[0].king_from[1], tu_cell(v, "e8"));
    assert_int_equal(v->castle[0].king_to[1], tu_cell(v, "g8"));
    assert_int_equal(v->castle[0].rook_from[1], tu_cell(v, "h8"));
    assert_int_equal(v->castle[0].rook_to[1], tu_cell(v, "f8"));
    assert_int_equal(v->castle[1].empty[1][0], tu_cell(v, "b8"));
    variant_free(v);
}

static int setup_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/cellmate-zone-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terms),          cmocka_unit_test(test_mirror_and_rotate),
        cmocka_unit_test(test_promotion_auto), cmocka_unit_test(test_zone_errors),
        cmocka_unit_test(test_inheritance),    cmocka_unit_test(test_resolver),
        cmocka_unit_test(test_castle_mirror),
    };
    return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
