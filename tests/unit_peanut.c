/* unit_peanut.c — variants/peanut.ini against the test vectors of peanut.md: geometry of the
 * short pieces, the king in his castle with his capture without moving, two-direction pawns,
 * promotion only to pieces in the side's pool, the reference perft counts, and make/unmake
 * consistency of pools and captures without moving. The bare-king rule is a game-end rule
 * and is tested with the game rules, not here. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "testutil.h"

enum { WHITE = 0, BLACK = 1 };

static void set_pool(Position *pos, int player, char letter, int n)
{
    pos->pool[player][pos->v->kind_of_letter[(int)letter]] = (uint8_t)n;
    pos->hash = pos_compute_hash(pos);
}

static int pool(const Position *pos, int player, char letter)
{
    return pos->pool[player][pos->v->kind_of_letter[(int)letter]];
}

/* --- the file ------------------------------------------------------------------------------ */

static void test_file(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    assert_int_equal(v->board.ncells, 38);
    assert_int_equal(v->ntypes, 5);
    assert_true(v->reconstructed);
    assert_true(v->notes[0] != 0);
    assert_int_equal(v->stalemate, STALEMATE_DRAW);
    assert_int_equal(v->bare_king, BARE_WIN_UNLESS_REPLY);
    assert_true(v->has_pools && v->has_rifle);
    assert_false(v->has_ep || v->ncastles || v->has_hands);
    /* Black is White turned 180 degrees: (f, r) -> (7 - f, 11 - r) */
    for (Cell c = 1; c <= v->board.ncells; c++) {
        Piece p = v->setup[c];
        if (!p || PIECE_OWNER(p) != WHITE) continue;
        const char *n = v->board.name[c];
        char img[16];
        snprintf(img, sizeof img, "%c%d", 'a' + 7 - (n[0] - 'a'), 11 - atoi(n + 1));
        assert_int_equal(v->setup[tu_cell(v, img)], MAKE_PIECE(BLACK, PIECE_KIND(p)));
    }
    variant_free(v);
}

/* --- the short pieces ---------------------------------------------------------------------- */

static void test_pieces(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    tu_setup(&pos, v, "White: N e3", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e3")), "b1 b2 c4 d5 f6");
    tu_setup(&pos, v, "White: B e3", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e3")), "a1 c2 c5 d4");
    tu_setup(&pos, v, "White: B e4", WHITE);
    assert_true(tu_has_move(&pos, "e4-f6"));
    tu_setup(&pos, v, "White: B c5", WHITE);
    assert_true(tu_has_move(&pos, "c5-d7"));
    tu_setup(&pos, v, "White: R a3", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "a3")), "a1 a2 b3 b4 c3 c5 d3 d6 e3 e7");
    assert_false(tu_has_move(&pos, "a3-f8"));
    variant_free(v);
}

/* --- the king ------------------------------------------------------------------------------ */

static void test_king_moves(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    tu_setup(&pos, v, "White: K b1; Black: K g10", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "b1")), "a1 b2 c1 c2");
    tu_setup(&pos, v, "White: K c3; Black: K g10", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "c3")), "a1 b2 c1 c2");
    /* every castle cell reaches the four others except the one a bishop step away */
    static const char *castle[2][6] = {{"a1", "b1", "c1", "b2", "c2", "c3"},
                                       {"h10", "g10", "f10", "g9", "f9", "f8"}};
    static const char *hole[2][6] = {{"c2", "c3", "b2", "c1", "a1", "b1"},
                                     {"f9", "f8", "g9", "f10", "h10", "g10"}};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 6; i++) {
            char desc[64], want[64] = "";
            snprintf(desc, sizeof desc, "%s: K %s; %s: K %s", side ? "Black" : "White",
                     castle[side][i], side ? "White" : "Black", side ? "b1" : "g10");
            tu_setup(&pos, v, desc, side);
            for (int j = 0; j < 6; j++) {
                if (j == i || !strcmp(castle[side][j], hole[side][i])) continue;
                if (want[0]) strcat(want, " ");
                strcat(want, castle[side][j]);
            }
            assert_string_equal(tu_sorted(tu_targets(&pos, castle[side][i])), tu_sorted(want));
        }
    /* a range-2 move needs its middle cell empty, whoever stands there */
    tu_setup(&pos, v, "White: K a1, N b2; Black: K g10", WHITE);
    assert_false(tu_has_move(&pos, "a1-c3"));
    tu_setup(&pos, v, "White: K a1; Black: K g10, N b2", WHITE);
    assert_false(tu_has_move(&pos, "a1-c3"));
    assert_true(tu_has_move(&pos, "a1xb2"));
    /* the king never leaves the castle: c4 and d4 are not moves from c3, empty or not */
    tu_setup(&pos, v, "White: K c3; Black: K g10", WHITE);
    assert_false(tu_has_move(&pos, "c3-c4") || tu_has_move(&pos, "c3-d4"));
    tu_setup(&pos, v, "White: K c3; Black: K g10, N c4 d4", WHITE);
    assert_false(tu_has_move(&pos, "c3xc4") || tu_has_move(&pos, "c3xd4"));
    assert_true(tu_has_move(&pos, "c3!c4") && tu_has_move(&pos, "c3!d4"));
    /* an enemy on a castle cell is taken by an ordinary king move */
    tu_setup(&pos, v, "White: K c3; Black: K g10, N c1", WHITE);
    assert_true(tu_has_move(&pos, "c3xc1"));
    variant_free(v);
}

static void test_king_capture_in_place(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    tu_setup(&pos, v, "White: K c3; Black: K g10, N d4", WHITE);
    Move m = tu_find_move(&pos, "c3!d4");
    assert_int_equal(m.kind, MOVE_RIFLE);
    Undo u;
    play_move(&pos, m, &u);
    assert_int_equal(pos.board[tu_cell(v, "c3")], MAKE_PIECE(WHITE, v->kind_of_letter['K']));
    assert_int_equal(pos.board[tu_cell(v, "d4")], 0);
    assert_int_equal(pos.royal[WHITE], tu_cell(v, "c3"));
    /* the knight went to its owner's pool like any captured piece */
    assert_int_equal(pool(&pos, BLACK, 'N'), 1);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u);
    assert_int_equal(pool(&pos, BLACK, 'N'), 0);
    assert_int_equal(pos.board[tu_cell(v, "d4")], MAKE_PIECE(BLACK, v->kind_of_letter['N']));

    tu_setup(&pos, v, "White: K a1; Black: K g10, P a2", WHITE);
    assert_true(tu_has_move(&pos, "a1!a2"));

    /* a king on b1 touches only castle cells: he never captures in place */
    tu_setup(&pos, v, "White: K b1; Black: K g10, N a1 c1 b2 c2", WHITE);
    assert_string_equal(tu_moves(&pos, "b1"), "b1xa1 b1xb2 b1xc1 b1xc2");

    /* which outside cells each castle cell touches (peanut.md), for both sides; a lone enemy
     * knight next to the king never gives check, so the capture is always legal */
    static const struct {
        const char *king, *touches;
    } touch[2][6] = {
        {{"a1", "a2"},
         {"b1", ""},
         {"c1", "d2"},
         {"b2", "a2 b3"},
         {"c2", "d2 d3"},
         {"c3", "b3 c4 d3 d4"}},
        {{"h10", "h9"},
         {"g10", ""},
         {"f10", "e9"},
         {"g9", "g8 h9"},
         {"f9", "e8 e9"},
         {"f8", "e7 e8 f7 g8"}},
    };
    static const char *outside[2] = {"a2 b3 c4 d4 d3 d2", "h9 g8 f7 e7 e8 e9"};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 6; i++) {
            char list[64], *save = NULL, got[64] = "";
            snprintf(list, sizeof list, "%s", outside[side]);
            for (char *x = strtok_r(list, " ", &save); x; x = strtok_r(NULL, " ", &save)) {
                char desc[96], rifle[16];
                snprintf(desc, sizeof desc, "%s: K %s; %s: K %s, N %s", side ? "Black" : "White",
                         touch[side][i].king, side ? "White" : "Black", side ? "b1" : "g10", x);
                tu_setup(&pos, v, desc, side);
                snprintf(rifle, sizeof rifle, "%s!%s", touch[side][i].king, x);
                if (tu_has_move(&pos, rifle)) {
                    if (got[0]) strcat(got, " ");
                    strcat(got, x);
                }
            }
            assert_string_equal(tu_sorted(got), tu_sorted(touch[side][i].touches));
        }
    variant_free(v);
}

static void test_king_attacks(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    /* the king attacks the castle cells he could move to and the outside cells he could
     * capture on in place, nothing else */
    tu_setup(&pos, v, "White: K c3; Black: K g10", WHITE);
    static const char *attacked = "a1 b2 c1 c2 b3 c4 d3 d4";
    for (Cell c = 1; c <= v->board.ncells; c++) {
        char name[16];
        snprintf(name, sizeof name, " %s ", v->board.name[c]);
        char list[64];
        snprintf(list, sizeof list, " %s ", attacked);
        assert_int_equal(attacked_by(&pos, c, WHITE), strstr(list, name) != NULL);
    }
    /* he may pass an attacked cell but not stop on one: the bishop on d4 attacks c2 but
     * neither c1 nor b2 nor a1, and the king takes it in place */
    tu_setup(&pos, v, "White: K c3; Black: K g10, B d4", WHITE);
    assert_string_equal(tu_moves(&pos, "c3"), "c3!d4 c3-a1 c3-b2 c3-c1");
    variant_free(v);
}

/* --- pawns --------------------------------------------------------------------------------- */

static void test_pawns(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    tu_setup(&pos, v, "White: K b1, P b4 d4 e4; Black: K g10", WHITE);
    assert_string_equal(tu_targets(&pos, "b4"), "c5");
    assert_string_equal(tu_sorted(tu_targets(&pos, "d4")), "d5 e5");
    assert_string_equal(tu_targets(&pos, "e4"), "e5");
    tu_setup(&pos, v, "White: K b1, P e8; Black: K g10", WHITE);
    assert_string_equal(tu_moves(&pos, "e8"), "e8-e9 e8-f9");
    /* moving and capturing alike, only forward */
    tu_setup(&pos, v, "White: K b1, P d4; Black: K g10, P d5 e5 c4 e4 d3", WHITE);
    assert_string_equal(tu_moves(&pos, "d4"), "d4xd5 d4xe5");
    /* Black's forward is (0,-1) and (-1,-1) */
    tu_setup(&pos, v, "White: K b1; Black: K g10, P e7 d7", BLACK);
    assert_string_equal(tu_moves(&pos, "e7"), "e7-d6 e7-e6");
    assert_string_equal(tu_moves(&pos, "d7"), "d7-d6"); /* c6 is not a cell */
    /* both c4 and d4 step to d5: two moves, one from each pawn */
    pos_init(&pos, v);
    MoveList ml;
    gen_legal(&pos, &ml);
    int to_d5 = 0;
    for (int i = 0; i < ml.n; i++) to_d5 += ml.m[i].to == tu_cell(v, "d5");
    assert_int_equal(to_d5, 2);
    assert_true(tu_has_move(&pos, "c4-d5") && tu_has_move(&pos, "d4-d5"));
    variant_free(v);
}

/* --- promotion from the pool --------------------------------------------------------------- */

static void test_promotion(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    /* an empty pool: no move onto the last rank, yet the pawn gives check there */
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8", WHITE);
    assert_int_equal(tu_count_from(&pos, "g9"), 0);
    tu_setup(&pos, v, "White: K b1, P g9; Black: K g10", BLACK);
    assert_true(in_check(&pos));
    tu_setup(&pos, v, "White: K b1, P g9; Black: K h10", BLACK);
    assert_true(in_check(&pos));
    /* with a rook in the pool: one =R move to each cell, and nothing else */
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8", WHITE);
    set_pool(&pos, WHITE, 'R', 1);
    assert_string_equal(tu_moves(&pos, "g9"), "g9-g10=R g9-h10=R");
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8, N h10", WHITE);
    set_pool(&pos, WHITE, 'R', 1);
    assert_string_equal(tu_moves(&pos, "g9"), "g9-g10=R g9xh10=R");
    /* two captured rooks still give one =R move; a bishop adds =B */
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8", WHITE);
    set_pool(&pos, WHITE, 'R', 2);
    set_pool(&pos, WHITE, 'B', 1);
    assert_string_equal(tu_moves(&pos, "g9"), "g9-g10=B g9-g10=R g9-h10=B g9-h10=R");
    /* promotion is optional on entering the zone (rank 8) and within it (rank 9) */
    tu_setup(&pos, v, "White: K b1, P e7; Black: K g10", WHITE);
    set_pool(&pos, WHITE, 'B', 1);
    assert_string_equal(tu_moves(&pos, "e7"), "e7-e8 e7-e8=B e7-f8 e7-f8=B");
    tu_setup(&pos, v, "White: K b1, P e8; Black: K g10", WHITE);
    set_pool(&pos, WHITE, 'N', 1);
    assert_string_equal(tu_moves(&pos, "e8"), "e8-e9 e8-e9=N e8-f9 e8-f9=N");
    /* outside the zone there is nothing to choose; Black's own pool does not count */
    tu_setup(&pos, v, "White: K b1, P e6; Black: K g10", WHITE);
    set_pool(&pos, WHITE, 'R', 1);
    set_pool(&pos, BLACK, 'N', 1);
    assert_string_equal(tu_moves(&pos, "e6"), "e6-e7 e6-f7");
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8", WHITE);
    set_pool(&pos, BLACK, 'R', 1);
    assert_int_equal(tu_count_from(&pos, "g9"), 0);
    /* Black promotes on ranks 3 to 1, forced on rank 1 */
    tu_setup(&pos, v, "White: K a1; Black: K g10, P c2", BLACK);
    assert_int_equal(tu_count_from(&pos, "c2"), 0);
    set_pool(&pos, BLACK, 'N', 1);
    assert_string_equal(tu_moves(&pos, "c2"), "c2-b1=N c2-c1=N");
    tu_setup(&pos, v, "White: K a1; Black: K g10, P d4", BLACK);
    set_pool(&pos, BLACK, 'R', 1);
    assert_string_equal(tu_moves(&pos, "d4"), "d4-c3 d4-c3=R d4-d3 d4-d3=R");
    variant_free(v);
}

static void test_pool_bookkeeping(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    Undo u1, u2;
    /* promotion takes the piece out of the pool; capturing it puts it back */
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f10", WHITE);
    set_pool(&pos, WHITE, 'R', 1);
    play_move(&pos, tu_find_move(&pos, "g9-g10=R"), &u1);
    assert_int_equal(pool(&pos, WHITE, 'R'), 0);
    assert_int_equal(pos.board[tu_cell(v, "g10")], MAKE_PIECE(WHITE, v->kind_of_letter['R']));
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    assert_true(in_check(&pos));
    play_move(&pos, tu_find_move(&pos, "f10xg10"), &u2);
    assert_int_equal(pool(&pos, WHITE, 'R'), 1);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u2);
    assert_int_equal(pool(&pos, WHITE, 'R'), 0);
    pos_unmake(&pos, &u1);
    assert_int_equal(pool(&pos, WHITE, 'R'), 1);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    /* pawns and kings never go to a pool */
    tu_setup(&pos, v, "White: K b1, N c4; Black: K g10, P d7", WHITE);
    play_move(&pos, tu_find_move(&pos, "c4xd7"), &u1);
    for (int k = 1; k <= v->ntypes; k++) assert_int_equal(pos.pool[BLACK][k], 0);
    /* the pools are part of the position string */
    char fen[FEN_MAX], err[256];
    Position back;
    tu_setup(&pos, v, "White: K b1, P g9; Black: K f8", WHITE);
    set_pool(&pos, WHITE, 'R', 2);
    set_pool(&pos, BLACK, 'B', 1);
    fen_write(&pos, fen, sizeof fen);
    assert_true(fen_read(&back, v, fen, err, sizeof err));
    assert_memory_equal(back.pool, pos.pool, sizeof pos.pool);
    assert_int_equal(back.hash, pos.hash);
    variant_free(v);
}

/* --- mate with a test-only queen ------------------------------------------------------------- */

/* peanut.ini with one more piece, the queen of the page's design notes (not part of the
 * game), so that the mate pattern runs against the real king and castle definitions. */
static Variant *peanut_with_queen(void)
{
    static char text[16384];
    char path[1024];
    const char *dir = getenv("VARIANTS_DIR");
    snprintf(path, sizeof path, "%s/peanut.ini", dir ? dir : "variants");
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    size_t n = fread(text, 1, sizeof text - 200, f);
    fclose(f);
    text[n] = 0;
    strcat(text, "\n[piece Q]\nname = Queen\nmoves = W* F*\n");
    return tu_variant_text(text);
}

static void test_mate_pattern(void **state)
{
    (void)state;
    Variant *v = peanut_with_queen();
    Position pos;
    tu_setup(&pos, v, "White: K b1, Q e8; Black: K g9, R h10", BLACK);
    assert_true(in_check(&pos));
    assert_int_equal(count_legal(&pos), 0);
    tu_setup(&pos, v, "White: K b1, Q e8; Black: K g10, R h10", BLACK);
    assert_true(in_check(&pos));
    assert_int_equal(count_legal(&pos), 0);
    tu_setup(&pos, v, "White: K b1, Q e8; Black: K g9", BLACK);
    assert_true(in_check(&pos));
    assert_string_equal(tu_moves(&pos, NULL), "g9-h10");
    variant_free(v);
}

/* --- the starting array and perft ------------------------------------------------------------ */

static void test_start(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    pos_init(&pos, v);
    assert_string_equal(tu_moves(&pos, NULL),
                        tu_sorted("b4-c5 c4-c5 c4-d5 d4-d5 d4-e5 e4-e5 a2-c5 a2-d3 d2-b3 d2-e5 "
                                  "b2-a3 b2-d3 c2-b3 c2-e3"));
    assert_int_equal(
        tu_count_from(&pos, "a1") + tu_count_from(&pos, "b1") + tu_count_from(&pos, "c1"), 0);
    variant_free(v);
}

static void test_perft(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    Position pos;
    pos_init(&pos, v);
    assert_int_equal(perft(&pos, 1), 14);
    assert_int_equal(perft(&pos, 2), 196);
    assert_int_equal(perft(&pos, 3), 3080);
    variant_free(v);
}

/* --- consistency ------------------------------------------------------------------------------ */

/* Random games long enough to reach promotions from the pool and captures in place: every
 * move unmakes to the identical position, keys agree with recomputed ones, the position
 * string reads back, and the legality shortcut agrees with making each move. */
static void test_consistency(void **state)
{
    (void)state;
    Variant *v = tu_variant("peanut");
    int rifles = 0, promotions = 0;
    for (int game = 0; game < 60; game++) {
        Position pos;
        pos_init(&pos, v);
        for (int ply = 0; ply < 200; ply++) {
            MoveList legal;
            tu_check_legality(&pos, &legal);
            if (!legal.n) break;
            Move m = legal.m[tu_rand() % (unsigned)legal.n];
            rifles += m.kind == MOVE_RIFLE;
            promotions += m.promo != 0;
            Undo u;
            tu_check_move(&pos, m, &u);
        }
    }
    /* the games did exercise the rare moves */
    assert_true(rifles > 0);
    assert_true(promotions > 0);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file),         cmocka_unit_test(test_pieces),
        cmocka_unit_test(test_king_moves),   cmocka_unit_test(test_king_capture_in_place),
        cmocka_unit_test(test_king_attacks), cmocka_unit_test(test_pawns),
        cmocka_unit_test(test_promotion),    cmocka_unit_test(test_pool_bookkeeping),
        cmocka_unit_test(test_mate_pattern), cmocka_unit_test(test_start),
        cmocka_unit_test(test_perft),        cmocka_unit_test(test_consistency),
    };
    tu_seed(0x9e3779b97f4a7c15ULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
