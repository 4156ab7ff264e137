#!/bin/sh
# screen_colour.sh — the screen's colours, in tmux (read with capture-pane -e): White's pieces
# in the terminal's own foreground (bold, no colour of their own), Yellow's on black and no
# yellow empty cells, so that both read on a dark and on a light background; NO_COLOR (set
# and not empty) draws without any colour and keeps the Unicode middle dot.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

esc=$(printf '\033')
with_env() { # with_env NAME ENV ARGS...: an 80x24 window running cellmate with ENV set
    name=$1 env=$2
    shift 2
    run_in "$name" "env $env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --no-save $*"
}
sgr() { T capture-pane -e -p -t "$1" | tr -d "$esc"; } # the screen, attributes as "[1m"
# The attributes set before each drawing of TEXT (the sequences in front of it), one a line:
# "[1m[37mK".
before() { sgr "$1" | grep -o "\(\[[0-9;]*m\)*$2" | sort -u; }
has() { grep -q -- "$2" "$1"; } # has FILE RE
colour_code='\[\([0-9]*;\)*\(3[0-8]\|4[0-8]\|9[0-7]\|10[0-7]\)\(;[0-9]*\)*m' # not 39, 49

# --- two players: White in the default foreground, Black in colour --------------------------
with_env c "" glinski
wait_for c "White to move" >/dev/null
tap_eq "White's king: bold, in the terminal's own colour" "[1mK" "$(before c K)"
before c k >"$tmp/k"
tap_ok "Black's king: bold and coloured" has "$tmp/k" '^\[1m.*\[3[0-7]mk$'
before c '·' >"$tmp/dot"
tap_ok "empty cells are coloured" has "$tmp/dot" '\[3[0-7]m·'
quit c

# --- three players: Yellow on black, no yellow cells -----------------------------------------
with_env y "" hr-wellisch3
wait_for y "Red to move" >/dev/null
before y yP >"$tmp/yellow"
tap_ok "Yellow's pieces: yellow on black" has "$tmp/yellow" '\[33m\[40myP'
sgr y >"$tmp/y"
tap_ok "... and nothing yellow on the terminal's background" sh -c "! grep -q '\[33m[^[]' '$tmp/y'"
quit y

# --- NO_COLOR ---------------------------------------------------------------------------------
with_env n "NO_COLOR=1" glinski
wait_for n "White to move" >/dev/null
sgr n >"$tmp/n"
tap_ok "NO_COLOR: the board is drawn" has "$tmp/n" "K"
tap_ok "... without any colour" sh -c "! grep -q '$colour_code' '$tmp/n'"
tap_ok "... the middle dot kept" has "$tmp/n" "·"
tap_eq "... White's king bold" "[1mK" "$(before n K)"
quit n
with_env e "NO_COLOR=" glinski
wait_for e "White to move" >/dev/null
before e k >"$tmp/e"
tap_ok "NO_COLOR empty: colours as usual" has "$tmp/e" '\[3[0-7]mk$'
quit e

# --- labels: never drawn like a piece ----------------------------------------------------------
# Peanut in 23x13 is turned a quarter, its file labels among the cells ("c p"): a label is dim
# and blue, or without colour dim and underlined (vt100, with no dim, underlines it), where a
# piece is bold; the labels of an upright drawing (Glinski's) are drawn the same way
label_env() { # label_env NAME TERM ENV: Peanut in 23x13
    window "$1" 23x13 "env $3 TERM=$2 HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --no-save peanut"
}
label_env lc screen ""
wait_for lc "p" >/dev/null
tap_eq "a file label among the cells: dim and blue" "[2m[34mc" "$(before lc c | grep m)"
tap_eq "... the black pawn beside it: bold and coloured" "[1m[35mp" "$(before lc p | grep m)"
T kill-session -t lc
label_env lm screen NO_COLOR=1
wait_for lm "p" >/dev/null
tap_eq "... without colour: dim and underlined" "[2;4mc" "$(before lm c | grep m)"
tap_eq "... the pawn bold" "[1mp" "$(before lm p | grep m)"
T kill-session -t lm
label_env lv vt100 ""
wait_for lv "p" >/dev/null
tap_eq "... on a vt100 (no dim): underlined" "[4mc" "$(before lv c | grep m)"
T kill-session -t lv
with_env lg "" glinski
wait_for lg "White to move" >/dev/null
blue_f() { before lg f | grep -q '^\[2m\[34mf$'; }
tap_ok "Glinski's file labels: dim and blue too" wait_until blue_f # (the whole screen drawn)
quit lg

tap_done
