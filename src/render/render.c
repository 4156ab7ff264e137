/* render.c — draws a position as text (see render.h). Every drawing is first a sketch: single
 * characters placed at free (row, column) coordinates, each cell's token and outline, then
 * the labels; the sketch is cropped to its bounding box at the end. So no family needs to
 * know its size in advance, and turned or flipped drawings need no special cases. Each board
 * family draws in its own file (render_hex.c, render_ring.c, render_triangle.c) behind the
 * RenderFamily table of render_int.h; this file holds what they share and picks a drawing.
 *
 * Conventions: a cell is a token, its glyph (a piece letter, or '.' for an empty cell)
 * between two bracket slots that hold '[' and ']' on the last move's cells. Two players are
 * told apart by case (P p), three by the side letter before the piece letter (rP yP bP). */
#include "render_int.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- sketch ------------------------------------------------------------------------------- */

void put(Sketch *k, int row, int col, char ch, Attr attr, uint8_t prio, Cell cell)
{
    if (k->n == k->cap) {
        int cap = k->cap ? 2 * k->cap : 1024;
        Stroke *s = realloc(k->s, (size_t)cap * sizeof *s);
        if (!s) {
            k->failed = true;
            return;
        }
        k->s = s;
        k->cap = cap;
    }
    k->s[k->n++] = (Stroke){row, col, ch, prio, attr, cell};
}

/* An outline character (a cell's edge, the ring's seam). */
void put_line(Sketch *k, int row, int col, char ch)
{
    put(k, row, col, ch, ATTR_LINE, PRIO_LINE, NO_CELL);
}

static void put_text(Sketch *k, int row, int col, const char *t, Attr attr, uint8_t prio)
{
    for (int i = 0; t[i]; i++) put(k, row, col + i, t[i], attr, prio, NO_CELL);
}

/* Whether any stroke already lies in row, columns col..col+len-1. */
bool occupied(const Sketch *k, int row, int col, int len)
{
    for (int i = 0; i < k->n; i++)
        if (k->s[i].row == row && k->s[i].col >= col && k->s[i].col < col + len) return true;
    return false;
}

Box bounds(const Sketch *k)
{
    Box b = {0, 0, -1, -1};
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        if (i == 0 || s->row < b.r0) b.r0 = s->row;
        if (i == 0 || s->row > b.r1) b.r1 = s->row;
        if (i == 0 || s->col < b.c0) b.c0 = s->col;
        if (i == 0 || s->col > b.c1) b.c1 = s->col;
    }
    return b;
}

/* Two marked cells side by side share the column between them: "[a|b]". */
static char merge(char old, char new)
{
    return (old == ']' && new == '[') || (old == '[' && new == ']') ? '|' : new;
}

static bool sketch_to_grid(const Sketch *k, TextGrid *g)
{
    Box b = bounds(k);
    size_t w = (size_t)(b.c1 - b.c0 + 1), h = (size_t)(b.r1 - b.r0 + 1);
    uint8_t *prio = calloc(w * h, 1);
    g->text = malloc(w * h);
    g->attr = calloc(w * h, sizeof *g->attr);
    g->cell = calloc(w * h, sizeof *g->cell);
    if (!prio || !g->text || !g->attr || !g->cell) {
        free(prio);
        textgrid_free(g);
        return false;
    }
    memset(g->text, ' ', w * h);
    for (int i = 0; i < k->n; i++) {
        const Stroke *s = &k->s[i];
        size_t at = (size_t)(s->row - b.r0) * w + (size_t)(s->col - b.c0);
        if (s->prio < prio[at]) continue;
        g->text[at] = s->prio == prio[at] ? merge(g->text[at], s->ch) : s->ch;
        g->attr[at] = s->attr;
        prio[at] = s->prio;
        g->cell[at] = s->cell;
    }
    free(prio);
    g->width = (int)w;
    g->height = (int)h;
    return true;
}

/* --- cell contents --------------------------------------------------------------------------- */

static bool is_last(const Ctx *x, Cell c)
{
    return c == x->o.last_from || c == x->o.last_to;
}

static int marks_of(const Ctx *x, Cell c)
{
    return x->o.marks ? x->o.marks[c] : 0;
}

/* The glyph of what stands on c: "P", "p", "." or "rP", " .". */
void glyph(const Ctx *x, Cell c, char g[2], Attr *side)
{
    Piece p = x->pos->board[c];
    *side = 0;
    if (!p) {
        g[0] = x->tw == 1 ? (marks_of(x, c) & MARK_MOVE ? '*' : '.') : ' ';
        g[1] = marks_of(x, c) & MARK_MOVE ? '*' : '.';
        return;
    }
    int owner = PIECE_OWNER(p);
    char letter = x->v->type[PIECE_KIND(p)].letter;
    *side = ATTR_SIDE(owner);
    if (x->tw == 1) {
        g[0] = owner ? (char)tolower((unsigned char)letter) : letter;
    } else {
        g[0] = x->v->player_letter[owner];
        g[1] = letter;
    }
}

Attr cell_attr(const Ctx *x, Cell c)
{
    return (Attr)(ATTR_CELL(x->b->colour[c]) | (is_last(x, c) ? ATTR_LAST : 0) |
                  ATTR_MARK(marks_of(x, c)));
}

char mark_char(const Ctx *x, Cell c)
{
    static const struct {
        int mark;
        char ch;
    } order[] = {{MARK_SELECTED, '#'}, {MARK_CAPTURE, 'x'}, {MARK_MOVE, '*'}, {MARK_FLASH, '!'}};
    int m = marks_of(x, c);
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (m & order[i].mark) return order[i].ch;
    return is_last(x, c) ? '+' : 0;
}

/* The two bracket slots of a compact token: the piece picked up in parentheses, a capture
 * target x, a move target * (on an empty cell the dot itself becomes the star), a flashed
 * cell between > and <, the last move's cells in brackets. */
static void brackets(const Ctx *x, Cell c, char *l, char *r)
{
    int m = marks_of(x, c);
    *l = *r = 0;
    if (m & MARK_SELECTED)
        *l = '(', *r = ')';
    else if (m & MARK_CAPTURE)
        *l = 'x';
    else if ((m & MARK_MOVE) && x->pos->board[c])
        *l = '*';
    else if (m & MARK_FLASH)
        *l = '>', *r = '<';
    else if (is_last(x, c))
        *l = '[', *r = ']';
}

/* The text a cell's name takes: whole, or without its letter where the row says it. */
static const char *name_text(const Ctx *x, Cell c)
{
    const char *n = x->b->name[c];
    return x->short_names && n[0] && n[1] ? n + 1 : n;
}

static void put_text_in(Sketch *k, const char *t, int row, int col, Attr attr, Cell c)
{
    for (int i = 0; t[i]; i++) put(k, row, col + i, t[i], attr, PRIO_CELL, c);
}

void put_name(Sketch *k, const Ctx *x, Cell c, int row, int col, int width)
{
    const char *t = name_text(x, c);
    int len = (int)strlen(t);
    put_text_in(k, t, row, col + (width - len) / 2, cell_attr(x, c) | ATTR_NAME, c);
}

void put_token(Sketch *k, const Ctx *x, Cell c, Spot at)
{
    char g[2], l, r;
    Attr side, base = cell_attr(x, c);
    brackets(x, c, &l, &r);
    put(k, at.row, at.col - 1, l ? l : ' ', base, l ? PRIO_CELL : PRIO_PAD, c);
    put(k, at.row, at.col + x->tw, r ? r : ' ', base, r ? PRIO_CELL : PRIO_PAD, c);
    if (x->o.names) {
        /* the name over the glyph, ending with it, spilling into the slots when longer */
        const char *t = name_text(x, c);
        int len = (int)strlen(t), start = anchor(x, at) - len + 1;
        put_text_in(k, t, at.row, start < at.col - 1 ? at.col - 1 : start, base | ATTR_NAME, c);
        return;
    }
    glyph(x, c, g, &side);
    for (int i = 0; i < x->tw; i++) put(k, at.row, at.col + i, g[i], base | side, PRIO_CELL, c);
}

/* The piece's row: a mark slot, then the piece's two letters or an empty cell's dot. */
static void put_piece(Sketch *k, const Ctx *x, Cell c, int row, int col, int width)
{
    Attr base = cell_attr(x, c);
    char m = mark_char(x, c);
    Piece p = x->pos->board[c];
    int mid = col + (width - 1) / 2; /* a piece's two letters from here, a dot here */
    for (int i = 0; i < width; i++) put(k, row, col + i, ' ', base, PRIO_CELL, c);
    if (m && (p || m != '*')) put(k, row, mid - 1, m, base, PRIO_CELL, c);
    if (!p) {
        put(k, row, mid, m == '*' ? '*' : '.', base, PRIO_CELL, c);
        return;
    }
    int owner = PIECE_OWNER(p);
    Attr at = base | ATTR_SIDE(owner);
    char side = x->v->player_letter[owner]; /* (w and b for White and Black) */
    put(k, row, mid, side, at, PRIO_CELL, c);
    put(k, row, mid + 1, x->v->type[PIECE_KIND(p)].letter, at, PRIO_CELL, c);
}

void put_inside(Sketch *k, const Ctx *x, Cell c, int row, int col, int width, int lines)
{
    if (lines == 1 && x->o.names) {
        for (int i = 0; i < width; i++) put(k, row, col + i, ' ', cell_attr(x, c), PRIO_CELL, c);
        put_name(k, x, c, row, col, width);
        return;
    }
    put_piece(k, x, c, row, col, width);
    for (int r = row + 1; r < row + lines; r++) {
        for (int i = 0; i < width; i++) put(k, r, col + i, ' ', cell_attr(x, c), PRIO_PAD, c);
        if (r == row + 1 && x->o.names) put_name(k, x, c, r, col, width);
    }
}

void put_pointy_cell(Sketch *k, const Ctx *x, Cell c, int R, int C, int bars)
{
    put_line(k, R - 1, C, '/');
    put_line(k, R - 1, C + 2, '\\');
    put_line(k, R + bars, C, '\\');
    put_line(k, R + bars, C + 2, '/');
    for (int r = R; r < R + bars; r++) {
        put_line(k, r, C - 1, '|');
        put_line(k, r, C + 3, '|');
    }
    put_inside(k, x, c, R, C, 3, bars);
    put(k, R - 1, C + 1, ' ', cell_attr(x, c), PRIO_PAD, c); /* the top vertex is inside */
}

/* The column of a token's piece letter, which labels line up with. */
int anchor(const Ctx *x, Spot at)
{
    return at.col + x->tw - 1;
}

void put_label(Sketch *k, int row, int col, const char *t)
{
    put_text(k, row, col, t, ATTR_COORD, PRIO_COORD);
}

/* A label ending at column `end`, unless something is drawn there already. */
void put_label_right(Sketch *k, int row, int end, const char *t)
{
    int len = (int)strlen(t);
    if (!occupied(k, row, end - len + 1, len)) put_label(k, row, end - len + 1, t);
}

/* --- views ------------------------------------------------------------------------------- */

int norm_angle(int a)
{
    a = ((a % 360) + 360) % 360;
    return (a + 15) / 30 * 30 % 360;
}

/* Hexagons and triangles: a player's forward direction (a clock hour in the variant file)
 * points up the screen. */
int forward_seat_angle(const Variant *v, int p)
{
    return 90 - clock_to_angle(v->forward_hour[p]);
}

/* --- choosing a drawing ----------------------------------------------------------------------- */

/* Each family's drawing, by the family number of board.h. */
static const RenderFamily *const families[NFAMILIES] = {
    [FAMILY_HEX] = &render_hex,
    [FAMILY_RING] = &render_ring,
    [FAMILY_TRIANGLE] = &render_triangle,
    [FAMILY_SQUARE] = &render_square,
};

const RenderFamily *render_family(const Variant *v)
{
    return families[v->board.spec.family];
}

/* The view with player p at the bottom (and the turn asked for from there). */
static void seat_at(Ctx *x, int p)
{
    x->o.bottom = p;
    x->angle = render_family(x->v)->seat_angle(x->v, p) + x->o.turn + x->v->view_rotate;
}

static Ctx make_ctx(const Position *pos, const RenderOpts *o)
{
    Ctx x = {pos, pos->v, &pos->v->board, {0}, pos->v->nplayers > 2 ? 2 : 1, 0, false, 0};
    if (o) x.o = *o;
    seat_at(&x, x.o.bottom < 0 || x.o.bottom >= x.v->nplayers ? 0 : x.o.bottom);
    return x;
}

/* Draw layout i into a fresh sketch; false when the layout does not apply or memory ran
 * out. */
static bool sketch_layout(const Ctx *x, int i, Sketch *k)
{
    const RenderFamily *f = render_family(x->v);
    const Layout *l = &f->layouts[i];
    memset(k, 0, sizeof *k);
    if (l->scale > x->o.max_scale) return false;
    Ctx lx = *x;
    lx.angle = norm_angle(x->angle + l->turn);
    bool ok = f->draw(k, &lx, l);
    if (ok && !k->failed && k->n > 0) return true;
    free(k->s);
    return false;
}

static RenderSize sketch_size(const Sketch *k)
{
    Box b = bounds(k);
    return (RenderSize){b.c1 - b.c0 + 1, b.r1 - b.r0 + 1};
}

static bool fits(RenderSize s, const RenderOpts *o)
{
    return (o->max_width <= 0 || s.width <= o->max_width) &&
           (o->max_height <= 0 || s.height <= o->max_height);
}

/* Whether some drawing of the view with player p at the bottom fits x's area. */
static bool view_fits(const Ctx *x, int p)
{
    Ctx view = *x;
    seat_at(&view, p);
    for (int i = 0; i < render_family(x->v)->nlayouts; i++) {
        Sketch k;
        if (!sketch_layout(&view, i, &k)) continue;
        bool ok = fits(sketch_size(&k), &x->o);
        free(k.s);
        if (ok) return true;
    }
    return false;
}

/* A trimmed layout (labels only beside the cells' own columns) drawn into an area wider
 * than it: drawn again with the labels it dropped on the right where the area has room for
 * them (Glinski turned at 45 columns: ranks 5 to 7), when that drawing still fits. The
 * least sizes stay the trimmed drawing's. */
static void widen_trimmed(const Ctx *x, int i, Sketch *k)
{
    int room = x->o.max_width - sketch_size(k).width;
    if (!render_family(x->v)->layouts[i].trim || x->o.max_width <= 0 || room <= 0) return;
    Ctx wide = *x;
    wide.trim_room = room;
    Sketch w;
    if (!sketch_layout(&wide, i, &w)) return;
    if (!fits(sketch_size(&w), &x->o)) {
        free(w.s);
        return;
    }
    free(k->s);
    *k = w;
}

/* The screen draws the player to move at the bottom when several play there: an area that
 * shows one player's view but not another's would show the board every other move. So the
 * board is drawn only where every view has a drawing that fits, each its roomiest. */
bool render_board(const Position *pos, const RenderOpts *o, TextGrid *out)
{
    Ctx x = make_ctx(pos, o);
    const RenderFamily *f = render_family(x.v);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < f->nlayouts; i++) {
        Sketch k;
        if (!sketch_layout(&x, i, &k)) continue;
        bool ok = fits(sketch_size(&k), &x.o);
        if (!ok) {
            free(k.s);
            continue;
        }
        for (int p = 0; ok && p < x.v->nplayers; p++)
            if (p != x.o.bottom) ok = view_fits(&x, p);
        if (ok) widen_trimmed(&x, i, &k);
        ok = ok && sketch_to_grid(&k, out);
        free(k.s);
        if (!ok) return false;
        out->angle = norm_angle(x.angle + f->layouts[i].turn);
        out->scale = f->layouts[i].scale;
        out->fit_turn = f->layouts[i].turn;
        return true;
    }
    return false;
}

int render_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max)
{
    Position pos;
    pos_init(&pos, v);
    Ctx x = make_ctx(&pos, o);
    int n = 0;
    for (int i = 0; i < render_family(v)->nlayouts && n < max; i++) {
        Sketch k;
        if (!sketch_layout(&x, i, &k)) continue;
        out[n++] = sketch_size(&k);
        free(k.s);
    }
    return n;
}

static int fewer_rows(const void *a, const void *b)
{
    const RenderSize *x = a, *y = b;
    return x->height != y->height ? x->height - y->height : x->width - y->width;
}

/* The sizes of s that no other one beats both ways, fewest rows first, into out; how many. */
static int unbeaten(RenderSize *s, int n, RenderSize *out, int max)
{
    int kept = 0;
    qsort(s, (size_t)n, sizeof *s, fewer_rows);
    /* each size kept before has no more rows: one is beaten unless it is narrower than all */
    for (int i = 0; i < n && kept < max; i++)
        if (!kept || s[i].width < out[kept - 1].width) out[kept++] = s[i];
    return kept;
}

int render_min_sizes(const Variant *v, const RenderOpts *o, RenderSize *out, int max)
{
    RenderOpts view = o ? *o : (RenderOpts){0};
    RenderSize need[RENDER_MAX_LAYOUTS], mine[RENDER_MAX_LAYOUTS];
    RenderSize both[RENDER_MAX_LAYOUTS * RENDER_MAX_LAYOUTS];
    int nneed = 0;
    /* an area shows every view when it holds a drawing of each: from the sizes that show
     * the views so far and a size of the next view, the larger both ways */
    for (int p = 0; p < v->nplayers; p++) {
        view.bottom = p;
        int nmine = render_sizes(v, &view, mine, RENDER_MAX_LAYOUTS), n = 0;
        for (int a = 0; a < (p ? nneed : 1); a++)
            for (int b = 0; b < nmine; b++) {
                RenderSize s = mine[b];
                if (p && need[a].width > s.width) s.width = need[a].width;
                if (p && need[a].height > s.height) s.height = need[a].height;
                both[n++] = s;
            }
        nneed = unbeaten(both, n, need, RENDER_MAX_LAYOUTS);
    }
    if (nneed > max) nneed = max;
    memcpy(out, need, (size_t)nneed * sizeof *out);
    return nneed;
}

int render_rotate_step(const Variant *v)
{
    return v->nplayers > 2 ? 120 : render_family(v)->rotate_step;
}

const char *render_seat_words(const Variant *v, int turn)
{
    static const char *const upright[3] = {"at the bottom, moving up the screen",
                                           "at the top (the board is flipped)",
                                           "turned away from the bottom (rotate)"};
    const char *const *words = render_family(v)->seat_words;
    int which = turn == 0 ? 0 : turn == 180 ? 1 : 2;
    return (words ? words : upright)[which];
}

bool textgrid_cell_centre(const TextGrid *g, Cell c, int *row, int *col)
{
    long rs = 0, cs = 0, n = 0;
    if (c == NO_CELL) return false; /* what lies outside the cells */
    /* blanks too: a triangle on its side shows its piece at one end of its box, and an
     * empty upright one only blanks; the box is what the eye goes by */
    for (int i = 0; i < g->width * g->height; i++)
        if (g->cell[i] == c) rs += i / g->width, cs += i % g->width, n++;
    if (!n) return false;
    *row = (int)(rs / n);
    *col = (int)(cs / n);
    return true;
}

void textgrid_free(TextGrid *g)
{
    free(g->text);
    free(g->attr);
    free(g->cell);
    memset(g, 0, sizeof *g);
}

int render_glyph(char ch, Attr attr, bool unicode, char out[4])
{
    if (unicode && ch == '.' && attr_colour(attr) >= 0 && attr_side(attr) < 0 &&
        !(attr & ATTR_NAME)) {
        memcpy(out, "\xc2\xb7", 3); /* U+00B7 middle dot */
        return 2;
    }
    out[0] = (unsigned char)ch < 128 ? ch : '?';
    out[1] = 0;
    return 1;
}

char *textgrid_string(const TextGrid *g, bool unicode)
{
    size_t cap = (size_t)g->height * ((size_t)g->width * 2 + 1) + 1, n = 0;
    char *s = malloc(cap);
    if (!s) return NULL;
    for (int r = 0; r < g->height; r++) {
        const char *row = g->text + (size_t)r * (size_t)g->width;
        int end = g->width;
        while (end > 0 && row[end - 1] == ' ') end--;
        for (int c = 0; c < end; c++) {
            char t[4];
            int tl = render_glyph(row[c], g->attr[(size_t)r * (size_t)g->width + c], unicode, t);
            memcpy(s + n, t, (size_t)tl);
            n += (size_t)tl;
        }
        s[n++] = '\n';
    }
    s[n] = 0;
    return s;
}
