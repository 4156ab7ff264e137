/* game.c — the moves of a game with undo/redo, its tags, and the end rules that decide its
 * result after every move. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void game_init(Game *g, const Variant *v, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->v = v;
    if (start) {
        g->start = *start;
        g->custom_start = true;
    } else {
        pos_init(&g->start, v);
    }
    g->pos = g->start;
    settle_position(&g->pos); /* a three-player position string may need eliminations */
    g->result.winner = -1;
    game_evaluate(g);
}

void game_free(Game *g)
{
    for (int i = 0; i < g->ntags; i++) free(g->tags[i].name), free(g->tags[i].value);
    free(g->tags);
    g->tags = NULL;
    g->ntags = g->tagcap = 0;
    free(g->plies);
    free(g->keys);
    g->plies = NULL;
    g->keys = NULL;
    g->nplies = g->nredo = g->cap = 0;
    for (int i = 0; i < g->nnotes; i++) free(g->notes[i].text);
    free(g->notes);
    g->notes = NULL;
    g->nnotes = g->notes_cap = 0;
}

/* A new ply replaces the redo list: the notes of the moves taken back go with them. */
static void drop_redo(Game *g)
{
    int kept = 0;
    for (int i = 0; i < g->nnotes; i++) {
        if (g->notes[i].ply > g->nplies)
            free(g->notes[i].text);
        else
            g->notes[kept++] = g->notes[i];
    }
    g->nnotes = kept;
    g->nredo = 0;
}

bool game_add_note(Game *g, const char *text)
{
    if (g->nnotes == g->notes_cap) {
        int nc = g->notes_cap ? 2 * g->notes_cap : 8;
        GameNote *nn = realloc(g->notes, (size_t)nc * sizeof *nn);
        if (!nn) return false;
        g->notes = nn;
        g->notes_cap = nc;
    }
    char *t = malloc(strlen(text) + 1), *o = t;
    if (!t) return false;
    /* one blank between words; no '}' to end the comment early and no "[%" to pass for a
     * command such as [%clk] */
    for (const char *c = text; *c; c++) {
        char ch = *c == '}' ? ')' : *c == '[' && c[1] == '%' ? '(' : *c;
        if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
        if (ch == ' ' && (o == t || o[-1] == ' ')) continue;
        *o++ = ch;
    }
    while (o > t && o[-1] == ' ') o--;
    *o = 0;
    g->notes[g->nnotes].ply = g->nplies;
    g->notes[g->nnotes].text = t;
    g->nnotes++;
    return true;
}

bool game_copy(Game *dst, const Game *src)
{
    *dst = *src;
    dst->plies = NULL;
    dst->keys = NULL;
    dst->notes = NULL;
    dst->tags = NULL;
    dst->cap = dst->notes_cap = dst->tagcap = 0;
    dst->nnotes = dst->ntags = 0;
    for (int i = 0; i < src->ntags; i++)
        if (!game_set_tag(dst, src->tags[i].name, src->tags[i].value)) {
            game_free(dst);
            return false;
        }
    if (src->cap) {
        dst->plies = malloc((size_t)src->cap * sizeof *dst->plies);
        dst->keys = malloc((size_t)src->cap * sizeof *dst->keys);
        if (!dst->plies || !dst->keys) {
            game_free(dst);
            return false;
        }
        memcpy(dst->plies, src->plies, (size_t)src->cap * sizeof *dst->plies);
        memcpy(dst->keys, src->keys, (size_t)src->cap * sizeof *dst->keys);
        dst->cap = src->cap;
    }
    for (int i = 0; i < src->nnotes; i++) {
        int saved = dst->nplies;
        dst->nplies = src->notes[i].ply;
        bool ok = game_add_note(dst, src->notes[i].text);
        dst->nplies = saved;
        if (!ok) {
            game_free(dst);
            return false;
        }
    }
    return true;
}

static bool grow(Game *g)
{
    if (g->nplies + 1 < g->cap) return true;
    int nc = g->cap ? 2 * g->cap : 64;
    Ply *np = realloc(g->plies, (size_t)nc * sizeof *np);
    if (!np) return false;
    g->plies = np;
    uint64_t *nk = realloc(g->keys, (size_t)nc * sizeof *nk);
    if (!nk) return false;
    g->keys = nk;
    g->cap = nc;
    return true;
}

/* The ply just added at g->plies[g->nplies] is in: record its key. */
static void add_ply(Game *g)
{
    g->keys[0] = g->start.hash;
    g->plies[g->nplies].hash = g->pos.hash;
    g->nplies++;
    g->keys[g->nplies] = g->pos.hash;
    g->nredo = 0;
}

static void set_result(Game *g, int winner, bool partial, const char *why)
{
    g->result.over = true;
    g->result.winner = winner;
    g->result.partial = partial;
    snprintf(g->result.termination, sizeof g->result.termination, "%s", why);
}

void game_evaluate(Game *g)
{
    const Ply *last = g->nplies ? &g->plies[g->nplies - 1] : NULL;
    EndContext ctx = {
        g->keys, g->nplies, g->v->repetition, last && last->undo.captured, last ? last->mover : -1,
        -1,      false};
    memset(&g->result, 0, sizeof g->result);
    g->result.winner = -1;
    Ending e = end_rules(&g->pos, &ctx);
    if (e.kind != END_NONE) set_result(g, e.winner, e.partial, end_name(e.kind));
}

int game_move_number(const Game *g)
{
    if (!g->result.over) return g->pos.fullmove;
    for (int i = g->nplies - 1; i >= 0; i--)
        if (g->plies[i].move.kind != MOVE_RESIGN) return g->plies[i].undo.fullmove;
    return g->start.fullmove;
}

static bool play_ply(Game *g, Move m)
{
    if (!grow(g)) return false;
    Ply *p = &g->plies[g->nplies];
    p->move = m;
    p->mover = g->pos.stm;
    move_san(&g->pos, m, p->san);
    play_move(&g->pos, m, &p->undo);
    p->clock_ms = -1;
    add_ply(g);
    g->decided = false;
    game_evaluate(g);
    return true;
}

bool game_play(Game *g, Move m)
{
    drop_redo(g);
    return play_ply(g, m);
}

static void leave(Game *g, const char *why, long clock_ms);

bool game_undo(Game *g)
{
    if (g->decided) {
        g->decided = false;
        game_evaluate(g);
        return true;
    }
    if (!g->nplies) return false;
    g->nplies--;
    pos_unmake(&g->pos, &g->plies[g->nplies].undo);
    g->nredo++;
    game_evaluate(g);
    return true;
}

bool game_redo(Game *g)
{
    if (!g->nredo) return false;
    Ply *p = &g->plies[g->nplies];
    int redo = g->nredo - 1;
    long clock_ms = p->clock_ms;
    if (p->move.kind == MOVE_RESIGN)
        leave(g, clock_ms == 0 ? "time forfeit" : "resignation", clock_ms);
    else if (!play_ply(g, p->move))
        return false;
    g->plies[g->nplies - 1].clock_ms = clock_ms;
    g->nredo = redo;
    return true;
}

/* The side to move leaves the game (resignation, or its flag fell): two players, the other
 * wins; three, it is out and the game goes on if two remain. */
static void leave(Game *g, const char *why, long clock_ms)
{
    Position *pos = &g->pos;
    int who = pos->stm;
    if (g->v->nplayers == 2) {
        set_result(g, pos_next_player(pos, who), false, why);
        g->decided = true;
        return;
    }
    if (!grow(g)) return;
    Ply *p = &g->plies[g->nplies];
    Move m = {0, 0, MOVE_RESIGN, 0, 0};
    p->move = m;
    p->mover = who;
    snprintf(p->san, sizeof p->san, "--");
    pos_save(pos, m, &p->undo);
    pos_eliminate(pos, who, &p->undo);
    pos_set_stm(pos, pos_next_player(pos, who));
    p->clock_ms = clock_ms;
    add_ply(g);
    game_evaluate(g);
    if (pos_players_left(pos) < 2) set_result(g, pos->stm, false, why);
}

void game_resign(Game *g)
{
    if (g->v->nplayers > 2) drop_redo(g);
    leave(g, "resignation", -1);
}

/* Player p leaves: two players, at any time (the other wins); three, only at p's turn. */
static void player_leaves(Game *g, int p, const char *why, long clock_ms)
{
    if (g->v->nplayers == 2) {
        set_result(g, p == 0 ? 1 : 0, false, why);
        g->decided = true;
        return;
    }
    if (p != g->pos.stm) return;
    drop_redo(g);
    leave(g, why, clock_ms);
}

void game_resign_side(Game *g, int p)
{
    player_leaves(g, p, "resignation", -1);
}

void game_time_out(Game *g, int p)
{
    player_leaves(g, p, "time forfeit", 0); /* three players: only the running clock falls */
}

void game_agree_draw(Game *g)
{
    set_result(g, -1, false, "agreement");
    g->decided = true;
}

const char *game_result_text(const Game *g, char *buf, size_t len)
{
    const Result *r = &g->result;
    if (!r->over)
        snprintf(buf, len, "*");
    else if (g->v->nplayers > 2)
        snprintf(buf, len, "%s", r->winner < 0 ? "draw" : g->v->player_name[r->winner]);
    else if (r->winner < 0)
        snprintf(buf, len, "1/2-1/2");
    else if (r->partial)
        snprintf(buf, len, "%s", r->winner == 0 ? "3/4-1/4" : "1/4-3/4");
    else
        snprintf(buf, len, "%s", r->winner == 0 ? "1-0" : "0-1");
    return buf;
}

void game_placing(const Game *g, char *buf, size_t len)
{
    const Position *pos = &g->pos;
    const Variant *v = g->v;
    size_t n = 0;
    buf[0] = 0;
    /* players still in come first: the winner, or both sharing the place in a draw */
    int first = 1;
    for (int p = 0; p < v->nplayers; p++) {
        if (!(pos->alive & (1u << p))) continue;
        bool winner_first = g->result.over && g->result.winner >= 0;
        if (winner_first && p != g->result.winner) continue;
        n += (size_t)snprintf(buf + n, len > n ? len - n : 0, "%s%s", first ? "" : " = ",
                              v->player_name[p]);
        first = 0;
    }
    if (g->result.over && g->result.winner >= 0)
        for (int p = 0; p < v->nplayers; p++)
            if ((pos->alive & (1u << p)) && p != g->result.winner)
                n += (size_t)snprintf(buf + n, len > n ? len - n : 0, ", %s", v->player_name[p]);
    for (int i = pos->nout - 1; i >= 0; i--)
        n += (size_t)snprintf(buf + n, len > n ? len - n : 0, ", %s", v->player_name[pos->out[i]]);
}

void game_result_line(const Game *g, char *buf, size_t len)
{
    const Result *r = &g->result;
    char res[32];
    game_result_text(g, res, sizeof res);
    if (!r->over)
        snprintf(buf, len, "game in progress, %s to move", g->v->player_name[g->pos.stm]);
    else if (r->winner < 0)
        snprintf(buf, len, "result %s: draw by %s", res, r->termination);
    else
        snprintf(buf, len, "result %s: %s wins by %s", res, g->v->player_name[r->winner],
                 r->termination);
}

const char *game_tag(const Game *g, const char *name)
{
    for (int i = 0; i < g->ntags; i++)
        if (!strcasecmp(g->tags[i].name, name)) return g->tags[i].value;
    return NULL;
}

bool game_set_tag(Game *g, const char *name, const char *value)
{
    char *copy = strdup(value);
    if (!copy) return false;
    for (int i = 0; i < g->ntags; i++)
        if (!strcasecmp(g->tags[i].name, name)) {
            free(g->tags[i].value);
            g->tags[i].value = copy;
            return true;
        }
    if (g->ntags == g->tagcap) {
        int nc = g->tagcap ? 2 * g->tagcap : 16;
        Tag *nt = realloc(g->tags, (size_t)nc * sizeof *nt);
        if (!nt) return free(copy), false;
        g->tags = nt;
        g->tagcap = nc;
    }
    char *n = strdup(name);
    if (!n) return free(copy), false;
    g->tags[g->ntags++] = (Tag){n, copy};
    return true;
}
