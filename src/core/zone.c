/* zone.c — evaluates a zone description (the value of a key in a [zone NAME] section) into a
 * set of cells for one player. The grammar, applied left to right, parentheses grouping:
 *
 *   expr := term { [op] term }       op: + (union, also when left out), - (difference),
 *                                        & (intersection)
 *   term := CELL | board | rim | rank N[..M] | file x[..y] | within N of term
 *         | zone NAME | promotion X | ( expr )
 *
 * Words are separated by blanks or commas, so an old list of cells is a union of cells. */
#include "zone.h"

#include "number.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORD 64

typedef struct {
    const ZoneEnv *env;
    const Board *b;
    const char *p; /* the text still to read */
    char word[WORD];
    char *err;
    int errlen;
    bool failed;
} Parser;

static bool fail(Parser *P, const char *fmt, const char *arg)
{
    if (!P->failed) snprintf(P->err, (size_t)P->errlen, fmt, arg);
    P->failed = true;
    return false;
}

/* The next word into P->word ("" at the end); parentheses are words of their own. */
static const char *next(Parser *P)
{
    const char *s = P->p;
    while (*s == ' ' || *s == '\t' || *s == ',') s++;
    size_t n = 0;
    if (*s == '(' || *s == ')') {
        n = 1;
    } else {
        while (s[n] && !strchr(" \t,()", s[n])) n++;
    }
    if (n >= WORD) {
        fail(P, "'%.20s...' is too long for a word of a zone", s);
        n = 0;
    }
    memcpy(P->word, s, n);
    P->word[n] = 0;
    P->p = s + n;
    return P->word;
}

static const char *peek(Parser *P, char *out)
{
    const char *save = P->p;
    char w[WORD];
    memcpy(w, P->word, WORD);
    next(P);
    memcpy(out, P->word, WORD);
    memcpy(P->word, w, WORD);
    P->p = save;
    return out;
}

static bool *cells(Parser *P)
{
    bool *s = calloc((size_t)P->b->ncells + 1, sizeof *s);
    if (!s) fail(P, "out of memory%s", "");
    return s;
}

/* "N" or "N..M" (lo..hi inclusive, in either order); letters with `letters`. */
static bool range(Parser *P, const char *w, bool letters, int *lo, int *hi)
{
    char a[WORD], b[WORD];
    const char *dots = strstr(w, "..");
    snprintf(a, sizeof a, "%.*s", dots ? (int)(dots - w) : (int)strlen(w), w);
    snprintf(b, sizeof b, "%s", dots ? dots + 2 : a);
    char why[2 * WORD + 80];
    if (letters) {
        const char *L = P->b->spec.letters;
        if (strlen(a) != 1 || strlen(b) != 1 || !strchr(L, a[0]) || !strchr(L, b[0]) || !a[0]) {
            snprintf(why, sizeof why, "'file %s': expected a letter of %s, or two joined by '..'",
                     w, L);
            return fail(P, "%s", why);
        }
        *lo = (int)(strchr(L, a[0]) - L);
        *hi = (int)(strchr(L, b[0]) - L);
    } else {
        long l, h;
        if (!number_parse(a, 1, MAX_CELL_NUMBER, &l) || !number_parse(b, 1, MAX_CELL_NUMBER, &h)) {
            snprintf(why, sizeof why,
                     "'rank %s': expected a number from 1 to %d, or two joined by '..'", w,
                     MAX_CELL_NUMBER);
            return fail(P, "%s", why);
        }
        *lo = (int)l;
        *hi = (int)h;
    }
    if (*lo > *hi) {
        int t = *lo;
        *lo = *hi;
        *hi = t;
    }
    return true;
}

static bool *expr(Parser *P, int depth);

/* On the rim: an orthogonal step leads off the board. */
static bool is_rim(const Board *b, Cell c)
{
    for (int d = 0; d < b->ndirs; d++)
        if (b->dir[d].atom == 'W' && !board_step(b, c, d)) return true;
    return false;
}

static bool *term(Parser *P, int depth)
{
    const Board *b = P->b;
    char w[WORD], arg[WORD];
    snprintf(w, sizeof w, "%s", next(P));
    if (P->failed) return NULL;
    if (!w[0])
        return fail(P, "a zone description ends where a cell or a term is expected%s", ""), NULL;
    if (!strcmp(w, "(")) {
        bool *s = expr(P, depth + 1);
        if (s && strcmp(next(P), ")")) {
            free(s);
            return fail(P, "expected ')' in a zone description%s", ""), NULL;
        }
        return s;
    }
    bool *s = cells(P);
    if (!s) return NULL;
    if (!strcmp(w, "board")) {
        for (int c = 1; c <= b->ncells; c++) s[c] = true;
    } else if (!strcmp(w, "rim")) {
        for (int c = 1; c <= b->ncells; c++) s[c] = is_rim(b, (Cell)c);
    } else if (!strcmp(w, "rank") || !strcmp(w, "ranks") || !strcmp(w, "file") ||
               !strcmp(w, "files")) {
        bool file = w[0] == 'f';
        int lo = 0, hi = -1;
        snprintf(arg, sizeof arg, "%s", next(P));
        if (!arg[0])
            fail(P, "'%s' needs a range after it (such as 'rank 2' or 'file a..c')", w);
        else if (range(P, arg, file, &lo, &hi))
            for (int c = 1; c <= b->ncells; c++) {
                int k = file ? b->file[c] : b->rank[c];
                s[c] = k >= lo && k <= hi;
            }
    } else if (!strcmp(w, "within")) {
        long n;
        snprintf(arg, sizeof arg, "%s", next(P));
        if (!number_parse(arg, 0, MAX_CELLS, &n))
            fail(P, "'within %s': expected a number of steps", arg);
        else if (strcmp(next(P), "of"))
            fail(P, "expected 'within N of ...', not '%s'", P->word);
        bool *from = P->failed ? NULL : term(P, depth + 1);
        if (from && !zone_within(b, from, (int)n, s)) fail(P, "out of memory%s", "");
        free(from);
    } else if (!strcmp(w, "zone")) {
        snprintf(arg, sizeof arg, "%s", next(P));
        if (!arg[0]) fail(P, "'zone' needs a zone's name%s", "");
        if (!P->failed && !P->env->zone(P->env, arg, s, P->err, P->errlen)) P->failed = true;
    } else if (!strcmp(w, "promotion")) {
        snprintf(arg, sizeof arg, "%s", next(P));
        int k = strlen(arg) == 1 && isupper((unsigned char)arg[0])
                    ? P->env->v->kind_of_letter[(int)arg[0]]
                    : 0;
        if (!k)
            fail(P, "'promotion %s': expected a piece letter of this variant", arg);
        else if (!P->env->promotion(P->env, k, s, P->err, P->errlen))
            P->failed = true;
    } else {
        Cell c = board_cell(b, w);
        if (!c)
            fail(P,
                 "'%s' is not a cell of this board (nor a zone term: board, rim, rank, file, "
                 "within, zone, promotion)",
                 w);
        s[c] = true;
    }
    if (P->failed) {
        free(s);
        return NULL;
    }
    return s;
}

static bool *expr(Parser *P, int depth)
{
    char w[WORD];
    if (depth > 32) return fail(P, "a zone description nests too deeply%s", ""), NULL;
    bool *acc = term(P, depth);
    while (acc && !P->failed) {
        peek(P, w);
        if (!w[0] || !strcmp(w, ")")) break;
        char op = '+';
        if (!strcmp(w, "+") || !strcmp(w, "-") || !strcmp(w, "&")) {
            op = w[0];
            next(P);
        }
        bool *rhs = term(P, depth);
        if (!rhs) break;
        for (int c = 1; c <= P->b->ncells; c++)
            acc[c] = op == '+'   ? acc[c] || rhs[c]
                     : op == '-' ? acc[c] && !rhs[c]
                                 : acc[c] && rhs[c];
        free(rhs);
    }
    if (P->failed) {
        free(acc);
        return NULL;
    }
    return acc;
}

bool zone_eval(const ZoneEnv *env, const char *text, bool *out, char *err, int errlen)
{
    Parser P = {env, &env->v->board, text, "", err, errlen, false};
    bool *s = expr(&P, 0);
    if (s && next(&P)[0]) {
        fail(&P, "unexpected '%s' in a zone description", P.word);
    }
    if (!s || P.failed) {
        free(s);
        return false;
    }
    memcpy(out, s, ((size_t)P.b->ncells + 1) * sizeof *out);
    out[0] = false;
    free(s);
    return true;
}

bool zone_within(const Board *b, const bool *from, int n, bool *out)
{
    int *dist = malloc(((size_t)b->ncells + 1) * sizeof *dist);
    Cell *queue = malloc(((size_t)b->ncells + 1) * sizeof *queue);
    if (!dist || !queue) {
        free(dist);
        free(queue);
        return false;
    }
    int head = 0, tail = 0;
    for (int c = 1; c <= b->ncells; c++) {
        dist[c] = from[c] ? 0 : -1;
        if (from[c]) queue[tail++] = (Cell)c;
    }
    while (head < tail) {
        Cell c = queue[head++];
        for (int d = 0; d < b->ndirs; d++) {
            Cell m = b->dir[d].atom == 'W' ? board_step(b, c, d) : NO_CELL;
            if (m && dist[m] < 0) {
                dist[m] = dist[c] + 1;
                queue[tail++] = m;
            }
        }
    }
    for (int c = 1; c <= b->ncells; c++) out[c] = dist[c] >= 0 && dist[c] <= n;
    free(dist);
    free(queue);
    return true;
}
