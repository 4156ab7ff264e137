/* unit_search.c — the computer opponent: it takes a mate in one, wins material left
 * hanging, keeps to its time, returns a legal move in every variant, and with three
 * players takes the double elimination of cyclohexane.md's example. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "search.h"
#include "testutil.h"

static const char *best_san(Game *g, double seconds, int depth)
{
    static char san[MOVE_TEXT_MAX];
    SearchResult r = search_move(g, seconds, depth);
    assert_true(r.found);
    assert_true(move_is_legal(&g->pos, r.best));
    move_san(&g->pos, r.best, san);
    return san;
}

static void test_mate_in_one(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    /* Glinski's fool's mate: 4. Qxf9# is there to be found */
    tu_play(&g, "Qe1c3 Qe10c6 b1b2 b7b6 Bf3b1 e7e6");
    assert_string_equal(best_san(&g, 5, 3), "Qxf9#");
    game_free(&g);
    variant_free(v);
}

static void test_wins_material(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Game g;
    Position start;
    /* a Black queen left where a knight takes it for nothing */
    tu_setup(&start, v, "White: K a1, N e4; Black: K k11, Q f7", 0);
    game_init(&g, v, &start);
    assert_string_equal(best_san(&g, 5, 3), "Nxf7");
    game_free(&g);
    variant_free(v);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void test_time_limit(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Game g;
    game_init(&g, v, NULL);
    double t0 = seconds_now();
    SearchResult r = search_move(&g, 0.3, 0);
    double took = seconds_now() - t0;
    assert_true(r.found);
    assert_true(took < 2.0);
    assert_true(r.depth >= 1);
    game_free(&g);
    variant_free(v);
}

static void test_every_variant(void **state)
{
    (void)state;
    static const char *names[] = {"glinski",     "mccooey",     "haynie",     "peanut",
                                  "chessagon",   "cyclohexane", "hr-glinski", "hr-liuyang-foh",
                                  "hr-mccooey3", "hr-wellisch3"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = tu_variant(names[i]);
        Game g;
        game_init(&g, v, NULL);
        for (int ply = 0; ply < 6 && !g.result.over; ply++) {
            SearchResult r = search_move(&g, 0.05, 3);
            assert_true(r.found);
            assert_true(move_is_legal(&g.pos, r.best));
            game_play(&g, r.best);
        }
        game_free(&g);
        variant_free(v);
    }
}

static void test_three_players(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    game_init(&g, v, NULL);
    /* cyclohexane.md: after 1. Dd3-e5 Gd10-e9, Red's Duchess will take Yellow out after
     * Blue's move and then look down the line beyond e9; 1... Gd18-e17 puts Blue's Grandduke
     * there and Blue is out too. Blue's search must keep its Grandduke off that line. */
    tu_play(&g, "Dd3-e5 Gd10-e9");
    SearchResult r = search_move(&g, 5, 2);
    assert_true(r.found);
    game_play(&g, r.best);
    assert_false(g.pos.alive & 2); /* Yellow is out */
    assert_true(g.pos.alive & 4);  /* Blue is not */
    assert_false(g.result.over);
    game_free(&g);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mate_in_one),   cmocka_unit_test(test_wins_material),
        cmocka_unit_test(test_time_limit),    cmocka_unit_test(test_every_variant),
        cmocka_unit_test(test_three_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
