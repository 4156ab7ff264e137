#!/bin/sh
# cli_mates.sh — the computer mates a lone king with king and queen within the move rule,
# from random positions on Glinski's and Haynie's boards (tests/mates plays both sides at a
# fixed node count; its exit status says whether every game ended in mate).
. "$TESTS_DIR/tap.sh"
: "${MATES:?MATES must name the mates runner}" "${VARIANTS_DIR:?VARIANTS_DIR must name the variants}"
CELLMATE_VARIANTS=$VARIANTS_DIR
export CELLMATE_VARIANTS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for v in glinski haynie; do
    "$MATES" --variant $v --piece Q --positions 3 --nodes 15000 --seed 7 >"$tmp/out" 2>&1
    tap_eq "$v: K+Q mates K from three positions" 0 $?
    tap_ok "$v: every game ends in checkmate" \
        test "$(grep -c 'White wins by checkmate' "$tmp/out")" -eq 3
    sed 's/^/# /' "$tmp/out"
done

"$MATES" --variant glinski --piece X --positions 1 >"$tmp/out" 2>&1
tap_eq "a piece the variant lacks is refused" 2 $?
tap_done
