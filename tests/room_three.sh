#!/bin/sh
# room_three.sh — what three players in a room are told of each other: Yellow agreeing to
# Red's draw offer is announced to everybody (the agreement, and who is still asked), and a
# watcher joining then learns it; Blue refuses; and a player mated out of the game who tries
# to move (a script's move no longer waits for a turn that never comes) is told it is out; 'ai
# off' leaves the computer the seat of a side already out, so that the game goes on. Scripted
# clients (cellmate --batch) play Cyclohexane; every server and client is ended by its PID.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"

# Yellow is mated by Blue's 5th move (as in room_batch.sh); before the first move Red offers
# a draw, Yellow agrees and Blue refuses
player "$tmp/red" --room tri cyclohexane --name red --seat Red <<EOF
@wait $tmp/blue you play Blue in room tri
draw
@wait $tmp/red Blue says no
Sa1
Sc24
Rxe4
Sb2
Rxe10+
@wait $tmp/late you are out of this game
resign
EOF
red=$last_pid
player "$tmp/yellow" --room tri cyclohexane --name yel --seat Yellow <<EOF
@wait $tmp/yellow Red offers a draw
draw
Ub8
Uxe4+
d8
Sc8
Rb10
@wait $tmp/yellow Yellow is out
Sb2
EOF
yellow=$last_pid
wait_text "$tmp/yellow" "you play Yellow in room tri" >/dev/null
player "$tmp/blue" --room tri cyclohexane --name blu --seat Blue <<EOF
@wait $tmp/blue Yellow agrees
@wait $tmp/watcher agreed draw Yellow
no
Sa17
Sb14
Sc16
Sxa12
Gb18#
EOF
blue=$last_pid

# --- an agreement is everybody's news --------------------------------------------------------
tap_ok "Red hears that Yellow agrees, and who is still asked" \
    wait_text "$tmp/red" "Yellow agrees to the draw offered by Red; Blue is still asked"
tap_ok "... and so does Blue" \
    wait_text "$tmp/blue" "Yellow agrees to the draw offered by Red; Blue is still asked"
printf 'hello 1 carol watch\nquit\n' | "$CELLMATE" --relay tri >"$tmp/watcher" 2>&1
tap_ok "a watcher joining meanwhile learns the agreement with the offer" \
    sh -c "grep -A1 -x 'offer draw Red' '$tmp/watcher' | grep -qx 'agreed draw Yellow'"
tap_ok "Blue's refusal ends the offer" wait_text "$tmp/red" "Blue says no"

# --- a player out of the game is told so, not whose turn it is ----------------------------------
tap_ok "a script out of the game whose move comes is told it is out" \
    wait_text "$tmp/yellow.err" "you are out of this game; the others play on" 30
finish "$yellow" >/dev/null
printf 'hello 1 yel Yellow\nmove e5\nquit\n' | "$CELLMATE" --relay tri >"$tmp/late" 2>&1
tap_ok "a player out of the game who moves is told it is out" \
    grep -q "^error you are out of this game" "$tmp/late"
tap_ok "... not whose turn it is" sh -c "! grep -q 'you play Yellow' '$tmp/late'"
for p in $red $blue; do finish "$p" >/dev/null; done
tap_ok "the game ends: Red resigns, Blue wins" wait_text "$tmp/blue" "Blue wins by resignation"

# --- ai off with the computer in a seat whose side is out: that seat stays the computer's (an
# empty seat would hold the game until someone took a side that never moves again) ----------
# The room's record: Yellow, the computer's, was mated by Blue's 5th move; Blue is the
# computer's too; Red (red) is to move.
mkdir -p -m 700 "$ROOMS"
cat >"$ROOMS/aioff.pgn" <<EOF
[Event "cellmate room aioff"]
[Site "?"]
[Date "2001.02.03"]
[Round "?"]
[Red "red"]
[Yellow "cellmate"]
[Blue "cellmate"]
[Result "*"]
[Variant "cyclohexane"]
[RoomUsers "$(id -u) - -"]

1. Sa1 Ub8 Sa17 2. Sc24 Uxe4+ Sb14 3. Rxe4 d8 Sc16 4. Sb2 Sc8 Sxa12 5. Rxe10+ Rb10 Gb18# *
EOF
player "$tmp/aired" --room aioff --name red --seat Red <<EOF
ai off
@wait $tmp/aired blu takes Blue
Rxa12
@wait $tmp/aired 6. Rb19 (Blue)
quit
EOF
aired=$last_pid
tap_ok "ai off: the computer leaves the seat of a side still in the game" \
    wait_text "$tmp/aired" "the computer leaves Blue: an empty seat, for anyone to take"
player "$tmp/aiblue" --room aioff --name blu --seat Blue <<EOF
Rb19
quit
EOF
aiblue=$last_pid
finish "$aired" 20
tap_eq "ai off: Red's script was accepted (status 0)" 0 "$?"
finish "$aiblue" 20
tap_eq "ai off: Blue's script was accepted (status 0)" 0 "$?"
tap_ok "ai off: the game goes on: Red moves" grep -qx "6. Rxa12 (Red)" "$tmp/aiblue"
tap_ok "ai off: ... and so does Blue, who took the seat the computer left" \
    grep -qx "6. Rb19 (Blue)" "$tmp/aired"
tap_ok "ai off: the computer keeps Yellow's seat (Yellow is out of the game)" \
    sh -c "! grep -q 'the computer leaves Yellow' '$tmp/aired' &&
        grep -qx '\\[Yellow \"cellmate\"\\]' '$ROOMS/aioff.pgn'"
tap_ok "ai off: ... and the record names Blue's player" record_has -x '\[Blue "blu"\]' "$ROOMS/aioff.pgn"

room_check_logs
tap_done
