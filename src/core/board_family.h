/* board_family.h — what one board family supplies to board.c, which builds every board the
 * same way from it: which cells exist (as native coordinates), how a cell's name maps to
 * its coordinates and back, its colour, the position string's order, and the directions
 * (an atom letter, an angle and a step vector). One file per family: board_hex.c,
 * board_ring.c, board_triangle.c, board_square.c. Only board*.c include this. */
#ifndef CELLMATE_BOARD_FAMILY_H
#define CELLMATE_BOARD_FAMILY_H

#include "board.h"

#include <stddef.h>

typedef struct {
    int x, y;
} Pt;

typedef struct {
    int dx, dy;
} Vec;

/* A direction: its atom, its angle (degrees anticlockwise from 3 o'clock) and its step from a
 * cell; `down` is the step from a cell the family's `down` says is one (triangles pointing
 * down), otherwise equal to `up`. */
typedef struct {
    char atom;
    int angle;
    Vec up, down;
} FamilyDir;

typedef struct {
    const char *id;       /* as written after "family =" */
    const char *keys;     /* its [board] keys besides family and letters, blank-separated */
    const char *size_key; /* the key a message about a bad board points at */
    const char *atoms;    /* the move language's atoms on it, for messages */
    int ncolours;
    /* read the family's keys (family and letters are set); false after an error */
    bool (*read)(BoardSpec *s, BoardKeys *k);
    /* the cells as native coordinates, in an allocated array; their count, or -1 with err */
    int (*cells)(const BoardSpec *s, Pt **pts, char *err, int errlen);
    /* a name's letter (index into letters) and number to coordinates, false for a name no
     * board of this spec can have; and back, false for coordinates no name fits */
    bool (*coord)(const BoardSpec *s, int letter, int number, Pt *at);
    bool (*name)(const BoardSpec *s, Pt at, int *letter, int *number);
    int (*colour)(const BoardSpec *s, Pt at);
    /* position strings: rows in increasing `row`, each in increasing `col` */
    void (*order)(const BoardSpec *s, Pt at, int *row, int *col);
    /* the directions into out (MAX_DIRS at most); their count */
    int (*directions)(const BoardSpec *s, FamilyDir *out);
    bool (*down)(Pt at);             /* NULL: every step uses `up` */
    int (*wrap)(const BoardSpec *s); /* x wraps modulo this (0: no wrap) */
} BoardFamily;

extern const BoardFamily board_hex, board_ring, board_triangle, board_square;

/* Shared by the families. */
int family_nletters(const BoardSpec *s);
int family_letter_index(const BoardSpec *s, char c);
/* Parse a cell name into letter index and number (1..MAX_CELL_NUMBER); false if it is not
 * one of the spec's letters followed by a number without leading zeros. */
bool family_split_name(const BoardSpec *s, const char *name, int *letter, int *number);
/* Add a point to an allocated array; false when out of memory. */
bool family_add_point(Pt **pts, int *n, int *cap, Pt p);

#endif
