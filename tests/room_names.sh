#!/bin/sh
# room_names.sh — a name in a room is one person's: a watcher's name cannot be taken by
# another connection (of its user or of another Unix user), nor a seated player's by a watcher
# of the same user; the player's own screen still takes its seat back. A --name the room
# cannot take (too long, the computer's, beginning with '-', with an escape) is refused
# before joining with its real reason, shown safely. Raw clients (room_raw.pl) hold the
# names; every server and client is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

room_serve "$ROOMS" names glinski
room_raw_hold "$ROOMS/names.sock" "$tmp/alice" alice White
room_raw_hold "$ROOMS/names.sock" "$tmp/carol" carol watch

# --- a watcher's name is its own -----------------------------------------------------------------
printf 'say I am carol\nquit\n' |
    "$CELLMATE" --batch --room names --name carol --seat watch >"$tmp/w2" 2>"$tmp/w2.err"
tap_eq "a second watcher under a watcher's name is refused (status 2)" 2 "$?"
tap_ok "... saying the name is in use" grep -q "the name carol is in use in this room (carol watches)" "$tmp/w2.err"
tap_ok "... and its chat never reached the room" sh -c "! grep -q 'say carol I am carol' '$tmp/carol'"
printf 'quit\n' | "$CELLMATE" --batch --room names --name CAROL --seat watch >"$tmp/w3" 2>"$tmp/w3.err"
tap_ok "... in any case" grep -q "the name CAROL is in use in this room (carol watches)" "$tmp/w3.err"
printf 'quit\n' | "$CELLMATE" --batch --room names --name carol --seat Black >"$tmp/w4" 2>"$tmp/w4.err"
tap_ok "a player cannot sit down under a watcher's name" grep -q "the name carol is in use" "$tmp/w4.err"

# --- a seated player's name is not a watcher's ------------------------------------------------------
printf 'say I am alice\nquit\n' |
    "$CELLMATE" --batch --room names --name alice --seat watch >"$tmp/w5" 2>"$tmp/w5.err"
tap_eq "watching under a seated player's name is refused (status 2)" 2 "$?"
tap_ok "... saying who plays under it" grep -q "alice plays White in this room; to watch, join with another --name" "$tmp/w5.err"
tap_ok "... and its chat never reached the room" sh -c "! grep -q 'say alice I am alice' '$tmp/carol'"

# --- the player's own seat is still taken back from elsewhere ----------------------------------------
printf 'say back\nquit\n' | "$CELLMATE" --batch --room names --name alice >"$tmp/p2" 2>"$tmp/p2.err"
tap_ok "the seated player joining again takes the seat back" grep -q "you play White in room names" "$tmp/p2"
tap_ok "... the older connection being told" grep -q "you joined this room again from elsewhere" "$tmp/alice"
printf 'quit\n' | "$CELLMATE" --batch --room names --name dave --seat watch >"$tmp/w6" 2>"$tmp/w6.err"
tap_ok "a free name still watches" grep -q "you watch room names" "$tmp/w6"

# --- another Unix user (as root: nobody, via setpriv, in a group's room directory) ----------------
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && nob=$(id -u nobody 2>/dev/null) &&
    ngid=$(id -g nobody 2>/dev/null); then
    chmod 711 "$tmp"
    gdir="$tmp/group"
    mkdir -m 2770 "$gdir"
    chgrp "$ngid" "$gdir"
    room_dirs="$room_dirs $gdir"
    room_serve "$gdir" grp glinski
    room_raw_hold "$gdir/grp.sock" "$tmp/gcarol" carol watch
    printf 'say I am carol\nquit\n' | setpriv --reuid="$nob" --regid="$ngid" --clear-groups \
        env HOME=/nonexistent "$CELLMATE" --batch --room-dir "$gdir" --room grp --name carol \
        --seat watch >"$tmp/g1" 2>"$tmp/g1.err"
    tap_eq "another Unix user under a watcher's name: status 2" 2 "$?"
    tap_ok "... refused: the name is in use" grep -q "the name carol is in use in this room" "$tmp/g1.err"
    tap_ok "... and its chat never reached the room" sh -c "! grep -q 'say carol I am carol' '$tmp/gcarol'"
fi

# --- a --name the room cannot take is refused before joining, with the real reason -------------
# refused NAME WHY TEST: --name NAME ends with status 2 saying WHY, and makes no room
nrefused=0
refused() {
    nrefused=$((nrefused + 1))
    printf 'quit\n' | "$CELLMATE" --batch --room "nameless$nrefused" glinski --name "$1" \
        >"$tmp/n.out" 2>"$tmp/n.err"
    tap_eq "$3: status 2" 2 "$?"
    tap_ok "$3: ... saying why" grep -qF -- "$2" "$tmp/n.err"
    tap_ok "$3: ... without joining (no room made)" test ! -e "$ROOMS/nameless$nrefused.pgn"
}
refused abcdefghijklmnopqrstuvwxyz0123456 \
    "'abcdefghijklmnopqrstuvwxyz0123456' cannot be a player's name: a player's name is at most 32 characters (this one has 33)" \
    "a name of 33 characters, never cut to 32"
refused cellmate "'cellmate' cannot be a player's name: cellmate is the computer's name in a room's records" \
    "the computer's name"
refused -bob "'-bob' cannot be a player's name: a player's name begins with a letter, a digit or '_'" \
    "a name beginning with '-'"
refused "$(printf 'x\033[2Jy')" "'x^[[2Jy' cannot be a player's name: a player's name has only letters, digits, '.', '_' and '-'" \
    "a name with an escape"
tap_ok "... the escape shown, never sent" sh -c "! LC_ALL=C grep -q \"\$(printf '\033')\" '$tmp/n.err'"
printf 'quit\n' | "$CELLMATE" --batch --room nameless glinski --name abcdefghijklmnopqrstuvwxyz012345 \
    >"$tmp/n.out" 2>"$tmp/n.err"
tap_ok "a name of 32 characters joins" grep -q "you play White in room nameless" "$tmp/n.out"

room_check_logs
tap_done
