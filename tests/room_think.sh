#!/bin/sh
# room_think.sh — a screen at a room's table goes on serving the room while it thinks: the
# other player's move and chat arrive, and are drawn, while `analyse` runs there (it runs on
# the position it started from, and ends as ever; what was heard is shown once after its
# page); a new game of the room (this player's offer, agreed by the other) stops a perft count
# there (the room's state replaces the game it counts). The client runs in the private tmux server; the other player is a scripted
# client; the room's server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

# (--time 20: the analysis outlasts the move and the chat on a loaded machine, where 5 s did
# not, and still ends by itself within a wait)
start a xterm --room think glinski --name alice --seat White --time 20 "2>$tmp/a.err" # (its reports)
wait_for a ">White  alice    here" >/dev/null
player "$tmp/b" --room think --name bob --seat Black <<EOF
@wait $tmp/b 1. Qc3
@wait $tmp/go go
Qc6
say wellmet
@wait $tmp/b 2. b2
resign
@wait $tmp/go3 go
new
@wait $tmp/never never
EOF
bob=$last_pid
wait_for a " Black  bob      here" >/dev/null
line a Qc3
wait_text "$tmp/b" "1. Qc3" >/dev/null
wait_for a "Black to move" >/dev/null # (the room's word: the screen has the move)
enter a analyse
tap_ok "the screen analyses Black's position" wait_for a "analysing (a key stops it)"
echo go >"$tmp/go"
tap_ok "the other player's move arrives while it analyses" wait_for a "1. Qc3     Qc6"
tap_ok "... and the analysis goes on" wait_until shows_re a "^analysing \(a key stops it\)" # (waited: under load it once read another line there)
tap_ok "their chat arrives too, in the panel (the message line is the thinking line's)" \
    wait_for a "wellmet"
tap_ok "the analysis ends as ever, with its lines" wait_for a "analyse: best "
keys a Escape # (the page of its lines closed)
wait_for a "wellmet" >/dev/null
tap_eq "the chat heard meanwhile is shown once after the page" 1 \
    "$(screen_of a | grep -o wellmet | wc -l)"
line a b2
tap_ok "the game goes on from the room's position" wait_text "$tmp/b" "2. b2"


# --- a new game of the room while perft counts: the count stops, and the new game shows ----------
tap_ok "the other player resigns" wait_for a "White wins"
# (this player offers the next game first: the other's 'new' agrees to it, and it begins)
enter a new
wait_for a "you offer to begin the next game" >/dev/null
enter a "perft 9"
tap_ok "perft counts on the finished game's position" wait_for a "perft 9 (a key stops it)"
echo go >"$tmp/go3"
tap_ok "the room's new game stops the count (its state replaces the game perft counts)" \
    wait_for a "interrupted after"
tap_ok "... and the new game shows" wait_for a "White to move"
tap_ok "... and what the room said meanwhile stays in view" wait_for a "a new game begins"
tap_ok "the new game's board has no moves" hides a "1. Qc3"

end_pid "$bob"
quit a
room_check_logs
tap_done
