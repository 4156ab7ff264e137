#!/bin/sh
# cli_mates.sh — the computer mates a lone king with king and queen, and with king and rook
# (a forced win on a hexagonal board too, but a longer one), within the move rule,
# from random positions on Glinski's and Haynie's boards (tests/mates plays both sides at a
# fixed node count; its exit status says whether every game ended in mate).
. "$TESTS_DIR/tap.sh"
: "${MATES:?MATES must name the mates runner}" "${VARIANTS_DIR:?VARIANTS_DIR must name the variants}"
CELLMATE_VARIANTS=$VARIANTS_DIR
export CELLMATE_VARIANTS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for v in glinski haynie; do
    for piece in Q R; do
        "$MATES" --variant $v --piece $piece --positions 2 --nodes 15000 --seed 7 >"$tmp/out" 2>&1
        tap_eq "$v: K+$piece mates K from two positions" 0 $?
        tap_ok "$v: every K+$piece game ends in checkmate" \
            test "$(grep -c 'White wins by checkmate' "$tmp/out")" -eq 2
        sed 's/^/# /' "$tmp/out"
    done
done

"$MATES" --variant glinski --piece X --positions 1 >"$tmp/out" 2>&1
tap_eq "a piece the variant lacks is refused" 2 $?
tap_done
