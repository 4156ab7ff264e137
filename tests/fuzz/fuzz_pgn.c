/* fuzz_pgn.c — the PGN reader: byte 0 picks the variant of games without a Variant tag, the
 * rest is a file of games. Every game read is written again and must read back the same. */
#include "fuzz_util.h"
#include "pgn.h"
#include "targets.h"

#include <stdlib.h>
#include <string.h>

#define MAX_GAMES 16 /* enough to reach every state of the reader */

static void check_round_trip(const Game *g)
{
    char *text = pgn_write(g);
    fuzz_require(text != NULL, "a game is written");
    PgnReader r;
    Game back;
    Variant *owned;
    PgnReport rep;
    pgn_open_string(&r, text, g->v);
    enum pgn_status st = pgn_read_game(&r, &back, &owned, &rep);
    if (st != PGN_OK) fprintf(stderr, "fuzz: rewritten game: %s\n%s\n", rep.error, text);
    fuzz_require(st == PGN_OK, "a written game reads back");
    fuzz_require(back.nplies == g->nplies, "a written game reads back with all its moves");
    fuzz_require(back.pos.hash == g->pos.hash, "a written game reads back to its position");
    game_free(&back);
    variant_free(owned);
    pgn_close(&r);
    free(text);
}

void fuzz_target_pgn(const uint8_t *data, size_t size)
{
    if (size < 1) return;
    char *text = fuzz_text(data + 1, size - 1);
    PgnReader r;
    pgn_open_string(&r, text, fuzz_variant(data[0]));
    for (int i = 0; i < MAX_GAMES; i++) {
        Game g;
        Variant *owned = NULL;
        PgnReport rep;
        memset(&rep, 0, sizeof rep);
        enum pgn_status st = pgn_read_game(&r, &g, &owned, &rep);
        if (st == PGN_EOF) break;
        if (st == PGN_OK)
            check_round_trip(&g);
        else
            fuzz_require(rep.error[0] != 0, "a rejected game says why");
        if (g.v) game_free(&g);
        variant_free(owned);
    }
    pgn_close(&r);
    free(text);
}
