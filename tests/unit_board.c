/* unit_board.c — the geometry layer: cell counts, names, neighbours, colours and rays of
 * every board family, checked against the vectors of the rule documents. Pieces used here
 * are defined inline, so the test does not depend on any variant file's array. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"

/* A variant with the given board and pieces, and a king per side on the cells named. */
static Variant *make_variant(const char *board, const char *pieces, const char *forward,
                             const char *wking, const char *bking)
{
    static char text[4096];
    snprintf(text, sizeof text,
             "[variant]\ntitle = test\n[board]\n%s\n[players]\nnames = White Black\n"
             "forward = %s\n%s\n[setup]\nWhite = K %s\nBlack = K %s\n",
             board, forward, pieces, wking, bking);
    return tu_variant_text(text);
}

#define GLINSKI_BOARD "family = hex\nframe = flat\nletters = abcdefghikl\nshape = hexagon f6 5"
#define HR_BOARD      "family = hex\nframe = flat\nletters = abcdefghiklmn\nshape = hexagon g7 6"
#define HAYNIE_BOARD  "family = hex\nframe = pointy\nletters = abcdefghijk\nshape = hexagon f6 5"
#define PEANUT_BOARD                                                                               \
    "family = hex\nframe = pointy\nletters = abcdefgh\nshape = hexagon c3 2, hexagon f8 2"
#define RING_BOARD     "family = ring\nletters = abcde\nlength = 24"
#define TRIANGLE_BOARD "family = triangle\nletters = abcdefghijklmno\nside = 4"

#define HEX_PIECES                                                                                 \
    "[piece K]\nname = King\nmoves = W F\nroyal = yes\n"                                           \
    "[piece R]\nname = Rook\nmoves = W*\n[piece B]\nname = Bishop\nmoves = F*\n"                   \
    "[piece N]\nname = Knight\nmoves = N\n[piece Q]\nname = Queen\nmoves = W* F*\n"

static int colour_count(const Board *b, int colour)
{
    int n = 0;
    for (int c = 1; c <= b->ncells; c++) n += b->colour[c] == colour;
    return n;
}

static void check_names_round_trip(const Board *b)
{
    for (int c = 1; c <= b->ncells; c++) assert_int_equal(board_cell(b, b->name[c]), c);
}

/* Every direction has an opposite that walks each ray back to its start. */
static void check_opposites(const Board *b)
{
    for (int c = 1; c <= b->ncells; c++)
        for (int d = 0; d < b->ndirs; d++) {
            const Cell *r = b->ray[c][d];
            int od = b->dir[d].opposite;
            for (int i = 0; r[i]; i++) {
                const Cell *back = b->ray[r[i]][od];
                for (int j = i - 1; j >= 0; j--) assert_int_equal(back[i - 1 - j], r[j]);
                assert_int_equal(back[i], c);
            }
        }
}

static const char *neighbours(const Board *b, const char *cell, char atom)
{
    static char out[256];
    Cell c = board_cell(b, cell);
    out[0] = 0;
    for (int d = 0; d < b->ndirs; d++) {
        if (b->dir[d].atom != atom || !b->ray[c][d][0]) continue;
        if (out[0]) strcat(out, " ");
        strcat(out, b->name[b->ray[c][d][0]]);
    }
    return tu_sorted(out);
}

static void test_glinski_board(void **state)
{
    (void)state;
    Variant *v = make_variant(GLINSKI_BOARD, HEX_PIECES, "12 6", "g1", "g10");
    const Board *b = &v->board;
    assert_int_equal(b->ncells, 91);
    assert_int_equal(b->nrows, 11); /* files a..l without j */
    assert_non_null(strstr(b->name[1], "a1"));
    assert_int_equal(board_cell(b, "j5"), NO_CELL);
    assert_int_equal(board_cell(b, "a7"), NO_CELL);
    assert_int_not_equal(board_cell(b, "a6"), NO_CELL);
    assert_int_not_equal(board_cell(b, "f11"), NO_CELL);
    assert_int_equal(board_cell(b, "f12"), NO_CELL);
    assert_string_equal(neighbours(b, "f6", 'W'), "e5 e6 f5 f7 g5 g6");
    assert_string_equal(neighbours(b, "f6", 'F'), "d5 e4 e7 g4 g7 h5");
    assert_string_equal(neighbours(b, "a1", 'W'), "a2 b1 b2");
    /* three colours, the centre's colour one cell more often */
    assert_int_equal(colour_count(b, b->colour[board_cell(b, "f6")]), 31);
    assert_int_equal(colour_count(b, 0) + colour_count(b, 1) + colour_count(b, 2), 91);
    /* orthogonal neighbours differ in colour, diagonal ones match */
    for (int c = 1; c <= b->ncells; c++)
        for (int d = 0; d < b->ndirs; d++) {
            Cell n = b->ray[c][d][0];
            if (!n) continue;
            if (b->dir[d].atom == 'W') assert_int_not_equal(b->colour[n], b->colour[c]);
            if (b->dir[d].atom == 'F') assert_int_equal(b->colour[n], b->colour[c]);
        }
    check_names_round_trip(b);
    check_opposites(b);
    variant_free(v);
}

static void test_hr_board(void **state)
{
    (void)state;
    Variant *v = make_variant(HR_BOARD, HEX_PIECES, "12 6", "h2", "h11");
    const Board *b = &v->board;
    assert_int_equal(b->ncells, 127);
    assert_int_equal(colour_count(b, 0) + colour_count(b, 1) + colour_count(b, 2), 127);
    int counts[3] = {colour_count(b, 0), colour_count(b, 1), colour_count(b, 2)};
    int big = 0, small = 0;
    for (int i = 0; i < 3; i++) big += counts[i] == 43, small += counts[i] == 42;
    assert_int_equal(big, 1);
    assert_int_equal(small, 2);
    /* the Glinski cell f6 is g7 here, the centre */
    assert_string_equal(neighbours(b, "g7", 'W'), "f6 f7 g6 g8 h6 h7");
    assert_int_not_equal(board_cell(b, "g13"), NO_CELL);
    assert_int_not_equal(board_cell(b, "n7"), NO_CELL);
    assert_int_equal(board_cell(b, "n8"), NO_CELL);
    check_names_round_trip(b);
    check_opposites(b);
    variant_free(v);
}

static void test_haynie_board(void **state)
{
    (void)state;
    Variant *v = make_variant(HAYNIE_BOARD, HEX_PIECES, "12 6", "d1", "i11");
    const Board *b = &v->board;
    assert_int_equal(b->ncells, 91);
    assert_int_equal(b->nrows, 11);
    /* rank lengths 6..11..6 */
    int len[12] = {0};
    for (int c = 1; c <= b->ncells; c++) len[b->y[c]]++;
    int want[12] = {0, 6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6};
    for (int r = 1; r <= 11; r++) assert_int_equal(len[r], want[r]);
    assert_int_not_equal(board_cell(b, "a1"), NO_CELL);
    assert_int_not_equal(board_cell(b, "k11"), NO_CELL);
    assert_int_equal(board_cell(b, "a7"), NO_CELL);
    assert_int_equal(board_cell(b, "g1"), NO_CELL);
    /* (f + r) mod 3 */
    assert_int_equal(b->colour[board_cell(b, "a1")], (0 + 1) % 3);
    assert_int_equal(b->colour[board_cell(b, "e4")], (4 + 4) % 3);
    /* directions as (df, dr): orthogonal (0,1) (1,1) (1,0) ..., diagonal (1,2) (2,1) ... */
    assert_string_equal(neighbours(b, "e4", 'W'), "d3 d4 e3 e5 f4 f5");
    assert_string_equal(neighbours(b, "e4", 'F'), "c3 d2 d5 f3 f6 g5");
    /* the position-string order is rank 11 first, each rank left to right */
    assert_string_equal(b->name[1], "f11");
    assert_string_equal(b->name[b->ncells], "f1");
    check_names_round_trip(b);
    check_opposites(b);
    variant_free(v);
}

static void test_peanut_board(void **state)
{
    (void)state;
    Variant *v = make_variant(PEANUT_BOARD,
                              "[piece K]\nname = King\nmoves = W\nroyal = yes\n"
                              "[piece R]\nname = Rook\nmoves = W4\n"
                              "[piece B]\nname = Bishop\nmoves = F2\n"
                              "[piece N]\nname = Knight\nmoves = N\n",
                              "12 6", "b1", "g10");
    const Board *b = &v->board;
    Position pos;
    assert_int_equal(b->ncells, 38);
    assert_int_equal(board_cell(b, "f5"), NO_CELL);
    assert_int_equal(board_cell(b, "c6"), NO_CELL);
    check_names_round_trip(b);
    check_opposites(b);
    /* peanut.md: empty board except the piece named */
    tu_setup(&pos, v, "White: N e3", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e3")), "b1 b2 c4 d5 f6");
    tu_setup(&pos, v, "White: B e3", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e3")), "a1 c2 c5 d4");
    tu_setup(&pos, v, "White: B e4", 0);
    assert_non_null(strstr(tu_targets(&pos, "e4"), "f6"));
    tu_setup(&pos, v, "White: B c5", 0);
    assert_non_null(strstr(tu_targets(&pos, "c5"), "d7"));
    tu_setup(&pos, v, "White: R a3", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "a3")), "a1 a2 b3 b4 c3 c5 d3 d6 e3 e7");
    variant_free(v);
}

#define TRI_PIECES                                                                                 \
    "[piece K]\nname = King\nmoves = W F D\nroyal = yes\n"                                         \
    "[piece R]\nname = Rook\nmoves = W*\n[piece B]\nname = Bishop\nmoves = F*\n"                   \
    "[piece D]\nname = Duke\nmoves = D*\n[piece Q]\nname = Queen\nmoves = W* F* D*\n"              \
    "[piece N]\nname = Knight\nmoves = N\n"

static void test_triangle_board(void **state)
{
    (void)state;
    Variant *v = make_variant(TRIANGLE_BOARD, TRI_PIECES, "9 3", "o4", "a4");
    const Board *b = &v->board;
    Position pos;
    assert_int_equal(b->ncells, 96);
    assert_int_equal(b->nrows, 8);
    assert_int_equal(board_cell(b, "a3"), NO_CELL);
    assert_int_equal(board_cell(b, "d1"), board_cell(b, "d1"));
    assert_int_not_equal(board_cell(b, "l8"), NO_CELL);
    assert_int_equal(board_cell(b, "m8"), NO_CELL);
    /* up cells (n + a even) are the dark colour */
    assert_int_equal(b->colour[board_cell(b, "h4")], 0); /* 4 + 8 even: up */
    assert_int_equal(b->colour[board_cell(b, "g4")], 1);
    assert_int_equal(colour_count(b, 0), 48);
    check_names_round_trip(b);
    check_opposites(b);
    /* chessagon.md: empty board, a piece on h4 (up) or g4 (down) */
    static const struct {
        const char *piece;
        int targets;
    } counts[] = {{"R", 39}, {"B", 20}, {"D", 21}, {"Q", 57}, {"K", 12}, {"N", 12}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        const char *cells[] = {"h4", "g4"};
        for (int j = 0; j < 2; j++) {
            char desc[64];
            snprintf(desc, sizeof desc, "White: %s %s", counts[i].piece, cells[j]);
            tu_setup(&pos, v, desc, 0);
            assert_int_equal(tu_count_from(&pos, cells[j]), counts[i].targets);
        }
    }
    const char *corners[] = {"a4", "d1", "l8"};
    for (int j = 0; j < 3; j++) {
        char desc[64];
        snprintf(desc, sizeof desc, "White: K %s", corners[j]);
        tu_setup(&pos, v, desc, 0);
        assert_int_equal(tu_count_from(&pos, corners[j]), 6);
        snprintf(desc, sizeof desc, "White: N %s", corners[j]);
        tu_setup(&pos, v, desc, 0);
        assert_int_equal(tu_count_from(&pos, corners[j]), 5);
    }
    tu_setup(&pos, v, "White: R h4", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h4")),
                        tu_sorted("i4 j4 k4 l4 m4 n4 o4 g4 f4 e4 d4 c4 b4 a4 i5 j5 j6 k6 k7 l7 "
                                  "l8 g5 f5 f6 e6 e7 d7 d8 h3 i3 i2 j2 j1 k1 g3 g2 f2 f1 e1"));
    tu_setup(&pos, v, "White: K h4", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h4")), "f3 f4 g3 g4 g5 h3 h5 i3 i4 i5 j3 j4");
    tu_setup(&pos, v, "White: N h4", 0);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h4")), "d3 e2 e4 f5 g2 g6 i2 i6 j5 k2 k4 l3");
    variant_free(v);
}

static void test_ring_board(void **state)
{
    (void)state;
    Variant *v = make_variant(RING_BOARD,
                              "[piece K]\nname = Grandduke\nmoves = W F\nroyal = yes\n"
                              "[piece S]\nname = Sennight\nmoves = N\n"
                              "[piece R]\nname = Rook\nmoves = W22\n",
                              "3 9", "d2", "d10");
    const Board *b = &v->board;
    Position pos;
    assert_int_equal(b->ncells, 120);
    assert_int_equal(b->nrows, 5);
    check_names_round_trip(b);
    check_opposites(b);
    /* bindings: files a c e (n + 2) mod 3, files b d (n + 1) mod 3 */
    assert_int_equal(b->colour[board_cell(b, "a1")], 0);
    assert_int_equal(b->colour[board_cell(b, "b1")], 2);
    assert_int_equal(b->colour[board_cell(b, "c24")], (24 + 2) % 3);
    /* cyclohexane.md: Sennight 6 from a and e, 8 from b c d; Grandduke 7, 11, 12 */
    const char *files = "abcde";
    int senn[5] = {6, 8, 8, 8, 6}, gd[5] = {7, 11, 12, 11, 7};
    for (int f = 0; f < 5; f++)
        for (int n = 1; n <= 24; n += 7) {
            char desc[64], cell[8];
            snprintf(cell, sizeof cell, "%c%d", files[f], n);
            snprintf(desc, sizeof desc, "White: S %s", cell);
            tu_setup(&pos, v, desc, 0);
            assert_int_equal(tu_count_from(&pos, cell), senn[f]);
            snprintf(desc, sizeof desc, "White: K %s", cell);
            tu_setup(&pos, v, desc, 0);
            assert_int_equal(tu_count_from(&pos, cell), gd[f]);
        }
    /* a rook on the ring: 22 steps each way along the file reach all 23 other cells of it,
     * each once; across the files two cells on each of four slants from the middle file */
    tu_setup(&pos, v, "White: R c1", 0);
    assert_int_equal(tu_count_from(&pos, "c1"), 23 + 8);
    {
        char want[512] = "a2 a24 b1 b24 d1 d24 e2 e24";
        for (int n = 2; n <= 24; n++) snprintf(want + strlen(want), 8, " c%d", n);
        assert_string_equal(tu_sorted(tu_targets(&pos, "c1")), tu_sorted(want));
    }
    /* the wrap: b24 lies between a24 and a1 */
    assert_string_equal(neighbours(b, "a1", 'W'), "a2 a24 b1 b24");
    variant_free(v);
}

static void test_scan_cell(void **state)
{
    (void)state;
    Variant *v = make_variant(GLINSKI_BOARD, HEX_PIECES, "12 6", "g1", "g10");
    Cell c;
    assert_int_equal(board_scan_cell(&v->board, "f10x", &c), 3);
    assert_int_equal(c, board_cell(&v->board, "f10"));
    assert_int_equal(board_scan_cell(&v->board, "f1-f3", &c), 2);
    assert_int_equal(board_scan_cell(&v->board, "j5", &c), 0);
    assert_int_equal(c, NO_CELL);
    variant_free(v);
}

/* Boards past the old 8-bit cell numbers: a hexagon of radius 10 (331 cells), a ring of
 * exactly 255 cells (a cell loop in 8 bits never ended there) and one of 256. */
static void test_large_boards(void **state)
{
    (void)state;
    Variant *v = make_variant("family = hex\nframe = flat\nletters = abcdefghijklmnopqrstu\n"
                              "shape = hexagon k11 10",
                              HEX_PIECES, "12 6", "k1", "k21");
    const Board *b = &v->board;
    Position pos;
    assert_int_equal(b->ncells, 3 * 10 * 11 + 1);
    check_names_round_trip(b);
    check_opposites(b);
    assert_true(board_cell(b, "u11") > 255);
    /* from the centre: ten cells along each orthogonal, five along each diagonal */
    tu_setup(&pos, v, "White: Q k11", 0);
    assert_int_equal(tu_count_from(&pos, "k11"), 6 * 10 + 6 * 5);
    /* a rook on the last file (cells numbered past 255): six cells up the file, four down, and
     * the two slants towards the far side, 16 and 14 cells until they leave the hexagon */
    tu_setup(&pos, v, "White: K a1, R u5; Black: K k21", 0);
    assert_true(board_cell(b, "u5") > 255);
    assert_int_equal(tu_count_from(&pos, "u5"), 6 + 4 + 16 + 14);
    Undo u;
    tu_check_move(&pos, tu_find_move(&pos, "u5-u11"), &u);
    pos_unmake(&pos, &u);
    variant_free(v);

    for (int len = 51; len <= 64; len += 13) {
        char board[96];
        snprintf(board, sizeof board, "family = ring\nletters = %s\nlength = %d",
                 len == 51 ? "abcde" : "abcd", len);
        v = make_variant(board, "[piece K]\nname = King\nmoves = W F\nroyal = yes\n", "3 9", "a1",
                         "c20");
        assert_int_equal(v->board.ncells, len == 51 ? 255 : 256);
        check_names_round_trip(&v->board);
        check_opposites(&v->board);
        pos_init(&pos, v);
        /* the king on the inner file: a2, the last cell of a, b1 and b's last cell (W);
         * c1 across, b2 and b's last but one (F) */
        assert_int_equal(perft(&pos, 1), 4 + 3);
        variant_free(v);
    }
}

/* Past the limits of src/core/cell_limits.h a board is refused with a message naming the limit. */
static void test_board_limits(void **state)
{
    (void)state;
    static const struct {
        const char *board, *error;
    } cases[] = {
        {"family = hex\nframe = pointy\nletters = abcdefghijklmnopqrstuvwxy\n"
         "shape = hexagon m13 12, hexagon m38 12, hexagon m63 12",
         "bad.ini:7: bad board: too many cells (at most 1024)"},
        {"family = hex\nframe = flat\nletters = abcdefghikl\nshape = hexagon f6 13",
         "bad.ini:7: hexagon radius must be 0..12, not '13'"},
        {"family = ring\nletters = abcde\nlength = 65",
         "bad.ini:6: 'length' must be a whole number from 3 to 64, not '65'"},
        {"family = triangle\nletters = abcdefghijklmnopqrstuvwxyz\nside = 7",
         "bad.ini:6: 'side' must be a whole number from 1 to 6, not '7'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024], err[600] = "";
        snprintf(text, sizeof text,
                 "[variant]\ntitle = t\n[board]\n%s\n[players]\nnames = White Black\n"
                 "[piece K]\nname = King\nmoves = W\nroyal = yes\n[setup]\nWhite = K a1\n"
                 "Black = K a2\n",
                 cases[i].board);
        Variant *v = variant_load_string(text, "bad.ini", err, sizeof err);
        assert_null(v);
        assert_string_equal(err, cases[i].error);
    }
}

/* Board.toward names, for every two cells, the direction whose ray from the first passes the
 * second; a board where two rays from one cell meet the same cell (the ring, round both ways)
 * has no table, but Board.lines with every such direction as a bit: every shipped variant. */
static void test_toward(void **state)
{
    (void)state;
    void *dir = NULL;
    char name[64];
    int with = 0, without = 0;
    static uint8_t want[256 * 256];
    static uint32_t lines[256 * 256];
    while (tu_next_variant(&dir, name, sizeof name)) {
        Variant *v = tu_variant(name);
        const Board *b = &v->board;
        size_t n1 = (size_t)b->ncells + 1;
        bool twice = false;
        assert_true(n1 <= 256);
        memset(want, BOARD_NOWHERE, n1 * n1);
        memset(lines, 0, n1 * n1 * sizeof *lines);
        for (Cell a = 1; a <= b->ncells; a++)
            for (int d = 0; d < b->ndirs; d++)
                for (const Cell *r = b->ray[a][d]; *r; r++) {
                    twice |= want[a * n1 + *r] != BOARD_NOWHERE;
                    want[a * n1 + *r] = (uint8_t)d;
                    lines[a * n1 + *r] |= 1u << d;
                }
        if (twice || b->spec.family == FAMILY_RING) {
            assert_true(twice);
            assert_null(b->toward);
            assert_non_null(b->lines);
            assert_memory_equal(b->lines, lines, n1 * n1 * sizeof *lines);
            without++;
        } else {
            assert_non_null(b->toward);
            assert_memory_equal(b->toward, want, n1 * n1);
            assert_null(b->lines);
            with++;
        }
        variant_free(v);
    }
    assert_true(with >= 15 && without >= 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_glinski_board),  cmocka_unit_test(test_hr_board),
        cmocka_unit_test(test_haynie_board),   cmocka_unit_test(test_peanut_board),
        cmocka_unit_test(test_triangle_board), cmocka_unit_test(test_ring_board),
        cmocka_unit_test(test_scan_cell),      cmocka_unit_test(test_large_boards),
        cmocka_unit_test(test_board_limits),   cmocka_unit_test(test_toward),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
