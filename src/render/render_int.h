/* render_int.h — what the drawing of the board families shares: the sketch (characters at
 * free coordinates, cropped at the end), the drawing context, cell contents and labels, and
 * the table entry each family supplies (render_hex.c, render_ring.c, render_triangle.c,
 * render_square.c).
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
    uint8_t prio;
    Attr attr;
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

/* One drawing a family can make; each family reads the fields it needs. */
typedef struct {
    int turn;  /* degrees added to the view to fit: -30 turns a hex board a twelfth clockwise */
    int scale; /* 0: compact tokens; 1, 2: outlined cells, larger */
    int pitch; /* compact flat hex: columns per file; compact ring: columns per cell */
    bool trim; /* only the labels that fit beside the cells' own columns ... */
    int spill; /* ... or this many columns left of them (a slanted line's, below the rows') */
} Layout;

typedef struct {
    const Position *pos;
    const Variant *v;
    const Board *b;
    RenderOpts o;
    int tw;    /* glyph width: 1 with two players, 2 with three */
    int angle; /* the view: degrees anticlockwise from the native frame, layout turn included */
    bool short_names; /* names without their letter (the row label says it): no room */
    /* a trimmed layout's labels may also take this many columns right of the cells: the
     * room the area has beside the trimmed drawing (render_board), never its least size */
    int trim_room;
} Ctx;

typedef struct {
    int row, col; /* col: the token's first glyph column */
} Spot;

/* A board family's drawing. seat_angle: the turn (degrees anticlockwise) that puts player p
 * at the bottom, moving up the screen. rotate_step: the rotate command's step with two
 * players. layouts: roomiest first; draw returns false when a layout does not apply to this
 * board or view (the next one is then tried). describe: how a drawing names its cells, when
 * the words render_describe reads off any drawing would mislead (NULL: those words).
 * seat_words: where the seated player's side is drawn, in words, in the usual view, turned
 * half round, and turned otherwise (NULL: at the bottom, moving up the screen). */
typedef struct {
    int (*seat_angle)(const Variant *v, int p);
    int rotate_step;
    const Layout *layouts;
    int nlayouts;
    bool (*draw)(Sketch *k, const Ctx *x, const Layout *l);
    void (*describe)(const Variant *v, const TextGrid *g, char *out, size_t len);
    const char *const *seat_words;
} RenderFamily;

extern const RenderFamily render_hex, render_ring, render_triangle, render_square;

/* The drawing of v's board family. */
const RenderFamily *render_family(const Variant *v);

/* sketch */
void put(Sketch *k, int row, int col, char ch, Attr attr, uint8_t prio, Cell cell);
void put_line(Sketch *k, int row, int col, char ch);
bool occupied(const Sketch *k, int row, int col, int len);
Box bounds(const Sketch *k);

/* cell contents */
void glyph(const Ctx *x, Cell c, char g[2], Attr *side);
Attr cell_attr(const Ctx *x, Cell c);
/* A compact token: the glyph from column at.col, a bracket slot on either side. */
void put_token(Sketch *k, const Ctx *x, Cell c, Spot at);
/* The inside of an outlined cell, `lines` rows of `width` columns from (row, col): the piece
 * on the first row (a mark slot, then two letters, side and kind, or an empty cell's dot),
 * the rest blank. With names shown, a cell of one row shows its name in place of the piece;
 * a larger one keeps the piece and shows the name on its second row. */
void put_inside(Sketch *k, const Ctx *x, Cell c, int row, int col, int width, int lines);
/* An outlined cell with a vertex at the top and bottom (pointy hexagons, the ring): three
 * columns inside, `bars` rows of them between two vertical edges from row R, column C;
 * slanted edges above and below. Cells of a row are four columns apart, rows bars + 1 text
 * rows apart, each half a cell to the side. Inside, what put_inside writes in `bars` rows. */
void put_pointy_cell(Sketch *k, const Ctx *x, Cell c, int R, int C, int bars);
/* The cell's name, centred in `width` columns from col (a larger cell's second line). */
void put_name(Sketch *k, const Ctx *x, Cell c, int row, int col, int width);
/* A one-character mark for cells with a single slot: selected '#', capture 'x', move '*',
 * flashed '!', last move '+'; 0 for none. */
char mark_char(const Ctx *x, Cell c);

/* labels */
int anchor(const Ctx *x, Spot at);
void put_label(Sketch *k, int row, int col, const char *t);
void put_label_right(Sketch *k, int row, int end, const char *t);

/* views */
int norm_angle(int a);
int forward_seat_angle(const Variant *v, int p); /* forward direction drawn pointing up */

#endif
