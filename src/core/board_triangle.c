/* board_triangle.c — the triangle family: a hexagon of triangles (Chessagon). Native
 * coordinates are (letter from 1, row from 1); row n holds the letters from lo to
 * 4 side - lo, lo = side - n + 1 in the lower half and n - side in the upper half. A cell
 * points up when letter + row is even, and a step from a cell pointing down may differ from
 * the same direction's step from one pointing up (the rook's strips zigzag). */
#include "board_family.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* (dletter, drow) from an up cell and from a down cell. */
static const FamilyDir tri_dirs[] = {
    /* rook strips: each next step depends on the cell just reached */
    {'W', 0, {1, 0}, {1, 0}},
    {'W', 180, {-1, 0}, {-1, 0}},
    {'W', 60, {1, 0}, {0, 1}},
    {'W', 120, {-1, 0}, {0, 1}},
    {'W', 300, {0, -1}, {1, 0}},
    {'W', 240, {0, -1}, {-1, 0}},
    /* bishop: the same vector from either orientation */
    {'F', 0, {2, 0}, {2, 0}},
    {'F', 180, {-2, 0}, {-2, 0}},
    {'F', 60, {1, 1}, {1, 1}},
    {'F', 120, {-1, 1}, {-1, 1}},
    {'F', 300, {1, -1}, {1, -1}},
    {'F', 240, {-1, -1}, {-1, -1}},
    /* duke lines: alternately through a vertex and a face */
    {'D', 90, {0, 1}, {0, 1}},
    {'D', 270, {0, -1}, {0, -1}},
    {'D', 210, {-2, -1}, {-1, 0}},
    {'D', 30, {1, 0}, {2, 1}},
    {'D', 330, {2, -1}, {1, 0}},
    {'D', 150, {-1, 0}, {-2, 1}},
};

/* Knight leaps, (dletter, drow) from an up cell; a down cell negates drow. */
static const Vec tri_leaps[12] = {{1, -2}, {-1, -2}, {3, 0},  {-3, 0},  {2, 1}, {-2, 1},
                                  {3, -2}, {-3, -2}, {4, -1}, {-4, -1}, {1, 2}, {-1, 2}};

static bool tri_up(Pt at)
{
    return (at.x + at.y) % 2 == 0;
}

static bool tri_down(Pt at)
{
    return !tri_up(at);
}

static bool tri_coord(const BoardSpec *s, int letter, int number, Pt *at)
{
    (void)s;
    *at = (Pt){letter + 1, number};
    return true;
}

static bool tri_name(const BoardSpec *s, Pt at, int *letter, int *number)
{
    (void)s;
    *letter = at.x - 1;
    *number = at.y;
    return true;
}

static int tri_colour(const BoardSpec *s, Pt at)
{
    (void)s;
    return tri_up(at) ? 0 : 1;
}

/* Rows from the top, each left to right. */
static void tri_order(const BoardSpec *s, Pt at, int *row, int *col)
{
    (void)s;
    *row = -at.y;
    *col = at.x;
}

static int tri_cells(const BoardSpec *s, Pt **pts, char *err, int errlen)
{
    int side = s->side, n = 0, cap = 0;
    if (4 * side - 1 > family_nletters(s)) {
        snprintf(err, errlen, "a triangle board of side %d needs %d file letters", side,
                 4 * side - 1);
        return -1;
    }
    *pts = NULL;
    for (int row = 1; row <= 2 * side; row++) {
        int lo = row <= side ? side - row + 1 : row - side;
        for (int l = lo; l <= 4 * side - lo; l++)
            if (!family_add_point(pts, &n, &cap, (Pt){l, row})) {
                free(*pts);
                snprintf(err, errlen, "out of memory");
                return -1;
            }
    }
    return n;
}

static int tri_directions(const BoardSpec *s, FamilyDir *out)
{
    int n = 0;
    (void)s;
    for (size_t i = 0; i < sizeof tri_dirs / sizeof tri_dirs[0]; i++) out[n++] = tri_dirs[i];
    for (int i = 0; i < 12; i++) {
        Vec up = tri_leaps[i], down = {up.dx, -up.dy};
        /* the angle of the up-cell vector as drawn (a row is sqrt(3)/2 of a letter pair) */
        int angle = (int)lround(atan2(up.dy * 0.8660254, up.dx * 0.5) * 180.0 / M_PI);
        out[n++] = (FamilyDir){'N', (angle + 360) % 360, up, down};
    }
    return n;
}

static bool tri_read(BoardSpec *s, BoardKeys *k)
{
    return k->need_int(k, "side", "the side of the hexagon of triangles", 1, MAX_TRIANGLE_SIDE,
                       &s->side);
}

const BoardFamily board_triangle = {
    "triangle", " side ",   "side",    "W F D N",      2,        tri_read, tri_cells, tri_coord,
    tri_name,   tri_colour, tri_order, tri_directions, tri_down, NULL,
};
