/* board.h — board families (hex, ring, triangle) turned into one graph: cells numbered
 * 1..N with names, colours, drawing coordinates and a precomputed ray per (cell, direction).
 * Everything above this layer walks arrays; only board.c knows coordinates. */
#ifndef CELLMATE_BOARD_H
#define CELLMATE_BOARD_H

#include "limits.h"

#include <stdbool.h>
#include <stdint.h>

#define CELL_NAME_MAX 8
#define NO_CELL       0 /* cells are numbered from 1, so 0 can never be a real cell */

typedef uint16_t Cell;

enum family { FAMILY_HEX, FAMILY_RING, FAMILY_TRIANGLE };
enum frame { FRAME_FLAT, FRAME_POINTY }; /* hex: which clock hours are orthogonal */
enum naming { NAMING_GLINSKI, NAMING_AXIAL, NAMING_RING, NAMING_TRIANGLE };

/* One term of a board shape: a hexagon around a named centre, or one named cell. */
typedef struct {
    enum { SHAPE_HEXAGON, SHAPE_CELL, SHAPE_REMOVE } kind;
    char cell[CELL_NAME_MAX];
    int radius;
} ShapeTerm;

/* What a variant file says about its board, before the board is built. */
typedef struct {
    enum family family;
    enum frame frame;
    enum naming naming;
    char letters[MAX_FILES + 1]; /* the file letters, in order */
    int nterms;
    ShapeTerm terms[MAX_SHAPE];
    int ring_length; /* ring: cells per file */
    int side;        /* triangle: side of the hexagon of triangles */
} BoardSpec;

typedef struct {
    char atom;    /* 'W' orthogonal/face, 'F' diagonal, 'D' duke line, 'N' leap */
    int angle;    /* direction of travel, degrees anticlockwise from 3 o'clock */
    int opposite; /* index of the direction that retraces this one */
} Direction;

/* Per-cell tables are allocated to the board's size (index 1..ncells; index 0 is "no cell"),
 * so a small board stays small in memory and in the caches whatever MAX_CELLS is. What the
 * move generator reads comes first. */
typedef struct Board {
    int ncells;
    int ndirs;
    /* ray[c][d]: the zero-terminated list of cells from c along d (a row of MAX_DIRS pointers
     * keeps the indexing a shift) */
    const Cell *(*ray)[MAX_DIRS];
    Direction dir[MAX_DIRS];
    BoardSpec spec;
    char (*name)[CELL_NAME_MAX];
    int *x, *y; /* native coordinates (see board.c) */
    uint8_t *colour;
    uint16_t *row; /* row of the position string the cell belongs to */
    int ncolours, nrows;
    Cell *raybuf;
    int xmin, ymin, width, height;
    Cell *grid; /* native coordinate -> cell, for building and for name lookup */
} Board;

/* Build the board a spec describes. Returns false with a message in err on a bad spec. */
bool board_build(Board *b, const BoardSpec *spec, char *err, int errlen);
void board_free(Board *b);

/* Cell by name, or NO_CELL. Names are case-sensitive (lower-case letters). */
Cell board_cell(const Board *b, const char *name);

/* Length of the longest prefix of s that names a cell; the cell goes to *out. */
int board_scan_cell(const Board *b, const char *s, Cell *out);

/* The cell one step along direction d, or NO_CELL. */
static inline Cell board_step(const Board *b, Cell c, int d)
{
    return b->ray[c][d][0];
}

/* Whether a direction's atom letter exists on this board family. */
bool board_has_atom(const Board *b, char atom);

/* Convert a clock hour (1..12, 12 = up) to the angle convention of Direction. */
int clock_to_angle(int hour);

/* Smallest absolute difference between two angles, 0..180. */
int angle_between(int a, int b);

#endif
