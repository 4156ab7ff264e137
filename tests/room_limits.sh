#!/bin/sh
# room_limits.sh — what a room keeps and whom it drops when clients push its limits: chat
# past the record's budget is relayed but not kept, and the game's moves are saved after it;
# a record longer than a client's output limit can still be joined (the state a client asked
# for is not a backlog); --rooms shows a record's control characters safely; a client that
# waits for each answer is never a flood, one that writes without reading is; strangers
# holding every connection cannot keep a player from their seat, nor can a flood of new
# connections (from one process, or one a process) while the player comes back. Every server
# and client is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

x190=$(printf '%0190d' 0 | tr 0 x)

# --- chat past the record's budget (64 KB a game) is relayed, not kept; moves still are -------
# (a record with 330 chat lines of 195 bytes, 63 KB: a user may say no more than 30 lines at
# once, so the room's own chat would take minutes to get there)
{
    printf '[Variant "glinski"]\n[Event "cellmate room chat"]\n[White "?"]\n[Black "?"]\n'
    printf '[Result "*"]\n[RoomUsers "- -"]\n\n'
    awk -v x="$x190" 'BEGIN { for (i = 0; i < 330; i++) printf "{w%03d: %s}\n", i, x; print "*" }'
} >"$ROOMS/chat.pgn"
room_serve "$ROOMS" chat glinski
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/chat.sock" >"$tmp/chat1" 2>&1 <<EOF
expect cellmate-room
send hello 1 w1 watch\n
expect sync
repeat 20 say $x190\n
send ping\n
expect pong
EOF
tap_eq "chat: every line is relayed live, kept or not (20 of 20)" 20 \
    "$(grep -c "^< say w1 x" "$tmp/chat1")"
tap_ok "chat: the room is told once the record keeps no more" \
    grep -q '^< info the record keeps no more chat of this game' "$tmp/chat1"
size=$(wc -c <"$ROOMS/chat.pgn")
tap_ok "chat: the record keeps at most 64 KB of it, braces and tags aside ($size bytes)" \
    test "$size" -le $((68 * 1024))
tap_ok "chat: the record says its chat is full" \
    grep -qF "{(the record keeps no more chat of this game)}" "$ROOMS/chat.pgn"
player "$tmp/cw" --room chat --name alice --seat White <<EOF
Qc3
quit
EOF
cw=$last_pid
player "$tmp/cb" --room chat --name bob --seat Black <<EOF
Qc6
quit
EOF
cb=$last_pid
finish "$cb"
tap_eq "chat: a player joins the chatty room and moves (status 0)" 0 "$?"
finish "$cw"
tap_ok "chat: the moves made after it are in the record" \
    sh -c "tr '\n' ' ' <'$ROOMS/chat.pgn' | grep -q '1\\. Qc3 .*Qc6'"

# --- ... and a client's copy of the game keeps its chat as the record does: the copy is what
# the player saves, and must not grow with every line said for as long as the room is open ---
{
    printf '[Variant "glinski"]\n[Event "cellmate room chatcopy"]\n[White "?"]\n[Black "?"]\n'
    printf '[Result "*"]\n[RoomUsers "- -"]\n\n'
    awk -v x="$x190" 'BEGIN { for (i = 0; i < 330; i++) printf "{w%03d: %s}\n", i, x; print "*" }'
} >"$ROOMS/chatcopy.pgn"
room_serve "$ROOMS" chatcopy glinski
player "$tmp/copy" --room chatcopy --name copier --seat watch <<EOF
@wait $tmp/copy-said ok expect pong
pgn
quit
EOF
copier=$last_pid
wait_text "$tmp/copy" "you watch room chatcopy" >/dev/null
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/chatcopy.sock" >"$tmp/copy-said" 2>&1 <<EOF
expect cellmate-room
send hello 1 w2 watch\n
expect sync
repeat 25 say $x190\n
send ping\n
expect pong
EOF
finish "$copier"
tap_eq "chat: the watcher heard all 25 lines" 25 "$(grep -c "^w2: x" "$tmp/copy")"
tap_eq "chat: its copy of the game keeps as many of them as the record (no more)" \
    "$(grep -c '{w2:' "$ROOMS/chatcopy.pgn")" "$(grep -c '{w2:' "$tmp/copy")"
tap_ok "chat: its copy says its chat is full, as the record does" \
    sh -c "tr '\n' ' ' <'$tmp/copy' | grep -qF '{(the record keeps no more chat of this game)}'"

# --- a record longer than the output limit (1 MB) can be joined: the state is not a backlog ---
{
    printf '[Variant "glinski"]\n[Event "cellmate room big"]\n[White "?"]\n[Black "?"]\n'
    printf '[Result "*"]\n[RoomUsers "- -"]\n\n'
    awk -v x="$x190" 'BEGIN { for (i = 0; i < 6000; i++) print "{w" i ": " x "}"; print "*" }'
} >"$ROOMS/big.pgn"
printf 'show\nquit\n' | timeout 60 "$CELLMATE" --batch --room big --seat watch --name carol >"$tmp/big" 2>"$tmp/big.err"
tap_eq "big: a watcher joins a room whose state is 1.2 MB (status 0)" 0 "$?"
tap_ok "big: ... and sees the game" grep -q "^game in progress, White to move" "$tmp/big"

# --- --rooms shows a record's control characters, never sends them ------------------------------
printf '[Variant "glinski"]\n[White "\033]0;pwn\007alice"]\n[Black "\342\200\256bob"]\n' \
    >"$ROOMS/evil.pgn"
printf '[Result "*"]\n[RoomUsers "- -"]\n\n*\n' >>"$ROOMS/evil.pgn"
"$CELLMATE" --rooms --room-dir "$ROOMS" >"$tmp/rooms" 2>&1
tap_ok "rooms: the record's escape is shown as ^[" grep -qF '^[]0;pwn^Galice' "$tmp/rooms"
tap_ok "rooms: no control byte reaches the terminal" sh -c "! tr -d '\n\t' <'$tmp/rooms' | LC_ALL=C grep -q '[[:cntrl:]]'"
tap_ok "rooms: the bidirectional override is shown as \\u202e" grep -qF '\u202ebob' "$tmp/rooms"

# --- the flood limit: a client that waits for each answer is never a flood, however long it
# goes on (a script playing a game line by line); one that writes faster than it reads is -----
lines() { # lines N TEXT: TEXT N times, each with its number after it
    i=0
    while [ $i -lt "$1" ]; do
        i=$((i + 1))
        printf '%s %d\n' "$2" "$i"
    done
}
# chat is heard by everyone, so the room charges it even from a client that waits, and counts
# it for each user: the script's client paces its chat inside both limits instead (45 lines:
# past the user's burst of 30)
{
    lines 45 "say line"
    echo quit
} >"$tmp/steady.in"
timeout 120 "$CELLMATE" --batch --room steady glinski --name alice --seat White \
    <"$tmp/steady.in" >"$tmp/steady" 2>"$tmp/steady.err"
tap_eq "steady: a script of 45 chat lines, each sent once the last was answered, ends well (status 0)" \
    0 "$?"
tap_eq "steady: ... and every line reached the room" 45 "$(grep -c '^alice: line ' "$tmp/steady")"
{
    printf '%s\n' 'expect cellmate-room' 'send hello 1 chatter watch\n' 'expect welcome' \
        'send ping\n' 'expect pong' # the room's state (alice's chat above) read first
    lines 150 "send say hi" | sed 's/ [0-9]*$/\\n\nanswer/' # (past 30, chat is refused)
} >"$tmp/chatter.in"
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/steady.sock" <"$tmp/chatter.in" >"$tmp/chatter" 2>&1
tap_ok "chat: a raw client chatting as fast as the room answers is cut off all the same" \
    grep -q '^< bye too many lines at once' "$tmp/chatter"
{
    printf '%s\n' 'expect cellmate-room' 'send hello 1 pinger watch\n' 'expect welcome'
    lines 500 "send ping" | sed 's/ [0-9]*$/\\n\nexpect pong/'
    printf '%s\n' 'send sync\n' 'expect ok'
} >"$tmp/pinger.in"
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/steady.sock" <"$tmp/pinger.in" >"$tmp/pinger" 2>&1
tap_ok "steady: a raw client sending 500 pings, each once the last pong came, stays" \
    sh -c "! grep -q -e '^FAILED' -e '^< bye' '$tmp/pinger'"
tap_eq "steady: ... and has every pong" 500 "$(grep -c '^< pong' "$tmp/pinger")"
# a whole state is the room's dearest answer: a client asking for it again and again, each
# time reading all it was sent (so never a flood), is sent one every 500 ms at most, and the
# syncs asked for meanwhile are answered together, with the state as it is then
{
    printf '%s\n' 'expect cellmate-room' 'send hello 1 syncer watch\n' 'expect sync '
    printf 'repeat 10 sync\\n\n'
    lines 10 answer | sed 's/ [0-9]*$//'
} >"$tmp/syncer.in"
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/steady.sock" <"$tmp/syncer.in" >"$tmp/syncer" 2>&1
tap_eq "sync: ten syncs asked for at once get their ten answers" 10 "$(grep -c '^< ok$' "$tmp/syncer")"
tap_eq "sync: ... and one whole state between them, not ten (besides the welcome's)" 2 \
    "$(grep -c '^< sync ' "$tmp/syncer")"
perl "$TESTS_DIR/room_raw.pl" "$ROOMS/steady.sock" >"$tmp/trickle" 2>&1 <<'EOF'
expect cellmate-room
trickle 300 0.005 ping\n
expect bye too many lines at once
closed
EOF
tap_ok "flood: a client writing lines one by one, reading none, is still cut off" \
    sh -c "! grep -q '^FAILED' '$tmp/trickle'"
tap_ok "flood: ... long before its 300th line" test "$(grep -c '^< pong' "$tmp/trickle")" -lt 200

# --- strangers holding every connection (watching, or saying nothing) cannot keep a player
# from their own seat: the room keeps a connection for each seat's player coming back, and the
# one that has waited longest without a hello makes room when even those are taken ---------
room_serve "$ROOMS" crowd glinski
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room crowd --name alice --seat White \
    >"$tmp/crowd0" 2>&1
# stranger N STEP...: a raw client in the background that takes those steps, then stays
stranger() {
    n=$1
    shift
    printf '%s\n' 'expect cellmate-room' "$@" 'hold 120' |
        perl "$TESTS_DIR/room_raw.pl" "$ROOMS/crowd.sock" >"$tmp/crowd.$n" 2>&1 &
    room_keep $!
}
settled() { # settled STEP N...: each stranger has taken its steps up to STEP
    step=$1
    shift
    for n in "$@"; do
        i=0
        while [ $i -lt 300 ] && ! grep -qx "ok $step" "$tmp/crowd.$n" 2>/dev/null; do
            sleep 0.1
            i=$((i + 1))
        done
    done
}
for n in $(seq 1 64); do stranger "$n" "send hello 1 w$n watch\n" 'expect welcome'; done
settled "expect welcome" $(seq 1 64)
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room crowd --name alice --seat White \
    >"$tmp/crowd1" 2>&1
tap_ok "crowd: 64 strangers watching, the room's player still takes their seat back" \
    grep -q "^you play White in room crowd" "$tmp/crowd1"
printf '%s\n' 'expect cellmate-room' 'send hello 1 eve watch\n' 'closed' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/crowd.sock" >"$tmp/crowd.eve" 2>&1
tap_ok "crowd: ... a 65th stranger is turned away" grep -qx "< bye the room is full" "$tmp/crowd.eve"
for n in 65 66 67; do stranger "$n"; done
settled "expect cellmate-room" 65 66 67
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room crowd --name alice --seat White \
    >"$tmp/crowd2" 2>&1
tap_ok "crowd: every connection taken, the player still takes their seat back" \
    grep -q "^you play White in room crowd" "$tmp/crowd2"
# (the stranger writes down its bye in its own time: waited for, then counted)
byes() { cat "$tmp/crowd.65" "$tmp/crowd.66" "$tmp/crowd.67" | grep -cx "< bye the room is full"; }
some_bye() { [ "$(byes)" -ge 1 ]; }
wait_until some_bye
tap_eq "crowd: ... one of those without a hello made room for them" 1 "$(byes)"
tap_ok "crowd: ... and the watchers stay" sh -c "! grep -q '^< bye' '$tmp/crowd.1'"

# --- connections that never say hello, more than anyone may hold, cannot keep a newcomer from
# an empty seat: they make way for one that says hello (a stranger's relays, an ssh session
# each sending a line's first bytes, held every place anyone may take, renewed as each was
# closed for its silence, and a player's opponent was told the room was full) -----------------
room_serve "$ROOMS" squat glinski
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room squat --name alice --seat White \
    >"$tmp/squat0" 2>&1
printf '%s\n' 'expect cellmate-room' 'forkflood 64 0.005' 'hold 60' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/squat.sock" >"$tmp/squatter" 2>&1 &
squatter=$!
room_keep $squatter
wait_text "$tmp/squatter" "ok forkflood 64" 30 >/dev/null
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room squat --name bob --seat Black \
    >"$tmp/squat1" 2>&1
tap_ok "squat: 65 connections without a hello, a newcomer still takes the empty seat" \
    grep -q "^you play Black in room squat" "$tmp/squat1"
end_pid "$squatter"

# --- a flood of connections from one process, going on while a player comes back and takes
# seconds to say hello (over ssh the hello crosses the network after the relay connects): the
# flood's own connections make way, never the player's -----------------------------------------
room_serve "$ROOMS" flood glinski
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$ROOMS" --room flood --name alice --seat White \
    >"$tmp/flood0" 2>&1
printf '%s\n' 'flood 2000 0.002' 'hold 30' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/flood.sock" >"$tmp/flooder" 2>&1 &
flooder=$!
room_keep $flooder
wait_text "$tmp/flooder" "opened 100" 30 >/dev/null # every connection is taken by now
printf '%s\n' 'expect cellmate-room' 'hold 2' 'send hello 1 alice White\n' 'expect welcome' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/flood.sock" >"$tmp/flood1" 2>&1
tap_ok "flood: a returning player slow to say hello still takes their seat back" \
    grep -qx "< welcome White alice" "$tmp/flood1"
tap_ok "flood: ... the flood was still going on when they did" \
    sh -c "! grep -qx 'opened 2000' '$tmp/flooder'"
end_pid "$flooder"
# the same flood from a process a connection (strangers' relays, one an ssh session each),
# and the player coming back through a relay, whose hello comes seconds after it starts:
# the relay connects with the hello, which the room reads before the flood's next connection
printf '%s\n' 'forkflood 1500 0.005' 'hold 30' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/flood.sock" >"$tmp/forkflood" 2>&1 &
flooder=$!
room_keep $flooder
wait_text "$tmp/forkflood" "opened 100" 30 >/dev/null
{
    sleep 2
    printf 'hello 1 alice White\n'
    sleep 1
    printf 'quit\n'
} | "$CELLMATE" --room-dir "$ROOMS" --relay flood >"$tmp/flood2" 2>&1
tap_ok "flood from many processes: a player coming back through a relay takes their seat back" \
    grep -qx "welcome White alice" "$tmp/flood2"
tap_ok "flood from many processes: ... the flood was still going on when they did" \
    sh -c "! grep -qx 'opened 1500' '$tmp/forkflood'"
end_pid "$flooder"

# --- a client told bye that never reads it is closed all the same (10 s): else it would hold
# its connection, and keep the room open, for as long as it liked; and a watcher's name is
# free once it is told bye, so one name could fill every connection with them ---------------
# (a record with 63 KB of chat, so that a few syncs fill the socket's buffer)
{
    printf '[Variant "glinski"]\n[Event "cellmate room linger"]\n[White "?"]\n[Black "?"]\n'
    printf '[Result "*"]\n[RoomUsers "- -"]\n\n'
    awk -v x="$x190" 'BEGIN { for (i = 0; i < 330; i++) printf "{w%03d: %s}\n", i, x; print "*" }'
} >"$ROOMS/linger.pgn"
room_serve "$ROOMS" linger glinski
# it takes the state once, asks for it 8 times more (0.6 s apart, each a whole state) reading nothing (more than the socket
# holds), then sends bad lines until it is told bye, and reads nothing more; 13 s later a
# line sent fails (EPIPE) once the room has closed the connection, and goes in while it is
# still open; meanwhile a second connection under its name is refused
perl -e '
    use IO::Socket::UNIX; use Socket qw(SOCK_STREAM); $SIG{PIPE} = "IGNORE";
    my $s = IO::Socket::UNIX->new(Peer => $ARGV[0], Type => SOCK_STREAM) or die "connect: $!\n";
    $s->autoflush(1);
    print $s "hello 1 lurker watch\n";
    my $buf = "";
    while ($buf !~ /^sync /m) { sysread($s, $buf, 65536, length $buf) or die "no state\n" }
    for (1 .. 8) { print $s "sync\n"; select(undef, undef, undef, 0.6) } # (one a 500 ms)
    sleep 1;
    print $s "bogus\n" for 1 .. 12;
    sleep 1;
    my $t = IO::Socket::UNIX->new(Peer => $ARGV[0], Type => SOCK_STREAM) or die "connect: $!\n";
    $t->autoflush(1);
    print $t "hello 1 lurker watch\n";
    $buf = "";
    while ($buf !~ /^(welcome|error) /m) { sysread($t, $buf, 65536, length $buf) or last }
    print $buf =~ /^error the name lurker is in use/m ? "refused" : "welcome", "\n";
    close $t;
    sleep 12;
    print((syswrite($s, "ping\n") ? "open" : "closed"), "\n");
' "$ROOMS/linger.sock" >"$tmp/linger" 2>&1
tap_eq "a watcher told bye keeps its name until it is gone: no second one under it" refused \
    "$(sed -n 1p "$tmp/linger")"
tap_eq "a client told bye that reads nothing is closed within 10 s" closed "$(sed -n 2p "$tmp/linger")"

room_check_logs
tap_done
