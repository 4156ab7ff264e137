/* computer.c — the computer's seats in a room: it searches in a thread of its own, on a
 * copy of the game, so the server keeps answering; the result comes back through a pipe the
 * loop polls, and is played only if the game has not changed meanwhile (a change sets the
 * search's stop flag). */
#include "room/server_int.h"

#include <stdio.h>
#include <unistd.h>

/* The search's limits, from the room's clock as it stands when the turn begins (read here,
 * in the server's thread: the loop changes the clock while the search runs). */
static SearchLimits turn_limits(const Server *sv)
{
    SearchLimits lim = search_limits_time(sv->opt.ai_seconds > 0 ? sv->opt.ai_seconds : 5);
    /* the level the players chose (req_level), its mistakes differing from game to game; but
     * a player's seat it plays for them while they are away at full strength, else the one
     * who asked it in could set level 1 and have it throw the absent player's game */
    lim.level = sv->seat[sv->s.game.pos.stm].stand_in ? SEARCH_MAX_LEVEL : sv->s.ai.level;
    lim.seed = sv->s.ai.seed; /* (table_open) */
    /* never the time it has not got */
    double share = clock_think_share(&sv->s.clock, sv->s.game.pos.stm, steady_now());
    if (share > 0 && share < lim.time) lim.time = share;
    /* a room a stranger opened on a public login searches as that player's own game would:
     * else five rooms of one player, each with the computer to move, took every core */
    if (sv->opt.restricted) {
        lim.threads = MAX_RESTRICTED_THREADS;
        if (lim.time > MAX_RESTRICTED_THINK) lim.time = MAX_RESTRICTED_THINK;
    }
    return lim;
}

static void *think(void *arg)
{
    Server *sv = arg;
    SearchHooks hooks = {NULL, NULL, &sv->stop};
    sv->ai_result = search_run(sv->engine, &sv->ai_game, &sv->ai_limits, &hooks);
    char b = 1;
    ssize_t w = write(sv->ai_pipe[1], &b, 1);
    (void)w;
    return NULL;
}

void computer_turn(Server *sv)
{
    const Game *g = &sv->s.game;
    if (sv->thinking || g->result.over || !table_all_seated(sv) ||
        !table_computer_plays(sv, g->pos.stm))
        return;
    if (!sv->engine && !(sv->engine = engine_new(16))) return;
    if (!game_copy(&sv->ai_game, g)) return;
    atomic_store(&sv->stop, false);
    sv->ai_generation = sv->generation;
    sv->ai_limits = turn_limits(sv);
    if (pthread_create(&sv->thread, NULL, think, sv) != 0) {
        game_free(&sv->ai_game);
        return;
    }
    sv->thinking = true;
}

void computer_stop(Server *sv)
{
    if (!sv->thinking) return;
    atomic_store(&sv->stop, true);
    pthread_join(sv->thread, NULL);
    char b;
    ssize_t r = read(sv->ai_pipe[0], &b, 1);
    (void)r;
    game_free(&sv->ai_game);
    sv->thinking = false;
}

/* --- changes ------------------------------------------------------------------------------------
 */

void computer_done(Server *sv)
{
    char b;
    ssize_t r = read(sv->ai_pipe[0], &b, 1);
    (void)r;
    pthread_join(sv->thread, NULL);
    game_free(&sv->ai_game);
    sv->thinking = false;
    Game *g = &sv->s.game;
    if (sv->ai_generation == sv->generation && sv->ai_result.found && !g->result.over &&
        table_computer_plays(sv, g->pos.stm)) {
        sv->seat[g->pos.stm].stood_moves += sv->seat[g->pos.stm].stand_in;
        session_play_move(&sv->s, sv->ai_result.best);
        table_move_played(sv);
    } else {
        computer_turn(sv); /* the game changed meanwhile: think again */
    }
}
