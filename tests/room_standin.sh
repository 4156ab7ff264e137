#!/bin/sh
# room_standin.sh — a player who left a room for good must not stall the others: once they
# have been away 30 s, another player's 'ai SIDE' has the computer play their seat for them
# (their name stays on it, the record says when the computer began and stopped), until they
# join again and take it back; 'ai off' ends it; a server started again from the record keeps
# it. Raw clients (room_raw.pl) speak to a server started here; every process is ended by its
# PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

raw() { # raw OUT: a raw client in the background, its steps from standard input (feed)
    cat >"$1.steps"
    feed <"$1.steps" | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/si.sock" >"$1" 2>&1 &
    room_keep $!
}
room_serve "$ROOMS" si glinski
flat() { tr '\n' ' ' <"$ROOMS/si.pgn"; } # the record on one line (its notes are wrapped)

# bob plays Black and leaves; alice asks at once (refused: too soon), for her own seat
# (refused), then once bob has been away 30 s: the computer plays Black for bob, at level 1
raw "$tmp/b1" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send quit\n
closed
EOF
wait_text "$tmp/b1" "ok closed" 20 >/dev/null
raw "$tmp/a1" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send level 1\n
answer
send ai Black\n
answer
send ai White\n
answer
hold 31
send ai Black\n
answer
send ai Black\n
answer
send move e5\n
answer
expect move 2 
send draw\n
answer
send ai off\n
answer
send ai Black\n
answer
send quit\n
closed
EOF
wait_text "$tmp/a1" "ok closed" 60 >/dev/null
tap_ok "the computer may not stand in for a player away less than 30 s" \
    grep -qE "^< error bob has been away from Black for [0-9]+ seconds; the computer may play for them once they have been away for 30$" "$tmp/a1"
tap_ok "... nor for the asker's own seat" grep -qx "< error you play White yourself" "$tmp/a1"
tap_ok "once bob has been away 30 s it does: Black is the computer's, bob's name kept" \
    grep -qx "< seat Black ai bob" "$tmp/a1"
tap_ok "... and everybody is told who asked, and until when" \
    grep -qx "< info alice asks the computer to play Black for bob, who is away: it does until they join again" "$tmp/a1"
tap_ok "... asked again, it plays Black already" grep -qx "< error the computer plays Black already" "$tmp/a1"
tap_ok "... and it answers White's move for Black" grep -qE "^< move 2 " "$tmp/a1"
tap_ok "... refusing draws, as the computer does" \
    grep -qx "< error the computer does not agree to draws" "$tmp/a1"
tap_ok "'ai off' ends it: the seat waits for bob again" \
    sh -c "grep -qx '< info the computer no longer plays Black for bob' '$tmp/a1' && grep -qx '< seat Black away bob' '$tmp/a1'"
tap_eq "... and ai Black begins it again (bob still away)" 2 "$(grep -c '^< seat Black ai bob' "$tmp/a1")"
record_has 'RoomStandIn "Black"' "$ROOMS/si.pgn"
tap_ok "the record keeps bob as Black's player" grep -q '^\[Black "bob"\]' "$ROOMS/si.pgn"
tap_eq "... and says when the computer began and stopped playing for bob" 1 \
    "$(flat | grep -c '{the computer plays Black for bob, who is away} 1\. e5 [^ ]* {the computer no longer plays Black for bob}')"
tap_ok "... and that it stands in now" grep -q '^\[RoomStandIn "Black"\]' "$ROOMS/si.pgn"

# a server started again from the record: the computer still plays for bob, who comes back
# and takes his seat; alice, here, is told
end_pid "$(room_server si)"
room_serve "$ROOMS" si glinski
raw "$tmp/a2" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
@wait $tmp/b2 ok expect sync
expect is back
send quit\n
closed
EOF
wait_text "$tmp/a2" "ok expect sync" 20 >/dev/null
raw "$tmp/b2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send quit\n
closed
EOF
wait_text "$tmp/a2" "ok closed" 30 >/dev/null
wait_text "$tmp/b2" "ok closed" 30 >/dev/null
tap_ok "a server started again keeps the computer playing for bob" grep -qx "< seat Black ai bob" "$tmp/a2"
tap_ok "bob, back, takes his seat" grep -qx "< seat Black here bob" "$tmp/a2"
tap_ok "... and the others are told the computer no longer plays for him" \
    grep -qx "< info Black is back: the computer no longer plays for bob" "$tmp/a2"
tap_ok "... and bob is told it played for him" \
    grep -qx "< info the computer played Black for you while you were away; the seat is yours again" "$tmp/b2"
record_has 'RoomStandIn "-"' "$ROOMS/si.pgn"
tap_eq "... and the record says so" 1 "$(flat | grep -c '{bob is back and plays Black}')"

room_check_logs
tap_done
