/* render.h — a position drawn as a grid of ASCII characters with an attribute per character,
 * for every board family (hex, ring, triangles; one file each behind render_int.h). The view
 * puts a chosen player at the bottom, facing up the screen, and may be turned from there;
 * cells can carry marks (a selected piece, its targets, a flashed cell). The ncurses client,
 * the scripted `show` command and the tests all draw through this; it prints nothing and
 * knows no terminal library. */
#ifndef CELLMATE_RENDER_H
#define CELLMATE_RENDER_H

#include "position.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a cell is marked with (bits; RenderOpts.marks holds one set per cell). */
enum {
    MARK_SELECTED = 1, /* the piece picked up */
    MARK_MOVE = 2,     /* it can move there */
    MARK_CAPTURE = 4,  /* it can capture there */
    MARK_FLASH = 8,    /* a cell asked for by name */
    MARK_CURSOR = 16   /* the keyboard's cursor */
};

typedef struct {
    int bottom;  /* the player drawn at the bottom, moving up the screen (0: the first) */
    int turn;    /* degrees anticlockwise added to that view: 180 flips it */
    bool coords; /* file letters and rank numbers along the edges */
    bool names;  /* every cell shows its name (in place of its piece when there is no room) */
    Cell last_from, last_to;   /* the last move's cells, marked; NO_CELL for none */
    const uint8_t *marks;      /* MARK_* bits indexed by cell, or NULL */
    int max_width, max_height; /* the area the board may use; 0 = unlimited */
    int max_scale;             /* 0: compact drawings only; 1, 2: also outlined, larger cells */
} RenderOpts;

/* Attributes are bit fields, so that one character can say both which cell colour it lies
 * on and which side's piece it belongs to: a UI paints the background from the first and
 * the foreground from the second; marks say how the cell is highlighted. */
typedef uint16_t Attr;
enum {
    ATTR_PLAIN = 0,
    ATTR_CELL_MASK = 0x03, /* 0: not inside a cell; 1..3: cell colour 0..2, plus one */
    ATTR_SIDE_MASK = 0x0c, /* 0: no piece; otherwise (owner + 1) << 2 */
    ATTR_LAST = 0x10,      /* one of the last move's cells */
    ATTR_COORD = 0x20,     /* a coordinate label */
    ATTR_LINE = 0x40,      /* an outline: cell edges, the ring's seam */
    ATTR_NAME = 0x80,      /* a cell's name written in it */
    ATTR_MARK_SHIFT = 8    /* MARK_* bits of the cell, shifted */
};
#define ATTR_CELL(colour) ((Attr)((colour) + 1))
#define ATTR_SIDE(owner)  ((Attr)(((owner) + 1) << 2))
#define ATTR_MARK(marks)  ((Attr)((marks) << ATTR_MARK_SHIFT))

/* Cell colour (0..2) a character lies on, or -1. */
static inline int attr_colour(Attr a)
{
    return (a & ATTR_CELL_MASK) - 1;
}

/* Side (0..2) whose piece a character draws, or -1. */
static inline int attr_side(Attr a)
{
    return ((a & ATTR_SIDE_MASK) >> 2) - 1;
}

static inline int attr_marks(Attr a)
{
    return (a >> ATTR_MARK_SHIFT) & 0x1f;
}

typedef struct {
    int width, height;
    char *text; /* height rows of width ASCII characters, not terminated */
    Attr *attr; /* one attribute set per character */
    Cell *cell; /* the cell each character belongs to (for pointing, highlighting), or 0 */
    /* the drawing chosen */
    int angle;    /* degrees anticlockwise from the board's native frame */
    int scale;    /* 0 compact, 1 and 2 outlined */
    int fit_turn; /* degrees anticlockwise turned from the view asked for, to fit (0: none;
                   * -30 on hex boards, -90 as their last resort) */
} TextGrid;

/* Draw pos. Chooses the roomiest drawing that fits max_width x max_height (larger cells up to
 * max_scale, the usual compact one, more compact ones, then the view turned to fit: a
 * twelfth clockwise on hex boards, a quarter as a last resort). The board is drawn only in
 * an area where every player's view (o->bottom says which one to draw) has a drawing that
 * fits, so that an area shows it whoever is to move. False, with out empty, when none fits
 * (or memory runs out). */
bool render_board(const Position *pos, const RenderOpts *o, TextGrid *out);

#define RENDER_MAX_LAYOUTS 24

typedef struct {
    int width, height;
} RenderSize;

/* The size of each drawing render_board may choose for v's board with these options (o may
 * be NULL; o->bottom says whose view), roomiest first; returns how many. An area holds that
 * view iff one of them fits. */
int render_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max);

/* The sizes to ask for when nothing fits: the areas that hold a drawing of every player's
 * view (each as large both ways as one of render_sizes for every o->bottom) that no other
 * one beats in both columns and rows, fewest rows first (each then narrower than the one
 * before); returns how many. An area shows the board iff it is at least as large as one of
 * them both ways; the first, with the fewest rows, is what a terminal most often lacks. */
int render_min_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max);

/* The step of the rotate command on v's board: 120 degrees with three players, otherwise
 * what the family allows (60 on hexagons, 90 on triangles, 180 on the ring). */
int render_rotate_step(const Variant *v);

/* Where the player the view is drawn for (RenderOpts.bottom) sits with the view turned by
 * `turn` degrees, in words: "at the bottom, moving up the screen" on most boards. */
const char *render_seat_words(const Variant *v, int turn);

/* How the cells of a drawing are named, in words read off the drawing itself: where the
 * lines of one letter and of one number run and which way they count. */
void render_describe(const Variant *v, const TextGrid *g, char *out, size_t len);

/* Where each cell is drawn: the middle of its characters (row, column), for pointing and for
 * moving a cursor. False when the cell is not in the grid. */
bool textgrid_cell_centre(const TextGrid *g, Cell c, int *row, int *col);

void textgrid_free(TextGrid *g);

/* What to show for one character of a grid: the character itself, or with `unicode` an
 * optional theme (a middle dot for an empty cell). Writes a terminated UTF-8 string to out
 * and returns its length in bytes. */
int render_glyph(char ch, Attr attr, bool unicode, char out[4]);

/* The whole grid as text, one '\n'-terminated line per row without trailing blanks (malloc'd,
 * NULL when memory runs out). */
char *textgrid_string(const TextGrid *g, bool unicode);

#endif
