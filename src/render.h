/* render.h — a position drawn as a grid of ASCII characters with an attribute per character,
 * for every board family (hex in either frame and any 30-degree turn, the ring, triangles).
 * The ncurses client, the scripted `show` command and the tests all draw through this; it
 * prints nothing and knows no terminal library. */
#ifndef CELLMATE_RENDER_H
#define CELLMATE_RENDER_H

#include "position.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    bool flip;                 /* turn the drawing 180 degrees (the other side's view) */
    bool coords;               /* file letters and rank numbers along the edges */
    Cell last_from, last_to;   /* the last move's cells, marked; NO_CELL for none */
    int max_width, max_height; /* the area the board may use; 0 = unlimited */
    int focus; /* ring: centre the camp of player focus - 1; 0: the player to move */
} RenderOpts;

/* Attributes are bit fields, so that one character can say both which cell colour it lies
 * on and which side's piece it belongs to: a UI paints the background from the first and
 * the foreground from the second. */
enum {
    ATTR_PLAIN = 0,
    ATTR_CELL_MASK = 0x03, /* 0: not inside a cell; 1..3: cell colour 0..2, plus one */
    ATTR_SIDE_MASK = 0x0c, /* 0: no piece; otherwise (owner + 1) << 2 */
    ATTR_LAST = 0x10,      /* one of the last move's cells */
    ATTR_COORD = 0x20,     /* a coordinate label */
    ATTR_LINE = 0x40       /* an outline: triangle edges, the ring's seam */
};
#define ATTR_CELL(colour) ((uint8_t)((colour) + 1))
#define ATTR_SIDE(owner)  ((uint8_t)(((owner) + 1) << 2))

/* Cell colour (0..2) a character lies on, or -1. */
static inline int attr_colour(uint8_t a)
{
    return (a & ATTR_CELL_MASK) - 1;
}

/* Side (0..2) whose piece a character draws, or -1. */
static inline int attr_side(uint8_t a)
{
    return ((a & ATTR_SIDE_MASK) >> 2) - 1;
}

typedef struct {
    int width, height;
    char *text;    /* height rows of width ASCII characters, not terminated */
    uint8_t *attr; /* one attribute set per character */
    Cell *cell;    /* the cell each character belongs to (for pointing, highlighting), or 0 */
} TextGrid;

/* Draw pos. Chooses the roomiest drawing that fits max_width x max_height (the usual one,
 * then more compact ones, then a hex board turned a quarter). False, with out empty, when
 * none fits (or memory runs out). */
bool render_board(const Position *pos, const RenderOpts *o, TextGrid *out);

#define RENDER_MAX_LAYOUTS 12

typedef struct {
    int width, height;
} RenderSize;

/* The size of each drawing render_board may choose for v's board with these options (o may
 * be NULL), roomiest (the usual drawing) first; returns how many. A terminal area shows the
 * board iff one of them fits. */
int render_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max);

/* The drawing with the fewest rows (then columns): terminal height is what runs out first,
 * so this is the size to ask for when nothing fits. */
bool render_min_size(const Variant *v, const RenderOpts *o, int *width, int *height);

void textgrid_free(TextGrid *g);

/* What to show for one character of a grid: the character itself, or with `unicode` an
 * optional theme (a middle dot for an empty cell). Writes a terminated UTF-8 string to out
 * and returns its length in bytes. */
int render_glyph(char ch, uint8_t attr, bool unicode, char out[4]);

/* The whole grid as text, one '\n'-terminated line per row without trailing blanks (malloc'd,
 * NULL when memory runs out). */
char *textgrid_string(const TextGrid *g, bool unicode);

#endif
