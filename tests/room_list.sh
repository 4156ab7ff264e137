#!/bin/sh
# room_list.sh — cellmate --rooms: rooms sorted as a person reads their names (numbers by
# value: spam2 before spam10), and only rooms: another game saved in the room directory (a
# shared one such as /tmp holds anything), a room's finished game and a FIFO named like a
# record are left out, while a room whose server runs and one whose server left are listed.
# Every server is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

# record NAME: a room's record as a room's server leaves it (its seats empty), for a room
# whose server is not running
record() {
    printf '[Variant "glinski"]\n[Event "cellmate room %s"]\n[White "?"]\n[Black "?"]\n' "$1"
    printf '[Result "*"]\n[RoomUsers "- -"]\n\n*\n'
}

# rooms: the room names --rooms lists, in its order, on one line
rooms() {
    "$CELLMATE" --rooms --room-dir "$ROOMS" >"$tmp/rooms" 2>&1
    sed -n 's/^\([^:]*\): .*/\1/p' "$tmp/rooms" | tr '\n' ' ' | sed 's/ $//'
}

# --- numbers in names by value ------------------------------------------------------------------
for r in spam10 spam2 spam1 spam02 ham9 ham10x 3b 20a; do record "$r" >"$ROOMS/$r.pgn"; done
tap_eq "--rooms sorts numbers in names by value" "3b 20a ham9 ham10x spam1 spam02 spam2 spam10" \
    "$(rooms)"
rm -f "$ROOMS"/*.pgn

# --- only rooms ---------------------------------------------------------------------------------
# a game saved here by a local game, and one with a record's RoomUsers only further down
printf 'f6\nsave %s\n' "$ROOMS/stray.pgn" | "$CELLMATE" --batch --variant glinski >"$tmp/save" 2>&1
tap_ok "(a local game saved a game in the room directory)" test -s "$ROOMS/stray.pgn"
printf '[Variant "glinski"]\n\n1. f6 {[RoomUsers "- -"]} *\n' >"$ROOMS/notes.pgn"
mkfifo "$ROOMS/pipe.pgn"
"$CELLMATE" --rooms --room-dir "$ROOMS" >"$tmp/rooms" 2>&1
tap_eq "a directory of other games and a FIFO holds no rooms" "no rooms in $ROOMS" \
    "$(cat "$tmp/rooms")"
room_serve "$ROOMS" live glinski
wait_until test -f "$ROOMS/live.pgn" # (--rooms finds a room by its record, written just after)
record gone >"$ROOMS/gone.pgn"
record gone >"$ROOMS/gone.1.pgn" # (a finished game of the room, kept)
tap_eq "--rooms lists the rooms among them, and only those" "gone live" "$(rooms)"
tap_ok "... the running room asked" grep -q "^live: glinski, move 1, White to move; .* 0 watching" "$tmp/rooms"
tap_ok "... the other read from its record" \
    grep -q "^gone: .*not running (the next join starts it)" "$tmp/rooms"
p=$(room_server live) && end_pid "$p"
tap_ok "a room whose server left is known by the record it wrote" \
    sh -c "'$CELLMATE' --rooms --room-dir '$ROOMS' | grep -q '^live: .*not running'"

# --- a seat the new room's variant has not: refused before the room is made ------------------
echo | "$CELLMATE" --batch --room purple --seat purple glinski >"$tmp/purple" 2>&1
tap_eq "a new room's seat that is no side: status 2" 2 "$?"
tap_ok "... saying so" grep -qx "cellmate: no side 'purple' in this game (White, Black, any or watch)" \
    "$tmp/purple"
rooms >/dev/null
tap_ok "... and the room is not made: nothing runs, nothing is listed" \
    sh -c "! test -e '$ROOMS/purple.pgn' && ! test -e '$ROOMS/purple.sock' && ! grep -q '^purple:' '$tmp/rooms'"
# the same through a relay (the seat read from the hello it carries)
printf 'hello 1 ann purple\n' | "$CELLMATE" --relay purple2 glinski >"$tmp/purple2" 2>&1
tap_ok "through a relay: the hello's seat that is no side makes no room" \
    sh -c "grep -qx \"bye no side 'purple' in this game (White, Black, any or watch)\" '$tmp/purple2' && ! test -e '$ROOMS/purple2.pgn'"
# a side's name in any case is a side
echo | "$CELLMATE" --batch --room black --seat black glinski >"$tmp/black" 2>&1
tap_ok "a side's name in another case makes the room" grep -q "you play Black in room black" "$tmp/black"

room_check_logs
tap_done
