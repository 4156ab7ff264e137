/* lint.c — the variant linter: a file can load and still describe a game nobody meant. Each
 * check here looks for one such mistake in the compiled variant and reports it in a line:
 * a capture or a check possible at the first move, royal pieces that can multiply or vanish,
 * end rules that do nothing, a promotion zone a piece can never reach, an array or zones
 * that break the symmetry the file declares, a piece that can never move or never appears,
 * a castling whose pieces the array does not put in place or that keeps no cell safe, and
 * a zone nothing uses or without a cell. */
#include "lint.h"

#include "movegen.h"
#include "symmetry.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The checks, by the names [variant] lint_accept uses to accept their findings. */
enum check {
    FIRST_CAPTURE,
    FIRST_CHECK,
    ROYAL,
    END_RULES,
    PROMOTION_REACH,
    SYMMETRY,
    NEVER_APPEARS,
    NEVER_MOVES,
    CASTLING,
    UNUSED_ZONE,
    EMPTY_ZONE,
    NCHECKS
};
static const char *check_names[NCHECKS] = {
    "first-capture", "first-check", "royal",    "end-rules",   "promotion-reach", "symmetry",
    "never-appears", "never-moves", "castling", "unused-zone", "empty-zone",
};

typedef struct {
    const Variant *v;
    LintReport report;
    void *ctx;
    int n;
    bool accepted[NCHECKS];
} Lint;

__attribute__((format(printf, 3, 4))) static void say(Lint *l, enum check what, const char *fmt,
                                                      ...)
{
    char msg[512];
    va_list ap;
    if (l->accepted[what]) return;
    va_start(ap, fmt);
    int n = vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof msg)
        snprintf(msg + n, sizeof msg - (size_t)n, " [%s]", check_names[what]);
    l->report(l->ctx, msg);
    l->n++;
}

/* [variant] lint_accept: the names of checks whose findings the designer has accepted. */
static void read_accepted(Lint *l)
{
    const char *s = l->v->lint_accept;
    while (*s) {
        size_t n = strcspn(s, " \t,");
        int i = 0;
        while (i < NCHECKS && (strlen(check_names[i]) != n || strncmp(s, check_names[i], n))) i++;
        if (i < NCHECKS) {
            l->accepted[i] = true;
        } else if (n) {
            char msg[512];
            int k = snprintf(msg, sizeof msg, "lint_accept names no check '%.*s' (the checks:",
                             (int)(n < 40 ? n : 40), s);
            for (int j = 0; j < NCHECKS && k > 0 && (size_t)k < sizeof msg; j++)
                k += snprintf(msg + k, sizeof msg - (size_t)k, " %s", check_names[j]);
            if (k > 0 && (size_t)k < sizeof msg) snprintf(msg + k, sizeof msg - (size_t)k, ")");
            l->report(l->ctx, msg);
            l->n++;
        }
        s += n;
        while (*s == ' ' || *s == '\t' || *s == ',') s++;
    }
}

static const char *cell_name(const Variant *v, Cell c)
{
    return v->board.name[c];
}

/* --- the first move ------------------------------------------------------------------------ */

static bool is_capture(const Position *pos, Move m)
{
    if (m.kind == MOVE_EP || m.kind == MOVE_RIFLE) return true;
    if (m.kind != MOVE_NORMAL && m.kind != MOVE_DOUBLE) return false;
    return pos->board[m.to] && PIECE_OWNER(pos->board[m.to]) != pos->stm;
}

/* Each player, as if it moved first: a capture or a check at once means the armies already
 * touch (pieces placed within reach, or a line left open). */
static void check_first_move(Lint *l)
{
    const Variant *v = l->v;
    Position *start = malloc(sizeof *start);
    MoveList *list = malloc(sizeof *list);
    Undo *u = malloc(sizeof *u);
    if (!start || !list || !u) goto done;
    pos_init(start, v);
    for (int p = 0; p < v->nplayers; p++) {
        Position pos = *start;
        pos.stm = (uint8_t)p;
        gen_legal(&pos, list);
        int captures = 0, checks = 0;
        Move cap = {0}, chk = {0};
        for (int i = 0; i < list->n; i++) {
            Move m = list->m[i];
            if (is_capture(&pos, m) && !captures++) cap = m;
            pos_make(&pos, m, u);
            bool check = false;
            for (int r = 0; r < v->nplayers; r++)
                if (r != p && pos.royal[r]) check |= attacked_by(&pos, pos.royal[r], p);
            pos_unmake(&pos, u);
            if (check && !checks++) chk = m;
        }
        if (captures)
            say(l, FIRST_CAPTURE, "at the start %s can capture at once (%c %s x %s; %d such %s)",
                v->player_name[p], v->type[PIECE_KIND(pos.board[cap.from])].letter,
                cell_name(v, cap.from), cell_name(v, cap.to), captures,
                captures > 1 ? "moves" : "move");
        if (checks) {
            char what[32];
            if (chk.kind == MOVE_DROP)
                snprintf(what, sizeof what, "%c@%s", v->type[chk.promo].letter,
                         cell_name(v, chk.to));
            else
                snprintf(what, sizeof what, "%c %s-%s",
                         v->type[PIECE_KIND(pos.board[chk.from])].letter, cell_name(v, chk.from),
                         cell_name(v, chk.to));
            say(l, FIRST_CHECK, "at the start %s can give check at once (%s; %d such %s)",
                v->player_name[p], what, checks, checks > 1 ? "moves" : "move");
        }
    }
done:
    free(start);
    free(list);
    free(u);
}

/* --- royal pieces and end rules --------------------------------------------------------- */

static void check_royals(Lint *l)
{
    const Variant *v = l->v;
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *t = &v->type[k];
        if (t->royal && t->returns != RETURN_GONE)
            say(l, ROYAL,
                "the royal %s (%c) goes to a %s when captured, but its capture ends the game",
                t->name, t->letter, t->returns == RETURN_HAND ? "hand" : "pool");
        if (t->royal && t->npromo)
            say(l, ROYAL,
                "the royal %s (%c) promotes: its side would be left without a royal piece", t->name,
                t->letter);
        if (!t->royal && t->returns != RETURN_GONE && v->type[t->returns_as].royal)
            say(l, ROYAL,
                "%s (%c) goes to a %s as the royal %s when captured: a side would have two royal "
                "pieces",
                t->name, t->letter, t->returns == RETURN_HAND ? "hand" : "pool",
                v->type[t->returns_as].name);
        for (int i = 0; i < t->npromo; i++)
            if (v->type[t->promo_to[i]].royal)
                say(l, ROYAL,
                    "%s (%c) promotes to the royal %s: a side would have two royal pieces", t->name,
                    t->letter, v->type[t->promo_to[i]].name);
    }
    if (v->nplayers > 2 && v->bare_king != BARE_NONE)
        say(l, END_RULES, "bare_king is set, but it applies only to games of two players");
    if (v->nplayers > 2 && v->stalemate != STALEMATE_DRAW)
        say(l, END_RULES,
            "stalemate is set, but with three players a player without a move is "
            "eliminated");
}

/* --- reaching the promotion zone ---------------------------------------------------------- */

/* Cells a piece of kind k could ever stand on for player p, starting from `reach`, moving on
 * an empty board (every component, captures too). */
static void spread(const Variant *v, int k, int p, bool *reach, Cell *queue)
{
    const PieceType *t = &v->type[k];
    int head = 0, tail = 0;
    for (int c = 1; c <= v->board.ncells; c++)
        if (reach[c]) queue[tail++] = (Cell)c;
    while (head < tail) {
        Cell c = queue[head++];
        for (int i = 0; i < t->ncomp; i++) {
            const CompiledComp *cc = &t->cc[p][i];
            if (cc->flags & (CF_RIFLE | CF_EXCHANGE)) continue;
            for (int j = 0; j < cc->ndirs; j++) {
                const Cell *ray = v->board.ray[c][cc->dirs[j]];
                for (int s = 0; s < cc->range && ray[s]; s++) {
                    Cell n = ray[s];
                    if (cc->zone >= 0 && zone_has(v, cc->zone, p, n) == cc->zone_not) continue;
                    if (t->forbidden_zone >= 0 && zone_has(v, t->forbidden_zone, p, n)) continue;
                    if (!reach[n]) reach[n] = true, queue[tail++] = n;
                }
            }
        }
    }
}

/* Whether a piece of kind k can come into p's hand (then it may be dropped in the camp). */
static bool reaches_hand(const Variant *v, int k)
{
    for (int j = 1; j <= v->ntypes; j++)
        if (v->type[j].returns == RETURN_HAND && v->type[j].returns_as == k) return true;
    return false;
}

static void check_promotion_reach(Lint *l)
{
    const Variant *v = l->v;
    int n = v->board.ncells;
    bool *reach = malloc(((size_t)n + 1) * sizeof *reach);
    Cell *queue = malloc(((size_t)n + 1) * sizeof *queue);
    for (int k = 1; reach && queue && k <= v->ntypes; k++) {
        const PieceType *t = &v->type[k];
        if (!t->npromo || t->promo_auto) continue;
        for (int p = 0; p < v->nplayers; p++) {
            bool any = false, hit = false;
            memset(reach, 0, ((size_t)n + 1) * sizeof *reach);
            for (int c = 1; c <= n; c++) {
                Piece pc = v->setup[c];
                bool from_drop = v->drop_zone >= 0 && reaches_hand(v, k) &&
                                 zone_has(v, v->drop_zone, p, (Cell)c);
                reach[c] = (pc && PIECE_KIND(pc) == k && PIECE_OWNER(pc) == p) || from_drop;
                any |= reach[c];
            }
            if (!any) continue; /* the kind does not start for this player */
            spread(v, k, p, reach, queue);
            for (int c = 1; c <= n && !hit; c++)
                hit = reach[c] && t->promo[p][c] != PROMO_NONE && t->promo[p][c] != PROMO_FORBIDDEN;
            if (!hit)
                say(l, PROMOTION_REACH,
                    "%s's %s (%c) can never reach a cell where it promotes (zone '%s')",
                    v->player_name[p], t->name, t->letter,
                    v->zone[t->promo_must_zone >= 0 ? t->promo_must_zone : t->promo_may_zone].name);
        }
    }
    free(reach);
    free(queue);
}

/* --- symmetry ------------------------------------------------------------------------------ */

static void check_symmetry(Lint *l)
{
    const Variant *v = l->v;
    if (v->symmetry == SYMMETRY_NONE) return;
    bool mirror = v->symmetry == SYMMETRY_MIRROR;
    const char *how = mirror ? "mirror" : "rotate";
    Cell *map = malloc(((size_t)v->board.ncells + 1) * sizeof *map);
    char err[256];
    for (int p = 1; map && p < v->nplayers; p++) {
        if (!variant_player_map(v, mirror, 0, p, map, err, sizeof err)) {
            say(l, SYMMETRY, "the file declares %s symmetry, but %s", how, err);
            break;
        }
        for (int c = 1; c <= v->board.ncells; c++) {
            Piece a = v->setup[c], b = v->setup[map[c]];
            bool mine = a && PIECE_OWNER(a) == 0, theirs = b && PIECE_OWNER(b) == p;
            if (mine != theirs || (mine && PIECE_KIND(a) != PIECE_KIND(b))) {
                say(l, SYMMETRY,
                    "the array is not symmetric (%s): %s has %c on %s, %s has %c on %s", how,
                    v->player_name[0], mine ? v->type[PIECE_KIND(a)].letter : '-',
                    cell_name(v, (Cell)c), v->player_name[p],
                    theirs ? v->type[PIECE_KIND(b)].letter : '-', cell_name(v, map[c]));
                break;
            }
        }
        for (int z = 0; z < v->nzones; z++)
            for (int c = 1; c <= v->board.ncells; c++)
                if (v->zone[z].cell[0][c] != v->zone[z].cell[p][map[c]]) {
                    say(l, SYMMETRY, "zone '%s' is not symmetric (%s): %s %s %s, %s %s %s",
                        v->zone[z].name, how, v->player_name[0],
                        v->zone[z].cell[0][c] ? "has" : "lacks", cell_name(v, (Cell)c),
                        v->player_name[p], v->zone[z].cell[p][map[c]] ? "has" : "lacks",
                        cell_name(v, map[c]));
                    break;
                }
    }
    free(map);
}

/* --- pieces that never move or never appear ------------------------------------------------ */

static void check_pieces(Lint *l)
{
    const Variant *v = l->v;
    bool appears[MAX_TYPES] = {false}, grew = true;
    for (int c = 1; c <= v->board.ncells; c++)
        if (v->setup[c]) appears[PIECE_KIND(v->setup[c])] = true;
    for (int p = 0; p < v->nplayers; p++)
        for (int k = 1; k <= v->ntypes; k++) appears[k] |= v->setup_hand[p][k] > 0;
    while (grew) {
        grew = false;
        for (int k = 1; k <= v->ntypes; k++) {
            if (!appears[k]) continue;
            const PieceType *t = &v->type[k];
            int next[MAX_TYPES + 1], n = 0;
            for (int i = 0; i < t->npromo; i++) next[n++] = t->promo_to[i];
            if (t->returns != RETURN_GONE) next[n++] = t->returns_as;
            for (int i = 0; i < n; i++)
                if (!appears[next[i]]) appears[next[i]] = grew = true;
        }
    }
    for (int k = 1; k <= v->ntypes; k++) {
        const PieceType *t = &v->type[k];
        if (!appears[k]) {
            say(l, NEVER_APPEARS,
                "%s (%c) never appears: it is not in the array or a hand, no piece promotes "
                "to it and none is captured as it",
                t->name, t->letter);
            continue;
        }
        bool moves = false;
        for (int p = 0; p < v->nplayers && !moves; p++)
            for (int c = 1; c <= v->board.ncells && !moves; c++) moves = !t->dead[p][c];
        if (!moves) {
            say(l, NEVER_MOVES,
                "%s (%c) can never move: it has no move from any cell, even on an empty board",
                t->name, t->letter);
            continue;
        }
        for (int c = 1; c <= v->board.ncells; c++) {
            Piece pc = v->setup[c];
            if (pc && PIECE_KIND(pc) == k && t->dead[PIECE_OWNER(pc)][c]) {
                say(l, NEVER_MOVES,
                    "%s's %s (%c) on %s can never move from there, even on an empty board",
                    v->player_name[PIECE_OWNER(pc)], t->name, t->letter, cell_name(v, (Cell)c));
                break;
            }
        }
    }
}

/* --- zones nothing uses -------------------------------------------------------------------- */

/* --- castling ----------------------------------------------------------------------------- */

/* A castling whose royal piece or partner does not stand on its cell in the array can never
 * be played (the start position holds no right to it). */
static void check_castling(Lint *l)
{
    const Variant *v = l->v;
    Position *start = malloc(sizeof *start);
    if (!start) return;
    pos_init(start, v);
    for (int i = 0; i < v->ncastles; i++)
        for (int p = 0; p < v->nplayers; p++) {
            const Castle *cs = &v->castle[i];
            if (cs->defined[p] && !pos_castle_ready(start, i, p))
                say(l, CASTLING,
                    "%s for %s can never be played: the array does not put %s's royal piece on "
                    "%s and another of its pieces on %s",
                    cs->name, v->player_name[p], v->player_name[p], v->board.name[cs->king_from[p]],
                    v->board.name[cs->rook_from[p]]);
            else if (cs->defined[p] && !cs->safe[p][0] && cs->king_to[p] != cs->king_from[p])
                say(l, CASTLING,
                    "%s for %s lists no %s.safe cell: its royal piece may castle across cells "
                    "that are attacked",
                    cs->name, v->player_name[p], v->player_name[p]);
        }
    free(start);
}

static void check_zones(Lint *l)
{
    const Variant *v = l->v;
    for (int z = 0; z < v->nzones; z++) {
        bool used = v->zone[z].referenced || v->drop_zone == z;
        for (int k = 1; k <= v->ntypes && !used; k++) {
            const PieceType *t = &v->type[k];
            used = t->promo_must_zone == z || t->promo_may_zone == z || t->forbidden_zone == z ||
                   t->initial_zone == z;
            for (int i = 0; i < t->ncomp && !used; i++) used = t->comp[i].zone == z;
        }
        if (!used) say(l, UNUSED_ZONE, "zone '%s' is never used", v->zone[z].name);
        /* no cell for anyone: a description that cancels itself (rank 9 & file a) */
        bool any = false;
        for (int p = 0; p < v->nplayers && !any; p++)
            for (int c = 1; c <= v->board.ncells && !any; c++) any = v->zone[z].cell[p][c];
        if (!any) say(l, EMPTY_ZONE, "zone '%s' has no cell for any player", v->zone[z].name);
    }
}

int variant_lint(const Variant *v, LintReport report, void *ctx)
{
    Lint l = {v, report, ctx, 0, {false}};
    read_accepted(&l);
    check_first_move(&l);
    check_royals(&l);
    check_promotion_reach(&l);
    check_symmetry(&l);
    check_pieces(&l);
    check_castling(&l);
    check_zones(&l);
    return l.n;
}
