/* render_describe.c — how the cells of a drawing are named, in words read off the drawing
 * itself: where the cells of one letter and of one number lie and which way the letters and
 * numbers run. The help page shows it, so it always describes what is on the screen,
 * whatever family, turn or size was drawn. */
#include "render_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double x, y; /* a cell's middle: columns right, and rows up counted twice (rows are tall) */
    bool drawn;
} Point;

typedef struct {
    int n;
    Point first, last, sum; /* in order of the other part of the name */
    double bend;            /* how far the farthest cell lies from the line first-last */
    Point apex;             /* that cell */
} Line;

enum { BY_LETTER, BY_NUMBER };

static int key_of(const Board *b, Cell c, int by, int *order)
{
    int letter = b->file[c], number = b->rank[c];
    *order = by == BY_LETTER ? number : letter;
    return by == BY_LETTER ? letter : number;
}

static Line line_of(const Board *b, const Point *pt, int by, int key)
{
    Line l = {0};
    int lo = 0, hi = 0;
    for (int c = 1; c <= b->ncells; c++) {
        int order;
        if (!pt[c].drawn || key_of(b, (Cell)c, by, &order) != key) continue;
        if (!l.n || order < lo) lo = order, l.first = pt[c];
        if (!l.n || order > hi) hi = order, l.last = pt[c];
        l.sum.x += pt[c].x, l.sum.y += pt[c].y;
        l.n++;
    }
    double dx = l.last.x - l.first.x, dy = l.last.y - l.first.y, len = hypot(dx, dy);
    for (int c = 1; c <= b->ncells && len > 0; c++) {
        int order;
        if (!pt[c].drawn || key_of(b, (Cell)c, by, &order) != key) continue;
        double off = fabs((pt[c].x - l.first.x) * dy - (pt[c].y - l.first.y) * dx) / len;
        if (off > l.bend) l.bend = off, l.apex = pt[c];
    }
    return l;
}

/* A direction in words, from a vector (x right, y up). */
static const char *towards(double dx, double dy)
{
    static const char *words[] = {"right", "up and to the right",  "up",   "up and to the left",
                                  "left",  "down and to the left", "down", "down and to the right"};
    double a = atan2(dy, dx) * 180 / M_PI;
    int i = (int)lround((a < 0 ? a + 360 : a) / 45) % 8;
    return words[i];
}

/* Where one end of a span lies: "on the left", "at the top", "at the upper right"... */
static const char *end_place(double dx, double dy)
{
    static const char *words[] = {"on the right",      "at the upper right", "at the top",
                                  "at the upper left", "on the left",        "at the lower left",
                                  "at the bottom",     "at the lower right"};
    double a = atan2(dy, dx) * 180 / M_PI;
    int i = (int)lround((a < 0 ? a + 360 : a) / 45) % 8;
    return words[i];
}

/* The shape of the lines of one part of the name: all rows, all columns, all straight the
 * same way, or bent (Glinski's ranks). Cells half a cell aside (the ring's alternate files,
 * triangles pointing up and down) still make a straight line. */
static void shape(const Line *lines, int n, char *out, size_t len)
{
    const double tolerance = 2.5;
    bool straight = true;
    double sx = 0, sy = 0;
    const Line *bent = NULL;
    for (int i = 0; i < n; i++) {
        if (lines[i].n < 2) continue;
        double dx = lines[i].last.x - lines[i].first.x, dy = lines[i].last.y - lines[i].first.y;
        if (lines[i].bend > tolerance) {
            straight = false;
            if (!bent || lines[i].bend > bent->bend) bent = &lines[i];
        }
        sx += fabs(dx) > fabs(dy) ? fabs(dx) : dx * (dy < 0 ? -1 : 1);
        sy += fabs(dx) > fabs(dy) ? dy * (dx < 0 ? -1 : 1) : fabs(dy);
    }
    if (straight) {
        const char *way = towards(sx, sy);
        if (!strcmp(way, "right") || !strcmp(way, "left"))
            snprintf(out, len, "a row across the board");
        else if (!strcmp(way, "up") || !strcmp(way, "down"))
            snprintf(out, len, "a column up the board");
        else
            snprintf(out, len, "a straight line running %s", towards(sx, sy));
        return;
    }
    double mx = (bent->first.x + bent->last.x) / 2, my = (bent->first.y + bent->last.y) / 2;
    snprintf(out, len, "a line bent in the middle, its middle %s its ends",
             fabs(bent->apex.y - my) >= fabs(bent->apex.x - mx)
                 ? (bent->apex.y < my ? "below" : "above")
                 : (bent->apex.x < mx ? "left of" : "right of"));
}

/* One sentence for one part of the name. */
static size_t describe_part(const Board *b, const Point *pt, int by, char *out, size_t len)
{
    Line lines[100];
    int n = 0, lo = -1, hi = -1;
    for (int key = 0; key < 100; key++) {
        lines[key] = line_of(b, pt, by, key);
        if (!lines[key].n) continue;
        n = key + 1;
        if (lo < 0) lo = key;
        hi = key;
    }
    if (lo < 0) return 0;
    char form[160], first[16], last[16];
    shape(lines, n, form, sizeof form);
    const Line *a = &lines[lo], *z = &lines[hi];
    double dx = z->sum.x / z->n - a->sum.x / a->n, dy = z->sum.y / z->n - a->sum.y / a->n;
    if (by == BY_LETTER) {
        snprintf(first, sizeof first, "%c", b->spec.letters[lo]);
        snprintf(last, sizeof last, "%c", b->spec.letters[hi]);
    } else {
        snprintf(first, sizeof first, "%d", lo);
        snprintf(last, sizeof last, "%d", hi);
    }
    /* which way the other part counts along such a line, from the longest one */
    const Line *longest = a;
    for (int i = lo; i <= hi; i++)
        if (lines[i].n > longest->n) longest = &lines[i];
    double ax = longest->last.x - longest->first.x, ay = longest->last.y - longest->first.y;
    return (size_t)snprintf(out, len,
                            "The cells of one %s form %s: %s lies %s, %s %s; along it the %s "
                            "rise %s. ",
                            by == BY_LETTER ? "letter" : "number", form, first, end_place(-dx, -dy),
                            last, end_place(dx, dy), by == BY_LETTER ? "numbers" : "letters",
                            towards(ax, ay));
}

/* Where the labels of one kind stand: "above the board, below it and on the right". */
static size_t label_places(const Board *b, const TextGrid *g, int by, char *out, size_t len)
{
    enum { ABOVE, BELOW, LEFT, RIGHT, INSIDE, PLACES };
    static const char *words[] = {"above the board", "below it", "on the left", "on the right",
                                  "inside the board, in the bends of their lines"};
    bool seen[PLACES] = {false};
    int top = g->height, bottom = -1;
    for (int i = 0; i < g->width * g->height; i++)
        if (g->cell[i]) {
            if (i / g->width < top) top = i / g->width;
            if (i / g->width > bottom) bottom = i / g->width;
        }
    for (int i = 0; i < g->width * g->height; i++) {
        if (!(g->attr[i] & ATTR_COORD) || (i % g->width && g->attr[i - 1] & ATTR_COORD)) continue;
        bool letter = strchr(b->spec.letters, g->text[i]) != NULL;
        if (letter != (by == BY_LETTER)) continue;
        int r = i / g->width, c = i % g->width, left = 0, right = 0;
        for (int j = r * g->width; j < (r + 1) * g->width; j++)
            if (g->cell[j]) j % g->width < c ? left++ : right++;
        seen[r < top            ? ABOVE
             : r > bottom       ? BELOW
             : left && right    ? INSIDE
             : c < g->width / 2 ? LEFT
                                : RIGHT] = true;
    }
    size_t n = 0;
    int count = 0, total = 0;
    for (int i = 0; i < PLACES; i++) total += seen[i];
    for (int i = 0; i < PLACES && n < len; i++) {
        if (!seen[i]) continue;
        count++;
        n += (size_t)snprintf(out + n, len - n, "%s%s",
                              count == 1       ? ""
                              : count == total ? " and "
                                               : ", ",
                              i == BELOW && !seen[ABOVE] ? "below the board" : words[i]);
    }
    return n;
}

void render_describe(const Variant *v, const TextGrid *g, char *out, size_t len)
{
    const Board *b = &v->board;
    if (render_family(v)->describe) {
        render_family(v)->describe(v, g, out, len);
        return;
    }
    Point pt[MAX_CELLS + 1];
    memset(pt, 0, sizeof pt);
    for (int c = 1; c <= b->ncells; c++) {
        int row, col;
        if (!textgrid_cell_centre(g, (Cell)c, &row, &col)) continue;
        pt[c] = (Point){col, -2.0 * row, true};
    }
    size_t n = describe_part(b, pt, BY_LETTER, out, len);
    if (n < len) n += describe_part(b, pt, BY_NUMBER, out + n, len - n);
    char letters[96] = "", numbers[96] = "";
    label_places(b, g, BY_LETTER, letters, sizeof letters);
    label_places(b, g, BY_NUMBER, numbers, sizeof numbers);
    if (n < len && (*letters || *numbers))
        n += (size_t)snprintf(out + n, len - n, "The letters are written %s%s%s%s. ",
                              *letters ? letters : "nowhere", *numbers ? "; the numbers " : "",
                              numbers, *numbers ? "" : "; the numbers nowhere");
    if (n > 0 && n <= len) out[n - 1] = 0; /* no blank at the end */
    if (n == 0 && len) out[0] = 0;
}
