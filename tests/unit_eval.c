/* unit_eval.c — the evaluation: piece values estimated from mobility come out as a chess
 * player knows them (orthodox chess near 9/5/3/3; on every board a queen above two minor
 * pieces and a rook); a lone king is worse off in a corner than in the middle, and worse off
 * far from the strong king; a passed pawn counts more than a blocked one and an advanced one
 * more than one at home; and CELLMATE_EVAL's weights are read or refused. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "testutil.h"

static int value_of(const Variant *v, char letter)
{
    return v->type[v->kind_of_letter[(int)letter]].value;
}

static void test_values(void **state)
{
    (void)state;
    Variant *v = tu_variant("chess");
    /* the values every chess book gives, within a fifth */
    assert_in_range(value_of(v, 'Q'), 800, 1000);
    assert_in_range(value_of(v, 'R'), 450, 550);
    assert_in_range(value_of(v, 'N'), 270, 330);
    assert_in_range(value_of(v, 'B'), 290, 390);
    variant_free(v);
    static const char *hex[] = {"glinski", "mccooey", "haynie", "chessagon"};
    for (size_t i = 0; i < sizeof hex / sizeof hex[0]; i++) {
        v = tu_variant(hex[i]);
        int q = value_of(v, 'Q'), r = value_of(v, 'R'), b = value_of(v, 'B'), n = value_of(v, 'N');
        assert_true(q > b + n);
        assert_true(q > r + 100);
        assert_true(r > b && r > n);
        variant_free(v);
    }
}

static int score(const Variant *v, const Eval *e, const char *desc, int to_move, int p)
{
    Position pos;
    tu_setup(&pos, v, desc, to_move);
    return eval_position(e, &pos, p);
}

static void test_mop_up(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Eval e;
    assert_true(eval_prepare(&e, v));
    /* the lone king in a corner, on an edge, in the middle */
    int corner = score(v, &e, "White: K f5, Q c3; Black: K a1", 0, 0);
    int edge = score(v, &e, "White: K f5, Q c3; Black: K a3", 0, 0);
    int middle = score(v, &e, "White: K f5, Q c3; Black: K f7", 0, 0);
    assert_true(corner > edge);
    assert_true(edge > middle);
    /* the strong king near the lone one */
    int near = score(v, &e, "White: K f8, Q c3; Black: K f10", 0, 0);
    int far = score(v, &e, "White: K f2, Q c3; Black: K f10", 0, 0);
    assert_true(near > far);
    /* the other side sees it the other way round */
    assert_int_equal(score(v, &e, "White: K f8, Q c3; Black: K f10", 1, 1), -near);
    eval_free(&e);
    variant_free(v);
}

static void test_pawns(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Eval e;
    assert_true(eval_prepare(&e, v));
    /* White's e-pawn with a black pawn in front of it, or beside its way, or none */
    int passed = score(v, &e, "White: K g1, P e6; Black: K g10, P b7", 0, 0);
    int blocked = score(v, &e, "White: K g1, P e6; Black: K g10, P e7", 0, 0);
    assert_true(passed > blocked + 30);
    int home = score(v, &e, "White: K g1, P e4; Black: K g10, P b7", 0, 0);
    assert_true(passed > home);
    eval_free(&e);
    variant_free(v);
}

static void test_weights(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    EvalWeights w;
    int values[MAX_TYPES] = {0};
    char err[200];
    memset(&w, 0, sizeof w);
    assert_true(eval_parse_weights(v, "mobility=5,box=0,Q=1000", &w, values, err, sizeof err));
    assert_int_equal(w.mobility, 5);
    assert_int_equal(values[v->kind_of_letter['Q']], 1000);
    assert_false(eval_parse_weights(v, "mobility", &w, values, err, sizeof err));
    assert_false(eval_parse_weights(v, "speed=3", &w, values, err, sizeof err));
    assert_non_null(strstr(err, "speed"));
    assert_false(eval_parse_weights(v, "Z=3", &w, values, err, sizeof err));
    assert_false(eval_parse_weights(v, "edge=3x", &w, values, err, sizeof err));
    assert_true(eval_parse_weights(v, "edge=-7", &w, values, err, sizeof err));
    assert_int_equal(w.edge, -7);
    const char *bad[] = {"edge=+7",     "edge= 7",      "edge=-",
                         "edge=100001", "edge=-100001", "edge=99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_false(eval_parse_weights(v, bad[i], &w, values, err, sizeof err));
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_mop_up),
        cmocka_unit_test(test_pawns),
        cmocka_unit_test(test_weights),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
