/* unit_render.c — the text renderer: start positions of every board family drawn at 80x24
 * and at 120x40, compared with drawings taken from the rule documents (quoted verbatim where
 * the document has one, written by hand from the document's arrays otherwise); each player's
 * seat at the bottom, turned and flipped views, outlined larger cells, last-move and
 * selection marks, cell names, attributes, sizes, the words describing a drawing, and areas
 * too small to draw in. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render.h"
#include "testutil.h"

/* --- helpers ------------------------------------------------------------------------------ */

static char *next_buffer(void)
{
    static char ring[6][8192];
    static int i;
    i = (i + 1) % 6;
    return ring[i];
}

/* The drawing as text, or "" when it does not fit; the grid is kept in *g when g is given. */
static const char *draw(const Position *pos, const RenderOpts *o, TextGrid *g)
{
    TextGrid tmp;
    TextGrid *grid = g ? g : &tmp;
    char *out = next_buffer();
    out[0] = 0;
    if (!render_board(pos, o, grid)) return out;
    char *s = textgrid_string(grid, false);
    assert_non_null(s);
    snprintf(out, 8192, "%s", s);
    free(s);
    if (!g) textgrid_free(&tmp);
    return out;
}

static RenderOpts area(int w, int h, bool coords)
{
    RenderOpts o;
    memset(&o, 0, sizeof o);
    o.max_width = w;
    o.max_height = h;
    o.coords = coords;
    return o;
}

/* Lines without trailing blanks, without blank lines around, without the indentation they
 * all share: how a drawing compares with a document's diagram. */
static const char *tidy(const char *text)
{
    char *out = next_buffer(), lines[64][256];
    int n = 0, indent = 1000;
    for (const char *p = text; *p && n < 64;) {
        const char *e = strchr(p, '\n');
        int len = e ? (int)(e - p) : (int)strlen(p);
        snprintf(lines[n], sizeof lines[n], "%.*s", len, p);
        for (len = (int)strlen(lines[n]); len > 0 && lines[n][len - 1] == ' ';) lines[n][--len] = 0;
        n++;
        p += e ? (size_t)(e - p) + 1 : strlen(p);
    }
    while (n > 0 && !lines[n - 1][0]) n--;
    int first = 0;
    while (first < n && !lines[first][0]) first++;
    for (int i = first; i < n; i++) {
        int lead = (int)strspn(lines[i], " ");
        if (lines[i][0] && lead < indent) indent = lead;
    }
    out[0] = 0;
    for (int i = first; i < n; i++) {
        strcat(out, lines[i][0] ? lines[i] + indent : "");
        strcat(out, "\n");
    }
    return out;
}

/* The first `n` columns of every line left out (a diagram's rank numbers). */
static const char *drop_columns(const char *text, int n)
{
    char *out = next_buffer(), *o = out;
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        int len = e ? (int)(e - p) : (int)strlen(p);
        if (len > n) memcpy(o, p + n, (size_t)(len - n)), o += len - n;
        *o++ = '\n';
        p += len + (e ? 1 : 0);
    }
    *o = 0;
    return out;
}

/* A diagram turned 180 degrees: the other side's view of a drawing whose tokens read the same
 * both ways (single letters and dots). */
static const char *turn180(const char *text)
{
    char lines[64][256], *out = next_buffer();
    int n = 0, width = 0;
    for (const char *p = text; *p && n < 64;) {
        const char *e = strchr(p, '\n');
        int len = e ? (int)(e - p) : (int)strlen(p);
        snprintf(lines[n++], 256, "%.*s", len, p);
        if (len > width) width = len;
        p += len + (e ? 1 : 0);
    }
    out[0] = 0;
    for (int i = n - 1; i >= 0; i--) {
        char row[256];
        int len = (int)strlen(lines[i]);
        memset(row, ' ', (size_t)width);
        for (int c = 0; c < len; c++) row[width - 1 - c] = lines[i][c];
        row[width] = 0;
        strcat(out, row);
        strcat(out, "\n");
    }
    return tidy(out);
}

/* hornrimmed.md draws two-letter tokens (side, piece; "::" an empty rim cell, ".." an empty
 * inner one); with two players the renderer tells sides apart by case instead. */
static const char *from_hr_diagram(const char *text)
{
    char *out = next_buffer(), *o = out;
    for (const char *p = text; *p; p++) {
        if (*p == ' ' || *p == '\n' || !p[1]) {
            *o++ = *p;
            continue;
        }
        *o++ = p[0] == 'w' ? p[1] : p[0] == 'b' ? (char)(p[1] - 'A' + 'a') : '.';
        *o++ = ' ';
        p++;
    }
    *o = 0;
    return tidy(out);
}

/* The first character of the grid that belongs to cell `name`. */
static void find_cell(const TextGrid *g, const Variant *v, const char *name, int *row, int *col)
{
    Cell c = board_cell(&v->board, name);
    assert_int_not_equal(c, NO_CELL);
    for (int i = 0; i < g->width * g->height; i++)
        if (g->cell[i] == c) {
            *row = i / g->width;
            *col = i % g->width;
            return;
        }
    fail_msg("cell %s not drawn", name);
}

/* The attributes of a hex token's (first) glyph character. */
static Attr glyph_attr(const TextGrid *g, const Variant *v, const char *name)
{
    int r, c;
    find_cell(g, v, name, &r, &c);
    return g->attr[r * g->width + c + 1];
}

static char glyph_char(const TextGrid *g, const Variant *v, const char *name)
{
    int r, c;
    find_cell(g, v, name, &r, &c);
    return g->text[r * g->width + c + 1];
}

/* --- test variants (boards from tests/unit_board.c, arrays from the rule documents) -------- */

/* A variant for drawing only: pieces' moves do not matter here, so each steps like a wazir;
 * the first letter is the royal one. */
static Variant *drawing_variant(const char *board, const char *players, const char *letters,
                                const char *setup, int rotate)
{
    static char text[8192];
    int n = snprintf(text, sizeof text, "[variant]\ntitle = test\n[board]\n%s\n[players]\n%s\n",
                     board, players);
    for (const char *l = letters; *l; l++)
        n += snprintf(text + n, sizeof text - (size_t)n, "[piece %c]\nname = %c\nmoves = W\n%s", *l,
                      *l, l == letters ? "royal = yes\n" : "");
    if (rotate) n += snprintf(text + n, sizeof text - (size_t)n, "[view]\nrotate = %d\n", rotate);
    snprintf(text + n, sizeof text - (size_t)n, "[setup]\n%s\n", setup);
    return tu_variant_text(text);
}

#define HR_BOARD      "family = hex\nframe = flat\nletters = abcdefghiklmn\nshape = hexagon g7 6"
#define RING_BOARD    "family = ring\nletters = abcde\nlength = 24"
#define TRI_BOARD     "family = triangle\nletters = abcdefghijklmno\nside = 4"
#define SMALL_BOARD   "family = hex\nframe = flat\nletters = abcde\nshape = hexagon c3 2"
#define TWO_PLAYERS   "names = White Black\nforward = 12 6"
#define THREE_PLAYERS "names = Red Yellow Blue\nforward = 12 12 12"

/* hornrimmed.md, hr-glinski */
static Variant *hr_glinski(void)
{
    return drawing_variant(HR_BOARD, TWO_PLAYERS, "GDUSREHP",
                           "White = G h2, D f2, U g2 g3 g4, S e2 i2, R d2 k2, E d1 k1, H f1 g1 h1,"
                           " P c2 d3 e4 f5 g6 h5 i4 k3 l2\n"
                           "Black = G h11, D f11, U g12 g11 g10, S e10 i10, R d9 k9, E d10 k10,"
                           " H f12 g13 h12, P c8 d8 e8 f8 g8 h8 i8 k8 l8",
                           0);
}

/* hornrimmed.md, hr-wellisch: forward along the diagonals at 3 and 9 o'clock */
static Variant *hr_wellisch(void)
{
    return drawing_variant(HR_BOARD, "names = White Black\nforward = 3 9", "GVRYXP",
                           "White = G b4, V b5, R b3 b6, Y b2 b7 c5, X a1 a3 a5 a7 b1 b8,"
                           " P c1 c2 c3 c4 c6 c7 c8 c9 d5 d6\n"
                           "Black = G m5, V m4, R m6 m3, Y m7 m2 l5, X n7 n5 n3 n1 m8 m1,"
                           " P l1 l2 l3 l4 l6 l7 l8 l9 k6 k5",
                           0);
}

/* cyclohexane.md: A an anticlockwise, C a clockwise Broker */
static Variant *cyclohexane(void)
{
    return drawing_variant(
        RING_BOARD, THREE_PLAYERS, "GDRUSAC",
        "Red = R a3 e3, U c2 c3 c4, S b2 b3, G d2, D d3, C a2 b1 c1 d1 e2, A a4 b4 c5 d4 e4\n"
        "Yellow = R a11 e11, U c10 c11 c12, S b10 b11, G d10, D d11, C a10 b9 c9 d9 e10,"
        " A a12 b12 c13 d12 e12\n"
        "Blue = R a19 e19, U c18 c19 c20, S b18 b19, G d18, D d19, C a18 b17 c17 d17 e18,"
        " A a20 b20 c21 d20 e20",
        0);
}

/* chessagon.md: White advances towards lower letters (9 o'clock), Black towards higher */
static Variant *chessagon(void)
{
    return drawing_variant(TRI_BOARD, "names = White Black\nforward = 9 3", "KQDRBNP",
                           "White = K o4, Q o5, D n4 n5, B n3 n6, N m3 m6, R m2 m7,"
                           " P l1 l2 k2 l3 k3 m4 l4 m5 l5 l6 k6 l7 k7 l8\n"
                           "Black = K a4, Q a5, D b4 b5, B b3 b6, N c3 c6, R c2 c7,"
                           " P d1 d2 e2 d3 e3 c4 d4 c5 d5 d6 e6 d7 e7 d8",
                           0);
}

/* a hexagon of radius 2 in the flat frame, to check turned views by hand */
static Variant *small_hex(const char *players, int rotate)
{
    return drawing_variant(SMALL_BOARD, players, "KQP",
                           "White = K c1, Q b4, P a1\nBlack = K c5, P e3", rotate);
}

/* --- hex, pointy frame: Haynie ------------------------------------------------------------- */

/* haynie.md, "Starting array", verbatim */
static const char *HAYNIE_DIAGRAM = "11                     b   r   q   k   r   b\n"
                                    "10                   f   n   w   b   w   n   f\n"
                                    " 9                 p   p   p   p   p   p   p   p\n"
                                    " 8               p   p   p   p   p   p   p   p   p\n"
                                    " 7             .   .   .   .   .   .   .   .   .   .\n"
                                    " 6           .   .   .   .   .   .   .   .   .   .   .\n"
                                    " 5             .   .   .   .   .   .   .   .   .   .\n"
                                    " 4               P   P   P   P   P   P   P   P   P\n"
                                    " 3                 P   P   P   P   P   P   P   P\n"
                                    " 2                   F   N   W   B   W   N   F\n"
                                    " 1                     B   R   Q   K   R   B\n";

/* The same with the renderer's labels: each rank's number just before its first cell and
 * after its last; file letters where each file (running up and to the left) leaves the board
 * through its bottom or top row: below rank 1 for files a to f, above rank 11 for f to k (the
 * files g to k enter the board through its lower right side, where a letter would stand
 * beside a rank's row). */
static const char *HAYNIE_COORDS = "           f   g   h   i   j   k\n"
                                   "         11  b   r   q   k   r   b  11\n"
                                   "       10  f   n   w   b   w   n   f  10\n"
                                   "      9  p   p   p   p   p   p   p   p  9\n"
                                   "    8  p   p   p   p   p   p   p   p   p  8\n"
                                   "  7  .   .   .   .   .   .   .   .   .   .  7\n"
                                   "6  .   .   .   .   .   .   .   .   .   .   .  6\n"
                                   "  5  .   .   .   .   .   .   .   .   .   .  5\n"
                                   "    4  P   P   P   P   P   P   P   P   P  4\n"
                                   "      3  P   P   P   P   P   P   P   P  3\n"
                                   "        2  F   N   W   B   W   N   F  2\n"
                                   "          1  B   R   Q   K   R   B  1\n"
                                   "               a   b   c   d   e   f\n";

static void test_haynie_start(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    pos_init(&pos, v);
    const int sizes[2][2] = {{80, 24}, {120, 40}};
    for (int i = 0; i < 2; i++) {
        RenderOpts bare = area(sizes[i][0], sizes[i][1], false);
        RenderOpts full = area(sizes[i][0], sizes[i][1], true);
        assert_string_equal(tidy(draw(&pos, &bare, NULL)), tidy(drop_columns(HAYNIE_DIAGRAM, 2)));
        assert_string_equal(draw(&pos, &full, NULL), HAYNIE_COORDS);
    }
    /* the other side's view is the diagram turned round */
    RenderOpts o = area(80, 24, false);
    o.turn = 180;
    assert_string_equal(tidy(draw(&pos, &o, NULL)), turn180(drop_columns(HAYNIE_DIAGRAM, 2)));
    /* ... which is Black's seat */
    o.turn = 0;
    o.bottom = 1;
    assert_string_equal(tidy(draw(&pos, &o, NULL)), turn180(drop_columns(HAYNIE_DIAGRAM, 2)));
    variant_free(v);
}

/* --- hex, flat frame: Glinski ------------------------------------------------------------ */

/* glinski-mccooey.md's array on the board drawn like hornrimmed.md's diagram (files four
 * columns apart, one line per half cell), White at the bottom corner. Rank numbers stand at
 * both ends of each rank (the a- and l-files, then the upper edges) and in its bend, between
 * its e and g cells just above its f cell (ranks 1 to 9: each arm has three cells or more);
 * file letters below. */
static const char *GLINSKI_COORDS = "                   11   b   11\n"
                                    "               10   q       k   10\n"
                                    "            9   n       b       n   9\n"
                                    "        8   r       .   9   .       r   8\n"
                                    "    7   p       .       b       .       p   7\n"
                                    "6   .       p       .   8   .       p       .   6\n"
                                    "        .       p       .       p       .\n"
                                    "5   .       .       p   7   p       .       .   5\n"
                                    "        .       .       p       .       .\n"
                                    "4   .       .       .   6   .       .       .   4\n"
                                    "        .       .       .       .       .\n"
                                    "3   .       .       .   5   .       .       .   3\n"
                                    "        .       .       P       .       .\n"
                                    "2   .       .       P   4   P       .       .   2\n"
                                    "        .       P       .       P       .\n"
                                    "1   .       P       .   3   .       P       .   1\n"
                                    "        P       .       B       .       P\n"
                                    "            R       .   2   .       R\n"
                                    "                N       B       N\n"
                                    "                    Q   1   K\n"
                                    "                        B\n"
                                    "    a   b   c   d   e   f   g   h   i   k   l\n";

static void test_glinski_start(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts small = area(80, 24, true), large = area(120, 40, true);
    assert_string_equal(draw(&pos, &small, &g), GLINSKI_COORDS);
    assert_int_equal(g.width, 49);
    assert_int_equal(g.height, 22);
    textgrid_free(&g);
    assert_string_equal(draw(&pos, &large, NULL), GLINSKI_COORDS);
    /* flipped: Black at the bottom, the whole board turned round */
    RenderOpts o = area(80, 24, false);
    char plain[4096];
    snprintf(plain, sizeof plain, "%s", tidy(draw(&pos, &o, NULL)));
    o.turn = 180;
    assert_string_equal(tidy(draw(&pos, &o, NULL)), turn180(plain));
    o.turn = 0;
    o.bottom = 1; /* Black's seat */
    assert_string_equal(tidy(draw(&pos, &o, NULL)), turn180(plain));
    /* without labels the board is GLINSKI_COORDS' cells alone */
    char cells[4096];
    snprintf(cells, sizeof cells, "%s", GLINSKI_COORDS);
    *strstr(cells, "    a   b") = 0;
    for (char *p = cells; *p; p++)
        if (*p >= '0' && *p <= '9') *p = ' ';
    assert_string_equal(plain, tidy(cells));
    variant_free(v);
}

/* --- the 127-cell board ------------------------------------------------------------------- */

/* hornrimmed.md, "hr-glinski drawn", verbatim but for the file letters */
static const char *HR_GLINSKI_DIAGRAM = "                        bH\n"
                                        "                    bH      bH\n"
                                        "                ::      bU      ::\n"
                                        "            bE      bD      bG      bE\n"
                                        "        ::      bS      bU      bS      ::\n"
                                        "    ::      bR      ..      ..      bR      ::\n"
                                        "::      bP      ..      bU      ..      bP      ::\n"
                                        "    ..      bP      ..      ..      bP      ..\n"
                                        "::      ..      bP      ..      bP      ..      ::\n"
                                        "    ..      ..      bP      bP      ..      ..\n"
                                        "::      ..      ..      bP      ..      ..      ::\n"
                                        "    ..      ..      ..      ..      ..      ..\n"
                                        "::      ..      ..      ..      ..      ..      ::\n"
                                        "    ..      ..      ..      ..      ..      ..\n"
                                        "::      ..      ..      wP      ..      ..      ::\n"
                                        "    ..      ..      wP      wP      ..      ..\n"
                                        "::      ..      wP      ..      wP      ..      ::\n"
                                        "    ..      wP      ..      ..      wP      ..\n"
                                        "::      wP      ..      wU      ..      wP      ::\n"
                                        "    ::      wR      ..      ..      wR      ::\n"
                                        "        ::      wS      wU      wS      ::\n"
                                        "            wE      wD      wG      wE\n"
                                        "                ::      wU      ::\n"
                                        "                    wH      wH\n"
                                        "                        wH\n";

/* The same array turned a quarter clockwise to fit 24 lines: files are rows (a on top),
 * labelled at either end; ranks rise to the right, numbered where they leave the board's
 * upper edge and, for ranks 1 to 7, its lower edge (file n). Each row lists its file from
 * cell 1, as read from the diagram. */
static const char *HR_GLINSKI_TURNED = "                 1   2   3   4   5   6   7   8\n"
                                       "            a  .   .   .   .   .   .   .  a\n"
                                       "          b  .   .   .   .   .   .   .   .  /9\n"
                                       "        c  .   P   .   .   .   .   .   p   .  /10\n"
                                       "      d  E   R   P   .   .   .   .   p   r   e  /11\n"
                                       "    e  .   S   .   P   .   .   .   p   .   s   .  /12\n"
                                       "  f  H   D   .   .   P   .   .   p   .   .   d   h  /13\n"
                                       "g  H   U   U   U   .   P   .   p   .   u   u   u   h  g\n"
                                       "  h  H   G   .   .   P   .   .   p   .   .   g   h  \\13\n"
                                       "    i  .   S   .   P   .   .   .   p   .   s   .  \\12\n"
                                       "      k  E   R   P   .   .   .   .   p   r   e  \\11\n"
                                       "        l  .   P   .   .   .   .   .   p   .  \\10\n"
                                       "          m  .   .   .   .   .   .   .   .  \\9\n"
                                       "            n  .   .   .   .   .   .   .  n\n"
                                       "                 1   2   3   4   5   6   7\n";

static void test_hr_start(void **state)
{
    (void)state;
    Variant *v = hr_glinski();
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    assert_int_equal(v->board.ncells, 127);
    /* tall enough: the usual drawing, as in the document */
    RenderOpts large = area(120, 40, false);
    assert_string_equal(tidy(draw(&pos, &large, &g)), from_hr_diagram(HR_GLINSKI_DIAGRAM));
    assert_int_equal(g.height, 25);
    textgrid_free(&g);
    large.coords = true;
    const char *labelled = draw(&pos, &large, &g);
    assert_int_equal(g.height, 26);
    assert_int_equal(g.fit_turn, 0);
    assert_non_null(strstr(labelled, "\n    a   b   c   d   e   f   g   h   i   k   l   m   n\n"));
    textgrid_free(&g);
    /* 80x24: 25 rows do not fit; turned a twelfth clockwise, White still at the bottom (at
     * the lower left), in 15 rows with room beside them for the status panel */
    RenderOpts small = area(57, 21, true);
    char *fitted = strdup(draw(&pos, &small, &g));
    assert_int_equal(g.fit_turn, -30);
    assert_int_equal(g.angle, 330);
    assert_int_equal(g.height, 15);
    textgrid_free(&g);
    /* the same drawing as the view turned that way on purpose, which is not turned to fit */
    small.turn = -30;
    assert_string_equal(draw(&pos, &small, &g), fitted);
    assert_int_equal(g.fit_turn, 0);
    textgrid_free(&g);
    free(fitted);
    /* turned a quarter by the view: files are rows, as in the document's turned diagram;
     * ranks 8 to 13 leave the board through its right-hand sides at both ends: 8 is
     * carried on round the corner, above the board, and 9 to 13 are labelled beside the
     * rows, a stroke pointing along each to its end cell (carried on as 8 is, 13 stood 26
     * columns right of the top row's last cell), so those rows' letters stand at their
     * left ends only */
    small = area(80, 24, true);
    small.turn = -90;
    assert_string_equal(draw(&pos, &small, &g), HR_GLINSKI_TURNED);
    assert_int_equal(g.width, 55);
    assert_int_equal(g.height, 15);
    assert_int_equal(g.fit_turn, 0);
    assert_int_equal(g.angle, 270);
    textgrid_free(&g);
    /* that is its width: 55 columns show it all */
    small.max_width = 55;
    assert_string_equal(draw(&pos, &small, &g), HR_GLINSKI_TURNED);
    textgrid_free(&g);
    /* narrower: the labels that overhang the board are left out, the rows' on the right
     * among them, so the rows keep their left ends and the ranks go without (10 to 13) */
    small.max_width = 53;
    const char *narrow = draw(&pos, &small, &g);
    assert_int_equal(g.width, 53);
    assert_int_equal(g.height, 15);
    assert_true(strncmp(narrow, "                 1   2   3   4   5   6   7   8   9\n", 50) == 0);
    assert_non_null(strstr(narrow, "\ng  H   U   U   U   .   P   .   p   .   u   u   u   h\n"));
    textgrid_free(&g);
    variant_free(v);
}

/* Wellisch-orientation games are drawn turned so that the first player's edge (file a) is at
 * the bottom (hornrimmed.md): White's forward, 3 o'clock, points up. */
static void test_hr_wellisch_view(void **state)
{
    (void)state;
    Variant *v = hr_wellisch();
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, false);
    const char *text = tidy(draw(&pos, &o, &g));
    assert_int_equal(g.height, 13);
    textgrid_free(&g);
    /* top row: file n from n7 (left) to n1; bottom rows: files b and a, likewise */
    assert_true(strncmp(text, "            x   .   x   .   x   .   x\n", 38) == 0);
    assert_non_null(strstr(text, "\n          X   Y   R   V   G   R   Y   X\n"
                                 "            X   .   X   .   X   .   X\n"));
    /* Black's seat: the same drawing turned round */
    o.bottom = 1;
    assert_string_equal(tidy(draw(&pos, &o, NULL)), turn180(text));
    o.bottom = 0;
    /* files labelled at the right ends of their rows; ranks 8 to 13 leave the board through
     * its left-hand sides at both ends: 8 is carried on round the lower left corner, and 9 to
     * 13 are labelled beside the rows, a stroke pointing along each to its end cell (carried
     * on as 8 is, 13 stood 27 columns left of the bottom row's first cell); files n, g and
     * a, beside which no rank's label stands, at both ends */
    o.coords = true;
    text = draw(&pos, &o, NULL);
    assert_non_null(strstr(text, "\n            n  x   .   x   .   x   .   x  n\n"
                                 "         9\\  x   y   r   g   v   r   y   x  m\n"));
    assert_non_null(strstr(text, "\n13\\  .   .   .   .   .   .   .   .   .   .   .   .  h\n"
                                 "g  .   .   .   .   .   .   .   .   .   .   .   .   .  g\n"
                                 "13/  .   .   .   .   .   .   .   .   .   .   .   .  f\n"));
    assert_non_null(strstr(text, "\n         9/  X   Y   R   V   G   R   Y   X  b\n"
                                 "            a  X   .   X   .   X   .   X  a\n"
                                 "         8   7   6   5   4   3   2   1\n"));
    variant_free(v);
}

/* --- turned views of a small board, worked out by hand --------------------------------------- */

static const char *SMALL_0 = "        k\n"
                             "    Q       .\n"
                             ".       .       p\n"
                             "    .       .\n"
                             ".       .       .\n"
                             "    .       .\n"
                             "P       .       .\n"
                             "    .       .\n"
                             "        K\n";

/* turned 30 degrees anticlockwise: ranks horizontal, K towards 4 o'clock */
static const char *SMALL_30 = "    k   .   p\n"
                              "  Q   .   .   .\n"
                              ".   .   .   .   .\n"
                              "  .   .   .   .\n"
                              "    P   .   K\n";

/* turned 90 degrees anticlockwise: file a at the bottom, file e on top */
static const char *SMALL_90 = "    p   .   .\n"
                              "  .   .   .   .\n"
                              "k   .   .   .   K\n"
                              "  Q   .   .   .\n"
                              "    .   .   P\n";

/* The same turns asked for by the view (flip is 180), by the seat (a player's forward
 * pointing up) or by the variant file's [view] rotate. */
static void test_turned_views(void **state)
{
    (void)state;
    static const struct {
        int turn, rotate;
        const char *players;
        int bottom;
        const char **want;
        bool turned;
    } cases[] = {
        {0, 0, TWO_PLAYERS, 0, &SMALL_0, false},
        {30, 0, TWO_PLAYERS, 0, &SMALL_30, false},
        {90, 0, TWO_PLAYERS, 0, &SMALL_90, false},
        {180, 0, TWO_PLAYERS, 0, &SMALL_0, true},
        {270, 0, TWO_PLAYERS, 0, &SMALL_90, true},
        {-90, 0, TWO_PLAYERS, 0, &SMALL_90, true},
        {0, 0, TWO_PLAYERS, 1, &SMALL_0, true},
        {90, 0, TWO_PLAYERS, 1, &SMALL_90, true},
        {0, 90, TWO_PLAYERS, 0, &SMALL_90, false},
        {0, 0, "names = White Black\nforward = 3 9", 0, &SMALL_90, false},
        {0, 0, "names = White Black\nforward = 3 9", 1, &SMALL_90, true},
        {0, 0, "names = White Black\nforward = 1 7", 0, &SMALL_30, false},
        {0, 0, "names = White Black\nforward = 1 7", 1, &SMALL_30, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = small_hex(cases[i].players, cases[i].rotate);
        Position pos;
        pos_init(&pos, v);
        RenderOpts o = area(80, 24, false);
        o.turn = cases[i].turn;
        o.bottom = cases[i].bottom;
        const char *want = cases[i].turned ? turn180(*cases[i].want) : tidy(*cases[i].want);
        assert_string_equal(tidy(draw(&pos, &o, NULL)), want);
        variant_free(v);
    }
}

/* Three players on a hex board: the side letter before the piece letter, brackets around
 * both on a marked cell. */
static void test_three_players_hex(void **state)
{
    (void)state;
    Variant *v = drawing_variant(SMALL_BOARD, THREE_PLAYERS, "K",
                                 "Red = K c1\nYellow = K a3\nBlue = K e3", 0);
    Position pos;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, false);
    o.last_to = board_cell(&v->board, "c1");
    const char *text = tidy(draw(&pos, &o, NULL));
    assert_true(strncmp(text, "         .\n", 11) == 0);
    assert_non_null(strstr(text, "\nyK       .      bK\n"));
    assert_non_null(strstr(text, "\n       [rK]\n"));
    variant_free(v);
}

/* --- the ring: Cyclohexane ---------------------------------------------------------------- */

/* cyclohexane.md draws Red's camp (cells 1-8, '<' a clockwise Broker C, '>' an anticlockwise
 * one A); Yellow's is the same at 9-16, Blue's at 17-24. Red's seat: Red's camp in the middle,
 * the seam '|' where cell 24 meets cell 1, files b and d half a cell to the right, numbers
 * above and below, letters either side. In 80 columns a cell takes three. */
static const char *RING_80 =
    "   15 16 17 18 19 20 21 22 23 24   1  2  3  4  5  6  7  8  9 10 11 12 13 14\n"
    "a   .  .  . bC bR bA  .  .  .  . | . rC rR rA  .  .  .  .  . yC yR yA  .  .   a\n"
    "b    .  . bC bS bS bA  .  .  .  .| rC rS rS rA  .  .  .  . yC yS yS yA  .  .  b\n"
    "c   .  . bC bU bU bU bA  .  .  . |rC rU rU rU rA  .  .  . yC yU yU yU yA  .   c\n"
    "d    .  . bC bG bD bA  .  .  .  .| rC rG rD rA  .  .  .  . yC yG yD yA  .  .  d\n"
    "e   .  .  . bC bR bA  .  .  .  . | . rC rR rA  .  .  .  .  . yC yR yA  .  .   e\n"
    "   15 16 17 18 19 20 21 22 23 24   1  2  3  4  5  6  7  8  9 10 11 12 13 14\n";

/* with room, four columns a cell as in the document */
static const char *RING_120 =
    "   15  16  17  18  19  20  21  22  23  24    1   2   3   4   5   6   7"
    "   8   9  10  11  12  13  14\n"
    "a   .   .   .  bC  bR  bA   .   .   .   .  | .  rC  rR  rA   .   . "
    "  .   .   .  yC  yR  yA   .   .    a\n"
    "b     .   .  bC  bS  bS  bA   .   .   .   .|  rC  rS  rS  rA   .   "
    ".   .   .  yC  yS  yS  yA   .   .  b\n"
    "c   .   .  bC  bU  bU  bU  bA   .   .   .  |rC  rU  rU  rU  rA   . "
    "  .   .  yC  yU  yU  yU  yA   .    c\n"
    "d     .   .  bC  bG  bD  bA   .   .   .   .|  rC  rG  rD  rA   .   "
    ".   .   .  yC  yG  yD  yA   .   .  d\n"
    "e   .   .   .  bC  bR  bA   .   .   .   .  | .  rC  rR  rA   .   . "
    "  .   .   .  yC  yR  yA   .   .    e\n"
    "   15  16  17  18  19  20  21  22  23  24    1   2   3   4   5   6   7"
    "   8   9  10  11  12  13  14\n";

static void test_ring_start(void **state)
{
    (void)state;
    Variant *v = cyclohexane();
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts small = area(80, 24, true), large = area(120, 40, true);
    assert_string_equal(draw(&pos, &small, &g), RING_80);
    assert_int_equal(g.width, 79);
    textgrid_free(&g);
    assert_string_equal(draw(&pos, &large, &g), RING_120);
    assert_int_equal(g.width, 103);
    textgrid_free(&g);
    /* Yellow's seat, or Red's turned on by 120 degrees: Yellow's camp (cells 9-16) in the
     * middle */
    small.bottom = 1;
    const char *text = draw(&pos, &small, NULL);
    assert_true(strncmp(text, "   23 24   1  2  3", 18) == 0);
    assert_non_null(strstr(text, "\nc   .  . |rC rU rU rU rA  .  .  . yC yU yU yU yA  .  .  . bC "
                                 "bU bU bU bA  .   c\n"));
    small.bottom = 0;
    small.turn = 120;
    assert_string_equal(draw(&pos, &small, NULL), text);
    /* the player to move does not matter, the seat does */
    pos.stm = 2;
    small.turn = 0;
    assert_string_equal(draw(&pos, &small, NULL), RING_80);
    /* flipped: the ring scrolled half round, Red's camp at either edge */
    small.turn = 180;
    text = draw(&pos, &small, NULL);
    assert_true(strncmp(text, "    3  4  5", 11) == 0);
    assert_true(strncmp(strchr(text, '\n') + 1, "a  rR rA ", 9) == 0);
    variant_free(v);
}

/* --- triangles: Chessagon ------------------------------------------------------------------ */

/* chessagon.md, "Starting array", with a dot in each empty triangle (the document leaves
 * them blank, which on the screen reads as no cell there) */
static const char *CHESSAGON_DIAGRAM = "8         /\\. /\\. /\\. /\\. /\\\n"
                                       "         /p \\/. \\/. \\/. \\/P \\\n"
                                       "7       /\\p /\\. /\\. /\\. /\\P /\\\n"
                                       "       /r \\/p \\/. \\/. \\/P \\/R \\\n"
                                       "6     /\\n /\\p /\\. /\\. /\\P /\\N /\\\n"
                                       "     /b \\/p \\/. \\/. \\/. \\/P \\/B \\\n"
                                       "5   /\\d /\\p /\\. /\\. /\\. /\\P /\\D /\\\n"
                                       "   /q \\/p \\/. \\/. \\/. \\/. \\/P \\/Q \\\n"
                                       "4  \\k /\\p /\\. /\\. /\\. /\\. /\\P /\\K /\n"
                                       "    \\/d \\/p \\/. \\/. \\/. \\/P \\/D \\/\n"
                                       "3    \\b /\\p /\\. /\\. /\\. /\\P /\\B /\n"
                                       "      \\/n \\/p \\/. \\/. \\/P \\/N \\/\n"
                                       "2      \\r /\\p /\\. /\\. /\\P /\\R /\n"
                                       "        \\/p \\/. \\/. \\/. \\/P \\/\n"
                                       "1        \\p /\\. /\\. /\\. /\\P /\n"
                                       "          \\/. \\/. \\/. \\/. \\/\n"
                                       "    a b c d e f g h i j k l m n o\n";

/* The document's diagram has White on the right: a quarter turn anticlockwise from White's
 * seat. */
static void test_triangle_start(void **state)
{
    (void)state;
    Variant *v = chessagon();
    Position pos;
    TextGrid g, f;
    pos_init(&pos, v);
    RenderOpts small = area(80, 24, true), large = area(120, 40, true);
    small.turn = large.turn = 90;
    assert_string_equal(draw(&pos, &small, NULL), CHESSAGON_DIAGRAM);
    assert_string_equal(draw(&pos, &large, NULL), CHESSAGON_DIAGRAM);
    /* without labels: the diagram's triangles, nothing else */
    small.coords = false;
    char board[4096];
    snprintf(board, sizeof board, "%s", drop_columns(CHESSAGON_DIAGRAM, 1));
    char *letters = strstr(board, "a b c");
    while (letters > board && letters[-1] == ' ') letters--;
    *letters = 0;
    assert_string_equal(tidy(draw(&pos, &small, &g)), tidy(board));
    /* flipped, every cell lands where the turned board puts it: the grid turned round, each
     * cell's two inside characters still read left to right */
    small.turn = 270;
    draw(&pos, &small, &f);
    assert_int_equal(f.width, g.width);
    assert_int_equal(f.height, g.height);
    for (Cell c = 1; c <= v->board.ncells; c++) {
        int r0, c0, r1, c1;
        find_cell(&g, v, v->board.name[c], &r0, &c0);
        find_cell(&f, v, v->board.name[c], &r1, &c1);
        assert_int_equal(r1, g.height - 1 - r0);
        assert_int_equal(c1, g.width - 1 - (c0 + 1));
        assert_memory_equal(f.text + r1 * f.width + c1, g.text + r0 * g.width + c0, 2);
    }
    /* up cells (h4) were dark, down cells light; the outline is drawn as lines */
    int r, c;
    find_cell(&g, v, "h4", &r, &c);
    assert_int_equal(attr_colour(g.attr[r * g.width + c]), 0);
    assert_int_equal(g.attr[(r - 1) * g.width + c], ATTR_LINE); /* its apex "/\" */
    assert_int_equal(g.text[(r - 1) * g.width + c], '/');
    find_cell(&g, v, "g4", &r, &c);
    assert_int_equal(attr_colour(g.attr[r * g.width + c]), 1);
    textgrid_free(&g);
    textgrid_free(&f);
    variant_free(v);
    /* three players: an empty triangle's dot where a piece's second letter stands, or a
     * move's star over it */
    v = drawing_variant(TRI_BOARD, "names = Red Yellow Blue\nforward = 9 3 3", "K",
                        "Red = K o4\nYellow = K a4\nBlue = K h1", 0);
    pos_init(&pos, v);
    uint8_t marks[MAX_CELLS + 1] = {0};
    marks[board_cell(&v->board, "h4")] = MARK_MOVE;
    small.marks = marks;
    draw(&pos, &small, &g);
    find_cell(&g, v, "h1", &r, &c);
    assert_memory_equal(g.text + r * g.width + c, "bK", 2);
    find_cell(&g, v, "g4", &r, &c);
    assert_memory_equal(g.text + r * g.width + c, " .", 2);
    find_cell(&g, v, "h4", &r, &c);
    assert_memory_equal(g.text + r * g.width + c, " *", 2);
    textgrid_free(&g);
    variant_free(v);
}

/* White's seat: the board on its side, White's corner (between o4 and o5) at the bottom. Each
 * row of triangles becomes a strip of four columns, row 1 on the left, '|' for the edges
 * between rows; each letter a text row, a on top. A triangle pointing up in the document
 * (n + letter even) now points right, its piece on the strip's left; the others on the
 * right. */
static void test_triangle_on_side(void **state)
{
    (void)state;
    Variant *v = chessagon();
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, false);
    draw(&pos, &o, &g);
    assert_int_equal(g.height, 15);
    assert_int_equal(g.width, 33);
    for (Cell c = 1; c <= v->board.ncells; c++) {
        const char *name = v->board.name[c];
        int letter = name[0] - 'a' + 1, row = atoi(name + 1), r, col;
        bool up = (letter + row) % 2 == 0;
        find_cell(&g, v, name, &r, &col);
        assert_int_equal(r, letter - 1);
        assert_int_equal(col, (row - 1) * 4 + 1);
        assert_int_equal(g.text[r * g.width + col - 1], '|');
        assert_int_equal(g.text[r * g.width + col + 3], '|');
        Piece p = pos.board[c];
        char want = p ? v->type[PIECE_KIND(p)].letter : '.';
        if (p && PIECE_OWNER(p)) want = (char)(want - 'A' + 'a');
        assert_int_equal(g.text[r * g.width + col + (up ? 0 : 2)], want);
        assert_int_equal(g.text[r * g.width + col + (up ? 2 : 0)], ' ');
    }
    /* the kings: Black's at the top (a4), White's at the bottom (o4) */
    assert_int_equal(g.text[0 * g.width + 3 * 4 + 3], 'k');
    assert_int_equal(g.text[14 * g.width + 3 * 4 + 3], 'K');
    textgrid_free(&g);
    /* labels: letters either side, numbers below */
    o.coords = true;
    const char *text = draw(&pos, &o, NULL);
    assert_true(strncmp(text, "a             |  k|q  |             a\n", 38) == 0);
    assert_non_null(strstr(text, "\nd |  p|p  |  p|p  |  p|p  |  p|p  | d\n"));
    assert_non_null(strstr(text, "\n    1   2   3   4   5   6   7   8\n"));
    /* Black's seat: the same turned round */
    o.coords = false;
    const char *white = tidy(draw(&pos, &o, NULL));
    o.bottom = 1;
    const char *black = tidy(draw(&pos, &o, NULL));
    assert_string_equal(black, turn180(white));
    variant_free(v);
}

/* --- marks and attributes -----------------------------------------------------------------------
 */

static void test_last_move(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    Cell e4 = board_cell(&v->board, "e4"), e5 = board_cell(&v->board, "e5");
    pos.board[e5] = pos.board[e4];
    pos.board[e4] = 0;
    RenderOpts o = area(80, 24, true);
    o.last_from = e4;
    o.last_to = e5;
    const char *text = draw(&pos, &o, &g);
    assert_non_null(strstr(text, "\n  5  .   .   .   .  [P]  .   .   .   .   .  5\n"
                                 "    4  P   P   P   P  [.]  P   P   P   P  4\n"));
    int r, c;
    find_cell(&g, v, "e5", &r, &c);
    for (int i = 0; i < 3; i++) assert_true(g.attr[r * g.width + c + i] & ATTR_LAST);
    assert_false(glyph_attr(&g, v, "d5") & ATTR_LAST);
    textgrid_free(&g);
    variant_free(v);

    /* two marked cells side by side on the ring share the column between them */
    v = cyclohexane();
    pos_init(&pos, v);
    Cell a4 = board_cell(&v->board, "a4"), a5 = board_cell(&v->board, "a5");
    pos.board[a5] = pos.board[a4];
    pos.board[a4] = 0;
    o.last_from = a4;
    o.last_to = a5;
    assert_non_null(strstr(draw(&pos, &o, NULL), " rC rR[ .|rA] .  ."));
    variant_free(v);

    /* triangles: a '+' beside the piece letter */
    v = chessagon();
    pos_init(&pos, v);
    Cell l4 = board_cell(&v->board, "l4"), k4 = board_cell(&v->board, "k4");
    pos.board[k4] = pos.board[l4];
    pos.board[l4] = 0;
    o.last_from = l4;
    o.last_to = k4;
    o.turn = 90; /* as the document draws it */
    text = draw(&pos, &o, NULL);
    assert_non_null(strstr(text, "\n4  \\k /\\p /\\. /\\. /\\. /\\P+/\\P /\\K /\n"));
    /* the empty cell the piece left: its dot, and the mark beside it */
    assert_non_null(strstr(text, "\n    \\/d \\/p \\/. \\/. \\/. \\/.+\\/D \\/\n"));
    variant_free(v);
}

static void test_attributes(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, true);
    draw(&pos, &o, &g);
    /* haynie.md: colours (f + r) mod 3 */
    static const struct {
        const char *cell;
        int colour, side;
        char glyph;
    } want[] = {
        {"a1", 1, 0, 'B'},  {"d1", 1, 0, 'K'},  {"k11", 0, 1, 'b'},
        {"f6", 2, -1, '.'}, {"e7", 2, -1, '.'}, {"c8", 1, 1, 'p'},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(glyph_char(&g, v, want[i].cell), want[i].glyph);
        assert_int_equal(attr_colour(glyph_attr(&g, v, want[i].cell)), want[i].colour);
        assert_int_equal(attr_side(glyph_attr(&g, v, want[i].cell)), want[i].side);
    }
    /* labels: "6" opens the middle line, letters the first and the last */
    int mid = g.height / 2;
    assert_int_equal(g.text[mid * g.width], '6');
    assert_int_equal(g.attr[mid * g.width], ATTR_COORD);
    assert_int_equal(g.cell[mid * g.width], NO_CELL);
    assert_int_equal(g.text[11], 'f');
    assert_int_equal(g.attr[11], ATTR_COORD);
    assert_int_equal(g.text[(g.height - 1) * g.width + 15], 'a');
    assert_int_equal(g.attr[(g.height - 1) * g.width + 15], ATTR_COORD);
    textgrid_free(&g);
    variant_free(v);

    /* three players: the side letter belongs to the piece too; the seam is a line */
    v = cyclohexane();
    pos_init(&pos, v);
    draw(&pos, &o, &g);
    int r, c;
    find_cell(&g, v, "d2", &r, &c);
    assert_memory_equal(g.text + r * g.width + c, " rG ", 4);
    assert_int_equal(attr_side(g.attr[r * g.width + c + 1]), 0);
    assert_int_equal(attr_side(g.attr[r * g.width + c + 2]), 0);
    assert_int_equal(attr_colour(g.attr[r * g.width + c + 1]), (2 + 1) % 3); /* b, d: (n+1)%3 */
    find_cell(&g, v, "b1", &r, &c);
    assert_int_equal(attr_colour(g.attr[r * g.width + c + 1]), (1 + 1) % 3);
    find_cell(&g, v, "a1", &r, &c);
    assert_int_equal(attr_colour(g.attr[r * g.width + c + 1]), (1 + 2) % 3); /* a: (n+2)%3 */
    const char *bar = memchr(g.text + r * g.width, '|', (size_t)g.width);
    assert_non_null(bar);
    assert_int_equal(g.attr[bar - g.text], ATTR_LINE);
    textgrid_free(&g);
    variant_free(v);
}

/* The default output is ASCII; the optional theme shows empty cells as a middle dot. */
static void test_unicode_theme(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, true);
    assert_true(render_board(&pos, &o, &g));
    char *ascii = textgrid_string(&g, false), *themed = textgrid_string(&g, true);
    for (const char *p = ascii; *p; p++) assert_true((unsigned char)*p < 128);
    assert_null(strchr(themed, '.'));
    assert_non_null(strstr(themed, "\n6  \xc2\xb7   \xc2\xb7"));
    char out[4];
    assert_int_equal(render_glyph('P', ATTR_CELL(0) | ATTR_SIDE(0), true, out), 1);
    assert_string_equal(out, "P");
    free(ascii);
    free(themed);
    textgrid_free(&g);
    variant_free(v);
}

/* --- marks, names, larger cells --------------------------------------------------------- */

/* The characters of cell `name` that are not blank, in order: what it shows. */
static const char *shown(const TextGrid *g, const Variant *v, const char *name)
{
    char *out = next_buffer(), *o = out;
    Cell c = board_cell(&v->board, name);
    for (int i = 0; i < g->width * g->height; i++)
        if (g->cell[i] == c && g->text[i] != ' ') *o++ = g->text[i];
    *o = 0;
    return out;
}

/* A selected piece and its targets: the piece in parentheses (# with one slot), a capture
 * target x, a move target * (the empty cell's dot becomes the star), a flashed cell > <;
 * the marks are in the attributes too, and win over the last move's brackets. */
static void test_marks(void **state)
{
    (void)state;
    Variant *v = small_hex(TWO_PLAYERS, 0);
    Position pos;
    TextGrid g;
    uint8_t marks[MAX_CELLS + 1] = {0};
    pos_init(&pos, v);
    marks[tu_cell(v, "c1")] = MARK_SELECTED;
    marks[tu_cell(v, "c2")] = MARK_MOVE;
    marks[tu_cell(v, "e3")] = MARK_CAPTURE;
    marks[tu_cell(v, "b4")] = MARK_MOVE; /* a friendly piece (a swap) */
    marks[tu_cell(v, "d1")] = MARK_FLASH;
    RenderOpts o = area(80, 24, false);
    o.marks = marks;
    o.last_from = tu_cell(v, "c1");
    o.last_to = tu_cell(v, "a2");
    draw(&pos, &o, &g);
    assert_string_equal(shown(&g, v, "c1"), "(K)");
    assert_string_equal(shown(&g, v, "c2"), "*");
    assert_string_equal(shown(&g, v, "e3"), "xp");
    assert_string_equal(shown(&g, v, "b4"), "*Q");
    assert_string_equal(shown(&g, v, "d1"), ">.<");
    assert_string_equal(shown(&g, v, "a2"), "[.]");
    assert_string_equal(shown(&g, v, "c3"), ".");
    assert_int_equal(attr_marks(glyph_attr(&g, v, "c1")), MARK_SELECTED);
    assert_int_equal(attr_marks(glyph_attr(&g, v, "e3")), MARK_CAPTURE);
    assert_int_equal(attr_marks(glyph_attr(&g, v, "c3")), 0);
    textgrid_free(&g);
    /* outlined cells: one slot before the piece's two letters */
    o.max_scale = 1;
    draw(&pos, &o, &g);
    assert_int_equal(g.scale, 1);
    assert_string_equal(shown(&g, v, "c1"), "#wK");
    assert_string_equal(shown(&g, v, "c2"), "*");
    assert_string_equal(shown(&g, v, "e3"), "xbP");
    assert_string_equal(shown(&g, v, "b4"), "*wQ");
    assert_string_equal(shown(&g, v, "d1"), "!.");
    assert_string_equal(shown(&g, v, "a2"), "+.");
    textgrid_free(&g);
    variant_free(v);
    /* triangles: the mark in the slot beside the piece, on their side as upright */
    v = chessagon();
    pos_init(&pos, v);
    memset(marks, 0, sizeof marks);
    marks[tu_cell(v, "l4")] = MARK_SELECTED;
    marks[tu_cell(v, "k4")] = MARK_MOVE;
    marks[tu_cell(v, "d4")] = MARK_CAPTURE;
    o = area(80, 24, false);
    o.marks = marks;
    for (int turn = 0; turn <= 90; turn += 90) {
        o.turn = turn;
        draw(&pos, &o, &g);
        assert_string_equal(shown(&g, v, "l4"), "P#");
        assert_string_equal(shown(&g, v, "k4"), "*");
        assert_string_equal(shown(&g, v, "d4"), "px");
        textgrid_free(&g);
    }
    variant_free(v);
}

/* What an outlined cell shows for its piece: side and kind letters, or an empty cell's dot. */
static const char *piece_text(const Position *pos, Cell c)
{
    char *out = next_buffer();
    Piece p = pos->board[c];
    if (p)
        snprintf(out, 8, "%c%c", pos->v->player_letter[PIECE_OWNER(p)],
                 pos->v->type[PIECE_KIND(p)].letter);
    else
        snprintf(out, 8, ".");
    return out;
}

/* With names shown every cell shows its name: in place of its piece where a cell has one row
 * inside, below the piece in the larger outlined cells of every family (which keep the
 * piece), the larger triangles of both scales among them. The larger square cells name themselves
 * with names hidden too, so showing names loses nothing there. */
static void test_names(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int width, height, scale;
        bool short_names;
    } cases[] = {
        {"glinski", 57, 21, 0, false},      {"glinski", 97, 37, 1, false},
        {"glinski", 177, 57, 2, false},     {"haynie", 57, 21, 0, false},
        {"haynie", 97, 37, 2, false},       {"chessagon", 57, 21, 0, false},
        {"cyclohexane", 80, 21, 0, true},   {"cyclohexane", 120, 37, 0, false},
        {"cyclohexane", 177, 57, 2, false}, {"cyclohexane", 105, 14, 1, false},
        {"hr-wellisch3", 57, 21, 0, false}, {"hr-glinski", 177, 57, 2, false},
        {"chess", 77, 29, 2, false},        {"chess", 40, 20, 1, false},
        {"chessagon", 177, 57, 1, false},   {"chessagon", 177, 57, 2, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = tu_variant(cases[i].variant);
        Position pos;
        TextGrid g;
        pos_init(&pos, v);
        RenderOpts o = area(cases[i].width, cases[i].height, true);
        o.max_scale = cases[i].scale;
        for (int names = 0; names < 2; names++) {
            o.names = names;
            draw(&pos, &o, &g);
            assert_int_equal(g.scale, cases[i].scale);
            bool square = v->board.spec.family == FAMILY_SQUARE;
            /* triangles larger than the compact ones have two rows inside or more */
            bool below =
                cases[i].scale == 2 || (cases[i].scale && v->board.spec.family == FAMILY_TRIANGLE);
            for (Cell c = 1; c <= v->board.ncells; c++) {
                const char *name = v->board.name[c];
                const char *want = cases[i].short_names ? name + 1 : name;
                char both[16];
                snprintf(both, sizeof both, "%s%s", piece_text(&pos, c), name);
                if ((below && names) || (cases[i].scale == 2 && square))
                    assert_string_equal(shown(&g, v, name), both); /* the name below */
                else if (names)
                    assert_string_equal(shown(&g, v, name), want);
                else if (cases[i].scale)
                    assert_string_equal(shown(&g, v, name), piece_text(&pos, c));
            }
            textgrid_free(&g);
        }
        variant_free(v);
    }
}

/* Outlined flat cells share their edges: a hexagon of radius 2 drawn by hand. */
static const char *SMALL_OUTLINED = "                ___\n"
                                    "            ___/ bK\\___\n"
                                    "        ___/ wQ\\___/ · \\___\n"
                                    "       / · \\___/ · \\___/ bP\\\n"
                                    "       \\___/ · \\___/ · \\___/\n"
                                    "       / · \\___/ · \\___/ · \\\n"
                                    "       \\___/ · \\___/ · \\___/\n"
                                    "       / wP\\___/ · \\___/ · \\\n"
                                    "       \\___/ · \\___/ · \\___/\n"
                                    "           \\___/ wK\\___/\n"
                                    "               \\___/\n";

static void test_outlined(void **state)
{
    (void)state;
    Variant *v = small_hex(TWO_PLAYERS, 0);
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, false);
    o.max_scale = 1;
    draw(&pos, &o, &g);
    char *text = textgrid_string(&g, true);
    assert_string_equal(tidy(text), tidy(SMALL_OUTLINED));
    free(text);
    /* every character inside a hexagon belongs to its cell, the edges to none */
    int r, c;
    find_cell(&g, v, "c3", &r, &c);
    assert_int_equal(g.text[r * g.width + c - 1], '/');
    assert_int_equal(g.cell[r * g.width + c - 1], NO_CELL);
    assert_int_equal(g.attr[r * g.width + c - 1], ATTR_LINE);
    assert_memory_equal(g.text + r * g.width + c, " . ", 3);
    textgrid_free(&g);
    /* larger: three rows inside, the piece in the middle one */
    o.max_scale = 2;
    draw(&pos, &o, &g);
    assert_int_equal(g.scale, 2);
    assert_int_equal(g.height, 5 * 4 + 1);
    assert_string_equal(shown(&g, v, "c5"), "bK");
    textgrid_free(&g);
    variant_free(v);
    /* two sides named otherwise: their own letters, as three players' are (not w and b) */
    v = drawing_variant(SMALL_BOARD, "names = Gold Silver\nforward = 12 6", "KQP",
                        "Gold = K c1, Q b4, P a1\nSilver = K c5, P e3", 0);
    pos_init(&pos, v);
    draw(&pos, &o, &g);
    assert_string_equal(shown(&g, v, "c5"), "sK");
    assert_string_equal(shown(&g, v, "c1"), "gK");
    textgrid_free(&g);
    variant_free(v);
}

/* The words of the help page, read off the drawing: how the cells are named, and where the
 * labels stand. */
static void test_describe(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int turn;
        const char *want;
    } cases[] = {
        {"glinski", 0,
         "The cells of one letter form a column up the board: a lies on the left, l on the "
         "right; along it the numbers rise up. The cells of one number form a line bent in the "
         "middle, its middle below its ends: 1 lies at the bottom, 11 at the top; along it the "
         "letters rise right. The letters are written below the board; the numbers on the left, "
         "on the right and inside the board, in the bends of their lines."},
        {"glinski", 180,
         "The cells of one letter form a column up the board: a lies on the right, l on the "
         "left; along it the numbers rise down. The cells of one number form a line bent in the "
         "middle, its middle above its ends: 1 lies at the top, 11 at the bottom; along it the "
         "letters rise left. The letters are written below the board; the numbers on the left, "
         "on the right and inside the board, in the bends of their lines."},
        {"haynie", 0,
         "The cells of one letter form a straight line running up and to the left: a lies on "
         "the left, k on the right; along it the numbers rise up and to the left. The cells of "
         "one number form a row across the board: 1 lies at the bottom, 11 at the top; along it "
         "the letters rise right. The letters are written above the board and below it; the "
         "numbers on the left and on the right."},
        {"chessagon", 0,
         "The cells of one letter form a row across the board: a lies at the top, o at the "
         "bottom; along it the numbers rise right. The cells of one number form a column up "
         "the board: 1 lies on the left, 8 on the right; along it the letters rise down. The "
         "letters are written on the left and on the right; the numbers below the board."},
        {"cyclohexane", 0,
         "Each row of the drawing is one ring of cells, the letter of their names: a the inner "
         "ring at the top, e the outer one at the bottom. The numbers go round the ring, rising "
         "to the right from 1 to 24; where they go on from 24 to 1 the ring is cut open (the "
         "column of |). The numbers stand above and below, the letters beside."},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = tu_variant(cases[i].variant);
        Position pos;
        TextGrid g;
        char words[1024];
        pos_init(&pos, v);
        RenderOpts o = area(80, 24, true);
        o.turn = cases[i].turn;
        draw(&pos, &o, &g);
        render_describe(v, &g, words, sizeof words);
        assert_string_equal(words, cases[i].want);
        textgrid_free(&g);
        variant_free(v);
    }
}

/* rotate's step, and where a cell is drawn */
static void test_rotate_step_and_centre(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int step;
    } cases[] = {{"glinski", 60},
                 {"peanut", 60},
                 {"chessagon", 90},
                 {"cyclohexane", 120},
                 {"hr-mccooey3", 120}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = tu_variant(cases[i].variant);
        assert_int_equal(render_rotate_step(v), cases[i].step);
        variant_free(v);
    }
    Variant *v = tu_variant("haynie");
    Position pos;
    TextGrid g;
    int r, c;
    pos_init(&pos, v);
    RenderOpts o = area(80, 24, false);
    draw(&pos, &o, &g);
    assert_true(textgrid_cell_centre(&g, tu_cell(v, "f6"), &r, &c));
    assert_int_equal(r, 5); /* the middle row of eleven */
    assert_int_equal(c, g.width / 2);
    assert_false(textgrid_cell_centre(&g, NO_CELL, &r, &c));
    textgrid_free(&g);
    variant_free(v);
}

/* --- sizes -------------------------------------------------------------------------------------
 */

/* The size with the fewest rows (then columns): the first of render_min_sizes. */
static bool smallest(const Variant *v, const RenderOpts *o, int *width, int *height)
{
    RenderSize s[RENDER_MAX_LAYOUTS];
    *width = *height = 0;
    if (render_min_sizes(v, o, s, RENDER_MAX_LAYOUTS) < 1) return false;
    *width = s[0].width;
    *height = s[0].height;
    return true;
}

static void test_sizes(void **state)
{
    (void)state;
    RenderOpts o;
    memset(&o, 0, sizeof o);
    o.coords = true;
    RenderSize s[RENDER_MAX_LAYOUTS];
    int w, h;
    /* Haynie: 11 ranks and a line of letters above and below; without the labels that
     * overhang, 45 wide */
    Variant *v = tu_variant("haynie");
    assert_true(render_sizes(v, &o, s, RENDER_MAX_LAYOUTS) >= 2);
    assert_int_equal(s[0].width, 47);
    assert_int_equal(s[0].height, 13);
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(w, 45);
    assert_int_equal(h, 13);
    /* larger cells: two text rows each and three apart, outlined, come first when allowed */
    o.max_scale = 2;
    render_sizes(v, &o, s, RENDER_MAX_LAYOUTS);
    assert_int_equal(s[0].height, 11 * 3 + 1 + 3);
    assert_int_equal(s[1].height, 11 * 2 + 1 + 2);
    o.max_scale = 0;
    variant_free(v);
    /* Glinski: usually 49x22; turned a quarter it needs 13 lines */
    v = tu_variant("glinski");
    render_sizes(v, &o, s, RENDER_MAX_LAYOUTS);
    assert_int_equal(s[0].width, 49);
    assert_int_equal(s[0].height, 22);
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(h, 13);
    /* outlined: 21 half steps of one row each and an edge, or two rows each */
    o.max_scale = 2;
    render_sizes(v, &o, s, RENDER_MAX_LAYOUTS);
    assert_int_equal(s[0].height, 21 * 2 + 2 + 2);
    assert_int_equal(s[1].height, 21 + 2 + 1);
    o.max_scale = 0;
    variant_free(v);
    /* the 127-cell board: 25 lines and labels usually, 15 lines turned a twelfth (13 rows of
     * cells and a line of labels above and below), 52 columns without the labels that
     * overhang more than two columns (the rank labels beside the rows, "1\\", are kept);
     * 53 with Black at the bottom, and the smallest area holds both views */
    v = hr_glinski();
    render_sizes(v, &o, s, RENDER_MAX_LAYOUTS);
    assert_int_equal(s[0].width, 57);
    assert_int_equal(s[0].height, 26);
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(w, 53);
    assert_int_equal(h, 15);
    variant_free(v);
    /* the ring: 103 columns at four a cell, 79 at three */
    v = cyclohexane();
    assert_int_equal(render_sizes(v, &o, s, RENDER_MAX_LAYOUTS), 2);
    assert_int_equal(s[0].width, 103);
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(w, 79);
    assert_int_equal(h, 7);
    variant_free(v);
    /* triangles on their side: eight strips of four columns, fifteen letters */
    v = chessagon();
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(w, 37);
    assert_int_equal(h, 16);
    o.coords = false;
    assert_true(smallest(v, &o, &w, &h));
    assert_int_equal(w, 33);
    assert_int_equal(h, 15);
    variant_free(v);
}

/* --- labels and orientation of every shipped variant, read off the drawing --------------- */

static const char *SHIPPED[] = {"glinski",         "mccooey",     "haynie",          "peanut",
                                "chessagon",       "cyclohexane", "chess",           "hr-glinski",
                                "hr-glinski-foh",  "hr-mccooey",  "hr-mccooey-foh",  "hr-trios",
                                "hr-trios-foh",    "hr-liuyang",  "hr-liuyang-foh",  "hr-wellisch",
                                "hr-wellisch-foh", "hr-mccooey3", "hr-mccooey3-foh", "hr-wellisch3",
                                "hr-wellisch3-foh"};

/* The board areas the screen gives at 80x24, 120x40 and 200x60: beside the 23 columns of
 * the status panel, below the title line, above the message and input lines. */
static const int AREAS[3][2] = {{57, 21}, {97, 37}, {177, 57}};

typedef struct {
    int row, col, len;
    bool letter; /* a file letter, else a rank number */
    int key;     /* the letter's index, or the number */
} Label;

/* The labels of a drawing: runs of coordinate characters on one row. */
static int read_labels(const TextGrid *g, const Board *b, Label *out, int max)
{
    int n = 0;
    for (int r = 0; r < g->height; r++)
        for (int c = 0; c < g->width; c++) {
            if (!(g->attr[r * g->width + c] & ATTR_COORD)) continue;
            int e = c;
            while (e < g->width && (g->attr[r * g->width + e] & ATTR_COORD)) e++;
            char t[8] = "";
            snprintf(t, sizeof t, "%.*s", e - c, g->text + r * g->width + c);
            Label l = {r, c, e - c, false, 0};
            const char *at = t[0] && !t[1] ? strchr(b->spec.letters, t[0]) : NULL;
            if (at) {
                l.letter = true;
                l.key = (int)(at - b->spec.letters);
            } else {
                l.key = atoi(t);
                if (l.key <= 0) fail_msg("label \"%s\" names no file or rank", t);
            }
            if (n < max) out[n++] = l;
            c = e;
        }
    return n;
}

static bool on_line(const Board *b, Cell c, const Label *l, int *order)
{
    const char *p = strchr(b->spec.letters, b->name[c][0]);
    int letter = p ? (int)(p - b->spec.letters) : -1, number = atoi(b->name[c] + 1);
    *order = l->letter ? number : letter;
    return l->letter ? letter == l->key : number == l->key;
}

/* The drawn cells of the line a label names, in order along it; how many. */
static int lines_cells(const Board *b, const int *rr, const Label *l, int *line)
{
    int ord[MAX_CELLS], n = 0;
    for (int c = 1; c <= b->ncells; c++) {
        int order, i;
        if (rr[c] == -1000 || !on_line(b, (Cell)c, l, &order)) continue;
        for (i = n++; i > 0 && ord[i - 1] > order; i--) line[i] = line[i - 1], ord[i] = ord[i - 1];
        line[i] = c, ord[i] = order;
    }
    return n;
}

/* A label reads right when it stands beyond one end of the line it names, in the direction
 * the line runs there (within 40 degrees: a flat drawing's label stays on the end cell's text
 * row, half a step off the line), and no cell of another line stands between it and that
 * end (less than two columns off the way); or in the line's bend, between two of its cells.
 * Distances in columns and rows counted twice (text rows
 * are about twice as tall). */
static void check_label(const TextGrid *g, const Board *b, const Label *l, const char *what)
{
    int rr[MAX_CELLS + 1], cc[MAX_CELLS + 1];
    for (int c = 1; c <= b->ncells; c++)
        if (!textgrid_cell_centre(g, (Cell)c, &rr[c], &cc[c])) rr[c] = -1000;
    /* the label's line in order; a line of one cell runs as the nearest longer one does */
    int line[MAX_CELLS], n = lines_cells(b, rr, l, line), dir[MAX_CELLS], nd = n;
    memcpy(dir, line, sizeof line);
    for (int k = 1; k < 100 && nd < 2; k++)
        for (int sign = -1; sign <= 1 && nd < 2; sign += 2) {
            Label near = *l;
            near.key += sign * k;
            nd = lines_cells(b, rr, &near, dir);
        }
    assert_true(n > 0 && nd > 1);
    double qx = l->col + (l->len - 1) / 2.0, qy = 2.0 * l->row, mx = 0, my = 0;
    /* ends: first and last in order, the direction there from the next cell or (triangles
     * zigzag from one cell to the next) the one after; and (the ring's rows wrap round) the
     * cells farthest left and right, their direction from the line's middle */
    int left = line[0], right = line[0], in = nd > 2 ? 2 : 1;
    for (int i = 0; i < n; i++) {
        mx += cc[line[i]] / (double)n, my += 2.0 * rr[line[i]] / n;
        if (cc[line[i]] < cc[left]) left = line[i];
        if (cc[line[i]] > cc[right]) right = line[i];
    }
    struct {
        int e;
        double lx, ly;
    } ends[6] = {
        {line[0], cc[dir[0]] - cc[dir[1]], 2.0 * (rr[dir[0]] - rr[dir[1]])},
        {line[n - 1], cc[dir[nd - 1]] - cc[dir[nd - 2]], 2.0 * (rr[dir[nd - 1]] - rr[dir[nd - 2]])},
        {line[0], cc[dir[0]] - cc[dir[in]], 2.0 * (rr[dir[0]] - rr[dir[in]])},
        {line[n - 1], cc[dir[nd - 1]] - cc[dir[nd - 1 - in]],
         2.0 * (rr[dir[nd - 1]] - rr[dir[nd - 1 - in]])},
        {left, cc[left] - mx, 2.0 * rr[left] - my},
        {right, cc[right] - mx, 2.0 * rr[right] - my},
    };
    bool ok = false;
    for (int end = 0; end < (n > 1 ? 6 : 4) && !ok; end++) {
        double ex = cc[ends[end].e], ey = 2.0 * rr[ends[end].e], dx = qx - ex, dy = qy - ey;
        double d = sqrt(dx * dx + dy * dy), lx = ends[end].lx, ly = ends[end].ly;
        double ld = sqrt(lx * lx + ly * ly);
        if (d == 0 || ld == 0 || (dx * lx + dy * ly) / (d * ld) < cos(40 * M_PI / 180)) continue;
        bool between = false;
        for (int c = 1; c <= b->ncells && !between; c++) {
            int order;
            if (rr[c] == -1000 || on_line(b, (Cell)c, l, &order)) continue;
            /* along the way from the label to the end, less than half a cell aside */
            double cx = cc[c] - qx, cy = 2.0 * rr[c] - qy, along = (cx * -dx + cy * -dy) / d;
            between = along > 0 && along < d && fabs(cx * -dy - cy * -dx) / d < 2;
        }
        ok = !between;
    }
    /* or in a bend of its line: the nearest cells left and right of it on its row are of its
     * line, equally far (within a cell or two) */
    int lc = 0, rc = 0;
    for (int c = 1; c <= b->ncells; c++) {
        if (rr[c] != l->row) continue;
        if (cc[c] < l->col && (!lc || cc[c] > cc[lc])) lc = c;
        if (cc[c] > l->col + l->len - 1 && (!rc || cc[c] < cc[rc])) rc = c;
    }
    int order;
    if (!ok && lc && rc && on_line(b, (Cell)lc, l, &order) && on_line(b, (Cell)rc, l, &order) &&
        fabs((cc[lc] + cc[rc]) / 2.0 - qx) <= 1 && cc[rc] - cc[lc] <= 16)
        ok = true;
    if (!ok) {
        char *s = textgrid_string(g, false);
        fail_msg("%s: the label %s%d at row %d, column %d is not beyond an end of its line\n%s",
                 what, l->letter ? "letter " : "", l->key, l->row, l->col, s);
    }
}

/* Every file and rank has a label in g (drawn with o), unless the area is too narrow for
 * the labels that overhang: a drawing too wide for it leaves them out. */
static void check_every_line_labelled(const Position *pos, const RenderOpts *o, const TextGrid *g,
                                      const Label *labels, int n, const char *what)
{
    const Board *b = &pos->v->board;
    RenderOpts wide = *o;
    wide.max_width = 0;
    TextGrid full;
    assert_true(render_board(pos, &wide, &full));
    bool trimmed = full.width > g->width && full.fit_turn == g->fit_turn;
    textgrid_free(&full);
    bool seen[2][100] = {{false}};
    for (int k = 0; k < n; k++) seen[labels[k].letter][labels[k].key % 100] = true;
    for (int c = 1; c <= b->ncells && !trimmed; c++) {
        const char *at = strchr(b->spec.letters, b->name[c][0]);
        if (!seen[1][at - b->spec.letters] || !seen[0][atoi(b->name[c] + 1) % 100])
            fail_msg("%s: %s's file or rank has no label", what, b->name[c]);
    }
}

/* A label stands beside the board: no farther from the nearest cell than two and a half
 * times the least distance between two cells (a corner's label may stand a step and a half
 * off diagonally), unless it stands in the margin of its line's text row or column (files
 * labelled below the board). Distances as check_label's. */
static void check_near(const TextGrid *g, const Board *b, const Label *l, const char *what)
{
    int rr[MAX_CELLS + 1], cc[MAX_CELLS + 1], line[MAX_CELLS];
    for (int c = 1; c <= b->ncells; c++)
        if (!textgrid_cell_centre(g, (Cell)c, &rr[c], &cc[c])) rr[c] = -1000;
    int n = lines_cells(b, rr, l, line);
    double qx = l->col + (l->len - 1) / 2.0, qy = 2.0 * l->row, nearest = 1e9, pitch = 1e9;
    bool one_row = true, one_col = true;
    for (int i = 0; i < n; i++) {
        one_row = one_row && rr[line[i]] == l->row;
        one_col = one_col && fabs(cc[line[i]] - qx) <= 1;
    }
    if (one_row || one_col) return;
    for (int c = 1; c <= b->ncells; c++) {
        if (rr[c] == -1000) continue;
        nearest = fmin(nearest, hypot(cc[c] - qx, 2.0 * rr[c] - qy));
        for (int d = c + 1; d <= b->ncells; d++)
            if (rr[d] != -1000) pitch = fmin(pitch, hypot(cc[c] - cc[d], 2.0 * (rr[c] - rr[d])));
    }
    if (nearest > 2.5 * pitch) {
        char *s = textgrid_string(g, false);
        fail_msg("%s: the label %s%d at row %d, column %d stands away from the board\n%s", what,
                 l->letter ? "letter " : "", l->key, l->row, l->col, s);
    }
}

/* Every shipped variant, every player at the bottom, at the three sizes: each label names a
 * file or rank and stands beyond an end of it; letters and numbers never alternate along a
 * row (they would read as one another's); every file and rank is labelled somewhere,
 * unless the area is too narrow for the labels that overhang. */
static void test_labels_read_right(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHIPPED / sizeof SHIPPED[0]; i++) {
        Variant *v = tu_variant(SHIPPED[i]);
        const Board *b = &v->board;
        Position pos;
        pos_init(&pos, v);
        for (int a = 0; a < 3; a++)
            for (int p = 0; p < v->nplayers; p++) {
                RenderOpts o = area(AREAS[a][0], AREAS[a][1], true);
                o.max_scale = 2;
                o.bottom = p;
                TextGrid g;
                char what[96];
                snprintf(what, sizeof what, "%s at %dx%d, %s at the bottom", SHIPPED[i],
                         AREAS[a][0], AREAS[a][1], v->player_name[p]);
                if (!render_board(&pos, &o, &g)) { /* the ring: the whole width, panel below */
                    o.max_width = AREAS[a][0] + 23;
                    o.max_height = AREAS[a][1] - 4;
                    assert_true(render_board(&pos, &o, &g));
                }
                Label labels[400];
                int n = read_labels(&g, b, labels, 400);
                for (int k = 0; k < n; k++) {
                    check_label(&g, b, &labels[k], what);
                    /* a letter between two numbers on one row, or a number between two
                     * letters: they alternate */
                    for (int j = 0; j < n; j++)
                        for (int m = 0; m < n; m++)
                            if (labels[j].row == labels[k].row && labels[m].row == labels[k].row &&
                                labels[j].letter == labels[m].letter &&
                                labels[k].letter != labels[j].letter &&
                                labels[j].col < labels[k].col && labels[k].col < labels[m].col)
                                fail_msg("%s: letters and numbers alternate on row %d", what,
                                         labels[k].row);
                }
                check_every_line_labelled(&pos, &o, &g, labels, n, what);
                textgrid_free(&g);
            }
        variant_free(v);
    }
}

/* Every hex board in every view rotate and flip turn it to, each player at the bottom, drawn
 * compact at the three sizes: every label stands beside the board, and every file and rank
 * is labelled (unless the area is too narrow for the labels that overhang). A board turned a
 * quarter to
 * fit (the Horn Rimmed family's 120 degree view at 80x24) has files along its rows and ranks
 * bent round its side: their labels once went on along the rank past the board's corner, the
 * 11 of "11  10   9   8   7 ..." fifteen columns left of the bottom row, and the drawing,
 * too wide with them, left out the labels on the right. */
static void test_labels_beside_board(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHIPPED / sizeof SHIPPED[0]; i++) {
        Variant *v = tu_variant(SHIPPED[i]);
        Position pos;
        pos_init(&pos, v);
        int step = render_rotate_step(v);
        for (int a = 0; a < 3 && v->board.spec.family == FAMILY_HEX; a++)
            for (int view = 0; view < v->nplayers * 12; view++) {
                int p = view / 12, turn = view % 12 * 30;
                if (turn % step && (turn + 180) % step) continue; /* neither rotate's nor flip's */
                RenderOpts o = area(AREAS[a][0], AREAS[a][1], true);
                o.bottom = p;
                o.turn = turn;
                TextGrid g;
                char what[128];
                snprintf(what, sizeof what, "%s at %dx%d, %s at the bottom, turned %d", SHIPPED[i],
                         AREAS[a][0], AREAS[a][1], v->player_name[p], turn);
                assert_true(render_board(&pos, &o, &g));
                Label labels[400];
                int n = read_labels(&g, &v->board, labels, 400);
                for (int k = 0; k < n; k++) check_near(&g, &v->board, &labels[k], what);
                check_every_line_labelled(&pos, &o, &g, labels, n, what);
                textgrid_free(&g);
            }
        variant_free(v);
    }
}

/* Glinski's ranks bend at file f (the Horn Rimmed board's at g): every drawing upright in the
 * flat frame numbers each rank whose arms have three cells or more in its bend too, between
 * the rank's cells either side of the bend, on their text row, as the README teaches ("e4 is
 * the cell left of the 4"): the compact drawing on free ground, the outlined ones in the
 * edge of the bend cell. The help page's words say so. */
static void test_bend_numbers(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int width, height, scale, turn;
        char left, right; /* the letters of the cells either side of a number */
        int ranks;        /* numbered 1 to this in their bends */
    } cases[] = {
        {"glinski", 57, 23, 0, 0, 'e', 'g', 9},      {"glinski", 97, 37, 1, 0, 'e', 'g', 9},
        {"glinski", 177, 57, 2, 0, 'e', 'g', 9},     {"glinski", 97, 37, 1, 180, 'g', 'e', 9},
        {"mccooey", 97, 37, 1, 0, 'e', 'g', 9},      {"hr-trios", 97, 37, 1, 0, 'f', 'h', 11},
        {"hr-glinski", 177, 57, 2, 0, 'f', 'h', 11}, {"hr-trios", 57, 26, 0, 0, 'f', 'h', 11},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = tu_variant(cases[i].variant);
        Position pos;
        TextGrid g;
        char words[1024], what[64];
        pos_init(&pos, v);
        RenderOpts o = area(cases[i].width, cases[i].height, true);
        o.max_scale = cases[i].scale;
        o.turn = cases[i].turn;
        draw(&pos, &o, &g);
        assert_int_equal(g.scale, cases[i].scale);
        assert_int_equal(g.fit_turn, 0);
        snprintf(what, sizeof what, "%s at scale %d, turned %d", cases[i].variant, cases[i].scale,
                 cases[i].turn);
        Label labels[400];
        int n = read_labels(&g, &v->board, labels, 400);
        bool numbered[100] = {false};
        for (int k = 0; k < n; k++) {
            const Label *l = &labels[k];
            Cell lc = NO_CELL, rc = NO_CELL;
            for (int c = l->col - 1; c >= 0 && !lc; c--) lc = g.cell[l->row * g.width + c];
            for (int c = l->col + l->len; c < g.width && !rc; c++)
                rc = g.cell[l->row * g.width + c];
            if (l->letter || !lc || !rc) continue; /* beside the board */
            char want_left[8], want_right[8];
            snprintf(want_left, sizeof want_left, "%c%d", cases[i].left, l->key);
            snprintf(want_right, sizeof want_right, "%c%d", cases[i].right, l->key);
            if (strcmp(v->board.name[lc], want_left) || strcmp(v->board.name[rc], want_right))
                fail_msg("%s: the number %d stands between %s and %s\n%s", what, l->key,
                         v->board.name[lc], v->board.name[rc], draw(&pos, &o, NULL));
            numbered[l->key] = true;
        }
        for (int r = 1; r < 100; r++)
            if (numbered[r] != (r <= cases[i].ranks))
                fail_msg("%s: rank %d %s in its bend\n%s", what, r,
                         numbered[r] ? "numbered" : "not numbered", draw(&pos, &o, NULL));
        render_describe(v, &g, words, sizeof words);
        assert_non_null(strstr(words, "the numbers on the left, on the right and inside the "
                                      "board, in the bends of their lines."));
        textgrid_free(&g);
        variant_free(v);
    }
}

/* Every Horn Rimmed game puts the player at the bottom, at every size and for every seat:
 * every piece of that player's army stands below the middle row of the board's cells (a
 * quarter turn would put it beside the middle); and where the board is turned to fit, every
 * game of the same orientation is turned the same way. */
static void test_hr_orientation(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHIPPED / sizeof SHIPPED[0]; i++) {
        if (strncmp(SHIPPED[i], "hr-", 3)) continue;
        Variant *v = tu_variant(SHIPPED[i]);
        Position pos;
        pos_init(&pos, v);
        for (int a = 0; a < 3; a++)
            for (int p = 0; p < v->nplayers; p++) {
                RenderOpts o = area(AREAS[a][0], AREAS[a][1], true);
                o.max_scale = 2;
                o.bottom = p;
                TextGrid g;
                assert_true(render_board(&pos, &o, &g));
                int top = 1 << 20, bottom = -1, highest = 1 << 20;
                for (int c = 1; c <= v->board.ncells; c++) {
                    int r, col;
                    assert_true(textgrid_cell_centre(&g, (Cell)c, &r, &col));
                    if (r < top) top = r;
                    if (r > bottom) bottom = r;
                    if (pos.board[c] && PIECE_OWNER(pos.board[c]) == p && r < highest) highest = r;
                }
                if (2 * highest <= top + bottom)
                    fail_msg("%s at %dx%d: %s's army reaches the upper half (row %d of %d-%d)",
                             SHIPPED[i], AREAS[a][0], AREAS[a][1], v->player_name[p], highest, top,
                             bottom);
                /* forward along a file (Glinski's orientation) or a diagonal (Wellisch's) */
                bool along_file = v->forward_hour[0] % 2 == 0;
                assert_int_equal(g.fit_turn, along_file && a == 0 ? -30 : 0);
                textgrid_free(&g);
            }
        variant_free(v);
    }
}

/* The sizes the screen asks for when nothing fits, for every shipped variant as the screen
 * draws it (outlined drawings allowed): each draws the board with every player at the bottom
 * (the screen draws the side to move there), one column or one row fewer draws it for none
 * (no size named is more than the board needs), and an area of any drawing's size that
 * shows the board is at least as large both ways as one of them (none left out would do
 * with less). Peanut's narrower drawing is among them: it needs fewer columns with more
 * rows. */
static void test_min_sizes(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof SHIPPED / sizeof SHIPPED[0]; i++) {
        Variant *v = tu_variant(SHIPPED[i]);
        Position pos;
        TextGrid g;
        RenderSize s[RENDER_MAX_LAYOUTS], all[RENDER_MAX_LAYOUTS];
        pos_init(&pos, v);
        RenderOpts o = area(0, 0, true);
        o.max_scale = 2;
        int n = render_min_sizes(v, &o, s, RENDER_MAX_LAYOUTS);
        assert_true(n >= 1);
        for (o.bottom = 0; o.bottom < v->nplayers; o.bottom++) {
            int nall = render_sizes(v, &o, all, RENDER_MAX_LAYOUTS);
            for (int k = 0; k < nall; k++) {
                RenderOpts at = area(all[k].width, all[k].height, true);
                at.max_scale = 2;
                bool covered = false, shown = render_board(&pos, &at, &g);
                textgrid_free(&g);
                for (int m = 0; m < n; m++)
                    covered |= s[m].width <= all[k].width && s[m].height <= all[k].height;
                if (shown != covered)
                    fail_msg("%s: %dx%d %s the board, but is %s one of the sizes named", SHIPPED[i],
                             all[k].width, all[k].height, shown ? "shows" : "does not show",
                             covered ? "as large as" : "below");
            }
        }
        for (int k = 0; k < n; k++) {
            if (k) assert_true(s[k].height > s[k - 1].height && s[k].width < s[k - 1].width);
            o = area(s[k].width, s[k].height, true);
            o.max_scale = 2;
            for (o.bottom = 0; o.bottom < v->nplayers; o.bottom++) {
                if (!render_board(&pos, &o, &g))
                    fail_msg("%s: %dx%d does not draw the board with %s at the bottom", SHIPPED[i],
                             s[k].width, s[k].height, v->player_name[o.bottom]);
                textgrid_free(&g);
                o.max_width--;
                assert_false(render_board(&pos, &o, &g));
                o.max_width++;
                o.max_height--;
                assert_false(render_board(&pos, &o, &g));
                o.max_height++;
            }
        }
        variant_free(v);
    }
    /* Peanut: 23x11, or fewer columns with more rows */
    Variant *v = tu_variant("peanut");
    RenderSize s[RENDER_MAX_LAYOUTS];
    RenderOpts o = area(0, 0, true);
    o.max_scale = 2;
    assert_true(render_min_sizes(v, &o, s, RENDER_MAX_LAYOUTS) >= 2);
    assert_int_equal(s[0].width, 23);
    assert_int_equal(s[0].height, 11);
    assert_true(s[1].width < 23);
    variant_free(v);
}

/* An area too small for every drawing: false, and nothing to free. */
static void test_too_small(void **state)
{
    (void)state;
    static const char *names[] = {"glinski", "haynie"};
    for (int i = 0; i < 2; i++) {
        Variant *v = tu_variant(names[i]);
        Position pos;
        TextGrid g;
        int w, h;
        pos_init(&pos, v);
        RenderOpts o = {0};
        o.coords = true;
        assert_true(smallest(v, &o, &w, &h));
        o.max_width = w;
        o.max_height = h;
        assert_true(render_board(&pos, &o, &g));
        textgrid_free(&g);
        o.max_height = h - 1;
        assert_false(render_board(&pos, &o, &g));
        assert_null(g.text);
        o.max_width = 20;
        o.max_height = 0;
        assert_false(render_board(&pos, &o, &g));
        variant_free(v);
    }
    Variant *v = cyclohexane();
    Position pos;
    TextGrid g;
    pos_init(&pos, v);
    RenderOpts o = area(76, 24, true);
    assert_false(render_board(&pos, &o, &g));
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_haynie_start),
        cmocka_unit_test(test_glinski_start),
        cmocka_unit_test(test_hr_start),
        cmocka_unit_test(test_hr_wellisch_view),
        cmocka_unit_test(test_turned_views),
        cmocka_unit_test(test_three_players_hex),
        cmocka_unit_test(test_ring_start),
        cmocka_unit_test(test_triangle_start),
        cmocka_unit_test(test_triangle_on_side),
        cmocka_unit_test(test_marks),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_outlined),
        cmocka_unit_test(test_describe),
        cmocka_unit_test(test_rotate_step_and_centre),
        cmocka_unit_test(test_last_move),
        cmocka_unit_test(test_attributes),
        cmocka_unit_test(test_unicode_theme),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_min_sizes),
        cmocka_unit_test(test_too_small),
        cmocka_unit_test(test_labels_read_right),
        cmocka_unit_test(test_labels_beside_board),
        cmocka_unit_test(test_hr_orientation),
        cmocka_unit_test(test_bend_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
