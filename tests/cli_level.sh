#!/bin/sh
# cli_level.sh — levels in the scripted mode: --level and the level command take 1..10 and
# refuse anything else (exit 2 for the option, an error naming the line for the command);
# a record that names the computer with its level brings the level back; a low level plays
# legal moves, the same ones for the same seed, and differs from full strength.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for bad in 0 11 x 3x -1; do
    "$CELLMATE" --variant glinski --level "$bad" </dev/null >/dev/null 2>"$tmp/err"
    tap_eq "--level $bad exits 2" 2 $?
    tap_eq "--level $bad says why" \
        "cellmate: --level needs a whole number from 1 to 10, not '$bad'" "$(cat "$tmp/err")"
done

printf 'level\nlevel 3\nlevel\nlevel 0\nlevel 11\nlevel x\nlevel 3 4\nlevel 10\nlevel 1\n' |
    "$CELLMATE" --batch --variant glinski >"$tmp/out" 2>"$tmp/err"
tap_eq "bad level lines make exit status 1" 1 $?
tap_eq "level prints and sets the level" \
    "level 10 (full strength)
level 3
level 3
level 10 (full strength)
level 1 (a beginner's opponent)" "$(cat "$tmp/out")"
tap_eq "each bad level names its line" "4 5 6 7" \
    "$(grep -o 'line [0-9]*' "$tmp/err" | sed 's/line //' | tr '\n' ' ' | sed 's/ $//')"
tap_ok "the error says what a level is" \
    grep -q "level needs a whole number from 1 (a beginner's opponent) to 10 (full strength), not '0'" "$tmp/err"
printf 'level\n' | "$CELLMATE" --batch --variant glinski --level 4 >"$tmp/out" 2>&1
tap_eq "--level sets the level" "level 4" "$(cat "$tmp/out")"

cat >"$tmp/game.pgn" <<'PGN'
[Event "?"]
[Variant "glinski"]
[White "cellmate (level 2)"]
[Black "Anna"]
[Result "*"]

1. f5f6 *
PGN
printf 'level\n' | "$CELLMATE" --batch --load "$tmp/game.pgn" >"$tmp/out" 2>&1
tap_eq "a record's 'cellmate (level 2)' brings level 2 back" "level 2" "$(tail -1 "$tmp/out")"
printf 'level\npgn\n' | "$CELLMATE" --batch --load "$tmp/game.pgn" --level 7 >"$tmp/out" 2>&1
tap_eq "--level given with a record's level wins" "level 7" "$(sed -n 1p "$tmp/out")"
tap_ok "... and the record names the computer with it" grep -qx '\[White "cellmate (level 7)"\]' "$tmp/out"

game() { # game ARGS...: eight computer moves from the start, then the record's moves
    printf 'go\ngo\ngo\ngo\ngo\ngo\ngo\ngo\n' | "$CELLMATE" --batch --variant glinski "$@" 2>&1
}
a=$(game --level 1 --nodes 3000)
b=$(game --level 1 --nodes 3000)
c=$(game --nodes 3000)
tap_eq "level 1: eight legal moves played" 8 "$(echo "$a" | grep -c '^[0-9]')"
tap_eq "level 1 with --nodes: the same game every time" "$a" "$b"
tap_ok "level 1 plays otherwise than full strength" test "$a" != "$c"
tap_done
