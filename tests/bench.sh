#!/bin/sh
# bench.sh — speed figures for the README (a benchmark, not a test): perft leaves per second
# on the start positions (bulk counting at the last ply), and start-up time.
# Usage: tests/bench.sh [path/to/cellmate]   (make bench runs it on the built binary)
CELLMATE=${1:-${CELLMATE:-src/cellmate}}
echo "perft, single thread, bulk counting at the last ply:"
for spec in "glinski 5" "mccooey 5" "haynie 5" "peanut 6" "chessagon 4" "chess 5"; do
    set -- $spec
    if "$CELLMATE" --check-variant "$1" >/dev/null 2>&1; then
        printf '  %-10s ' "$1"
        "$CELLMATE" --variant "$1" --perft "$2" | tail -n 1
    fi
done
# chess's "Kiwipete" test position (published: perft 4 = 4085603)
if "$CELLMATE" --check-variant chess >/dev/null 2>&1; then
    printf '  %-10s ' kiwipete
    "$CELLMATE" --variant chess --perft 4 \
        --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" | tail -n 1
fi
# every shipped file against its long form before the rewrite in the short format (kept in
# tests/data/variants-before): depth 4, which make check does not reach; they must agree
BEFORE=$(dirname "$0")/data/variants-before
if [ -d "$BEFORE" ]; then
    echo "perft 4, each shipped file and its long form before the rewrite:"
    for f in "$BEFORE"/*.ini; do
        v=$(basename "$f" .ini)
        "$CELLMATE" --check-variant "$v" >/dev/null 2>&1 || continue
        a=$("$CELLMATE" --variant "$v" --perft 4 | tail -n 1 | sed 's/ (.*//')
        b=$("$CELLMATE" --variant "$f" --perft 4 | tail -n 1 | sed 's/ (.*//')
        [ "$a" = "$b" ] && same=same || same="DIFFERENT: $b before"
        printf '  %-17s %s (%s)\n' "$v" "$a" "$same"
    done
fi
echo "the computer, 1 second on the start position (one thread, then the default):"
for v in glinski chessagon peanut cyclohexane hr-liuyang hr-glinski; do
    if "$CELLMATE" --check-variant "$v" >/dev/null 2>&1; then
        printf '  %-12s ' "$v"
        echo hint | "$CELLMATE" --variant "$v" --time 1 --threads 1
        printf '  %-12s ' ""
        echo hint | "$CELLMATE" --variant "$v" --time 1
    fi
done
echo "start-up (load a variant, print the position string), 20 runs:"
start=$(date +%s.%N)
i=0
while [ $i -lt 20 ]; do
    echo fen | "$CELLMATE" --variant glinski >/dev/null
    i=$((i + 1))
done
end=$(date +%s.%N)
echo "  $(echo "($end - $start) * 1000 / 20" | bc -l | cut -c1-5) ms per run"
