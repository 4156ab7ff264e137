#!/bin/sh
# screen_watch.sh — watching a game people play by turns at another cellmate's screen: that
# board turns round to face whoever moves, the watcher's keeps the first player at the bottom
# (or the view the watcher chose with flip) whoever is to move. Two real screens in tmux.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

start a screen glinski
wait_for a "White to move" >/dev/null
line a "Nc3"
wait_for a "1. Nc3" >/dev/null
tap_ok "the player's board turns to Black, to move next (people take turns there)" \
    wait_until shows_files a "$BLACK"

start b screen --resume
wait_for b "Watch, copy or quit? [w/c/q]" >/dev/null
keys b w
wait_for b "watching (read only)" >/dev/null
tap_eq "the watcher sees White at the bottom, though Black is to move" "$WHITE" "$(files b)"
line a "Nc6"
wait_for b "Nc6" >/dev/null
tap_eq "... and still after Black's move" "$WHITE" "$(files b)"
line a "b3"
wait_for b "b3" >/dev/null
tap_eq "... and after White's" "$WHITE" "$(files b)"
tap_eq "... while the player's board has turned to Black again" "$BLACK" "$(files a)"

line b "flip"
tap_ok "the watcher's flip turns the watcher's board to Black" wait_until shows_files b "$BLACK"
line a "e6"
wait_for b "e6" >/dev/null
tap_eq "... which stays so after the next move (White to move)" "$BLACK" "$(files b)"
tap_eq "... where the player's board has turned to White" "$WHITE" "$(files a)"
line a "Nb5"
wait_for b "Nb5" >/dev/null
tap_eq "... and after the one after it (Black to move)" "$BLACK" "$(files b)"

quit b
quit a
tap_done
