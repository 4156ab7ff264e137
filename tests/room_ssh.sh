#!/bin/sh
# room_ssh.sh — a room over real SSH: a private sshd on 127.0.0.1 (tests/sshd.sh, its own host
# and user keys), whose sessions find this build's cellmate first on their PATH. A player
# joins with --room 127.0.0.1:NAME, the ssh options through CELLMATE_SSH, on a screen in tmux,
# and plays a Glinski game to mate against a scripted client on this host; a watcher joins
# with the ssh://host:port/NAME form; the ssh player's screen, killed mid-game, comes back
# to its seat; --ssh names the command too; a key whose forced command is a restricted relay
# seats its player under the administrator's name, and a second key of the same login (another
# player) cannot take that player's seat. Every process is ended by its PID; the restricted
# players and their room are this run's own, removed at the end.
. "$TESTS_DIR/tap.sh"
. "$TESTS_DIR/sshd.sh"

sshd_require_openssh

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
. "$TESTS_DIR/room_lib.sh"
export CELLMATE_VARIANTS="$VARIANTS_DIR"
# The restricted players of the forced relay below, and their room: names of this run's own,
# as restricted mode keeps rooms in the directory every run shares (/tmp/cellmate-UID/rooms),
# where a player's rooms count toward the rooms a player may keep: an interrupted run's must
# not count against the next. Their files go when the test ends, however it ends.
zed=zed$$ yan=yan$$ rx=forced$$
rdir=/tmp/cellmate-$(id -u)/rooms
test_cleanup() {
    T kill-server 2>/dev/null
    p=$(room_server_in "$rdir" "$rx") && end_pid "$p"
    rm -f "$rdir/$rx".*
    room_cleanup
}

# The sessions' environment: this build's cellmate on the PATH, this test's room directory.
mkdir -p "$tmp/bin"
ln -s "$CELLMATE" "$tmp/bin/cellmate"
SSHD_CONFIG_EXTRA="SetEnv PATH=$tmp/bin:/usr/bin:/bin XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR CELLMATE_VARIANTS=$VARIANTS_DIR"
tap_ok "sshd starts on 127.0.0.1" sshd_start || exit 1
ssh_opts=${SSHD_SSH% -p *} # the options, without the port and the destination
tap_eq "an ssh session finds this cellmate" "$tmp/bin/cellmate" "$(sshd_ssh 'command -v cellmate' 2>&1)"

relays() { # the relays the ssh sessions run
    for p in $(sshd_descendants "$SSHD_PID"); do
        ps -o args= -p "$p" 2>/dev/null | grep -q -- "--relay" && echo "$p"
    done
}
no_relays() {
    i=0
    while [ $i -lt 50 ] && [ -n "$(relays)" ]; do
        sleep 0.1
        i=$((i + 1))
    done
    [ -z "$(relays)" ]
}

# a screen whose errors are kept (tmux's own stderr is not the program's); when a check on it
# fails, what it said, the sshd log's end and the processes are shown
start_kept() { # start_kept NAME ARGS...
    n=$1
    shift
    run_in "$n" "env TERM=xterm LANG=C.UTF-8 $CELLMATE $* 2>$tmp/$n.err"
}
explain() { # explain NAME: after a failed check
    sed "s/^/# $1 said: /" "$tmp/$1.err" 2>/dev/null
    sshd__show_log
    ps -eo pid,ppid,stat,etime,args | grep -E "cellmate|ssh" | grep -v grep | sed 's/^/# ps: /'
}

# --- a screen over ssh against a scripted client here ---------------------------------------------
player "$tmp/w" --room far glinski --name alice --seat White <<EOF
Qc3
@wait $tmp/w 1... Qc6
b2
@wait $tmp/w 2... b6
Bb1
@wait $tmp/w 3... e6
Qxf9
EOF
white=$last_pid
wait_text "$tmp/w" "you play White in room far" >/dev/null
export CELLMATE_SSH="$ssh_opts -p $SSHD_PORT"
start_kept b --room 127.0.0.1:far --name bob
tap_ok "the player over ssh sits as Black" wait_for b ">Black  bob      here"
tap_ok "the room here sees it sit down" wait_text "$tmp/w" "bob takes Black"
tap_ok "the ssh player's screen shows White's move" wait_for b "1. Qc3"
line b Qc6
tap_ok "its move reaches the player here" wait_text "$tmp/w" "1... Qc6"
wait_for b "2. b2" >/dev/null

# a watcher over ssh://host:port/NAME, scripted
CELLMATE_SSH=$ssh_opts player "$tmp/watch" --room "ssh://127.0.0.1:$SSHD_PORT/far" --name carol --seat watch </dev/null
watcher=$last_pid
tap_ok "a watcher joins by ssh://127.0.0.1:PORT/NAME" \
    wait_text "$tmp/watch" "you watch room far (glinski): move 2, Black to move"

# the ssh player's screen killed mid-game (its ssh and the relay go with the connection)
pane=$(T display-message -p -t b '#{pane_pid}')
kill -KILL "$pane"
tap_ok "the ssh player's connection lost: the others are told" wait_text "$tmp/w" "Black disconnected"
start_kept b2 --room 127.0.0.1:far --name bob
tap_ok "joining again over ssh takes the seat back" \
    wait_for b2 "you play Black in room far (glinski): move 2, Black to move" || explain b2
tap_ok "the others are told it is back" wait_text "$tmp/w" "Black is back" || explain b2
tap_ok "the ssh session runs cellmate --relay on the room's host" test -n "$(relays)"
line b2 b6
wait_for b2 "3. Bb1" >/dev/null
line b2 e6
tap_ok "the mate reaches the ssh player's screen" wait_for b2 "4. Qxf9#"
finish "$white"
tap_eq "the player here ends with status 0" 0 "$?"
finish "$watcher"
tap_eq "the ssh watcher stays to the end (status 0)" 0 "$?"
tap_ok "the ssh watcher saw the mate" grep -qx "result 1-0: White wins by checkmate" "$tmp/watch"
tap_ok "the room's record has the game" \
    record_has -x "1. Qc3 Qc6 2. b2 b6 3. Bb1 e6 4. Qxf9# 1-0" "$ROOMS/far.pgn"
line b2 quit
tap_ok "the ssh player's screen quits" gone b2
tap_ok "no relay is left behind (the killed screen's neither)" no_relays

# --- --ssh, and a room that is not there --------------------------------------------------------
"$CELLMATE" --batch --ssh "$ssh_opts -p $SSHD_PORT" --room 127.0.0.1:nosuch </dev/null >"$tmp/out" 2>&1
tap_eq "--ssh: a remote room that does not exist: status 2" 2 "$?"
tap_ok "... and the room's host says why" grep -q "there is no room nosuch here" "$tmp/out"
CELLMATE_SSH="$ssh_opts -p 1" "$CELLMATE" --batch --room 127.0.0.1:far </dev/null >"$tmp/out" 2>&1
tap_eq "ssh that cannot connect: status 2" 2 "$?"
tap_ok "... with a message" grep -q "^cellmate: " "$tmp/out"

# --- a forced command: the administrator's name for the key, whatever the client says -----------
# (restricted mode clears the environment: its rooms are in /tmp/cellmate-UID/rooms, where
# this room gets a name of its own and is removed at the end)
sshd_stop
SSHD_KEY_OPTIONS="command=\"$tmp/bin/cellmate --restricted --player $zed --save-dir $tmp/saves --relay\",no-pty"
tap_ok "an sshd whose key runs a forced relay starts" sshd_start
ssh_opts=${SSHD_SSH% -p *}
printf 'say hi\nquit\n' | CELLMATE_SSH="$ssh_opts -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:$rx" glinski --name mallory >"$tmp/forced" 2>&1
tap_eq "the forced relay's player: status 0" 0 "$?"
tap_ok "the room knows the player by the administrator's name, not the one it gave" \
    grep -qx "$zed: hi" "$tmp/forced"
tap_ok "... and seats it under that name" grep -q "you play White in room $rx" "$tmp/forced"
# A second key of the same login, whose forced relay names its player yan: the same Unix user,
# so the key alone tells the players apart. It cannot take zed's seat by asking for zed's name.
# (zed and yan stand for $zed and $yan)
ssh-keygen -q -t ed25519 -N '' -C cellmate-test-user2 -f "$tmp/key2"
printf 'command="%s --restricted --player '"$yan"' --save-dir %s --relay",no-pty %s\n' \
    "$tmp/bin/cellmate" "$tmp/saves" "$(cat "$tmp/key2.pub")" >>"$SSHD_DIR/authorized_keys"
ssh_opts2=$(printf '%s' "$ssh_opts" | sed "s|-i $SSHD_KEY |-i $tmp/key2 |")
printf 'quit\n' | CELLMATE_SSH="$ssh_opts2 -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:$rx" --name "$zed" --seat White >"$tmp/key2a" 2>&1
tap_eq "another key under zed's name, asking for zed's seat: status 2" 2 "$?"
tap_ok "... refused: the seat is zed's" grep -q "White is taken by $zed" "$tmp/key2a"
printf 'say me\nquit\n' | CELLMATE_SSH="$ssh_opts2 -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:$rx" --name "$zed" >"$tmp/key2b" 2>&1
tap_ok "... under zed's name it sits down as its own player, in the empty seat" \
    grep -q "you play Black in room $rx" "$tmp/key2b"
tap_ok "... and speaks as its own player" grep -qx "$yan: me" "$tmp/key2b"
printf 'quit\n' | CELLMATE_SSH="$ssh_opts -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:$rx" --name anyone --seat White >"$tmp/key1" 2>&1
tap_ok "zed's own key takes zed's seat back, whatever name the client gives" \
    grep -q "you play White in room $rx" "$tmp/key1"
printf 'quit\n' | CELLMATE_SSH="$ssh_opts -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:$rx" --name "$yan" --seat Black >"$tmp/key1b" 2>&1
tap_ok "... and cannot take yan's" grep -q "Black is taken by $yan" "$tmp/key1b"
printf 'quit\n' | CELLMATE_SSH="$ssh_opts -p $SSHD_PORT" \
    "$CELLMATE" --batch --room "127.0.0.1:../x" >"$tmp/forced2" 2>&1
tap_eq "a room's name with a path is refused before ssh runs (status 2)" 2 "$?"
if [ -f "$rdir/$rx.pid" ] && ! flock -n "$rdir/$rx.pid" true 2>/dev/null; then
    end_pid "$(cat "$rdir/$rx.pid")"
fi
tap_ok "the forced relay's room was the restricted player's" test -f "$rdir/$rx.pgn"
tap_ok "... and its record names the player as the administrator did" grep -qx "\\[White \"$zed\"\\]" "$rdir/$rx.pgn"
rm -f "$rdir/$rx".*

room_check_logs
tap_done
