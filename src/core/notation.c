/* notation.c — writing and reading moves (the rules are in the spec README and in
 * cellmate(6)). Reading never guesses: the text is broken into what it says (piece, origin,
 * destination, capture, promotion) and matched against the legal moves; no match or more
 * than one is an error that names the candidates. */
#include "notation.h"
#include "char_quote.h"
#include "number.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cell_name(const Position *pos, Cell c)
{
    return pos->v->board.name[c];
}

static char kind_letter(const Position *pos, int kind)
{
    return pos->v->type[kind].letter;
}

void move_long(const Position *pos, Move m, char *out)
{
    switch (m.kind) {
    case MOVE_DROP:
        snprintf(out, MOVE_TEXT_MAX, "%c@%s", kind_letter(pos, m.promo), cell_name(pos, m.to));
        return;
    case MOVE_CASTLE: snprintf(out, MOVE_TEXT_MAX, "%s", pos->v->castle[m.promo].name); return;
    case MOVE_RIFLE:
        snprintf(out, MOVE_TEXT_MAX, "%s!%s", cell_name(pos, m.from), cell_name(pos, m.to));
        return;
    case MOVE_EXCHANGE:
        snprintf(out, MOVE_TEXT_MAX, "%s~%s", cell_name(pos, m.from), cell_name(pos, m.to));
        return;
    default: break;
    }
    bool capture = m.kind == MOVE_EP || pos->board[m.to];
    int n = snprintf(out, MOVE_TEXT_MAX, "%s%c%s", cell_name(pos, m.from), capture ? 'x' : '-',
                     cell_name(pos, m.to));
    if (m.promo && n > 0 && n < MOVE_TEXT_MAX - 3)
        snprintf(out + n, (size_t)(MOVE_TEXT_MAX - n), "=%c", kind_letter(pos, m.promo));
}

/* --- writing SAN -------------------------------------------------------------------------- */

static bool moves_to_cell(Move m)
{
    return m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE || m.kind == MOVE_EP;
}

/* Same shape of move by another piece of the same kind to the same cell. */
static bool competes(const Position *pos, Move a, Move b)
{
    if (a.from == b.from || a.to != b.to) return false;
    if (moves_to_cell(a) != moves_to_cell(b)) return false;
    if (!moves_to_cell(a) && a.kind != b.kind) return false;
    return PIECE_KIND(pos->board[a.from]) == PIECE_KIND(pos->board[b.from]);
}

/* The number of a cell's name ("f10": 10). */
static int number_part(const char *name)
{
    const char *p = name + 1;
    long n = 0;
    number_scan(&p, MAX_CELL_NUMBER, &n);
    return (int)n;
}

/* The origin text SAN needs: "", the letter, the number, or the whole cell. */
static void disambiguation(const Position *pos, const MoveList *legal, Move m, bool pawn,
                           bool force_letter, char *out)
{
    const char *from = cell_name(pos, m.from);
    bool any = false, same_letter = false, same_number = false;
    for (int i = 0; i < legal->n; i++) {
        Move o = legal->m[i];
        if (!competes(pos, m, o)) continue;
        any = true;
        const char *of = cell_name(pos, o.from);
        same_letter |= of[0] == from[0];
        same_number |= number_part(of) == number_part(from);
    }
    out[0] = 0;
    if (!any && !force_letter) return;
    if (!same_letter)
        snprintf(out, 2, "%c", from[0]);
    else if (!same_number && !pawn)
        snprintf(out, CELL_NAME_MAX, "%s", from + 1);
    else
        snprintf(out, CELL_NAME_MAX, "%s", from);
}

static void san_with(Position *pos, Move m, const MoveList *legal, char *out)
{
    const Variant *v = pos->v;
    char dis[CELL_NAME_MAX];
    if (m.kind == MOVE_CASTLE || m.kind == MOVE_DROP) {
        move_long(pos, m, out);
        return;
    }
    Piece mover = pos->board[m.from];
    const PieceType *pt = &v->type[PIECE_KIND(mover)];
    if (m.kind == MOVE_RIFLE || m.kind == MOVE_EXCHANGE) {
        disambiguation(pos, legal, m, false, false, dis);
        if (m.kind == MOVE_EXCHANGE) {
            snprintf(out, MOVE_TEXT_MAX, "%c%s~%s", pt->letter, dis, cell_name(pos, m.to));
            return;
        }
        const PieceType *victim = &v->type[PIECE_KIND(pos->board[m.to])];
        char vl[2] = {victim->pawn ? 0 : victim->letter, 0};
        snprintf(out, MOVE_TEXT_MAX, "%c%s!%s%s", pt->letter, dis, vl, cell_name(pos, m.to));
        return;
    }
    bool capture = m.kind == MOVE_EP || pos->board[m.to];
    int n;
    if (pt->pawn) {
        disambiguation(pos, legal, m, true, capture, dis);
        n = snprintf(out, MOVE_TEXT_MAX, "%s%s%s", dis, capture ? "x" : "", cell_name(pos, m.to));
    } else {
        disambiguation(pos, legal, m, false, false, dis);
        n = snprintf(out, MOVE_TEXT_MAX, "%c%s%s%s", pt->letter, dis, capture ? "x" : "",
                     cell_name(pos, m.to));
    }
    if (m.promo && n > 0 && n < MOVE_TEXT_MAX - 3)
        snprintf(out + n, (size_t)(MOVE_TEXT_MAX - n), "=%c", kind_letter(pos, m.promo));
}

void move_san_bare(Position *pos, Move m, char *out)
{
    MoveList legal;
    gen_legal(pos, &legal);
    san_with(pos, m, &legal, out);
}

/* '+' when the move leaves a royal capturable, '#' when it mates, eliminates a player or ends
 * the game (three players: by the mover, and also by stalemate; see the spec README). */
static char check_suffix(Position *pos, Move m)
{
    const Variant *v = pos->v;
    int us = pos->stm;
    Undo u;
    char suffix = 0;
    play_move(pos, m, &u);
    if (v->nplayers == 2) {
        if (in_check(pos)) suffix = has_legal_move(pos) ? '+' : '#';
    } else if (pos->nout > u.nout || pos_players_left(pos) < 2 ||
               (pos_players_left(pos) == 2 && !has_legal_move(pos))) {
        /* with two left, stalemate ends the game as checkmate does */
        suffix = '#';
    } else {
        for (int x = 0; x < v->nplayers && !suffix; x++)
            if (x != us && (pos->alive & (1u << x)) && attacked_by(pos, pos->royal[x], us))
                suffix = '+';
    }
    pos_unmake(pos, &u);
    return suffix;
}

void move_san(Position *pos, Move m, char *out)
{
    move_san_bare(pos, m, out);
    char s = check_suffix(pos, m);
    size_t n = strlen(out);
    if (s && n + 1 < MOVE_TEXT_MAX) out[n] = s, out[n + 1] = 0;
}

/* --- reading ------------------------------------------------------------------------------ */

typedef struct {
    enum { SHAPE_MOVE, SHAPE_DROP, SHAPE_RIFLE, SHAPE_EXCHANGE, SHAPE_CASTLE } shape;
    int kind; /* the moving (or dropped) piece's kind, 0 when not given */
    Cell from, to;
    char from_letter, to_letter;
    int from_number;
    bool capture;
    int promo;  /* kind promoted to, 0 when not given */
    int victim; /* the captured piece's kind when the text names it */
    int castle;
} Parsed;

typedef struct {
    Position *pos;
    char *err;
    int errlen;
    bool *warn;
} Ctx;

static enum parse_status fail(Ctx *c, enum parse_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->err, (size_t)c->errlen, fmt, ap);
    va_end(ap);
    return st;
}

/* A character no move has, named as char_quote names it ('é' (U+00E9)). */
static enum parse_status unexpected(Ctx *c, const char *q)
{
    char named[CHAR_QUOTE_MAX];
    char_quote(q, named, sizeof named);
    return fail(c, PARSE_MALFORMED, "unexpected %s", named);
}

static int kind_of_letter(const Variant *v, char ch)
{
    if ((unsigned char)ch > 127) return 0;
    return v->kind_of_letter[toupper((unsigned char)ch)];
}

/* Normalise: trim, en/em dashes to '-', drop annotation marks and e.p. notes. */
static void clean(const char *text, char *out, size_t len, bool *warn)
{
    size_t n = 0;
    while (*text == ' ' || *text == '\t') text++;
    for (const unsigned char *p = (const unsigned char *)text; *p && n + 1 < len; p++) {
        if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0x93 || p[2] == 0x94)) {
            out[n++] = '-';
            p += 2;
            continue;
        }
        out[n++] = (char)*p;
    }
    out[n] = 0;
    while (n && (out[n - 1] == ' ' || out[n - 1] == '\t')) out[--n] = 0;
    for (;;) {
        bool changed = false;
        while (n && strchr("+#!?", out[n - 1])) out[--n] = 0, changed = true;
        static const char *ep_marks[] = {"e.p.", "ep.", "e.p", "ep"};
        for (size_t i = 0; i < 4; i++) {
            size_t l = strlen(ep_marks[i]);
            if (n > l + 1 && !strcmp(out + n - l, ep_marks[i]) &&
                (isdigit((unsigned char)out[n - l - 1]) || out[n - l - 1] == ' ')) {
                n -= l;
                out[n] = 0;
                *warn = changed = true;
                break;
            }
        }
        while (n && (out[n - 1] == ' ' || out[n - 1] == '\t')) out[--n] = 0;
        if (!changed) break;
    }
}

static int scan_cell(Ctx *c, const char *s, Cell *out)
{
    return board_scan_cell(&c->pos->v->board, s, out);
}

/* A lower-case letter and digits that are not a cell of this board: name it in the error. */
static enum parse_status bad_cell(Ctx *c, const char *s)
{
    int n = 1;
    while (isdigit((unsigned char)s[n])) n++;
    return fail(c, PARSE_MALFORMED, "'%.*s' is not a cell of this board", n, s);
}

static enum parse_status parse_special(Ctx *c, const char *s, Parsed *p)
{
    const Variant *v = c->pos->v;
    const char *mark = strpbrk(s, "@*!~");
    if (strchr("@*", *mark)) {
        /* drop: letter, then @ or *, then a cell */
        if (mark != s + 1 || !isalpha((unsigned char)s[0]))
            return fail(c, PARSE_MALFORMED, "a drop is written like P@e4");
        p->shape = SHAPE_DROP;
        p->kind = kind_of_letter(v, s[0]);
        if (!p->kind) return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", s[0]);
        if (!mark[1]) return fail(c, PARSE_MALFORMED, "a cell is missing after '%c'", *mark);
        int n = scan_cell(c, mark + 1, &p->to);
        if (!n || isdigit((unsigned char)mark[1 + n])) return bad_cell(c, mark + 1);
        if (mark[1 + n])
            return fail(c, PARSE_MALFORMED, "unexpected '%s' after the cell", mark + 1 + n);
        return PARSE_OK;
    }
    /* K!Nd4, K!d4, !d4, !Nd4, Kc3!d4; G~e4, Gh2~e4 */
    p->shape = *mark == '!' ? SHAPE_RIFLE : SHAPE_EXCHANGE;
    const char *q = s;
    if (isupper((unsigned char)*q)) {
        p->kind = kind_of_letter(v, *q);
        if (!p->kind) return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", *q);
        q++;
    } else if (*mark == '~' && q == mark) {
        return fail(c, PARSE_MALFORMED, "a swap is written like G~e4 or h2~e4");
    }
    if (q < mark) {
        int n = scan_cell(c, q, &p->from);
        if (!n || q + n != mark)
            return fail(c, PARSE_MALFORMED, "unexpected '%.*s'", (int)(mark - q), q);
    }
    q = mark + 1;
    if (*mark == '!' && isupper((unsigned char)*q)) {
        p->victim = kind_of_letter(v, *q);
        if (!p->victim) return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", *q);
        q++;
    }
    int n = scan_cell(c, q, &p->to);
    if (!n || isdigit((unsigned char)q[n]))
        return *q ? bad_cell(c, q)
                  : fail(c, PARSE_MALFORMED, "a cell is missing after '%c'", *mark);
    if (q[n]) return fail(c, PARSE_MALFORMED, "unexpected '%s' after the cell", q + n);
    return PARSE_OK;
}

/* O-O and O-O-O (also written with zeros). */
static enum parse_status parse_castle(Ctx *c, const char *s, Parsed *p)
{
    const Variant *v = c->pos->v;
    p->shape = SHAPE_CASTLE;
    p->castle = -1;
    for (int i = 0; i < v->ncastles; i++)
        if (strlen(v->castle[i].name) == strlen(s)) p->castle = i;
    if (p->castle < 0) return fail(c, PARSE_ILLEGAL, "this variant has no castling %s", s);
    return PARSE_OK;
}

/* What a move's text names, collected as it is read: up to two cells, file letters and a
 * number of a half-named origin (Ngf3, R1e4). */
typedef struct {
    Cell cells[2];
    int ncells, nletters, nnumbers, number;
    char letters[2];
    bool after_x, after_cell;
    const char *last_cell; /* where the last cell read begins */
    const char *open_mark; /* a capture mark that no cell, file or victim has followed yet */
} Scan;

/* One piece letter inside the text: a promotion after the cell, or a named victim. */
static enum parse_status scan_letter(Ctx *c, const char *s, const char *q, Scan *sc, Parsed *p)
{
    int k = kind_of_letter(c->pos->v, *q);
    if (!k) return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", *q);
    if (q > s && q[-1] == 'x' && sc->after_x)
        p->victim = k, *c->warn = true, sc->open_mark = NULL; /* Qc3xBf9, f7g6xP: named */
    else if (sc->after_cell)
        p->promo = k;
    else
        return fail(c, PARSE_MALFORMED, "unexpected '%c'", *q);
    return PARSE_OK;
}

/* A lower-case letter that is no file of the board: at the start of the move, where a piece
 * letter would stand, it is most likely one written in lower case (nc3 for Nc3). */
static enum parse_status not_a_file(Ctx *c, const char *s, const char *q)
{
    const Variant *v = c->pos->v;
    if (q > s || !kind_of_letter(v, *q))
        return fail(c, PARSE_MALFORMED, "'%c' is not a file of this board", *q);
    return fail(c, PARSE_MALFORMED,
                "'%c' is not a file of this board; piece letters are upper case (%c%s)", *q,
                toupper((unsigned char)*q), q + 1);
}

/* A lower-case letter: a cell, or a file letter of a half-named origin. */
static enum parse_status scan_lower(Ctx *c, const char *s, const char **q, Scan *sc)
{
    Cell cell;
    int n = scan_cell(c, *q, &cell);
    if (n && isdigit((unsigned char)(*q)[n])) return bad_cell(c, *q); /* f12 is not f1 */
    if (n) {
        if (sc->ncells == 2) return fail(c, PARSE_MALFORMED, "more than two cells");
        sc->cells[sc->ncells++] = cell;
        sc->last_cell = *q;
        sc->open_mark = NULL;
        *q += n;
        sc->after_cell = true;
        return PARSE_OK;
    }
    if (isdigit((unsigned char)(*q)[1])) return bad_cell(c, *q);
    if (!strchr(c->pos->v->board.spec.letters, **q)) return not_a_file(c, s, *q);
    if (sc->nletters == 2) return fail(c, PARSE_MALFORMED, "unexpected '%c'", **q);
    sc->letters[sc->nletters++] = **q;
    sc->open_mark = NULL;
    (*q)++;
    return PARSE_OK;
}

/* A capture mark after the cell taken (Nc3x): read as a capture, it refused a knight's
 * quiet move as "no White Knight can capture on c3". The mark goes before the cell, in
 * place of a '-' there: the move is shown written so, when something stands before the
 * cell to put the mark after. */
static enum parse_status mark_after_cell(Ctx *c, const char *s, const Scan *sc)
{
    const char *cell = sc->last_cell, *mark = sc->open_mark, *head = cell;
    if (head > s && head[-1] == '-') head--;
    bool marked = head > s && (head[-1] == 'x' || head[-1] == ':');
    if (head == s) /* c3x: which pawn takes is not known, so no move to show */
        return fail(c, PARSE_MALFORMED,
                    "the capture mark '%c' goes before the cell taken, "
                    "after what takes (such as Nxc3 or bxc3), not after the cell",
                    *mark);
    return fail(c, PARSE_MALFORMED,
                "the capture mark '%c' goes before the cell taken, not after it (%.*s%.*s%.*s%s)",
                *mark, (int)(head - s), s, marked ? 0 : 1, mark, (int)(mark - cell), cell,
                mark + 1);
}

/* Read the text after the piece letter, character by character, into sc and p. */
static enum parse_status scan_move(Ctx *c, const char *s, const char *q, Scan *sc, Parsed *p)
{
    const Variant *v = c->pos->v;
    enum parse_status st;
    while (*q) {
        char ch = *q;
        Cell cell;
        if ((ch == 'x' || ch == ':') && !scan_cell(c, q, &cell)) {
            p->capture = sc->after_x = true;
            sc->open_mark = q++;
        } else if (ch == '-') {
            q++;
        } else if (ch == '=') {
            if (!isalpha((unsigned char)q[1]))
                return fail(c, PARSE_MALFORMED, "expected a piece letter after '='");
            p->promo = kind_of_letter(v, q[1]);
            if (!p->promo)
                return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", q[1]);
            q += 2;
        } else if (isupper((unsigned char)ch)) {
            if ((st = scan_letter(c, s, q, sc, p)) != PARSE_OK) return st;
            q++;
        } else if (islower((unsigned char)ch)) {
            if ((st = scan_lower(c, s, &q, sc)) != PARSE_OK) return st;
        } else if (isdigit((unsigned char)ch)) {
            if (sc->nnumbers || sc->ncells) return fail(c, PARSE_MALFORMED, "unexpected '%c'", ch);
            long rank = 0;
            if (number_scan(&q, MAX_CELL_NUMBER, &rank) == NUMBER_TOO_LARGE)
                return fail(c, PARSE_MALFORMED,
                            "number too large (the number of a cell is at most %d)",
                            MAX_CELL_NUMBER);
            sc->number = (int)rank;
            sc->nnumbers = 1;
        } else {
            return unexpected(c, q);
        }
    }
    if (sc->open_mark && sc->ncells) return mark_after_cell(c, s, sc);
    return PARSE_OK;
}

/* The origin and destination from what was read. */
static enum parse_status finish_move(Ctx *c, const Scan *sc, Parsed *p)
{
    p->shape = SHAPE_MOVE;
    if (sc->ncells == 2) {
        if (sc->nletters || sc->nnumbers)
            return fail(c, PARSE_MALFORMED, "unexpected text beside the two cells");
        p->from = sc->cells[0];
        p->to = sc->cells[1];
    } else if (sc->ncells == 1) {
        if (sc->nletters > 1) return fail(c, PARSE_MALFORMED, "unexpected '%c'", sc->letters[1]);
        p->from_letter = sc->letters[0];
        p->from_number = sc->number;
        p->to = sc->cells[0];
    } else if (sc->nletters == 2 && p->capture && !p->kind && !sc->nnumbers) {
        p->from_letter = sc->letters[0]; /* fxe: a pawn capture naming files only */
        p->to_letter = sc->letters[1];
        *c->warn = true;
    } else {
        return fail(c, PARSE_MALFORMED, "no destination cell");
    }
    return PARSE_OK;
}

static enum parse_status parse_text(Ctx *c, const char *s, Parsed *p)
{
    const Variant *v = c->pos->v;
    memset(p, 0, sizeof *p);
    if (!*s) return fail(c, PARSE_MALFORMED, "empty move");
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0") || !strcmp(s, "O-O-O") || !strcmp(s, "0-0-0"))
        return parse_castle(c, s, p);
    if (strpbrk(s, "@*!~")) return parse_special(c, s, p);
    Scan sc;
    memset(&sc, 0, sizeof sc);
    const char *q = s;
    if (isupper((unsigned char)*q)) {
        p->kind = kind_of_letter(v, *q);
        if (!p->kind) return fail(c, PARSE_MALFORMED, "'%c' is not a piece of this variant", *q);
        q++;
    }
    enum parse_status st = scan_move(c, s, q, &sc, p);
    return st != PARSE_OK ? st : finish_move(c, &sc, p);
}

static bool is_capture(const Position *pos, Move m)
{
    return m.kind == MOVE_EP || m.kind == MOVE_RIFLE ||
           ((m.kind == MOVE_NORMAL || m.kind == MOVE_DOUBLE) && pos->board[m.to]);
}

static int victim_kind(const Position *pos, Move m)
{
    Cell c = m.kind == MOVE_EP ? m.extra : m.to;
    return pos->board[c] ? PIECE_KIND(pos->board[c]) : 0;
}

/* Whether a legal move fits what the text says, leaving promotion aside. */
static bool fits(const Position *pos, const Parsed *p, Move m)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    switch (p->shape) {
    case SHAPE_CASTLE: return m.kind == MOVE_CASTLE && m.promo == p->castle;
    case SHAPE_DROP: return m.kind == MOVE_DROP && m.promo == p->kind && m.to == p->to;
    case SHAPE_RIFLE:
    case SHAPE_EXCHANGE:
        if (m.kind != (p->shape == SHAPE_RIFLE ? MOVE_RIFLE : MOVE_EXCHANGE) || m.to != p->to)
            return false;
        if (p->kind && PIECE_KIND(pos->board[m.from]) != p->kind) return false;
        if (p->from && m.from != p->from) return false;
        return !p->victim || victim_kind(pos, m) == p->victim;
    case SHAPE_MOVE: break;
    }
    if (m.kind == MOVE_DROP || m.kind == MOVE_RIFLE || m.kind == MOVE_EXCHANGE) return false;
    if (p->from && m.from != p->from) return false;
    if (p->to && m.to != p->to) return false;
    if (p->to_letter && b->name[m.to][0] != p->to_letter) return false;
    if (p->from_letter && b->name[m.from][0] != p->from_letter) return false;
    if (p->from_number && number_part(b->name[m.from]) != p->from_number) return false;
    int kind = PIECE_KIND(pos->board[m.from]);
    if (p->kind && kind != p->kind) return false;
    /* SAN without a piece letter and without an origin cell means a pawn */
    if (!p->kind && !p->from && !v->type[kind].pawn) return false;
    if (m.kind == MOVE_CASTLE) return p->from && p->to && !p->capture;
    if (p->capture && !is_capture(pos, m)) return false;
    if (p->victim && victim_kind(pos, m) != p->victim) return false;
    return true;
}

/* Moves in the order a player reads them: numbers as numbers (a8 a9 a13, not a13 a8 a9). */
int move_text_cmp(const void *a, const void *b)
{
    const char *p = a, *q = b;
    while (*p && *q) {
        if (isdigit((unsigned char)*p) && isdigit((unsigned char)*q)) {
            char *pe, *qe;
            long x = strtol(p, &pe, 10), y = strtol(q, &qe, 10);
            if (x != y) return x < y ? -1 : 1;
            p = pe, q = qe;
            continue;
        }
        if (*p != *q) return (unsigned char)*p - (unsigned char)*q;
        p++, q++;
    }
    return (unsigned char)*p - (unsigned char)*q;
}

/* The moves sel[0..n-1] after out, in the order the moves command lists them. */
static void list_moves(Position *pos, const MoveList *ml, const Move *sel, int n, char *out,
                       size_t len)
{
    static char texts[MAX_MOVES][MOVE_TEXT_MAX]; /* (too big for a thread's stack; errors are
                                                  * made by the thread reading input) */
    size_t used = strlen(out);
    for (int i = 0; i < n; i++) san_with(pos, sel[i], ml, texts[i]);
    qsort(texts, (size_t)n, MOVE_TEXT_MAX, move_text_cmp);
    for (int i = 0; i < n && used + MOVE_TEXT_MAX + 8 < len; i++)
        used += (size_t)snprintf(out + used, len - used, "%s%s", i ? " " : "", texts[i]);
}

void move_none_text(const Position *pos, Cell from, char *out, size_t len)
{
    snprintf(out, len, "the %s on %s has no legal move",
             pos->v->type[PIECE_KIND(pos->board[from])].name, cell_name(pos, from));
}

static const char *kind_name(const Position *pos, int kind)
{
    return kind ? pos->v->type[kind].name : "pawn";
}

/* The name of the variant's pawn, when it has exactly one kind of pawn. */
static const char *pawn_name(const Variant *v)
{
    const char *name = NULL;
    for (int k = 1; k <= v->ntypes; k++)
        if (v->type[k].pawn) {
            if (name) return "pawn";
            name = v->type[k].name;
        }
    return name ? name : "pawn";
}

static enum parse_status explain_illegal(Ctx *c, const Parsed *p, const MoveList *ml)
{
    Position *pos = c->pos;
    const Variant *v = pos->v;
    const char *side = v->player_name[pos->stm];
    Move sel[MAX_MOVES];
    int n = 0;
    char list[NOTE_ERR_MAX] = "";
    if (p->shape == SHAPE_CASTLE)
        return fail(c, PARSE_ILLEGAL, "castling %s is not legal now", v->castle[p->castle].name);
    if (p->shape == SHAPE_DROP) {
        if (!pos->hand[pos->stm][p->kind])
            return fail(c, PARSE_ILLEGAL, "%s has no %s in hand", side, v->type[p->kind].name);
        return fail(c, PARSE_ILLEGAL, "a %s cannot be dropped on %s", v->type[p->kind].name,
                    cell_name(pos, p->to));
    }
    if (p->shape == SHAPE_RIFLE)
        return fail(c, PARSE_ILLEGAL, "no %s piece can capture on %s without moving", side,
                    cell_name(pos, p->to));
    if (p->shape == SHAPE_EXCHANGE)
        return fail(c, PARSE_ILLEGAL, "no %s piece can swap places with the piece on %s", side,
                    cell_name(pos, p->to));
    if (p->from) {
        Piece pc = pos->board[p->from];
        if (!pc || PIECE_OWNER(pc) != pos->stm)
            return fail(c, PARSE_ILLEGAL, "%s has no piece on %s", side, cell_name(pos, p->from));
        for (int i = 0; i < ml->n; i++)
            if (ml->m[i].from == p->from) sel[n++] = ml->m[i];
        if (!n) {
            move_none_text(pos, p->from, c->err, (size_t)c->errlen);
            return PARSE_ILLEGAL;
        }
        list_moves(pos, ml, sel, n, list, sizeof list);
        return fail(c, PARSE_ILLEGAL, "the %s on %s cannot do that; its legal moves: %s",
                    v->type[PIECE_KIND(pc)].name, cell_name(pos, p->from), list);
    }
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE) continue;
        int k = PIECE_KIND(pos->board[m.from]);
        if (p->kind ? k == p->kind : v->type[k].pawn) sel[n++] = m;
    }
    const char *what = p->kind ? kind_name(pos, p->kind) : pawn_name(v);
    char file[16], from[48] = "";
    snprintf(file, sizeof file, "file %c", p->to_letter ? p->to_letter : '?');
    const char *where = p->to ? cell_name(pos, p->to) : file;
    if (!n) return fail(c, PARSE_ILLEGAL, "no %s %s can move", side, what);
    /* a half-named origin (bc4, N1e4): the pieces it names cannot, others may */
    if (p->from_letter && p->from_number)
        snprintf(from, sizeof from, " on %c%d", p->from_letter, p->from_number);
    else if (p->from_letter)
        snprintf(from, sizeof from, " on file %c", p->from_letter);
    else if (p->from_number)
        snprintf(from, sizeof from, " on rank %d", p->from_number);
    list_moves(pos, ml, sel, n, list, sizeof list);
    return fail(c, PARSE_ILLEGAL, "no %s %s%s can %s %s; legal %s moves: %s", side, what, from,
                p->capture ? "capture on" : "go to", where, what, list);
}

enum parse_status move_parse(Position *pos, const char *text, Move *out, char *err, int errlen,
                             bool *warn)
{
    char s[128];
    Parsed p;
    bool dummy = false;
    Ctx c = {pos, err, errlen, warn ? warn : &dummy};
    *c.warn = false;
    err[0] = 0;
    clean(text, s, sizeof s, c.warn);
    enum parse_status st = parse_text(&c, s, &p);
    if (st != PARSE_OK) return st;

    MoveList ml;
    gen_legal(pos, &ml);
    Move sel[MAX_MOVES];
    int n = 0;
    for (int i = 0; i < ml.n; i++)
        if (fits(pos, &p, ml.m[i])) sel[n++] = ml.m[i];
    if (!n) {
        /* a move the piece could make, but not legally: say so, not "cannot go there" */
        MoveList pseudo;
        gen_pseudo(pos, &pseudo);
        for (int i = 0; i < pseudo.n; i++)
            if (fits(pos, &p, pseudo.m[i])) {
                const Variant *v = pos->v;
                int us = pos->stm, royal = PIECE_KIND(pos->board[pos->royal[us]]);
                return fail(&c, PARSE_ILLEGAL, "that would leave %s's %s in check",
                            v->player_name[us], v->type[royal].name);
            }
        return explain_illegal(&c, &p, &ml);
    }

    /* promotion: the letter must match; without one, only non-promoting moves fit, unless
     * every fitting move promotes to the same single piece (a forced promotion) */
    Move keep[MAX_MOVES];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (sel[i].kind == MOVE_DROP || sel[i].kind == MOVE_CASTLE ? true : sel[i].promo == p.promo)
            keep[k++] = sel[i];
    if (!k && !p.promo) {
        bool single = true;
        for (int i = 1; i < n; i++)
            single &= sel[i].promo == sel[0].promo && sel[i].from == sel[0].from &&
                      sel[i].to == sel[0].to;
        if (single) keep[k++] = sel[0];
    }
    if (!k) {
        char list[NOTE_ERR_MAX] = "";
        list_moves(pos, &ml, sel, n, list, sizeof list);
        if (p.promo)
            return fail(&c, PARSE_ILLEGAL, "cannot promote to %s here; the moves are: %s",
                        pos->v->type[p.promo].name, list);
        return fail(&c, PARSE_AMBIGUOUS, "'%s' must say what to promote to: %s", s, list);
    }
    if (k > 1) {
        char list[NOTE_ERR_MAX] = "";
        list_moves(pos, &ml, keep, k, list, sizeof list);
        return fail(&c, PARSE_AMBIGUOUS, "'%s' is ambiguous: %s", s, list);
    }
    *out = keep[0];
    return PARSE_OK;
}
