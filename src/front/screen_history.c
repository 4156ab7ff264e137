/* screen_history.c — going through the game on the screen: PgUp and PgDn step a move back
 * and forward, Home and End jump to the start and back to the game as it is, the board and
 * the status panel following; the game itself does not change. A move entered while an
 * earlier position is shown is checked against that position and, once entered a second
 * time, continues the game from there: the later moves are taken back first, as that many
 * undo commands would (they stay for redo until the move is played). Commands act on the
 * game as it is. In a room, or watching, a move needs the game as it is (End). */
#include "screen_int.h"

#include <stdio.h>
#include <string.h>

/* The plies of the game shown: the whole game unless an earlier position is looked at. */
int history_plies(void)
{
    int n = ui.s->game.nplies;
    return ui.view_ply >= 0 && ui.view_ply < n ? ui.view_ply : n;
}

bool history_viewing(void)
{
    return history_plies() < ui.s->game.nplies;
}

/* The position after the plies shown: the game's, with the later moves unmade. */
void history_position(Position *out)
{
    const Game *g = &ui.s->game;
    *out = g->pos;
    for (int i = g->nplies - 1; i >= history_plies(); i--) pos_unmake(out, &g->plies[i].undo);
}

/* Back to the game as it is (a change of the game, End). */
void history_reset(void)
{
    ui.view_ply = -1;
    ui.confirm[0] = 0;
}

static void say_where(void)
{
    const Game *g = &ui.s->game;
    int k = history_plies();
    ui.confirm[0] = 0;
    if (!history_viewing()) {
        ui_set_message(false, "the game as it is (%d move%s)", g->nplies,
                       g->nplies == 1 ? "" : "s");
        return;
    }
    const Ply *p = k ? &g->plies[k - 1] : NULL;
    char what[96];
    if (p)
        snprintf(what, sizeof what, "after %d%s %s", p->undo.fullmove, p->mover ? "..." : ".",
                 p->san);
    else
        snprintf(what, sizeof what, "the start");
    ui_set_message(false, "move %d of %d shown, %s (PgUp/PgDn step, Home start, End the game)", k,
                   g->nplies, what);
}

/* PgUp, PgDn, Home and End on an empty input line. */
void history_key(int ch)
{
    const Game *g = &ui.s->game;
    int k = history_plies();
    if (!g->nplies) {
        ui_set_message(false, "no moves yet");
        return;
    }
    k = ch == KEY_PPAGE ? k - 1 : ch == KEY_NPAGE ? k + 1 : ch == KEY_HOME ? 0 : g->nplies;
    if (k < 0) k = 0;
    select_clear();
    ui.view_ply = k >= g->nplies ? -1 : k;
    say_where();
}

/* A move entered while an earlier position is shown. True when it was answered here (a
 * question, a refusal, an error); false when the game has been taken back to the position
 * shown and the line is to be played as usual. */
bool history_move(const char *line)
{
    Session *s = ui.s;
    if (!history_viewing()) return false;
    int k = history_plies(), later = s->game.nplies - k;
    if (s->remote || s->watching) {
        ui_set_message(true,
                       "move %d of %d is shown: End returns to the game, where moves are "
                       "played",
                       k, s->game.nplies);
        return true;
    }
    Position pos;
    history_position(&pos);
    Move m;
    char err[600];
    bool warn;
    if (move_parse(&pos, line, &m, err, sizeof err, &warn) != PARSE_OK) {
        ui_set_message(true, "%s (in the position shown, move %d of %d)", err, k, s->game.nplies);
        return true;
    }
    if (strcmp(ui.confirm, line)) {
        snprintf(ui.confirm, sizeof ui.confirm, "%s", line);
        ui_set_message(false,
                       "Enter %s again to play it from the position shown, taking back the "
                       "%d later move%s; End returns to the game",
                       line, later, later == 1 ? "" : "s");
        return true;
    }
    Sink quiet = {sink_discard, sink_discard, NULL};
    for (int i = 0; i <= later && s->game.nplies > k; i++) /* +1: a resignation first */
        if (!session_command(s, "undo", "", &quiet)) break;
    history_reset();
    if (s->game.nplies != k) {
        ui_set_message(true, "the later moves could not be taken back");
        return true;
    }
    return false;
}
