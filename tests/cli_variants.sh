#!/bin/sh
# cli_variants.sh — --check-variant (exit 0 valid, 1 invalid, 2 unreadable, with a message
# naming file and line) and --list.
. "$TESTS_DIR/tap.sh"
VARIANTS=$TESTS_DIR/../variants

for f in "$VARIANTS"/*.ini; do
    "$CELLMATE" --check-variant "$f" >/dev/null
    tap_eq "$(basename "$f") is valid" 0 $?
done

for f in "$TESTS_DIR"/data/bad-*.ini; do
    want=$(sed -n 's/^# expect: //p' "$f")
    got=$("$CELLMATE" --check-variant "$f" 2>&1 >/dev/null)
    status=$?
    tap_eq "$(basename "$f") is invalid (exit 1)" 1 "$status"
    tap_eq "$(basename "$f") message" "cellmate: $f:$want" "$got"
done

# a message too long for its buffer (a file deep in long directory names) is cut and says so
deep=$(mktemp -d)
long=$deep/$(printf 'd%.0s' $(seq 1 200))/$(printf 'e%.0s' $(seq 1 200))/$(printf 'f%.0s' $(seq 1 200))
mkdir -p "$long"
cp "$TESTS_DIR/data/bad-move.ini" "$long/bad-move.ini"
got=$("$CELLMATE" --check-variant "$long/bad-move.ini" 2>&1 >/dev/null)
tap_eq "a message cut short ends with '...'" "..." "$(printf '%s' "$got" | tail -c 3)"
rm -rf "$deep"

"$CELLMATE" --check-variant /nonexistent/x.ini >/dev/null 2>&1
tap_eq "a missing file is unreadable (exit 2)" 2 $?
"$CELLMATE" --check-variant "$TESTS_DIR" >/dev/null 2>&1
tap_eq "a directory is unreadable (exit 2)" 2 $?

list=$("$CELLMATE" --list)
for v in glinski mccooey haynie peanut chessagon; do
    tap_ok "--list names $v" sh -c "printf '%s\n' \"\$1\" | grep -q '^$v '" sh "$list"
done

# the search path: $CELLMATE_VARIANTS adds directories; a binary run from its build tree
# reads the source tree's variants first, so a stale file elsewhere cannot shadow them
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/^title = .*/title = My Own Glinski/' "$VARIANTS/glinski.ini" >"$tmp/myglinski.ini"
sed 's/^title = .*/title = A Stale Copy/' "$VARIANTS/glinski.ini" >"$tmp/glinski.ini"
tap_eq "CELLMATE_VARIANTS finds a new variant by name" "perft 1: 51" \
    "$(CELLMATE_VARIANTS="$tmp" "$CELLMATE" --variant myglinski --perft 1 | sed 's/ (.*//')"
tap_ok "--list shows it" sh -c "CELLMATE_VARIANTS='$tmp' '$CELLMATE' --list | grep -q '^myglinski '"
tap_eq "the source tree's file wins over CELLMATE_VARIANTS for the build-tree binary" \
    "new game: Glinski's Hexagonal Chess, White to move" \
    "$(echo 'new glinski' | CELLMATE_VARIANTS="$tmp" "$CELLMATE" --variant haynie)"
tap_eq "variant names match case-insensitively" "perft 1: 51" \
    "$("$CELLMATE" --variant GLINSKI --perft 1 | sed 's/ (.*//')"
"$CELLMATE" --variant ../variants/glinski --perft 1 >/dev/null 2>&1
tap_eq "a name with a slash is a path, and this one does not exist" 2 $?

tap_done
