#!/bin/sh
# cli_search.sh — the computer's options in the scripted mode: --nodes and --depth make its
# play the same every time, and bad values are refused with exit status 2.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

game() { # game ARGS...: six computer moves from the start
    printf 'go\ngo\ngo\ngo\ngo\ngo\n' | "$CELLMATE" --batch "$@" 2>&1
}
a=$(game --variant glinski --nodes 3000)
b=$(game --variant glinski --nodes 3000)
tap_eq "--nodes: the same moves every time" "$a" "$b"
tap_eq "--nodes: six moves played" 6 "$(echo "$a" | grep -c '^[0-9]')"
a=$(game --variant chessagon --depth 2)
b=$(game --variant chessagon --depth 2)
tap_eq "--depth: the same moves every time" "$a" "$b"
tap_ok "hint reports the depth asked for" \
    sh -c "echo hint | '$CELLMATE' --batch --variant haynie --depth 3 | grep -q '(depth 3,'"

for bad in 0 -5 x 1e3 99999999999999999999; do
    "$CELLMATE" --variant glinski --nodes "$bad" </dev/null >/dev/null 2>"$tmp/err"
    tap_eq "--nodes $bad exits 2" 2 $?
    tap_eq "--nodes $bad says why" \
        "cellmate: --nodes needs a whole number from 1 to 1000000000000000, not '$bad'" \
        "$(cat "$tmp/err")"
done
"$CELLMATE" --variant glinski --depth 61 </dev/null >/dev/null 2>"$tmp/err"
tap_eq "--depth 61 exits 2" 2 $?
tap_done
