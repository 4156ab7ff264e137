/* unit_hornrimmed.c — the fourteen variants/hr-*.ini against hornrimmed.md: the 127-cell board,
 * rim and colours, the reconstructed arrays as the document lists them, the test vectors
 * (Horn, Migrant, Point, a quiet start in every variant), promotion by where a piece could
 * still move, return from capture in the plain and Frontofhouse forms, camps and drops, double
 * steps (the McCooey centre file, dropped pawns, Liu Yang), en passant with two and three
 * players, Cannons and Slings, the Liu Yang Grandduke swap, two- and three-player ends, and
 * position strings and records with hands, drops and swaps. Expected values come from the
 * document's coordinates: file q = -6..6 (g = 0), cell k, doubled height H = |q| + 2(k - 1);
 * the derivations are in the comments. */
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

enum { FIRST = 0, SECOND = 1, THIRD = 2 };

static const char *const all_variants[] = {
    "hr-wellisch",    "hr-wellisch-foh",  "hr-glinski",   "hr-glinski-foh",  "hr-mccooey",
    "hr-mccooey-foh", "hr-trios",         "hr-trios-foh", "hr-liuyang",      "hr-liuyang-foh",
    "hr-wellisch3",   "hr-wellisch3-foh", "hr-mccooey3",  "hr-mccooey3-foh",
};
#define NVARIANTS (sizeof all_variants / sizeof all_variants[0])

/* --- coordinates of the document -------------------------------------------------------------- */

static const char *files = "abcdefghiklmn";

static int iabs(int x)
{
    return x < 0 ? -x : x;
}

static bool on_board(int q, int h)
{
    return iabs(q) <= 6 && h >= iabs(q) && h <= 24 - iabs(q) && (h - iabs(q)) % 2 == 0;
}

static int k_of(int q, int h)
{
    return (h - iabs(q)) / 2 + 1;
}

static int h_of(int q, int k)
{
    return iabs(q) + 2 * (k - 1);
}

static void name_qh(int q, int h, char *out)
{
    snprintf(out, 8, "%c%d", files[q + 6], k_of(q, h) % 100);
}

static void qh_of(const char *name, int *q, int *h)
{
    *q = (int)(strchr(files, name[0]) - files) - 6;
    *h = h_of(*q, atoi(name + 1));
}

static bool is_rim(int q, int k)
{
    return !(iabs(q) <= 5 && k >= 2 && k <= 12 - iabs(q));
}

/* Turned 120 degrees anticlockwise about g7, `times` times: with r = (H - q - 12) / 2 the
 * cube coordinates (q, -q - r, r) rotate to (-q - r, r, q). */
static void rotate(int *q, int *h, int times)
{
    for (int i = 0; i < times; i++) {
        int r = (*h - *q - 12) / 2;
        int nq = -*q - r, nr = *q;
        *q = nq;
        *h = 2 * nr + nq + 12;
    }
}

static Cell cell_qh(const Variant *v, int q, int h)
{
    char name[8];
    name_qh(q, h, name);
    return tu_cell(v, name);
}

static int kind(const Variant *v, char letter)
{
    int k = v->kind_of_letter[(int)letter];
    if (!k) fail_msg("no piece '%c' in %s", letter, v->name);
    return k;
}

/* --- moves written independently of notation.c ------------------------------------------------ */

static void give(Position *pos, int player, char letter, int n)
{
    pos->hand[player][kind(pos->v, letter)] = (uint8_t)n;
    pos->hash = pos_compute_hash(pos);
}

static int hand(const Position *pos, int player, char letter)
{
    return pos->hand[player][kind(pos->v, letter)];
}

static int hand_total(const Position *pos, int player)
{
    int n = 0;
    for (int k = 1; k <= pos->v->ntypes; k++) n += pos->hand[player][k];
    return n;
}

/* --- the board -------------------------------------------------------------------------------- */

static void test_board(void **state)
{
    (void)state;
    for (size_t i = 0; i < NVARIANTS; i++) {
        Variant *v = tu_variant(all_variants[i]);
        const Board *b = &v->board;
        int rim = variant_zone(v, "rim");
        assert_int_equal(b->ncells, 127);
        assert_true(rim >= 0);
        int inner = 0, outer = 0, colours[3] = {0, 0, 0};
        for (int q = -6; q <= 6; q++)
            for (int k = 1; k <= 13 - iabs(q); k++) {
                Cell c = cell_qh(v, q, h_of(q, k));
                bool r = is_rim(q, k);
                inner += !r;
                outer += r;
                for (int p = 0; p < v->nplayers; p++) assert_int_equal(zone_has(v, rim, p, c), r);
                assert_int_equal(b->colour[c], h_of(q, k) % 3);
                colours[h_of(q, k) % 3]++;
            }
        assert_int_equal(inner, 91);
        assert_int_equal(outer, 36);
        assert_int_equal(inner + outer, b->ncells);
        assert_int_equal(colours[0], 43);
        assert_int_equal(colours[1], 42);
        assert_int_equal(colours[2], 42);
        /* every array is a reconstruction and says so; every stalemate is a draw */
        assert_true(v->reconstructed);
        assert_true(strlen(v->notes) > 20);
        assert_int_equal(v->stalemate, STALEMATE_DRAW);
        assert_int_equal(v->ncastles, 0);
        variant_free(v);
    }
}

/* --- the arrays, as the document lists them --------------------------------------------------- */

static const struct {
    const char *name;
    const char *army[3];
} arrays[] = {
    {"hr-glinski",
     {"Gh2 Df2 Ug2 Ug3 Ug4 Se2 Si2 Rd2 Rk2 Pc2 Pd3 Pe4 Pf5 Pg6 Ph5 Pi4 Pk3 Pl2 Ed1 Ek1 Hf1 Hg1 Hh1",
      "Gh11 Df11 Ug12 Ug11 Ug10 Se10 Si10 Rd9 Rk9 Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8 Pk8 Pl8 Ed10 Ek10 "
      "Hf12 Hg13 Hh12",
      NULL}},
    {"hr-mccooey",
     {"Gh2 Df2 Re2 Ri2 Sf3 Sh3 Ug2 Ug3 Ug4 Pc1 Pd2 Pe3 Pf4 Pg5 Ph4 Pi3 Pk2 Pl1 Ee1 Ei1 Hf1 Hg1 Hh1",
      "Gh11 Df11 Re10 Ri10 Sf10 Sh10 Ug12 Ug11 Ug10 Pc9 Pd9 Pe9 Pf9 Pg9 Ph9 Pi9 Pk9 Pl9 Ee11 Ei11 "
      "Hf12 Hg13 Hh12",
      NULL}},
    {"hr-mccooey3",
     {"Gh3 Df2 Re2 Ri2 Sf3 Sg4 Ug2 Ug3 Uh2 Pc1 Pd2 Pe3 Pf4 Pg5 Ph4 Pi3 Pk2 Pl1 Ee1 Ei1 Hf1 Hg1 Hh1",
      "Gk8 Dm6 Rm5 Rk9 Sl6 Sk7 Um7 Ul7 Ul8 Pn3 Pm4 Pl5 Pk6 Pi7 Pi8 Pi9 Pi10 Pi11 En5 El9 Hn6 Hn7 "
      "Hm8",
      "Gc6 Dc8 Rd9 Rb5 Sd8 Sd7 Ub7 Uc7 Ub6 Pe11 Pe10 Pe9 Pe8 Pe7 Pd6 Pc5 Pb4 Pa3 Ec9 Ea5 Hb8 Ha7 "
      "Ha6"}},
    {"hr-trios",
     {"Gh2 Df2 Re2 Ri2 Sf3 Sh3 Ug2 Ug3 Ug4 Pc1 Pd2 Pe3 Pf4 Pg5 Ph4 Pi3 Pk2 Pl1 Ee1 Ei1 Hf1 Hh1",
      "Gh11 Df11 Re10 Ri10 Sf10 Sh10 Ug12 Ug11 Ug10 Pc9 Pd9 Pe9 Pf9 Pg9 Ph9 Pi9 Pk9 Pl9 Ee11 Ei11 "
      "Hf12 Hh12",
      NULL}},
    {"hr-liuyang",
     {"Gh2 Lf2 Lg4 Ug2 Ug3 Se2 Si2 Rd2 Rk2 Ce3 Ci3 Pc2 Pd3 Pe4 Pf5 Pg6 Ph5 Pi4 Pk3 Pl2 Ed1 Ek1 Hf1 "
      "Hh1",
      "Gh11 Lf11 Lg10 Ug12 Ug11 Se10 Si10 Rd9 Rk9 Ce9 Ci9 Pc8 Pd8 Pe8 Pf8 Pg8 Ph8 Pi8 Pk8 Pl8 Ed10 "
      "Ek10 Hf12 Hh12",
      NULL}},
    {"hr-wellisch",
     {"Gb4 Vb5 Rb3 Rb6 Yb2 Yb7 Yc5 Pc1 Pc2 Pc3 Pc4 Pc6 Pc7 Pc8 Pc9 Pd5 Pd6 Xa1 Xa3 Xa5 Xa7 Xb1 Xb8",
      "Gm5 Vm4 Rm6 Rm3 Ym7 Ym2 Yl5 Pl1 Pl2 Pl3 Pl4 Pl6 Pl7 Pl8 Pl9 Pk6 Pk5 Xn7 Xn5 Xn3 Xn1 Xm8 Xm1",
      NULL}},
    {"hr-wellisch3",
     {"Gb4 Vb5 Rb3 Rb6 Yb2 Yb7 Yc5 Pc1 Pc2 Pc3 Pc4 Pc6 Pc7 Pc8 Pc9 Pd5 Pd6 Xa1 Xa3 Xa5 Xa7 Xb1 Xb8",
      "Gk2 Vi2 Rl2 Rh2 Ym2 Yg2 Yi3 Pe1 Pf2 Pg3 Ph3 Pk3 Pl3 Pm3 Pn3 Pi4 Ph4 Xn1 Xl1 Xi1 Xg1 Xn2 Xf1",
      "Gi10 Vk9 Rh11 Rl8 Yg12 Ym7 Yi9 Pe11 Pf11 Pg11 Ph10 Pk8 Pl7 Pm6 Pn5 Ph9 Pi8 Xg13 Xi11 Xl9 "
      "Xn7 Xf12 Xn6"}},
};

static void expected_array(const Variant *v, int which, Piece *want)
{
    memset(want, 0, sizeof(Piece) * (MAX_CELLS + 1));
    for (int p = 0; p < 3 && arrays[which].army[p]; p++) {
        char buf[512], *save = NULL;
        snprintf(buf, sizeof buf, "%s", arrays[which].army[p]);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
            want[tu_cell(v, t + 1)] = MAKE_PIECE(p, kind(v, t[0]));
    }
}

static void test_arrays(void **state)
{
    (void)state;
    for (size_t a = 0; a < sizeof arrays / sizeof arrays[0]; a++)
        for (int foh = 0; foh < 2; foh++) {
            char name[40];
            snprintf(name, sizeof name, "%s%s", arrays[a].name, foh ? "-foh" : "");
            Variant *v = tu_variant(name);
            Piece want[MAX_CELLS + 1];
            expected_array(v, (int)a, want);
            for (Cell c = 1; c <= v->board.ncells; c++)
                if (v->setup[c] != want[c])
                    fail_msg("%s: %s holds %d, the document says %d", name, v->board.name[c],
                             v->setup[c], want[c]);
            for (int p = 0; p < v->nplayers; p++)
                for (int k = 1; k <= v->ntypes; k++) assert_int_equal(v->setup_hand[p][k], 0);
            /* the seats are images of the first: reflected top to bottom (Glinski, two
             * players), turned 180 degrees (Wellisch, two players), turned 120 and 240
             * degrees (three players) */
            bool wellisch = strstr(name, "wellisch") != NULL;
            for (Cell c = 1; c <= v->board.ncells; c++) {
                Piece pc = v->setup[c];
                if (!pc || PIECE_OWNER(pc) != FIRST) continue;
                int q, h;
                qh_of(v->board.name[c], &q, &h);
                for (int p = 1; p < v->nplayers; p++) {
                    int iq = q, ih = h;
                    if (v->nplayers == 3)
                        rotate(&iq, &ih, p);
                    else if (wellisch)
                        iq = -q, ih = 24 - h;
                    else
                        ih = 24 - h;
                    assert_int_equal(v->setup[cell_qh(v, iq, ih)], MAKE_PIECE(p, PIECE_KIND(pc)));
                }
            }
            variant_free(v);
        }
}

/* At the start of every hr-* variant no royal is in check and, Liu Yang's Cannons and Slings
 * apart, no piece can capture. */
static void test_quiet_start(void **state)
{
    (void)state;
    for (size_t i = 0; i < NVARIANTS; i++) {
        Variant *v = tu_variant(all_variants[i]);
        bool liuyang = strstr(v->name, "liuyang") != NULL;
        Position pos;
        int hoppers = 0;
        for (int p = 0; p < v->nplayers; p++) {
            pos_init(&pos, v);
            for (int x = 0; x < v->nplayers; x++)
                if (x != p) assert_false(attacked_by(&pos, pos.royal[x], p));
            pos.stm = (uint8_t)p;
            pos.hash = pos_compute_hash(&pos);
            assert_false(in_check(&pos));
            MoveList ml;
            gen_pseudo(&pos, &ml);
            for (int j = 0; j < ml.n; j++) {
                Move m = ml.m[j];
                if (m.kind != MOVE_EP && !(m.kind == MOVE_NORMAL && pos.board[m.to])) continue;
                char by = v->type[PIECE_KIND(pos.board[m.from])].letter;
                if (!liuyang || (by != 'C' && by != 'L'))
                    fail_msg("%s: %s captures at the start", v->name, v->board.name[m.from]);
                hoppers++;
            }
        }
        if (liuyang) assert_true(hoppers > 0);
        variant_free(v);
    }
}

/* The reference counts of the spec README (depth 3 is in tests/cli_perft.sh). */
static void test_perft(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint64_t p1, p2;
    } counts[] = {
        {"hr-glinski", 64, 4071},     {"hr-glinski-foh", 64, 4071},  {"hr-liuyang", 69, 4741},
        {"hr-liuyang-foh", 69, 4741}, {"hr-mccooey", 41, 1662},      {"hr-mccooey-foh", 41, 1662},
        {"hr-mccooey3", 35, 1225},    {"hr-mccooey3-foh", 35, 1225}, {"hr-trios", 45, 2006},
        {"hr-trios-foh", 45, 2006},   {"hr-wellisch", 31, 961},      {"hr-wellisch-foh", 31, 961},
        {"hr-wellisch3", 31, 961},    {"hr-wellisch3-foh", 31, 961},
    };
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        Variant *v = tu_variant(counts[i].name);
        Position pos;
        pos_init(&pos, v);
        assert_int_equal(perft(&pos, 1), counts[i].p1);
        assert_int_equal(perft(&pos, 2), counts[i].p2);
        variant_free(v);
    }
}

/* --- promotion by where the piece could still move -------------------------------------------- */

static void test_horn(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Position pos;
    /* g2 = (0,2): 11 o'clock (-1,+3) f3 e4 d5 c6 b7 (a would be (-6,20), off); 1 o'clock
     * h3 i4 k5 l6 m7. From b7 = (-5,17) only c9 (rim) is left, from m7 only l9: may. */
    tu_setup(&pos, v, "White: G a4, H g2; Black: G n4", FIRST);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g2")),
                        tu_sorted("f3 e4 d5 c6 b7 h3 i4 k5 l6 m7"));
    assert_string_equal(tu_moves(&pos, "g2"),
                        tu_sorted("g2-f3 g2-e4 g2-d5 g2-c6 g2-b7 g2-b7=A g2-h3 g2-i4 g2-k5 g2-l6 "
                                  "g2-m7 g2-m7=A"));
    /* f12 = (-1,23) and e11 = (-2,22) leave no move: must promote */
    tu_setup(&pos, v, "White: G a4, H e10; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "e10"), "e10-f12=A");
    tu_setup(&pos, v, "White: G a4, H d9; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "d9"), "d9-e11=A");
    /* from g9 = (0,16): h10 can still go to g12 (inner), f10 too: no promotion; e11 and
     * i11 are dead ends */
    tu_setup(&pos, v, "White: G a4, H g9; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "g9"), "g9-e11=A g9-f10 g9-h10 g9-i11=A");
    /* Black's Horns go 7 and 5 o'clock: g12 is g2 reflected */
    tu_setup(&pos, v, "White: G a4; Black: G n4, H g12", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g12")),
                        tu_sorted("f10 e8 d6 c4 b2 h10 i8 k6 l4 m2"));
    assert_true(tu_has_move(&pos, "g12-b2=A") && tu_has_move(&pos, "g12-m2=A"));
    assert_false(tu_has_move(&pos, "g12-c4=A"));
    variant_free(v);
    /* Frontofhouse: the Horn promotes to a Unicorn */
    v = tu_variant("hr-glinski-foh");
    tu_setup(&pos, v, "White: G a4, H e10; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "e10"), "e10-f12=U");
    /* a Wing on the a-file, a side rim: every a cell leads only to a cells, a7 to nothing */
    tu_setup(&pos, v, "White: G g7, W a3; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "a3"), "a3-a4 a3-a4=R a3-a5 a3-a5=R a3-a6 a3-a6=R a3-a7=R");
    variant_free(v);
}

static void test_migrant(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Game g;
    Position pos;
    /* g11 -> g12: from g12 the Migrant reaches g13, f12, h12, all rim: it may promote */
    tu_setup(&pos, v, "White: G a4, P g11; Black: G n4, S f12 h12", FIRST);
    assert_string_equal(tu_moves(&pos, "g11"), "g11-g12 g11-g12=Z");
    game_init(&g, v, &pos);
    tu_game_move(&g, "g11-g12");
    tu_game_move(&g, "n4-n5");
    /* the later move offers the choice again; on g13 nothing is left: must */
    assert_string_equal(tu_moves(&g.pos, "g12"), "g12-g13=Z g12xf12 g12xf12=Z g12xh12 g12xh12=Z");
    tu_game_move(&g, "g12-g13=Z");
    assert_int_equal(g.pos.board[tu_cell(v, "g13")], MAKE_PIECE(FIRST, kind(v, 'Z')));
    game_free(&g);
    variant_free(v);
}

static void test_point(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-wellisch");
    Position pos;
    /* White's Point steps 2 and 4 o'clock. f12 = (-1,23) -> g13 (0,24), g12 (0,22). From g13
     * only h12 (rim) is left: may; from g12 also h11 (inner): no. The same on the other side
     * rim: f1 -> g1 (then only h1) and g2 (then h2, inner). */
    tu_setup(&pos, v, "White: G g7, P f12 f1; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "f12"), "f12-g12 f12-g13 f12-g13=Z");
    assert_string_equal(tu_moves(&pos, "f1"), "f1-g1 f1-g1=Z f1-g2");
    /* Points never double-step */
    tu_setup(&pos, v, "White: G g7, P c4; Black: G n4", FIRST);
    assert_string_equal(tu_sorted(tu_targets(&pos, "c4")), "d4 d5");
    variant_free(v);
}

/* Forward-only pieces in every seat (seat table): Senhelms leap the two root-7 leaps beside
 * the straight-forward orthogonal, Horns ride the forward diagonals, Wings the forward
 * orthogonal, Points step both forward orthogonals. */
static void test_forward_pieces(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-mccooey-foh");
    Position pos;
    /* White (12): (+-1,+5) from g2 = (0,2); Black (6): (+-1,-5) from g12 = (0,22) */
    tu_setup(&pos, v, "White: G a4, E g2; Black: G n4, E g12", FIRST);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g2")), "f4 h4");
    tu_setup(&pos, v, "White: G a4, E g2; Black: G n4, E g12", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g12")), "f9 h9");
    variant_free(v);

    v = tu_variant("hr-mccooey3-foh");
    /* Yellow (8 o'clock): Senhelm k7 = (3,15) leaps (-2,-4) to h6 and (-3,-1) to g8; Blue (4
     * o'clock): c7 = (-4,16) leaps (+3,-1) to f8 and (+2,-4) to e6 */
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1, E k7; Blue: G g13, E c7", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "k7")), "g8 h6");
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1, E k7; Blue: G g13, E c7", THIRD);
    assert_string_equal(tu_sorted(tu_targets(&pos, "c7")), "e6 f8");
    /* Yellow's Horn k7 rides 7 o'clock (-1,-3): i6 h5 g4 f2, and 9 o'clock (-2,0): h8 f8 d7
     * b6. From f2 only d1 (rim) is left, from b6 only a4 (rim): may promote there */
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1, H k7; Blue: G g13", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "k7")), "b6 d7 f2 f8 g4 h5 h8 i6");
    assert_true(tu_has_move(&pos, "k7-f2=U") && tu_has_move(&pos, "k7-b6=U"));
    assert_false(tu_has_move(&pos, "k7-g4=U") || tu_has_move(&pos, "k7-d7=U"));
    /* Yellow's Wing k7 rides 8 o'clock (-1,-1) to a1; b2 leads only to a1 (may), a1 nowhere
     * (must) */
    tu_setup(&pos, v, "Red: G g13; Yellow: G n1, W k7; Blue: G n7", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "k7")), "a1 b2 c3 d4 e5 f6 g7 h7 i7");
    assert_true(tu_has_move(&pos, "k7-b2") && tu_has_move(&pos, "k7-b2=R"));
    assert_true(tu_has_move(&pos, "k7-a1=R") && !tu_has_move(&pos, "k7-a1"));
    assert_false(tu_has_move(&pos, "k7-c3=R"));
    variant_free(v);

    /* Wellisch, three players: Yellow's Point (11 o'clock) steps 10 and 12 o'clock from k5 =
     * (3,11): i6 and k6; Blue's (7 o'clock) steps 6 and 8 from k5: k4 and i5 */
    v = tu_variant("hr-wellisch3");
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1, P k5; Blue: G g13", SECOND);
    assert_string_equal(tu_sorted(tu_targets(&pos, "k5")), "i6 k6");
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1; Blue: G g13, P k5", THIRD);
    assert_string_equal(tu_sorted(tu_targets(&pos, "k5")), "i5 k4");
    variant_free(v);
}

/* --- return from capture ---------------------------------------------------------------------- */

/* What each captured kind becomes in the captor's hand ('-': nothing). */
static const struct {
    const char *name;
    const char *returns; /* pairs: captured kind, kind in hand */
} returns[] = {
    {"hr-glinski", "D- R- U- S- HH EE AH KE PP ZP"},
    {"hr-glinski-foh", "DC RW UH SE HH EE WW CC PP ZP"},
    {"hr-mccooey", "D- R- U- S- HH EE AH KE PP TP"},
    {"hr-mccooey-foh", "DC RW UH SE HH EE WW CC PP TP"},
    {"hr-trios", "D- R- U- S- HH EE AH KE PP TP"},
    {"hr-trios-foh", "DC RW UH SE HH EE WW CC PP TP"},
    {"hr-mccooey3", "D- R- U- S- HH EE AH KE PP TP"},
    {"hr-mccooey3-foh", "DC RW UH SE HH EE WW CC PP TP"},
    {"hr-liuyang", "R- U- S- C- L- HH EE AH KE PP TP"},
    {"hr-liuyang-foh", "RW UH SE CC LL HH EE WW PP TP"},
    {"hr-wellisch", "V- R- Y- XX AX PP ZP"},
    {"hr-wellisch-foh", "VI RW YX XX WW II PP ZP"},
    {"hr-wellisch3", "V- R- Y- XX AX PP ZP"},
    {"hr-wellisch3-foh", "VI RW YX XX WW II PP ZP"},
};

static void test_returns(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof returns / sizeof returns[0]; i++) {
        Variant *v = tu_variant(returns[i].name);
        const char *r = returns[i].returns;
        int listed = 0;
        for (; *r; r += r[2] ? 3 : 2) {
            /* the first player's Rook on g4 takes the second player's piece on g6 */
            char desc[160];
            Position pos;
            Undo u;
            snprintf(desc, sizeof desc, "%s: G a1, R g4; %s: G n1, %c g6%s", v->player_name[FIRST],
                     v->player_name[SECOND], r[0], v->nplayers == 3 ? "; Blue: G g13" : "");
            tu_setup(&pos, v, desc, FIRST);
            tu_play_text(&pos, "g4xg6", &u);
            if (r[1] == '-') {
                assert_int_equal(hand_total(&pos, FIRST), 0);
            } else {
                if (hand(&pos, FIRST, r[1]) != 1 || hand_total(&pos, FIRST) != 1)
                    fail_msg("%s: a captured %c should return as %c", v->name, r[0], r[1]);
            }
            assert_int_equal(hand_total(&pos, SECOND), 0);
            assert_int_equal(pos.hash, pos_compute_hash(&pos));
            pos_unmake(&pos, &u);
            assert_int_equal(hand_total(&pos, FIRST), 0);
            listed++;
        }
        /* every non-royal kind of the file is in the table */
        int nonroyal = 0;
        for (int k = 1; k <= v->ntypes; k++) nonroyal += !v->type[k].royal;
        assert_int_equal(listed, nonroyal);
        variant_free(v);
    }
}

/* What promotes to what: plain H->A X->A E->K, pawns to Z or T; Frontofhouse W->R H->U E->S
 * C->D I->V X->Y; nothing else promotes (the base army, Z, T, Liu Yang's Cannon and Sling). */
static void test_promotion_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < NVARIANTS; i++) {
        Variant *v = tu_variant(all_variants[i]);
        bool foh = strstr(v->name, "-foh") != NULL;
        bool wellisch = strstr(v->name, "wellisch") != NULL;
        bool migrant = strstr(v->name, "glinski") != NULL;
        for (int k = 1; k <= v->ntypes; k++) {
            const PieceType *pt = &v->type[k];
            char want = 0;
            switch (pt->letter) {
            case 'H': want = foh ? 'U' : 'A'; break;
            case 'X': want = foh ? 'Y' : 'A'; break;
            case 'E': want = foh ? 'S' : 'K'; break;
            case 'W': want = 'R'; break;
            case 'C': want = foh && !strstr(v->name, "liuyang") ? 'D' : 0; break;
            case 'I': want = 'V'; break;
            case 'P': want = wellisch || migrant ? 'Z' : 'T'; break;
            default: want = 0;
            }
            if (!want) {
                assert_int_equal(pt->npromo, 0);
                continue;
            }
            assert_int_equal(pt->npromo, 1);
            assert_int_equal(v->type[pt->promo_to[0]].letter, want);
            assert_true(pt->promo_auto);
        }
        variant_free(v);
    }
}

/* A promoted piece returns as what it was: the Azuregeneral as a Horn (plain), the Unicorn a
 * promoted Horn became as a Horn (Frontofhouse); the piece in hand is then the captor's, and
 * faces the captor's forward when dropped. */
static void test_demotion(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Game g;
    Position pos;
    tu_setup(&pos, v, "White: G a4, H e10; Black: G g13", FIRST);
    game_init(&g, v, &pos);
    tu_game_move(&g, "e10-f12=A");
    tu_game_move(&g, "g13xf12");
    assert_int_equal(hand(&g.pos, SECOND, 'H'), 1);
    assert_int_equal(hand(&g.pos, SECOND, 'A'), 0);
    tu_game_move(&g, "a4-a5");
    tu_game_move(&g, "H@g10");
    assert_int_equal(g.pos.board[tu_cell(v, "g10")], MAKE_PIECE(SECOND, kind(v, 'H')));
    tu_game_move(&g, "a5-a6");
    /* Black's Horn goes 7 and 5 o'clock from g10 = (0,18): f8 e6 ... and h8 i6 ... */
    assert_true(tu_has_move(&g.pos, "g10-f8") && tu_has_move(&g.pos, "g10-h8"));
    assert_false(tu_has_move(&g.pos, "g10-h12") || tu_has_move(&g.pos, "g10-f12"));
    game_free(&g);
    variant_free(v);

    v = tu_variant("hr-glinski-foh");
    tu_setup(&pos, v, "White: G a4, H e10; Black: G g13", FIRST);
    game_init(&g, v, &pos);
    tu_game_move(&g, "e10-f12=U");
    tu_game_move(&g, "g13xf12");
    assert_int_equal(hand(&g.pos, SECOND, 'H'), 1);
    assert_int_equal(hand_total(&g.pos, SECOND), 1);
    game_free(&g);
    /* a Rook returns as a Wing, which moves down for Black */
    tu_setup(&pos, v, "White: G a4, R g7; Black: G n4, R g9", SECOND);
    game_init(&g, v, &pos);
    tu_game_move(&g, "g9xg7");
    assert_int_equal(hand(&g.pos, SECOND, 'W'), 1);
    tu_game_move(&g, "a4-a5");
    tu_game_move(&g, "W@g10");
    tu_game_move(&g, "a5-a6");
    assert_string_equal(tu_sorted(tu_targets(&g.pos, "g10")), "g8 g9");
    game_free(&g);
    variant_free(v);
}

/* --- camps and drops -------------------------------------------------------------------------- */

enum camp_shape { CAMP_GLINSKI, CAMP_MCCOOEY, CAMP_WELLISCH };

/* The first seat's camp from the document; the others are its images. */
static bool in_first_camp(enum camp_shape s, int q, int k)
{
    switch (s) {
    case CAMP_GLINSKI: return iabs(q) <= 5 && k <= 6 - iabs(q);
    case CAMP_MCCOOEY: return iabs(q) <= 4 && k <= 5 - iabs(q);
    case CAMP_WELLISCH: return q <= -4;
    }
    return false;
}

static bool in_camp(enum camp_shape s, int nplayers, int player, int q, int h)
{
    /* map the cell back to the first seat */
    if (player && nplayers == 3)
        rotate(&q, &h, 3 - player);
    else if (player && s == CAMP_WELLISCH)
        q = -q, h = 24 - h;
    else if (player)
        h = 24 - h;
    return in_first_camp(s, q, k_of(q, h));
}

static void test_camps(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        enum camp_shape shape;
        int size;
        const char *royals;
    } camps[] = {
        {"hr-glinski", CAMP_GLINSKI, 36, "a4 n4"},
        {"hr-glinski-foh", CAMP_GLINSKI, 36, "a4 n4"},
        {"hr-liuyang", CAMP_GLINSKI, 36, "a4 n4"},
        {"hr-liuyang-foh", CAMP_GLINSKI, 36, "a4 n4"},
        {"hr-mccooey", CAMP_MCCOOEY, 25, "a4 n4"},
        {"hr-mccooey-foh", CAMP_MCCOOEY, 25, "a4 n4"},
        {"hr-trios", CAMP_MCCOOEY, 25, "a4 n4"},
        {"hr-trios-foh", CAMP_MCCOOEY, 25, "a4 n4"},
        {"hr-mccooey3", CAMP_MCCOOEY, 25, "a1 n1 g13"},
        {"hr-mccooey3-foh", CAMP_MCCOOEY, 25, "a1 n1 g13"},
        {"hr-wellisch", CAMP_WELLISCH, 24, "g7 g9"},
        {"hr-wellisch-foh", CAMP_WELLISCH, 24, "g7 g9"},
        {"hr-wellisch3", CAMP_WELLISCH, 24, "g7 g9 e6"},
        {"hr-wellisch3-foh", CAMP_WELLISCH, 24, "g7 g9 e6"},
    };
    for (size_t i = 0; i < sizeof camps / sizeof camps[0]; i++) {
        Variant *v = tu_variant(camps[i].name);
        for (int p = 0; p < v->nplayers; p++) {
            char desc[128] = "", r[3][8];
            sscanf(camps[i].royals, "%7s %7s %7s", r[0], r[1], r[2]);
            for (int x = 0; x < v->nplayers; x++) {
                char part[40];
                snprintf(part, sizeof part, "%s%s: G %s", x ? "; " : "", v->player_name[x], r[x]);
                strcat(desc, part);
            }
            Position pos;
            tu_setup(&pos, v, desc, p);
            give(&pos, p, 'P', 1);
            char want[1024] = "";
            int n = 0;
            for (int q = -6; q <= 6; q++)
                for (int k = 1; k <= 13 - iabs(q); k++) {
                    if (!in_camp(camps[i].shape, v->nplayers, p, q, h_of(q, k))) continue;
                    char t[16];
                    snprintf(t, sizeof t, "%sP@%c%d", want[0] ? " " : "", files[q + 6], k);
                    strcat(want, t);
                    n++;
                }
            assert_int_equal(n, camps[i].size);
            if (strcmp(tu_moves(&pos, "@P"), tu_sorted(want)))
                fail_msg("%s, %s: drops\n  %s\nexpected\n  %s", v->name, v->player_name[p],
                         tu_moves(&pos, "@P"), tu_sorted(want));
        }
        variant_free(v);
    }
}

/* A Grandduke in check whose only way out is a drop between: the side has a legal move
 * (has_legal_move, which stops at the first legal move, must not stop before the drops),
 * and without the piece in hand it is mated. */
static void test_only_a_drop(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Position pos;
    tu_setup(&pos, v, "White: G g1; Black: G g13, D g3, R i10", FIRST);
    give(&pos, FIRST, 'R', 1);
    assert_true(in_check(&pos));
    MoveList ml;
    gen_legal(&pos, &ml);
    assert_int_equal(ml.n, 1);
    assert_int_equal(ml.m[0].kind, MOVE_DROP);
    assert_true(has_legal_move(&pos));
    give(&pos, FIRST, 'R', 0);
    assert_int_equal(count_legal(&pos), 0);
    assert_false(has_legal_move(&pos));
    variant_free(v);
}

/* Only on empty camp cells; one drop per cell and kind however many are in hand. */
static void test_drop_cells(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Position pos;
    tu_setup(&pos, v, "White: G a4, R g2; Black: G n4, S f2", FIRST);
    give(&pos, FIRST, 'H', 2);
    give(&pos, FIRST, 'P', 1);
    assert_int_equal(tu_count_kind(&pos, MOVE_DROP), 34 + 34);
    assert_false(tu_has_move(&pos, "H@g2") || tu_has_move(&pos, "H@f2") ||
                 tu_has_move(&pos, "P@g2"));
    assert_true(tu_has_move(&pos, "H@g1") && tu_has_move(&pos, "P@g6") &&
                tu_has_move(&pos, "H@b1"));
    assert_false(tu_has_move(&pos, "H@g7") || tu_has_move(&pos, "P@a1"));
    /* a drop leaves the hand one piece lighter, resets the clock and is undone exactly */
    Undo u;
    pos.halfmove = 5;
    Position before = pos;
    tu_play_text(&pos, "H@e4", &u);
    assert_int_equal(hand(&pos, FIRST, 'H'), 1);
    assert_int_equal(pos.board[tu_cell(v, "e4")], MAKE_PIECE(FIRST, kind(v, 'H')));
    assert_int_equal(pos.halfmove, 0);
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u);
    assert_memory_equal(&pos, &before, sizeof pos);
    /* the other player's hand is his own */
    tu_setup(&pos, v, "White: G a4; Black: G n4", SECOND);
    give(&pos, FIRST, 'H', 1);
    assert_int_equal(tu_count_kind(&pos, MOVE_DROP), 0);
    variant_free(v);
}

/* Never where the piece could not move on an empty board: hr-glinski with drops allowed
 * everywhere, so that the dead cells at the top are in reach. */
static Variant *glinski_drops_everywhere(void)
{
    static char text[32768];
    char path[1024];
    const char *dir = getenv("VARIANTS_DIR");
    snprintf(path, sizeof path, "%s/hr-glinski.ini", dir ? dir : "variants");
    FILE *f = fopen(path, "r");
    if (!f) fail_msg("cannot open %s", path);
    size_t n = fread(text, 1, sizeof text - 4096, f);
    fclose(f);
    text[n] = 0;
    char *d = strstr(text, "drops = camp");
    if (!d) fail_msg("hr-glinski.ini has no 'drops = camp'");
    memcpy(d, "drops = all ", 12);
    strcat(text, "\n[zone all]\nall =");
    int on_line = 0;
    for (int q = -6; q <= 6; q++)
        for (int k = 1; k <= 13 - iabs(q); k++) {
            char t[16];
            snprintf(t, sizeof t, "%s %c%d", on_line == 20 ? "\n " : "", files[q + 6], k);
            on_line = on_line == 20 ? 1 : on_line + 1;
            strcat(text, t);
        }
    strcat(text, "\n");
    return tu_variant_text(text);
}

static void test_drop_dead_cells(void **state)
{
    (void)state;
    Variant *v = glinski_drops_everywhere();
    Position pos;
    tu_setup(&pos, v, "White: G a4; Black: G n4", FIRST);
    give(&pos, FIRST, 'H', 1);
    give(&pos, FIRST, 'P', 1);
    give(&pos, FIRST, 'E', 1);
    /* a White Horn needs (-1,+3) or (+1,+3) on the board, a Migrant (0,+2), (-1,+1) or
     * (+1,+1), a Senhelm (-1,+5) or (+1,+5) */
    static const struct {
        char letter;
        int vec[3][2];
    } need[] = {{'H', {{-1, 3}, {1, 3}, {1, 3}}},
                {'P', {{0, 2}, {-1, 1}, {1, 1}}},
                {'E', {{-1, 5}, {1, 5}, {1, 5}}}};
    for (size_t i = 0; i < 3; i++) {
        char want[2048] = "", from[4] = {'@', need[i].letter, 0};
        int dead = 0;
        for (int q = -6; q <= 6; q++)
            for (int k = 1; k <= 13 - iabs(q); k++) {
                int h = h_of(q, k);
                char name[8];
                name_qh(q, h, name);
                if (!strcmp(name, "a4") || !strcmp(name, "n4")) continue;
                bool alive = false;
                for (int j = 0; j < 3; j++)
                    alive |= on_board(q + need[i].vec[j][0], h + need[i].vec[j][1]);
                if (!alive) {
                    dead++;
                    continue;
                }
                char t[16];
                snprintf(t, sizeof t, "%s%c@%s", want[0] ? " " : "", need[i].letter, name);
                strcat(want, t);
            }
        assert_true(dead > 0);
        assert_string_equal(tu_moves(&pos, from), tu_sorted(want));
    }
    /* the Migrant's only dead cell is g13 */
    assert_false(tu_has_move(&pos, "P@g13"));
    assert_true(tu_has_move(&pos, "P@f12") && tu_has_move(&pos, "P@a7"));
    variant_free(v);
}

/* A drop may give check and mate, and may answer a check. */
static void test_drop_check(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski-foh");
    Game g;
    Position pos;
    char buf[64];
    /* Black's Grandduke on g13 is walled in by his own Migrants on f12 h12 f11 h11, none of
     * which can step onto the g file; a Wing dropped on g3 checks up the file, and g12,
     * the only free neighbour, is on the file too */
    tu_setup(&pos, v, "White: G a1; Black: G g13, P f12 h12 f11 h11", FIRST);
    give(&pos, FIRST, 'W', 1);
    game_init(&g, v, &pos);
    assert_int_equal(tu_count_kind(&g.pos, MOVE_DROP), 36);
    tu_game_move(&g, "W@g3");
    assert_true(g.result.over);
    assert_int_equal(g.result.winner, FIRST);
    assert_string_equal(g.result.termination, "checkmate");
    assert_string_equal(g.plies[0].san, "W@g3#");
    assert_string_equal(game_result_text(&g, buf, sizeof buf), "1-0");
    game_free(&g);
    /* with h11 free the Grandduke escapes: only check */
    tu_setup(&pos, v, "White: G a1; Black: G g13, P f12 h12 f11", FIRST);
    give(&pos, FIRST, 'W', 1);
    game_init(&g, v, &pos);
    tu_game_move(&g, "W@g3");
    assert_false(g.result.over);
    assert_string_equal(g.plies[0].san, "W@g3+");
    game_free(&g);
    variant_free(v);

    /* White in check along the g file: the drops that answer it are the camp cells between */
    v = tu_variant("hr-glinski");
    tu_setup(&pos, v, "White: G g1; Black: G n4, R g10", FIRST);
    give(&pos, FIRST, 'H', 1);
    assert_true(in_check(&pos));
    assert_string_equal(tu_moves(&pos, "@H"), "H@g2 H@g3 H@g4 H@g5 H@g6");
    variant_free(v);
}

/* --- double steps ----------------------------------------------------------------------------- */

static void test_double_steps(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-mccooey");
    Position pos;
    Undo u1, u2, u3, u4;
    /* McCooey's centre-file pawn has no double step ... */
    pos_init(&pos, v);
    assert_string_equal(tu_targets(&pos, "g5"), "g6");
    assert_string_equal(tu_sorted(tu_targets(&pos, "f4")), "f5 f6");
    /* ... but a pawn dropped there has, until it first moves */
    tu_setup(&pos, v, "White: G a4; Black: G n4", FIRST);
    give(&pos, FIRST, 'P', 2);
    tu_play_text(&pos, "P@g5", &u1);
    tu_play_text(&pos, "n4-n5", &u2);
    assert_non_null(strstr(tu_fen(&pos), " w - g5 P 1 2"));
    tu_check_fen(&pos);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g5")), "g6 g7");
    Move dbl = tu_find_move(&pos, "g5-g7");
    assert_int_equal(dbl.kind, MOVE_DOUBLE);
    tu_play_text(&pos, "g5-g6", &u3);
    tu_play_text(&pos, "n5-n4", &u4);
    assert_string_equal(tu_targets(&pos, "g6"), "g7");
    assert_non_null(strstr(tu_fen(&pos), " w - - P "));
    /* from anywhere in the camp: e2 is no starting cell */
    Undo u5, u6;
    tu_play_text(&pos, "P@e2", &u5);
    tu_play_text(&pos, "n4-n5", &u6);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e2")), "e3 e4");
    variant_free(v);

    /* three players: the centre-file images g5, i7, e7 have no double step either; Yellow
     * steps 8 o'clock (-1,-1), Blue 4 o'clock (+1,-1) */
    v = tu_variant("hr-mccooey3");
    for (int p = 0; p < 3; p++) {
        pos_init(&pos, v);
        pos.stm = (uint8_t)p;
        pos.hash = pos_compute_hash(&pos);
        static const char *centre[3][2] = {{"g5", "g6"}, {"i7", "h7"}, {"e7", "f7"}};
        static const char *next[3][2] = {{"f4", "f5 f6"}, {"i8", "g8 h8"}, {"e8", "f8 g8"}};
        assert_string_equal(tu_targets(&pos, centre[p][0]), centre[p][1]);
        assert_string_equal(tu_sorted(tu_targets(&pos, next[p][0])), next[p][1]);
    }
    variant_free(v);

    /* Liu Yang and Glinski: the centre Broker or Migrant double-steps too */
    v = tu_variant("hr-liuyang");
    tu_setup(&pos, v, "White: G a4, P g6; Black: G n4", FIRST);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g6")), "g7 g8");
    variant_free(v);
    v = tu_variant("hr-glinski");
    tu_setup(&pos, v, "White: G a4, P g6; Black: G n4", FIRST);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g6")), "g7 g8");
    /* arriving on a starting cell by a capture: d3 = (-3,7) takes (+1,+1) on e4 */
    tu_setup(&pos, v, "White: G a4, P d3; Black: G n4, S e4", FIRST);
    tu_play_text(&pos, "d3xe4", &u1);
    tu_play_text(&pos, "n4-n5", &u2);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e4")), "e5 e6");
    variant_free(v);
}

/* --- en passant ------------------------------------------------------------------------------- */

static void test_en_passant(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Position pos;
    Undo u1, u2, u3, u4;
    /* Glinski: f5 -> f7 passes f6 = (-1,11); Black's Migrant on g7 = (0,12) captures 8
     * o'clock (-1,-1) onto it */
    tu_setup(&pos, v, "White: G a4, P f5; Black: G n4, P g7", FIRST);
    tu_play_text(&pos, "f5-f7", &u1);
    assert_non_null(strstr(tu_fen(&pos), " b f6:f7 - "));
    assert_int_equal(tu_find_move(&pos, "g7xf6").kind, MOVE_EP);
    tu_play_text(&pos, "g7xf6", &u2);
    assert_int_equal(pos.board[tu_cell(v, "f7")], 0);
    assert_int_equal(hand(&pos, SECOND, 'P'), 1); /* the pawn goes to the captor's hand */
    tu_check_fen(&pos);
    pos_unmake(&pos, &u2);
    /* on the next turn only */
    tu_play_text(&pos, "n4-n5", &u2);
    tu_play_text(&pos, "a4-a5", &u3);
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    variant_free(v);

    /* McCooey: d2 -> d4 passes d3 = (-3,7); Black's Broker on e5 = (-2,10) captures 7
     * o'clock (-1,-3) onto it */
    v = tu_variant("hr-mccooey");
    tu_setup(&pos, v, "White: G a4, P d2; Black: G n4, P e5", FIRST);
    tu_play_text(&pos, "d2-d4", &u1);
    assert_int_equal(tu_find_move(&pos, "e5xd3").kind, MOVE_EP);
    tu_play_text(&pos, "e5xd3", &u2);
    assert_int_equal(pos.board[tu_cell(v, "d4")], 0);
    assert_int_equal(hand(&pos, SECOND, 'P'), 1);
    variant_free(v);

    /* three players: Red's d2 -> d4 over d3; Yellow's Broker on e5 captures 7 o'clock
     * (-1,-3), Blue's on c4 = (-4,10) 5 o'clock (+1,-3); each gets one chance, in turn */
    v = tu_variant("hr-mccooey3");
    tu_setup(&pos, v, "Red: G a1, P d2; Yellow: G n1, P e5; Blue: G g13, P c4", FIRST);
    tu_play_text(&pos, "d2-d4", &u1);
    assert_int_equal(tu_find_move(&pos, "e5xd3").kind, MOVE_EP);
    tu_play_text(&pos, "e5xd3", &u2);
    assert_int_equal(hand(&pos, SECOND, 'P'), 1);
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0); /* Blue: the right is spent */
    tu_check_fen(&pos);
    pos_unmake(&pos, &u2);
    tu_play_text(&pos, "n1-n2", &u2);
    assert_int_equal(tu_find_move(&pos, "c4xd3").kind, MOVE_EP);
    tu_play_text(&pos, "c4xd3", &u3);
    assert_int_equal(hand(&pos, THIRD, 'P'), 1);
    assert_int_equal(pos.board[tu_cell(v, "d4")], 0);
    pos_unmake(&pos, &u3);
    tu_play_text(&pos, "g13-g12", &u3);
    tu_play_text(&pos, "a1-a2", &u4);
    assert_int_equal(tu_count_kind(&pos, MOVE_EP), 0);
    variant_free(v);
}

/* --- Cannons and Slings ----------------------------------------------------------------------- */

static void test_cannon_sling(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-liuyang");
    Position pos;
    /* up the g file from g2: g3 is free, the Migrant g4 is the screen, g7 the first piece
     * beyond; g9 is not, and neither is h3 (not on an orthogonal of g2) */
    tu_setup(&pos, v, "White: G a4, C g2, P g4; Black: G n4, R g7 g9, S h3", FIRST);
    assert_true(tu_has_move(&pos, "g2xg7") && tu_has_move(&pos, "g2-g3"));
    assert_false(tu_has_move(&pos, "g2xg9") || tu_has_move(&pos, "g2xh3") ||
                 tu_has_move(&pos, "g2xg4"));
    assert_false(tu_has_move(&pos, "g2-g5") || tu_has_move(&pos, "g2-g6"));
    int caps = 0;
    MoveList ml;
    gen_legal(&pos, &ml);
    for (int i = 0; i < ml.n; i++)
        caps += ml.m[i].from == tu_cell(v, "g2") && pos.board[ml.m[i].to];
    assert_int_equal(caps, 1);
    /* it checks that way: exactly one screen */
    tu_setup(&pos, v, "White: G a4, C g2, P g4; Black: G g7", SECOND);
    assert_true(in_check(&pos));
    tu_setup(&pos, v, "White: G a4, C g2; Black: G g7", SECOND);
    assert_false(in_check(&pos));
    tu_setup(&pos, v, "White: G a4, C g2, P g4 g5; Black: G g7", SECOND);
    assert_false(in_check(&pos));
    /* the Sling on g4 = (0,6), 1 o'clock (+1,+3): h5, i6, k7. The cells flanking the first
     * vertex, g5 and h4, are no screens */
    tu_setup(&pos, v, "White: G a4, L g4, P g5 h4; Black: G n4, R i6", FIRST);
    assert_true(tu_has_move(&pos, "g4-h5"));
    assert_false(tu_has_move(&pos, "g4xi6") || tu_has_move(&pos, "g4xk7"));
    tu_setup(&pos, v, "White: G a4, L g4, P g5 h4; Black: G n4, R h5 i6", FIRST);
    assert_false(tu_has_move(&pos, "g4xh5"));
    assert_true(tu_has_move(&pos, "g4xi6")); /* a screen of either army */
    tu_setup(&pos, v, "White: G a4, L g4, P h5; Black: G n4, R i6", FIRST);
    assert_true(tu_has_move(&pos, "g4xi6"));
    tu_setup(&pos, v, "White: G a4, L g4, P h5; Black: G i6", SECOND);
    assert_true(in_check(&pos));
    tu_setup(&pos, v, "White: G a4, L g4, P g5 h4; Black: G i6", SECOND);
    assert_false(in_check(&pos));
    /* a hop-checked Grandduke may not stay on the line behind the screen */
    tu_setup(&pos, v, "White: G a4, C g2, P g4; Black: G g7", SECOND);
    assert_false(tu_has_move(&pos, "g7-g8") || tu_has_move(&pos, "g7-g6"));
    assert_true(tu_has_move(&pos, "g7-h7"));
    /* a Cannon screening another: the Sennight between them is pinned through both (off the
     * file, g8 would hop g4 onto g2); the generator's shortcut agrees with making each move */
    tu_setup(&pos, v, "White: G g2, S g6; Black: G n4, C g4 g8", FIRST);
    assert_false(tu_has_move(&pos, "g6-h8") || tu_has_move(&pos, "g6-e5"));
    MoveList legal;
    tu_check_legality(&pos, &legal);
    for (int i = 0; i < legal.n; i++) assert_int_not_equal(legal.m[i].from, tu_cell(v, "g6"));
    variant_free(v);
}

/* --- the Liu Yang swap ------------------------------------------------------------------------ */

static void test_swap(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-liuyang");
    Position pos;
    Undo u;
    char san[MOVE_TEXT_MAX];
    /* g5 = (0,8) has the Broker g6, the Waiter h5, the Rook f4 and the Unicorn i4 beside it;
     * Black's Rook f10 sweeps the f file down to f4. So: the Waiter and the Unicorn; not the
     * unpromoted Broker; not the Rook, which would leave the Grandduke in check */
    const char *desc = "White: G g5, P g6, T h5, R f4, U i4; Black: G n4, R f10";
    tu_setup(&pos, v, desc, FIRST);
    assert_false(in_check(&pos));
    assert_int_equal(tu_count_kind(&pos, MOVE_EXCHANGE), 2);
    assert_true(tu_has_move(&pos, "g5~h5") && tu_has_move(&pos, "g5~i4"));
    assert_false(tu_has_move(&pos, "g5~g6") || tu_has_move(&pos, "g5~f4"));
    Move m = tu_find_move(&pos, "g5~h5");
    move_san(&pos, m, san);
    assert_string_equal(san, "G~h5");
    Move parsed;
    char err[NOTE_ERR_MAX];
    assert_int_equal(move_parse(&pos, "G~h5", &parsed, err, sizeof err, NULL), PARSE_OK);
    assert_true(move_equal(parsed, m));
    play_move(&pos, m, &u);
    assert_int_equal(pos.board[tu_cell(v, "h5")], MAKE_PIECE(FIRST, kind(v, 'G')));
    assert_int_equal(pos.board[tu_cell(v, "g5")], MAKE_PIECE(FIRST, kind(v, 'T')));
    assert_int_equal(pos.royal[FIRST], tu_cell(v, "h5"));
    assert_int_equal(pos.hash, pos_compute_hash(&pos));
    pos_unmake(&pos, &u);
    assert_int_equal(pos.royal[FIRST], tu_cell(v, "g5"));
    /* not while in check, even where the swap would end it (Black's Sennight i6 leaps
     * (-2,-4) onto g5; i4 is out of its reach) */
    tu_setup(&pos, v, "White: G g5, P g6, T h5, R f4, U i4; Black: G n4, S i6", FIRST);
    assert_true(in_check(&pos));
    assert_int_equal(tu_count_kind(&pos, MOVE_EXCHANGE), 0);
    /* a swap never promotes: the Horn lands on f12, where it could not move */
    tu_setup(&pos, v, "White: G f12, H g12; Black: G n4", FIRST);
    assert_string_equal(tu_moves(&pos, "f12"), tu_sorted("f12~g12 f12-e11 f12-f11 f12-e10 f12-h12 "
                                                         "f12-g13 f12-g11"));
    tu_play_text(&pos, "f12~g12", &u);
    assert_int_equal(pos.board[tu_cell(v, "f12")], MAKE_PIECE(FIRST, kind(v, 'H')));
    variant_free(v);
}

/* --- the end of the game ---------------------------------------------------------------------- */

/* Stalemate is a draw in every two-player form: Black's Grandduke on a1 = (-6,6) has the
 * neighbours a2 b1 b2 b3 c2, all of which White's Grandduke on c3 = (-4,8) covers. */
static void test_stalemate(void **state)
{
    (void)state;
    for (size_t i = 0; i < NVARIANTS; i++) {
        Variant *v = tu_variant(all_variants[i]);
        if (v->nplayers == 3 || strstr(v->name, "wellisch")) {
            variant_free(v);
            continue;
        }
        Game g;
        Position pos;
        char buf[64];
        tu_setup(&pos, v, "White: G d4; Black: G a1", FIRST);
        game_init(&g, v, &pos);
        tu_game_move(&g, "d4-c3");
        assert_true(g.result.over);
        assert_int_equal(g.result.winner, -1);
        assert_string_equal(g.result.termination, "stalemate");
        assert_string_equal(game_result_text(&g, buf, sizeof buf), "1/2-1/2");
        game_free(&g);
        variant_free(v);
    }
}

/* Three players: the first checkmate removes a player, the second wins. Red's Unicorn g5
 * blocks Yellow's Rook g3 from Blue's Grandduke g13; it steps aside (g5 -> f6), Yellow could
 * take g13 and Blue is out (with nothing going to any hand). Then Red's Rook l5 crosses
 * (+1,+1) to n5 and checks down the n file; Yellow's Grandduke n1 = (6,6) has the neighbours
 * n2 (on the file) and m1 m2 l2 m3, his own Brokers, which step and capture leftwards only. */
static void test_three_player_end(void **state)
{
    (void)state;
    for (int foh = 0; foh < 2; foh++) {
        Variant *v = tu_variant(foh ? "hr-mccooey3-foh" : "hr-mccooey3");
        Game g;
        Position pos;
        char buf[128];
        tu_setup(&pos, v,
                 "Red: G a1, U g5, R l5; Yellow: G n1, R g3, P m1 m2 l2 m3; "
                 "Blue: G g13, P a3, H a6",
                 FIRST);
        game_init(&g, v, &pos);
        tu_game_move(&g, "g5-f6");
        assert_false(g.result.over);
        assert_int_equal(pos_players_left(&g.pos), 2);
        assert_int_equal(g.pos.out[0], THIRD);
        assert_int_equal(g.pos.stm, SECOND);
        assert_string_equal(g.plies[0].san, "Uf6#");
        for (int p = 0; p < 3; p++) assert_int_equal(hand_total(&g.pos, p), 0);
        assert_int_equal(g.pos.board[tu_cell(v, "a6")], 0);
        tu_game_move(&g, "g3-g2");
        tu_game_move(&g, "l5-n5");
        assert_true(g.result.over);
        assert_int_equal(g.result.winner, FIRST);
        assert_string_equal(g.result.termination, "checkmate");
        assert_string_equal(g.plies[2].san, "Rn5#");
        assert_string_equal(game_result_text(&g, buf, sizeof buf), "Red");
        game_placing(&g, buf, sizeof buf);
        assert_string_equal(buf, "Red, Yellow, Blue");
        char *text = pgn_write(&g);
        assert_non_null(strstr(text, "[Result \"Red\"]\n"));
        assert_non_null(strstr(text, "[Placing \"Red, Yellow, Blue\"]\n"));
        assert_non_null(strstr(text, "\n1. Uf6# Rg2 -- 2. Rn5# Red\n"));
        PgnReader r;
        PgnReport rep;
        Game back;
        Variant *owned;
        pgn_open_string(&r, text, v);
        assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
        assert_int_equal(back.nplies, 3);
        assert_int_equal(back.result.winner, FIRST);
        char *again = pgn_write(&back);
        assert_string_equal(again, text);
        free(again);
        free(text);
        game_free(&back);
        pgn_close(&r);
        game_free(&g);
        variant_free(v);
    }
}

/* --- position strings and records ------------------------------------------------------------- */

static void test_position_strings(void **state)
{
    (void)state;
    Variant *v = tu_variant("hr-glinski");
    Position pos;
    pos_init(&pos, v);
    assert_string_equal(tu_fen(&pos), "7/8/1P5p1/ERP4pre/1S1P3p1s1/HD2P2p2dh/HUUU1P1p1uuuh/"
                                      "HG2P2p2gh/1S1P3p1s1/ERP4pre/1P5p1/8/7 w - - - 0 1");
    tu_check_fen(&pos);
    variant_free(v);

    /* three players with hands, a fresh dropped pawn, an en passant right and a player out:
     * Red drops on d2 and f2, doubles d2 -> d4 over d3; f2 (no starting cell) keeps its mark */
    v = tu_variant("hr-mccooey3");
    Undo u[5];
    tu_setup(&pos, v, "Red: G a1; Yellow: G n1", FIRST);
    tu_set_out(&pos, THIRD);
    give(&pos, FIRST, 'P', 3);
    give(&pos, SECOND, 'E', 1);
    tu_play_text(&pos, "P@d2", &u[0]);
    tu_play_text(&pos, "n1-n2", &u[1]);
    tu_play_text(&pos, "P@f2", &u[2]);
    tu_play_text(&pos, "n2-n1", &u[3]);
    tu_play_text(&pos, "d2-d4", &u[4]);
    const char *fen = tu_fen(&pos);
    assert_non_null(strstr(fen, " y d3:d4 f2 rPyE b 0 3"));
    tu_check_fen(&pos);
    Position back;
    char err[300];
    assert_true(fen_read(&back, v, fen, err, sizeof err));
    assert_true(back.board[tu_cell(v, "f2")] & PIECE_FRESH);
    assert_false(back.board[tu_cell(v, "d4")] & PIECE_FRESH);
    assert_int_equal(back.ep[FIRST].passed, tu_cell(v, "d3"));
    assert_int_equal(back.hand[FIRST][kind(v, 'P')], 1);
    assert_int_equal(back.hand[SECOND][kind(v, 'E')], 1);
    /* a hand piece needs its side letter */
    char bad[FEN_MAX];
    snprintf(bad, sizeof bad, "%s", fen);
    char *h = strstr(bad, " rPyE ");
    memcpy(h, " PPyE ", 6);
    assert_false(fen_read(&back, v, bad, err, sizeof err));
    assert_non_null(strstr(err, "'P' is not a side letter"));
    variant_free(v);
}

static void check_same_game_moves(const Game *a, const Game *b)
{
    assert_int_equal(a->nplies, b->nplies);
    for (int i = 0; i < a->nplies; i++) {
        assert_true(move_equal(a->plies[i].move, b->plies[i].move));
        assert_string_equal(a->plies[i].san, b->plies[i].san);
    }
    assert_memory_equal(a->pos.board, b->pos.board, sizeof a->pos.board);
    assert_memory_equal(a->pos.hand, b->pos.hand, sizeof a->pos.hand);
    assert_int_equal(a->pos.hash, b->pos.hash);
}

/* Drops and swaps in records: the canonical forms H@e4, P@e4 and G~e4, read back. */
static void test_record_forms(void **state)
{
    (void)state;
    setenv("CELLMATE_VARIANTS", getenv("VARIANTS_DIR") ? getenv("VARIANTS_DIR") : "variants", 1);
    Variant *v = tu_variant("hr-glinski");
    Game g;
    Position pos;
    tu_setup(&pos, v, "White: G a4; Black: G n4", FIRST);
    give(&pos, FIRST, 'H', 1);
    give(&pos, FIRST, 'P', 1);
    give(&pos, SECOND, 'P', 1);
    game_init(&g, v, &pos);
    tu_game_move(&g, "H@e4");
    tu_game_move(&g, "P@e9");
    tu_game_move(&g, "P@f4");
    assert_string_equal(g.plies[0].san, "H@e4");
    assert_string_equal(g.plies[1].san, "P@e9");
    assert_string_equal(g.plies[2].san, "P@f4");
    char *text = pgn_write(&g);
    assert_non_null(strstr(text, "\n1. H@e4 P@e9 2. P@f4 *\n"));
    assert_non_null(strstr(text, " w - - HPp 0 1\"]\n"));
    PgnReader r;
    PgnReport rep;
    Game back;
    Variant *owned;
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    assert_int_equal(back.nplies, 3);
    assert_memory_equal(back.pos.board, g.pos.board, sizeof g.pos.board);
    assert_memory_equal(back.pos.hand, g.pos.hand, sizeof g.pos.hand);
    game_free(&back);
    pgn_close(&r);
    free(text);
    /* also the accepted input forms: H*e4, a lower-case drop letter */
    char typed[FEN_MAX + 200];
    snprintf(typed, sizeof typed,
             "[Variant \"hr-glinski\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n1. H*e4 p@e9 2. P*f4 *\n",
             tu_fen(&g.start));
    pgn_open_string(&r, typed, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    check_same_game_moves(&g, &back);
    game_free(&back);
    pgn_close(&r);
    game_free(&g);
    variant_free(v);

    v = tu_variant("hr-liuyang");
    game_init(&g, v, NULL);
    tu_game_move(&g, "h2~g3");
    assert_string_equal(g.plies[0].san, "G~g3");
    tu_game_move(&g, "h11~g11");
    text = pgn_write(&g);
    assert_non_null(strstr(text, "\n1. G~g3 G~g11 *\n"));
    pgn_open_string(&r, text, v);
    assert_int_equal(pgn_read_game(&r, &back, &owned, &rep), PGN_OK);
    assert_int_equal(back.nplies, 2);
    assert_int_equal(back.plies[0].move.kind, MOVE_EXCHANGE);
    assert_memory_equal(back.pos.board, g.pos.board, sizeof g.pos.board);
    game_free(&back);
    pgn_close(&r);
    free(text);
    game_free(&g);
    variant_free(v);
}

/* A random legal move that likes drops, swaps and en passant, then captures. */
static Move pick(Position *pos, const MoveList *ml)
{
    int special[MAX_MOVES], caps[MAX_MOVES], ns = 0, nc = 0;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        if (m.kind == MOVE_DROP || m.kind == MOVE_EXCHANGE || m.kind == MOVE_EP)
            special[ns++] = i;
        else if (pos->board[m.to])
            caps[nc++] = i;
    }
    unsigned r = tu_rand() % 6;
    if (ns && r < 2) return ml->m[special[tu_rand() % (unsigned)ns]];
    if (nc && r < 4) return ml->m[caps[tu_rand() % (unsigned)nc]];
    return ml->m[tu_rand() % (unsigned)ml->n];
}

/* load(save(game)) == game for random games full of drops, swaps and eliminations. */
static void test_pgn_round_trip(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        const char *must; /* text every batch of games must contain */
    } cases[] = {{"hr-glinski", "@"},
                 {"hr-mccooey3", "@"},
                 {"hr-liuyang", "~"},
                 {"hr-liuyang-foh", "@"},
                 {"hr-wellisch3-foh", "@"}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        Variant *v = tu_variant(cases[c].name);
        bool seen = false;
        for (int game = 0; game < 6; game++) {
            Game g;
            game_init(&g, v, NULL);
            for (int ply = 0; ply < 300 && !g.result.over; ply++) {
                MoveList ml;
                gen_legal(&g.pos, &ml);
                game_play(&g, pick(&g.pos, &ml));
            }
            char *text = tu_check_pgn_round_trip(&g, v);
            seen |= strstr(text, cases[c].must) != NULL;
            free(text);
            game_free(&g);
        }
        assert_true(seen);
        variant_free(v);
    }
}

/* Random games in every variant: unmake restores everything, keys agree, position strings
 * read back, and the legality shortcut agrees with making every move. */
static void test_consistency(void **state)
{
    (void)state;
    for (size_t i = 0; i < NVARIANTS; i++) {
        Variant *v = tu_variant(all_variants[i]);
        int drops = 0;
        for (int game = 0; game < 4; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 160 && pos_players_left(&pos) > 1; ply++) {
                MoveList legal;
                tu_check_legality(&pos, &legal);
                if (!legal.n) break;
                Move m = pick(&pos, &legal);
                drops += m.kind == MOVE_DROP;
                Undo u;
                tu_check_move(&pos, m, &u);
            }
        }
        assert_true(drops > 0);
        variant_free(v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_board),
        cmocka_unit_test(test_arrays),
        cmocka_unit_test(test_quiet_start),
        cmocka_unit_test(test_perft),
        cmocka_unit_test(test_horn),
        cmocka_unit_test(test_migrant),
        cmocka_unit_test(test_point),
        cmocka_unit_test(test_forward_pieces),
        cmocka_unit_test(test_returns),
        cmocka_unit_test(test_promotion_table),
        cmocka_unit_test(test_demotion),
        cmocka_unit_test(test_camps),
        cmocka_unit_test(test_drop_cells),
        cmocka_unit_test(test_only_a_drop),
        cmocka_unit_test(test_drop_dead_cells),
        cmocka_unit_test(test_drop_check),
        cmocka_unit_test(test_double_steps),
        cmocka_unit_test(test_en_passant),
        cmocka_unit_test(test_cannon_sling),
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_stalemate),
        cmocka_unit_test(test_three_player_end),
        cmocka_unit_test(test_position_strings),
        cmocka_unit_test(test_record_forms),
        cmocka_unit_test(test_pgn_round_trip),
        cmocka_unit_test(test_consistency),
    };
    tu_seed(0x9e3779b97f4a7c15ULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
