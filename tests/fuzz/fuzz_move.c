/* fuzz_move.c — the move reader: byte 0 picks a variant, byte 1 how many of the next bytes
 * choose legal moves played first (to reach varied positions), the rest is read as a move;
 * an accepted move is legal. */
#include "fuzz_util.h"
#include "movegen.h"
#include "notation.h"
#include "targets.h"

#include <stdlib.h>

void fuzz_target_move(const uint8_t *data, size_t size)
{
    static MoveList ml;
    if (size < 2) return;
    Position pos;
    pos_init(&pos, fuzz_variant(data[0]));
    settle_position(&pos);
    size_t plies = data[1] % 32, at = 2;
    for (size_t i = 0; i < plies && at < size; i++, at++) {
        gen_legal(&pos, &ml);
        if (!ml.n) break;
        Undo u;
        play_move(&pos, ml.m[data[at] % ml.n], &u);
    }
    char *text = fuzz_text(data + at, size - at), err[NOTE_ERR_MAX] = "";
    Move m;
    bool warn = false;
    enum parse_status st = move_parse(&pos, text, &m, err, sizeof err, &warn);
    if (st == PARSE_OK) {
        fuzz_require(move_is_legal(&pos, m), "an accepted move is legal");
        fuzz_check_position(&pos);
    } else {
        fuzz_require(err[0] != 0, "a rejected move says why");
    }
    free(text);
}
