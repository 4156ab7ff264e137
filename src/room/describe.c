/* describe.c — a room in one line (see describe.h). */
#include "room/describe.h"

#include <stdio.h>

void room_describe(char *out, size_t len, const char *room, const Session *s,
                   const char *const *names, const char *const *states, int watchers)
{
    const Game *g = &s->game;
    const Variant *v = s->v;
    char state[256];
    if (g->result.over)
        game_result_line(g, state, sizeof state);
    else
        snprintf(state, sizeof state, "move %d, %s to move", g->pos.fullmove,
                 v->player_name[g->pos.stm]);
    size_t n = (size_t)snprintf(out, len, "%s: %s, %s;", room, v->name, state);
    for (int p = 0; p < v->nplayers && n < len; p++) {
        /* a player out of a game that goes on (three players) is out, wherever it sits */
        bool out_of_game = !g->result.over && !(g->pos.alive & (1u << p));
        n += (size_t)snprintf(out + n, len - n, " %s %s (%s)%s", v->player_name[p], names[p],
                              out_of_game ? "out" : states[p], p + 1 < v->nplayers ? "," : ";");
    }
    if (n >= len) return;
    if (watchers < 0)
        snprintf(out + n, len - n, " not running (the next join starts it)");
    else
        snprintf(out + n, len - n, " %d watching", watchers);
}
