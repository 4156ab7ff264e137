/* render_triangle.c — boards of triangles drawn with their edges, two text rows per row of
 * triangles, upright or upside down. */
#include "render_int.h"

#include <stdio.h>
#include <string.h>

/* Two text lines per row of triangles, as in chessagon.md: an up cell is "/\" over "/xx\",
 * a down cell "\xx/" over "\/", neighbours sharing their slanted edges. Inside: the piece
 * letter and a '*' on the last move's cells (two players), or side and piece letter. */
static void put_triangle(Sketch *k, const Ctx *x, Cell c, int top, int col, bool up)
{
    char g[2];
    uint8_t side, base = cell_attr(x, c), edge = ATTR_LINE;
    int inner = up ? top + 1 : top, point = up ? top : top + 1;
    glyph(x, c, g, &side);
    if (x->tw == 1) {
        g[0] = x->pos->board[c] ? g[0] : ' ';
        g[1] = is_last(x, c) ? '*' : ' ';
    } else if (!x->pos->board[c]) {
        g[1] = ' ';
    }
    put(k, point, col, up ? '/' : '\\', edge, PRIO_LINE, NO_CELL);
    put(k, point, col + 1, up ? '\\' : '/', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col - 1, up ? '/' : '\\', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col + 2, up ? '\\' : '/', edge, PRIO_LINE, NO_CELL);
    put(k, inner, col, g[0], base | side, PRIO_CELL, c);
    put(k, inner, col + 1, g[1], x->tw == 1 ? base : base | side, PRIO_CELL, c);
}

static bool draw_triangle(Sketch *k, const Ctx *x, const Layout *l)
{
    const Board *b = x->b;
    int x1 = b->xmin + b->width - 1, y1 = b->ymin + b->height - 1;
    bool half = half_turned(x);
    (void)l;
    for (int c = 1; c <= b->ncells; c++) {
        int a = half ? b->xmin + x1 - b->x[c] : b->x[c];
        int n = half ? b->ymin + y1 - b->y[c] : b->y[c];
        bool up = ((b->x[c] + b->y[c]) % 2 == 0) != half;
        put_triangle(k, x, (Cell)c, 2 * (y1 - n), 2 * a, up);
    }
    if (!x->o.coords) return true;
    Box cells = bounds(k); /* numbers two blank columns left of the board, as in the document */
    for (int c = 1; c <= b->ncells; c++) {
        int a = half ? b->xmin + x1 - b->x[c] : b->x[c];
        int n = half ? b->ymin + y1 - b->y[c] : b->y[c];
        char letter[2] = {b->name[c][0], 0};
        if (!occupied(k, 2 * (y1 - n), cells.c0 - 3, 1))
            put_label(k, 2 * (y1 - n), cells.c0 - 3, b->name[c] + 1);
        if (!occupied(k, cells.r1 + 1, 2 * a, 1)) put_label(k, cells.r1 + 1, 2 * a, letter);
    }
    return true;
}

static const Layout triangle_layouts[] = {{0, 0, false}};

const RenderFamily render_triangle = {triangle_layouts, 1, draw_triangle};
