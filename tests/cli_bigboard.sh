#!/bin/sh
# cli_bigboard.sh — a board of several hundred cells (tests/data/big-hexagon.ini: a hexagon
# of radius 10, 331 cells, 21 files) loads, plays and draws. The counts here are worked out
# by hand: 3 x 10 x 11 + 1 cells; 22 pieces a side.
. "$TESTS_DIR/tap.sh"
BIG=$TESTS_DIR/data/big-hexagon.ini

out=$("$CELLMATE" --check-variant "$BIG" --lint)
tap_eq "it loads and lints clean" "$BIG: ok (Big hexagon, 331 cells, 2 players, 6 kinds of piece)" "$out"

# cells are named up to u21; the corner cells exist, a cell beyond them does not
out=$(printf 'moves a1\nmoves u11\nmoves k21\nmoves k22\n' | "$CELLMATE" --variant "$BIG" 2>&1)
tap_eq "the corner cells a1, u11 and k21 are cells" 3 \
    "$(printf '%s\n' "$out" | grep -c '^0 legal moves from \(a1\|u11\|k21\)$')"
tap_ok "k22 is not a cell" sh -c 'printf "%s\n" "$1" | grep -q "k22"' sh "$out"

# it plays: a double step, a reply, the en passant right, a capture
out=$(printf 'k4-k6\nk18-k16\nj4-j5\nk16-k15\nfen\n' | "$CELLMATE" --variant "$BIG" 2>&1)
tap_ok "four moves are played" sh -c 'printf "%s\n" "$1" | grep -qx "2\.\.\. k15"' sh "$out"
tap_ok "no move is refused" sh -c '! printf "%s\n" "$1" | grep -qi "illegal\|error\|unknown"' sh "$out"

# the computer plays on it
out=$(printf 'go\ngo\n' | "$CELLMATE" --variant "$BIG" --depth 2)
tap_eq "the computer plays two moves (exit 0)" 0 $?
tap_ok "the computer's moves are shown" sh -c 'printf "%s\n" "$1" | grep -q "^1\.\.\. "' sh "$out"

# divide sums to perft 2
out=$("$CELLMATE" --variant "$BIG" --perft 2 --divide)
sum=$(printf '%s\n' "$out" | grep -E '^[^ ]+: [0-9]+$' | awk -F': ' '{s += $2} END {print s}')
total=$(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^perft 2: \([0-9]*\) .*/\1/p')
tap_eq "divide sums to perft 2" "$total" "$sum"

# it draws: every one of the 331 cells is on the drawing, 44 of them with a piece
out=$(printf 'show\n' | "$CELLMATE" --variant "$BIG")
cells=$(printf '%s\n' "$out" | sed '$d' | grep -v '^ *a   b' | tr -s ' ' '\n' |
    grep -cE '^\[?[.KQRBNPkqrbnp]\]?$')
tap_eq "show draws 331 cells" 331 "$cells"
pieces=$(printf '%s\n' "$out" | sed '$d' | grep -v '^ *a   b' | tr -s ' ' '\n' |
    grep -cE '^\[?[KQRBNPkqrbnp]\]?$')
tap_eq "show draws 44 pieces" 44 "$pieces"
tap_ok "show labels the files a to u" sh -c 'printf "%s\n" "$1" | grep -q "^ *a   b .* t   u$"' sh "$out"

tap_done
