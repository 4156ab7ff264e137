/* board.h — a board as one graph: cells numbered 1..N with names, colours, native coordinates
 * and a precomputed ray per (cell, direction). Each board family (hex, ring, triangle,
 * square) supplies its cells, names and directions through one table (board_family.h, a
 * file per family); everything above this layer walks arrays and knows no coordinates. */
#ifndef CELLMATE_BOARD_H
#define CELLMATE_BOARD_H

#include "cell_limits.h"

#include <stdbool.h>
#include <stdint.h>

#define CELL_NAME_MAX 8
#define NO_CELL       0 /* cells are numbered from 1, so 0 can never be a real cell */

typedef uint16_t Cell;

/* The families, in the order of the table in board.c (the drawing keeps one in this order). */
enum family { FAMILY_HEX, FAMILY_RING, FAMILY_TRIANGLE, FAMILY_SQUARE, NFAMILIES };
enum frame { FRAME_FLAT, FRAME_POINTY }; /* hex: which clock hours are orthogonal */

/* One term of a board shape: a hexagon around a named centre, or one named cell. */
typedef struct {
    enum { SHAPE_HEXAGON, SHAPE_CELL, SHAPE_REMOVE } kind;
    char cell[CELL_NAME_MAX];
    int radius;
} ShapeTerm;

/* What a variant file says about its board, before the board is built; each family reads
 * the fields it has keys for. */
typedef struct {
    enum family family;
    enum frame frame;            /* hex */
    char letters[MAX_FILES + 1]; /* the file letters, in order */
    int nterms;                  /* hex: the shape */
    ShapeTerm terms[MAX_SHAPE];
    int ring_length; /* ring: cells per file */
    int side;        /* triangle: side of the hexagon of triangles */
    int ranks;       /* square: cells per file */
} BoardSpec;

/* The [board] keys as the variant loader hands them to a family: the family asks for the
 * keys it knows, and the loader reports errors with the key's line. */
typedef struct BoardKeys BoardKeys;
struct BoardKeys {
    /* an optional key's value, or NULL */
    const char *(*get)(BoardKeys *k, const char *key);
    /* a required key's value; NULL after an error that says what it is */
    const char *(*need)(BoardKeys *k, const char *key, const char *what);
    /* a required whole number from lo to hi; false after an error */
    bool (*need_int)(BoardKeys *k, const char *key, const char *what, int lo, int hi, int *out);
    /* an error about a key's value (printf-style) */
    void (*fail)(BoardKeys *k, const char *key, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
};

/* The family named `name` ("hex", ...), or -1. */
int board_family_named(const char *name);

/* The family names for a message: "hex, ring, square or triangle". */
const char *board_family_names(void);

/* A family's name in files ("hex"). */
const char *board_family_id(enum family f);

/* The [board] keys a family takes besides family and letters (" frame naming shape "). */
const char *board_family_keys(enum family f);

/* The key a message about a bad board of this family points at (its size or shape). */
const char *board_family_size_key(enum family f);

/* Read a family's keys into the spec (family and letters are set); false after an error. */
bool board_read_spec(BoardSpec *s, BoardKeys *k);

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
    /* what a cell's name says: its file (the letter's place in spec.letters, from 0) and its
     * rank (the number), kept so that drawing and labelling need not read names again */
    uint16_t *file, *rank;
    int ncolours, nrows;
    Cell *raybuf;
    int xmin, ymin, width, height;
    int wrap;   /* native x wraps modulo this (the ring), or 0 */
    Cell *grid; /* native coordinate -> cell, for building and for name lookup */
    /* toward[a * (ncells + 1) + b]: the direction whose ray from a passes b (BOARD_NOWHERE:
     * none); NULL when a board has two rays from one cell to another (a ring) or is large */
    uint8_t *toward;
    /* lines[a * (ncells + 1) + b]: bit d for each direction d whose ray from a passes b, on a
     * board without toward that has at most 255 cells (else NULL) */
    uint32_t *lines;
} Board;

#define BOARD_NOWHERE 255

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

/* The atoms of the board's family, for messages: "W F N". */
const char *board_atoms(const Board *b);

/* Convert a clock hour (1..12, 12 = up) to the angle convention of Direction. */
int clock_to_angle(int hour);

/* Smallest absolute difference between two angles, 0..180. */
int angle_between(int a, int b);

#endif
