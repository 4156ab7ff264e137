#!/bin/sh
# screen_view.sh — the view and the cursor, in tmux: on triangles drawn on their side Up and
# Down go to the cell straight above or below, none skipped.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

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

tap_done
