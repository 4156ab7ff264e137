/* unit_chessagon.c — variants/chessagon.ini against the test vectors of chessagon.md: the
 * rook's rays, pawn steps, double steps and the per-piece "never moved" mark, en passant,
 * promotion to a queen on the far corner edge, castling on both sides for both colours, and
 * the reference perft counts. Most positions are written from White's side and checked for
 * Black too by mirroring them: Black is White with letters reversed (a <-> o). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "testutil.h"

enum { WHITE = 0, BLACK = 1 };

static bool has_pseudo(const Position *pos, const char *text)
{
    MoveList ml;
    gen_pseudo(pos, &ml);
    for (int i = 0; i < ml.n; i++) {
        char t[32];
        tu_move_text(pos, ml.m[i], t, sizeof t);
        if (!strcmp(t, text)) return true;
    }
    return false;
}

/* Mark pieces as never moved (tu_setup gives none the mark). */
static void set_fresh(Position *pos, const char *cells)
{
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", cells);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        pos->board[tu_cell(pos->v, t)] |= PIECE_FRESH;
    pos->hash = pos_compute_hash(pos);
}

/* Every castling right whose king and rook stand on their cells, as in a game where
 * neither has moved. */
static void give_all_castling_rights(Position *pos)
{
    const Variant *v = pos->v;
    pos->castling = 0;
    for (int i = 0; i < v->ncastles; i++)
        for (int p = 0; p < v->nplayers; p++) {
            const Castle *c = &v->castle[i];
            Piece k = pos->board[c->king_from[p]], r = pos->board[c->rook_from[p]];
            if (c->defined[p] && k && PIECE_OWNER(k) == p && r && PIECE_OWNER(r) == p)
                pos->castling |= (uint16_t)(1u << (i * MAX_PLAYERS + p));
        }
    pos->hash = pos_compute_hash(pos);
}

/* White's description turned into Black's: letters a..o reversed, the players swapped. Cell
 * names are a letter a..o followed by a digit, preceded by no letter or by the x of a
 * capture (h4xf4). */
static const char *mirror(const char *s)
{
    static char ring[4][1024];
    static int k;
    char *out = ring[k = (k + 1) % 4];
    int n = 0;
    for (int i = 0; s[i] && n < 1000;) {
        if (!strncmp(s + i, "White", 5) || !strncmp(s + i, "Black", 5)) {
            memcpy(out + n, s[i] == 'W' ? "Black" : "White", 5);
            n += 5, i += 5;
            continue;
        }
        char c = s[i];
        bool cellname = c >= 'a' && c <= 'o' && isdigit((unsigned char)s[i + 1]) &&
                        (i == 0 || !isalpha((unsigned char)s[i - 1]) ||
                         (s[i - 1] == 'x' && i > 1 && isdigit((unsigned char)s[i - 2])));
        out[n++] = cellname ? (char)('a' + 'o' - c) : c;
        i++;
    }
    out[n] = 0;
    return out;
}

/* --- the file and the pieces ---------------------------------------------------------------- */

static void test_file(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    assert_int_equal(v->board.ncells, 96);
    assert_int_equal(v->ntypes, 7);
    assert_false(v->reconstructed);
    assert_int_equal(v->stalemate, STALEMATE_DRAW);
    assert_int_equal(v->ncastles, 2);
    assert_true(v->has_ep && v->has_fresh);
    /* Black's array is White's mirrored, every pawn starts unmoved */
    for (Cell c = 1; c <= v->board.ncells; c++) {
        Piece p = v->setup[c];
        if (!p || PIECE_OWNER(p) != WHITE) continue;
        char img[8];
        snprintf(img, sizeof img, "%s", mirror(v->board.name[c]));
        assert_int_equal(PIECE_KIND(v->setup[tu_cell(v, img)]), PIECE_KIND(p));
        assert_int_equal(PIECE_OWNER(v->setup[tu_cell(v, img)]), BLACK);
        assert_int_equal((p & PIECE_FRESH) != 0, v->type[PIECE_KIND(p)].pawn);
    }
    variant_free(v);
}

static void test_rook_rays(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    const Board *b = &v->board;
    Cell h4 = tu_cell(v, "h4");
    /* the six rays of chessagon.md, each in order */
    static const char *want[] = {
        "i4 j4 k4 l4 m4 n4 o4",    "g4 f4 e4 d4 c4 b4 a4", "i4 i5 j5 j6 k6 k7 l7 l8",
        "g4 g5 f5 f6 e6 e7 d7 d8", "h3 i3 i2 j2 j1 k1",    "h3 g3 g2 f2 f1 e1",
    };
    bool found[6] = {false};
    int rays = 0;
    for (int d = 0; d < b->ndirs; d++) {
        if (b->dir[d].atom != 'W') continue;
        char ray[128] = "";
        for (const Cell *r = b->ray[h4][d]; *r; r++) {
            if (ray[0]) strcat(ray, " ");
            strcat(ray, b->name[*r]);
        }
        rays++;
        for (int i = 0; i < 6; i++) found[i] |= !strcmp(ray, want[i]);
    }
    assert_int_equal(rays, 6);
    for (int i = 0; i < 6; i++) assert_true(found[i]);
    /* the rook of the file moves along them, each target once */
    Position pos;
    tu_setup(&pos, v, "White: R h4", WHITE);
    assert_int_equal(tu_count_from(&pos, "h4"), 39);
    /* a blocker on j6 cuts that ray only: k6 k7 l7 l8 go, i5 j5 stay */
    tu_setup(&pos, v, "White: R h4, P j6", WHITE);
    assert_int_equal(tu_count_from(&pos, "h4"), 39 - 5);
    assert_non_null(strstr(tu_targets(&pos, "h4"), "j5"));
    variant_free(v);
}

static void test_piece_counts(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    Position pos;
    static const struct {
        const char *piece;
        int targets;
    } counts[] = {{"R", 39}, {"B", 20}, {"D", 21}, {"Q", 57}, {"K", 12}, {"N", 12}};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
        for (int j = 0; j < 2; j++) {
            const char *at = j ? "g4" : "h4";
            char desc[64];
            snprintf(desc, sizeof desc, "White: %s %s", counts[i].piece, at);
            tu_setup(&pos, v, desc, WHITE);
            assert_int_equal(tu_count_from(&pos, at), counts[i].targets);
        }
    /* the corners a4, d1 and l8 */
    static const char *corners[] = {"a4", "d1", "l8"};
    for (int j = 0; j < 3; j++) {
        char desc[64];
        snprintf(desc, sizeof desc, "White: K %s", corners[j]);
        tu_setup(&pos, v, desc, WHITE);
        assert_int_equal(tu_count_from(&pos, corners[j]), 6);
        snprintf(desc, sizeof desc, "White: N %s", corners[j]);
        tu_setup(&pos, v, desc, WHITE);
        assert_int_equal(tu_count_from(&pos, corners[j]), 5);
    }
    tu_setup(&pos, v, "White: K h4", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h4")), "f3 f4 g3 g4 g5 h3 h5 i3 i4 i5 j3 j4");
    tu_setup(&pos, v, "White: N h4", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h4")), "d3 e2 e4 f5 g2 g6 i2 i6 j5 k2 k4 l3");
    variant_free(v);
}

/* --- pawns ----------------------------------------------------------------------------------- */

/* Run one pawn case for White and, mirrored, for Black. */
static void pawn_case(const Variant *v, const char *desc, const char *fresh, const char *from,
                      const char *want)
{
    for (int side = 0; side < 2; side++) {
        Position pos;
        tu_setup(&pos, v, side ? mirror(desc) : desc, side);
        if (fresh) set_fresh(&pos, side ? mirror(fresh) : fresh);
        assert_string_equal(tu_moves(&pos, side ? mirror(from) : from),
                            tu_sorted(side ? mirror(want) : want));
    }
}

static void test_pawn_steps(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    /* chessagon.md: l1 has no face-then-point double step (it would leave the board) */
    pawn_case(v, "White: K o4, P l1; Black: K a4", "l1", "l1", "l1-k1 l1-j2 l1-i2");
    pawn_case(v, "White: K o4, P k3; Black: K a4", "k3", "k3", "k3-j3 k3-h4 k3-i2 k3-h2");
    /* a pawn that has moved steps once */
    pawn_case(v, "White: K o4, P k3; Black: K a4", NULL, "k3", "k3-j3 k3-i2");
    /* a double step needs the cell it passes empty: j3 blocks the face-then-point step to
     * h4, i2 the point-then-face step to h2 */
    pawn_case(v, "White: K o4, P k3 j3; Black: K a4", "k3", "k3", "k3-i2 k3-h2");
    pawn_case(v, "White: K o4, P k3 i2; Black: K a4", "k3", "k3", "k3-j3 k3-h4");
    /* captures: the three forward cells of the pawn's colour, never straight ahead */
    pawn_case(v, "White: K o4, P h4; Black: K a4, N f4 g5 g3 g4 f3", NULL, "h4",
              "h4xf4 h4xg3 h4xg5");
    pawn_case(v, "White: K o4, P g4; Black: K a4, N e4 f5 f3 f4", NULL, "g4",
              "g4xe4 g4xf3 g4xf5 g4-e5");
    variant_free(v);
}

static void test_pawn_fresh_mark(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    Position pos;
    Undo u[4];
    /* the k2 pawn leaves; the l2 pawn steps onto k2: it has moved, so no double step to h1
     * (which a pawn that had never moved would have from k2) */
    pos_init(&pos, v);
    assert_string_equal(tu_moves(&pos, "k2"), "k2-h1 k2-h3 k2-i3 k2-j2");
    tu_play_text(&pos, "k2-h3", &u[0]);
    tu_play_text(&pos, "d1-e1", &u[1]);
    tu_play_text(&pos, "l2-k2", &u[2]);
    tu_play_text(&pos, "e1-f1", &u[3]);
    assert_string_equal(tu_moves(&pos, "k2"), "k2-i3 k2-j2");
    /* the marks are part of the position string */
    char fen[FEN_MAX], err[256];
    Position back;
    fen_write(&pos, fen, sizeof fen);
    assert_true(fen_read(&back, v, fen, err, sizeof err));
    assert_memory_equal(back.board, pos.board, sizeof pos.board);
    assert_false(back.board[tu_cell(v, "k2")] & PIECE_FRESH);
    assert_true(back.board[tu_cell(v, "l1")] & PIECE_FRESH);
    variant_free(v);
}

static void test_en_passant(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    Position pos;
    Undo u[6];
    Piece black_pawn = MAKE_PIECE(BLACK, v->kind_of_letter['P']);
    /* 1. l1-i2 e3-h2 2. i2xg2, removing the pawn on h2 */
    pos_init(&pos, v);
    tu_play_text(&pos, "l1-i2", &u[0]);
    tu_play_text(&pos, "e3-h2", &u[1]);
    assert_int_equal(pos.ep[BLACK].passed, tu_cell(v, "g2"));
    assert_int_equal(pos.ep[BLACK].landed, tu_cell(v, "h2"));
    assert_int_equal(pos.board[tu_cell(v, "h2")] & ~PIECE_FRESH, black_pawn);
    tu_play_text(&pos, "i2xg2", &u[2]);
    assert_int_equal(u[2].m.kind, MOVE_EP);
    assert_int_equal(pos.board[tu_cell(v, "h2")], 0);
    assert_int_equal(pos.board[tu_cell(v, "i2")], 0);
    assert_int_equal(PIECE_KIND(pos.board[tu_cell(v, "g2")]), v->kind_of_letter['P']);
    assert_int_equal(PIECE_OWNER(pos.board[tu_cell(v, "g2")]), WHITE);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u[2]);
    assert_int_equal(pos.board[tu_cell(v, "h2")] & ~PIECE_FRESH, black_pawn);
    /* the right lasts one move: after 2. k3-j3 d1-e1 the capture is gone */
    tu_play_text(&pos, "k3-j3", &u[2]);
    tu_play_text(&pos, "d1-e1", &u[3]);
    assert_false(tu_has_move(&pos, "i2xg2"));
    assert_false(tu_has_move(&pos, "i2-g2"));
    /* the mirror image for Black: 1. l4-k4 d1-g2 2. k3-h2 g2xi2, removing the pawn on h2 */
    pos_init(&pos, v);
    tu_play_text(&pos, "l4-k4", &u[0]);
    tu_play_text(&pos, "d1-g2", &u[1]);
    tu_play_text(&pos, "k3-h2", &u[2]);
    tu_play_text(&pos, "g2xi2", &u[3]);
    assert_int_equal(u[3].m.kind, MOVE_EP);
    assert_int_equal(pos.board[tu_cell(v, "h2")], 0);
    assert_int_equal(PIECE_OWNER(pos.board[tu_cell(v, "i2")]), BLACK);
    variant_free(v);
}

/* --- promotion ------------------------------------------------------------------------------- */

static void test_promotion(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    /* a step onto the far corner edge, and a capture onto it, both make a queen at once */
    pawn_case(v, "White: K o4, P b5; Black: K h8, N a4", NULL, "b5", "b5-a5=Q b5xa4=Q");
    pawn_case(v, "White: K o4, P c4; Black: K h8, N a4 b3 b5", NULL, "c4",
              "c4-b4 c4-a5=Q c4xa4=Q c4xb3=Q c4xb5");
    pawn_case(v, "White: K o4, P e1; Black: K h8", NULL, "e1", "e1-d1=Q");
    /* the new queen moves as a queen */
    Position pos;
    Undo u;
    tu_setup(&pos, v, "White: K o4, P e1; Black: K h8", WHITE);
    tu_play_text(&pos, "e1-d1=Q", &u);
    assert_int_equal(pos.board[tu_cell(v, "d1")], MAKE_PIECE(WHITE, v->kind_of_letter['Q']));
    variant_free(v);
}

/* --- castling -------------------------------------------------------------------------------- */

#define CASTLE_BASE "White: K o4, R m2 m7; Black: K a4"

/* One castling position, for White and mirrored for Black: which castlings are legal. */
static void castle_case(const Variant *v, const char *extra, bool oo, bool ooo)
{
    for (int side = 0; side < 2; side++) {
        char desc[512];
        Position pos;
        snprintf(desc, sizeof desc, "%s%s%s", CASTLE_BASE, extra[0] ? "; " : "", extra);
        tu_setup(&pos, v, side ? mirror(desc) : desc, side);
        give_all_castling_rights(&pos);
        if (tu_has_move(&pos, "O-O") != oo || tu_has_move(&pos, "O-O-O") != ooo)
            fail_msg("%s to move in '%s': want O-O %d O-O-O %d, legal: %s",
                     side ? "Black" : "White", side ? mirror(desc) : desc, oo, ooo,
                     tu_moves(&pos, NULL));
    }
}

static void test_castling(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    castle_case(v, "", true, true);
    /* out of check: the knight on l6 checks o4 and attacks none of the cells crossed */
    castle_case(v, "Black: N l6", false, false);
    /* through check: j4 attacks n4 (crossed by O-O), i5 attacks o5 (crossed by O-O-O) */
    castle_case(v, "Black: B j4", false, true);
    castle_case(v, "Black: B i5", true, false);
    /* into check: i3 attacks m3, h6 attacks n6 */
    castle_case(v, "Black: B i3", false, true);
    castle_case(v, "Black: B h6", true, false);
    /* blocked, by either colour */
    castle_case(v, "White: N n3", false, true);
    castle_case(v, "White: N m3", false, true);
    castle_case(v, "Black: N n4", false, true);
    castle_case(v, "White: B m6", true, false);
    castle_case(v, "White: B o5", true, false);
    /* the rook on l2 is stopped by the rook on m2 before castling, and reaches the king on
     * m3 through the cell the rook left: castling is generated but illegal */
    castle_case(v, "Black: R l2", false, true);
    Position pos;
    tu_setup(&pos, v, CASTLE_BASE "; Black: R l2", WHITE);
    give_all_castling_rights(&pos);
    assert_true(has_pseudo(&pos, "O-O"));
    variant_free(v);
}

static void test_castling_result(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    static const struct {
        const char *move, *king, *rook;
    } cases[] = {{"O-O", "m3", "n3"}, {"O-O-O", "n6", "n5"}};
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < 2; i++) {
            Position pos;
            Undo u;
            tu_setup(&pos, v, side ? mirror(CASTLE_BASE) : CASTLE_BASE, side);
            give_all_castling_rights(&pos);
            Position before = pos;
            tu_play_text(&pos, cases[i].move, &u);
            const char *k = side ? mirror(cases[i].king) : cases[i].king;
            const char *r = side ? mirror(cases[i].rook) : cases[i].rook;
            assert_int_equal(PIECE_KIND(pos.board[tu_cell(v, k)]), v->kind_of_letter['K']);
            assert_int_equal(PIECE_KIND(pos.board[tu_cell(v, r)]), v->kind_of_letter['R']);
            assert_int_equal(pos.royal[side], tu_cell(v, k));
            assert_int_equal(pos.board[tu_cell(v, side ? "a4" : "o4")], 0);
            /* castling is once per game: both of the mover's rights are gone */
            for (int c = 0; c < v->ncastles; c++)
                assert_false(pos.castling & (1u << (c * MAX_PLAYERS + side)));
            /* and nobody else's change */
            unsigned mine = 0;
            for (int c = 0; c < v->ncastles; c++) mine |= 1u << (c * MAX_PLAYERS + side);
            assert_int_equal(pos.castling & ~mine, before.castling & ~mine);
            assert_int_equal(pos.hash, pos_compute_hash(&pos));
            pos_unmake(&pos, &u);
            assert_memory_equal(&before, &pos, sizeof pos);
        }
    variant_free(v);
}

/* Play White's moves (mirrored for Black), the other side answering with its king a4-b4 and
 * back, then report which castlings the mover still has. */
static void castle_after(const Variant *v, const char *m1, const char *m2, bool oo, bool ooo)
{
    for (int side = 0; side < 2; side++) {
        Position pos;
        Undo u[4];
        tu_setup(&pos, v, side ? mirror(CASTLE_BASE) : CASTLE_BASE, side);
        give_all_castling_rights(&pos);
        tu_play_text(&pos, side ? mirror(m1) : m1, &u[0]);
        tu_play_text(&pos, side ? "o4-n4" : "a4-b4", &u[1]);
        tu_play_text(&pos, side ? mirror(m2) : m2, &u[2]);
        tu_play_text(&pos, side ? "n4-o4" : "b4-a4", &u[3]);
        assert_int_equal(tu_has_move(&pos, "O-O"), oo);
        assert_int_equal(tu_has_move(&pos, "O-O-O"), ooo);
    }
}

static void test_castling_rights(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    castle_after(v, "o4-n4", "n4-o4", false, false); /* the king moved and came back */
    castle_after(v, "m2-l2", "l2-m2", false, true);  /* the short-side rook moved */
    castle_after(v, "m7-l7", "l7-m7", true, false);  /* the long-side rook moved */
    /* a captured rook takes its right with it */
    Position pos;
    Undo u;
    tu_setup(&pos, v, CASTLE_BASE "; Black: B k2", BLACK);
    give_all_castling_rights(&pos);
    tu_play_text(&pos, "k2xm2", &u);
    assert_false(pos.castling & (1u << (0 * MAX_PLAYERS + WHITE)));
    assert_true(pos.castling & (1u << (1 * MAX_PLAYERS + WHITE)));
    /* the rights are part of the position string */
    char fen[FEN_MAX], err[256];
    Position back;
    fen_write(&pos, fen, sizeof fen);
    assert_true(fen_read(&back, v, fen, err, sizeof err));
    assert_int_equal(back.castling, pos.castling);
    assert_int_equal(back.hash, pos.hash);
    variant_free(v);
}

/* --- the starting array and perft --------------------------------------------------------------
 */

static uint64_t ep_leaves(Position *pos, int depth)
{
    MoveList ml;
    uint64_t n = 0;
    gen_legal(pos, &ml);
    for (int i = 0; i < ml.n; i++) {
        if (depth == 1) {
            n += ml.m[i].kind == MOVE_EP;
            continue;
        }
        Undo u;
        play_move(pos, ml.m[i], &u);
        n += ep_leaves(pos, depth - 1);
        pos_unmake(pos, &u);
    }
    return n;
}

static void test_perft(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    Position pos;
    pos_init(&pos, v);
    assert_int_equal(perft(&pos, 1), 50);
    assert_int_equal(perft(&pos, 2), 2492);
    assert_int_equal(perft(&pos, 3), 124374);
    assert_int_equal(ep_leaves(&pos, 3), 28);
    variant_free(v);
}

/* --- consistency ------------------------------------------------------------------------------ */

/* Random games: unmake restores the identical position, keys agree with recomputed ones,
 * the position string reads back, the legality shortcut agrees with making each move. */
static void test_consistency(void **state)
{
    (void)state;
    Variant *v = tu_variant("chessagon");
    tu_random_games(v, 30, 150);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_rook_rays),
        cmocka_unit_test(test_piece_counts),
        cmocka_unit_test(test_pawn_steps),
        cmocka_unit_test(test_pawn_fresh_mark),
        cmocka_unit_test(test_en_passant),
        cmocka_unit_test(test_promotion),
        cmocka_unit_test(test_castling),
        cmocka_unit_test(test_castling_result),
        cmocka_unit_test(test_castling_rights),
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_consistency),
    };
    tu_seed(0x2545f4914f6cdd1dULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
