/* board_hex.c — the hex family: boards of hexagonal cells of any shape (a union of hexagons
 * and single cells, minus removed cells), in two frames.
 *
 * Native coordinates are "doubled" so that neighbours differ by small integers:
 *   flat frame (Glinski naming): (q, H), files vertical, 12 o'clock = (0, 2); the middle
 *     letter is file 0, and cell k of file q has H = |q| + 2(k - 1);
 *   pointy frame (axial naming): (x, y) = (2f - r, r) for file index f and rank r, ranks
 *     horizontal. */
#include "board_family.h"
#include "number.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Orthogonal unit vectors of each frame, in anticlockwise order from the given angle.
 * Diagonals and leaps are derived from them, so the two frames share one construction. */
static const Vec flat_orth[6] = {{1, 1}, {0, 2}, {-1, 1}, {-1, -1}, {0, -2}, {1, -1}};
static const Vec pointy_orth[6] = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}};

static bool flat(const BoardSpec *s)
{
    return s->frame == FRAME_FLAT;
}

/* Steps between two cells of a frame, from a coordinate difference. */
static int hex_distance(enum frame fr, int dx, int dy)
{
    int a = abs(fr == FRAME_FLAT ? dx : dy); /* across the straight lines of cells */
    int b = abs(fr == FRAME_FLAT ? dy : dx); /* along them, doubled */
    return a + (b > a ? (b - a) / 2 : 0);
}

static bool hex_coord(const BoardSpec *s, int letter, int number, Pt *at)
{
    if (flat(s)) {
        int q = letter - (family_nletters(s) - 1) / 2;
        *at = (Pt){q, abs(q) + 2 * (number - 1)};
    } else {
        *at = (Pt){2 * letter - number, number};
    }
    return true;
}

static bool hex_name(const BoardSpec *s, Pt at, int *letter, int *number)
{
    if (flat(s)) {
        if ((at.y - abs(at.x)) % 2) return false;
        *letter = at.x + (family_nletters(s) - 1) / 2;
        *number = (at.y - abs(at.x)) / 2 + 1;
    } else {
        if ((at.x + at.y) % 2) return false;
        *letter = (at.x + at.y) / 2;
        *number = at.y;
    }
    return true;
}

static int hex_colour(const BoardSpec *s, Pt at)
{
    return flat(s) ? ((at.y % 3) + 3) % 3 : ((at.x + at.y) / 2 + at.y) % 3;
}

/* Flat: file by file, each from its lower end; pointy: ranks from the top, left to right. */
static void hex_order(const BoardSpec *s, Pt at, int *row, int *col)
{
    *row = flat(s) ? at.x : -at.y;
    *col = flat(s) ? at.y : at.x;
}

static int hex_directions(const BoardSpec *s, FamilyDir *out)
{
    const Vec *o = flat(s) ? flat_orth : pointy_orth;
    int a0 = flat(s) ? 30 : 0, n = 0;
    for (int i = 0; i < 6; i++) out[n++] = (FamilyDir){'W', a0 + 60 * i, o[i], o[i]};
    for (int i = 0; i < 6; i++) {
        const Vec *p = &o[i], *q = &o[(i + 1) % 6];
        Vec v = {p->dx + q->dx, p->dy + q->dy};
        out[n++] = (FamilyDir){'F', a0 + 60 * i + 30, v, v};
    }
    /* a leap is two orthogonal steps and one step turned 60 degrees; it takes the angle of
     * its principal orthogonal, so that "forward" selects the two leaps flanking it */
    for (int i = 0; i < 6; i++)
        for (int side = -1; side <= 1; side += 2) {
            const Vec *p = &o[i], *q = &o[(i + 6 + side) % 6];
            Vec v = {2 * p->dx + q->dx, 2 * p->dy + q->dy};
            out[n++] = (FamilyDir){'N', a0 + 60 * i, v, v};
        }
    return n;
}

/* The shape's cells in the order its terms add them, duplicates included. */
static int hex_cells(const BoardSpec *s, Pt **pts, char *err, int errlen)
{
    Pt *cand = NULL;
    int nc = 0, cap = 0;
    for (int t = 0; t < s->nterms; t++) {
        const ShapeTerm *st = &s->terms[t];
        int letter, number;
        Pt c;
        if (!family_split_name(s, st->cell, &letter, &number)) {
            snprintf(err, errlen, "'%s' is not a cell name of this board (letters %s)", st->cell,
                     s->letters);
            free(cand);
            return -1;
        }
        hex_coord(s, letter, number, &c);
        if (st->kind == SHAPE_HEXAGON) {
            int r = st->radius;
            for (int dx = -2 * r; dx <= 2 * r; dx++)
                for (int dy = -2 * r; dy <= 2 * r; dy++) {
                    if ((dx + dy) % 2 || hex_distance(s->frame, dx, dy) > r) continue;
                    if (!family_add_point(&cand, &nc, &cap, (Pt){c.x + dx, c.y + dy})) goto oom;
                }
        } else if (st->kind == SHAPE_CELL) {
            if (!family_add_point(&cand, &nc, &cap, c)) goto oom;
        } else {
            int was = nc;
            for (int i = 0; i < nc; i++)
                if (cand[i].x == c.x && cand[i].y == c.y) cand[i] = cand[--nc], i--;
            if (nc == was) { /* most likely a mistyped cell: removing nothing is no shape */
                snprintf(err, errlen, "'remove %s': no term before it adds %s", st->cell, st->cell);
                free(cand);
                return -1;
            }
        }
    }
    *pts = cand;
    return nc;
oom:
    free(cand);
    snprintf(err, errlen, "out of memory");
    return -1;
}

/* --- the [board] keys ---------------------------------------------------------------------- */

static bool shape_cell(BoardKeys *k, ShapeTerm *t, const char *name, size_t n)
{
    if (n >= CELL_NAME_MAX) {
        k->fail(k, "shape", "'%.*s' is not a cell name (at most %d characters)", (int)n, name,
                CELL_NAME_MAX - 1);
        return false;
    }
    memcpy(t->cell, name, n);
    t->cell[n] = 0;
    return true;
}

/* The next word of the shape (blanks and commas separate words); false at the end. */
static bool shape_word(const char **p, const char **w, size_t *n)
{
    *p += strspn(*p, " \t,");
    *w = *p;
    *n = strcspn(*p, " \t,");
    *p += *n;
    return *n > 0;
}

static bool word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && !strncmp(w, s, n);
}

static bool read_shape(BoardSpec *s, BoardKeys *k, const char *value)
{
    const char *p = value, *w, *a, *b;
    size_t n, na, nb;
    while (shape_word(&p, &w, &n)) {
        if (s->nterms >= MAX_SHAPE) {
            k->fail(k, "shape", "too many shape terms (at most %d)", MAX_SHAPE);
            return false;
        }
        ShapeTerm *t = &s->terms[s->nterms];
        if (word_is(w, n, "hexagon")) {
            if (!shape_word(&p, &a, &na) || !shape_word(&p, &b, &nb)) {
                k->fail(k, "shape", "expected 'hexagon CELL RADIUS' in shape");
                return false;
            }
            const char *end = b;
            long r;
            if (number_scan_to(&end, b + nb, MAX_HEX_RADIUS, &r) != NUMBER_OK || end != b + nb) {
                k->fail(k, "shape", "hexagon radius must be 0..%d, not '%.*s'", MAX_HEX_RADIUS,
                        (int)nb, b);
                return false;
            }
            t->kind = SHAPE_HEXAGON;
            t->radius = (int)r;
            if (!shape_cell(k, t, a, na)) return false;
        } else if (word_is(w, n, "cell") || word_is(w, n, "remove")) {
            if (!shape_word(&p, &a, &na)) {
                k->fail(k, "shape", "expected a cell name after '%.*s'", (int)n, w);
                return false;
            }
            t->kind = *w == 'c' ? SHAPE_CELL : SHAPE_REMOVE;
            if (!shape_cell(k, t, a, na)) return false;
        } else {
            k->fail(k, "shape", "unknown shape term '%.*s' (expected hexagon, cell or remove)",
                    (int)n, w);
            return false;
        }
        s->nterms++;
    }
    if (!s->nterms) {
        k->fail(k, "shape", "the shape is empty");
        return false;
    }
    return true;
}

static bool hex_read(BoardSpec *s, BoardKeys *k)
{
    const char *v = k->need(k, "frame", "flat or pointy");
    if (!v) return false;
    if (!strcmp(v, "flat"))
        s->frame = FRAME_FLAT;
    else if (!strcmp(v, "pointy"))
        s->frame = FRAME_POINTY;
    else {
        k->fail(k, "frame", "frame must be flat or pointy, not '%s'", v);
        return false;
    }
    /* the naming follows from the frame; a file may say it, and must say it right */
    static const char *const namings[] = {"glinski", "axial"}; /* naming: flat, pointy */
    if ((v = k->get(k, "naming"))) {
        if (strcmp(v, namings[0]) && strcmp(v, namings[1])) {
            k->fail(k, "naming", "naming must be glinski or axial, not '%s'", v);
            return false;
        }
        if (!strcmp(v, namings[0]) != flat(s)) {
            k->fail(k, "naming", "glinski naming goes with the flat frame, axial with pointy");
            return false;
        }
    }
    v = k->need(k, "shape", "such as 'hexagon f6 5'");
    return v && read_shape(s, k, v);
}

const BoardFamily board_hex = {
    "hex",     " frame naming shape ",
    "shape",   "W F N",
    3,         hex_read,
    hex_cells, hex_coord,
    hex_name,  hex_colour,
    hex_order, hex_directions,
    NULL,      NULL,
};
