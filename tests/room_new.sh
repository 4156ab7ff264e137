#!/bin/sh
# room_new.sh — the next game of a room with clocks needs every seated player's word: one
# player's 'new' only offers it (the others are told, and 'no' refuses), a player away must
# come back and agree (but one away for 30 s has no say: the game begins without them), and the new game's clocks wait until every player is here, so that
# nobody loses time to a game they never began, even when the room's server stops and starts
# again from its record meanwhile. Raw clients (room_raw.pl) speak to a server
# started here; every process is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

raw() { # raw OUT: a raw client in the background, its steps from standard input (feed)
    cat >"$1.steps" # (a command put in the background reads no standard input of its own)
    feed <"$1.steps" | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/nx.sock" >"$1" 2>&1 &
    room_keep $!
}
white_back() { # white_back OUT BLACK: White comes back once BLACK's client holds, and
    # leaves; BLACK's client is waited for to end
    raw "$1" <<EOF
@wait $2 ok hold 2
expect cellmate-room
send hello 1 alice White\n
expect sync
send quit\n
closed
EOF
    wait_text "$2" "ok closed" 20 >/dev/null
}
room_serve "$ROOMS" nx glinski --clock 3

# White resigns, Black leaves; White's 'new' only offers the next game, and a move is refused
raw "$tmp/a1" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
@wait $tmp/b1 ok expect sync
send resign\n
answer
@wait $tmp/b1 ok closed
send new\n
answer
send move e4\n
answer
send quit\n
closed
EOF
raw "$tmp/b1" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
expect info White resigns
send quit\n
closed
EOF
wait_text "$tmp/a1" "ok closed" 20 >/dev/null
tap_ok "one player's 'new' offers the next game, the others asked" \
    grep -qx "< info you offer to begin the next game; the others are asked ('no' withdraws it)" "$tmp/a1"
tap_ok "... and no new game begins on it" sh -c "! grep -q 'a new game begins' '$tmp/a1'"
tap_ok "... so a move is refused: the game is over" grep -qx "< error the game is over ('new' starts the next)" "$tmp/a1"

# Black comes back: the offer is on the table; Black agrees, while White is away: the game
# begins, its clocks stopped until White is back, and then White's runs, Black's untouched
raw "$tmp/b2" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send new\n
answer
hold 2
@wait $tmp/a2 ok expect sync
send ping\n
expect pong
send quit\n
closed
EOF
wait_text "$tmp/b2" "ok answer" 20 >/dev/null
tap_ok "a player coming back hears the offer on the table" grep -qx "< offer new White" "$tmp/b2"
tap_ok "every player agrees: the next game begins" grep -q "^< info a new game begins" "$tmp/b2"
tap_ok "... its clocks wait for the player who is away, everybody is told" \
    grep -qx "< info the clocks start once White is here" "$tmp/b2"
tap_ok "... and they do not run" grep -qx "< clock 180000 180000 -" "$tmp/b2"
white_back "$tmp/a2" "$tmp/b2"
last=$(grep '^< clock ' "$tmp/b2" | tail -n 1)
tap_ok "White back: the clocks start, White's running and Black's whole ($last)" \
    sh -c "echo '$last' | grep -qx '< clock 1[78][0-9]* 180000 White'"

# both here: White offers, Black says no; nothing begins
raw "$tmp/b3" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
send resign\n
answer
@wait $tmp/a3 ok expect sync
expect info White offers to begin the next game ('new' agrees, 'no' refuses)
send no\n
answer
send quit\n
closed
EOF
raw "$tmp/a3" <<EOF
@wait $tmp/b3 ok answer
expect cellmate-room
send hello 1 alice White\n
expect sync
send new\n
answer
expect info Black says no
send quit\n
closed
EOF
wait_text "$tmp/a3" "ok closed" 20 >/dev/null
tap_ok "the others hear the offer and how to answer it" \
    grep -qx "< info White offers to begin the next game ('new' agrees, 'no' refuses)" "$tmp/b3"
tap_ok "'no' refuses it, and everybody hears" grep -qx "< refused new Black" "$tmp/a3"
tap_ok "... and no new game begins" sh -c "! grep -q 'a new game begins' '$tmp/a3' '$tmp/b3'"

# the server stops while a new game's clocks wait for White, and starts again from the
# record: they go on waiting (no move of the game was timed), and start when White is back
raw "$tmp/a4" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send new\n
answer
send quit\n
closed
EOF
raw "$tmp/b4" <<EOF
@wait $tmp/a4 ok closed
expect cellmate-room
send hello 1 bob Black\n
expect sync
send new\n
answer
send quit\n
closed
EOF
wait_text "$tmp/b4" "ok closed" 20 >/dev/null
tap_ok "Black agrees while White is away: the next game waits for White" \
    grep -qx "< info the clocks start once White is here" "$tmp/b4"
end_pid "$(room_server nx)"
mv "$tmp/nx.err" "$tmp/nx-before.err"
tap_ok "the room's server starts again from its record" room_serve "$ROOMS" nx glinski --clock 3
raw "$tmp/b5" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
hold 2
@wait $tmp/a5 ok expect sync
send ping\n
expect pong
send quit\n
closed
EOF
white_back "$tmp/a5" "$tmp/b5"
first=$(grep '^< clock ' "$tmp/b5" | head -n 1)
tap_ok "after the restart the clocks still wait for White ($first)" \
    sh -c "echo '$first' | grep -qx '< clock 180000 180000 -'"
tap_ok "... and Black, back, hears for whom" grep -qx "< info the clocks start once White is here" "$tmp/b5"
last=$(grep '^< clock ' "$tmp/b5" | tail -n 1)
tap_ok "... and start once White is back, White's running ($last)" \
    sh -c "echo '$last' | grep -qx '< clock 1[78][0-9]* 180000 White'"

# a player gone for good does not hold up the next game: Black resigns and leaves; White's
# 'new' is told that Black is away, and once Black has been away 30 s the game begins without
# Black's word; with Black still away, White's next 'new' begins the one after at once
room_serve "$ROOMS" ny glinski
feed_ny() { # feed_ny OUT: as raw, in room ny
    cat >"$1.steps"
    feed <"$1.steps" | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/ny.sock" >"$1" 2>&1 &
    room_keep $!
}
feed_ny "$tmp/a6" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
@wait $tmp/b6 ok closed
send new\n
answer
hold 36
send resign\n
answer
send new\n
answer
send quit\n
closed
EOF
feed_ny "$tmp/b6" <<EOF
expect cellmate-room
send hello 1 bob Black\n
expect sync
@wait $tmp/a6 ok expect sync
send resign\n
answer
send quit\n
closed
EOF
wait_text "$tmp/a6" "ok closed" 90 >/dev/null
tap_ok "'new' with a player away says until when they have a say" \
    grep -qx "< info Black is away: the next game begins without their word once they have been away for 30 seconds" "$tmp/a6"
tap_eq "... the game begins once they have been away that long, and White's next 'new' begins the one after at once" \
    2 "$(grep -c '^< info a new game begins' "$tmp/a6")"
tap_ok "... and the finished games are kept" test -f "$ROOMS/ny.2.pgn"

# a server killed after it kept a finished game (ny.2.pgn) and before the next game replaced the
# record left that game in both places: the next server notices, and the kept copy goes (the
# record keeps the game, and the next 'new' keeps it again), not a second copy later
end_pid "$(room_server ny)"
cp "$ROOMS/ny.2.pgn" "$ROOMS/ny.pgn"
mv "$tmp/ny.err" "$tmp/ny-before.err"
tap_ok "a server starts again from a record a crash left kept twice" room_serve "$ROOMS" ny glinski
tap_ok "... and the kept copy is gone, the older finished game kept" \
    sh -c "! test -e '$ROOMS/ny.2.pgn' && test -e '$ROOMS/ny.1.pgn'"
tap_ok "... the record holding the game" grep -q 'Result "0-1"' "$ROOMS/ny.pgn"
tap_ok "... and its log says so" \
    grep -q "ny.2.pgn was its record still (a server stopped as it began the next game): removed" "$tmp/ny.err"

room_check_logs
tap_done
