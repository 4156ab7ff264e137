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
    "$(printf '%s\n' "$out" | grep -c '^0 legal moves from \(a1\|u11\|k21\)\(: .*\)\?$')"
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

# A position string with more pieces than the setup's: the variant's bound on a position's
# moves counts the setup's pieces, and one with many more could have more moves than a list
# holds (4096): it is refused, not played with moves left out (130 Leapers, each a rook, a
# bishop and a knight that rides, on a board of 26 x 39; a hostile user's finding)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/leap.ini" <<'EOF'
[variant]
title = Leap

[board]
family = square
letters = abcdefghijklmnopqrstuvwxyz
ranks = 39

[players]
names = White Black
forward = 12 6

[piece K]
name = King
moves = W F
royal = yes

[piece L]
name = Leaper
moves = W* F* N*

[setup]
White = K z39, L a1
Black = K a39, L z1
EOF
empty() { for i in $(seq 1 "$1"); do printf '26/'; done; }
full() { for i in $(seq 1 "$1"); do printf 'LLLLLLLLLLLLLLLLLLLLLLLLLL/'; done; }
out=$(printf 'perft 1\n' | "$CELLMATE" --batch --no-save --variant "$tmp/leap.ini" \
    --fen "k24K/$(empty 33)$(full 4)LLLLLLLLLLLLLLLLLLLLLLLLLL b 0 1" 2>&1)
tap_eq "a position with more moves than a list holds is refused (exit 2)" 2 $?
tap_ok "... and why" sh -c 'printf "%s\n" "$1" |
    grep -q "White could have up to [0-9]* moves here, more than the 4096 cellmate keeps"' sh "$out"
out=$(printf 'perft 1\n' | "$CELLMATE" --batch --no-save --variant "$tmp/leap.ini" \
    --fen "k24K/$(empty 37)L25 b 0 1" 2>&1)
tap_ok "the setup's number of pieces is let through" \
    sh -c 'printf "%s\n" "$1" | grep -q "^perft 1: "' sh "$out"

# ... and a hand may hold kinds that no capture brings to it, each a drop on every empty cell
# (a reviewer's finding: only the kinds of the setup's hand were counted)
{
    sed -e 's/^moves = W\* F\* N\*$/moves = W/' -e 's/^name = Leaper$/&\ncaptured = hand/' \
        "$tmp/leap.ini"
    printf '\n[zone everywhere]\nWhite = rank 1..39\nBlack = rank 1..39\n\n[rules]\ndrops = everywhere\n'
    for k in A B C D E; do printf '\n[piece %s]\nname = Kind %s\nmoves = W\n' $k $k; done
} >"$tmp/drop.ini"
out=$(printf 'perft 1\n' | "$CELLMATE" --batch --no-save --variant "$tmp/drop.ini" \
    --fen "k24K/$(empty 37)26 w LABCDE 0 1" 2>&1)
tap_ok "a hand of kinds no capture brings: refused too" sh -c 'printf "%s\n" "$1" |
    grep -q "White could have up to [0-9]* moves here, more than the 4096 cellmate keeps"' sh "$out"

tap_done
