#!/bin/sh
# cli_man.sh — the man pages stay true to the program: every command that `help` lists in
# the scripted mode is described under COMMANDS in cellmate(6), every option that
# `cellmate --help` lists under OPTIONS, every variant that `cellmate --list` prints under
# VARIANTS (with its [reconstructed array] mark); and the page names no command, option or
# variant the program does not have. cellmate-variants(5) documents every board family.
. "$TESTS_DIR/tap.sh"
MAN=$TESTS_DIR/../man
PAGE=$MAN/cellmate.6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tap_ok "man/cellmate.6 exists" test -r "$PAGE"
tap_ok "man/cellmate-variants.5 exists" test -r "$MAN/cellmate-variants.5"

# The source lines of one section (.SH NAME up to the next .SH), with the escapes that
# matter here undone: "\-" is a hyphen, "\e" a backslash; font changes are dropped.
section() {
    awk -v want="$1" '
        /^\.SH / { name = $0; sub(/^\.SH +/, "", name); gsub(/"/, "", name); on = (name == want); next }
        on { print }' "$PAGE" | sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\e/\\/g'
}

# The first word of each tag of a .TP list: the line after ".TP", without its macro and
# quotes.
tags() {
    awk '
        tp && /^\./ && !/^\.(TP|TQ|PD)/ {
            line = $0; sub(/^\.[A-Z]+ */, "", line); gsub(/"/, "", line)
            split(line, w, /[ \t]+/); print w[1]; tp = 0; next }
        tp && !/^\./ { split($0, w, /[ \t]+/); print w[1]; tp = 0; next }
        /^\.T[PQ]/ { tp = 1 }'
}

# The sections must be there, in the page's order.
for s in NAME SYNOPSIS DESCRIPTION OPTIONS "THE SCREEN" MOVES COMMANDS "SCRIPTED MODE" \
    "GAME RECORDS" "POSITION STRINGS" "END OF THE GAME" "THE COMPUTER OPPONENT" VARIANTS \
    "RESTRICTED MODE" FILES ENVIRONMENT "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    tap_ok "cellmate.6 has the section $s" grep -qx ".SH \"\\{0,1\\}$s\"\\{0,1\\}" "$PAGE"
done

# --- commands ---------------------------------------------------------------------------
echo help | "$CELLMATE" --batch >"$tmp/help" 2>"$tmp/help.err"
sed -n 's/^  \([a-z][a-z]*\).*/\1/p' "$tmp/help" | sort -u >"$tmp/commands"
tap_ok "help lists commands" test -s "$tmp/commands"
section COMMANDS | tags | sort -u >"$tmp/page-commands"
missing=$(comm -23 "$tmp/commands" "$tmp/page-commands" | tr '\n' ' ')
tap_eq "every command of 'help' is described under COMMANDS" "" "$missing"
# flip, rotate and names belong to the screen: the scripted help does not list them
extra=$(comm -13 "$tmp/commands" "$tmp/page-commands" | grep -vx 'flip\|rotate\|names' | tr '\n' ' ')
tap_eq "COMMANDS describes no command the program lacks" "" "$extra"
for c in flip rotate names; do
    tap_ok "the screen command $c is in the help page's command table" \
        sh -c "grep -q '\"$c\", \"' '$TESTS_DIR/../src/session.c'"
done

# --- rooms: a player gone away, in the room's words (room_screen.sh and room_faults.sh see
# them said) -----------------------------------------------------------------------------------
section ROOMS | tr '\n' ' ' >"$tmp/rooms"
tap_ok "ROOMS: a player who quit or closed the window is said to have left" \
    grep -q "Blue left.(rq when that player's cellmate said goodbye .*window closed" "$tmp/rooms"
tap_ok "ROOMS: a connection broken without a word is said to be disconnected" \
    grep -q "Blue disconnected.(rq when the connection broke without a word" "$tmp/rooms"

# --- options ----------------------------------------------------------------------------
"$CELLMATE" --help >"$tmp/usage"
grep -o -- '--[a-z][a-z-]*' "$tmp/usage" | sort -u >"$tmp/options"
tap_ok "--help lists options" test -s "$tmp/options"
tap_eq "--help fits 80 columns (no line past 79)" "" "$(awk 'length > 79' "$tmp/usage")"
# the options named in the tags (a tag such as ".BR \-\-help , \-h" names more than one)
section OPTIONS | awk 'p { print; p = 0 } /^\.T[PQ]/ { p = 1 }' |
    grep -o -- '--[a-z][a-z-]*' | sort -u >"$tmp/page-options"
missing=$(comm -23 "$tmp/options" "$tmp/page-options" | tr '\n' ' ')
tap_eq "every option of --help is described under OPTIONS" "" "$missing"
extra=$(comm -13 "$tmp/options" "$tmp/page-options" | tr '\n' ' ')
tap_eq "OPTIONS describes no option the program lacks" "" "$extra"

# --- variants ---------------------------------------------------------------------------
# Only the variants of the source tree: a clean environment keeps a user's own variants
# (XDG_DATA_HOME, CELLMATE_VARIANTS) out of the list.
env -u CELLMATE_VARIANTS -u XDG_DATA_HOME HOME="$tmp" "$CELLMATE" --list >"$tmp/list"
for f in "$TESTS_DIR"/../variants/*.ini; do basename "$f" .ini; done | sort >"$tmp/shipped"
awk '{ print $1 }' "$tmp/list" | sort | comm -12 - "$tmp/shipped" >"$tmp/variants"
tap_eq "--list names every variant file of the source tree" \
    "$(cat "$tmp/shipped")" "$(cat "$tmp/variants")"
section VARIANTS | tags | sort -u >"$tmp/page-variants"
missing=$(comm -23 "$tmp/variants" "$tmp/page-variants" | tr '\n' ' ')
tap_eq "every variant of --list is described under VARIANTS" "" "$missing"
extra=$(comm -13 "$tmp/variants" "$tmp/page-variants" | tr '\n' ' ')
tap_eq "VARIANTS describes no variant the program lacks" "" "$extra"
# the [reconstructed array] mark: the entry of a variant (its tag line to the next .TP)
# says so exactly when --list does
section VARIANTS | awk '
    /^\.T[PQ]/ { if (name != "") print name, mark; name = ""; mark = "no"; tp = 1; next }
    /^\.(PP|SH|SS)/ { if (name != "") print name, mark; name = ""; tp = 0; next }
    tp { line = $0; sub(/^\.[A-Z]+ */, "", line); gsub(/"/, "", line); name = line; tp = 0; next }
    /reconstructed array/ { mark = "yes" }
    END { if (name != "") print name, mark }' | sort >"$tmp/page-marks"
while read -r name rest; do
    grep -qx "$name" "$tmp/variants" || continue
    case $rest in *"[reconstructed array]") want=yes ;; *) want=no ;; esac
    echo "$name $want"
done <"$tmp/list" | sort >"$tmp/marks"
tap_eq "VARIANTS marks the reconstructed arrays as --list does" "" \
    "$(comm -3 "$tmp/marks" "$tmp/page-marks" | tr -s '\t\n' '  ')"

# --- MOVES: the forms that name the captured piece, each read (Glinski's fool's mate) -------
section MOVES | awk '/^The captured piece may be named/ { f = 1 } f { print } /must be that/ { f = 0 }' |
    grep -oE '[A-Za-z0-9]*x[A-Z][a-z0-9]*' >"$tmp/named"
tap_ok "MOVES names the captured piece after both cells too (c3f9xB)" grep -qx 'c3f9xB' "$tmp/named"
while read -r form; do
    got=$(printf 'Qc3\nQc6\nb2\nb6\nBb1\ne6\n%s\n' "$form" |
        "$CELLMATE" --batch --variant glinski 2>&1 | tail -n 2 | head -n 1)
    tap_eq "MOVES: $form is read as the capture it names" "4. Qxf9#" "$got"
done <"$tmp/named"

# --- the scripted-mode example of the page ---------------------------------------------------
# The page's "cat game.txt" and the output it shows for it.
section "SCRIPTED MODE" | sed -e 's/\\(aq/'"'"'/g' | awk '
    /^\$ cat game.txt$/ { f = 1; next }
    /^\$ cellmate --batch --variant haynie < game.txt$/ { f = 0; o = 1; next }
    /^\$ / { o = 0 }
    f { print > "'"$tmp"'/game.txt" }
    o { print > "'"$tmp"'/want" }'
tap_ok "SCRIPTED MODE shows game.txt and its output" test -s "$tmp/want"
"$CELLMATE" --batch --variant haynie <"$tmp/game.txt" >"$tmp/got" 2>&1
tap_eq "the SCRIPTED MODE example prints what the page says" "$(cat "$tmp/want")" \
    "$(cat "$tmp/got")"

# --- the limits: every figure of src/core/cell_limits.h is quoted, and quoted right -------------
# A quotation is a line '.\" limit NAME' (or 'NAME - 1' for sizes that count a final NUL),
# and the line after it must hold the figure as a word.
LIMITS=$TESTS_DIR/../src/core/cell_limits.h
sed -n 's/^#define \(MAX_[A-Z_]*\) *\([0-9][0-9]*\).*/\1 \2/p' "$LIMITS" >"$tmp/limits"
tap_ok "src/core/cell_limits.h defines limits" test -s "$tmp/limits"
cat "$MAN/cellmate-variants.5" "$PAGE" | awk '
    q { print q, $0; q = "" }
    /^\.\\" limit / { q = $3 ($4 == "-" ? " " $5 : " 0") }' >"$tmp/quotes"
while read -r name value; do
    grep -q "^$name " "$tmp/quotes" || echo "$name is not quoted" >>"$tmp/limit-errors"
done <"$tmp/limits"
while read -r name minus line; do
    value=$(sed -n "s/^$name //p" "$tmp/limits")
    if [ -z "$value" ]; then
        echo "$name is quoted but not in cell_limits.h" >>"$tmp/limit-errors"
        continue
    fi
    want=$((value - minus))
    printf '%s\n' "$line" | sed 's/\\-/-/g' | grep -Eq "(^|[^0-9])$want([^0-9]|\$)" ||
        echo "$name: '$line' does not say $want" >>"$tmp/limit-errors"
done <"$tmp/quotes"
tap_eq "the man pages quote every limit of src/core/cell_limits.h as it is" "" \
    "$(cat "$tmp/limit-errors" 2>/dev/null)"

# --- the board families: each one the loader takes is in cellmate-variants(5)'s family key
# and has its part of BOARDS AND DIRECTIONS
VPAGE=$MAN/cellmate-variants.5
printf '[variant]\ntitle = x\n[board]\nfamily = nosuch\n' >"$tmp/family.ini"
families=$("$CELLMATE" --check-variant "$tmp/family.ini" 2>&1 |
    sed -n "s/.*family must be \(.*\), not 'nosuch'$/\1/p" | sed -e 's/,/ /g' -e 's/ or / /')
tap_ok "the loader names its board families" test -n "$families"
for f in $families; do
    tap_ok "cellmate-variants(5): family = ... lists $f" \
        sh -c "grep '^\.BI family ' '$VPAGE' | grep -q '[ |]$f[|\"]'"
    tap_ok "cellmate-variants(5): BOARDS AND DIRECTIONS has a part for $f" \
        grep -q "^\.SS \"$f[\",]" "$VPAGE"
done

# cellmate-variants(5) names this page, and this page names it
tap_ok "cellmate-variants(5) refers to cellmate(6)" \
    grep -q '^\.BR cellmate (6)' "$MAN/cellmate-variants.5"
tap_ok "cellmate(6) refers to cellmate-variants(5)" \
    grep -q '^\.BR cellmate\\-variants (5)' "$PAGE"

# A text line that begins with '.' or "'" is read as a request, and its text is lost (an
# ellipsis "\&.\|.\|." needs its "\&"): every such line is a request (letters), a comment, or
# the first line's preprocessor mark.
for page in "$MAN"/*.[0-9]; do
    bad=$(grep -n -e '^\.[^A-Za-z\\]' -e '^\.\\[^"]' -e "^'" "$page" | grep -vxF "1:'\\\" t")
    tap_eq "$(basename "$page"): no text line begins as a request" "" "$bad"
done

tap_done
