#!/bin/sh
# room_sit.sh — a watcher takes a free seat without leaving the room (sit SIDE, or sit alone
# for the first empty one): everyone is told as when a player joins (the seat, who takes it,
# the watchers, the clocks starting once every seat is taken), and the one who sat down then
# moves; refused as a hello would be (a seat taken, the computer's), and to a player; the
# computer leaving a seat tells watchers to sit; a scripted client sits and plays; an older
# room's refusal is said in words that help. Raw clients (room_raw.pl) and scripted ones
# speak to servers started here, and a stand-in room (room_fake.pl) plays the older one;
# every process is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_test_start

raw() { # raw ROOM OUT: a raw client in the background, its steps from standard input (feed)
    cat >"$2.steps" # (a command put in the background reads no standard input of its own)
    feed <"$2.steps" | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/$1.sock" >"$2" 2>&1 &
    room_keep $!
}

# --- a watcher sits down in a room with clocks: refused a seat that is taken and a side that
# is none, then takes the empty one; the player and another watcher are told, the clocks
# start; a player's sit and a sit with every seat taken are refused -----------------------------
room_serve "$ROOMS" sr glinski --clock 3
raw sr "$tmp/a" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
@wait $tmp/c < welcome Black carol
send sit\n
answer
send move Qc3\n
answer
expect move 2
hold 1
EOF
wait_text "$tmp/a" "ok expect sync" >/dev/null
raw sr "$tmp/d" <<EOF
expect cellmate-room
send hello 1 dave watch\n
expect sync
expect info carol takes Black
send sit\n
answer
hold 1
EOF
wait_text "$tmp/d" "ok expect sync" >/dev/null
raw sr "$tmp/c" <<EOF
expect cellmate-room
send hello 1 carol watch\n
expect sync
send move Qc6\n
answer
send sit White\n
answer
send sit Purple\n
answer
send sit\n
answer
expect move 1
send move Qc6\n
answer
hold 1
EOF
wait_text "$tmp/a" "ok hold 1" 30 >/dev/null
wait_text "$tmp/c" "ok hold 1" 30 >/dev/null
tap_ok "a watcher cannot move" grep -qx "< error watchers cannot move" "$tmp/c"
tap_ok "sit SIDE: a seat taken is refused as a hello's" grep -qx "< error White is taken by alice" "$tmp/c"
tap_ok "sit SIDE: a side that is none is refused, naming the sides" \
    grep -qx "< error no side 'Purple' in this game (White, Black; sit alone takes the first empty seat)" "$tmp/c"
tap_ok "sit alone: the watcher is welcomed to the empty seat" grep -qx "< welcome Black carol" "$tmp/c"
tap_ok "... then its seat and the watchers are told" \
    sh -c "sed -n '/< welcome Black carol/,/< ok/p' '$tmp/c' | head -n 3 | tr '\n' '|' |
        grep -qx '< welcome Black carol|< seat Black here carol|< watchers 1|'"
tap_ok "... the clocks once every seat is taken, and ok" \
    sh -c "sed -n '/< welcome Black carol/,/< ok/p' '$tmp/c' | tail -n 2 | tr '\n' '|' |
        grep -qx '< clock [0-9]* [0-9]* White|< ok|'"
tap_ok "... and the one who sat down then moves" \
    sh -c "sed -n '/ok expect move 1/,\$p' '$tmp/c' | grep -qx '< ok'"
tap_ok "... its move reaching the room" grep -qx "< move 2 Qc6 .*" "$tmp/a"
tap_ok "the player is told who takes the seat" grep -qx "< info carol takes Black" "$tmp/a"
tap_ok "... the seat's event" grep -qx "< seat Black here carol" "$tmp/a"
tap_ok "... one watcher fewer, and the clocks start, White's running" \
    sh -c "sed -n '/< seat Black here carol/,/< info carol takes Black/p' '$tmp/a' | head -n 4 | tr '\n' '|' |
        grep -qx '< seat Black here carol|< watchers 1|< info carol takes Black|' &&
        sed -n '/< info carol takes Black/{n;p;}' '$tmp/a' | grep -q '^< clock [0-9]* [0-9]* White$'"
tap_ok "the other watcher is told too" grep -qx "< info carol takes Black" "$tmp/d"
tap_ok "... with the seat and the watchers' count" \
    sh -c "sed -n '/< seat Black here carol/,/< info carol takes Black/p' '$tmp/d' | tr '\n' '|' |
        grep -qx '< seat Black here carol|< watchers 1|< info carol takes Black|'"
tap_ok "a player saying sit is refused, clearly" \
    grep -qx "< error you play White already: sit is for watchers taking a seat" "$tmp/a"
tap_ok "a watcher's sit with every seat taken is refused" \
    grep -qx "< error every seat is taken; you go on watching" "$tmp/d"
tap_ok "the seat is kept in the record" record_has '^\[Black "carol"\]' "$ROOMS/sr.pgn"

# --- the computer's seat: refused until it leaves, which tells the watchers to sit ------------
room_serve "$ROOMS" sai glinski
raw sai "$tmp/ai_a" <<EOF
expect cellmate-room
send hello 1 alice White\n
expect sync
send ai Black\n
answer
@wait $tmp/ai_e ok answer
send ai off\n
answer
@wait $tmp/ai_e welcome Black erin
hold 1
EOF
wait_text "$tmp/ai_a" "ok send ai Black" >/dev/null
raw sai "$tmp/ai_e" <<EOF
expect cellmate-room
send hello 1 erin watch\n
expect sync
@wait $tmp/ai_a seat Black ai
send sit Black\n
answer
expect info the computer leaves Black
send sit Black\n
answer
hold 1
EOF
wait_text "$tmp/ai_e" "ok hold 1" 30 >/dev/null
tap_ok "sit SIDE: the computer's seat is refused" \
    grep -qx "< error Black is played by the computer" "$tmp/ai_e"
tap_ok "the computer leaving tells a watcher to sit" \
    grep -qx "< info the computer leaves Black: an empty seat, for anyone to take (a watcher says sit Black)" "$tmp/ai_e"
tap_ok "... which then takes the seat" grep -qx "< welcome Black erin" "$tmp/ai_e"
tap_ok "... and the player is told" grep -qx "< info erin takes Black" "$tmp/ai_a"

# --- sit counts against the allowance of lines everyone hears of -------------------------------
raw sr "$tmp/flood" <<EOF
expect cellmate-room
send hello 1 fred watch\n
expect sync
repeat 35 sit\n
expect too many requests everyone hears of
hold 1
EOF
wait_text "$tmp/flood" "ok hold 1" 30 >/dev/null
tap_ok "sit is counted as the lines everyone hears of are" \
    grep -q "^< error too many requests everyone hears of from you (offers, answers, taking a seat, " "$tmp/flood"

# --- scripted clients: a watcher sits down and plays -------------------------------------------
player "$tmp/sa" --room sb glinski --name alice --seat White <<EOF
sit
Qc3
EOF
sa=$last_pid
wait_text "$tmp/sa" "you play White in room sb" >/dev/null
player "$tmp/sc" --room sb --name carol --seat watch <<EOF
Qc6
sit White
sit Purple
sit any
Qc6
quit
EOF
sc=$last_pid
finish "$sc" 40
finish "$sa" 40
tap_ok "scripted: the watcher is told it watches" grep -q "^you watch room sb (glinski)" "$tmp/sc"
tap_ok "... its move is refused, with how to sit down" \
    grep -qx "line 1: you are watching this game ('sit' takes an empty seat if there is one) (in 'Qc6')" "$tmp/sc.err"
tap_ok "... sit SIDE for a taken seat is refused by the room" \
    grep -qx "line 2: White is taken by alice" "$tmp/sc.err"
tap_ok "... sit for no side is refused at once" \
    grep -qx "line 3: 'Purple' is not a side in this game (its sides: White, Black)" "$tmp/sc.err"
tap_ok "... sit any (as --seat says it): it is told it plays, as on joining" \
    grep -qx "you play Black in room sb (glinski): move 1, White to move" "$tmp/sc"
tap_ok "... and plays its move at its turn" grep -q "Qc6" "$tmp/sa"
tap_ok "scripted: the player is told who sat down" grep -qx "carol takes Black" "$tmp/sa"
tap_ok "scripted: a player's sit is refused" \
    grep -qx "line 1: you play White already: sit is for watchers taking a seat" "$tmp/sa.err"
tap_ok "... and nothing else went wrong for the player" \
    sh -c "test \$(wc -l <'$tmp/sa.err') -eq 1"

# --- sit in a local game, and sit in an older room --------------------------------------------
printf 'sit\n' | "$CELLMATE" --batch --variant glinski >/dev/null 2>"$tmp/local.err"
tap_ok "sit in a local game is for rooms" \
    grep -qx "line 1: say, no and sit are for rooms (cellmate --room), where others hear them" "$tmp/local.err"
cat >"$tmp/old" <<EOF
welcome watch carol
game glinski
tc -
seat White here alice
seat Black empty -
watchers 1
sync 0
@answers
error unknown request 'sit' (see cellmate-room(5))
EOF
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/old.sock" "$tmp/old" 2>"$tmp/old.err" &
room_keep $!
wait_until test -S "$ROOMS/old.sock"
printf 'sit\nquit\n' | timeout 20 "$CELLMATE" --batch --room old --name carol >"$tmp/oldout" 2>"$tmp/olderr"
tap_ok "an older room: its refusal of sit says how to take a seat" \
    grep -qx "line 1: this room's server (an older cellmate) cannot seat a watcher: to take a seat, quit and join again with --seat SIDE" "$tmp/olderr"

# a sit answered while the client waits for a state it asked for (a line that did not fit,
# sent here just before the answer, makes it ask): the seat is said once the state has come, and a refusal then is a refusal,
# not one at the door that closes the connection
state='game glinski\ntc -\nseat White here alice\nseat Black SEAT\nwatchers 1\nsync 0\nok'
gap() { # gap FILE ANSWER: the room's lines, ANSWER the answer to the sit
    cat >"$1" <<EOF
welcome watch carol
game glinski
tc -
seat White here alice
seat Black empty -
watchers 1
sync 0
@answers
seat Purple here nobody
$2
EOF
}
gap "$tmp/gap" "welcome Black carol\nok\n$(printf "%s" "$state" | sed 's/SEAT/here carol/')"
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/gap.sock" "$tmp/gap" 2>"$tmp/gap.err" &
room_keep $!
wait_until test -S "$ROOMS/gap.sock"
printf 'sit\nquit\n' | timeout 20 "$CELLMATE" --batch --room gap --name carol >"$tmp/gapout" 2>"$tmp/gaperr"
tap_ok "a sit answered before the state the client asked for: the seat is said once it comes" \
    grep -q "^you play Black in room gap" "$tmp/gapout"
gap "$tmp/gap2" "error every seat is taken; you go on watching\n$(printf "%s" "$state" | sed 's/SEAT/empty -/')"
perl "$TESTS_DIR/room_fake.pl" "$ROOMS/gap2.sock" "$tmp/gap2" 2>"$tmp/gap2.err" &
room_keep $!
wait_until test -S "$ROOMS/gap2.sock"
printf 'sit\nquit\n' | timeout 20 "$CELLMATE" --batch --room gap2 --name carol >"$tmp/gap2out" 2>"$tmp/gap2err"
tap_ok "... and a refused sit then is told as a refusal, the connection kept" \
    sh -c "grep -qx 'line 1: every seat is taken; you go on watching' '$tmp/gap2err' && ! grep -q 'closed\\|refused' '$tmp/gap2err'"

room_check_logs
tap_done
