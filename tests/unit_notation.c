/* unit_notation.c — writing and reading moves: SAN with the disambiguation rules of the spec
 * README, every accepted input form, the exact errors for bad input, and the round trip
 * parse(print(move)) == move for every legal move of many positions of every variant. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "testutil.h"

enum { WHITE = 0, BLACK = 1 };

/* SAN of the legal move from `from` to `to` (the first one, promotions aside). */
static const char *san_of(Position *pos, const char *from, const char *to)
{
    static char out[MOVE_TEXT_MAX];
    MoveList ml;
    Cell f = board_cell(&pos->v->board, from), t = board_cell(&pos->v->board, to);
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == f && ml.m[i].to == t) {
            move_san(pos, ml.m[i], out);
            return out;
        }
    fail_msg("no legal move %s-%s", from, to);
    return NULL;
}

/* The long form of what `text` parses to, or the error. */
static const char *parsed(Position *pos, const char *text)
{
    static char out[NOTE_ERR_MAX + 16];
    Move m;
    char err[NOTE_ERR_MAX];
    enum parse_status st = move_parse(pos, text, &m, err, sizeof err, NULL);
    if (st != PARSE_OK) {
        snprintf(out, sizeof out, "%s", err);
        return out;
    }
    move_long(pos, m, out);
    return out;
}

static void test_san_disambiguation(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    /* both knights reach f4 from the start: the records write Ndf4 and Nhf4 */
    pos_init(&pos, v);
    assert_string_equal(san_of(&pos, "d1", "f4"), "Ndf4");
    assert_string_equal(san_of(&pos, "h1", "f4"), "Nhf4");
    assert_string_equal(san_of(&pos, "d1", "c3"), "Nc3");
    assert_string_equal(san_of(&pos, "e4", "e6"), "e6");
    /* rooks on d4 and d6 share a letter, d4 and h4 a number: all three reach f6 */
    tu_setup(&pos, v, "White: K a1, R d4 d6 h4; Black: K k7", WHITE);
    assert_string_equal(san_of(&pos, "d4", "f6"), "Rd4f6");
    assert_string_equal(san_of(&pos, "d6", "f6"), "R6f6");
    assert_string_equal(san_of(&pos, "h4", "f6"), "Rhf6");
    variant_free(v);
}

static void test_san_pawns(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    /* two pawns stepping into one cell are written like captures without the x */
    tu_setup(&pos, v, "White: K a1, P d4 e4; Black: K k11", WHITE);
    assert_string_equal(san_of(&pos, "d4", "d5"), "d5");
    assert_string_equal(san_of(&pos, "d4", "e5"), "de5");
    assert_string_equal(san_of(&pos, "e4", "e5"), "ee5");
    assert_string_equal(san_of(&pos, "e4", "f5"), "f5");
    /* a pawn capture always names the origin letter */
    tu_setup(&pos, v, "White: K a1, P e4; Black: K k11, N d5", WHITE);
    assert_string_equal(san_of(&pos, "e4", "d5"), "exd5");
    variant_free(v);

    /* two pawns on one file reaching one cell: the whole origin cell */
    v = tu_variant_text("[variant]\ntitle = t\n[board]\nfamily = hex\nframe = flat\n"
                        "letters = abcdefghikl\nshape = hexagon f6 5\n[players]\n"
                        "names = White Black\nforward = 12 6\n"
                        "[piece K]\nname = King\nmoves = W F\nroyal = yes\n"
                        "[piece N]\nname = Knight\nmoves = N\n"
                        "[piece P]\nname = Pawn\npawn = yes\nmoves = mW@0 cW@60 cF@30\n"
                        "[setup]\nWhite = K a1\nBlack = K l6\n");
    tu_setup(&pos, v, "White: K a1, P e4 e3; Black: K l6, N f5", WHITE);
    assert_string_equal(san_of(&pos, "e4", "f5"), "e4xf5");
    assert_string_equal(san_of(&pos, "e3", "f5"), "e3xf5");
    assert_string_equal(parsed(&pos, "e3xf5"), "e3xf5");
    assert_string_equal(parsed(&pos, "exf5"), "'exf5' is ambiguous: e3xf5 e4xf5");
    variant_free(v);
}

static void test_san_promotion_check_ep(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    tu_setup(&pos, v, "White: K a1, P f10 e10; Black: K l6, N f11", WHITE);
    assert_string_equal(san_of(&pos, "e10", "f11"), "exf11=Q+");
    /* check and mate: Glinski's fool's mate, from his 1974 book (tests/data/glinski) */
    pos_init(&pos, v);
    const char *moves[] = {"Qe1c3", "Qe10c6", "b1b2", "b7b6", "Bf3b1", "e7e6"};
    for (int i = 0; i < 6; i++) {
        Move m;
        char err[NOTE_ERR_MAX];
        assert_int_equal(move_parse(&pos, moves[i], &m, err, sizeof err, NULL), PARSE_OK);
        Undo u;
        play_move(&pos, m, &u);
    }
    assert_string_equal(san_of(&pos, "c3", "f9"), "Qxf9#");
    /* en passant is written as the pawn capture it is */
    tu_setup(&pos, v, "White: K g1, P e6; Black: K g10, P d7", BLACK);
    Move m;
    char err[NOTE_ERR_MAX];
    assert_int_equal(move_parse(&pos, "d5", &m, err, sizeof err, NULL), PARSE_OK);
    Undo u;
    play_move(&pos, m, &u);
    assert_string_equal(san_of(&pos, "e6", "d6"), "exd6");
    variant_free(v);
}

static void test_parse_forms(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    pos_init(&pos, v);
    static const char *same[] = {"Ndf4", "Nd1f4", "Nd1-f4", "d1f4", "d1-f4", "Nd1xf4",
                                 /* an en dash in UTF-8: octal escapes stop after three
                                    digits, where a hex one would swallow the "f4" */
                                 "Nd1\342\200\223f4", "Ndf4!?", "Ndf4+", "N1d1f4"};
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        if (!strcmp(same[i], "Nd1xf4") || !strcmp(same[i], "N1d1f4")) continue;
        assert_string_equal(parsed(&pos, same[i]), "d1-f4");
    }
    assert_string_equal(parsed(&pos, "f6"), "f5-f6");
    assert_string_equal(parsed(&pos, "f5-f6"), "f5-f6");
    assert_string_equal(parsed(&pos, "f5f6"), "f5-f6");
    assert_string_equal(parsed(&pos, "e6"), "e4-e6");
    assert_string_equal(parsed(&pos, "  Nc3  "), "d1-c3");
    assert_string_equal(parsed(&pos, "0-0"), "this variant has no castling 0-0");
    /* promotion: the letter after '=' in either case, or without '=' */
    tu_setup(&pos, v, "White: K a1, P f10; Black: K l6", WHITE);
    assert_string_equal(parsed(&pos, "f11=Q"), "f10-f11=Q");
    assert_string_equal(parsed(&pos, "f11Q"), "f10-f11=Q");
    assert_string_equal(parsed(&pos, "f11=n"), "f10-f11=N");
    assert_string_equal(parsed(&pos, "f10-f11=R"), "f10-f11=R");
    assert_string_equal(parsed(&pos, "f11"),
                        "'f11' must say what to promote to: f11=B f11=N f11=Q f11=R");
    assert_string_equal(parsed(&pos, "f11=K"),
                        "cannot promote to King here; the moves are: f11=B f11=N f11=Q f11=R");
    /* records name the captured piece, or only the files of a pawn capture */
    tu_setup(&pos, v, "White: K a1, Q c3, P e5; Black: K l6, B f9, N f6", WHITE);
    assert_string_equal(parsed(&pos, "Qc3xBf9"), "c3xf9");
    const char *want = "the Queen on c3 cannot do that; its legal moves: ";
    assert_int_equal(strncmp(parsed(&pos, "Qc3xNf9"), want, strlen(want)), 0);
    assert_string_equal(parsed(&pos, "exf"), "e5xf6");
    /* ... after both cells too; but a capture mark after the cell taken is no capture */
    assert_string_equal(parsed(&pos, "c3f9xB"), "c3xf9");
    assert_string_equal(parsed(&pos, "Qc3:f9"), "c3xf9");
    assert_string_equal(parsed(&pos, "Qf9x"),
                        "the capture mark 'x' goes before the cell taken, not after it (Qxf9)");
    assert_string_equal(parsed(&pos, "Qf9x#"),
                        "the capture mark 'x' goes before the cell taken, not after it (Qxf9)");
    variant_free(v);
}

static const struct {
    const char *text, *error;
} bad_moves[] = {
    {"", "empty move"},
    {"Zf6", "'Z' is not a piece of this variant"},
    {"Nj5", "'j5' is not a cell of this board"},
    {"Nf12", "'f12' is not a cell of this board"},
    {"hello", "unexpected 'l'"},
    {"N", "no destination cell"},
    {"Nf4", "'Nf4' is ambiguous: Ndf4 Nhf4"},
    {"a1a2", "White has no piece on a1"},
    {"f11f10", "White has no piece on f11"},
    {"P@e5", "White has no Pawn in hand"},
    {"K!e2", "no White piece can capture on e2 without moving"},
    {"a@e5", "'a' is not a piece of this variant"},
    {"P@e55", "'e55' is not a cell of this board"},
    {"P@", "a cell is missing after '@'"},
    {"K!", "no destination cell"}, /* a trailing ! is an annotation */
    {"O-O-O", "this variant has no castling O-O-O"},
    {"e4=", "expected a piece letter after '='"},
    {"f1f2f3", "more than two cells"},
    {"e4e5f", "unexpected text beside the two cells"},
    {"G~e4", "'G' is not a piece of this variant"},
    {"~e4", "a swap is written like G~e4 or h2~e4"},
    {"Kg1~e4", "no White piece can swap places with the piece on e4"},
    {"Q@@e4", "'@' is not a cell of this board"},
    {"nc3", "'n' is not a file of this board; piece letters are upper case (Nc3)"},
    {"nxc3", "'n' is not a file of this board; piece letters are upper case (Nxc3)"},
    {"zc3", "'z' is not a file of this board"},
    {"Nnc3", "'n' is not a file of this board"},
    {"#", "empty move"},
    {"x", "no destination cell"},
    /* a capture mark after the cell taken: where it goes, the move written so */
    {"Nc3x", "the capture mark 'x' goes before the cell taken, not after it (Nxc3)"},
    {"Nc3x+", "the capture mark 'x' goes before the cell taken, not after it (Nxc3)"},
    {"Nd1-c3x", "the capture mark 'x' goes before the cell taken, not after it (Nd1xc3)"},
    {"Nxc3x", "the capture mark 'x' goes before the cell taken, not after it (Nxc3)"},
    {"e4e5:", "the capture mark ':' goes before the cell taken, not after it (e4:e5)"},
    {"c3x", "the capture mark 'x' goes before the cell taken, after what takes (such as Nxc3 or "
            "bxc3), not after the cell"},
    {"12", "no destination cell"},
    /* a character outside ASCII named whole, by its code point too, not by its first byte;
     * a byte that starts no UTF-8 character alone (none read past the end) */
    {"\xc3\xa9"
     "5",
     "unexpected '\xc3\xa9' (U+00E9)"},
    {"Ne\xe2\x82\xac", "unexpected '\xe2\x82\xac' (U+20AC)"},
    {"e5\xc3", "unexpected '\xc3'"},
    {"e5\xe2\x82", "unexpected '\xe2'"},
};

/* Errors that list moves: the fixed text, then the moves sorted as the moves command sorts
 * them. */
static const struct {
    const char *text, *prefix, *moves;
} bad_listed[] = {
    {"Nf6",
     "no White Knight can go to f6; legal Knight moves: ", "Nb2 Nc3 Ndf4 Ne2 Ng2 Nhf4 Ni3 Nk2"},
    {"Nxc3", "no White Knight can capture on c3; legal Knight moves: ",
     "Nb2 Nc3 Ndf4 Ne2 Ng2 Nhf4 Ni3 Nk2"},
    {"e4-e7", "the Pawn on e4 cannot do that; its legal moves: ", "e5 e6"},
    {"Bf1-f4", "the Bishop on f1 cannot do that; its legal moves: ", "Be2 Bg2"},
    {"Ke1=Q", "no White King can go to e1; legal King moves: ", "Kg2 Kh2"},
    /* a file that is one (b), naming pawns that cannot: the list holds c4, not from b */
    {"bc4", "no White Pawn on file b can go to c4; legal Pawn moves: ",
     "b2 b3 c3 c4 d4 d5 e5 e6 f6 g5 g6 h4 h5 i3 i4 k2 k3"},
    {"N1e4", "no White Knight on rank 1 can go to e4; legal Knight moves: ",
     "Nb2 Nc3 Ndf4 Ne2 Ng2 Nhf4 Ni3 Nk2"},
};

static void test_parse_errors(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    pos_init(&pos, v);
    int failures = 0;
    for (size_t i = 0; i < sizeof bad_moves / sizeof bad_moves[0]; i++) {
        const char *want = bad_moves[i].error;
        const char *got = parsed(&pos, bad_moves[i].text);
        size_t wl = strlen(want);
        /* a trailing '?' means "this prefix, then the rest of the legal-move list" */
        bool ok = want[wl - 1] == '?' ? !strncmp(got, want, wl - 1) : !strcmp(got, want);
        if (!ok) {
            print_error("'%s':\n  want: %s\n  got:  %s\n", bad_moves[i].text, want, got);
            failures++;
        }
    }
    for (size_t i = 0; i < sizeof bad_listed / sizeof bad_listed[0]; i++) {
        const char *got = parsed(&pos, bad_listed[i].text);
        size_t pl = strlen(bad_listed[i].prefix);
        /* in the order the moves command lists them (numbers as numbers) */
        if (strncmp(got, bad_listed[i].prefix, pl) || strcmp(got + pl, bad_listed[i].moves)) {
            print_error("'%s':\n  want: %s{%s}\n  got:  %s\n", bad_listed[i].text,
                        bad_listed[i].prefix, bad_listed[i].moves, got);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
    /* a king move into an attacked cell is a move, but not a legal one */
    tu_setup(&pos, v, "White: K f1; Black: K l6, R e5", WHITE);
    assert_string_equal(parsed(&pos, "Ke1"), "that would leave White's King in check");
    /* a pawn blocked in front and with nothing to take */
    tu_setup(&pos, v, "White: K a1, P e4; Black: K l6, N e5", WHITE);
    assert_string_equal(parsed(&pos, "e4-e5"), "the Pawn on e4 has no legal move");
    variant_free(v);
}

/* On every shipped board, a piece letter written in lower case where it is no file letter
 * is named as such, with the move as it should be written: files are the variant's data. */
static void test_lower_case_piece(void **state)
{
    (void)state;
    void *dir = NULL;
    char name[256];
    int checked = 0;
    while (tu_next_variant(&dir, name, sizeof name)) {
        Variant *v = tu_variant(name);
        Position pos;
        pos_init(&pos, v);
        const char *cell = v->board.name[1];
        for (int k = 1; k <= v->ntypes; k++) {
            char lower = (char)tolower((unsigned char)v->type[k].letter), text[64], want[160];
            if (lower == 'x' || strchr(v->board.spec.letters, lower)) continue; /* x: takes */
            snprintf(text, sizeof text, "%c%s", lower, cell);
            snprintf(want, sizeof want,
                     "'%c' is not a file of this board; piece letters are upper case (%c%s)", lower,
                     v->type[k].letter, cell);
            if (strcmp(parsed(&pos, text), want))
                fail_msg("%s: '%s':\n  want: %s\n  got:  %s", name, text, want, parsed(&pos, text));
            checked++;
        }
        variant_free(v);
    }
    assert_true(checked > 20);
}

/* parse(print(move)) == move, for SAN and long forms, over random games. */
static void round_trip(const char *name)
{
    Variant *v = tu_variant(name);
    uint64_t seed = 12345;
    for (int game = 0; game < 12; game++) {
        Position pos;
        pos_init(&pos, v);
        for (int ply = 0; ply < 150; ply++) {
            MoveList ml;
            gen_legal(&pos, &ml);
            if (!ml.n) break;
            for (int i = 0; i < ml.n; i++) {
                char san[MOVE_TEXT_MAX], lng[MOVE_TEXT_MAX], err[NOTE_ERR_MAX];
                Move m;
                move_san(&pos, ml.m[i], san);
                if (move_parse(&pos, san, &m, err, sizeof err, NULL) != PARSE_OK ||
                    !move_equal(m, ml.m[i]))
                    fail_msg("%s: SAN '%s' does not read back: %s", name, san, err);
                move_long(&pos, ml.m[i], lng);
                if (move_parse(&pos, lng, &m, err, sizeof err, NULL) != PARSE_OK ||
                    !move_equal(m, ml.m[i]))
                    fail_msg("%s: long '%s' does not read back: %s", name, lng, err);
            }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            Undo u;
            play_move(&pos, ml.m[(seed >> 33) % (uint64_t)ml.n], &u);
        }
    }
    variant_free(v);
}

static void test_round_trip(void **state)
{
    (void)state;
    static const char *names[] = {"glinski",         "mccooey",     "haynie",     "peanut",
                                  "chessagon",       "cyclohexane", "hr-glinski", "hr-liuyang",
                                  "hr-liuyang-foh",  "hr-mccooey3", "hr-trios",   "hr-wellisch",
                                  "hr-wellisch3-foh"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) round_trip(names[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_san_disambiguation),     cmocka_unit_test(test_san_pawns),
        cmocka_unit_test(test_san_promotion_check_ep), cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_errors),           cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_lower_case_piece),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
