#!/bin/sh
# room_batch.sh — rooms on one host, played by scripted clients (cellmate --batch --room):
# a two-player Glinski mate, a three-player Cyclohexane game with an elimination and a
# resignation, watchers who join mid-game and see the position (the others are told of their
# coming and going), chat, a draw offer refused and then agreed, a takeback, two rooms at
# once, a seat that is taken, the record the room keeps, the numbered finished games it keeps
# (never one replaced), --rooms, a server that leaves once idle, and restricted mode's bounds
# at a table; scripted clients whose input comes through a pipe (room_lib.sh's player in a
# subshell) keep their own scripts.
# Every client and server is ended by its PID, also when a check fails.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
trap room_cleanup EXIT
export CELLMATE_VARIANTS="$VARIANTS_DIR"

# --- a two-player Glinski mate, and a three-player game in a second room at the same time -----
player "$tmp/white" --room duel glinski --name alice --seat White <<'EOF'
Qc3
b2
Bb1
Qxf9
EOF
white=$last_pid
player "$tmp/black" --room duel glinski --name bob --seat black <<'EOF'
Qc6
b6
e6
EOF
black=$last_pid

# Cyclohexane: Yellow is mated by Blue's 5th move; Red, who said "resign" after its 5th
# move, leaves at its turn, and Blue wins. Red holds its 3rd move until a watcher has seen
# the position after two rounds.
player "$tmp/red" --room tri cyclohexane --name red --seat Red <<EOF
Sa1
Sc24
@wait $tmp/watcher1 r - - 1 3
Rxe4
Sb2
Rxe10+
resign
EOF
red=$last_pid
player "$tmp/yellow" --room tri cyclohexane --name yel --seat Yellow <<EOF
Ub8
Uxe4+
d8
Sc8
@wait $tmp/red Red will leave the game at their turn
Rb10
EOF
yellow=$last_pid
player "$tmp/blue" --room tri cyclohexane --name blu --seat Blue <<'EOF'
Sa17
Sb14
Sc16
Sxa12
Gb18#
EOF
blue=$last_pid

wait_text "$tmp/blue" "2. Sb14 (Blue)" >/dev/null
# a watcher who comes now and stays to the end (no input: it watches until the game is over)
player "$tmp/watcher2" --room tri --name carol --seat watch </dev/null
watcher2=$last_pid
wait_text "$tmp/watcher2" "you watch room tri" >/dev/null
"$CELLMATE" --rooms >"$tmp/rooms" 2>&1
tap_ok "--rooms: the running room, its seats and its watcher" \
    grep -qx "tri: cyclohexane, move 3, Red to move; Red red (here), Yellow yel (here), Blue blu (here); 1 watching" "$tmp/rooms"
player "$tmp/watcher1" --room tri --name dave --seat watch --clock 5 --level 3 <<'EOF'
fen
quit
EOF
watcher1=$last_pid
finish "$watcher1" 15
tap_eq "a watcher's quit: exit status 0" 0 "$?"
printf 'Sa1\nUb8\nSa17\nSc24\nUxe4+\nSb14\nfen\n' |
    "$CELLMATE" --batch --variant cyclohexane 2>&1 | tail -n 1 >"$tmp/fen.want"
tap_ok "a watcher who joins mid-game sees the position after two rounds" \
    grep -qxF "$(cat "$tmp/fen.want")" "$tmp/watcher1"
tap_ok "the watcher is told where the game stands" \
    grep -qx "you watch room tri (cyclohexane): move 3, Red to move" "$tmp/watcher1"
tap_ok "a joiner's --clock that the room does not keep is ignored, with a note" \
    grep -qx "room tri keeps its own clock (no clock); the --clock given is ignored" "$tmp/watcher1"
tap_ok "... and so is a watcher's --level (the players set the computer's level)" \
    grep -qx "a watcher cannot set the computer's level: the --level given is ignored" "$tmp/watcher1"
wait_until grep -qx 'dave watches' "$tmp/red" # (red's client prints it in its own time)
tap_ok "the others are told a watcher came; the watcher is not told of itself" \
    sh -c "grep -qx 'dave watches' '$tmp/red' && ! grep -q 'dave watches' '$tmp/watcher1'"
tap_ok "the others are told a watcher left, as they were told it came" \
    wait_until grep -qx 'dave stops watching' "$tmp/red"

finish "$white"
tap_eq "Glinski: White's client ends with status 0" 0 "$?"
finish "$black"
tap_eq "Glinski: Black's client ends with status 0 (it stayed to see the mate)" 0 "$?"
for who in white black; do
    tap_ok "Glinski: $who saw the mate" grep -qx "4. Qxf9#" "$tmp/$who"
    tap_ok "Glinski: $who saw the result" grep -qx "result 1-0: White wins by checkmate" "$tmp/$who"
done
tap_ok "Glinski: White saw Black's moves as they came" grep -qx "3... e6" "$tmp/white"
tap_ok "Glinski: each player is told of its seat in its own words only" \
    sh -c "grep -q 'you play Black in room duel' '$tmp/black' && ! grep -q 'bob takes Black' '$tmp/black' &&
        grep -q 'you play White in room duel' '$tmp/white' && ! grep -q 'alice takes White' '$tmp/white'"
# a watcher who comes after the mate is not offered what only a player may do
player "$tmp/late" --room duel --name erin --seat watch <<'EOF'
e5
redo
load  x.pgn
say
quit
EOF
finish "$last_pid" 15
tap_ok "Glinski: a move from a watcher of the finished game: the result, no 'new' or 'undo'" \
    grep -qx "line 1: the game is over (result 1-0: White wins by checkmate) (in 'e5')" "$tmp/late.err"
tap_eq "commands a room does not take are refused in plain words, the reason first" \
    "line 2: redo cannot be used in a room (in 'redo')
line 3: load cannot be used in a room (in 'load  x.pgn')
line 4: say needs the words to say after it" "$(sed -n 2,4p "$tmp/late.err")"
tap_ok "Glinski: the room's record has the game" \
    record_has -x "1. Qc3 Qc6 2. b2 b6 3. Bb1 e6 4. Qxf9# 1-0" "$ROOMS/duel.pgn"
tap_ok "Glinski: the room's log says in words that its server started, not the handshake's ok" \
    sh -c "grep -q \"the room's server is ready\" '$ROOMS/duel.log' && ! grep -q '^ok' '$ROOMS/duel.log'"
tap_ok "Glinski: the record names the players" record_has -x '\[Black "bob"\]' "$ROOMS/duel.pgn"
"$CELLMATE" --replay "$ROOMS/duel.pgn" >"$tmp/replay" 2>&1
tap_eq "Glinski: the record reads back" "game 1: ok, 7 plies" "$(head -n 1 "$tmp/replay")"

for p in $red $yellow $blue $watcher2; do finish "$p"; done
for who in red yellow blue watcher2; do
    tap_ok "Cyclohexane: $who saw Yellow go out" grep -qx "Yellow is out" "$tmp/$who"
    tap_ok "Cyclohexane: $who saw the end" grep -qx "result Blue: Blue wins by resignation" "$tmp/$who"
done
tap_ok "Cyclohexane: Red's resignation waited for its turn" \
    grep -qx "Red will leave the game at their turn" "$tmp/red"
tap_ok "Cyclohexane: the record's placing" record_has -x '\[Placing "Blue, Red, Yellow"\]' "$ROOMS/tri.pgn"
tap_ok "Cyclohexane: the record's moves" record_has -x "Rb10 Gb18# 6. -- Blue" "$ROOMS/tri.pgn"
tap_ok "Cyclohexane: the watcher who stayed saw the moves after it came" \
    grep -qx "5. Gb18# (Blue)" "$tmp/watcher2"

# --- players whose scripts come through a pipe (which runs player in a subshell, in bash) each
# keep their own script, and so does a player started after them; the clean-up ends them -------
printf '%s\n' "@wait $tmp/pipe_b you play Black" 'say alice here' "@wait $tmp/pipe_w bob here" quit |
    player "$tmp/pipe_w" --room-dir "$ROOMS" --room piped glinski --name alice --seat White
wait_text "$tmp/pipe_w" "you play White in room piped" >/dev/null # the room is made
printf '%s\n' "@wait $tmp/pipe_b alice here" 'say bob here' "@wait $tmp/pipe_b carol here" quit |
    player "$tmp/pipe_b" --room-dir "$ROOMS" --room piped --name bob --seat Black
player "$tmp/pipe_c" --room-dir "$ROOMS" --room piped --name carol --seat watch <<EOF
@wait $tmp/pipe_go go
say carol here
@wait $tmp/pipe_b carol here
quit
EOF
tap_ok "piped players: each says its own script's line, heard by the other" \
    wait_until sh -c "grep -qx 'alice: alice here' '$tmp/pipe_b' && grep -qx 'bob: bob here' '$tmp/pipe_w'"
piped=$(pgrep -f -- "--room-dir $ROOMS --room piped --name bob")
tap_ok "... the clean-up will end a piped player" sh -c "[ -n '$piped' ] && grep -qx '$piped' '$room_lib/pids'"
echo go >"$tmp/pipe_go"
tap_ok "... and a player started after them says its own" wait_until grep -qx 'carol: carol here' "$tmp/pipe_b"
finish "$last_pid"
tap_eq "... and ends as its script says" 0 "$?"

# --- chat, a takeback, a draw offer refused, a draw agreed ---------------------------------------
room_serve "$ROOMS" talk glinski
room_raw_hold "$ROOMS/talk.sock" "$tmp/ear" ear watch # a watcher, who has no say
player "$tmp/w2" --room talk glinski --name alice --seat White <<EOF
say good luck
Qc3
b2
@wait $tmp/w2 Black asks to take back a move
undo
@wait $tmp/w2 1... b6
b2
@wait $tmp/w2 2... e6
draw
@wait $tmp/w2 Black says no
Bb1
@wait $tmp/w2 Black offers a draw
draw
EOF
w2=$last_pid
player "$tmp/b2" --room talk glinski --name bob --seat Black <<EOF
Qc6
@wait $tmp/b2 2. b2
undo
@wait $tmp/b2 the takeback is agreed
b6
e6
@wait $tmp/b2 White offers a draw
no
@wait $tmp/b2 3. Bb1
draw
@wait $tmp/b2 draw by agreement
EOF
b2=$last_pid
finish "$w2"
tap_eq "talk: White's client ends with status 0" 0 "$?"
finish "$b2"
tap_eq "talk: Black's client ends with status 0" 0 "$?"
tap_ok "talk: the chat line reached Black" grep -qx "alice: good luck" "$tmp/b2"
tap_ok "talk: Black's request reached White" grep -q "^Black asks to take back a move" "$tmp/w2"
tap_ok "talk: after the takeback Black played again" grep -qx "1... b6" "$tmp/w2"
tap_ok "talk: Black refused the first draw offer" grep -qx "Black says no" "$tmp/w2"
tap_ok "talk: ... and Black is told in its own words" \
    sh -c "grep -qx 'you say no' '$tmp/b2' && ! grep -q '^Black says no' '$tmp/b2'"
tap_ok "talk: a watcher is told of the offer, not how to answer it" \
    sh -c "grep -qx '< info White offers a draw' '$tmp/ear' && ! grep -q \"'no' refuses\" '$tmp/ear'"
tap_ok "talk: the one who asks is told so, not asked to answer itself" \
    sh -c "grep -qx \"you ask to take back your move; the others are asked ('no' withdraws it)\" '$tmp/b2' &&
        ! grep -q '^Black asks' '$tmp/b2' &&
        grep -qx \"you offer a draw; the others are asked ('no' withdraws it)\" '$tmp/w2' &&
        ! grep -q '^White offers' '$tmp/w2'"
for who in w2 b2; do
    tap_ok "talk: $who saw the draw agreed" grep -qx "result 1/2-1/2: draw by agreement" "$tmp/$who"
done
tap_ok "talk: the record has the chat and the moves kept, not the one taken back" \
    record_has -x "{alice: good luck} 1. Qc3 b6 2. b2 e6 3. Bb1 1/2-1/2" "$ROOMS/talk.pgn"

# --- the computer in a seat: the room thinks for it ------------------------------------------------
player "$tmp/h" --room bot glinski --time 0.2 --name alice --seat White <<EOF
ai Black
ai Black
Qc3
@wait $tmp/h 1...
b2
@wait $tmp/h 2...
undo
@wait $tmp/h the takeback is agreed
draw
resign
EOF
h=$last_pid
finish "$h"
tap_eq "computer: the player's script was accepted except ai twice and the draw (status 1)" 1 "$?"
tap_ok "computer: ai SIDE where the computer plays already says so" \
    grep -q "^line 2: the computer plays Black already" "$tmp/h.err"
tap_ok "computer: it took the seat" grep -qx "the computer takes Black" "$tmp/h"
tap_ok "computer: it answered both moves" grep -q "^2\.\.\. " "$tmp/h"
tap_ok "computer: it refuses draws" grep -q "line 6: the computer does not agree to draws" "$tmp/h.err"
tap_ok "computer: a takeback is agreed at once, and nobody is said to be asked" \
    sh -c "grep -q 'the takeback is agreed' '$tmp/h' && ! grep -q 'the others are asked' '$tmp/h'"
tap_ok "computer: the resignation ends the game" grep -qx "result 0-1: Black wins by resignation" "$tmp/h"
tap_ok "computer: the record names it as a local game does" record_has -x '\[Black "cellmate"\]' "$ROOMS/bot.pgn"

# --- ai off: the computer leaves its seat, empty again for a person ------------------------------
player "$tmp/off" --room botoff glinski --time 0.2 --name alice --seat White <<EOF
ai all
ai Black
Qc3
@wait $tmp/off 1...
ai off
@wait $tmp/off the computer leaves Black
ai off
b2
EOF
off=$last_pid
tap_ok "ai off: a move meanwhile waits for the seat, in the words of a game going on" \
    wait_text "$tmp/off" "waiting for Black: the game goes on when every seat is taken"
end_pid "$off"
tap_ok "ai off: ai all is not for rooms, and the player is told why" \
    grep -q "^line 1: in a room the computer takes one empty seat at a time ('ai SIDE'), and 'ai off' frees its seats" "$tmp/off.err"
tap_ok "ai off: the computer leaves Black" \
    grep -qx "the computer leaves Black: an empty seat, for anyone to take (a watcher says sit Black)" "$tmp/off"
tap_ok "ai off: a second one is refused, and why" \
    grep -q "^line 5: the computer plays no seat of a side still in this game" "$tmp/off.err"
room_serve "$ROOMS" offraw glinski
printf '%s\n' 'expect cellmate-room' 'send hello 1 alice White\n' 'expect sync' \
    'send ai Black\n' 'answer' 'send move Qc3\n' 'expect move 2' 'send ai off\n' 'answer' \
    'send move b2\n' 'answer' | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/offraw.sock" >"$tmp/offraw" 2>&1
tap_ok "ai off: the room refuses a move meanwhile in the words of a game going on" \
    grep -q "^< error the game goes on when every seat is taken (Black is empty)" "$tmp/offraw"

printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room botoff --name bob --seat Black \
    >"$tmp/bob" 2>&1
tap_eq "ai off: a person takes the seat the computer left (status 0)" "0" "$?"
tap_ok "... and the record names the person" record_has -x '\[Black "bob"\]' "$ROOMS/botoff.pgn"
# the clocks ai off stopped run on from where they stood when the seats are taken again: a
# player cannot win back the time spent on a move by sending the computer away and back
room_serve "$ROOMS" held glinski --clock 1
printf '%s\n' 'expect cellmate-room' 'send hello 1 alice White\n' 'expect sync' \
    'send ai Black\n' 'answer' 'hold 2' 'send ai off\n' 'answer' 'hold 1' 'send ai Black\n' \
    'answer' 'send ping\n' 'expect pong' | perl "$TESTS_DIR/room_raw.pl" "$ROOMS/held.sock" \
    >"$tmp/held" 2>&1
last_clock=$(grep '^< clock ' "$tmp/held" | tail -n 1 | cut -d' ' -f3)
tap_ok "ai off, then ai Black: White's clock runs on from where it stopped ($last_clock ms)" \
    test "${last_clock:-60000}" -le 59500

# --- the computer's level: set by any player, told to all, kept in the record ---------------------
# (the computer thinks 30 s a move at full strength; level 1 answers at once)
player "$tmp/lv" --room lv glinski --time 30 --name alice --seat White <<EOF
ai Black
@wait $tmp/lvw you watch room lv
level 1
level 1
level 11
level
Qc3
@wait $tmp/lv 1...
EOF
lv=$last_pid
wait_text "$tmp/lv" "the computer takes Black" >/dev/null
player "$tmp/lvw" --room lv --name carol --seat watch <<EOF
@wait $tmp/lvw alice sets the computer's level
quit
EOF
finish "$lv" 20
tap_eq "level: the script was accepted but for the level it has and level 11 (status 1)" 1 "$?"
tap_ok "level: the room tells everybody who set it, watchers too" \
    sh -c "grep -qx \"alice sets the computer's level to 1 (a beginner's opponent), from its next move\" '$tmp/lv' &&
        grep -qx \"alice sets the computer's level to 1 (a beginner's opponent), from its next move\" '$tmp/lvw'"
tap_ok "level: the same level again is refused" \
    grep -q "^line 3: the computer plays at level 1 already" "$tmp/lv.err"
tap_ok "level: a level out of range is refused as a local game refuses it" \
    grep -q "^line 4: level needs a whole number from 1 (a beginner's opponent) to 10 (full strength), not '11'" "$tmp/lv.err"
tap_ok "level: level alone says the room's level" grep -qx "level 1 (a beginner's opponent)" "$tmp/lv"
tap_ok "level: the computer at level 1 answered well inside its 30 s" grep -q '^1\.\.\. ' "$tmp/lv"
tap_ok "level: the record names the computer with its level" \
    record_has -x '\[Black "cellmate (level 1)"\]' "$ROOMS/lv.pgn"
old=$(room_server lv)
end_pid "$old"
"$CELLMATE" --rooms >"$tmp/lvrooms" 2>&1
tap_ok "level: a stopped room lists its computer below full strength as the computer" \
    grep -q "^lv: .*Black cellmate (ai)" "$tmp/lvrooms"
printf 'level\nlevel 5\n' | timeout 20 "$CELLMATE" --batch --room lv --name bob --seat watch >"$tmp/lv2" 2>&1
tap_ok "level: a server started again plays at the level its record names" \
    grep -qx "level 1 (a beginner's opponent)" "$tmp/lv2"
tap_ok "level: a watcher cannot set it" grep -q "^line 2: watchers cannot set the computer's level" "$tmp/lv2"
new=$(room_server lv)
"$CELLMATE" --rooms >"$tmp/lvrooms" 2>&1
tap_ok "level: ... a new server (PID $old, then $new), where the computer keeps its seat" \
    sh -c "test -n '$new' && test '$new' != '$old' && grep -q '^lv: .*Black cellmate (ai)' '$tmp/lvrooms'"
printf 'level\n' | timeout 20 "$CELLMATE" --batch --room lv --level 3 --name alice --seat White >"$tmp/lv3" 2>&1
tap_ok "level: --level when joining sets it, before the script's first line" \
    sh -c "grep -qx \"alice sets the computer's level to 3, from its next move\" '$tmp/lv3' && grep -qx 'level 3' '$tmp/lv3'"

# a search under way ends at the level it began with (begun again at every change, a player
# could keep the computer from moving): the room says so
player "$tmp/lvt" --room lvt glinski --time 5 --name alice --seat White <<EOF
ai Black
Qc3
level 2
@wait $tmp/lvt 1...
EOF
finish "$last_pid"
tap_ok "level: set while the computer thinks, from the move after that one" \
    grep -qx "alice sets the computer's level to 2, once it has played the move it is thinking of" "$tmp/lvt"

# a level set while the computer has no seat is kept for it, by a server started again too
printf 'level 4\n' | timeout 20 "$CELLMATE" --batch --room lvn glinski --name alice --seat White >"$tmp/lvn" 2>&1
tap_ok "level: set with no computer seated, for when it takes a seat" \
    grep -qx "alice sets the computer's level to 4, for when it takes a seat" "$tmp/lvn"
end_pid "$(room_server lvn)"
printf 'ai Black\nlevel\n' | timeout 20 "$CELLMATE" --batch --room lvn --name alice --seat White >"$tmp/lvn2" 2>&1
tap_ok "level: ... and kept by a server started again" grep -qx "level 4" "$tmp/lvn2"

# every change is told to all and saved: changes count against the chat allowance (30 at once)
room_serve "$ROOMS" lvflood glinski
printf '%s\n' 'expect cellmate-room' 'send hello 1 alice White\n' 'expect sync' \
    'repeat 20 level 2\nlevel 3\n' 'expect too many requests everyone hears of' 'hold 1' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/lvflood.sock" >"$tmp/lvflood" 2>&1
sets=$(grep -c "^< info alice sets the computer's level" "$tmp/lvflood")
tap_ok "level: 40 changes at once: those past the chat allowance are refused ($sets told)" \
    sh -c "grep -q '^ok expect too many requests everyone hears of' '$tmp/lvflood' && test $sets -le 32"
# ... and so do the computer's seat taken and left, however the player connects again
printf '%s\n' 'expect cellmate-room' 'send hello 1 bob Black\n' 'expect sync' \
    'repeat 20 ai White\nai off\n' 'expect too many requests everyone hears of' 'hold 1' |
    perl "$TESTS_DIR/room_raw.pl" "$ROOMS/lvflood.sock" >"$tmp/aiflood" 2>&1
tap_ok "ai SIDE and ai off at once past the same allowance are refused" \
    grep -q '^ok expect too many requests everyone hears of' "$tmp/aiflood"

# the level set for the next game does not rename the computer in the finished one
printf 'ai Black\nlevel 3\nresign\nlevel 9\npgn\nnew\npgn\n' |
    timeout 20 "$CELLMATE" --batch --room lvf glinski --name alice --seat White >"$tmp/lvf" 2>&1
tap_ok "level: a finished game's record keeps the level it was played at" \
    record_has -x '\[Black "cellmate (level 3)"\]' "$ROOMS/lvf.1.pgn"
tap_ok "... and the next game's names the new one" record_has -x '\[Black "cellmate (level 9)"\]' "$ROOMS/lvf.pgn"
tap_eq "... and so does the player's own copy of each (pgn, as save writes it)" \
    "cellmate (level 3) cellmate (level 9)" \
    "$(sed -n 's/^\[Black "\(.*\)"\]$/\1/p' "$tmp/lvf" | tr '\n' ' ' | sed 's/ $//')"

# ... and one who joins then names the finished game's computer at its level, the room's at its
printf 'ai Black\nlevel 3\nresign\nlevel 9\n' |
    timeout 20 "$CELLMATE" --batch --room lvq glinski --name alice --seat White >/dev/null 2>&1
printf 'pgn\nlevel\n' | timeout 20 "$CELLMATE" --batch --room lvq --name carol --seat watch >"$tmp/lvq" 2>&1
tap_ok "level: a joiner's copy of a finished game names the level it was played at, and the room's is the next" \
    sh -c "grep -qx '\[Black \"cellmate (level 3)\"\]' '$tmp/lvq' && grep -qx 'level 9' '$tmp/lvq'"

# a finished game is kept with the players who played it: a person taking the seat the computer
# left once the game was over plays the next game, and is never named the winner of this one
player "$tmp/lvs1" --room lvs glinski --name alice --seat White <<EOF
ai Black
resign
ai off
@wait $tmp/lvs1 bob takes Black
pgn
EOF
wait_text "$tmp/lvs1" "the computer leaves Black" >/dev/null
printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room lvs --name bob --seat Black >"$tmp/lvs2" 2>&1
finish "$last_pid" >/dev/null
tap_ok "a seat taken once the game is over: the player sits down" \
    grep -q "^you play Black in room lvs" "$tmp/lvs2"
tap_ok "... and the copy of a player who saw it all still names the computer" \
    sh -c "grep -qx '\[Black \"cellmate\"\]' '$tmp/lvs1' && ! grep -q '\"bob\"' '$tmp/lvs1'"
# (RoomUsers changes in the same save as bob's seat: once it has two users, the save is there)
record_has -x '\[RoomUsers "[0-9]* [0-9]*"\]' "$ROOMS/lvs.pgn"
tap_ok "... the finished game's record still names the computer, who played it" \
    sh -c "grep -qx '\[Black \"cellmate\"\]' '$ROOMS/lvs.pgn' && ! grep -q '\"bob\"\]' '$ROOMS/lvs.pgn'"
printf 'pgn\n' | timeout 20 "$CELLMATE" --batch --room lvs --name carol --seat watch >"$tmp/lvs5" 2>&1
tap_ok "... and so does the copy of one who joins after the seat was taken" \
    sh -c "grep -qx '\[Black \"cellmate\"\]' '$tmp/lvs5' && ! grep -q '\"bob\"' '$tmp/lvs5'"
# a server that starts again before the next game seats bob, who sits there now (RoomSeats),
# not the computer the finished game names
end_pid "$(room_server lvs)"
printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room lvs --name bob --seat Black >"$tmp/lvs6" 2>&1
tap_ok "... a server started again before the next game gives bob his seat back" \
    grep -q "^you play Black in room lvs" "$tmp/lvs6"
tap_ok "... and its record still names the computer as the finished game's Black" \
    grep -qx '\[Black "cellmate"\]' "$ROOMS/lvs.pgn"
printf 'new\n' | timeout 20 "$CELLMATE" --batch --room lvs --name alice --seat White >"$tmp/lvs3" 2>&1
printf 'new\n' | timeout 20 "$CELLMATE" --batch --room lvs --name bob --seat Black >"$tmp/lvs4" 2>&1
tap_ok "... and so does the kept game" record_has -x '\[Black "cellmate"\]' "$ROOMS/lvs.1.pgn"
tap_ok "... the next game names the newcomer" record_has -x '\[Black "bob"\]' "$ROOMS/lvs.pgn"
# ... and bob, in the seat the computer played before the restart, is the room's player of it,
# not the computer's: his resignation ends the game in the room's record too
printf 'resign\n' | timeout 20 "$CELLMATE" --batch --room lvs --name bob --seat Black >"$tmp/lvs7" 2>&1
tap_ok "... where bob's resignation ends it in the room's record" record_has -x '\[Result "1-0"\]' "$ROOMS/lvs.pgn"

# the computer's time a move is the room's, as its maker chose it: kept in the record, and a
# server started again by a plain join keeps it (not the joiner's 5 s)
printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room rt glinski --time 1 --name alice --seat White >/dev/null 2>&1
tap_ok "the room's record keeps the computer's time a move" record_has -x '\[RoomTime "1"\]' "$ROOMS/rt.pgn"
end_pid "$(room_server rt)"
printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room rt --name bob --seat Black >/dev/null 2>&1
record_has -x '\[Black "bob"\]' "$ROOMS/rt.pgn"
tap_ok "... and a server started again by a plain join keeps it" grep -qx '\[RoomTime "1"\]' "$ROOMS/rt.pgn"

# a record's RoomSeats naming one person twice (written by hand: the room never does) seats
# them once, as hello would
u=$(id -u)
printf '[Event "cellmate room dup"]\n[Site "?"]\n[Date "2026.01.01"]\n[Round "?"]\n[White "alice"]\n[Black "carol"]\n[Result "1-0"]\n[Variant "glinski"]\n[Termination "resignation"]\n[RoomUsers "%s %s"]\n[RoomSeats "alice alice"]\n\n1-0\n' "$u" "$u" >"$ROOMS/dup.pgn"
printf 'quit\n' | timeout 20 "$CELLMATE" --batch --room dup --name bob --seat Black >"$tmp/dup" 2>&1
tap_ok "a name twice in RoomSeats: one seat, the other empty for another player" \
    grep -q "^you play Black in room dup" "$tmp/dup"

# help in a room gives the room's commands in the room's words: no redo or load, and a draw is
# offered, not agreed by one player alone
printf 'help\n' | timeout 20 "$CELLMATE" --batch --room hp glinski --name alice >"$tmp/hp" 2>&1
tap_ok "help in a room says what its commands do there" \
    sh -c "grep -qx '  draw             offer a draw, or agree to the one offered' '$tmp/hp' &&
        grep -qx '  ai SIDE|off      the computer takes SIDE (empty, or its player away 30 s); off: it leaves its seats' '$tmp/hp'"
tap_ok "... and only those it takes, a player's (no sit)" sh -c "! grep -qE '^  (redo|load|go|sit) ' '$tmp/hp'"
printf 'help\n' | timeout 20 "$CELLMATE" --batch --room hp --name wendy --seat watch >"$tmp/hpw" 2>&1
tap_ok "... a watcher's without the players' (draw, undo, resign, ai, no, new), with sit" \
    sh -c "! grep -qE '^  (draw|undo|resign|ai|no|new) ' '$tmp/hpw' && grep -q '^  sit ' '$tmp/hpw' && grep -q '^  level ' '$tmp/hpw'"
printf 'help\n' | "$CELLMATE" --batch glinski >"$tmp/hp_local" 2>&1
tap_ok "... while a local game's help keeps its own words" \
    grep -qx '  draw             end the game as an agreed draw' "$tmp/hp_local"

# --- alone in a new room: a line that is no move is refused at once, and the end of the input
# leaves (the game has not begun: nobody may come) --------------------------------------------
printf 'hi\nsay anyone?\n' | timeout 20 "$CELLMATE" --batch --room alone glinski --name solo \
    >"$tmp/out" 2>"$tmp/err"
tap_eq "alone: a bad line gives exit status 1, and the input's end leaves" 1 "$?"
tap_ok "alone: the bad line is refused by its number" \
    grep -q "^line 1: neither a move nor a command: .*(in 'hi')$" "$tmp/err"
tap_ok "alone: the next line still goes to the room" grep -qx "solo: anyone?" "$tmp/out"
# a byte order mark (Notepad's) before the first line is no part of it
printf '\357\273\277say anyone?\n' | timeout 20 "$CELLMATE" --batch --room bom glinski --name solo \
    >"$tmp/out" 2>"$tmp/err"
tap_ok "a byte order mark before a script's first line is skipped" grep -qx "solo: anyone?" "$tmp/out"
# ... and is not counted in the 1000 characters the line may hold
pad=$(printf '%989s' '')
printf '\357\273\277%ssay anyone?\n' "$pad" |
    timeout 20 "$CELLMATE" --batch --room bomlong glinski --name solo >"$tmp/out" 2>"$tmp/err"
tap_ok "a script's first line of 1000 characters after a byte order mark is taken whole" \
    sh -c "grep -qx 'solo: anyone?' '$tmp/out' && ! grep -q 'longer than' '$tmp/err'"
printf '\357\273\277 %ssay anyone?\n' "$pad" |
    timeout 20 "$CELLMATE" --batch --room bomlong2 glinski --name solo >"$tmp/out" 2>"$tmp/err"
tap_ok "... and one of 1001 is too long" \
    grep -qx "line 1: the line is longer than 1000 characters; expected a move or a command" "$tmp/err"
# a chat line over 200 bytes goes out cut, and its sender is told
long=$(printf '%0198d' 0 | tr 0 y)
printf 'say %s\303\251\303\251 and more\nsay short\n' "$long" |
    timeout 20 "$CELLMATE" --batch --room cut glinski --name solo >"$tmp/out" 2>"$tmp/err"
tap_ok "a long chat line is cut between characters (198 bytes and an e acute)" \
    grep -qx "solo: ${long}$(printf '\303\251')" "$tmp/out"
tap_ok "... and its sender is told" \
    grep -qx "your chat line was cut to its first 200 bytes (a line holds 200)" "$tmp/out"
tap_ok "... only for that line" test "$(grep -c "was cut" "$tmp/out")" = 1
"$CELLMATE" --batch --room alone --name solo --seat Black </dev/null >"$tmp/out" 2>&1
tap_eq "a second seat under one's own name: exit status 2" 2 "$?"
tap_ok "... and the message says how to play a second seat" grep -qx \
    "cellmate: solo plays White in this room already; to play another seat, join with another --name" \
    "$tmp/out"
# a player who quits has left; one whose connection broke has disconnected (room_faults.sh)
player "$tmp/al1" --room alone --name solo <<EOF
@wait $tmp/al1 Black left
quit
EOF
al1=$last_pid
wait_text "$tmp/al1" "you play White in room alone" >/dev/null
printf 'quit\n' | "$CELLMATE" --batch --room alone --name bob >/dev/null 2>&1
finish "$al1"
tap_ok "a player who quits: the others are told it left, and how the game can go on without them" \
    grep -qxF "Black left (should they stay away, 'ai Black' after 30 seconds has the computer play for them until they come back)" "$tmp/al1"

# --- a seat that is taken; a name that is not one ---------------------------------------------------
"$CELLMATE" --batch --room duel --name mallory --seat White </dev/null >"$tmp/out" 2>&1
tap_eq "a taken seat: exit status 2" 2 "$?"
tap_ok "a taken seat: who has it" grep -qx "cellmate: White is taken by alice" "$tmp/out"
"$CELLMATE" --batch --room duel --name 'no way' </dev/null >"$tmp/out" 2>&1
tap_eq "a bad name: exit status 2" 2 "$?"
"$CELLMATE" --batch --room nosuch </dev/null >"$tmp/out" 2>&1
tap_ok "a room that does not exist, without a variant to make it" \
    grep -q "^cellmate: there is no room nosuch here" "$tmp/out"
"$CELLMATE" --batch --room ../x glinski </dev/null >"$tmp/out" 2>&1
tap_eq "a room name with a path: exit status 2" 2 "$?"
"$CELLMATE" --batch --room new1 ../variants/glinski.ini </dev/null >"$tmp/out" 2>&1
tap_ok "a room's variant is a name, never a path" grep -q "never a path" "$tmp/out"

# --- --rooms after the servers left; a server leaves once idle ---------------------------------------
CELLMATE_ROOM_IDLE=1 "$CELLMATE" --batch --room idle haynie --name alice <<'EOF' >"$tmp/out" 2>&1
quit
EOF
pid=$(cat "$ROOMS/idle.pid")
tap_ok "an idle server leaves on its own (CELLMATE_ROOM_IDLE=1)" gone_pid "$pid"
tap_ok "and takes its socket with it" test ! -e "$ROOMS/idle.sock"
"$CELLMATE" --rooms >"$tmp/rooms" 2>&1
tap_ok "--rooms lists a room whose server left, from its record" \
    grep -qx "idle: haynie, move 1, White to move; White alice (away), Black - (empty); not running (the next join starts it)" "$tmp/rooms"
# the duel's server writes its record just after telling the players the game is over
rooms_list_has() { "$CELLMATE" --rooms >"$tmp/rooms" 2>&1 && grep -q "$@" "$tmp/rooms"; }
tap_ok "--rooms lists the finished games' rooms too" \
    wait_until rooms_list_has "^duel: glinski, result 1-0: White wins by checkmate;"

# --- the next game in a room: a new game as the session makes it (today's date, the same
# players), with the room's own tags kept; the finished one is kept as it was -------------------
u=$(id -u)
# both_new ROOM OUT: alice offers the next game and leaves, bob comes and agrees (what the
# room says to bob in OUT, to alice in OUT.alice)
both_new() {
    printf 'hello 1 alice White\nnew\nquit\n' | "$CELLMATE" --relay "$1" >"$2.alice" 2>&1
    printf 'hello 1 bob Black\nnew\nquit\n' | "$CELLMATE" --relay "$1" >"$2" 2>&1
}
record() { # record DATE RESULT [TERMINATION]: a room's record of a game without moves (one
    # going on has the computer's time a move too, the server's 5 s)
    printf '[Event "cellmate room again"]\n[Site "?"]\n[Date "%s"]\n' "$1"
    printf '[Round "?"]\n[White "alice"]\n[Black "bob"]\n[Result "%s"]\n[Variant "glinski"]\n' "$2"
    [ -z "$3" ] || printf '[Termination "%s"]\n' "$3"
    printf '[RoomUsers "%s %s"]\n' "$u" "$u"
    [ "$2" != "*" ] || printf '[RoomTime "5"]\n'
    printf '\n%s\n' "$2"
}
mkdir -p "$ROOMS"
record 2001.02.03 0-1 resignation >"$ROOMS/again.pgn"
cp "$ROOMS/again.pgn" "$tmp/again.old"
before=$(date +%Y.%m.%d)
both_new again "$tmp/again"
after=$(date +%Y.%m.%d)
tap_ok "a room's next game begins once both players agree" grep -q "^info a new game begins" "$tmp/again"
tap_ok "... the finished game is kept as it was" cmp -s "$tmp/again.old" "$ROOMS/again.1.pgn"
record "$before" "*" >"$tmp/again.new1"
record "$after" "*" >"$tmp/again.new2"
# waited for: the server saves the new record just after telling the relay
tap_ok "... and the new game's record has today's date, and the room's tags and players" \
    wait_until sh -c "cmp -s '$tmp/again.new1' '$ROOMS/again.pgn' || cmp -s '$tmp/again.new2' '$ROOMS/again.pgn'"
p=$(room_server again) && end_pid "$p"

# --- a finished game is numbered one past the highest kept, from one look at the directory;
# once the last number is there, nothing is replaced: new is refused and the game stays ------
record 2001.02.03 1-0 resignation >"$ROOMS/after.pgn"
echo "game 7" >"$ROOMS/after.7.pgn"
echo "not a number of ours" >"$ROOMS/after.0012.pgn"
echo "another room's" >"$ROOMS/after-x.30.pgn"
both_new after "$tmp/after"
tap_ok "archive: the finished game is kept one past the highest number (after.8.pgn)" \
    grep -q "^info a new game begins; the last one is kept in .*/after\.8\.pgn\$" "$tmp/after"
tap_ok "archive: ... the game kept before it is untouched" grep -qx "game 7" "$ROOMS/after.7.pgn"
tap_eq "archive: ... and no lower number is filled" "after.0012.pgn after.7.pgn after.8.pgn" \
    "$(cd "$ROOMS" && echo after.*.pgn)"
p=$(room_server after) && end_pid "$p"
record 2001.02.03 1-0 resignation >"$ROOMS/full.pgn"
echo "the last game" >"$ROOMS/full.99999.pgn"
printf 'hello 1 alice White\nnew\nsync\nquit\n' | "$CELLMATE" --relay full >"$tmp/full" 2>&1
tap_ok "archive full: new is refused, saying why and what to do" grep -qx \
    "error no new game: the finished games of room full are numbered up to 99999, and $ROOMS/full.99999.pgn is there; move them (full.N.pgn) out of $ROOMS to go on; the finished game stays in the room" \
    "$tmp/full"
tap_ok "archive full: ... no new game begins" sh -c "! grep -q '^info a new game begins' '$tmp/full'"
tap_ok "archive full: ... the last kept game is not replaced" \
    grep -qx "the last game" "$ROOMS/full.99999.pgn"
tap_eq "archive full: ... and no other name is made" "full.99999.pgn" "$(cd "$ROOMS" && echo full.*.pgn)"
tap_ok "archive full: the finished game is still the room's" \
    grep -qx '\[Result "1-0"\]' "$ROOMS/full.pgn"
# (the room's error is longer than a chat line, 200 bytes: a client shows it whole)
printf 'new\nquit\n' | "$CELLMATE" --batch --room full --name alice >"$tmp/full.out" 2>"$tmp/full.err"
tap_ok "archive full: a scripted player is told the whole error" grep -qx \
    "line 1: no new game: the finished games of room full are numbered up to 99999, and $ROOMS/full.99999.pgn is there; move them (full.N.pgn) out of $ROOMS to go on; the finished game stays in the room" \
    "$tmp/full.err"
p=$(room_server full) && end_pid "$p"

# --- numbers in a room's files are read whole, never wrapped into another ----------------------
# a uid past uid_t (the player's own plus 2^32) names no one: the seat is empty, not the player's
record 2001.02.03 '*' | sed "s/^\[RoomUsers .*/[RoomUsers \"$((u + 4294967296)) $u\"]/" >"$ROOMS/wrap.pgn"
printf 'hello 1 carol watch\nquit\n' | "$CELLMATE" --relay wrap >"$tmp/wrap" 2>&1
tap_ok "a RoomUsers uid past uid_t seats no one" grep -qx "seat White empty -" "$tmp/wrap"
tap_ok "... and the other seat is read as before" grep -qx "seat Black away bob" "$tmp/wrap"
p=$(room_server wrap) && end_pid "$p"
# a PID past pid_t in a held ROOM.pid is not taken for PID 1
printf '4294967297\n' >"$ROOMS/wrap.pid"
flock "$ROOMS/wrap.pid" sleep 10 &
locker=$!
room_keep $locker
wait_until room_server wrap >/dev/null # (the lock is held)
"$CELLMATE" --serve-room wrap >"$tmp/wrap.serve" 2>&1
tap_ok "a PID past pid_t in ROOM.pid is no PID" test -z "$(grep 'PID 1)' "$tmp/wrap.serve")"
tap_ok "... and the server says in words that it leaves" \
    grep -q "another server runs the room.*; this server leaves$" "$tmp/wrap.serve"
end_pid "$locker"
rm -f "$ROOMS/wrap".*

# --- a seat is its player's name and Unix user: another user's name never takes it -------------
# a record whose White is another uid's (the player's own plus one): this user under that name
# is refused, and the seat stays the other user's
record 2001.02.03 '*' | sed "s/^\[RoomUsers .*/[RoomUsers \"$((u + 1)) $u\"]/" >"$ROOMS/owned.pgn"
printf 'quit\n' | "$CELLMATE" --batch --room owned --name alice >"$tmp/owned" 2>&1
tap_eq "another user's name: status 2" 2 "$?"
tap_ok "... refused, the name being another user's" \
    grep -q "the name alice belongs to another user in this room" "$tmp/owned"
printf 'quit\n' | "$CELLMATE" --batch --room owned --name alice --seat White >"$tmp/owned" 2>&1
tap_ok "... also when it asks for the seat" grep -q "belongs to another user" "$tmp/owned"
printf 'hello 1 carol watch\nquit\n' | "$CELLMATE" --relay owned >"$tmp/owned2" 2>&1
tap_ok "... and the seat is still theirs" grep -qx "seat White away alice" "$tmp/owned2"
printf 'quit\n' | "$CELLMATE" --batch --room owned --name bob >"$tmp/owned3" 2>&1
tap_ok "the user's own name takes its seat back" grep -q "you play Black in room owned" "$tmp/owned3"
p=$(room_server owned) && end_pid "$p"

# Two real Unix users in a group's room directory, without making accounts: as root, the other
# user is nobody (setpriv), the directory the group nogroup's, mode 2770.
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && nob=$(id -u nobody 2>/dev/null) &&
    ngid=$(id -g nobody 2>/dev/null); then
    chmod 711 "$tmp"
    gdir="$tmp/group"
    mkdir -m 2770 "$gdir"
    chgrp "$ngid" "$gdir"
    room_dirs="$room_dirs $gdir"
    as_nobody() {
        setpriv --reuid="$nob" --regid="$ngid" --clear-groups env HOME=/nonexistent "$CELLMATE" "$@"
    }
    printf 'quit\n' | "$CELLMATE" --batch --room-dir "$gdir" --room grp glinski --name alice \
        --seat White >"$tmp/g1" 2>&1
    tap_ok "group: alice (root) makes the room and sits as White" grep -q "you play White in room grp" "$tmp/g1"
    as_nobody --batch --room-dir "$gdir" --room grp --name alice --seat White </dev/null >"$tmp/g2" 2>&1
    tap_eq "group: another Unix user under alice's name: status 2" 2 "$?"
    tap_ok "... refused: the name is another user's" grep -q "the name alice belongs to another user" "$tmp/g2"
    p=$(room_server_in "$gdir" grp) && end_pid "$p"
    printf 'quit\n' | as_nobody --batch --room-dir "$gdir" --room grp --name nob >"$tmp/g3" 2>&1
    tap_ok "group: the other user starts the room again from root's record, and sits as Black" \
        grep -q "you play Black in room grp" "$tmp/g3"
    tap_ok "... the record keeps each seat's user" record_has -x "\[RoomUsers \"0 $nob\"\]" "$gdir/grp.pgn"
    printf 'quit\n' | "$CELLMATE" --batch --room-dir "$gdir" --room grp --name nob >"$tmp/g4" 2>&1
    tap_eq "group: root under the other user's name is refused too (status 2)" 2 "$?"
    printf 'quit\n' | "$CELLMATE" --batch --room-dir "$gdir" --room grp --name alice >"$tmp/g5" 2>&1
    tap_ok "group: alice's own user takes White back" grep -q "you play White in room grp" "$tmp/g5"
    tap_eq "group: the room's files are the group's, whatever the umask (mode 660)" 660 \
        "$(stat -c %a "$gdir/grp.pid" "$gdir/grp.pgn" "$gdir/grp.log" "$gdir/grp.sock" "$gdir/grp.wal" | sort -u)"
    p=$(room_server_in "$gdir" grp) && end_pid "$p"
elif [ "${CI:-}" = true ]; then
    tap_ok "group: CI runs this test as root, to be another user" false
else
    tap_n=$((tap_n + 1))
    echo "ok $tap_n # SKIP group: needs root to run a client as nobody"
fi

# --- a room directory every user may write: refused, or with the sticky bit warned of ----------
mkdir -m 777 "$tmp/open"
chmod 777 "$tmp/open" # whatever the umask
printf 'quit\n' | "$CELLMATE" --batch --room-dir "$tmp/open" --room o glinski >"$tmp/out" 2>&1
tap_eq "--room-dir writable by every user: status 2" 2 "$?"
tap_ok "... and why" grep -q "^cellmate: $tmp/open is writable by every user of this host (mode 0777)" "$tmp/out"
tap_ok "... no room is made there" test -z "$(ls "$tmp/open")"
chmod 1777 "$tmp/open"
"$CELLMATE" --room-dir "$tmp/open" --rooms >"$tmp/out" 2>"$tmp/err"
tap_eq "--room-dir writable by every user, sticky: status 0" 0 "$?"
tap_ok "... with a warning" grep -q "^cellmate: warning: every user of this host may make rooms in $tmp/open (mode 1777)" "$tmp/err"
chmod 2770 "$tmp/open"
"$CELLMATE" --room-dir "$tmp/open" --rooms >"$tmp/out" 2>"$tmp/err"
tap_eq "--room-dir of a group (mode 2770): no warning" "" "$(cat "$tmp/err")"

# --- restricted mode at a room's table: the player's own lines keep its bounds ------------------
# (restricted mode clears the environment: its rooms are in /tmp/cellmate-UID/rooms, where
# this room gets a name of its own and is removed at once)
mkdir -p "$tmp/saves"
rx=restricted$$
printf 'save %s/escaped.pgn\nsave mine\nquit\n' "$tmp" |
    "$CELLMATE" --restricted --player alice --save-dir "$tmp/saves" --batch --room "$rx" glinski \
        >"$tmp/out" 2>&1
rdir=/tmp/cellmate-$(id -u)/rooms
if [ -f "$rdir/$rx.pid" ] && ! flock -n "$rdir/$rx.pid" true 2>/dev/null; then
    end_pid "$(cat "$rdir/$rx.pid")"
fi
rm -f "$rdir/$rx".*
tap_ok "restricted, in a room: save takes no path" test ! -e "$tmp/escaped.pgn"
tap_ok "... and says why, naming its line" grep -q "^line 1: " "$tmp/out"
tap_ok "... a plain name saves in the player's directory" \
    test -n "$(find "$tmp/saves/alice" -name mine.pgn 2>/dev/null)"

# --- a restricted relay (what a forced command runs over ssh): every hello gets the name the
# administrator gave, however it is spelt and however many come ---------------------------------
relay() {
    SSH_ORIGINAL_COMMAND="cellmate --relay $rx glinski" \
        "$CELLMATE" --restricted --player zed --save-dir "$tmp/saves" --relay
}
rx=relay$$
printf 'hello\t1\tbob\nquit\n' | relay >"$tmp/relay1" 2>&1
tap_ok "a restricted relay: a hello with tabs seats the administrator's name" \
    grep -qx "welcome White zed" "$tmp/relay1"
tap_ok "... never the one it gave" test -z "$(grep bob "$tmp/relay1")"
printf 'hello 1 bob nosuch\nhello 1 bob\nhello 1\tbob Black\nquit\n' | relay >"$tmp/relay2" 2>&1
tap_ok "... a hello after a refused one is gated too" grep -qx "welcome White zed" "$tmp/relay2"
tap_ok "... and so is a third" test -z "$(grep bob "$tmp/relay2")"
printf 'hello 1 bob\nsay a\033[2Jb\nsay fine\nquit\n' | relay >"$tmp/relay3" 2>&1
tap_ok "... a line with control characters is dropped by the relay, never passed to the room" \
    test -z "$(grep -a -e "say zed a" -e "error control" "$tmp/relay3")"
tap_ok "... and the lines after it do" grep -qx "say zed fine" "$tmp/relay3"
if [ -f "$rdir/$rx.pid" ] && ! flock -n "$rdir/$rx.pid" true 2>/dev/null; then
    end_pid "$(cat "$rdir/$rx.pid")"
fi
rm -f "$rdir/$rx".*

# --- through a shared relay login every player is one Unix user: a player whose name differs
# from a seated one's only in case (an administrator's Zed and zed are two people, with two
# directories) does not take that seat --------------------------------------------------------
rx=case$$
printf 'hello 1 zed White\nquit\n' | relay >"$tmp/case1" 2>&1
printf 'hello 1 x White\nquit\n' | SSH_ORIGINAL_COMMAND="cellmate --relay $rx" \
    "$CELLMATE" --restricted --player Zed --save-dir "$tmp/saves" --relay >"$tmp/case2" 2>&1
tap_ok "relay: Zed does not take zed's seat" sh -c "! grep -q '^welcome' '$tmp/case2'"
tap_ok "... and is told why" grep -qx "error the name Zed is taken in this room as zed; choose another" \
    "$tmp/case2"
if [ -f "$rdir/$rx.pid" ] && ! flock -n "$rdir/$rx.pid" true 2>/dev/null; then
    end_pid "$(cat "$rdir/$rx.pid")"
fi
rm -f "$rdir/$rx".*

# --- a room a restricted relay opened searches for the computer with one thread, as restricted
# mode's own games do (the server's threads while the computer thinks: its own and the search's)
rx=threads$$
printf 'hello 1 zed White\nai Black\nmove e5\nquit\n' | relay >"$tmp/threads" 2>&1
sleep 0.5
p=$(room_server_in "$rdir" "$rx")
tap_eq "restricted room: the computer searches with one thread" 2 \
    "$(sed -n 's/^Threads:[[:space:]]*//p' "/proc/$p/status" 2>/dev/null)"
[ -z "$p" ] || end_pid "$p"
rm -f "$rdir/$rx".*

# --- a room a restricted relay opened keeps at most 50 finished games: resign and new, line
# after line, would otherwise leave a file a game on the host's disk for as long as one likes --
rx=archive$$
mkdir -p "$rdir"
# (Black the computer's, which agrees to every next game)
record 2001.02.03 1-0 resignation | sed 's/"alice"/"zed"/; s/"bob"/"cellmate"/' >"$rdir/$rx.pgn"
echo "game 49" >"$rdir/$rx.49.pgn"
printf 'hello 1 zed White\nnew\nresign\nnew\nquit\n' | relay >"$tmp/kept" 2>&1
tap_ok "restricted room: a finished game is kept up to the 50th" test -s "$rdir/$rx.50.pgn"
tap_ok "restricted room: ... its players told its name, not the host's directory" grep -qx \
    "info a new game begins; the last one is kept as $rx.50.pgn" "$tmp/kept"
tap_ok "restricted room: ... then new is refused, saying why, naming no directory" grep -qx \
    "error no new game: room $rx has kept 50 finished games, the most a room of this host keeps; play on in another room; the finished game stays in the room" \
    "$tmp/kept"
tap_eq "restricted room: ... and no 51st is made" "$rx.49.pgn $rx.50.pgn" \
    "$(cd "$rdir" && echo "$rx".*.pgn)"
if [ -f "$rdir/$rx.pid" ] && ! flock -n "$rdir/$rx.pid" true 2>/dev/null; then
    end_pid "$(cat "$rdir/$rx.pid")"
fi
rm -f "$rdir/$rx".*

room_check_logs
tap_done
