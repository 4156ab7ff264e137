#!/bin/sh
# screen_wide.sh — text of wide and multi-byte characters on the screen, in tmux: the status
# panel (its clocks' names too), the one status line, a page, the message line and the input
# line (its cursor) measure it in columns (an accented letter one, a CJK character two), break
# it between characters, never inside one, and cut it whole.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

han=$(printf '\346\274\242') # a CJK character: 3 bytes, 2 columns
e=$(printf '\303\251')       # an accented letter: 2 bytes, 1 column
rep() { # rep TEXT N: TEXT N times
    rep_out="" rep_i=0
    while [ $rep_i -lt "$2" ]; do rep_out="$rep_out$1" rep_i=$((rep_i + 1)); done
    printf '%s' "$rep_out"
}
ends_row() { screen_of "$1" | sed 's/ *$//' | grep -q -- " $2\$"; } # a row ends with " TEXT"

# a variant of that title and summary (Glinski's rules otherwise)
variant() {
    sed -e "s/^title = .*/title = $2/" -e "s/^summary = .*/summary = $3/" \
        "$VARIANTS_DIR/glinski.ini" >"$tmp/$1.ini"
}

# --- the panel: the title wrapped by columns --------------------------------------------------
variant wide "$(rep "$han" 15) $(rep "$e" 30)" "$(rep "$han" 45)"
sized w 80x24 "$tmp/wide.ini"
wait_for w "White to move" >/dev/null
tap_ok "a long word of CJK fills the panel's 22 columns with 11 characters" \
    ends_row w "$(rep "$han" 11)"
tap_ok "... and goes on on the next row, where the blank breaks it" ends_row w "$(rep "$han" 4)"
tap_ok "accented letters are a column each: 20 on a row indented by two" \
    ends_row w "$(rep "$e" 20)"
tap_ok "... and the 10 left on the next" ends_row w "$(rep "$e" 10)"
tap_ok "no character is split into bytes shown as M-..." hides w "M-"

# --- a page: the help page's summary wrapped at 78 columns ------------------------------------
keys w "?"
wait_for w "cellmate help" >/dev/null
tap_ok "the help page wraps CJK by columns: 39 characters to a row of 78" \
    ends_row w "$(rep "$han" 39)"
tap_ok "... and the 6 left on the next" ends_row w "$(rep "$han" 6)"
keys w q
wait_for w "White to move" >/dev/null

# --- the message line: cut whole, by columns, where no panel shows it whole -------------------
variant wider "$e$(rep "$han" 40)" "wide"
enter w "new $tmp/wider.ini"
tap_ok "a message too long for its line is shown whole in the panel, 11 to a row" \
    wait_for w "new game: $e$(rep "$han" 10) $(rep "$han" 11) $(rep "$han" 11) $(rep "$han" 8), White to move"
tap_eq "... once: the message line is left empty" "" "$(row w 23)"
tap_ok "no character of it is split" hides w "M-"
T resize-window -t w -x 60 -y 20
tap_ok "60x20, no panel: cut on the message line after the characters that fit, whole" \
    wait_until shows_re w "^new game: $e$(rep "$han" 22)\\.\\.\\.\$"
tap_ok "... no character of it split" hides w "M-"
quit w

# --- sides of accented names: the panel's clocks and the one status line ----------------------
# (Wéiß: 4 columns, 6 bytes; Schwärzé: 8 columns, 10 bytes)
sed -e "s/White/W${e}i$(printf '\303\237')/g" -e "s/Black/Schw$(printf '\303\244')rz$e/g" \
    "$VARIANTS_DIR/hr-glinski.ini" >"$tmp/sides.ini"
wss="W${e}i$(printf '\303\237')" sch="Schw$(printf '\303\244')rz$e"
sized c 80x24 --clock 5 "$tmp/sides.ini"
wait_for c "$wss to move" >/dev/null
tap_ok "the panel's clocks: a name padded to 8 columns, not 8 bytes" \
    shows_re c "$sch      5:00\$"
quit c
sized n 60x24 --clock 5 "$tmp/sides.ini"
wait_for n "$wss to move" >/dev/null
# 55 columns (61 bytes) fit a line of 60: the names whole, not their initials
tap_ok "the one status line measures columns: the names whole in 60 columns" \
    shows_re n "^$wss to move \\| $wss [0-9]:[0-9][0-9]< hand - \\| $sch 5:00 hand -\$"

# --- the input line: the cursor after the characters typed, by their columns -----------------
cursor() { T display -p -t "$1" '#{cursor_x}'; }
text n "$e$e$e"
wait_for n "move> $e$e$e" >/dev/null
tap_eq "three accented letters: the cursor three columns after the prompt" 9 "$(cursor n)"
text n "$han$han"
wait_for n "move> $e$e$e$han$han" >/dev/null
tap_eq "... and two CJK characters: four columns more" 13 "$(cursor n)"
keys n Left
cursor_at() { [ "$(cursor "$1")" = "$2" ]; } # (read again at every try)
tap_ok "Left: the cursor back over a whole CJK character" wait_until cursor_at n 11
keys n C-u
text n "$(rep "$han" 40)" # 80 columns on a line of 53: scrolled, the cursor in sight
wait_for n "move> $han" >/dev/null
tap_ok "a long line of CJK scrolls by columns: the last 26 characters shown whole" \
    wait_until shows_re n "^move> $(rep "$han" 26)\$" # (typed until the 40th is in)
tap_eq "... the cursor after them" 58 "$(cursor n)"
tap_ok "... no character of it is split" hides n "M-"
quit n

tap_done
