#!/bin/sh
# room_standin.sh — a player who left a room for good must not stall the others: once they
# have been away 30 s, another player's 'ai SIDE' has the computer play their seat for them,
# at full strength whatever the level and with no takebacks (else the one who asked could
# have it throw the absent player's game); their name stays on it, the record says where the
# computer began and stopped, and they take the seat back by joining again, even while the
# computer thinks; 'ai off' ends it; a server started again from the record keeps it. Raw
# clients (room_raw.pl) speak to servers started here; every process is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

raw() { # raw ROOM OUT: a raw client of ROOM in the background, its steps from standard input
    cat >"$2.steps"
    feed <"$2.steps" | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/$1.sock" >"$2" 2>&1 &
    room_keep $!
}
flat() { tr '\n' ' ' <"$ROOMS/$1.pgn"; } # flat ROOM: its record on one line (notes are wrapped)
gone() { # gone ROOM OUT: bob plays Black in ROOM and leaves
    raw "$1" "$2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send quit\n
closed
EOF
    wait_text "$2" "ok closed" 20 >/dev/null
}

# si: the computer thinks 20 s a move at full strength, so that one at level 1 would answer
# at once; sj: 1 s, to see it answer. In both bob plays Black and leaves, and both wait the
# same 30 s.
room_serve "$ROOMS" si glinski --time 20
room_serve "$ROOMS" sj glinski --time 1
room_serve "$ROOMS" sk glinski --time 1
room_serve "$ROOMS" sl glinski --time 1
gone si "$tmp/b1"
gone sj "$tmp/bj"
gone sk "$tmp/bk"
gone sl "$tmp/bl"
# sl: the computer plays for bob while White is to move, and bob is back before Black's turn
raw sl "$tmp/al" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
hold 31
send ai Black\n
answer
@wait $tmp/bl2 ok closed
send quit\n
closed
EOF

# si: alice asks at once (refused: too soon), for her own seat (refused), then once bob has
# been away 30 s, with the level at 1
raw si "$tmp/a1" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send level 1\n
answer
send ai Black\n
answer
send ai White\n
answer
send draw\n
answer
hold 31
send ai Black\n
answer
send ai Black\n
answer
send draw\n
answer
send undo\n
answer
send move e5\n
answer
hold 4
send ai off\n
answer
send ai Black\n
answer
send quit\n
closed
EOF
# sj: the computer answers alice's move for bob
raw sj "$tmp/aj" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
hold 31
send ai Black\n
answer
send move e5\n
answer
expect move 2 
send quit\n
closed
EOF
wait_text "$tmp/al" "ok answer" 60 >/dev/null
raw sl "$tmp/bl2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
expect the seat is yours again
send quit\n
closed
EOF
wait_text "$tmp/a1" "ok closed" 60 >/dev/null
wait_text "$tmp/bl2" "ok closed" 20 >/dev/null
tap_ok "bob back before Black's turn is told the computer made no move for him" \
    grep -qx "< info the computer was to play Black for you while you were away, and made no move; the seat is yours again" "$tmp/bl2"
wait_text "$tmp/aj" "ok closed" 30 >/dev/null
# a watcher cannot sit in the seat the computer plays for bob: it is still his
raw sj "$tmp/wj" <<EOF
expect cellmate-room
send hello 1 wat watch\n
expect sync
send sit Black\n
answer
send sit\n
answer
send quit\n
closed
EOF
wait_text "$tmp/wj" "ok closed" 20 >/dev/null
tap_ok "the computer may not stand in for a player away less than 30 s" \
    grep -qE "^< error bob has been away from Black for [0-9]+ seconds; the computer may play for them once they have been away for 30$" "$tmp/a1"
tap_ok "... nor for the asker's own seat" grep -qx "< error you play White yourself" "$tmp/a1"
tap_ok "once bob has been away 30 s it does: Black is the computer's, bob's name kept" \
    grep -qx "< seat Black ai bob" "$tmp/a1"
tap_ok "... and everybody is told who asked, and until when" \
    grep -qx "< info alice asks the computer to play Black for bob, who is away: it does until they join again" "$tmp/a1"
tap_ok "... and the draw alice offered meanwhile lapses, off the table for every client" \
    sh -c "sed -n '/< seat Black ai bob/,\$p' '$tmp/a1' | grep -A1 -x '< refused draw White' | grep -qx '< info the draw offered by White lapsed'"
tap_ok "... asked again, it plays Black already" grep -qx "< error the computer plays Black already" "$tmp/a1"
tap_ok "... it refuses draws, as the computer does" \
    grep -qx "< error the computer does not agree to draws" "$tmp/a1"
tap_ok "... and no takeback is asked while it plays for bob" \
    grep -qx "< error no takebacks while the computer plays Black for bob, who is away" "$tmp/a1"
tap_ok "... it answers for bob" grep -qE "^< move 2 " "$tmp/aj"
tap_ok "... and a watcher cannot sit in bob's seat" \
    sh -c "grep -qx '< error Black is taken by bob' '$tmp/wj' && grep -qx '< error every seat is taken; you go on watching' '$tmp/wj'"
tap_ok "... at full strength, whatever the level (level 1 would have answered at once)" \
    sh -c "! grep -q '^< move 2 ' '$tmp/a1'"
tap_ok "'ai off' ends it: the seat waits for bob again" \
    sh -c "grep -qx '< info the computer no longer plays Black for bob' '$tmp/a1' && grep -qx '< seat Black away bob' '$tmp/a1'"
tap_eq "... and ai Black begins it again (bob still away)" 2 "$(grep -c '^< seat Black ai bob' "$tmp/a1")"
record_has '^\[RoomStandIn "Black"\]' "$ROOMS/si.pgn"
tap_ok "the record keeps bob as Black's player" grep -q '^\[Black "bob"\]' "$ROOMS/si.pgn"
tap_eq "... says where the computer began and stopped playing for bob" 1 \
    "$(flat si | grep -c '{the computer plays Black for bob, who is away} 1\. e5 {the computer no longer plays Black for bob} {the computer plays Black for bob, who is away}')"
tap_ok "... each note told to alice as it happens" \
    sh -c "grep -qx '< noted 0 the computer plays Black for bob, who is away' '$tmp/a1' && grep -qx '< noted 1 the computer no longer plays Black for bob' '$tmp/a1'"
tap_ok "... and that it plays for him now" grep -q '^\[RoomStandIn "Black"\]' "$ROOMS/si.pgn"

# a server started again from the record: the computer plays for bob again (Black is to
# move: it thinks), and bob comes back meanwhile and takes his seat, and moves; alice, here,
# is told
end_pid "$(room_server si)"
"$CELLMATE" --rooms --room-dir "$ROOMS" >"$tmp/rooms" 2>&1
tap_ok "--rooms shows the stopped room's Black played by the computer for bob" \
    grep -q "^si: .*Black bob (ai); not running" "$tmp/rooms"
room_serve "$ROOMS" si glinski --time 20
raw si "$tmp/a2" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
@wait $tmp/b2 ok expect sync
expect is back
expect move 2 
send quit\n
closed
EOF
wait_text "$tmp/a2" "ok expect sync" 20 >/dev/null
raw si "$tmp/b2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send move e6\n
answer
send quit\n
closed
EOF
wait_text "$tmp/a2" "ok closed" 30 >/dev/null
wait_text "$tmp/b2" "ok closed" 30 >/dev/null
tap_ok "a server started again keeps the computer playing for bob" grep -qx "< seat Black ai bob" "$tmp/a2"
tap_ok "bob, back while it thinks, takes his seat" grep -qx "< seat Black here bob" "$tmp/a2"
tap_ok "... and the others are told the computer no longer plays for him" \
    grep -qx "< info Black is back: the computer no longer plays for bob" "$tmp/a2"
tap_ok "... and bob is told it played for him (a server started again knows no more)" \
    grep -qx "< info the computer played Black for you while you were away; the seat is yours again" "$tmp/b2"
tap_eq "... and the move is his, not the computer's" "< move 2 e6 -" "$(grep '^< move 2 ' "$tmp/a2")"
record_has '^\[RoomStandIn "-"\]' "$ROOMS/si.pgn"
tap_ok "... and the record says the computer plays for nobody" grep -q '^\[RoomStandIn "-"\]' "$ROOMS/si.pgn"
tap_eq "... and that bob is back" 1 "$(flat si | grep -c '{bob is back and plays Black} 1\.\.\. e6')"

# a game it played for bob ends: the next begins at once on alice's word (bob's say is the
# computer's, which agrees), the computer still playing for him, as the new record says at its
# start, and as alice's copy keeps it; bob comes back and is told what it did; once that game
# is over too, it stands in for nobody until the next
raw sj "$tmp/aj2" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send resign\n
answer
send new\n
answer
@wait $tmp/bj2 ok closed
send resign\n
answer
send ai Black\n
answer
send quit\n
closed
EOF
wait_text "$tmp/aj2" "a new game begins" 30 >/dev/null
player "$tmp/wj2" --room sj --name wat2 --seat watch <<EOF
@wait $tmp/wj2 Black is back
pgn
quit
EOF
wj2=$last_pid
wait_text "$tmp/wj2" "you watch room sj" >/dev/null
raw sj "$tmp/bj2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
expect the seat is yours again
send quit\n
closed
EOF
wait_text "$tmp/aj2" "ok closed" 30 >/dev/null
tap_ok "a game the computer played for bob over, alice's 'new' begins the next at once" \
    grep -q "^< info a new game begins" "$tmp/aj2"
tap_eq "... whose record says at its start that the computer plays for bob, and that he is back" 1 \
    "$(flat sj | grep -c '^[^{]*{the computer plays Black for bob, who is away} {bob is back and plays Black}')"
tap_ok "... told to alice as it happens, for her copy of the record" \
    sh -c "grep -A1 -x '< sync 0' '$tmp/aj2' | grep -qx '< noted 0 the computer plays Black for bob, who is away'"
finish "$wj2" >/dev/null
tap_eq "... and kept in the copy of a client there then (its pgn)" 1 \
    "$(tr '\n' ' ' <"$tmp/wj2" | grep -c '{the computer plays Black for bob, who is away} {bob is back and plays Black}')"
tap_ok "bob, back, is told what the computer did for him: its move, and a game ended" \
    grep -qx "< info while you were away the computer played Black for you: 1 move, and 1 game ended (the room keeps it); the seat is yours again" "$tmp/bj2"
tap_ok "once the game is over it plays for nobody until the next begins" \
    grep -qx "< error the game is over: the computer may play for bob once the next begins" "$tmp/aj2"

# sk: ai Black and ai off over and over (as fast as the allowance lets) do not grow the record
# without end: a game notes 20 beginnings and their endings, then that it notes no more (the
# info lines telling the rest), so that the record never says the computer stopped when it
# did not
raw sk "$tmp/ak" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
trickle 25 0.6 ai Black\nai off\n
hold 2
send ai Black\n
answer
send quit\n
closed
EOF
wait_text "$tmp/ak" "ok closed" 40 >/dev/null
tap_eq "ai Black and ai off 25 times each: all done" 25 "$(grep -c '^< info the computer no longer plays Black for bob' "$tmp/ak")"
record_has 'RoomStandIn "Black"' "$ROOMS/sk.pgn"
tap_eq "... and the record keeps 20 beginnings and their 20 endings" "20 20" \
    "$(flat sk | grep -o '{the computer plays Black for bob, who is away}' | wc -l) $(flat sk | grep -o '{the computer no longer plays Black for bob}' | wc -l)"
tap_eq "... then says once that it notes no more" 1 \
    "$(flat sk | grep -o "{the computer may go on playing for players away: this game's record notes it no further}" | wc -l)"
tap_ok "... as its last word on it (the computer plays for bob as it ends)" \
    sh -c "flat() { tr '\n' ' ' <'$ROOMS/sk.pgn'; }; flat | grep -o '{the computer [^}]*}' | tail -n 1 | grep -q 'notes it no further'"
# ... also once the server has started again from the record (the notes it holds count)
end_pid "$(room_server sk)"
room_serve "$ROOMS" sk glinski --time 1
raw sk "$tmp/ak2" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send ai off\n
answer
send quit\n
closed
EOF
wait_text "$tmp/ak2" "ok closed" 20 >/dev/null
tap_ok "... a server started again from it: ai off is done" \
    grep -qx "< info the computer no longer plays Black for bob" "$tmp/ak2"
record_has 'RoomStandIn "-"' "$ROOMS/sk.pgn"
tap_eq "... and the record notes no more (41 notes of it still)" 41 "$(flat sk | grep -o '{the computer [^}]*}' | wc -l)"

room_check_logs
tap_done
