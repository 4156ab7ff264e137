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
    free(g->plies);
    free(g->keys);
    g->plies = NULL;
    g->keys = NULL;
    g->nplies = g->nredo = g->cap = 0;
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

void game_play(Game *g, Move m)
{
    if (!grow(g)) return;
    Ply *p = &g->plies[g->nplies];
    p->move = m;
    p->mover = g->pos.stm;
    move_san(&g->pos, m, p->san);
    play_move(&g->pos, m, &p->undo);
    add_ply(g);
    g->decided = false;
    game_evaluate(g);
}

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
    if (p->move.kind == MOVE_RESIGN) {
        game_resign(g);
    } else {
        game_play(g, p->move);
    }
    g->nredo = redo;
    return true;
}

void game_resign(Game *g)
{
    Position *pos = &g->pos;
    int who = pos->stm;
    if (g->v->nplayers == 2) {
        set_result(g, pos_next_player(pos, who), false, "resignation");
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
    add_ply(g);
    game_evaluate(g);
    if (pos_players_left(pos) < 2) set_result(g, pos->stm, false, "resignation");
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

void game_set_tag(Game *g, const char *name, const char *value)
{
    for (int i = 0; i < g->ntags; i++)
        if (!strcasecmp(g->tags[i].name, name)) {
            snprintf(g->tags[i].value, TAG_VALUE_MAX, "%s", value);
            return;
        }
    if (g->ntags == MAX_TAGS) return;
    snprintf(g->tags[g->ntags].name, TAG_NAME_MAX, "%s", name);
    snprintf(g->tags[g->ntags].value, TAG_VALUE_MAX, "%s", value);
    g->ntags++;
}
