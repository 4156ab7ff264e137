#!/bin/sh
# cli_tutorial.sh — the TUTORIAL of cellmate-variants(5): the files it builds, as the page
# prints them, are tests/data/tutorial/*.ini; they load, lint clean and play (the position
# strings written here were worked out by hand from the page's rules).
. "$TESTS_DIR/tap.sh"
PAGE=$TESTS_DIR/../man/cellmate-variants.5
DATA=$TESTS_DIR/data/tutorial
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for name in hexlet.ini hexlet-double.ini; do
    awk -v want="$name" '
        /^\.\\" end-tutorial-file/ { on = 0 }
        on && !/^\.(EX|EE)$/ { print }
        $0 == ".\\\" tutorial-file " want { on = 1 }' "$PAGE" |
        sed -e 's/\\-/-/g' -e 's/\\e/\\/g' >"$tmp/$name"
    tap_ok "the page prints $name" test -s "$tmp/$name"
    tap_eq "the page's $name is tests/data/tutorial/$name" "$(cat "$DATA/$name")" \
        "$(cat "$tmp/$name")"
    out=$("$CELLMATE" --check-variant "$DATA/$name" --lint)
    tap_eq "$name lints clean (exit 0)" 0 $?
done

start="5/P4p/NP3pn/R1P2p1r/BBP3pbb/K1P2p1k/NP3pn/P4p/5"
out=$(printf 'fen\ne4\nfen\n' | "$CELLMATE" --variant "$DATA/hexlet.ini")
tap_eq "hexlet: the start and a pawn's step" \
    "$start w 0 1
1. e4
5/P4p/NP3pn/R1P2p1r/BB1P2pbb/K1P2p1k/NP3pn/P4p/5 b 0 1" "$out"
# the variation inherits the array; its pawns double-step and leave an en passant right
out=$(printf 'e3-e5\nfen\n' | "$CELLMATE" --variant "$DATA/hexlet-double.ini" | tail -n 1)
tap_eq "hexlet-double: a double step" \
    "5/P4p/NP3pn/R1P2p1r/BB2P1pbb/K1P2p1k/NP3pn/P4p/5 b e4:e5 0 1" "$out"
# the computer plays it
out=$(printf 'go\n' | "$CELLMATE" --variant "$DATA/hexlet.ini" --depth 2)
tap_eq "hexlet: the computer plays a move" 0 $?
tap_ok "hexlet: the computer's move is shown" sh -c 'printf "%s\n" "$1" | grep -q "^1\. "' sh "$out"
# divide sums to perft
out=$("$CELLMATE" --variant "$DATA/hexlet.ini" --perft 2 --divide)
sum=$(printf '%s\n' "$out" | grep -E '^[^ ]+: [0-9]+$' | awk -F': ' '{s += $2} END {print s}')
total=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^perft 2: \([0-9]*\) .*/\1/p')
tap_eq "hexlet: divide sums to perft 2" "$total" "$sum"

tap_done
