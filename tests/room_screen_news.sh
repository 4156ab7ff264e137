#!/bin/sh
# room_screen_news.sh — a game's result on a room's screen is not pushed off the message line
# by what the room says next: the other player resigns and then leaves, each line a moment
# after the last, and the message line still says how the game ended, with who left after it,
# until the player types. The screen runs in the private tmux server; the other
# player is a scripted client; the room's server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

message_line() { screen_of "$1" | sed -n 23p; } # (row 23 of 24: the row above the prompt)
line_has() { message_line a | grep -qF -- "$1"; }

start a xterm --room news glinski --name alice --seat White 2>"$tmp/a.err"
wait_for a ">White  alice    here" >/dev/null
player "$tmp/b" --room news --name bob --seat Black <<EOF
@wait $tmp/b 1. Qc3
Qc6
@sleep 0.5
resign
@sleep 0.5
quit
EOF
wait_for a " Black  bob      here" >/dev/null
line a Qc3
tap_ok "the other player leaves after resigning" wait_for a " Black  bob      away"
sleep 0.3
tap_ok "the message line still gives the result" line_has "result 1-0: White wins by resignation" ||
    message_line a | sed 's/^/# message line: /'
tap_ok "... and who left after it" line_has "result 1-0: White wins by resignation; Black left"
line a "say gg"
tap_ok "once the player has typed, the room's next line replaces it, as before" \
    wait_until sh -c "tmux -L '$sock' -f /dev/null capture-pane -p -t a | sed -n 23p | grep -qx 'alice: gg *'" ||
    message_line a | sed 's/^/# message line: /'

quit a
room_check_logs
tap_done
