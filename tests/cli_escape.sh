#!/bin/sh
# cli_escape.sh — text from a file or typed input never reaches the terminal with its control
# characters (issue 9 item 7): an ESC sequence in a game record's tags, comments or moves, in
# an input line, or a C1 control in a variant's title, is shown (ESC as ^[, a C1 control as
# \x9b) by --replay, load and pgn, error lines and --check-variant (src/front/safe_text.c).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

esc=$(printf '\033')
# no_control FILE: the file holds no C0 control but tab and newline, no DEL, no C1 control
no_control() { ! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]\\|\302[\200-\237]')" "$1"; }
said() { grep -qF -- "$1" "$tmp/out"; }

printf '[Event "x%s]0;owned%sy"]\n[Variant "glinski"]\n\n1. Nc3 {a%s[2Jb} Nc6 *\n' \
    "$esc" "$(printf '\007')" "$esc" >"$tmp/tags.pgn"
printf '[Variant "glinski"]\n\n1. Nc3%s[31m *\n' "$esc" >"$tmp/move.pgn"
printf '[Variant "gl%s[2Jinski"]\n\n1. Nc3 *\n' "$esc" >"$tmp/variant.pgn"

"$CELLMATE" --replay "$tmp/move.pgn" >"$tmp/out" 2>&1
tap_ok "--replay of a move with an ESC sequence: nothing raw reaches the output" no_control "$tmp/out"
tap_ok "--replay: the sequence is shown as ^[" said "(Nc3^[): unexpected '^['"
"$CELLMATE" --replay "$tmp/variant.pgn" >"$tmp/out" 2>&1
tap_ok "--replay of an ESC sequence in the Variant tag: nothing raw" no_control "$tmp/out"
tap_ok "--replay: the tag's text is shown" said "gl^[[2Jinski"

printf 'load %s\npgn\n' "$tmp/tags.pgn" | "$CELLMATE" --batch glinski >"$tmp/out" 2>&1
tap_ok "load and pgn of a record with ESC in a tag and a comment: nothing raw" \
    no_control "$tmp/out"
tap_ok "pgn: the tag shown with ^[ and ^G" said '[Event "x^[]0;owned^Gy"]'
tap_ok "pgn: the comment shown with ^[" said "{a^[[2Jb}"

printf 'Nc3%s[2J\nsave %s/again.pgn\n' "$esc" "$tmp" | "$CELLMATE" --batch glinski \
    >"$tmp/out" 2>&1
tap_ok "an error line echoing an input line with ESC: nothing raw" no_control "$tmp/out"
tap_ok "the error line shows ^[" said "(in 'Nc3^[[2J')"

# the file itself keeps what it says: only what is printed is changed
printf 'load %s\nsave %s/kept.pgn\n' "$tmp/tags.pgn" "$tmp" | "$CELLMATE" --batch glinski \
    >/dev/null 2>&1
tap_ok "save keeps the tag's text as it was read" grep -qF "x${esc}]0;owned" "$tmp/kept.pgn"

# a C1 control (U+009B, CSI) in UTF-8 in a variant's title, and a byte that is not UTF-8
sed "s/^title = .*/title = Glinski $(printf '\302\233')2J caf$(printf '\303\251') $(printf '\377')/" \
    "$TESTS_DIR/../variants/glinski.ini" >"$tmp/c1.ini"
"$CELLMATE" --check-variant "$tmp/c1.ini" >"$tmp/out" 2>&1
tap_ok "--check-variant of a title with a C1 control: nothing raw" no_control "$tmp/out"
tap_ok "the C1 control shown as \\x9b, UTF-8 kept, a stray byte shown as \\xff" \
    said "Glinski \\x9b2J café \\xff"

# a bidirectional override (U+202E) in a tag: valid UTF-8, but it would reverse the line
printf '[Event "a%sb"]\n[Variant "glinski"]\n\n1. Nc3 *\n' "$(printf '\342\200\256')" \
    >"$tmp/bidi.pgn"
printf 'load %s\npgn\n' "$tmp/bidi.pgn" | "$CELLMATE" --batch glinski >"$tmp/out" 2>&1
tap_ok "pgn: a bidirectional override in a tag shown as \\u202e" said '[Event "a\u202eb"]'
tap_ok "... and never sent" sh -c "! grep -q '$(printf '\342\200\256')' '$tmp/out'"
tap_done
