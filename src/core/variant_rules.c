/* variant_rules.c — the [castle NAME], [rules], [view] and [setup] sections: castling
 * moves, end and draw rules, how the board is shown, and the starting position (a player's
 * line may mirror or rotate another's). */
#include "variant_load_int.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool parse_cell_list(Loader *L, Variant *v, Entry *e, Cell *out, int max)
{
    char w[16][64];
    int n = split_words(e->value, w, 16);
    if (n > max) {
        lerr(L, e->line, "at most %d cells in '%s'", max, e->key);
        return false;
    }
    for (int i = 0; i < n; i++) {
        out[i] = board_cell(&v->board, w[i]);
        if (!out[i]) {
            lerr(L, e->line, "'%s' is not a cell of this board", w[i]);
            return false;
        }
    }
    return true;
}

/* One castling key of player p as the mirror image or turn of `from`'s (given before it). */
static void derived_castle(Loader *L, Variant *v, Castle *c, const Entry *e, const char *what,
                           bool mirror, int from, int p)
{
    Cell *map = player_map(L, v, e, mirror, from, p);
    if (!map) return;
    if (!*what) {
        if (!c->defined[from]) {
            lerr(L, e->line, "give %s's castling before deriving %s's from it",
                 v->player_name[from], v->player_name[p]);
            return;
        }
        c->defined[p] = true;
        c->king_from[p] = map[c->king_from[from]];
        c->king_to[p] = map[c->king_to[from]];
        c->rook_from[p] = map[c->rook_from[from]];
        c->rook_to[p] = map[c->rook_to[from]];
        return;
    }
    Cell *src = !strcmp(what, "empty")  ? c->empty[from]
                : !strcmp(what, "safe") ? c->safe[from]
                                        : NULL;
    Cell *dst = !strcmp(what, "empty") ? c->empty[p] : !strcmp(what, "safe") ? c->safe[p] : NULL;
    if (!src) {
        lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
        return;
    }
    for (int i = 0; i < MAX_CASTLE_CELLS && src[i]; i++) dst[i] = map[src[i]];
}

static bool listed(const Cell *cells, Cell c)
{
    for (int i = 0; i < MAX_CASTLE_CELLS && cells[i]; i++)
        if (cells[i] == c) return true;
    return false;
}

/* The king and the rook each land on a cell that castling needs empty (or that one of them
 * leaves): a cell left out of .empty would let castling land on a piece and take it without
 * a capture, own pieces too. */
static void castle_lands_empty(Loader *L, Variant *v, const Castle *c, int p, int line)
{
    const char *who = v->player_name[p];
    if (c->king_from[p] == c->rook_from[p] || c->king_to[p] == c->rook_to[p]) {
        lerr(L, line,
             "castling %s: %s's king and rook need cells of their own, both before and "
             "after",
             c->name, who);
        return;
    }
    const Cell lands[2] = {c->king_to[p], c->rook_to[p]};
    for (int i = 0; i < 2; i++) {
        Cell to = lands[i];
        if (to == c->king_from[p] || to == c->rook_from[p] || listed(c->empty[p], to)) continue;
        lerr(L, line,
             "castling %s: %s's %s lands on %s, which %s.empty must list (castling "
             "needs it empty)",
             c->name, who, i ? "rook" : "king", v->board.name[to], who);
        return;
    }
}

void load_castles(Loader *L, Variant *v)
{
    for (int s = 0; s < L->nsections && !L->failed; s++) {
        const char *sec = L->sections[s];
        if (strncmp(sec, "castle ", 7)) continue;
        const char *name = sec + 7;
        if (strcmp(name, "O-O") && strcmp(name, "O-O-O")) {
            lerr(L, L->section_line[s], "castling sections are [castle O-O] and [castle O-O-O]");
            return;
        }
        if (v->ncastles >= MAX_CASTLES) return;
        Castle *c = &v->castle[v->ncastles++];
        snprintf(c->name, sizeof c->name, "%s", name);
        for (int i = 0; i < L->n && !L->failed; i++) {
            Entry *e = &L->e[i];
            if (strcmp(e->section, sec)) continue;
            e->used = true;
            char pname[64];
            snprintf(pname, sizeof pname, "%s", e->key);
            char *dot = strchr(pname, '.');
            if (dot) *dot = 0;
            int p = variant_side_named(v, pname);
            if (p < 0 && inherited_other_player(e)) continue;
            if (p < 0) {
                lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
                return;
            }
            bool mirror;
            int from;
            if (derived_from(L, v, e, p, &mirror, &from)) {
                if (from >= 0) derived_castle(L, v, c, e, dot ? dot + 1 : "", mirror, from, p);
            } else if (!dot) {
                Cell cells[4] = {0};
                char w[8][64];
                if (split_words(e->value, w, 8) != 4) {
                    lerr(L, e->line, "expected four cells: king from, king to, rook from, rook to");
                    return;
                }
                if (!parse_cell_list(L, v, e, cells, 4)) return;
                c->defined[p] = true;
                c->king_from[p] = cells[0];
                c->king_to[p] = cells[1];
                c->rook_from[p] = cells[2];
                c->rook_to[p] = cells[3];
            } else if (!strcmp(dot + 1, "empty")) {
                parse_cell_list(L, v, e, c->empty[p], MAX_CASTLE_CELLS);
            } else if (!strcmp(dot + 1, "safe")) {
                parse_cell_list(L, v, e, c->safe[p], MAX_CASTLE_CELLS);
            } else {
                lerr(L, e->line, "castling keys are PLAYER, PLAYER.empty and PLAYER.safe");
            }
        }
        for (int p = 0; p < v->nplayers && !L->failed; p++)
            if (c->defined[p]) castle_lands_empty(L, v, c, p, L->section_line[s]);
    }
}

void load_rules(Loader *L, Variant *v)
{
    Entry *e;
    v->repetition = 3;
    v->move_rule = 50;
    v->drop_zone = -1;
    check_keys(L, "rules", " stalemate bare_king repetition move_rule drops ");
    /* in the order of enum stalemate_rule and enum bare_rule */
    static const char *const stalemate[] = {"draw", "win", "loss", "3/4"};
    static const char *const bare[] = {"none", "win", "win-unless-reply"};
    int i;
    if ((e = entry_get(L, "rules", "stalemate")) && (i = parse_choice(L, e, stalemate, 4)) >= 0)
        v->stalemate = (enum stalemate_rule)i;
    if ((e = entry_get(L, "rules", "bare_king")) && (i = parse_choice(L, e, bare, 3)) >= 0)
        v->bare_king = (enum bare_rule)i;
    if ((e = entry_get(L, "rules", "repetition")) && parse_int(L, e, 0, 100, &v->repetition) &&
        v->repetition == 1) /* the starting position has occurred once: over before a move */
        lerr(L, e->line,
             "repetition = 1 would draw every game before its first move; give 0 "
             "(no such draw) or 2 to 100");
    if ((e = entry_get(L, "rules", "move_rule"))) parse_int(L, e, 0, 1000, &v->move_rule);
    if ((e = entry_get(L, "rules", "drops"))) v->drop_zone = (int8_t)zone_ref(L, v, e);
}

void load_view(Loader *L, Variant *v)
{
    Entry *e;
    check_keys(L, "view", " rotate ");
    if ((e = entry_get(L, "view", "rotate")) && parse_int(L, e, 0, 330, &v->view_rotate) &&
        v->view_rotate % 30)
        lerr(L, e->line, "rotate must be a multiple of 30 degrees, not %d", v->view_rotate);
}

/* A player's array as the mirror image or turn of another's (whose line must come first). */
static void derived_setup(Loader *L, Variant *v, const Entry *e, bool mirror, int from, int p)
{
    Cell *map = player_map(L, v, e, mirror, from, p);
    bool any = false;
    for (int c = 1; map && c <= v->board.ncells && !L->failed; c++) {
        Piece pc = v->setup[c];
        if (!pc || PIECE_OWNER(pc) != from) continue;
        any = true;
        Piece there = v->setup[map[c]];
        if (there) /* the map is a bijection: only another player's own piece can be there */
            lerr(L, e->line, "two pieces on %s: the %s of %s's %s on %s, and %s's %s",
                 v->board.name[map[c]], mirror ? "mirror image" : "turn", v->player_name[from],
                 v->type[PIECE_KIND(pc)].name, v->board.name[c], v->player_name[PIECE_OWNER(there)],
                 v->type[PIECE_KIND(there)].name);
        v->setup[map[c]] = (Piece)((pc & ~MAKE_PIECE(3, 0)) | MAKE_PIECE(p, 0));
    }
    if (map && !any && !L->failed)
        lerr(L, e->line, "%s has no pieces to derive from (give %s's line before this one)",
             v->player_name[from], v->player_name[from]);
}

void load_setup(Loader *L, Variant *v)
{
    if (!has_section(L, "setup")) {
        lerr(L, 0, "no [setup] section (expected one line of pieces per player)");
        return;
    }
    if (!(v->setup = variant_cells(v, 1, sizeof *v->setup))) {
        lerr(L, 0, "out of memory");
        return;
    }
    bool given[MAX_PLAYERS] = {false};
    for (int i = 0; i < L->n && !L->failed; i++) {
        Entry *e = &L->e[i];
        if (strcmp(e->section, "setup")) continue;
        e->used = true;
        bool hand = !strncmp(e->key, "hand.", 5), mirror;
        int p = variant_side_named(v, hand ? e->key + 5 : e->key), from;
        if (p < 0 && inherited_other_player(e)) continue;
        if (p < 0) {
            lerr(L, e->line, "setup keys are player names (and hand.PLAYER), not '%s'", e->key);
            return;
        }
        if (!hand) given[p] = true;
        if (!hand && derived_from(L, v, e, p, &mirror, &from)) {
            if (from >= 0) derived_setup(L, v, e, mirror, from, p);
            continue;
        }
        int kind = 0;
        const char *s = e->value;
        char word[64];
        while (!L->failed && next_word(L, e, &s, word, sizeof word) > 0) {
            const char *t = word;
            if (hand) {
                int k = kind_ref(L, v, e, t);
                if (k && v->drop_zone < 0) /* a hand nothing could ever be dropped from */
                    lerr(L, e->line,
                         "%s: this game has no hands (no kind is captured = hand, and [rules] "
                         "sets no drops)",
                         e->key);
                else if (k && v->type[k].royal)
                    lerr(L, e->line, "%s: the royal %s starts on the board, not in a hand", e->key,
                         v->type[k].name);
                if (k && !L->failed && v->setup_hand[p][k] < MAX_PIECES) v->setup_hand[p][k]++;
                continue;
            }
            if (isupper((unsigned char)t[0])) {
                char letter[2] = {t[0], 0};
                kind = kind_ref(L, v, e, letter);
                t++;
                if (!*t) continue;
            }
            if (!kind) {
                lerr(L, e->line, "expected a piece letter before '%s'", t);
                return;
            }
            Cell c = board_cell(&v->board, t);
            if (!c) {
                lerr(L, e->line, "'%s' is not a cell of this board", t);
                return;
            }
            if (v->setup[c]) {
                lerr(L, e->line, "two pieces on %s (%s's %s is there already)", t,
                     v->player_name[PIECE_OWNER(v->setup[c])],
                     v->type[PIECE_KIND(v->setup[c])].name);
                return;
            }
            Piece pc = MAKE_PIECE(p, kind);
            if (v->type[kind].fresh_at_start) pc |= PIECE_FRESH;
            v->setup[c] = pc;
        }
    }
    /* every piece is on the board, in a hand or in a pool at any time, so this bounds them all */
    int pieces = 0;
    for (int p = 0; p < v->nplayers; p++)
        for (int k = 1; k <= v->ntypes; k++) pieces += v->setup_hand[p][k];
    for (int c = 1; c <= v->board.ncells; c++) pieces += v->setup[c] != 0;
    if (pieces > MAX_PIECES && !L->failed)
        lerr(L, section_line(L, "setup"), "more than %d pieces in the starting array and hands",
             MAX_PIECES);
    for (int p = 0; p < v->nplayers && !L->failed; p++)
        if (!given[p])
            lerr(L, section_line(L, "setup"),
                 "[setup] has no line for %s (its pieces, or %s = mirror or rotate)",
                 v->player_name[p], v->player_name[p]);
    for (int p = 0; p < v->nplayers && !L->failed; p++) {
        int royals = 0;
        for (int c = 1; c <= v->board.ncells; c++)
            if (v->setup[c] && PIECE_OWNER(v->setup[c]) == p &&
                v->type[PIECE_KIND(v->setup[c])].royal)
                royals++;
        if (royals != 1)
            lerr(L, section_line(L, "setup"), "%s must have exactly one royal piece, has %d",
                 v->player_name[p], royals);
    }
}
