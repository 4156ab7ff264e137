/* render_int.h — what the drawing of the board families shares: the sketch (characters at
 * free coordinates, cropped at the end), the drawing context, cell tokens and labels, and
 * the table entry each family supplies (render_hex.c, render_ring.c, render_triangle.c).
 * Only render*.c include this. */
#ifndef CELLMATE_RENDER_INT_H
#define CELLMATE_RENDER_INT_H

#include "render.h"

/* Where two strokes meet, the higher priority wins: a cell's glyph over a label, a label over
 * an outline, anything over a blank that only reserves room for a last-move bracket. */
enum { PRIO_PAD, PRIO_LINE, PRIO_COORD, PRIO_CELL };

typedef struct {
    int row, col;
    char ch;
    uint8_t attr, prio;
    Cell cell;
} Stroke;

typedef struct {
    Stroke *s;
    int n, cap;
    bool failed;
} Sketch;

typedef struct {
    int r0, c0, r1, c1; /* inclusive */
} Box;

typedef struct {
    const Position *pos;
    const Variant *v;
    const Board *b;
    RenderOpts o;
    int tw; /* glyph width: 1 with two players, 2 with three */
} Ctx;

typedef struct {
    int row, col; /* col: the token's first glyph column */
} Spot;

/* One drawing a family can make; each family reads the fields it needs. */
typedef struct {
    int turn;  /* degrees added to the view (hex only) */
    int pitch; /* flat hex: columns per file; ring: columns per cell */
    bool trim; /* only the labels that fit beside the cells' own columns */
} Layout;

/* A board family's drawing: its drawings, roomiest first, and how to make one. draw returns
 * false when a layout does not apply to this board (the next one is then tried). */
typedef struct {
    const Layout *layouts;
    int nlayouts;
    bool (*draw)(Sketch *k, const Ctx *x, const Layout *l);
} RenderFamily;

extern const RenderFamily render_hex, render_ring, render_triangle;

/* sketch */
void put(Sketch *k, int row, int col, char ch, uint8_t attr, uint8_t prio, Cell cell);
bool occupied(const Sketch *k, int row, int col, int len);
Box bounds(const Sketch *k);

/* tokens and labels */
bool is_last(const Ctx *x, Cell c);
void glyph(const Ctx *x, Cell c, char g[2], uint8_t *side);
uint8_t cell_attr(const Ctx *x, Cell c);
void put_token(Sketch *k, const Ctx *x, Cell c, Spot at);
int anchor(const Ctx *x, Spot at);
void put_label(Sketch *k, int row, int col, const char *t);
void put_label_right(Sketch *k, int row, int end, const char *t);

/* views */
int norm_angle(int a);
bool half_turned(const Ctx *x);

#endif
