/* unit_cyclohexane.c — variants/cyclohexane.ini against cyclohexane.md: the ring board and
 * its bindings, the reconstructed array, the test vectors (Red's 38 first moves, the Broker
 * rank cases), forbidden ranks that are neither entered nor attacked, en passant with three
 * players for both Broker directions, promotion, the three-player rules of check and
 * elimination with the document's example, game results and placings, position strings and
 * PGN records. Expected values are worked out by hand from the document (doubled coordinates
 * f = file index, x = 2(n - 1) + (f mod 2)); the derivations are in the comments. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "game.h"
#include "pgn.h"
#include "testutil.h"

enum { RED = 0, YELLOW = 1, BLUE = 2 };

static Piece piece(const Variant *v, int owner, char letter)
{
    return MAKE_PIECE(owner, v->kind_of_letter[(int)letter]);
}

/* --- the board -------------------------------------------------------------------------------- */

static void test_board(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    const Board *b = &v->board;
    assert_int_equal(b->ncells, 120);
    assert_int_equal(v->nplayers, 3);
    assert_string_equal(v->player_name[RED], "Red");
    assert_string_equal(v->player_name[YELLOW], "Yellow");
    assert_string_equal(v->player_name[BLUE], "Blue");
    assert_true(v->reconstructed);
    assert_true(strstr(v->notes, "rebuilt") || strstr(v->notes, "reconstruct"));
    assert_int_equal(v->ncastles, 0);
    /* five rings of 24, each a row of the position string, cell 1 first */
    for (int f = 0; f < 5; f++)
        for (int n = 1; n <= 24; n++) {
            char name[8];
            snprintf(name, sizeof name, "%c%d", 'a' + f, n);
            Cell c = tu_cell(v, name);
            assert_int_equal(c, f * 24 + n);
            /* bindings: (n + 2) mod 3 on a, c, e and (n + 1) mod 3 on b, d */
            assert_int_equal(b->colour[c], (n + (f % 2 ? 1 : 2)) % 3);
        }
    assert_int_equal(board_cell(b, "a25"), NO_CELL);
    assert_int_equal(board_cell(b, "f1"), NO_CELL);
    /* orthogonal neighbours differ, hex-diagonal neighbours match, across the wrap too */
    for (Cell c = 1; c <= b->ncells; c++)
        for (int d = 0; d < b->ndirs; d++) {
            Cell t = board_step(b, c, d);
            if (!t || b->dir[d].atom == 'N') continue;
            if (b->dir[d].atom == 'W')
                assert_int_not_equal(b->colour[t], b->colour[c]);
            else
                assert_int_equal(b->colour[t], b->colour[c]);
        }
    variant_free(v);
}

/* The array of the document's table; Yellow and Blue are Red turned 8 and 16 cells on. */
static void test_start_array(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    static const char *red[] = {"R a3 e3", "U c2 c3 c4",       "S b2 b3",         "G d2",
                                "D d3",    "C a2 b1 c1 d1 e2", "A a4 b4 c5 d4 e4"};
    Piece want[MAX_CELLS + 1] = {0};
    for (int p = 0; p < 3; p++)
        for (size_t i = 0; i < sizeof red / sizeof red[0]; i++) {
            char buf[64], *save = NULL;
            snprintf(buf, sizeof buf, "%s", red[i]);
            char letter = buf[0];
            for (char *t = strtok_r(buf + 2, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
                char name[8];
                snprintf(name, sizeof name, "%c%d", t[0], atoi(t + 1) + 8 * p);
                want[tu_cell(v, name)] = piece(v, p, letter);
            }
        }
    int men = 0;
    for (Cell c = 1; c <= v->board.ncells; c++) {
        assert_int_equal(v->setup[c], want[c]);
        men += v->setup[c] != 0;
    }
    assert_int_equal(men, 57);
    Position pos;
    pos_init(&pos, v);
    assert_int_equal(pos_players_left(&pos), 3);
    assert_int_equal(pos.royal[RED], tu_cell(v, "d2"));
    assert_int_equal(pos.royal[YELLOW], tu_cell(v, "d10"));
    assert_int_equal(pos.royal[BLUE], tu_cell(v, "d18"));
    /* nobody is attacked at the start */
    for (int p = 0; p < 3; p++)
        for (int q = 0; q < 3; q++)
            if (p != q) assert_false(attacked_by(&pos, pos.royal[p], q));
    variant_free(v);
}

/* --- pieces on an empty board ----------------------------------------------------------------- */

static int targets_alone(const Variant *v, char letter, const char *at)
{
    Position pos;
    char desc[64];
    snprintf(desc, sizeof desc, "Red: %c %s", letter, at);
    tu_setup(&pos, v, desc, RED);
    /* without a Grandduke Red is never in check: every move of the piece is legal */
    return tu_count_from(&pos, at);
}

static void test_empty_board(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    /* per file a..e; every cell of the ring, so that the wrap is crossed:
     * Sennight: (+-1,+-5) (+-2,+-4) (+-3,+-1) with the file kept in 0..4: 6 from a, e; 8 from
     * b, c, d. Grandduke: 4 orthogonal + 3 diagonal from a, e; 11 from b, d; 12 from c.
     * Rook: 23 cells along the ring (22 steps each way, one set) and 8 across: 31 from every
     * cell. Unicorn: straight across 2/1/2/1/2 plus 8 slanting. Duchess: both. */
    static const int sennight[5] = {6, 8, 8, 8, 6}, grandduke[5] = {7, 11, 12, 11, 7};
    static const int rook[5] = {31, 31, 31, 31, 31}, unicorn[5] = {10, 9, 10, 9, 10};
    for (int f = 0; f < 5; f++)
        for (int n = 1; n <= 24; n++) {
            char at[8];
            snprintf(at, sizeof at, "%c%d", 'a' + f, n);
            assert_int_equal(targets_alone(v, 'S', at), sennight[f]);
            assert_int_equal(targets_alone(v, 'G', at), grandduke[f]);
            assert_int_equal(targets_alone(v, 'R', at), rook[f]);
            assert_int_equal(targets_alone(v, 'U', at), unicorn[f]);
            assert_int_equal(targets_alone(v, 'D', at), rook[f] + unicorn[f]);
        }
    Position pos;
    /* the Sennight on b2: (-1,-5) wraps to a24, (+2,-4) to d24 */
    tu_setup(&pos, v, "Red: S b2", RED);
    assert_string_equal(tu_moves(&pos, "b2"), tu_sorted("b2-a5 b2-a24 b2-c5 b2-c24 b2-d4 b2-d24 "
                                                        "b2-e2 b2-e3"));
    /* the Rook goes round the ring both ways; a blocker stops both rays */
    tu_setup(&pos, v, "Red: R a1; Yellow: U a12", RED);
    assert_true(tu_has_move(&pos, "a1xa12") && tu_has_move(&pos, "a1-a13") &&
                tu_has_move(&pos, "a1-a11"));
    assert_int_equal(tu_count_from(&pos, "a1"), 31);
    tu_setup(&pos, v, "Red: R a1, U a12", RED);
    assert_int_equal(tu_count_from(&pos, "a1"), 30);
    /* with its own piece on a2 the Rook reaches a3 only the long way, in exactly 22 steps;
     * one more (23) would be a2 */
    tu_setup(&pos, v, "Red: R a1, U a2", RED);
    assert_true(tu_has_move(&pos, "a1-a3") && tu_has_move(&pos, "a1-a24"));
    assert_int_equal(tu_count_from(&pos, "a1"), 22 + 8);
    tu_setup(&pos, v, "Red: D a1, U a2", RED);
    assert_true(tu_has_move(&pos, "a1-a3"));
    variant_free(v);
}

/* --- the starting position -------------------------------------------------------------------- */

static void test_red_first_moves(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    pos_init(&pos, v);
    assert_string_equal(tu_moves(&pos, NULL),
                        tu_sorted(
                            /* 10 single and 10 double Broker steps */
                            "a2-a1 a2-a24 b1-b24 b1-b23 c1-c24 c1-c23 d1-d24 d1-d23 e2-e1 e2-e24 "
                            "a4-a5 a4-a6 b4-b5 b4-b6 c5-c6 c5-c7 d4-d5 d4-d6 e4-e5 e4-e6 "
                            /* Unicorns, Sennights, Grandduke, Duchess */
                            "c2-a23 c2-b24 c2-d24 c2-e23 c4-a7 c4-b5 c4-d5 c4-e7 "
                            "b2-a24 b2-a5 b2-c24 b2-d24 b3-a1 b3-a6 b3-c6 b3-d5 d2-e1 d3-e5"));
    assert_int_equal(count_legal(&pos), 38);
    assert_int_equal(tu_count_kind(&pos, MOVE_DOUBLE), 10);
    assert_int_equal(tu_count_from(&pos, "a3") + tu_count_from(&pos, "e3"), 0);
    /* the double steps leave the passed cell as their en passant cell */
    Move m = tu_find_move(&pos, "c1-c23");
    assert_int_equal(m.kind, MOVE_DOUBLE);
    assert_int_equal(m.extra, tu_cell(v, "c24"));
    /* Yellow and Blue are Red turned: the same 38 moves, 8 and 16 cells on */
    for (int p = 1; p < 3; p++) {
        pos_init(&pos, v);
        pos.stm = (uint8_t)p;
        pos.hash = pos_compute_hash(&pos);
        assert_int_equal(count_legal(&pos), 38);
    }
    pos_init(&pos, v);
    assert_int_equal(perft(&pos, 1), 38);
    assert_int_equal(perft(&pos, 2), 1443);
    variant_free(v);
}

/* --- Broker ranks, promotion and the forbidden rank ------------------------------------------- */

static void test_broker_ranks(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    /* Red anticlockwise on c11 (rank 10): c12 (rank 11) promotes, b12/d12 (rank 12) are
     * forbidden; captures are (+-1,+3): c11 = (2,20) -> (1,23) b12 and (3,23) d12 */
    tu_setup(&pos, v, "Red: G e1, A c11; Yellow: G a16, S b12 d12; Blue: G e22", RED);
    assert_string_equal(tu_moves(&pos, "c11"), "c11-c12=D c11-c12=R c11-c12=S c11-c12=U");
    /* on d10 (rank 10): d11 and the capture on c12 (rank 11) promote, e12 (rank 12) is out */
    tu_setup(&pos, v, "Red: G e1, A d10; Yellow: G a16, S c12 e12; Blue: G e22", RED);
    assert_string_equal(tu_moves(&pos, "d10"), "d10-d11=D d10-d11=R d10-d11=S d10-d11=U "
                                               "d10xc12=D d10xc12=R d10xc12=S d10xc12=U");
    /* clockwise, the mirror image: promote on a19 b18 c18 d18 e19, never enter a18 b17 c17
     * d17 e18; captures (+-1,-3): c19 = (2,36) -> b17, d17; d19 = (3,37) -> c18, e18 */
    tu_setup(&pos, v, "Red: G e1, C c19; Yellow: G a16, S b17 d17; Blue: G e8", RED);
    assert_string_equal(tu_moves(&pos, "c19"), "c19-c18=D c19-c18=R c19-c18=S c19-c18=U");
    tu_setup(&pos, v, "Red: G e1, C d19; Yellow: G a16, S c18 e18; Blue: G e8", RED);
    assert_string_equal(tu_moves(&pos, "d19"), "d19-d18=D d19-d18=R d19-d18=S d19-d18=U "
                                               "d19xc18=D d19xc18=R d19xc18=S d19xc18=U");
    /* one rank short of the promotion rank nothing is forced */
    tu_setup(&pos, v, "Red: G e1, A c10; Yellow: G a16, S b11; Blue: G e22", RED);
    assert_string_equal(tu_moves(&pos, "c10"), "c10-c11 c10xb11=D c10xb11=R c10xb11=S c10xb11=U");
    /* Yellow (k = 8): anticlockwise promote on c20, forbidden b20 d20 */
    tu_setup(&pos, v, "Red: G e1, S b20 d20; Yellow: G a16, A c19; Blue: G e8", YELLOW);
    assert_string_equal(tu_moves(&pos, "c19"), "c19-c20=D c19-c20=R c19-c20=S c19-c20=U");
    tu_setup(&pos, v, "Red: G e1, S c20 e20; Yellow: G a16, A d18; Blue: G e8", YELLOW);
    assert_string_equal(tu_moves(&pos, "d18"), "d18-d19=D d18-d19=R d18-d19=S d18-d19=U "
                                               "d18xc20=D d18xc20=R d18xc20=S d18xc20=U");
    /* Yellow clockwise (C = 9 + rank): promote on a3 b2 c2 d2 e3, forbidden a2 b1 c1 d1 e2 */
    tu_setup(&pos, v, "Red: G e1, S b1 d1; Yellow: G a16, C c3; Blue: G e8", YELLOW);
    assert_string_equal(tu_moves(&pos, "c3"), "c3-c2=D c3-c2=R c3-c2=S c3-c2=U");
    /* Blue (k = 16) across the wrap: promote on a3 b3 c4 d3 e3, forbidden a4 b4 c5 d4 e4 */
    tu_setup(&pos, v, "Red: G e1, S b4 d4; Yellow: G a16; Blue: G e12, A c3", BLUE);
    assert_string_equal(tu_moves(&pos, "c3"), "c3-c4=D c3-c4=R c3-c4=S c3-c4=U");
    tu_setup(&pos, v, "Red: G e1, S c4 e4; Yellow: G a16; Blue: G e12, A d2", BLUE);
    assert_string_equal(tu_moves(&pos, "d2"), "d2-d3=D d2-d3=R d2-d3=S d2-d3=U "
                                              "d2xc4=D d2xc4=R d2xc4=S d2xc4=U");
    /* a Blue Broker on c24 (rank 23 = 7 + 16) steps to c1 and captures on b1, d1: the
     * ring wraps and nothing is promoted or forbidden there */
    tu_setup(&pos, v, "Red: G e1, S b1 d1; Yellow: G a16; Blue: G e12, A c24", BLUE);
    assert_string_equal(tu_moves(&pos, "c24"), "c24-c1 c24xb1 c24xd1");
    /* Blue clockwise promote on a11 b10 c10 d10 e11, forbidden a10 b9 c9 d9 e10 */
    tu_setup(&pos, v, "Red: G e1, S b9 d9; Yellow: G a16; Blue: G e22, C c11", BLUE);
    assert_string_equal(tu_moves(&pos, "c11"), "c11-c10=D c11-c10=R c11-c10=S c11-c10=U");
    /* a Broker never steps onto its forbidden rank, occupied or not */
    tu_setup(&pos, v, "Red: G e14, A b11; Yellow: G a16; Blue: G e22", RED);
    assert_int_equal(tu_count_from(&pos, "b11"), 0);
    variant_free(v);
}

static void test_promotion_choice(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u;
    static const char *kinds = "RUDS";
    for (int i = 0; i < 4; i++) {
        char text[32];
        tu_setup(&pos, v, "Red: G e14, A c11; Yellow: G a16; Blue: G e22", RED);
        pos.halfmove = 7;
        snprintf(text, sizeof text, "c11-c12=%c", kinds[i]);
        tu_play_text(&pos, text, &u);
        assert_int_equal(pos.board[tu_cell(v, "c12")], piece(v, RED, kinds[i]));
        assert_int_equal(pos.board[tu_cell(v, "c11")], 0);
        assert_int_equal(pos.halfmove, 0);
        assert_int_equal(pos.hash, pos_compute_hash(&pos));
        pos_unmake(&pos, &u);
        assert_int_equal(pos.board[tu_cell(v, "c11")], piece(v, RED, 'A'));
    }
    /* the promoted Rook is a Rook: from c12 it goes round the c ring */
    tu_setup(&pos, v, "Red: G e14, A c11; Yellow: G a16; Blue: G e22", RED);
    tu_play_text(&pos, "c11-c12=R", &u);
    pos_set_stm(&pos, RED);
    assert_true(tu_has_move(&pos, "c12-c1") && tu_has_move(&pos, "c12-c24"));
    variant_free(v);
}

/* Forbidden cells are not attacked: an unpromoted Broker could never capture there. */
static void test_forbidden_not_attacked(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u;
    /* Blue, checked by Red (the next player), stands on d12, Red's c11 Broker's forbidden
     * capture cell: no check */
    tu_setup(&pos, v, "Red: G e1, A c11; Yellow: G a16; Blue: G d12", BLUE);
    assert_false(in_check(&pos));
    assert_false(attacked_by(&pos, tu_cell(v, "d12"), RED));
    assert_false(attacked_by(&pos, tu_cell(v, "b12"), RED));
    assert_false(attacked_by(&pos, tu_cell(v, "c12"), RED)); /* a step is no capture */
    /* from c10 the capture cells b11/d11 are the promotion rank: check */
    tu_setup(&pos, v, "Red: G e1, A c10; Yellow: G a16; Blue: G d11", BLUE);
    assert_true(in_check(&pos));
    /* the same for clockwise Brokers: c19 does not attack b17/d17, c18 attacks b16/d16 */
    tu_setup(&pos, v, "Red: G e1, C c19; Yellow: G a16; Blue: G d17", BLUE);
    assert_false(in_check(&pos));
    tu_setup(&pos, v, "Red: G e1, C c18; Yellow: G a16; Blue: G d16", BLUE);
    assert_true(in_check(&pos));
    /* so Yellow's Grandduke on d12 survives Red's turn coming round ... */
    tu_setup(&pos, v, "Red: G e1, A c11; Yellow: G d12; Blue: G a20", BLUE);
    tu_play_text(&pos, "a20-a21", &u);
    assert_int_equal(pos_players_left(&pos), 3);
    assert_int_equal(pos.stm, RED);
    /* ... and on d11 in front of a Broker on c10 is taken out */
    tu_setup(&pos, v, "Red: G e1, A c10; Yellow: G d11; Blue: G a20", BLUE);
    tu_play_text(&pos, "a20-a21", &u);
    assert_int_equal(pos_players_left(&pos), 2);
    assert_int_equal(pos.nout, 1);
    assert_int_equal(pos.out[0], YELLOW);
    assert_int_equal(pos.board[tu_cell(v, "d11")], 0);
    assert_int_equal(pos.stm, RED);
    /* a Grandduke may step onto a cell that is only a forbidden capture of the next player */
    tu_setup(&pos, v, "Red: G e1, A c11; Yellow: G a16; Blue: G e12", BLUE);
    assert_true(tu_has_move(&pos, "e12-d12"));
    variant_free(v);
}

/* --- en passant with three players ------------------------------------------------------------ */

/* Red's anticlockwise Broker c5 double-steps over c6. Yellow's anticlockwise Broker on b4
 * captures (+1,+3) onto c6, Blue's clockwise Broker on d7 captures (-1,-3) onto c6. */
#define EP_A "Red: G e14, A c5; Yellow: G a16, A b4%s; Blue: G e22, C d7"

static void test_en_passant_anticlockwise(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u1, u2, u3, u4;
    char desc[128];
    snprintf(desc, sizeof desc, EP_A, "");
    tu_setup(&pos, v, desc, RED);
    Move dbl = tu_find_move(&pos, "c5-c7");
    assert_int_equal(dbl.kind, MOVE_DOUBLE);
    play_move(&pos, dbl, &u1);
    assert_non_null(strstr(tu_fen(&pos), " y c6:c7 - "));
    /* Yellow, first in turn order, may take */
    assert_true(tu_has_move(&pos, "b4xc6"));
    Move ep = tu_find_move(&pos, "b4xc6");
    assert_int_equal(ep.kind, MOVE_EP);
    assert_int_equal(ep.extra, tu_cell(v, "c7"));
    play_move(&pos, ep, &u2);
    assert_int_equal(pos.board[tu_cell(v, "c7")], 0);
    assert_int_equal(pos.board[tu_cell(v, "c6")], piece(v, YELLOW, 'A'));
    assert_int_equal(pos.halfmove, 0);
    /* the right is spent: Blue's d7xc6 now only takes Yellow's Broker */
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    assert_int_equal(tu_find_move(&pos, "d7xc6").kind, MOVE_NORMAL);
    tu_check_fen(&pos);
    pos_unmake(&pos, &u2);
    /* Yellow lets it pass: Blue, next, may take */
    tu_play_text(&pos, "a16-a17", &u2);
    assert_non_null(strstr(tu_fen(&pos), " b c6:c7 - "));
    assert_true(tu_has_move(&pos, "d7xc6"));
    assert_int_equal(tu_find_move(&pos, "d7xc6").kind, MOVE_EP);
    tu_play_text(&pos, "d7xc6", &u3);
    assert_int_equal(pos.board[tu_cell(v, "c7")], 0);
    assert_int_equal(pos.board[tu_cell(v, "c6")], piece(v, BLUE, 'C'));
    pos_unmake(&pos, &u3);
    /* nobody took: the right ends when Red's turn comes round */
    tu_play_text(&pos, "e22-e23", &u3);
    assert_non_null(strstr(tu_fen(&pos), " r - - "));
    tu_play_text(&pos, "e14-e15", &u4);
    assert_false(tu_has_move(&pos, "b4xc6"));
    variant_free(v);
}

static void test_en_passant_lapses(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u1, u2, u3;
    char desc[128];
    /* Yellow fills the passed cell (Sennight b8 -> c6): Blue's capture there is an ordinary
     * one of the Sennight, Red's Broker stays, and the right is gone from the position */
    snprintf(desc, sizeof desc, EP_A, ", S b8");
    tu_setup(&pos, v, desc, RED);
    tu_play_text(&pos, "c5-c7", &u1);
    tu_play_text(&pos, "b8-c6", &u2);
    assert_non_null(strstr(tu_fen(&pos), " b - - "));
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    assert_int_equal(tu_find_move(&pos, "d7xc6").kind, MOVE_NORMAL);
    tu_check_fen(&pos);
    tu_play_text(&pos, "d7xc6", &u3);
    assert_int_equal(pos.board[tu_cell(v, "c7")], piece(v, RED, 'A'));
    assert_int_equal(pos.board[tu_cell(v, "c6")], piece(v, BLUE, 'C'));
    pos_unmake(&pos, &u3);
    pos_unmake(&pos, &u2);
    pos_unmake(&pos, &u1);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    /* Yellow takes the double-stepped Broker (Sennight b9 x c7): nothing left to take */
    snprintf(desc, sizeof desc, EP_A, ", S b9");
    tu_setup(&pos, v, desc, RED);
    tu_play_text(&pos, "c5-c7", &u1);
    tu_play_text(&pos, "b9xc7", &u2);
    assert_false(tu_has_move(&pos, "d7xc6"));
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    assert_non_null(strstr(tu_fen(&pos), " b - - "));
    tu_check_fen(&pos);
    variant_free(v);
}

static void test_en_passant_clockwise(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u1, u2, u3;
    /* Red's clockwise Broker c1 double-steps to c23 over c24. Yellow's anticlockwise Broker
     * on b22 = (1,43) captures (+1,+3) onto (2,46) = c24; Blue's clockwise Broker on
     * d1 = (3,1) captures (-1,-3) onto c24 across the wrap. */
    tu_setup(&pos, v, "Red: G e14, C c1; Yellow: G a16, A b22; Blue: G e8, C d1", RED);
    Move dbl = tu_find_move(&pos, "c1-c23");
    assert_int_equal(dbl.kind, MOVE_DOUBLE);
    play_move(&pos, dbl, &u1);
    assert_non_null(strstr(tu_fen(&pos), " y c24:c23 - "));
    assert_int_equal(tu_find_move(&pos, "b22xc24").kind, MOVE_EP);
    tu_play_text(&pos, "b22xc24", &u2);
    assert_int_equal(pos.board[tu_cell(v, "c23")], 0);
    assert_int_equal(pos.board[tu_cell(v, "c24")], piece(v, YELLOW, 'A'));
    pos_unmake(&pos, &u2);
    tu_play_text(&pos, "a16-a15", &u2);
    assert_int_equal(tu_find_move(&pos, "d1xc24").kind, MOVE_EP);
    tu_play_text(&pos, "d1xc24", &u3);
    assert_int_equal(pos.board[tu_cell(v, "c23")], 0);
    assert_int_equal(pos.board[tu_cell(v, "c24")], piece(v, BLUE, 'C'));
    variant_free(v);
}

/* Promotion and the forbidden rank apply to an en passant capture as to any other. Cyclohexane's
 * own double steps never pass such a cell, so the rights are given directly. */
static void test_en_passant_promotion_rules(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u;
    /* b10 = (1,19) captures (+1,+3) onto c12, Red's promotion rank */
    tu_setup(&pos, v, "Red: G e14, A b10; Yellow: G a16, C c11; Blue: G e22", RED);
    pos.ep[YELLOW] = (EpRight){tu_cell(v, "c12"), tu_cell(v, "c11")};
    pos.hash = pos_compute_hash(&pos);
    assert_string_equal(tu_moves(&pos, "b10"), "b10-b11=D b10-b11=R b10-b11=S b10-b11=U "
                                               "b10xc12=D b10xc12=R b10xc12=S b10xc12=U");
    tu_play_text(&pos, "b10xc12=S", &u);
    assert_int_equal(pos.board[tu_cell(v, "c11")], 0);
    assert_int_equal(pos.board[tu_cell(v, "c12")], piece(v, RED, 'S'));
    /* b11 = (1,21) would capture onto c13, the forbidden rank */
    tu_setup(&pos, v, "Red: G e14, A b11; Yellow: G a16, C c12; Blue: G e22", RED);
    pos.ep[YELLOW] = (EpRight){tu_cell(v, "c13"), tu_cell(v, "c12")};
    pos.hash = pos_compute_hash(&pos);
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    variant_free(v);
}

/* --- check, elimination and the end ----------------------------------------------------------- */

/* A move is illegal only if the next player could capture the mover's Grandduke. */
static void test_only_next_player(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u1, u2;
    /* Yellow's Rook on b20 sweeps the whole b ring, Blue's on d20 the whole d ring. The
     * Grandduke on c10 = (2,18) has 12 neighbours: c9 c11 d9 d10 b9 b10 (orthogonal), a10
     * e10 d8 d11 b8 b11 (diagonal). The b cells are Yellow's: out. The d cells are Blue's,
     * who moves after Yellow: allowed. */
    const char *desc = "Red: G c10; Yellow: G e2, R b20; Blue: G a2, R d20";
    tu_setup(&pos, v, desc, RED);
    assert_false(in_check(&pos));
    assert_string_equal(tu_sorted(tu_targets(&pos, "c10")),
                        tu_sorted("a10 c9 c11 d8 d9 d10 d11 e10"));
    /* standing where Blue could capture is no check for Red ... */
    tu_play_text(&pos, "c10-d10", &u1);
    assert_int_equal(pos_players_left(&pos), 3);
    assert_int_equal(pos.stm, YELLOW);
    /* ... but once Yellow has moved, Blue is the next player and could capture it: Red is
     * checkmated, his army leaves, and Blue (who delivered it) moves */
    tu_play_text(&pos, "e2-e3", &u2);
    assert_int_equal(pos_players_left(&pos), 2);
    assert_int_equal(pos.out[0], RED);
    assert_int_equal(pos.stm, BLUE);
    assert_int_equal(pos.royal[RED], NO_CELL);
    for (Cell c = 1; c <= v->board.ncells; c++)
        if (pos.board[c]) assert_int_not_equal(PIECE_OWNER(pos.board[c]), RED);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u2);
    assert_int_equal(pos.board[tu_cell(v, "d10")], piece(v, RED, 'G'));
    assert_int_equal(pos_players_left(&pos), 3);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    /* whether that capture would expose the capturer does not matter: Yellow's Sennight a14
     * = (0,26) is pinned on the a ring (Blue's Rook a4 would see Yellow's Grandduke a20;
     * the other way round Blue's own Grandduke a2 blocks), yet it still holds b11 =
     * (1,21), (+1,-5) away, against Red */
    tu_setup(&pos, v, "Red: G c10; Yellow: G a20, S a14; Blue: G a2, R a4", RED);
    assert_string_equal(tu_sorted(tu_targets(&pos, "c10")),
                        tu_sorted("a10 b8 b9 b10 c9 c11 d8 d9 d10 d11 e10"));
    tu_setup(&pos, v, "Red: G c10; Yellow: G a20, S a14; Blue: G a2, R a4", YELLOW);
    assert_int_equal(tu_count_from(&pos, "a14"), 0);
    variant_free(v);
}

/* After 1. Dd3-e5 Gd10-e9 Gd18-e17, Red's Duchess takes Yellow out and, with Yellow's
 * pieces gone, sees Blue's Grandduke on e17 (12 steps up the e ring): Blue is out too. */
static void test_elimination_example(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    char buf[256];
    game_init(&g, v, NULL);
    tu_game_move(&g, "d3-e5");
    tu_game_move(&g, "d10-e9");
    assert_false(g.result.over);
    assert_int_equal(pos_players_left(&g.pos), 3); /* Yellow may stand where Red attacks */
    tu_game_move(&g, "d18-e17");
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, RED);
    assert_int_equal(pos_players_left(&g.pos), 1);
    assert_int_equal(g.pos.nout, 2);
    assert_int_equal(g.pos.out[0], YELLOW);
    assert_int_equal(g.pos.out[1], BLUE);
    assert_int_equal(g.pos.stm, RED);
    /* only Red's 19 men are left */
    int men = 0;
    for (Cell c = 1; c <= v->board.ncells; c++)
        if (g.pos.board[c]) {
            assert_int_equal(PIECE_OWNER(g.pos.board[c]), RED);
            men++;
        }
    assert_int_equal(men, 19);
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "Red");
    game_placing(&g, buf, sizeof buf);
    assert_string_equal(buf, "Red, Blue, Yellow"); /* first out comes last */
    game_result_line(&g, buf, sizeof buf);
    assert_non_null(strstr(buf, "Red wins"));
    /* the record: Blue's own move ended the game, so it is marked # */
    assert_string_equal(g.plies[0].san, "De5");
    assert_string_equal(g.plies[1].san, "Ge9");
    assert_string_equal(g.plies[2].san, "Ge17#");
    char *text = pgn_write(&g);
    assert_non_null(strstr(text, "[Red \"?\"]\n[Yellow \"?\"]\n[Blue \"?\"]\n"));
    assert_non_null(strstr(text, "[Result \"Red\"]\n"));
    assert_non_null(strstr(text, "[Placing \"Red, Blue, Yellow\"]\n"));
    assert_non_null(strstr(text, "\n1. De5 Ge9 Ge17# Red\n"));
    assert_null(strstr(text, "[FEN"));
    free(text);
    /* undo brings both armies back */
    assert_true(game_undo(&g));
    assert_false(g.result.over);
    assert_int_equal(pos_players_left(&g.pos), 3);
    assert_int_equal(g.pos.board[tu_cell(v, "d18")], piece(v, BLUE, 'G'));
    assert_int_equal(g.pos.board[tu_cell(v, "e9")], piece(v, YELLOW, 'G'));
    game_free(&g);
    variant_free(v);
}

/* Yellow's Grandduke on a5 = (0,8) has 7 neighbours: a4 (Blue's Unicorn c4 straight across),
 * a6 (Blue's Sennight b8, (-1,-5)), b3 b4 b5 b6 (Blue's Rook b20 round the b ring up to the
 * Sennight), c5 (Blue's Rook c20 down the c ring). a5 itself is not attacked. */
#define BOXED "Yellow: G a5; Blue: G a14, R b20 c20, U c4, S b8"

static void test_no_legal_move(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u;
    tu_setup(&pos, v, "Red: G e14; " BOXED, YELLOW);
    assert_false(in_check(&pos));
    assert_int_equal(count_legal(&pos), 0);
    /* with three players in, a player without a legal move is eliminated and the turn
     * passes on */
    tu_setup(&pos, v, "Red: G e14; " BOXED, RED);
    tu_play_text(&pos, "e14-e15", &u);
    assert_int_equal(pos_players_left(&pos), 2);
    assert_int_equal(pos.nout, 1);
    assert_int_equal(pos.out[0], YELLOW);
    assert_int_equal(pos.stm, BLUE);
    assert_int_equal(pos.board[tu_cell(v, "a5")], 0);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    tu_check_fen(&pos);
    assert_non_null(strstr(tu_fen(&pos), " b - y 1 1"));
    pos_unmake(&pos, &u);
    assert_int_equal(pos_players_left(&pos), 3);
    assert_int_equal(pos.board[tu_cell(v, "a5")], piece(v, YELLOW, 'G'));
    /* then (a) again for the new player to move: Red stood where Blue could capture
     * (e19, Blue's Rook c20 via d19), legal while Yellow was next; Blue takes Red out too */
    Game g;
    char buf[128];
    tu_setup(&pos, v, "Red: G e18; " BOXED, RED);
    game_init(&g, v, &pos);
    tu_game_move(&g, "e18-e19");
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, BLUE);
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "Blue");
    game_placing(&g, buf, sizeof buf);
    assert_string_equal(buf, "Blue, Red, Yellow");
    assert_string_equal(g.plies[0].san, "Ge19#");
    game_free(&g);
    variant_free(v);
}

/* Red's move lets Yellow, the next player, capture Blue's Grandduke: Blue is checkmated and
 * Yellow, who delivered it, moves next. */
/* A position string is read as a position after a move: a player whose Grandduke the player
 * to move could capture is out before anyone moves (cyclohexane.md, "after each move"). */
static void test_settled_start(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    /* Red's Duchess on d11 slants (+1,+3) to Blue's Grandduke on e13 */
    tu_setup(&pos, v, "Red: G a3, D d11; Yellow: G e20, U c10; Blue: G e13", RED);
    game_init(&g, v, &pos);
    assert_int_equal(pos_players_left(&g.pos), 2);
    assert_int_equal(g.pos.out[0], BLUE);
    assert_int_equal(g.pos.stm, RED);
    assert_false(g.result.over);
    game_free(&g);
    variant_free(v);
}

static void test_discovered_elimination(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    /* Yellow's Unicorn c10 = (2,18) slants (+1,+3) to d11 (Red's Rook, which does not itself
     * attack e13: a Duchess there would, and Blue would be out before Red even moved) and
     * on to e13 */
    tu_setup(&pos, v, "Red: G a3, R d11; Yellow: G e20, U c10; Blue: G e13", RED);
    game_init(&g, v, &pos);
    tu_game_move(&g, "d11-d10");
    assert_false(g.result.over);
    assert_int_equal(pos_players_left(&g.pos), 2);
    assert_int_equal(g.pos.out[0], BLUE);
    assert_int_equal(g.pos.stm, YELLOW);
    assert_string_equal(g.plies[0].san, "Rd10#");
    /* Yellow moves, then Red (Blue's turn is skipped) */
    tu_game_move(&g, "e20-e19");
    assert_int_equal(g.pos.stm, RED);
    tu_game_move(&g, "a3-a4");
    assert_int_equal(g.pos.stm, YELLOW);
    assert_int_equal(g.pos.fullmove, 2);
    /* the record marks Blue's turns with -- and reads back to the same game */
    char *text = pgn_write(&g);
    assert_non_null(strstr(text, "\n1. Rd10# Ge19 -- 2. Ga4 *\n"));
    assert_null(strstr(text, "[Placing"));
    PgnReader r;
    PgnReport rep;
    Game back;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    assert_int_equal(rep.warnings, 0);
    assert_int_equal(back.nplies, 3);
    assert_memory_equal(back.pos.board, g.pos.board, sizeof g.pos.board);
    assert_int_equal(back.pos.hash, g.pos.hash);
    assert_int_equal(back.pos.stm, YELLOW);
    assert_int_equal(back.pos.nout, 1);
    game_free(&back);
    pgn_close(&r);
    free(text);
    game_free(&g);
    variant_free(v);
}

/* '+' marks a move after which the mover could capture some opponent's royal. */
static void test_check_mark(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    /* the Rook b5 = (1,9) steps (-1,-1) to a5 and sees Blue's Grandduke on a12 */
    tu_setup(&pos, v, "Red: G e14, R b5; Yellow: G c20; Blue: G a12", RED);
    game_init(&g, v, &pos);
    tu_game_move(&g, "b5-a5");
    assert_string_equal(g.plies[0].san, "Ra5+");
    assert_int_equal(pos_players_left(&g.pos), 3); /* Yellow is next, not Red */
    game_free(&g);
    variant_free(v);
}

/* With two players left, ordinary chess: checkmate wins, stalemate draws. Blue's Grandduke on
 * a1 = (0,0) has 7 neighbours: a2 a24 b1 b24 (orthogonal), c1 b2 b23 (diagonal). */
static void test_two_left(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    char buf[160];
    /* mate: the Rook e10 = (4,18) crosses (-1,+1) d10 c11 b11 to a12 and checks down the a
     * ring; a2 and a24 are on that ring, the b ring is the Rook b12's, c1 the Rook c12's */
    tu_setup(&pos, v, "Red: G e14, R b12 c12 e10; Blue: G a1", RED);
    tu_set_out(&pos, YELLOW);
    game_init(&g, v, &pos);
    assert_false(g.result.over);
    tu_game_move(&g, "e10-a12");
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, RED);
    assert_string_equal(g.result.termination, "checkmate");
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "Red");
    game_placing(&g, buf, sizeof buf);
    assert_string_equal(buf, "Red, Blue, Yellow");
    game_result_line(&g, buf, sizeof buf);
    assert_string_equal(buf, "result Red: Red wins by checkmate");
    assert_string_equal(g.plies[0].san, "Rea12#");
    char *text = pgn_write(&g);
    assert_non_null(strstr(text, "[Result \"Red\"]\n"));
    assert_non_null(strstr(text, "[Termination \"checkmate\"]\n"));
    assert_non_null(strstr(text, "[Placing \"Red, Blue, Yellow\"]\n"));
    assert_non_null(strstr(text, "[SetUp \"1\"]\n"));
    assert_non_null(strstr(text, " r - y 0 1\"]\n"));
    assert_non_null(strstr(text, "\n1. Rea12# Red\n"));
    PgnReader r;
    PgnReport rep;
    Game back;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    assert_true(back.result.over);
    assert_int_equal(back.result.winner, RED);
    assert_int_equal(back.start.nout, 1);
    assert_int_equal(back.start.out[0], YELLOW);
    char *again = pgn_write(&back);
    assert_string_equal(again, text);
    free(again);
    game_free(&back);
    pgn_close(&r);
    free(text);
    game_free(&g);

    /* stalemate: the Rook e2 = (4,2) crosses (-1,-1) to d1 c1 b24 a24, the Unicorn arriving
     * on c2 holds a2 straight across, the Rook b12 the b ring; nothing attacks a1 */
    tu_setup(&pos, v, "Red: G e14, R b12 e2, U e5; Blue: G a1", RED);
    tu_set_out(&pos, YELLOW);
    game_init(&g, v, &pos);
    tu_game_move(&g, "e5-c2");
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, -1);
    assert_string_equal(g.result.termination, "stalemate");
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "draw");
    game_placing(&g, buf, sizeof buf);
    assert_string_equal(buf, "Red = Blue, Yellow");
    game_result_line(&g, buf, sizeof buf);
    assert_string_equal(buf, "result draw: draw by stalemate");
    /* the move ends the game: '#' (spec README, three players) */
    assert_string_equal(g.plies[0].san, "Uc2#");
    text = pgn_write(&g);
    assert_non_null(strstr(text, "[Result \"draw\"]\n"));
    assert_non_null(strstr(text, "[Placing \"Red = Blue, Yellow\"]\n"));
    assert_non_null(strstr(text, "\n1. Uc2# draw\n"));
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    assert_true(back.result.over);
    assert_int_equal(back.result.winner, -1);
    game_free(&back);
    pgn_close(&r);
    free(text);
    game_free(&g);

    /* the same Blue position with three players in: no stalemate, Blue is eliminated when
     * his turn comes */
    tu_setup(&pos, v, "Red: G e14, R b12 e2, U e5; Yellow: G a16; Blue: G a1", RED);
    game_init(&g, v, &pos);
    tu_game_move(&g, "e5-c2");
    assert_false(g.result.over);
    assert_int_equal(pos_players_left(&g.pos), 3);
    assert_string_equal(g.plies[0].san, "Uc2");
    tu_game_move(&g, "a16-a17");
    assert_false(g.result.over);
    assert_int_equal(g.pos.stm, RED);
    assert_int_equal(g.pos.nout, 1);
    assert_int_equal(g.pos.out[0], BLUE);
    /* with Blue gone, Yellow now answers for Red's check */
    assert_int_equal(checker_of(&g.pos, RED), YELLOW);
    assert_string_equal(g.plies[1].san, "Ga17#");
    game_free(&g);
    variant_free(v);
}

/* 50 rounds without a capture, pawn move or promotion: 150 plies with three players in, 100
 * with two. */
static void test_move_rule(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    tu_setup(&pos, v, "Red: G e14; Yellow: G a16; Blue: G e22", RED);
    pos.halfmove = 148;
    game_init(&g, v, &pos);
    tu_game_move(&g, "e14-e15");
    assert_false(g.result.over);
    tu_game_move(&g, "a16-a17");
    assert_true(g.result.over);
    assert_string_equal(g.result.termination, "move rule");
    game_free(&g);
    tu_setup(&pos, v, "Red: G e14; Blue: G e22", RED);
    tu_set_out(&pos, YELLOW);
    pos.halfmove = 98;
    game_init(&g, v, &pos);
    tu_game_move(&g, "e14-e15");
    assert_false(g.result.over);
    tu_game_move(&g, "e22-e21");
    assert_true(g.result.over);
    game_free(&g);
    variant_free(v);
}

/* Threefold repetition with the same player to move: with three players a cycle of the
 * position takes six plies. */
static void test_repetition(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Game g;
    Position pos;
    static const char *cycle[6] = {"e14-e15", "a16-a17", "e22-e23",
                                   "e15-e14", "a17-a16", "e23-e22"};
    tu_setup(&pos, v, "Red: G e14; Yellow: G a16; Blue: G e22", RED);
    game_init(&g, v, &pos);
    for (int i = 0; i < 12; i++) {
        assert_false(g.result.over);
        tu_game_move(&g, cycle[i % 6]);
    }
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, -1);
    assert_string_equal(g.result.termination, "repetition");
    char buf[64];
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "draw");
    game_placing(&g, buf, sizeof buf);
    assert_string_equal(buf, "Red = Yellow = Blue");
    game_free(&g);
    variant_free(v);
}

/* --- position strings ------------------------------------------------------------------------- */

static void test_position_strings(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    Position pos;
    Undo u1, u2, u3;
    char err[300];
    /* the start, ring by ring from the array table; then side, en passant, players out,
     * half-move clock and move number */
    static const char *start = "1rCrRrA5yCyRyA5bCbRbA4/rCrSrSrA4yCySySyA4bCbSbSbA4/"
                               "rCrUrUrUrA3yCyUyUyUyA3bCbUbUbUbA3/rCrGrDrA4yCyGyDyA4bCbGbDbA4/"
                               "1rCrRrA5yCyRyA5bCbRbA4 r - - 0 1";
    pos_init(&pos, v);
    assert_string_equal(tu_fen(&pos), start);
    tu_check_fen(&pos);
    /* two en passant rights at once: Red's and Yellow's double steps both wait for Blue */
    tu_play_text(&pos, "c5-c7", &u1);
    tu_play_text(&pos, "c13-c15", &u2);
    assert_string_equal(tu_fen(&pos),
                        "1rCrRrA5yCyRyA5bCbRbA4/rCrSrSrA4yCySySyA4bCbSbSbA4/"
                        "rCrUrUrU2rA1yCyUyUyU2yA1bCbUbUbUbA3/rCrGrDrA4yCyGyDyA4bCbGbDbA4/"
                        "1rCrRrA5yCyRyA5bCbRbA4 b c6:c7,c14:c15 - 0 1");
    tu_check_fen(&pos);
    Position back;
    assert_true(fen_read(&back, v, tu_fen(&pos), err, sizeof err));
    assert_int_equal(back.ep[RED].passed, tu_cell(v, "c6"));
    assert_int_equal(back.ep[YELLOW].landed, tu_cell(v, "c15"));
    /* after Blue's move Red's right has ended, Yellow's still stands */
    tu_play_text(&pos, "b20-b21", &u3);
    assert_non_null(strstr(tu_fen(&pos), " r c14:c15 - 0 2"));
    tu_check_fen(&pos);
    /* players out, in the order they left */
    tu_setup(&pos, v, "Yellow: G e14", YELLOW);
    tu_set_out(&pos, BLUE);
    tu_set_out(&pos, RED);
    assert_non_null(strstr(tu_fen(&pos), " y - br 0 1"));
    tu_check_fen(&pos);
    /* strings that do not fit: a side letter missing, an out player with pieces, wrong ring */
    assert_false(fen_read(&back, v,
                          "1CrRrA5yCyRyA5bCbRbA4/rCrSrSrA4yCySySyA4bCbSbSbA4/"
                          "rCrUrUrUrA3yCyUyUyUyA3bCbUbUbUbA3/rCrGrDrA4yCyGyDyA4bCbGbDbA4/"
                          "1rCrRrA5yCyRyA5bCbRbA4 r - - 0 1",
                          err, sizeof err));
    assert_string_equal(err, "column 2: 'C' is not a side letter");
    char bad[FEN_MAX];
    snprintf(bad, sizeof bad, "%.*s r - y 0 1", (int)(strchr(start, ' ') - start), start);
    assert_false(fen_read(&back, v, bad, err, sizeof err));
    assert_string_equal(err, "column 1: a player who is out still has pieces on the board");
    assert_false(fen_read(&back, v, "24/24/24/24/25 r - - 0 1", err, sizeof err));
    assert_non_null(strstr(err, "column 13:"));
    variant_free(v);
}

/* --- records ---------------------------------------------------------------------------------- */

/* A random legal move that prefers captures, so that games reach eliminations. */
static Move pick(Position *pos, const MoveList *ml)
{
    int caps[MAX_MOVES], n = 0;
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].kind == MOVE_EP || pos->board[ml->m[i].to]) caps[n++] = i;
    if (n && tu_rand() % 3) return ml->m[caps[tu_rand() % (unsigned)n]];
    return ml->m[tu_rand() % (unsigned)ml->n];
}

static void test_pgn_round_trip(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    int finished = 0, dashes = 0;
    for (int game = 0; game < 12; game++) {
        Game g;
        game_init(&g, v, NULL);
        for (int ply = 0; ply < 400 && !g.result.over; ply++) {
            MoveList ml;
            gen_legal(&g.pos, &ml);
            game_play(&g, pick(&g.pos, &ml));
        }
        finished += g.result.over;
        char *text = tu_check_pgn_round_trip(&g, v);
        dashes += strstr(text, " -- ") != NULL;
        free(text);
        game_free(&g);
    }
    /* the games did reach what is being tested */
    assert_true(finished > 0);
    assert_true(dashes > 0);
    variant_free(v);
}

/* Random games: unmake restores everything, keys agree with recomputed ones, the position
 * string reads back, the legality shortcut agrees with making every move, and no player
 * left in the game could be captured by the player to move. */
static void test_consistency(void **state)
{
    (void)state;
    Variant *v = tu_variant("cyclohexane");
    int eliminations = 0, eps = 0, promotions = 0;
    for (int game = 0; game < 30; game++) {
        Position pos;
        pos_init(&pos, v);
        for (int ply = 0; ply < 300 && pos_players_left(&pos) > 1; ply++) {
            MoveList legal;
            tu_check_legality(&pos, &legal);
            if (!legal.n) break;
            Position before = pos;
            Move m = pick(&pos, &legal);
            eps += m.kind == MOVE_EP;
            promotions += m.promo != 0;
            Undo u;
            tu_check_move(&pos, m, &u);
            eliminations += pos.nout - before.nout;
            for (int x = 0; x < 3; x++)
                if (x != pos.stm && (pos.alive & (1u << x)))
                    assert_false(attacked_by(&pos, pos.royal[x], pos.stm));
        }
    }
    assert_true(eliminations > 0);
    assert_true(eps > 0);
    assert_true(promotions > 0);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board),
        cmocka_unit_test(test_start_array),
        cmocka_unit_test(test_empty_board),
        cmocka_unit_test(test_red_first_moves),
        cmocka_unit_test(test_broker_ranks),
        cmocka_unit_test(test_promotion_choice),
        cmocka_unit_test(test_forbidden_not_attacked),
        cmocka_unit_test(test_en_passant_anticlockwise),
        cmocka_unit_test(test_en_passant_lapses),
        cmocka_unit_test(test_en_passant_clockwise),
        cmocka_unit_test(test_en_passant_promotion_rules),
        cmocka_unit_test(test_only_next_player),
        cmocka_unit_test(test_elimination_example),
        cmocka_unit_test(test_no_legal_move),
        cmocka_unit_test(test_settled_start),
        cmocka_unit_test(test_discovered_elimination),
        cmocka_unit_test(test_check_mark),
        cmocka_unit_test(test_two_left),
        cmocka_unit_test(test_move_rule),
        cmocka_unit_test(test_repetition),
        cmocka_unit_test(test_position_strings),
        cmocka_unit_test(test_pgn_round_trip),
        cmocka_unit_test(test_consistency),
    };
    tu_seed(0x2545f4914f6cdd1dULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
