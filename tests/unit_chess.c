/* unit_chess.c — the square board family and variants/chess.ini, checked against what is
 * known of classic chess independently of this program: the published perft counts of the
 * start position and of the test positions collected on the Chess Programming Wiki ("Perft
 * Results": Kiwipete and positions 3 to 6, each worked out by several engines), the board's
 * geometry, the position string of the start (chess's FEN), and notation of castling, en
 * passant and promotion. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "render.h"
#include "testutil.h"

static Variant *chess;

static uint64_t perft_of(const char *fen, int depth)
{
    Position pos;
    char err[300];
    if (!fen) {
        pos_init(&pos, chess);
    } else if (!fen_read(&pos, chess, fen, err, sizeof err)) {
        fail_msg("bad position %s: %s", fen, err);
    }
    return perft(&pos, depth);
}

/* Published counts (Chess Programming Wiki, "Perft Results"). */
static void test_perft_start(void **state)
{
    (void)state;
    static const uint64_t want[] = {20, 400, 8902, 197281, 4865609};
    for (int d = 1; d <= 5; d++) assert_int_equal(perft_of(NULL, d), want[d - 1]);
}

static void test_perft_kiwipete(void **state)
{
    (void)state;
    /* castling both ways for both sides, en passant, promotions, pins and discovered checks */
    const char *kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    static const uint64_t want[] = {48, 2039, 97862, 4085603};
    for (int d = 1; d <= 4; d++) assert_int_equal(perft_of(kiwipete, d), want[d - 1]);
}

static void test_perft_more_positions(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        uint64_t want[4];
    } positions[] = {
        /* position 3: en passant that would expose the king along a rank */
        {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238}},
        /* position 4: promotions with capture, castling rights of one side */
        {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         {6, 264, 9467, 422333}},
        /* position 5 */
        {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487}},
        /* position 6 */
        {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         {46, 2079, 89890, 0}},
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++)
        for (int d = 1; d <= 4 && positions[i].want[d - 1]; d++)
            assert_int_equal(perft_of(positions[i].fen, d), positions[i].want[d - 1]);
}

/* The position string of the start is chess's FEN, and reads back. */
static void test_start_string(void **state)
{
    (void)state;
    Position pos;
    char fen[FEN_MAX];
    pos_init(&pos, chess);
    fen_write(&pos, fen, sizeof fen);
    assert_string_equal(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    tu_check_fen(&pos);
}

/* The board: 64 cells, eight rows of the position string, two colours with a1 and h8 dark,
 * and the steps of each atom. */
static void test_square_board(void **state)
{
    (void)state;
    const Board *b = &chess->board;
    Position pos;
    assert_int_equal(b->ncells, 64);
    assert_int_equal(b->nrows, 8);
    assert_string_equal(b->name[1], "a8"); /* rows from the top, as FEN writes them */
    assert_string_equal(b->name[64], "h1");
    assert_int_equal(b->colour[tu_cell(chess, "a1")], b->colour[tu_cell(chess, "h8")]);
    assert_int_not_equal(b->colour[tu_cell(chess, "a1")], b->colour[tu_cell(chess, "a2")]);
    assert_int_equal(board_cell(b, "i1"), NO_CELL);
    assert_int_equal(board_cell(b, "a9"), NO_CELL);
    tu_setup(&pos, chess, "White: K e1, N d4, R a8, B h2; Black: K h5", 0);
    assert_string_equal(tu_targets(&pos, "d4"), "c6 e6 b5 f5 b3 f3 c2 e2");
    assert_int_equal(tu_count_from(&pos, "a8"), 7 + 7);
    assert_int_equal(tu_count_from(&pos, "h2"), 7);
    /* forward leaps: a knight that moves only N@0 goes two up and one across */
    Variant *v = tu_variant_text(
        "[variant]\ntitle = t\n[board]\nfamily = square\nletters = abcdefgh\nranks = 8\n"
        "[players]\nnames = White Black\nforward = 12 6\n[piece K]\nname = King\nmoves = W F\n"
        "royal = yes\n[piece N]\nname = Forward knight\nmoves = N@0 fF\n[setup]\n"
        "White = K a1, N d4\nBlack = K h8\n");
    tu_setup(&pos, v, "White: K a1, N d4; Black: K h8", 0);
    assert_string_equal(tu_targets(&pos, "d4"), "c6 e6 c5 e5");
    tu_setup(&pos, v, "White: K a1; Black: K h8, N d4", 1);
    assert_string_equal(tu_targets(&pos, "d4"), "c3 e3 c2 e2");
    variant_free(v);
}

/* Castling both ways, en passant and promotion, in a game written as chess players write
 * it, and read back from its record. */
static void test_notation(void **state)
{
    (void)state;
    Game g;
    game_init(&g, chess, NULL);
    tu_play(&g, "e4 d5 e5 f5 exf6 Nxf6 Nf3 Bg4 Be2 Qd6 O-O Nc6 d3 O-O-O");
    assert_string_equal(tu_fen(&g.pos),
                        "2kr1b1r/ppp1p1pp/2nq1n2/3p4/6b1/3P1N2/PPP1BPPP/RNBQ1RK1 w - - 1 8");
    game_free(&g);
    Position pos;
    Undo u;
    tu_setup(&pos, chess, "White: K e1, P b7; Black: K e8, R a8", 0);
    assert_string_equal(tu_moves(&pos, "b7"),
                        "b7-b8=B b7-b8=N b7-b8=Q b7-b8=R b7xa8=B b7xa8=N b7xa8=Q b7xa8=R");
    tu_play_text(&pos, "b7xa8=N", &u);
    assert_string_equal(tu_fen(&pos), "N3k3/8/8/8/8/8/8/4K3 b - - 0 1");
}

/* Random games: the fast legality test agrees with making each move, and make/unmake, keys
 * and position strings stay consistent. */
static void test_consistency(void **state)
{
    (void)state;
    tu_random_games(chess, 20, 150);
}

/* The board drawn: ranks down the side, files along the bottom and top. */
static void test_drawing(void **state)
{
    (void)state;
    Position pos;
    TextGrid g;
    RenderOpts o = {0};
    o.coords = true;
    pos_init(&pos, chess);
    assert_true(render_board(&pos, &o, &g));
    char *text = textgrid_string(&g, false);
    assert_non_null(strstr(text, "8  r  n  b  q  k  b  n  r  8"));
    assert_non_null(strstr(text, "1  R  N  B  Q  K  B  N  R  1"));
    assert_non_null(strstr(text, "   a  b  c  d  e  f  g  h"));
    free(text);
    textgrid_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_start),          cmocka_unit_test(test_perft_kiwipete),
        cmocka_unit_test(test_perft_more_positions), cmocka_unit_test(test_start_string),
        cmocka_unit_test(test_square_board),         cmocka_unit_test(test_notation),
        cmocka_unit_test(test_consistency),          cmocka_unit_test(test_drawing),
    };
    tu_seed(20261124);
    chess = tu_variant("chess");
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    variant_free(chess);
    return failed;
}
