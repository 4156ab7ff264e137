/* unit_selfplay.c — the computer plays itself in every shipped variant at a tiny node count,
 * a few dozen plies per game, at full strength and at the lowest level (with three players
 * paranoid and best-reply search in turn): every move it
 * chooses is one of the legal moves the generator lists (and the generator's fast legality
 * test agrees with making every pseudo-legal move), and a game stops only when the end
 * rules end it (a named ending): the search finds a move in every position they leave open. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "testutil.h"

#define PLIES 40

static bool in_list(const MoveList *ml, Move m)
{
    for (int i = 0; i < ml->n; i++)
        if (move_equal(ml->m[i], m)) return true;
    return false;
}

static void self_play(const char *name, int level, uint64_t seed)
{
    Variant *v = tu_variant(name);
    Game g;
    game_init(&g, v, NULL);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = 400;
    lim.threads = 1;
    lim.level = level;
    lim.seed = seed;
    for (int ply = 0; ply < PLIES && !g.result.over; ply++) {
        MoveList legal;
        tu_check_legality(&g.pos, &legal);
        assert_true(legal.n > 0); /* the end rules left the game open: there is a move */
        lim.scheme = SEARCH_PARANOID + ply % 2; /* three players: both ways of searching */
        SearchResult r = search_run(NULL, &g, &lim, NULL);
        assert_true(r.found);
        if (!in_list(&legal, r.best))
            fail_msg("%s: ply %d: the computer's move is not legal", name, ply);
        assert_true(game_play(&g, r.best));
    }
    if (g.result.over) assert_true(g.result.termination[0] != 0); /* ended by a named rule */
    game_free(&g);
    variant_free(v);
}

static void test_every_variant(void **state)
{
    (void)state;
    assert_non_null(getenv("VARIANTS_DIR"));
    void *d = NULL;
    char name[MAX_NAME];
    int n = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        self_play(name, 0, 1);
        self_play(name, 1, (uint64_t)n + 2);
        n++;
    }
    assert_true(n >= 20); /* every shipped variant */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_variant),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
