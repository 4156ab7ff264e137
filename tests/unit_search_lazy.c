/* unit_search_lazy.c — the search's shortcuts that must not change what it finds: a search of
 * fixed nodes with the nodes' legality tested lazily, as moves are picked, finds the same move,
 * score, depth, node count and line as one that filters every list first, in two- and
 * three-player variants, with each three-player scheme (best-reply nodes hold both
 * opponents' moves, and an opponent's royal moves into the third player's reach are left out
 * unless nothing else is legal). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"
#include "testutil.h"

static SearchResult search_nodes(const Game *g, uint64_t nodes, int scheme, bool lazy)
{
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = nodes;
    lim.threads = 1;
    lim.scheme = scheme;
    search_set_lazy(lazy);
    SearchResult r = search_run(NULL, g, &lim, NULL);
    search_set_lazy(true);
    return r;
}

static void assert_same_result(const SearchResult *a, const SearchResult *b)
{
    assert_int_equal(a->found, b->found);
    assert_true(move_equal(a->best, b->best));
    assert_int_equal(a->score, b->score);
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->unfinished, b->unfinished);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->line[0].len, b->line[0].len);
    for (int i = 0; i < a->line[0].len; i++)
        assert_true(move_equal(a->line[0].pv[i], b->line[0].pv[i]));
}

/* Games of each variant, one move in four the search's and the others random, so that royal
 * pieces come out into the open; at the search's positions both ways of searching agree. The
 * number of positions compared. */
static int compare_games(const char *name, int plies, uint64_t nodes)
{
    Variant *v = tu_variant(name);
    int compared = 0;
    for (int game = 0; game < 2; game++) {
        Game g;
        game_init(&g, v, NULL);
        for (int ply = 0; ply < plies && !g.result.over; ply++) {
            MoveList ml;
            gen_legal(&g.pos, &ml);
            if (!ml.n) break;
            Move m = ml.m[tu_rand() % (unsigned)ml.n];
            if ((ply + game) % 4 == 0) {
                int scheme = (ply / 4) % 5; /* 0: the default, then each scheme */
                SearchResult lazy = search_nodes(&g, nodes, scheme, true);
                SearchResult plain = search_nodes(&g, nodes, scheme, false);
                assert_same_result(&lazy, &plain);
                compared++;
                m = lazy.best;
            }
            game_play(&g, m);
        }
        game_free(&g);
    }
    variant_free(v);
    return compared;
}

static void test_three_players(void **state)
{
    (void)state;
    static const char *names[] = {"cyclohexane", "hr-mccooey3", "hr-wellisch3", "hr-mccooey3-foh",
                                  "hr-wellisch3-foh"};
    int n = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        n += compare_games(names[i], 40, 4000);
    assert_true(n >= 25);
}

static void test_two_players(void **state)
{
    (void)state;
    static const char *names[] = {"glinski", "peanut", "chessagon", "hr-liuyang"};
    int n = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        n += compare_games(names[i], 32, 2000);
    assert_true(n >= 24);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_three_players),
        cmocka_unit_test(test_two_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
