#!/bin/sh
# cli_lint.sh — cellmate --check-variant --lint: each file of tests/data/lint/ holds one
# mistake that is legal but almost surely wrong, and names the finding it must get in a
# "# lint:" comment (or, for a mistake the loader refuses, the error in "# error:"); every
# shipped variant lints clean. And --show-zone draws a zone's cells.
. "$TESTS_DIR/tap.sh"
VARIANTS=$TESTS_DIR/../variants

for f in "$VARIANTS"/*.ini; do
    out=$("$CELLMATE" --check-variant "$f" --lint 2>&1)
    tap_eq "$(basename "$f") lints clean (exit 0)" 0 $?
    tap_eq "$(basename "$f") has no findings" "" "$(printf '%s\n' "$out" | grep ': lint: ')"
done

for f in "$TESTS_DIR"/data/lint/*.ini; do
    name=$(basename "$f")
    want=$(sed -n 's/^# lint: //p' "$f")
    error=$(sed -n 's/^# error: //p' "$f")
    out=$("$CELLMATE" --check-variant "$f" --lint 2>&1)
    status=$?
    if [ -n "$error" ]; then
        tap_eq "$name is refused (exit 1)" 1 "$status"
        tap_eq "$name: the error" "cellmate: $f:$error" "$out"
        continue
    fi
    tap_ok "$name names its finding" test -n "$want"
    tap_eq "$name has findings (exit 3)" 3 "$status"
    tap_ok "$name: $want" sh -c 'printf "%s\n" "$1" | grep -qxF "$2: lint: $3"' sh "$out" "$f" "$want"
    tap_ok "$name: no 'ok' line with findings" sh -c '! printf "%s\n" "$1" | grep -q ": ok ("' sh "$out"
    "$CELLMATE" --check-variant "$f" >/dev/null 2>&1
    tap_eq "$name without --lint is valid (exit 0)" 0 $?
done

"$CELLMATE" --lint >/dev/null 2>&1
tap_eq "--lint alone is a usage error (exit 2)" 2 $?

# several files: each checked in turn, the status the worst of theirs
good=$VARIANTS/glinski.ini bad=$TESTS_DIR/data/lint/castling-lands-on-piece.ini
out=$("$CELLMATE" --check-variant "$good" "$bad" "$VARIANTS/chess.ini" 2>&1)
tap_eq "--check-variant GOOD BAD GOOD: the bad file's status (1)" 1 $?
tap_eq "... every file reported, in turn" "$good: ok
$bad: error
$VARIANTS/chess.ini: ok" "$(printf '%s\n' "$out" | sed -e 's/^cellmate: \([^:]*\):[0-9]*: .*/\1: error/' -e 's/: ok (.*/: ok/')"
"$CELLMATE" --check-variant "$good" --check-variant "$bad" >/dev/null 2>&1
tap_eq "--check-variant twice: both checked (exit 1)" 1 $?
"$CELLMATE" --check-variant "$bad" "$TESTS_DIR/data/lint/never-moves.ini" /nonexistent.ini --lint \
    >/dev/null 2>&1
tap_eq "... one unreadable: 2 before 1 and 3" 2 $?
"$CELLMATE" --check-variant "$good" "$TESTS_DIR/data/lint/never-moves.ini" --lint >/dev/null 2>&1
tap_eq "... findings and no error: 3" 3 $?

# --show-zone: chess's promotion zone is White's eighth rank, Black's first
out=$("$CELLMATE" --show-zone promotion --variant chess)
tap_eq "--show-zone exits 0" 0 $?
tap_ok "--show-zone names the zone and counts its cells" \
    sh -c 'printf "%s\n" "$1" | grep -qx "zone promotion for White (8 cells, marked \*; White at the bottom):"' sh "$out"
# White at the bottom: its promotion rank is the top row of the first drawing
first=$(printf '%s\n' "$out" | sed -n '2,/^$/p' | grep -c '\*')
tap_eq "--show-zone marks one row of eight cells for White" 1 "$first"
tap_ok "--show-zone's marked row is rank 8" \
    sh -c 'printf "%s\n" "$1" | sed -n "2,/^\$/p" | grep "\*" | grep -q "^ *8 "' sh "$out"
tap_eq "--show-zone marks 16 cells in all" 16 \
    "$(printf '%s\n' "$out" | grep -v '^zone ' | tr -cd '*' | wc -c | tr -d ' ')"
err=$("$CELLMATE" --show-zone nowhere --variant chess 2>&1 >/dev/null)
tap_eq "--show-zone of an unknown zone exits 1" 1 $?
tap_eq "--show-zone lists the zones there are" \
    "cellmate: chess has no zone 'nowhere' (its zones: promotion pawn-start)" "$err"
# the ring is a strip with the player's camp in its middle: 'at the bottom' would be wrong
out=$("$CELLMATE" --show-zone a-promote --variant cyclohexane | head -1)
tap_eq "--show-zone on the ring puts the player's camp in the middle" \
    "zone a-promote for Red (5 cells, marked *; Red's camp in the middle):" "$out"
out=$("$CELLMATE" --show-zone rim --variant hr-glinski | head -1)
tap_eq "--show-zone rim on a 127-cell board: the 36 outer cells" \
    "zone rim for White (36 cells, marked *; White at the bottom):" "$out"

tap_done
