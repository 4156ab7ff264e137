#!/bin/sh
# room_client_lines.sh — a client shows the room's info and error lines whole, as long as a
# room's line may be (8192 bytes), not cut like a chat line (200 bytes); chat stays cut. A
# stand-in room (room_fake.pl) sends the lines; it and the client are ended by their PIDs.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

long="$(seq -f 'word%04g' 1 600 | tr '\n' ' ')the end" # 5407 bytes
chat="$(seq -f 'chat%04g' 1 60 | tr '\n' ' ')the end"  # past 200 bytes
said="$(seq -f 'said%04g' 1 22 | tr '\n' ' ')the end" # 205 bytes: a chat line of 200 and more
said=${said#?????}                                   # the 200 a chat line may have
cat >"$tmp/lines" <<EOF
welcome White alice
game glinski
tc -
seat White here alice
seat Black empty -
watchers 0
note 0 a-name-of-thirty-two-characters: $said
sync 0
info the room says: $long
error the room refuses: $long
say bob $chat
EOF
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/fake.sock" "$tmp/lines" 2>"$tmp/fake.err" &
room_keep $!
wait_until test -S "$ROOMS/fake.sock"
player "$tmp/out" --room fake --name alice <<EOF
@wait $tmp/out bob: chat
quit
EOF
finish "$last_pid"
tap_ok "the client joined the stand-in room" grep -q "^you play White in room fake" "$tmp/out"
tap_ok "an info line of 5 KB arrives whole" grep -qxF "the room says: $long" "$tmp/out"
tap_ok "so does an error line" grep -qF "the room refuses: $long" "$tmp/out.err"
tap_ok "a recorded chat line of 200 bytes and a long name, replayed on joining, is whole" \
    grep -qF "a-name-of-thirty-two-characters: $said" "$tmp/out"
tap_ok "a chat line is still cut at 200 bytes" \
    sh -c "grep '^bob: chat' '$tmp/out' | awk '{ exit length(\$0) <= 205 ? 0 : 1 }'"

# a server older than levels sends none: a player's --level is said to be ignored, and the
# computer is not taken to play at it
cat >"$tmp/old" <<EOF
welcome White alice
game glinski
tc -
seat White here alice
seat Black ai cellmate
watchers 0
sync 0
EOF
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/old.sock" "$tmp/old" 2>"$tmp/old.err" &
room_keep $!
wait_until test -S "$ROOMS/old.sock"
printf 'level\nquit\n' | timeout 20 "$CELLMATE" --batch --room old --name alice --level 3 >"$tmp/oldout" 2>&1
tap_ok "an older room: --level is said to be ignored" \
    grep -qx "room old's server knows no levels (an older cellmate): its computer plays at full strength, and the --level given is ignored" "$tmp/oldout"
tap_ok "... and the computer's level is full strength" grep -qx "level 10 (full strength)" "$tmp/oldout"

# levels the client does not know (a later version's, or none) are no reason to leave or to
# ask for the state again and again
cat >"$tmp/odd" <<EOF
welcome White alice
game glinski
tc -
seat White here alice
seat Black ai cellmate
level 0
level x
level 99
watchers 0
sync 0
EOF
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/odd.sock" "$tmp/odd" 2>"$tmp/odd.err" &
room_keep $!
wait_until test -S "$ROOMS/odd.sock"
printf 'level\nquit\n' | timeout 20 "$CELLMATE" --batch --room odd --name alice >"$tmp/oddout" 2>&1
tap_eq "odd levels: the client stays and leaves when told (status 0)" 0 "$?"
tap_ok "... a level above those it knows is full strength" grep -qx "level 10 (full strength)" "$tmp/oddout"
tap_ok "... and it never found the state unfit" sh -c "! grep -q 'does not fit' '$tmp/oddout'"

# a server of c666b08's kind sends its own notes as "note" outside a state, two at once: the
# first has the client ask for the state, the second (while it waits) is left for that state,
# never a reason to leave
state='game glinski\ntc -\nseat White here alice\nseat Black ai bob\nwatchers 0\nnote 0 the computer plays Black for bob, who is away\nsync 0\nok'
cat >"$tmp/twonotes" <<EOF
welcome White alice
game glinski
tc -
seat White here alice
seat Black ai bob
watchers 0
sync 0
note 0 the computer plays Black for bob, who is away
note 0 the computer no longer plays Black for bob
@answers
$state
EOF
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/two.sock" "$tmp/twonotes" 2>"$tmp/two.err" &
room_keep $!
wait_until test -S "$ROOMS/two.sock"
printf 'pgn\nquit\n' | timeout 20 "$CELLMATE" --batch --room two --name alice >"$tmp/twoout" 2>&1
tap_eq "two notes outside a state: the client stays and leaves when told (status 0)" 0 "$?"
tap_ok "... and its copy holds the note of the state it asked for" \
    sh -c "! grep -q 'does not fit' '$tmp/twoout' && tr '\n' ' ' <'$tmp/twoout' | grep -q '{the computer plays Black for bob, who is away}'"

# the room's own notes as they come (noted) are few: a server sending more is not believed
# past ROOM_NOTED_MAX (64) until its next state; and a welcome after the state that is no
# watcher's sit (a side that is none, another name) changes nothing
{
    printf 'welcome watch carol\ngame glinski\ntc -\nseat White here alice\nseat Black empty -\nwatchers 1\nsync 0\n'
    i=0
    while [ $i -lt 100 ]; do printf 'noted 0 flood %d\n' $i; i=$((i + 1)); done
    printf 'welcome Purple carol\nwelcome Black mallory\n'
} >"$tmp/flood"
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/fl.sock" "$tmp/flood" 2>"$tmp/fl.err" &
room_keep $!
wait_until test -S "$ROOMS/fl.sock"
printf 'pgn\ne4\nquit\n' | timeout 20 "$CELLMATE" --batch --room fl --name carol >"$tmp/flout" 2>&1
tap_eq "a flood of noted lines: the copy keeps 64 of them" 64 "$(tr '\n' ' ' <"$tmp/flout" | grep -o '{flood [0-9]*}' | wc -l)"
tap_ok "a welcome to a side that is none, or under another name, leaves the watcher watching" \
    grep -q "^line 2: you are watching this game .*(in 'e4')$" "$tmp/flout"

room_check_logs
tap_done
