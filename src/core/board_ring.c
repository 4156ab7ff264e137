/* board_ring.c — the ring family: files of hexagonal cells closed on themselves, side by
 * side (Cyclohexane). The first letter is the inner file; odd files sit half a cell further
 * on, so cell bn lies between an and an+1. Native coordinates are those of the pointy hex
 * frame with the file running across: (x, y) = (2(n - 1) + file mod 2, file), x taken round
 * the ring (modulo twice the length). */
#include "board_family.h"

#include <stdio.h>
#include <stdlib.h>

static bool ring_coord(const BoardSpec *s, int letter, int number, Pt *at)
{
    if (number > s->ring_length) return false;
    *at = (Pt){2 * (number - 1) + letter % 2, letter};
    return true;
}

static bool ring_name(const BoardSpec *s, Pt at, int *letter, int *number)
{
    (void)s;
    *letter = at.y;
    *number = (at.x - at.y % 2) / 2 + 1;
    return true;
}

static int ring_colour(const BoardSpec *s, Pt at)
{
    int k = (at.x - at.y % 2) / 2 + 1;
    (void)s;
    return at.y % 2 == 0 ? (k + 2) % 3 : (k + 1) % 3;
}

/* File by file, cell 1 first. */
static void ring_order(const BoardSpec *s, Pt at, int *row, int *col)
{
    (void)s;
    *row = at.y;
    *col = at.x;
}

static int ring_cells(const BoardSpec *s, Pt **pts, char *err, int errlen)
{
    int nf = family_nletters(s), n = 0, cap = 0;
    if (nf < 2 || nf * s->ring_length > MAX_CELLS) {
        snprintf(err, errlen, "a ring needs 2 or more files and has %d cells at most", MAX_CELLS);
        return -1;
    }
    *pts = NULL;
    for (int f = 0; f < nf; f++)
        for (int k = 1; k <= s->ring_length; k++)
            if (!family_add_point(pts, &n, &cap, (Pt){2 * (k - 1) + f % 2, f})) {
                free(*pts);
                snprintf(err, errlen, "out of memory");
                return -1;
            }
    return n;
}

/* The directions of the pointy hex frame: 3 o'clock runs along the file, up the numbers. */
static int ring_directions(const BoardSpec *s, FamilyDir *out)
{
    BoardSpec pointy = *s;
    pointy.frame = FRAME_POINTY;
    return board_hex.directions(&pointy, out);
}

static int ring_wrap(const BoardSpec *s)
{
    return 2 * s->ring_length;
}

static bool ring_read(BoardSpec *s, BoardKeys *k)
{
    return k->need_int(k, "length", "cells per file", 3, MAX_RING_LENGTH, &s->ring_length);
}

const BoardFamily board_ring = {
    "ring",    " length ",  "length",   "W F N",         3,    ring_read, ring_cells, ring_coord,
    ring_name, ring_colour, ring_order, ring_directions, NULL, ring_wrap,
};
