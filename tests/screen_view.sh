#!/bin/sh
# screen_view.sh — the view and the cursor across games, in tmux: rotate and flip are kept by
# `new` of the same variant but not carried into another variant's board (a hexagon turned
# by a triangle board's quarter turn), nor is the cursor; with three players a flipped view
# is named as flipped; on triangles drawn on their side Up and Down go to the cell straight
# above or below, none skipped; Up and Down at the end of a row whose neighbour is shorter go
# on to that row's nearest cell (Chessagon, and a hexagon's edge).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

panel() { screen_of "$1" | cut -c79-; } # at 100 columns
line_of() { screen_of "$1" | grep -n -- "$2" | head -n 1 | cut -d: -f1; }

# --- rotate, then a new game of another variant ---------------------------------------------
sized v 100x35 chessagon
wait_for v "White to move" >/dev/null
enter v rotate
tap_ok "chessagon: rotate turns it a quarter" wait_for v "turned 90 degrees from its usual view"
keys v Up
tap_ok "... the cursor is shown, named in the panel" wait_for v "White King"
enter v "new glinski"
wait_for v "new game: Glinski" >/dev/null
tap_ok "new glinski: White's King below Black's (the usual view)" \
    test "$(line_of v 'wK')" -gt "$(line_of v 'bK')"
no_cell_named() { ! panel "$1" | grep -Eq '^ *[a-z][0-9]+: '; }
tap_ok "... no cursor left from the other board in the panel" no_cell_named v
enter v rotate
tap_ok "... rotate then turns it one of its own steps" \
    wait_for v "turned 60 degrees from its usual view"
# the same variant again: the view chosen stays
enter v new
wait_for v "new game: Glinski" >/dev/null
enter v rotate
tap_ok "new of the same variant keeps the view turned" \
    wait_for v "turned 120 degrees from its usual view"
enter v "new glinski"
wait_for v "new game: Glinski" >/dev/null
enter v flip
tap_ok "... also named (new glinski)" wait_for v "turned 300 degrees from its usual view"
quit v

# --- three players: rotate turns by thirds, flip by a half, and the message says which ----
sized r 100x35 cyclohexane
wait_for r " to move" >/dev/null
enter r flip
tap_ok "the ring, flip: flipped" \
    wait_for r "the board is drawn flipped (turned 180 degrees from its usual view)"
enter r rotate
tap_ok "... and rotate: a third turned, then flipped (not '300 degrees')" \
    wait_for r "the board is drawn turned 120 degrees from its usual view, then flipped"
enter r flip
wait_re() { # wait_re NAME REGEX: until a line of the screen matches (up to 10 s)
    i=0
    while [ $i -lt 100 ]; do
        shows_re "$1" "$2" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}
tap_ok "... flip again: a third turned" \
    wait_re r "the board is drawn turned 120 degrees from its usual view *$"
quit r

# --- triangles on their side: Up and Down ---------------------------------------------------
sized t 100x35 chessagon --fen "'k8/11/13/1P12K/15/13/11/9 w - - - 0 1'"
wait_for t "White to move" >/dev/null
keys t Up
tap_ok "the cursor starts on White's King" wait_for t "o5: White King"
keys t Up
tap_ok "Up: the cell straight above (n5), not two letters up" wait_for t "n5: empty"
i=0
while [ $i -lt 13 ]; do
    keys t Up
    i=$((i + 1))
done
tap_ok "Up to the top: a5" wait_for t "a5: empty"
keys t Down
tap_ok "Down from a5: b5 below it, the White Pawn" wait_for t "b5: White Pawn"
keys t Down
tap_ok "Down again: c5" wait_for t "c5: empty"
keys t Up
tap_ok "Up from c5: back to b5" wait_for t "b5: White Pawn"
quit t

# --- upright triangles: Left and Right -------------------------------------------------------
# (rotate stands the board upright, as the rule book draws it; a row's triangles point up and
# down in turn, and every one of them is reached)
sized u 100x35 chessagon
wait_for u "White to move" >/dev/null
enter u rotate
wait_for u "turned 90 degrees" >/dev/null
keys u Up
tap_ok "upright: the cursor starts on White's King" wait_for u "o4: White King"
for want in n4: m4: l4: k4:; do
    keys u Left
    tap_ok "Left: the next cell of the row, $want" wait_for u " $want"
done
for want in l4: m4: n4: o4:; do
    keys u Right
    tap_ok "Right: back along the row, $want" wait_for u " $want"
done
quit u

# --- Up and Down past the end of a shorter row ---------------------------------------------
# (they stopped there: no cell of the next row lay within 60 degrees of straight down)
sized e 100x35 chessagon
wait_for e "White to move" >/dev/null
for k in Up Up Up Up Left Left; do keys e $k; done
tap_ok "chessagon: the cursor on l2" wait_for e "l2: White Pawn"
for want in "m2: White Rook" "n3: White Bishop" "o4: White King"; do
    keys e Down
    tap_ok "chessagon: Down goes on to the next, shorter row: $want" wait_for e "$want"
done
for want in "n4: White Duke" "m4: White Pawn"; do
    keys e Up
    tap_ok "chessagon: Up from there: $want" wait_for e "$want"
done
quit e
sized g 100x35 glinski
wait_for g "White to move" >/dev/null
for k in Up Left Left Left Left Left Left; do keys g $k; done
tap_ok "glinski: the cursor on a1, the bottom of the edge" wait_for g "a1: empty"
for want in "b1: White Pawn" "c1: White Rook"; do
    keys g Down
    tap_ok "glinski: Down goes along the hexagon's lower edge: $want" wait_for g "$want"
done
quit g

tap_done
