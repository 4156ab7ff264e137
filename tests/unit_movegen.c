/* unit_movegen.c — move generation against the vectors of glinski-mccooey.md and haynie.md,
 * the reference perft counts of the spec README, and internal consistency: make/unmake
 * restores everything, incremental keys equal recomputed ones, and the fast legality test
 * agrees with making each move. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "notation.h"
#include "testutil.h"

enum { WHITE = 0, BLACK = 1 };

static const char *all_moves(Position *pos)
{
    static char out[8192];
    MoveList ml;
    gen_legal(pos, &ml);
    out[0] = 0;
    for (int i = 0; i < ml.n; i++) {
        char t[MOVE_TEXT_MAX];
        move_long(pos, ml.m[i], t);
        if (i) strcat(out, " ");
        strcat(out, t);
    }
    return tu_sorted(out);
}

static bool has_move(Position *pos, const char *text)
{
    char buf[8192];
    snprintf(buf, sizeof buf, " %s ", all_moves(pos));
    char want[64];
    snprintf(want, sizeof want, " %s ", text);
    return strstr(buf, want) != NULL;
}

/* --- Haynie (haynie.md test vectors) ------------------------------------------------------ */

static void test_haynie_start(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    pos_init(&pos, v);
    assert_int_equal(count_legal(&pos), 22);
    /* 18 pawn moves from rank 4, and four knight moves */
    const char *rank4 = "a4 b4 c4 d4 e4 f4 g4 h4 i4";
    int pawn_moves = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", rank4);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) pawn_moves += tu_count_from(&pos, t);
    assert_int_equal(pawn_moves, 18);
    assert_string_equal(tu_sorted(tu_targets(&pos, "b2")), "c5 d5");
    assert_string_equal(tu_sorted(tu_targets(&pos, "f2")), "g5 h5");
    variant_free(v);
}

static void test_haynie_pawn(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    tu_setup(&pos, v, "White: K a1, P e4; Black: K k11", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e4")), "e5 f5");
    tu_setup(&pos, v, "White: K a1, P e4; Black: K k11, N d5 e5 f6 g5", WHITE);
    assert_true(has_move(&pos, "e4xd5"));
    assert_true(has_move(&pos, "e4xf6"));
    assert_true(has_move(&pos, "e4xg5"));
    assert_true(has_move(&pos, "e4-f5"));
    assert_false(has_move(&pos, "e4xe5"));
    assert_int_equal(tu_count_from(&pos, "e4"), 4);
    /* promotion on the last rank: two cells, six choices each */
    tu_setup(&pos, v, "White: K a1, P h10; Black: K a6", WHITE);
    assert_int_equal(tu_count_from(&pos, "h10"), 12);
    assert_string_equal(tu_sorted(tu_targets(&pos, "h10")), "h11 i11");
    assert_true(has_move(&pos, "h10-h11=W") && has_move(&pos, "h10-i11=F") &&
                has_move(&pos, "h10-i11=Q"));
    assert_false(has_move(&pos, "h10-h11"));
    tu_setup(&pos, v, "White: K a1, P g9; Black: K a6, N h11", WHITE);
    assert_true(has_move(&pos, "g9xh11=N"));
    assert_false(has_move(&pos, "g9xh11"));
    tu_setup(&pos, v, "White: K a1, P a6; Black: K k11", WHITE);
    assert_string_equal(tu_targets(&pos, "a6"), "b7");
    tu_setup(&pos, v, "White: K a1; Black: K k11, P e8", BLACK);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e8")), "d7 e7");
    variant_free(v);
}

static void test_haynie_bishop(void **state)
{
    (void)state;
    Variant *v = tu_variant("haynie");
    Position pos;
    tu_setup(&pos, v, "White: K a1, B f1, P f2 g2; Black: K k6", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "f1")), "a6 b5 c4 d3 e2 g3 h5 i7 j9 k11");
    variant_free(v);
}

/* --- Glinski and McCooey --------------------------------------------------------------------- */

static void test_glinski_pawns(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    /* a pawn on a starting cell may step two; elsewhere one */
    tu_setup(&pos, v, "White: K a1, P e4 f6; Black: K l6", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e4")), "e5 e6");
    assert_string_equal(tu_targets(&pos, "f6"), "f7");
    /* g4 is another pawn's starting cell: a pawn arriving there by capture may step two */
    tu_setup(&pos, v, "White: K a1, P f4; Black: K l6, N g4", WHITE);
    assert_true(has_move(&pos, "f4xg4"));
    Move m = {0};
    MoveList ml;
    gen_legal(&pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == board_cell(&v->board, "f4")) m = ml.m[i];
    Undo u;
    play_move(&pos, m, &u);
    pos.stm = WHITE; /* look at the pawn's next moves as if it were White's turn again */
    pos.hash = pos_compute_hash(&pos);
    assert_string_equal(tu_sorted(tu_targets(&pos, "g4")), "g5 g6");
    /* captures are the forward orthogonals beside the file: e5 takes on d5 and f6 */
    tu_setup(&pos, v, "White: K a1, P e5; Black: K l6, N d5 f6 e6", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e5")), "d5 f6");
    /* promotion on the last cell of the file, to Q R B N */
    tu_setup(&pos, v, "White: K a1, P f10 a5; Black: K l6", WHITE);
    assert_int_equal(tu_count_from(&pos, "f10"), 4);
    assert_true(has_move(&pos, "f10-f11=Q") && has_move(&pos, "f10-f11=N"));
    assert_int_equal(tu_count_from(&pos, "a5"), 4);
    tu_setup(&pos, v, "White: K l6; Black: K a6, P g2", BLACK);
    assert_int_equal(tu_count_from(&pos, "g2"), 4);
    variant_free(v);
}

static void test_glinski_en_passant(void **state)
{
    (void)state;
    Variant *v = tu_variant("glinski");
    Position pos;
    char fen[FEN_MAX];
    tu_setup(&pos, v, "White: K g1, P e6 c5; Black: K g10, P d7", BLACK);
    MoveList ml;
    gen_legal(&pos, &ml);
    Move dbl = {0};
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].to == board_cell(&v->board, "d5")) dbl = ml.m[i];
    assert_int_equal(dbl.kind, MOVE_DOUBLE);
    Undo u;
    play_move(&pos, dbl, &u);
    assert_true(has_move(&pos, "e6xd6"));
    assert_true(has_move(&pos, "c5xd6"));
    gen_legal(&pos, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].kind == MOVE_EP && ml.m[i].from == board_cell(&v->board, "e6")) {
            Undo u2;
            play_move(&pos, ml.m[i], &u2);
            assert_int_equal(pos.board[board_cell(&v->board, "d5")], 0);
            assert_int_not_equal(pos.board[board_cell(&v->board, "d6")], 0);
            pos_unmake(&pos, &u2);
        }
    /* the right lasts one move only */
    fen_write(&pos, fen, sizeof fen);
    assert_non_null(strstr(fen, " d6:d5 "));
    gen_legal(&pos, &ml);
    Undo u3, u4;
    Move king = {0};
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == board_cell(&v->board, "g1")) king = ml.m[i];
    play_move(&pos, king, &u3);
    fen_write(&pos, fen, sizeof fen);
    assert_non_null(strstr(fen, " - "));
    gen_legal(&pos, &ml);
    play_move(&pos, ml.m[0], &u4);
    assert_false(has_move(&pos, "e6xd6"));
    variant_free(v);
}

static void test_mccooey_pawns(void **state)
{
    (void)state;
    Variant *v = tu_variant("mccooey");
    Position pos;
    pos_init(&pos, v);
    /* the f-file pawn has no double step; the others have */
    assert_string_equal(tu_targets(&pos, "f4"), "f5");
    assert_string_equal(tu_sorted(tu_targets(&pos, "c1")), "c2 c3");
    /* captures along the forward hex diagonals: e3 takes on d4 and f5 */
    tu_setup(&pos, v, "White: K a1, P e3; Black: K l6, N d4 f5 e4", WHITE);
    assert_string_equal(tu_sorted(tu_targets(&pos, "e3")), "d4 f5");
    variant_free(v);
}

/* --- reference counts (spec README) ---------------------------------------------------------- */

static void test_perft_reference(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        uint64_t counts[3];
    } ref[] = {
        {"glinski", {51, 2586, 137858}},
        {"mccooey", {31, 947, 33307}},
        {"haynie", {22, 484, 11794}},
    };
    for (size_t i = 0; i < sizeof ref / sizeof ref[0]; i++) {
        Variant *v = tu_variant(ref[i].name);
        Position pos;
        pos_init(&pos, v);
        for (int d = 1; d <= 3; d++) assert_int_equal(perft(&pos, d), ref[i].counts[d - 1]);
        variant_free(v);
    }
}

/* --- consistency ------------------------------------------------------------------------------ */

static void check_consistency(const char *name)
{
    Variant *v = tu_variant(name);
    tu_random_games(v, 30, 120);
    variant_free(v);
}

static void test_consistency(void **state)
{
    (void)state;
    check_consistency("glinski");
    check_consistency("mccooey");
    check_consistency("haynie");
}

/* The tactical generation of quiescence is exactly the legal captures and promotions, and the
 * legality shortcuts (pins, and hop lines in variants with cannons or slings) agree with
 * making every move: random games of every shipped variant. */
static bool tactical(const Position *pos, Move m)
{
    if (m.kind == MOVE_DROP || m.kind == MOVE_CASTLE || m.kind == MOVE_EXCHANGE) return false;
    return m.promo || m.kind == MOVE_EP || pos->board[m.to] != 0;
}

static void test_tactical_and_legality(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int variants = 0, captures = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        variants++;
        for (int game = 0; game < 3; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 120; ply++) {
                MoveList legal, tac;
                tu_check_legality(&pos, &legal);
                if (!legal.n) break;
                gen_tactical(&pos, &tac);
                int want = 0;
                for (int i = 0; i < legal.n; i++) {
                    if (!tactical(&pos, legal.m[i])) continue;
                    want++;
                    bool found = false;
                    for (int j = 0; j < tac.n && !found; j++)
                        found = move_equal(tac.m[j], legal.m[i]);
                    assert_true(found);
                }
                assert_int_equal(tac.n, want);
                captures += want;
                Undo u;
                play_move(&pos, legal.m[tu_rand() % (unsigned)legal.n], &u);
            }
        }
        variant_free(v);
    }
    assert_true(variants >= 20);
    assert_true(captures > 1000);
}

/* The rays the generator walks (PieceType.runs) are each component's directions in order,
 * from every cell, cut to the component's range, those that reach no cell left out, and
 * PieceType.first holds each one's first cell (all a single step's walk reads); the
 * components it walks (PieceType.walk) are those a piece fresh or not, with quiet moves or
 * not, may use, but that a fresh piece leaves out one that another it walks covers (the same
 * moves in the same directions, as far): every shipped variant, kind, owner and cell. */
static bool covered(const PieceType *pt, int o, int i)
{
    const CompiledComp *a = &pt->cc[o][i];
    for (int j = 0; j < pt->ncomp; j++) {
        const CompiledComp *b = &pt->cc[o][j];
        if (j != i && (pt->walk[0] >> j & 1) && b->range >= a->range && b->zone == a->zone &&
            ((a->flags ^ b->flags) & (CF_MOVE | CF_CAPTURE | CF_HOP | CF_RIFLE | CF_EXCHANGE)) ==
                0 &&
            b->ndirs == a->ndirs && !memcmp(a->dirs, b->dirs, a->ndirs))
            return true;
    }
    return false;
}

static void test_runs(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    long runs = 0, left_out = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        const Board *b = &v->board;
        for (int k = 1; k <= v->ntypes; k++)
            for (int o = 0; o < v->nplayers; o++) {
                const PieceType *pt = &v->type[k];
                for (int i = 0; i < pt->ncomp; i++) { /* the components walked */
                    uint8_t f = pt->cc[o][i].flags;
                    bool takes = f & (CF_CAPTURE | CF_HOP), settled = !(f & CF_INITIAL);
                    bool fresh = pt->walk[0] >> i & 1;
                    if (!fresh) { /* left out while fresh: another walked covers it */
                        assert_true(covered(pt, o, i));
                        left_out++;
                    }
                    assert_int_equal(pt->walk[1] >> i & 1, settled);
                    assert_int_equal(pt->walk[2] >> i & 1, takes && fresh);
                    assert_int_equal(pt->walk[3] >> i & 1, takes && settled);
                }
                for (Cell c = 1; c <= b->ncells; c++)
                    for (int i = 0; i < pt->ncomp; i++) {
                        const CompiledComp *cc = &pt->cc[o][i];
                        const int *at = pt->run_at[o] + (size_t)c * pt->ncomp + i;
                        int n = at[0];
                        for (int j = 0; j < cc->ndirs; j++) {
                            const Cell *ray = b->ray[c][cc->dirs[j]];
                            unsigned reach = 0;
                            while (reach < cc->range && ray[reach]) reach++;
                            if (!reach) continue;
                            assert_true(n < at[1]);
                            assert_ptr_equal(b->raybuf + pt->runs[o][n].at, ray);
                            assert_int_equal(pt->runs[o][n].reach, reach);
                            assert_int_equal(pt->first[o][n], ray[0]); /* a step's target */
                            assert_int_equal(!!(cc->flags & CF_STEP), cc->range == 1);
                            n++;
                        }
                        assert_int_equal(n, at[1]);
                        runs += n - at[0];
                    }
            }
        variant_free(v);
    }
    assert_true(runs > 10000);
    assert_true(left_out > 0); /* the pawns' single steps, their double steps' first */
}

/* The rays attacked_by walks (Variant.attack_runs) are, from every cell, the opposite of each
 * direction that has attackers, in order, cut to the longest attack along it, those with no
 * cell left out: every shipped variant and player. */
static void test_attack_runs(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    long runs = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        const Board *b = &v->board;
        for (int p = 0; p < v->nplayers; p++)
            for (Cell t = 1; t <= b->ncells; t++) {
                const int *at = v->attack_run_at[p] + t;
                int n = at[0];
                for (int dir = 0; dir < b->ndirs; dir++) {
                    if (!v->nattackers[p][dir]) continue;
                    const Cell *ray = b->ray[t][b->dir[dir].opposite];
                    unsigned reach = 0;
                    while (reach < v->attack_reach[p][dir] && ray[reach]) reach++;
                    if (!reach) continue;
                    assert_true(n < at[1]);
                    assert_ptr_equal(b->raybuf + v->attack_runs[p][n].at, ray);
                    assert_int_equal(v->attack_runs[p][n].reach, reach);
                    assert_int_equal(v->attack_runs[p][n].dir, dir);
                    n++;
                }
                assert_int_equal(n, at[1]);
                runs += n - at[0];
            }
        variant_free(v);
    }
    assert_true(runs > 10000);
}

/* The search's lazy legality: the unfiltered lists (the same whether the side to move's
 * cells are scanned for or given as bits), tested one move at a time with a test made
 * ready once (in check or not, told or not), keep exactly the moves of the filtered lists in
 * their order, whatever order the moves are tested in (the search tests them as it picks
 * them, between makes and unmakes of others), and so does the test that looks at each move's
 * own line for pins (legality_prepare_lazy): random games of every shipped variant. */
static void assert_lazy_same(Position *pos, bool tactical, int check)
{
    MoveList want, all, kept;
    if (check < 0)
        tactical ? gen_tactical(pos, &want) : gen_legal(pos, &want);
    else
        tactical ? gen_tactical_known(pos, &want, check) : gen_legal_known(pos, &want, check);
    gen_unfiltered_known(pos, &all, tactical, check < 0 ? in_check(pos) : check, NULL, NULL, NULL);
    /* the same list when the side to move's cells are given as bits instead of scanned for,
     * and when the other players' cells are given too (the captures-only generation then
     * passes by the pieces that can take on none of them) */
    uint64_t own[MAX_CELLS / 64 + 1] = {0}, enemy[MAX_CELLS / 64 + 1] = {0};
    for (int c = 1; c <= pos->v->board.ncells; c++)
        if (pos->board[c])
            (PIECE_OWNER(pos->board[c]) == pos->stm ? own : enemy)[c / 64] |= 1ull << (c % 64);
    for (int told = 0; told < 2; told++) {
        MoveList walked;
        gen_unfiltered_known(pos, &walked, tactical, check < 0 ? in_check(pos) : check, own, NULL,
                             told ? enemy : NULL);
        assert_int_equal(walked.n, all.n);
        for (int i = 0; i < all.n; i++) assert_true(move_equal(walked.m[i], all.m[i]));
    }
    Legality L, lazy;
    legality_prepare(pos, &L, check);
    legality_prepare_lazy(pos, &lazy, check);
    bool ok[MAX_MOVES];
    for (int i = all.n - 1; i >= 0; i--) { /* backwards, with a move played between tests */
        ok[i] = legality_test(&L, all.m[i]);
        assert_int_equal(legality_test(&lazy, all.m[i]), ok[i]);
        if (ok[i] && i % 3 == 0) {
            Undo u;
            pos_make(pos, all.m[i], &u);
            pos_unmake(pos, &u);
        }
    }
    kept.n = 0;
    for (int i = 0; i < all.n; i++)
        if (ok[i]) kept.m[kept.n++] = all.m[i];
    assert_int_equal(kept.n, want.n);
    for (int i = 0; i < want.n; i++) assert_true(move_equal(kept.m[i], want.m[i]));
}

/* What play_move tells of the check of the player then to move (Undo.check, found out by the
 * three-player rules on the way) is what in_check says: random games of the three-player
 * variants, where it is known after every move that leaves three players in. */
static void test_check_told(void **state)
{
    (void)state;
    static const char *names[] = {"cyclohexane", "hr-mccooey3", "hr-wellisch3", "hr-trios"};
    int told = 0, checks = 0;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = tu_variant(names[i]);
        for (int game = 0; game < 6; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 150 && pos_players_left(&pos) >= 2; ply++) {
                MoveList legal;
                gen_legal(&pos, &legal);
                if (!legal.n) break;
                /* a check when there is one, so that checks are tried */
                Move m = legal.m[tu_rand() % (unsigned)legal.n];
                for (int j = 0; j < legal.n && tu_rand() % 2; j++) {
                    Undo u;
                    Position after = pos;
                    play_move(&after, legal.m[j], &u);
                    if (in_check(&after)) m = legal.m[j];
                }
                Undo u;
                play_move(&pos, m, &u);
                if (pos_players_left(&pos) == 3) assert_true(u.check >= 0); /* always found out */
                if (u.check < 0) continue;
                told++;
                assert_int_equal(u.check, in_check(&pos));
                checks += u.check;
            }
        }
        variant_free(v);
    }
    assert_true(told > 500);
    assert_true(checks > 10);
}

static void test_lazy_legality(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int variants = 0, dropped = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        variants++;
        for (int game = 0; game < 3; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 120 && pos_players_left(&pos) >= 2; ply++) {
                int check = in_check(&pos);
                for (int tactical = 0; tactical < 2; tactical++) {
                    assert_lazy_same(&pos, tactical, check);
                    assert_lazy_same(&pos, tactical, -1);
                }
                MoveList legal, all;
                gen_legal(&pos, &legal);
                gen_unfiltered_known(&pos, &all, false, check, NULL, NULL, NULL);
                dropped += all.n - legal.n;
                if (!legal.n) break;
                Undo u;
                play_move(&pos, legal.m[tu_rand() % (unsigned)legal.n], &u);
            }
        }
        variant_free(v);
    }
    assert_true(variants >= 20);
    assert_true(dropped > 100); /* illegal moves were there to be left out */
}

/* The legal moves out of check, found by making each pseudo-legal move: the reference for the
 * generator's shortcuts. */
static void legal_by_making(Position *pos, MoveList *out)
{
    MoveList pseudo;
    int us = pos->stm;
    gen_pseudo(pos, &pseudo);
    out->n = 0;
    for (int i = 0; i < pseudo.n; i++) {
        Undo u;
        pos_make(pos, pseudo.m[i], &u);
        if (!attacked_by(pos, pos->royal[us], checker_of(pos, us))) out->m[out->n++] = pseudo.m[i];
        pos_unmake(pos, &u);
    }
}

static void assert_same_list(const MoveList *a, const MoveList *b)
{
    assert_int_equal(a->n, b->n);
    for (int i = 0; i < a->n; i++) assert_true(move_equal(a->m[i], b->m[i]));
}

/* Whether m gives check: made, the next player to move is in check (not the mover again,
 * whose turn an elimination may bring back). */
static bool gives_check(Position *pos, Move m)
{
    int mover = pos->stm;
    Undo u;
    play_move(pos, m, &u);
    bool gives = pos->stm != mover && in_check(pos);
    pos_unmake(pos, &u);
    return gives;
}

/* In check, a plain move or a drop is legal without being made exactly when it lands on the
 * only checking line (and the piece is not pinned): every position in check of random games
 * that give check whenever they can, in every shipped variant, against making each move;
 * the generators told whether the side is in check give the same lists as those that find
 * it out; and has_legal_move, which stops at the first piece with a legal move, agrees. */
static void test_check_evasions(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int checks = 0, ended = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        for (int game = 0; game < 4; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 100; ply++) {
                MoveList legal, want, known, tac, tac_known;
                bool check = in_check(&pos);
                gen_legal(&pos, &legal);
                gen_legal_known(&pos, &known, check);
                assert_same_list(&legal, &known);
                gen_tactical(&pos, &tac);
                gen_tactical_known(&pos, &tac_known, check);
                assert_same_list(&tac, &tac_known);
                if (check && pos_players_left(&pos) > 1) {
                    legal_by_making(&pos, &want);
                    assert_same_list(&legal, &want);
                    checks++;
                }
                assert_int_equal(has_legal_move(&pos), legal.n > 0);
                if (!legal.n) {
                    ended++;
                    break;
                }
                int pickn = (int)(tu_rand() % (unsigned)legal.n);
                for (int i = 0; i < legal.n; i++) { /* the first move that gives check */
                    if (gives_check(&pos, legal.m[i]) && tu_rand() % 4) {
                        pickn = i;
                        break;
                    }
                }
                Undo u;
                play_move(&pos, legal.m[pickn], &u);
            }
        }
        variant_free(v);
    }
    assert_true(checks > 500);
    assert_true(ended > 10);
}

/* may_give_check never misses a check: every legal move of check-seeking random games in
 * every shipped variant, made and tested; and it clears most quiet moves that give none. */
static void test_check_hints(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    long checks = 0, quiet = 0, cleared = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        for (int game = 0; game < 3; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 100; ply++) {
                MoveList legal;
                gen_legal(&pos, &legal);
                if (!legal.n) break;
                CheckHints h;
                check_hints(&pos, &h);
                int pickn = (int)(tu_rand() % (unsigned)legal.n);
                for (int i = 0; i < legal.n; i++) {
                    bool may = may_give_check(&pos, &h, legal.m[i]);
                    if (gives_check(&pos, legal.m[i])) {
                        assert_true(may);
                        checks++;
                        if (tu_rand() % 4) pickn = i;
                    } else if (v->nplayers == 2) {
                        quiet++;
                        cleared += !may;
                    } else {
                        assert_true(may); /* three players: not worked out */
                    }
                }
                Undo u;
                play_move(&pos, legal.m[pickn], &u);
            }
        }
        variant_free(v);
    }
    assert_true(checks > 1000);
    assert_true(cleared > quiet / 2);
    /* castling that checks with the rook: rare in random games, so set up */
    Variant *v = tu_variant("chess");
    Position pos;
    char err[200];
    assert_true(fen_read(&pos, v, "5k2/8/8/8/8/8/8/4K2R w K - 0 1", err, sizeof err));
    CheckHints h;
    check_hints(&pos, &h);
    MoveList legal;
    gen_legal(&pos, &legal);
    int castles = 0;
    for (int i = 0; i < legal.n; i++)
        if (legal.m[i].kind == MOVE_CASTLE) {
            castles++;
            assert_true(gives_check(&pos, legal.m[i]));
            assert_true(may_give_check(&pos, &h, legal.m[i]));
        }
    assert_int_equal(castles, 1);
    variant_free(v);
}

/* The generator keeps a set of the targets reached only where its walk from the piece's cell
 * can reach one twice (PieceType.gen_at): no list, all moves or captures only, ever holds a
 * move twice in random games of every shipped variant, among them kinds whose rays meet; and
 * gen_at's other bits say what the tables they are read from say. */
static int duplicates(const MoveList *ml)
{
    int n = 0;
    for (int i = 0; i < ml->n; i++)
        for (int j = 0; j < i; j++) n += move_equal(ml->m[i], ml->m[j]);
    return n;
}

static void test_no_duplicates(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int kept = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        for (int k = 1; k <= v->ntypes; k++) {
            const PieceType *pt = &v->type[k];
            kept += pt->needs_dedupe;
            for (int o = 0; o < v->nplayers; o++)
                for (Cell c = 1; c <= v->board.ncells; c++) {
                    uint8_t at = pt->gen_at[o][c];
                    assert_int_equal(!!(at & GEN_PROMOTES), pt->npromo && pt->promo_near[o][c]);
                    assert_int_equal(!!(at & GEN_INITIAL),
                                     pt->initial_zone >= 0 && zone_has(v, pt->initial_zone, o, c));
                    assert_int_equal(!!(at & GEN_FORBIDS), pt->forbidden_zone >= 0);
                    if (!pt->needs_dedupe)
                        assert_int_equal(
                            at & (GEN_TWICE_FRESH | GEN_TWICE_SETTLED | GEN_TWICE_TAKES), 0);
                }
        }
        for (int game = 0; game < 3; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 100 && pos_players_left(&pos) >= 2; ply++) {
                MoveList all, tactical;
                bool check = in_check(&pos);
                gen_unfiltered_known(&pos, &all, false, check, NULL, NULL, NULL);
                gen_unfiltered_known(&pos, &tactical, true, check, NULL, NULL, NULL);
                assert_int_equal(duplicates(&all), 0);
                assert_int_equal(duplicates(&tactical), 0);
                /* the captures-only list is the whole list's tactical moves, in its order */
                int t = 0;
                for (int i = 0; i < all.n; i++)
                    if (move_is_tactical(&pos, all.m[i]))
                        assert_true(t < tactical.n && move_equal(all.m[i], tactical.m[t++]));
                assert_int_equal(t, tactical.n);
                MoveList legal;
                gen_legal(&pos, &legal);
                if (!legal.n) break;
                Undo u;
                play_move(&pos, legal.m[tu_rand() % (unsigned)legal.n], &u);
            }
        }
        variant_free(v);
    }
    assert_true(kept >= 5);
}

/* check_after_move, which looks only at the lines through the cells a move changed, agrees
 * with in_check after every legal move of random games of every shipped variant (where it
 * cannot be used it is in_check itself), checks by the moved piece and discovered ones alike;
 * and castling that checks with the rook, en passant that opens a line. */
static void assert_check_after(Position *pos, Move m, long *checks)
{
    Undo u;
    play_move(pos, m, &u);
    bool want = in_check(pos);
    assert_int_equal(check_after_move(pos, &u), want);
    *checks += want;
    pos_unmake(pos, &u);
}

static void test_check_after_move(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    long checks = 0, moves = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        for (int game = 0; game < 4; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 120 && pos_players_left(&pos) >= 2; ply++) {
                MoveList legal;
                gen_legal(&pos, &legal);
                if (!legal.n) break;
                int pickn = (int)(tu_rand() % (unsigned)legal.n);
                for (int i = 0; i < legal.n; i++) {
                    long was = checks;
                    assert_check_after(&pos, legal.m[i], &checks);
                    if (checks > was && tu_rand() % 4) pickn = i;
                    moves++;
                }
                Undo u;
                play_move(&pos, legal.m[pickn], &u);
            }
        }
        variant_free(v);
    }
    assert_true(moves > 100000);
    assert_true(checks > 1000);
    struct {
        const char *variant, *fen;
    } set[] = {
        {"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1"},     /* O-O checks with the rook */
        {"chess", "8/8/8/RPp4k/8/8/8/7K w - c6:c5 0 1"}, /* bxc6 e.p. opens the rank */
        {"chess", "4k3/8/8/8/8/8/8/R5K1 w - - 0 1"},     /* the rook gives check */
        {"chess", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1"},  /* the knight uncovers the rook */
    };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++) {
        Variant *cv = tu_variant(set[i].variant);
        Position pos;
        char err[200];
        assert_true(fen_read(&pos, cv, set[i].fen, err, sizeof err));
        MoveList legal;
        gen_legal(&pos, &legal);
        long found = 0;
        for (int j = 0; j < legal.n; j++) assert_check_after(&pos, legal.m[j], &found);
        assert_true(found > 0);
        variant_free(cv);
    }
}

/* The castling rights a move ends are read from Variant.castle_touch: each right is on the
 * cells of its king and rook and nowhere else, in every shipped variant; a rook that moves, or
 * is taken, ends its own right only. */
static void test_castle_touch(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int castles = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        castles += v->ncastles;
        if (!v->ncastles) assert_null(v->castle_touch);
        for (Cell c = 0; c <= v->board.ncells && v->ncastles; c++)
            for (int i = 0; i < v->ncastles; i++)
                for (int p = 0; p < v->nplayers; p++) {
                    const Castle *cs = &v->castle[i];
                    bool on = cs->king_from[p] == c || cs->rook_from[p] == c;
                    assert_int_equal(v->castle_touch[c] >> (i * MAX_PLAYERS + p) & 1, on);
                }
        variant_free(v);
    }
    assert_true(castles >= 4);
    Variant *v = tu_variant("chess");
    Position pos;
    char err[200], fen[FEN_MAX];
    assert_true(fen_read(&pos, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", err, sizeof err));
    Undo u;
    play_move(&pos, tu_find_move(&pos, "h1xh8"), &u); /* takes the rook on h8 */
    fen_write(&pos, fen, sizeof fen);
    assert_non_null(strstr(fen, " Qq "));
    variant_free(v);
}

/* --- the move limit --------------------------------------------------------------------------- */

/* The bound a variant is checked against when it loads holds in every position reached: no
 * generated list is ever cut. Random games of every shipped variant, and a Glinski position
 * with nine queens a side. */
static void test_move_bound(void **state)
{
    (void)state;
    void *d = NULL;
    char name[64];
    int variants = 0;
    while (tu_next_variant(&d, name, sizeof name)) {
        Variant *v = tu_variant(name);
        assert_true(v->move_bound <= MAX_MOVES);
        variants++;
        for (int game = 0; game < 4; game++) {
            Position pos;
            pos_init(&pos, v);
            for (int ply = 0; ply < 150; ply++) {
                MoveList ml;
                gen_pseudo(&pos, &ml);
                assert_true(ml.n <= v->move_bound);
                gen_legal(&pos, &ml);
                if (!ml.n) break;
                Undo u;
                play_move(&pos, ml.m[tu_rand() % (unsigned)ml.n], &u);
            }
        }
        variant_free(v);
    }
    assert_true(variants >= 20);
    Variant *v = tu_variant("glinski");
    Position pos;
    tu_setup(&pos, v,
             "White: K g1, Q f6 c4 i4 c7 i7 d2 h2 e8 g8, P b1; Black: K g10, Q a1 l1 a6 l6 f1 f11 "
             "b6 k6 e5",
             0);
    MoveList ml;
    gen_pseudo(&pos, &ml);
    assert_true(ml.n > 200);
    assert_true(ml.n <= v->move_bound);
    variant_free(v);
}

/* A variant whose pieces could have more moves than a list holds is refused when it loads. */
static void test_move_limit(void **state)
{
    (void)state;
    char *text = malloc(16384), err[600] = "";
    assert_non_null(text);
    size_t n =
        (size_t)snprintf(text, 16384,
                         "[variant]\ntitle = queens\n[board]\nfamily = hex\nframe = pointy\n"
                         "letters = abcdefghijklmnopqrstuvwxy\nshape = hexagon m13 12\n[players]\n"
                         "names = White Black\n[piece K]\nname = King\nmoves = W F\nroyal = yes\n"
                         "[piece Q]\nname = Queen\nmoves = W* F*\n[setup]\nWhite = K m1, Q");
    for (int i = 0; i < 60; i++) /* b13..y13, b14..y14, c15..n15 */
        n += (size_t)snprintf(text + n, 16384 - n, "%s%c%d", i % 10 ? " " : "\n ",
                              i < 48 ? 'b' + i % 24 : 'c' + i - 48, 13 + i / 24);
    snprintf(text + n, 16384 - n, "\nBlack = K m25\n");
    Variant *v = variant_load_string(text, "queens.ini", err, sizeof err);
    assert_null(v);
    assert_non_null(strstr(err, "queens.ini: a position could have up to "));
    assert_non_null(strstr(err, " moves, more than the 4096 cellmate keeps"));
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_haynie_start),
        cmocka_unit_test(test_haynie_pawn),
        cmocka_unit_test(test_haynie_bishop),
        cmocka_unit_test(test_glinski_pawns),
        cmocka_unit_test(test_glinski_en_passant),
        cmocka_unit_test(test_mccooey_pawns),
        cmocka_unit_test(test_perft_reference),
        cmocka_unit_test(test_consistency),
        cmocka_unit_test(test_move_bound),
        cmocka_unit_test(test_move_limit),
        cmocka_unit_test(test_tactical_and_legality),
        cmocka_unit_test(test_check_evasions),
        cmocka_unit_test(test_check_hints),
        cmocka_unit_test(test_check_after_move),
        cmocka_unit_test(test_no_duplicates),
        cmocka_unit_test(test_castle_touch),
        cmocka_unit_test(test_lazy_legality),
        cmocka_unit_test(test_check_told),
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_attack_runs),
    };
    tu_seed(88172645463325252ULL);
    return cmocka_run_group_tests(tests, NULL, NULL);
}
