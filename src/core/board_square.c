/* board_square.c — the square family: a rectangle of square cells, files a, b, ... and
 * ranks 1 up, as in classic chess (so that the rules core can be checked against chess's
 * well-known perft counts). Native coordinates are (file index, rank). */
#include "board_family.h"

#include <stdio.h>
#include <stdlib.h>

static bool square_coord(const BoardSpec *s, int letter, int number, Pt *at)
{
    if (number > s->ranks) return false;
    *at = (Pt){letter, number};
    return true;
}

static bool square_name(const BoardSpec *s, Pt at, int *letter, int *number)
{
    (void)s;
    *letter = at.x;
    *number = at.y;
    return true;
}

/* Two colours, a1 dark (colour 0). */
static int square_colour(const BoardSpec *s, Pt at)
{
    (void)s;
    return (at.x + at.y + 1) % 2;
}

/* Ranks from the top, each from file a: the order of chess's FEN. */
static void square_order(const BoardSpec *s, Pt at, int *row, int *col)
{
    (void)s;
    *row = -at.y;
    *col = at.x;
}

static int square_cells(const BoardSpec *s, Pt **pts, char *err, int errlen)
{
    int nf = family_nletters(s), n = 0, cap = 0;
    if (nf * s->ranks > MAX_CELLS) {
        snprintf(err, errlen, "too many cells (at most %d)", MAX_CELLS);
        return -1;
    }
    *pts = NULL;
    for (int f = 0; f < nf; f++)
        for (int r = 1; r <= s->ranks; r++)
            if (!family_add_point(pts, &n, &cap, (Pt){f, r})) {
                free(*pts);
                snprintf(err, errlen, "out of memory");
                return -1;
            }
    return n;
}

/* Orthogonals and diagonals, and the knight's leaps, each with the angle of the orthogonal it
 * doubles (as on hexagons), so that N@0 is the two leaps straight ahead. */
static int square_directions(const BoardSpec *s, FamilyDir *out)
{
    static const Vec orth[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    int n = 0;
    (void)s;
    for (int i = 0; i < 4; i++) out[n++] = (FamilyDir){'W', 90 * i, orth[i], orth[i]};
    for (int i = 0; i < 4; i++) {
        Vec v = {orth[i].dx + orth[(i + 1) % 4].dx, orth[i].dy + orth[(i + 1) % 4].dy};
        out[n++] = (FamilyDir){'F', 90 * i + 45, v, v};
    }
    for (int i = 0; i < 4; i++)
        for (int side = 1; side <= 3; side += 2) {
            const Vec *p = &orth[i], *q = &orth[(i + side) % 4];
            Vec v = {2 * p->dx + q->dx, 2 * p->dy + q->dy};
            out[n++] = (FamilyDir){'N', 90 * i, v, v};
        }
    return n;
}

static bool square_read(BoardSpec *s, BoardKeys *k)
{
    return k->need_int(k, "ranks", "cells per file, such as 8", 1, MAX_CELL_NUMBER, &s->ranks);
}

const BoardFamily board_square = {
    "square",     " ranks ",         "ranks",      "W F N",     2,
    square_read,  square_cells,      square_coord, square_name, square_colour,
    square_order, square_directions, NULL,         NULL,
};
