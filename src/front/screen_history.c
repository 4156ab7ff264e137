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

/* The position shown as a player names it, by the move that led there as the move list
 * writes it ("after 1... g6", "after 1. Xd2 (Red)"), or "the start": a count of plies
 * would read as a count of moves, which a player counts a White move and the reply. */
void history_words(char *buf, size_t len)
{
    int k = history_plies();
    char move[MOVE_TEXT_MAX + 64];
    if (!k) {
        snprintf(buf, len, "the start");
        return;
    }
    session_plies_text(ui.s, k - 1, k, move, sizeof move);
    snprintf(buf, len, "after %s", move);
}

/* Back to the game as it is (a change of the game, End). */
void history_reset(void)
{
    ui.view_ply = -1;
    ui.confirm[0] = 0;
}

static void say_where(void)
{
    char where[MOVE_TEXT_MAX + 96];
    history_words(where, sizeof where);
    ui.confirm[0] = 0;
    if (!history_viewing())
        ui_set_message(false, "the game as it is, %s", where);
    else
        ui_set_message(false, "shown: %s (PgUp/PgDn step, Home the start, End the game)", where);
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
    char where[MOVE_TEXT_MAX + 96];
    history_words(where, sizeof where);
    if (s->remote || s->watching) {
        ui_set_message(true, "%s is shown: End returns to the game, where moves are played", where);
        return true;
    }
    Position pos;
    history_position(&pos);
    Move m;
    char err[600];
    bool warn;
    if (move_parse(&pos, line, &m, err, sizeof err, &warn) != PARSE_OK) {
        ui_set_message(true, "%s (in the position shown, %s)", err, where);
        return true;
    }
    if (strcmp(ui.confirm, line)) {
        /* the moves taken back by their first and last, as the move list writes them */
        char first[MOVE_TEXT_MAX + 64], last[MOVE_TEXT_MAX + 64] = "";
        session_plies_text(s, k, k + 1, first, sizeof first);
        if (later > 1) session_plies_text(s, s->game.nplies - 1, s->game.nplies, last, sizeof last);
        snprintf(ui.confirm, sizeof ui.confirm, "%s", line);
        ui_set_message(false,
                       "Enter %s again to play it from the position shown, taking back %s%s%s; "
                       "End returns to the game",
                       line, first, *last ? " to " : "", last);
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
