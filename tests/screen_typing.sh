#!/bin/sh
# screen_typing.sh — typing at the prompt, in tmux: a key that only edits the input line
# redraws only that line (the whole screen is drawn again when a line is entered, a piece
# picked up or anything else changes), so a long pasted line arrives whole, scrolled to keep
# the cursor, and the screen stays right around it: editing keys, Enter, a cell and Tab.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

last_msg() { screen_of "$1" | sed -n 23p; }

start p screen --no-save glinski
wait_for p "White to move" >/dev/null
board=$(screen_of p | sed -n '1,22p')

# 190 characters of cell-like noise and a marker, pasted at once
paste=$(awk 'BEGIN { s = ""; for (i = 0; i < 19; i++) s = s "e4f5g6h7i" i % 10; print s "ENDMARKER" }')
text p "$paste"
tap_ok "a pasted 200-character line arrives whole: its end on the prompt row" \
    wait_for p "ENDMARKER"
tap_eq "... scrolled: the prompt row is the line's last 73 characters" \
    "move> $(printf '%s' "$paste" | tail -c 73)" "$(row p 24)"
tap_eq "... the board and the panel are as they were" "$board" "$(screen_of p | sed -n '1,22p')"
keys p BSpace
keys p BSpace
keys p BSpace
ends_with() { row "$1" 24 | grep -q -- "$2\$"; }
until_true() { # until_true COMMAND...: until it succeeds (up to 5 s)
    i=0
    while [ $i -lt 50 ]; do "$@" && return 0; sleep 0.1; i=$((i + 1)); done
    return 1
}
tap_ok "Backspace edits the end of the line" until_true ends_with p "ENDMAR"
keys p Home
tap_ok "Home: the row shows the line's start" until_true ends_with p "move> e4f5g6h7i0e4f5.*"
text p "X"
tap_ok "... a character typed there" until_true ends_with p "move> Xe4f5g6h7i0e4f5.*"
keys p End
tap_ok "End: the row shows the line's end again" until_true ends_with p "ENDMAR"
keys p Enter
tap_ok "Enter: the line is read whole, with the character typed at its start" \
    wait_for p "'X' is not a piece of this variant"
refused_whole() { panel_text p | grep -q ' neither a move nor a command: .*Xe4f5' && hides p ENDMARKER; }
tap_ok "... refused, the reason first, the line echoed cut short, in the panel (too long for its line)" \
    refused_whole
tap_eq "... shown once: the message line left empty" "" "$(row p 23)"
tap_eq "... the prompt is empty again" "move>" "$(row p 24)"

# a move typed key by key is played and drawn; a cell and Tab still picks up
for k in e 5; do text p "$k"; done
keys p Enter
tap_ok "a move typed key by key is played" wait_for p "Black to move"
tap_ok "... and the board shows it (the pawn in brackets)" shows_re p '\[p\]|\[P\]'
text p f7
keys p Tab
tap_ok "a cell and Tab picks up the piece, the whole screen drawn again" \
    wait_for p "f7 Pawn: "
tap_ok "... its targets marked on the board" shows_re p '\*'
keys p Escape
# commands typed in capitals are the commands, those the screen runs itself too
enter p Help
tap_ok "Help opens the help page" wait_for p "cellmate help"
keys p q
wait_for p "Black to move" >/dev/null
enter p UNDO
tap_ok "UNDO takes the move back" wait_for p "White to move"
enter p Quit
tap_ok "Quit leaves" gone p

tap_done
