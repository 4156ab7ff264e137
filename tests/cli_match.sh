#!/bin/sh
# cli_match.sh — the match runner (tests/match): it plays whole games between two engines
# through the scripted mode, every seating of an opening, and counts a forfeit against an
# engine that answers `go` with an illegal move.
. "$TESTS_DIR/tap.sh"
: "${MATCH:?MATCH must name the match runner}" "${VARIANTS_DIR:?VARIANTS_DIR must name the variants}"
CELLMATE_VARIANTS=$VARIANTS_DIR # the runner, outside src/, finds the variants here
export CELLMATE_VARIANTS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$MATCH" --variant peanut --games 2 --plies 2 --seed 3 --pgn "$tmp/games.pgn" \
    --engine "$CELLMATE --nodes 200" --engine "$CELLMATE --nodes 100" >"$tmp/out" 2>"$tmp/err"
tap_eq "two games run to the end" 0 $?
tap_eq "a header, one line per game, then the result" 4 "$(wc -l <"$tmp/out" | tr -d ' ')"
tap_eq "both colours" "A-B B-A" \
    "$(sed -n 's/^game [0-9]*: \([AB-]*\) .*/\1/p' "$tmp/out" | sort | tr '\n' ' ' | sed 's/ $//')"
tap_ok "the result line counts two games" \
    grep -Eq '^result: .* over 2 games: \+[0-9]+ =[0-9]+ -[0-9]+ \(2\), score [0-9.]+%, Elo ' "$tmp/out"
tap_eq "every game's record replays" "2 games, 2 ok" \
    "$("$CELLMATE" --replay "$tmp/games.pgn" | tail -1)"

# calm openings: no capture in the random plies, none possible after them (so the first
# engine move is no capture either); the same seed without --calm draws openings with some
plies9() { # the first nine plies of each game, one game a line
    grep -v '^\[' "$1" | tr '\n' ' ' | sed 's/ [*0-9/-]*-[0-9/]* / \n/g; s/ \(Black\|White\|[*]\) *$//' |
        sed 's/[0-9]*\.//g' | awk 'NF { $10 = ""; NF = 9; print }'
}
for calm in "" --calm; do
    "$MATCH" --variant peanut --games 40 --plies 8 --seed 5 $calm --pgn "$tmp/calm$calm.pgn" \
        --engine "$CELLMATE --nodes 1" --engine "$CELLMATE --nodes 1" >"$tmp/out" 2>"$tmp/err" ||
        cat "$tmp/err" >&2
done
tap_eq "openings without --calm capture at times" yes \
    "$(plies9 "$tmp/calm.pgn" | grep -q x && echo yes || echo no)"
tap_eq "40 calm games of nine plies or more" 40 "$(plies9 "$tmp/calm--calm.pgn" | awk 'NF == 9' | wc -l | tr -d ' ')"
tap_eq "calm openings capture nothing and leave no capture" no \
    "$(plies9 "$tmp/calm--calm.pgn" | grep -q x && echo yes || echo no)"

# an engine that answers every move line and plays nonsense when asked to move
cat >"$tmp/cheat" <<'EOS'
#!/bin/sh
while read -r line; do
    if [ "$line" = go ]; then echo "1. Zz99"; else echo "1. $line"; fi
done
EOS
chmod +x "$tmp/cheat"
"$MATCH" --variant glinski --games 2 --plies 0 \
    --engine "$CELLMATE --nodes 50" --engine "$tmp/cheat" >"$tmp/out" 2>"$tmp/err"
tap_ok "an illegal move forfeits the game" grep -q '^game [12]: A-B .*Black forfeits (an illegal move)' "$tmp/out"
tap_ok "the match counts both forfeits" grep -q '^result: .*: +2 =0 -0 (2)' "$tmp/out"

# three players: every order of the two engines round the board
"$MATCH" --variant cyclohexane --games 6 --plies 3 \
    --engine "$CELLMATE --nodes 60" --engine "$CELLMATE --nodes 30" >"$tmp/out" 2>"$tmp/err"
tap_eq "six seatings of one opening" "A-A-B A-B-A A-B-B B-A-A B-A-B B-B-A" \
    "$(sed -n 's/^game [0-9]*: \([AB-]*\) .*/\1/p' "$tmp/out" | sort | tr '\n' ' ' | sed 's/ $//')"
tap_ok "each three-player game compares two pairs of seats" \
    grep -Eq '^result: .* over 6 games: .*\(12\)' "$tmp/out"
tap_done
