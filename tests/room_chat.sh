#!/bin/sh
# room_chat.sh — chat is counted for each Unix user and each name, by the room, however they
# connect: ten connections one after the other, each saying a burst of chat, get one burst
# and the rate through, and are told why the rest is refused; the allowance comes back with
# time; a name's allowance holds for another Unix user under it (as root: nobody, via
# setpriv, in a group's room directory). Raw clients (room_raw.pl) chat; every server and
# client is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

now() { date +%s.%N; }

# chatter SOCKET NAME N OUT: a connection that says N lines at once, then leaves
chatter() {
    printf '%s\n' 'expect cellmate-room' "send hello 1 $2 watch\\n" 'expect sync' \
        "repeat $3 say $2 was here\\n" 'send ping\n' 'expect pong' 'send quit\n' 'closed' |
        perl "$TESTS_DIR/room_raw.pl" "$1" >"$4" 2>&1
}

# --- ten connections in a row get one allowance between them -----------------------------------
room_serve "$ROOMS" talk glinski
room_raw_hold "$ROOMS/talk.sock" "$tmp/ear" ear watch # a watcher that hears the chat
start=$(now)
for n in 1 2 3 4 5 6 7 8 9 10; do chatter "$ROOMS/talk.sock" "loud$n" 50 "$tmp/loud$n"; done
elapsed=$(awk -v a="$start" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }')
sleep 0.5 # (the ear has heard everything)
said=$(grep -c '^< say loud' "$tmp/ear")
allowed=$(awk -v e="$elapsed" 'BEGIN { printf "%d", 30 + 2 * e + 2 }')
tap_ok "ten connections of one user saying 50 lines each: $said of 500 said in $elapsed s (at most $allowed)" \
    test "$said" -le "$allowed"
tap_ok "... the first connection says its burst" test "$(grep -c '^< ok' "$tmp/loud1")" -ge 30
tap_ok "... and the later ones are told why the rest is refused" \
    grep -q "^< error too much chat from you: 30 lines at once, then 2 a second, however you connect; wait [0-9.]* s" "$tmp/loud10"
tap_ok "... without being cut off (each stays to its pong)" grep -q "^ok expect pong" "$tmp/loud10"
sleep 2
chatter "$ROOMS/talk.sock" later 1 "$tmp/later"
tap_ok "the allowance comes back with time" grep -q "^< say later later was here" "$tmp/later"

# --- a name's allowance holds for another Unix user under it ------------------------------------
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && nob=$(id -u nobody 2>/dev/null) &&
    ngid=$(id -g nobody 2>/dev/null); then
    chmod 711 "$tmp"
    gdir="$tmp/group"
    mkdir -m 2770 "$gdir"
    chgrp "$ngid" "$gdir"
    room_dirs="$room_dirs $gdir"
    room_serve "$gdir" grp glinski
    chatter "$gdir/grp.sock" zed 30 "$tmp/zed1"
    printf '%s\n' 'expect cellmate-room' 'send hello 1 zed watch\n' 'expect sync' \
        'repeat 20 say zed again\n' 'send ping\n' 'expect pong' |
        setpriv --reuid="$nob" --regid="$ngid" --clear-groups perl "$TESTS_DIR/room_raw.pl" \
            "$gdir/grp.sock" >"$tmp/zed2" 2>&1
    tap_ok "another Unix user under a name that has said its burst is refused too" \
        grep -q "^< error too much chat from you" "$tmp/zed2"
fi

room_check_logs
tap_done
