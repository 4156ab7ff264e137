#!/bin/sh
# room_screen_sit.sh — a watcher's screen takes the empty seat with sit: it is told it plays,
# its panel marks the seat as its own and no longer says it watches, and its moves are played;
# a lost connection is joined again to that seat.
# The screen runs in the private tmux server; the player is a scripted client; the room's
# server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

player "$tmp/a" --room perch glinski --name alice --seat White <<EOF
@wait $tmp/go go
Qc3
@wait $tmp/a Qc6
quit
EOF
wait_text "$tmp/a" "you play White in room perch" >/dev/null
start c xterm --room perch --name carol --seat watch 2>"$tmp/c.err"
tap_ok "the screen watches" wait_for c "you watch room perch (glinski)"
tap_ok "... and its panel says so" wait_for c " Black  -        empty"
tap_ok "... that it watches" shows_re c "you watch *\$"
tap_ok "... and no word of making the computer an opponent (the room's computer is the room's)" \
    hides c "makes it your opponent"
keys c F2 # (a view of the screen's own, as in a local game)
tap_ok "F2 shows the cell names in a room too" wait_for c "cell names shown in every cell"
keys c F2
line c "sit"
tap_ok "sit: the screen is told it plays the empty seat" \
    wait_for c "you play Black in room perch (glinski): move 1, White to move"
tap_ok "... its panel marks the seat as its own" wait_for c ">Black  carol    here"
tap_ok "... and no longer says it watches" hides c "you watch"
tap_ok "the player is told" wait_text "$tmp/a" "carol takes Black"
echo go >"$tmp/go" # (White moves once the screen's words have been read)
tap_ok "White's move reaches the screen" wait_for c "1. Qc3"
line c "Qc6"
tap_ok "the screen's move is played in the room" wait_text "$tmp/a" "Qc6"
finish "$last_pid" >/dev/null

# the connection lost: the screen joins again to its seat, not as the watcher it joined as (a
# name that plays may not watch)
kill -KILL "$(room_server perch)"
tap_ok "the room lost, the screen joins it again" wait_for c "RECONNECTING to perch"
tap_ok "... back in the seat it took" wait_for c ">Black  carol    here"

quit c
room_check_logs
tap_done
