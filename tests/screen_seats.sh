#!/bin/sh
# screen_seats.sh — who the screen draws at the bottom, in tmux: people taking turns at the
# keyboard see the board turn to whoever is to move; one person against the computer stays at
# the bottom; with the computer playing every side nobody sits at the board, so it stays with
# the first player at the bottom (not turning round at every ply), and flip still turns it;
# two people against the computer in a three-player game see it turn to each of them in turn,
# and stay with the one who moved last while the computer thinks and moves.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

# --- people taking turns, then the computer playing every side -----------------------------
sized a 80x24 --time 60 glinski
wait_for a "White to move" >/dev/null
tap_ok "by turns: White at the bottom, to move" wait_until shows_files a "$WHITE"
enter a Nc3
wait_for a "Black to move" >/dev/null
tap_ok "... the board turns to Black, to move next" wait_until shows_files a "$BLACK"
enter a "ai all"
wait_for a "thinking (a key stops it)" >/dev/null
tap_ok "ai all: nobody at the board, White at the bottom while Black's move is thought" \
    wait_until shows_files a "$WHITE"
keys a Escape
wait_for a "White to move" >/dev/null
tap_ok "... and after Black's move (a key stopped the computer)" wait_until shows_files a "$WHITE"
enter a flip
wait_for a "thinking (a key stops it)" >/dev/null
tap_ok "... flip turns it to Black" wait_until shows_files a "$BLACK"
keys a Escape
wait_for a "Black to move" >/dev/null
tap_ok "... which stays so after White's move (Black to move)" wait_until shows_files a "$BLACK"
quit a

# --- --ai all from the start: the board stays put while the computer plays -----------------
sized s 80x24 --time 0.3 --ai all glinski
wait_for s "computer: 1... " >/dev/null
turned() { shows_files s "$BLACK"; }
# any sight of Black's side at the bottom over a few plies fails; White's must be seen
i=0 seen= upright=
while [ $i -lt 30 ]; do
    turned && seen=yes
    shows_files s "$WHITE" && upright=yes
    sleep 0.1
    i=$((i + 1))
done
tap_eq "--ai all: White stays at the bottom, ply after ply" "yes" "$upright$seen"
quit s

# --- one person against the computer: that person at the bottom whoever moves --------------
sized h 80x24 --depth 1 --ai white glinski
wait_for h "computer: 1. " >/dev/null
wait_for h "Black to move" >/dev/null
tap_ok "--ai white: Black, the person, at the bottom" wait_until shows_files h "$BLACK"
enter h e6
wait_for h "computer: 2. " >/dev/null
tap_ok "... and after the person's move and the computer's reply" wait_until shows_files h "$BLACK"
quit h

# --- two people taking turns against the computer (three players) ---------------------------
# who sits at the bottom: the colour of the lowest piece drawn (rP, yH, bE ...)
bottom() { screen_of "$1" | grep -E '[rby][A-Z]' | tail -n 1 | grep -oE '[rby][A-Z]' | head -n 1 | cut -c1; }
at_bottom() { [ "$(bottom "$1")" = "$2" ]; }
sized m 100x40 --time 60 --ai blue hr-mccooey3
wait_for m "Red to move" >/dev/null
tap_ok "--ai blue, three players: Red, to move, at the bottom" wait_until at_bottom m r
enter m e4
wait_for m "Yellow to move" >/dev/null
tap_ok "... the board turns to Yellow, to move next" wait_until at_bottom m y
enter m k4
wait_for m "thinking (a key stops it)" >/dev/null
tap_ok "... and stays with Yellow while the computer thinks for Blue" at_bottom m y
keys m Escape
wait_for m "Red to move" >/dev/null
tap_ok "... then turns to Red after Blue's move" wait_until at_bottom m r
quit m

tap_done
