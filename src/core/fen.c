/* fen.c — reading and writing position strings (grammar in cellmate-variants(5)).
 *
 *   BOARD SIDE [CASTLING] [EP] [FRESH] [HANDS] [POOLS] [OUT] HALFMOVE MOVE
 *
 * A bracketed field is present exactly when the variant uses that state, so a string always
 * has the same number of fields for one variant. Empty fields are "-". */
#include "fen.h"
#include "char_quote.h"
#include "movegen.h"
#include "number.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fen_piece(const Variant *v, Piece p, char *out)
{
    int owner = PIECE_OWNER(p);
    char letter = v->type[PIECE_KIND(p)].letter;
    if (v->nplayers == 2) {
        out[0] = owner == 0 ? letter : (char)tolower((unsigned char)letter);
        out[1] = 0;
        return 1;
    }
    out[0] = v->player_letter[owner];
    out[1] = letter;
    out[2] = 0;
    return 2;
}

typedef struct {
    char *s;
    size_t len, n;
} Buf;

static void put(Buf *b, const char *t)
{
    while (*t && b->n + 1 < b->len) b->s[b->n++] = *t++;
    b->s[b->n] = 0;
}

static void put_counts(Buf *b, const Variant *v, const uint8_t (*counts)[MAX_TYPES])
{
    size_t start = b->n;
    char pc[4];
    for (int p = 0; p < v->nplayers; p++)
        for (int k = 1; k <= v->ntypes; k++)
            for (int i = 0; i < counts[p][k]; i++) {
                fen_piece(v, MAKE_PIECE(p, k), pc);
                put(b, pc);
            }
    if (b->n == start) put(b, "-");
}

void fen_write(const Position *pos, char *out, size_t len)
{
    const Variant *v = pos->v;
    const Board *bd = &v->board;
    Buf b = {out, len, 0};
    char tmp[64];
    int empty = 0;
    out[0] = 0;
    for (int c = 1; c <= bd->ncells; c++) {
        if (c > 1 && bd->row[c] != bd->row[c - 1]) {
            if (empty) snprintf(tmp, sizeof tmp, "%d", empty), put(&b, tmp), empty = 0;
            put(&b, "/");
        }
        Piece p = pos->board[c];
        if (!p) {
            empty++;
            continue;
        }
        if (empty) snprintf(tmp, sizeof tmp, "%d", empty), put(&b, tmp), empty = 0;
        fen_piece(v, p, tmp);
        put(&b, tmp);
    }
    if (empty) snprintf(tmp, sizeof tmp, "%d", empty), put(&b, tmp);
    snprintf(tmp, sizeof tmp, " %c", v->player_letter[pos->stm]);
    put(&b, tmp);
    if (v->ncastles) {
        size_t start = b.n;
        put(&b, " ");
        for (int p = 0; p < v->nplayers; p++)
            for (int i = 0; i < v->ncastles; i++) {
                if (!(pos->castling & (1u << (i * MAX_PLAYERS + p)))) continue;
                char k = strcmp(v->castle[i].name, "O-O") ? 'Q' : 'K';
                if (v->nplayers == 2) {
                    tmp[0] = p ? (char)tolower(k) : k;
                    tmp[1] = 0;
                } else {
                    snprintf(tmp, sizeof tmp, "%c%c", v->player_letter[p], k);
                }
                put(&b, tmp);
            }
        if (b.n == start + 1) put(&b, "-");
    }
    if (v->has_ep) {
        bool any = false;
        put(&b, " ");
        for (int p = 0; p < v->nplayers; p++) {
            if (!pos->ep[p].passed) continue;
            snprintf(tmp, sizeof tmp, "%s%s:%s", any ? "," : "", bd->name[pos->ep[p].passed],
                     bd->name[pos->ep[p].landed]);
            put(&b, tmp);
            any = true;
        }
        if (!any) put(&b, "-");
    }
    if (v->has_fresh) {
        bool any = false;
        put(&b, " ");
        for (int c = 1; c <= bd->ncells; c++)
            if (pos->board[c] & PIECE_FRESH) {
                snprintf(tmp, sizeof tmp, "%s%s", any ? "," : "", bd->name[c]);
                put(&b, tmp);
                any = true;
            }
        if (!any) put(&b, "-");
    }
    if (v->has_hands) put(&b, " "), put_counts(&b, v, pos->hand);
    if (v->has_pools) put(&b, " "), put_counts(&b, v, pos->pool);
    if (v->nplayers > 2) {
        put(&b, " ");
        for (int i = 0; i < pos->nout; i++) {
            tmp[0] = v->player_letter[pos->out[i]];
            tmp[1] = 0;
            put(&b, tmp);
        }
        if (!pos->nout) put(&b, "-");
    }
    snprintf(tmp, sizeof tmp, " %d %d", pos->halfmove, pos->fullmove);
    put(&b, tmp);
}

/* --- reading ------------------------------------------------------------------------------ */

typedef struct {
    const char *start, *p;
    char *err;
    int errlen;
    bool failed;
    char quote[CHAR_QUOTE_MAX]; /* the character an error names */
} Reader;

/* The character at s as an error names it: "'x'", or "'é' (U+00E9)" (char_quote.h). */
static const char *quoted(Reader *r, const char *s)
{
    char_quote(s, r->quote, sizeof r->quote);
    return r->quote;
}

static bool bad(Reader *r, const char *at, const char *fmt, const char *arg)
{
    if (r->failed) return false;
    char msg[200];
    snprintf(msg, sizeof msg, fmt, arg);
    snprintf(r->err, r->errlen, "column %d: %s", (int)(at - r->start) + 1, msg);
    r->failed = true;
    return false;
}

static bool too_many_pieces(Reader *r, const char *at)
{
    char msg[64];
    snprintf(msg, sizeof msg, "more than %d pieces in all", MAX_PIECES);
    return bad(r, at, "%s", msg);
}

static int player_of_letter(const Variant *v, char c)
{
    for (int p = 0; p < v->nplayers; p++)
        if (v->player_letter[p] == c) return p;
    return -1;
}

/* Parse one piece at *s; returns its length, 0 on error. */
static int read_piece(Reader *r, const Variant *v, const char *s, Piece *out)
{
    int owner, len;
    char letter;
    if (v->nplayers == 2) {
        if (!isalpha((unsigned char)s[0])) return 0;
        owner = islower((unsigned char)s[0]) ? 1 : 0;
        letter = (char)toupper((unsigned char)s[0]);
        len = 1;
    } else {
        owner = player_of_letter(v, s[0]);
        if (owner < 0) {
            bad(r, s, "%s is not a side letter", quoted(r, s));
            return 0;
        }
        letter = s[1];
        len = 2;
    }
    int k = isupper((unsigned char)letter) ? v->kind_of_letter[(int)letter] : 0;
    if (!k) {
        bad(r, s + len - 1, "%s is not a piece letter of this variant",
            s[len - 1] ? quoted(r, s + len - 1) : "'?'");
        return 0;
    }
    *out = MAKE_PIECE(owner, k);
    return len;
}

static const char *field_end(const char *s)
{
    while (*s && *s != ' ') s++;
    return s;
}

static bool read_board(Reader *r, Position *pos, const char *s, const char *end)
{
    const Variant *v = pos->v;
    const Board *b = &v->board;
    int c = 1, row = 0;
    while (s < end) {
        if (*s == '/') {
            if (c > b->ncells || b->row[c] != row + 1) {
                char msg[80];
                if (c > b->ncells) /* every cell given: a row too many */
                    snprintf(msg, sizeof msg, "more than the board's %d rows", row + 1);
                else
                    snprintf(msg, sizeof msg, "'/' before row %d of the board is complete",
                             row + 1);
                return bad(r, s, "%s", msg);
            }
            row++;
            s++;
            continue;
        }
        if (isdigit((unsigned char)*s)) {
            long n = 0;
            const char *at = s;
            if (number_scan_to(&s, end, MAX_CELLS, &n) == NUMBER_TOO_LARGE)
                return bad(r, at, "%s", "a run of empty cells: number too large");
            if (n == 0 || c + n - 1 > b->ncells)
                return bad(r, at, "%s empty cells run past the end of the board", "too many");
            for (int i = 0; i < n; i++, c++)
                if (b->row[c] != row) return bad(r, at, "%s", "row too long");
            continue;
        }
        Piece p;
        int len = read_piece(r, v, s, &p);
        if (!len) return r->failed ? false : bad(r, s, "unexpected %s in the board", quoted(r, s));
        if (c > b->ncells) return bad(r, s, "%s", "more cells than the board has");
        if (b->row[c] != row) return bad(r, s, "%s", "row too long");
        pos->board[c++] = p;
        s += len;
    }
    if (c != b->ncells + 1) {
        char msg[64];
        snprintf(msg, sizeof msg, "the board has %d cells, the string gives %d", b->ncells, c - 1);
        return bad(r, end, "%s", msg);
    }
    return true;
}

static bool read_counts(Reader *r, Position *pos, const char *s, const char *end,
                        uint8_t (*counts)[MAX_TYPES])
{
    if (end - s == 1 && *s == '-') return true;
    while (s < end) {
        Piece p;
        int len = read_piece(r, pos->v, s, &p);
        if (!len) return r->failed ? false : bad(r, s, "expected a piece, found %s", quoted(r, s));
        if (counts[PIECE_OWNER(p)][PIECE_KIND(p)] == MAX_PIECES) return too_many_pieces(r, s);
        counts[PIECE_OWNER(p)][PIECE_KIND(p)]++;
        s += len;
    }
    return true;
}

static bool read_cell(Reader *r, const Board *b, const char **s, const char *end, Cell *out)
{
    char name[CELL_NAME_MAX];
    int n = 0;
    const char *at = *s;
    while (*s < end && n < CELL_NAME_MAX - 1 && isalnum((unsigned char)**s)) name[n++] = *(*s)++;
    name[n] = 0;
    if (!n && at < end) return bad(r, at, "expected a cell, found %s", quoted(r, at));
    *out = board_cell(b, name);
    if (!*out) return bad(r, at, "'%s' is not a cell of this board", name);
    return true;
}

/* The field from s to end as an error quotes it: one character as quoted() names it (with
 * its code point beyond ASCII), a longer field as its first 15 bytes at most, cut between
 * characters, never inside one. */
static const char *field_quoted(Reader *r, const char *s, const char *end)
{
    if (char_quote(s, r->quote, sizeof r->quote) == end - s) return r->quote;
    int shown = end - s > 15 ? 15 : (int)(end - s);
    while (shown > 0 && shown < end - s && (s[shown] & 0xC0) == 0x80) shown--;
    snprintf(r->quote, sizeof r->quote, "'%.*s%s'", shown, s, shown < end - s ? "..." : "");
    return r->quote;
}

static bool read_int(Reader *r, const char *s, const char *end, int lo, int *out)
{
    const char *e = s;
    long n = 0;
    enum number_status st = number_scan_to(&e, end, 100000, &n);
    if (st == NUMBER_TOO_LARGE) return bad(r, s, "%s: number too large", field_quoted(r, s, end));
    if (st == NUMBER_OK && e == end && n < lo) {
        char msg[80];
        snprintf(msg, sizeof msg, "the move number starts at %d, not %ld", lo, n);
        return bad(r, s, "%s", msg);
    }
    if (st != NUMBER_OK || e != end || n < lo)
        return bad(r, s, "expected a number, found %s", field_quoted(r, s, end));
    *out = (int)n;
    return true;
}

/* The fields of a position string, at most 12: their starts and ends. */
static bool split_fields(Reader *r, const char *fen, const char **f, const char **fe, int *nf)
{
    const char *s = fen;
    *nf = 0;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        if (*nf == 12) return bad(r, s, "%s", "too many fields");
        f[*nf] = s;
        s = field_end(s);
        fe[(*nf)++] = s;
    }
    return true;
}

/* The number of fields this variant's strings have, or an error naming them. */
static bool check_field_count(Reader *r, const Variant *v, const char *fen, const char **f,
                              const char **fe, int nf)
{
    int want = 4 + (v->ncastles > 0) + v->has_ep + v->has_fresh + v->has_hands + v->has_pools +
               (v->nplayers > 2);
    if (nf == want) return true;
    /* a space beyond ASCII (a no-break space pasted from a page) splits no field: name it */
    for (const char *c = fen; *c; c++)
        if (*c & 0x80)
            return bad(r, c,
                       "unexpected %s (a position string is plain ASCII, its fields "
                       "separated by spaces)",
                       quoted(r, c));
    char msg[160];
    snprintf(msg, sizeof msg,
             "expected %d fields (board, side to move,%s%s%s%s%s%s half-move clock, move "
             "number), found %d",
             want, v->ncastles ? " castling," : "", v->has_ep ? " en passant," : "",
             v->has_fresh ? " fresh pieces," : "", v->has_hands ? " hands," : "",
             v->has_pools ? " pools," : "", v->nplayers > 2 ? " players out," : "", nf);
    return bad(r, nf > want ? f[want] : nf ? fe[nf - 1] : fen, "%s", msg);
}

static bool read_side(Reader *r, Position *pos, const char *s, const char *end)
{
    if (end - s != 1 || player_of_letter(pos->v, *s) < 0)
        return bad(r, s, "expected the side to move, found %s", field_quoted(r, s, end));
    pos->stm = (uint8_t)player_of_letter(pos->v, *s);
    return true;
}

static bool read_castling(Reader *r, Position *pos, const char *p, const char *end)
{
    const Variant *v = pos->v;
    if (end - p == 1 && *p == '-') return true;
    while (p < end) {
        int owner = 0;
        char k;
        if (v->nplayers == 2) {
            owner = islower((unsigned char)*p) ? 1 : 0;
            k = (char)toupper((unsigned char)*p++);
        } else {
            owner = player_of_letter(v, *p++);
            k = p < end ? *p++ : 0;
        }
        int ci = -1;
        for (int j = 0; j < v->ncastles; j++)
            if ((k == 'K') == !strcmp(v->castle[j].name, "O-O") && (k == 'K' || k == 'Q')) ci = j;
        if (owner < 0 || ci < 0 || !v->castle[ci].defined[owner])
            return bad(r, p - 1, "%s is not a castling right of this variant", quoted(r, p - 1));
        /* a right needs its royal piece and a piece of its own on the rook's cell */
        const Castle *cs = &v->castle[ci];
        if (!pos_castle_ready(pos, ci, owner)) {
            char msg[160];
            snprintf(msg, sizeof msg,
                     "castling right '%.1s' without %s's royal piece on %s and a piece on %s",
                     p - 1, v->player_name[owner], v->board.name[cs->king_from[owner]],
                     v->board.name[cs->rook_from[owner]]);
            return bad(r, p - 1, "%s", msg);
        }
        pos->castling |= (uint16_t)(1u << (ci * MAX_PLAYERS + owner));
    }
    return true;
}

static bool read_ep(Reader *r, Position *pos, const char *p, const char *end)
{
    const Variant *v = pos->v;
    if (end - p == 1 && *p == '-') return true;
    while (p < end) {
        Cell passed, landed;
        const char *start = p;
        if (!read_cell(r, &v->board, &p, end, &passed)) return false;
        if (p >= end || *p != ':')
            return bad(r, p, "%s", "expected ':' and the cell the pawn landed on");
        p++;
        if (!read_cell(r, &v->board, &p, end, &landed)) return false;
        Piece lp = pos->board[landed];
        if (!lp || !v->type[PIECE_KIND(lp)].en_passant || pos->board[passed])
            return bad(r, start, "%s",
                       "no en passant right here: the landing cell must hold a pawn and "
                       "the passed cell must be empty");
        pos->ep[PIECE_OWNER(lp)] = (EpRight){passed, landed};
        if (p < end && *p == ',') p++;
    }
    return true;
}

static bool read_fresh(Reader *r, Position *pos, const char *p, const char *end)
{
    if (end - p == 1 && *p == '-') return true;
    while (p < end) {
        Cell c;
        if (!read_cell(r, &pos->v->board, &p, end, &c)) return false;
        if (!pos->board[c]) return bad(r, p - 1, "%s", "a fresh mark on an empty cell");
        pos->board[c] |= PIECE_FRESH;
        if (p < end && *p == ',') p++;
    }
    return true;
}

static bool read_out(Reader *r, Position *pos, const char *p, const char *end)
{
    if (end - p == 1 && *p == '-') return true;
    for (; p < end; p++) {
        int q = player_of_letter(pos->v, *p);
        if (q < 0 || !(pos->alive & (1u << q)))
            return bad(r, p, "%s is not a player still in", quoted(r, p));
        pos->alive &= (uint8_t) ~(1u << q);
        pos->out[pos->nout++] = (uint8_t)q;
    }
    return true;
}

/* More pieces than the setup's may give a player more moves than a list holds (the
 * variant's move bound counts the setup's pieces): such a position is refused, as such a
 * variant is, rather than have moves left out. */
static bool check_move_bound(Reader *r, const Position *pos, const char *fen)
{
    const Variant *v = pos->v;
    for (int p = 0; p < v->nplayers; p++) {
        int pieces = variant_pieces(v, p, pos->board, pos->hand);
        int most = variant_move_bound(v, p, pieces, pos->hand[p]);
        if (most > MAX_MOVES) {
            char msg[200];
            snprintf(msg, sizeof msg,
                     "%s could have up to %d moves here, more than the %d cellmate keeps "
                     "(fewer pieces would do)",
                     v->player_name[p], most, MAX_MOVES);
            return bad(r, fen, "%s", msg);
        }
    }
    return true;
}

/* Every player still in has exactly one royal piece; nobody out has pieces; not too many. */
static bool check_pieces(Reader *r, Position *pos, const char *fen)
{
    const Variant *v = pos->v;
    int pieces = 0;
    for (int o = 0; o < v->nplayers; o++)
        for (int k = 1; k <= v->ntypes; k++) pieces += pos->hand[o][k] + pos->pool[o][k];
    for (int c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (!p) continue;
        if (++pieces > MAX_PIECES) return too_many_pieces(r, fen);
        int o = PIECE_OWNER(p);
        if (!(pos->alive & (1u << o)))
            return bad(r, fen, "%s", "a player who is out still has pieces on the board");
        if (v->type[PIECE_KIND(p)].royal) {
            if (pos->royal[o]) {
                char msg[96];
                snprintf(msg, sizeof msg, "%s has two royal pieces", v->player_name[o]);
                return bad(r, fen, "%s", msg);
            }
            pos->royal[o] = (Cell)c;
        }
    }
    for (int o = 0; o < v->nplayers; o++)
        if ((pos->alive & (1u << o)) && !pos->royal[o]) {
            char msg[96];
            snprintf(msg, sizeof msg, "%s has no royal piece", v->player_name[o]);
            return bad(r, fen, "%s", msg);
        }
    return check_move_bound(r, pos, fen);
}

/* With two players, the one who has just moved is not left in check: the side to move could
 * take its royal piece, which no game reaches. (With three, a player taken out can leave the
 * next one facing a royal piece it never had to answer for: such positions are reached.) */
static bool check_not_left(Reader *r, const Position *pos, const char *at)
{
    const Variant *v = pos->v;
    if (v->nplayers != 2) return true;
    for (int q = 0; q < v->nplayers; q++) {
        if (q == pos->stm || !(pos->alive & (1u << q)) || checker_of(pos, q) != pos->stm) continue;
        if (!attacked_by(pos, pos->royal[q], pos->stm)) continue;
        char msg[200];
        snprintf(msg, sizeof msg, "%s is in check with %s to move, who could take its royal piece",
                 v->player_name[q], v->player_name[pos->stm]);
        return bad(r, at, "%s", msg);
    }
    return true;
}

bool fen_read(Position *out, const Variant *v, const char *fen, char *err, int errlen)
{
    Position pos;
    Reader r = {fen, fen, err, errlen, false, ""};
    const char *f[12], *fe[12];
    int nf = 0, i = 0;
    memset(&pos, 0, sizeof pos);
    pos.v = v;
    pos.alive = (uint8_t)((1u << v->nplayers) - 1);
    if (!split_fields(&r, fen, f, fe, &nf) || !check_field_count(&r, v, fen, f, fe, nf))
        return false;
    /* the fields in order, each present when the variant uses what it records */
    if (!read_board(&r, &pos, f[i], fe[i])) return false;
    i++;
    if (!read_side(&r, &pos, f[i], fe[i])) return false;
    i++;
    if (v->ncastles && !read_castling(&r, &pos, f[i], fe[i])) return false;
    i += v->ncastles > 0;
    if (v->has_ep && !read_ep(&r, &pos, f[i], fe[i])) return false;
    i += v->has_ep;
    if (v->has_fresh && !read_fresh(&r, &pos, f[i], fe[i])) return false;
    i += v->has_fresh;
    if (v->has_hands && !read_counts(&r, &pos, f[i], fe[i], pos.hand)) return false;
    i += v->has_hands;
    if (v->has_pools && !read_counts(&r, &pos, f[i], fe[i], pos.pool)) return false;
    i += v->has_pools;
    if (v->nplayers > 2 && !read_out(&r, &pos, f[i], fe[i])) return false;
    i += v->nplayers > 2;
    if (!read_int(&r, f[i], fe[i], 0, &pos.halfmove)) return false;
    i++;
    if (!read_int(&r, f[i], fe[i], 1, &pos.fullmove)) return false;
    if (!check_pieces(&r, &pos, fen)) return false;
    if (!(pos.alive & (1u << pos.stm)))
        return bad(&r, f[1], "%s", "the side to move is out of the game");
    if (!check_not_left(&r, &pos, f[1])) return false;
    zobrist_init(v->board.ncells);
    pos.hash = pos_compute_hash(&pos);
    *out = pos;
    return true;
}
