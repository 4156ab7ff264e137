/* symmetry.h — the map of cells that carries one player's side onto another's (`mirror` and
 * `rotate` in variant files; see symmetry.c). */
#ifndef CELLMATE_SYMMETRY_H
#define CELLMATE_SYMMETRY_H

#include "variant.h"

/* map[c] (c = 1..ncells, map[0] = 0) becomes the cell that `from`'s cell c corresponds to for
 * player `to`: by the reflection that swaps their forward directions (mirror), or by turning
 * the board one player on per player between them (rotate). False with a message when the
 * board has no such symmetry. */
bool variant_player_map(const Variant *v, bool mirror, int from, int to, Cell *map, char *err,
                        int errlen);

#endif
