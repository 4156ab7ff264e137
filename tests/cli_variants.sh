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

"$CELLMATE" --check-variant /nonexistent/x.ini >/dev/null 2>&1
tap_eq "a missing file is unreadable (exit 2)" 2 $?
"$CELLMATE" --check-variant "$TESTS_DIR" >/dev/null 2>&1
tap_eq "a directory is unreadable (exit 2)" 2 $?

list=$("$CELLMATE" --list)
for v in glinski mccooey haynie peanut chessagon; do
    tap_ok "--list names $v" sh -c "printf '%s\n' \"\$1\" | grep -q '^$v '" sh "$list"
done

tap_done
