/* unit_eval.c — the evaluation: piece values estimated from mobility come out as a chess
 * player knows them (orthodox chess near 9/5/3/3; on every board a queen above two minor
 * pieces and a rook); a lone king is worse off in a corner than in the middle, and worse off
 * far from the strong king; a passed pawn counts more than a blocked one and an advanced one
 * more than one at home; CELLMATE_EVAL's weights are read or refused; and the sums the search
 * keeps move by move always equal the sums counted over the board; and mobility, counted from
 * the rays listed per cell, equals a walk of the pieces' own components. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "movegen.h"
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

/* Three players: with `lead` at 100 a player is scored against the leading opponent instead of
 * the mean of the two; the leader, whose two opponents stand alike, is scored the same. */
static void test_lead(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Eval e;
    assert_true(eval_prepare(&e, v));
    e.w.lead = 0;
    const char *desc = "Red: G d2, R a3; Yellow: G d10, R a11 e11, U c11; Blue: G d18, R a19";
    int red = score(v, &e, desc, 0, 0), yellow = score(v, &e, desc, 0, 1),
        blue = score(v, &e, desc, 0, 2);
    assert_int_equal(red, blue); /* Blue's pieces are Red's turned round the ring */
    assert_true(yellow > red + 300);
    e.w.lead = 100;
    /* scores s: red = s_r - (s_y + s_b) / 2 and yellow - blue = 3 / 2 (s_y - s_b), so the
     * leader is (s_y - s_b) / 2 = (yellow - blue) / 3 above the mean of Red's opponents */
    assert_in_range(red - score(v, &e, desc, 0, 0), (yellow - blue) / 3 - 2,
                    (yellow - blue) / 3 + 2);
    assert_int_equal(score(v, &e, desc, 0, 1), yellow);
    eval_free(&e);
    variant_free(v);
}

/* The captures the evaluation's mobility walk lists for the side to move's plain sliders
 * (EvalHits) stand in for the generator's walk of those pieces: the captures-only list is the
 * same, move for move. The number of captures listed. */
static int assert_hits_generated(const Eval *e, const Position *pos, const EvalSums *sums)
{
    EvalHits hits;
    bool full;
    int stm = pos->stm;
    assert_int_equal(eval_lazy(e, pos, sums, stm, -1000000, 1000000, &full, &hits),
                     eval_position(e, pos, stm));
    assert_true(full && hits.n >= 0);
    uint64_t own[EVAL_WORDS];
    assert_true(eval_own_cells(e, pos, sums, stm, own));
    Position copy = *pos;
    int check = in_check(&copy);
    MoveList walked, told;
    gen_unfiltered_known(&copy, &walked, true, check, own, NULL, NULL);
    gen_unfiltered_known(&copy, &told, true, check, own, hits.cell, NULL);
    assert_int_equal(told.n, walked.n);
    for (int i = 0; i < walked.n; i++) assert_true(move_equal(told.m[i], walked.m[i]));
    int taken = 0;
    for (int j = 0; hits.cell[j]; j += 2 + hits.cell[j + 1]) {
        assert_true(e->kind[PIECE_KIND(pos->board[hits.cell[j]])] & EVAL_PLAIN);
        assert_int_equal(PIECE_OWNER(pos->board[hits.cell[j]]), stm);
        taken += hits.cell[j + 1];
    }
    return taken;
}

/* Random games in every shipped variant (captures into hands and pools, drops, promotions,
 * castling, swaps, en passant, three-player eliminations): after each move the sums brought
 * up to date move by move are the sums of the board, and so is the evaluation from them, and
 * each player's cells read from them (eval_own_cells) are its cells on the board; the
 * captures the evaluation lists for the generator are the ones it would find. */
static void test_sums(void **state)
{
    (void)state;
    static const char *names[] = {
        "chess",          "chessagon",       "cyclohexane",     "glinski",          "haynie",
        "hr-glinski",     "hr-glinski-foh",  "hr-liuyang",      "hr-liuyang-foh",   "hr-mccooey",
        "hr-mccooey-foh", "hr-mccooey3",     "hr-mccooey3-foh", "hr-trios",         "hr-trios-foh",
        "hr-wellisch",    "hr-wellisch-foh", "hr-wellisch3",    "hr-wellisch3-foh", "mccooey",
        "peanut"};
    uint64_t seed = 88172645463325252ull;
    int kinds[MOVE_RESIGN + 1] = {0}, taken = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = tu_variant(names[i]);
        Eval e;
        assert_true(eval_prepare(&e, v));
        for (int game = 0; game < 6; game++) {
            Position pos;
            pos_init(&pos, v);
            EvalSums kept, counted;
            eval_sums(&e, &pos, &kept);
            for (int ply = 0; ply < 150; ply++) {
                MoveList ml;
                gen_legal(&pos, &ml);
                if (!ml.n || pos_players_left(&pos) < 2) break;
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                Move m = ml.m[seed % (uint64_t)ml.n];
                for (int j = 0; j < ml.n && seed % 4; j++) /* a special move when there is one */
                    if (ml.m[j].kind != MOVE_NORMAL || ml.m[j].promo) m = ml.m[j];
                Undo u;
                play_move(&pos, m, &u);
                kinds[m.kind]++;
                eval_sums_move(&e, &pos, &u, &kept);
                eval_sums(&e, &pos, &counted);
                assert_memory_equal(&kept, &counted, sizeof kept);
                /* each player's cells, and every other player's (eval_enemy_cells), as the
                 * board has them */
                for (int p = 0; p < v->nplayers; p++) {
                    uint64_t own[EVAL_WORDS], want[EVAL_WORDS] = {0}, enemy[EVAL_WORDS];
                    uint64_t others[EVAL_WORDS] = {0};
                    assert_true(eval_own_cells(&e, &pos, &kept, p, own));
                    eval_enemy_cells(&e, &pos, &kept, p, enemy);
                    for (Cell c = 1; c <= v->board.ncells; c++) {
                        uint64_t *cells = PIECE_OWNER(pos.board[c]) == p ? want : others;
                        if (pos.board[c]) cells[c / 64] |= 1ull << (c % 64);
                    }
                    assert_memory_equal(own, want, (size_t)e.words * sizeof own[0]);
                    assert_memory_equal(enemy, others, (size_t)e.words * sizeof enemy[0]);
                }
                bool full;
                for (int p = 0; p < v->nplayers; p++)
                    assert_int_equal(eval_lazy(&e, &pos, &kept, p, -1000000, 1000000, &full, NULL),
                                     eval_position(&e, &pos, p));
                taken += assert_hits_generated(&e, &pos, &kept);
            }
        }
        eval_free(&e);
        variant_free(v);
    }
    for (int k = MOVE_NORMAL; k < MOVE_RESIGN; k++) assert_true(kinds[k] > 0); /* each tried */
    assert_true(taken > 1000); /* captures were found by the walk and given to the generator */
}

/* A search that passes turns (best-reply) may reach a position where a player's royal piece
 * was taken while the player is still in: the cell it stood on, now another player's, is not
 * among its cells (else the generator, given those cells, would move the other's piece). */
static bool has_cell(const uint64_t *own, Cell c)
{
    return own[c / 64] >> (c % 64) & 1;
}

static void test_own_cells_royal_taken(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Eval e;
    assert_true(eval_prepare(&e, v));
    Position pos;
    tu_setup(&pos, v, "Red: G c3, R a1; Yellow: G c11, R c5; Blue: G c19", 0);
    Cell c3 = tu_cell(v, "c3"), c5 = tu_cell(v, "c5");
    EvalSums sums;
    uint64_t own[EVAL_WORDS];
    eval_sums(&e, &pos, &sums);
    assert_true(eval_own_cells(&e, &pos, &sums, 0, own));
    assert_true(has_cell(own, c3) && has_cell(own, tu_cell(v, "a1")));
    pos.board[c3] = pos.board[c5]; /* Yellow's Rook takes the Grandduke; Red's royal cell stays */
    pos.board[c5] = 0;
    eval_sums(&e, &pos, &sums);
    assert_true(eval_own_cells(&e, &pos, &sums, 0, own));
    assert_false(has_cell(own, c3));
    assert_true(has_cell(own, tu_cell(v, "a1")));
    assert_true(eval_own_cells(&e, &pos, &sums, 1, own));
    assert_true(has_cell(own, c3) && !has_cell(own, c5));
    eval_enemy_cells(&e, &pos, &sums, 2, own); /* Blue's enemies: Yellow on c3, Red on a1 */
    assert_true(has_cell(own, c3) && has_cell(own, tu_cell(v, "a1")) && !has_cell(own, c5));
    eval_free(&e);
    variant_free(v);
}

/* Mobility as the evaluation's comment defines it, walked here from the variant's own
 * components: for every slider that is not royal (a kind with a component of range two or
 * more that neither hops nor swaps), the cells along each of its rays of range two or more (no hop,
 * swap or initial move) up to the first piece, that piece too when it is an enemy's and the ray
 * captures. */
static int reference_mobility(const Position *pos, int player)
{
    const Variant *v = pos->v;
    int n = 0;
    for (Cell c = 1; c <= v->board.ncells; c++) {
        Piece p = pos->board[c];
        if (!p || PIECE_OWNER(p) != player) continue;
        const PieceType *pt = &v->type[PIECE_KIND(p)];
        if (pt->royal) continue;
        bool slider = false;
        for (int i = 0; i < pt->ncomp; i++)
            slider |= pt->comp[i].range > 1 && !(pt->comp[i].flags & (CF_HOP | CF_EXCHANGE));
        for (int i = 0; slider && i < pt->ncomp; i++) {
            const CompiledComp *cc = &pt->cc[player][i];
            if (cc->range < 2 || (cc->flags & (CF_HOP | CF_EXCHANGE | CF_INITIAL))) continue;
            for (int j = 0; j < cc->ndirs; j++) {
                const Cell *ray = v->board.ray[c][cc->dirs[j]];
                for (int s = 0; s < cc->range && ray[s]; s++) {
                    Piece q = pos->board[ray[s]];
                    if (!q) {
                        n += !!(cc->flags & CF_MOVE);
                        continue;
                    }
                    n += PIECE_OWNER(q) != player && (cc->flags & CF_CAPTURE);
                    break;
                }
            }
        }
    }
    return n;
}

/* The mobility the evaluation counts (from the rays it lists per cell) is the reference's:
 * with every weight but mobility's kept, one unit of mobility weight moves a two-player score
 * by the side's mobility less the other's; positions of random games in every two-player
 * variant with sliders. */
static void test_mobility(void **state)
{
    (void)state;
    void *dir = NULL;
    char name[64];
    uint64_t seed = 2463534242ull;
    int positions = 0, moved = 0;
    while (tu_next_variant(&dir, name, sizeof name)) {
        Variant *v = tu_variant(name);
        Eval e;
        assert_true(eval_prepare(&e, v));
        for (int game = 0; game < 4 && v->nplayers == 2; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 100; ply++) {
                MoveList ml;
                gen_legal(&pos, &ml);
                if (!ml.n) break;
                for (int p = 0; p < 2; p++) {
                    e.w.mobility = 0;
                    int without = eval_position(&e, &pos, p);
                    e.w.mobility = 1;
                    int with = eval_position(&e, &pos, p);
                    int want = reference_mobility(&pos, p) - reference_mobility(&pos, 1 - p);
                    assert_int_equal(with - without, want);
                    moved += want != 0;
                }
                positions++;
                seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
                Undo u;
                play_move(&pos, ml.m[seed % (uint64_t)ml.n], &u);
            }
        }
        eval_free(&e);
        variant_free(v);
    }
    assert_true(positions > 2000);
    assert_true(moved > positions); /* the term was there to count */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),   cmocka_unit_test(test_mop_up),
        cmocka_unit_test(test_pawns),    cmocka_unit_test(test_weights),
        cmocka_unit_test(test_sums),     cmocka_unit_test(test_lead),
        cmocka_unit_test(test_mobility), cmocka_unit_test(test_own_cells_royal_taken),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
