#!/bin/sh
# room_screen.sh — rooms played on real screens in tmux: two screens play a Glinski game to
# mate with chat, a takeback, a draw offer refused and the clocks shown; a watcher's screen
# joins mid-game and shows the position; the room's server killed mid-game: the screens show
# the seats as unknown and join again (with backoff) once they can, and give up after five
# tries when the room is gone; three screens play Cyclohexane until a player is mated out;
# the computer put into an empty seat from the screen, its server stopped on purpose (no
# rejoining); a flag falls on a short clock.
# Every client runs in the private tmux server; the room servers are ended by their PIDs.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

# play NAME MOVE OTHER TEXT: NAME types MOVE; OTHER's screen shows TEXT then
play() {
    line "$1" "$2"
    wait_for "$3" "$4" >/dev/null || echo "# $3 did not show '$4' after $1 played $2"
}

wait_re() { # wait_re NAME RE: until the screen shows a line matching RE (up to 15 s)
    i=0
    while [ $i -lt 150 ]; do
        shows_re "$1" "$2" && return 0
        sleep 0.1
        i=$((i + 1))
    done
    screen_of "$1" | sed 's/^/# | /'
    return 1
}

# --- two screens: chat, a takeback, a draw offer refused, the clocks, a mate --------------------
start a xterm --room duel glinski --clock 10+5 --name alice --seat White 2>"$tmp/a.err"
tap_ok "the first screen makes the room and sits as White" wait_for a ">White  alice    here"
start b xterm --room duel --name bob 2>"$tmp/b.err"
tap_ok "the second screen takes Black and says so" \
    wait_for b "you play Black in room duel (glinski): move 1, White to move"
tap_ok "the first screen sees Black sit down" wait_for a " Black  bob      here"
tap_ok "the first screen is told who came" wait_for a "bob takes Black"
tap_ok "the clocks are shown, White's running" wait_re a "White +(10:00|9:5[0-9]) <"
tap_ok "... on the other screen too" wait_re b "Black +10:00"
line b "say good luck"
tap_ok "a chat line appears on the other screen" wait_for a "bob: good luck"
play a Qc3 b "1. Qc3"
tap_ok "a move on one screen appears on the other" wait_re b "(^ *|; )1\. Qc3"
play b Qc6 a "Qc6"
play a b2 b "2. b2"
line b "undo"
tap_ok "a takeback asked shows on the other screen" wait_for a "Black asks to take back a move"
tap_ok "... and stays in its status panel" wait_for a "Black asks to undo"
line a "undo"
# (b's own asking may still be on its message line: the two then share it, and the whole is
# wrapped in the status panel, 'took back 1... Qc6, 2.' on a row of its own)
tap_ok "the takeback agreed is said on both screens, naming the moves" \
    wait_for b "took back 1... Qc6, 2."
tap_ok "... on the other screen too" wait_for a "the takeback is agreed: took back 1... Qc6, 2. b2"
tap_ok "the moves taken back left the move list" hides a "1. Qc3     Qc6"
tap_ok "the takeback done leaves the status panel" hides a "asks to undo"
tap_ok "... of the other screen too" hides b "asks to undo"
play b Qc6 a "1. Qc3     Qc6"
play a b2 b "2. b2"
line b "draw"
tap_ok "a draw offer stays in the status panel" wait_for a "Black offers a draw"
play b b6 a "b6"
tap_ok "the next move lapses it: it leaves the status panel" hides a "Black offers a draw"
line a "draw"
tap_ok "a draw offer shows on the other screen" wait_for b "White offers a draw"
line b "no"
tap_ok "the refusal shows on the first" wait_for a "Black says no"

# a watcher comes mid-game: every seat is taken, so it watches, and sees the position
start c xterm --room duel --name carol 2>"$tmp/c.err"
tap_ok "a third screen in a two-player room watches" wait_for c "you watch room duel (glinski)"
tap_ok "... and is told where the game stands" wait_for c "move 3, White to move"
tap_ok "... first, and then the chat it missed" \
    wait_for c "you watch room duel (glinski): move 3, White to move; bob: good luck"
tap_ok "the watcher's panel says so" wait_for c "you watch"
tap_ok "the players see one watcher" wait_for a "room duel, 1 watching"
line c "fen"
printf 'Qc3\nQc6\nb2\nb6\nfen\n' | "$CELLMATE" --batch --variant glinski 2>&1 | tail -n 1 >"$tmp/fen.want"
tap_ok "the watcher's screen has the game's position" wait_for c "$(cut -c1-60 "$tmp/fen.want")"
line c "Bb1"
tap_ok "a watcher's move is refused on its screen" wait_for c "you are watching this game"

# the room's server killed mid-game, its record away for a while: every screen says so, knows
# no longer who is here, refuses lines for the room, tries again and again to join, and is
# back in its seat once the record is there (the first screen to try starts the server anew)
server=$(room_server duel)
kill -KILL "$server"
mv "$ROOMS/duel.pgn" "$tmp/duel.away"
tap_ok "a lost room: the panel says the screen is reconnecting" wait_for a "RECONNECTING to duel"
tap_ok "... and knows no longer who is here" wait_for a " Black  bob      ?"
tap_ok "... nor its own seat's state" wait_for b ">Black  bob      ?"
tap_ok "... and says why the tries fail, waiting longer each time" \
    wait_for a "joining the room again in 4 s (try 4 of 5): there is no room duel here"
line a "Bb1"
tap_ok "a move for the room meanwhile says it was not sent" wait_for a "your move was not sent"
mv "$tmp/duel.away" "$ROOMS/duel.pgn"
# (what the screens say when back is soon replaced by the others coming back: the panels say it)
tap_ok "screen a is back in its seat once it can be" wait_for a ">White  alice    here"
tap_ok "... and sees Black back" wait_for a " Black  bob      here"
tap_ok "screen b is back in its seat" wait_for b ">Black  bob      here"
tap_ok "... without the chat it had seen shown again" hides b "bob: good luck"
tap_ok "the watcher's screen is back, watching" wait_for c " White  alice    here"
tap_ok "... as a watcher still" wait_for c "you watch"
tap_ok "... the players' panel counts it again" wait_for a "room duel, 1 watching"
tap_ok "a new server runs the room" test -n "$(room_server duel)" -a "$(room_server duel)" != "$server"
play a Bb1 b "3. Bb1"
wait_for c "3. Bb1" >/dev/null
tap_ok "the watcher's board stays put at Black's turn: White's side at the bottom" \
    shows_re c "^ +a +b +c +d +e +f +g +h +i +k +l *\$"
line c flip
tap_ok "... and flip turns it: Black's side at the bottom" \
    wait_re c "^ +l +k +i +h +g +f +e +d +c +b +a *\$"
play b e6 a "e6"
line a "Qxf9"
for w in a b c; do
    tap_ok "the mate's result on screen $w" wait_for "$w" "White wins by checkmate"
done
tap_ok "the room's record has the game" \
    wait_until sh -c "tr '\n' ' ' <'$ROOMS/duel.pgn' | grep -q '1. Qc3 {\[%clk [0-9:]*\]} 1... Qc6 {\[%clk [0-9:]*\]} 2. b2 .* 4. Qxf9# {\[%clk [0-9:]*\]} 1-0'"
tap_ok "the record keeps the chat line" record_has "{bob: good luck}" "$ROOMS/duel.pgn"

# the room's server killed and its record gone for good: the screens give up after five tries
server=$(room_server duel)
kill -KILL "$server"
rm "$ROOMS/duel.pgn"
tap_ok "a room gone for good: the last try is announced" wait_for a "(try 5 of 5)"
tap_ok "... then the screen gives up and says so" wait_for a "gave up joining the room again after 5 tries"
tap_ok "... and its panel says it is disconnected" wait_for a "DISCONNECTED from duel"
line a "say anyone?"
tap_ok "a line for the room after that says it was not sent" wait_for a "'say anyone?' was not sent"
for w in a b c; do
    line "$w" quit
    tap_ok "screen $w quits after the room went away" gone "$w"
done

# --- three screens: Cyclohexane until Yellow is mated out ---------------------------------------
start r xterm --room tri cyclohexane --name red --seat Red 2>"$tmp/r.err"
wait_for r ">Red" >/dev/null
start y xterm --room tri --name yel --seat Yellow 2>"$tmp/y.err"
# (Blue comes once Yellow sits: else Yellow's arrival can replace Blue's greeting on its screen)
wait_for y "you play Yellow in room tri" >/dev/null
start u xterm --room tri --name blu --seat Blue 2>"$tmp/u.err"
tap_ok "three screens: the last to come sits as Blue" wait_for u "you play Blue in room tri"
tap_ok "... and Red's screen shows every seat taken" wait_for r " Blue   blu      here"
play r Sa1 y "Sa1"
play y Ub8 u "Ub8"
play u Sa17 r "Sa17"
play r Sc24 y "Sc24"
play y Uxe4+ u "Uxe4+"
play u Sb14 r "Sb14"
play r Rxe4 y "Rxe4"
line u "Sc16"
tap_ok "a move out of turn is refused on its screen" wait_for u "it is Yellow's turn; you play Blue"
play y d8 u "d8"
play u Sc16 r "Sc16"
play r Sb2 y "Sb2"
play y Sc8 u "Sc8"
play u Sxa12 r "Sxa12"
play r Rxe10+ y "Rxe10+"
play y Rb10 u "Rb10"
line u "Gb18#"
for w in r y u; do
    tap_ok "screen $w is told Yellow is out" wait_for "$w" "Yellow is out"
    tap_ok "screen $w's panel shows Yellow out" wait_for "$w" "Yellow: out"
done
tap_ok "after the elimination Red is to move" wait_for u "Red to move"
line r resign
for w in r y u; do
    tap_ok "screen $w sees the end" wait_for "$w" "Blue wins by resignation"
done
tap_ok "the record's placing" record_has -x '\[Placing "Blue, Red, Yellow"\]' "$ROOMS/tri.pgn"
for w in r y u; do line "$w" quit; done
for w in r y u; do tap_ok "screen $w quits" gone "$w"; done

# --- the computer in an empty seat, asked for on the screen --------------------------------------
start h xterm --room bot glinski --time 3 --name alice --seat White 2>"$tmp/h.err"
wait_for h ">White  alice" >/dev/null
line h "ai Black"
tap_ok "ai SIDE: the room says the computer sits down" wait_for h "the computer takes Black"
tap_ok "ai SIDE: the panel shows the computer's seat" wait_for h " Black  cellmate ai"
line h Qc3
tap_ok "ai SIDE: while the room's computer thinks, the panel says so" wait_for h "computer thinking..."
tap_ok "ai SIDE: the room's computer answers the move" wait_re h "1\. Qc3 +[A-Za-z]"
line h "level 2"
tap_ok "level N: the panel shows the room's computer's level" wait_for h "computer's level: 2"
# the room's server stopped on purpose (SIGTERM): it says goodbye, and no screen starts it again
server=$(room_server bot)
end_pid "$server"
tap_ok "a stopped server: the screen says so" wait_for h "the room's server was stopped"
tap_ok "... its panel says it is disconnected, not reconnecting" wait_for h "DISCONNECTED from bot"
sleep 1
tap_ok "... and it does not start the room again" test -z "$(room_server bot)"
line h quit
tap_ok "ai SIDE: the screen quits" gone h

# --- long names: the panel wraps them, cutting none ------------------------------------------------
long_room=abcdefghijklmnopqrstuvwxyz012345 long_name=averylongplayername_abcdefghijk
start ln xterm --room $long_room glinski --name $long_name --seat White 2>"$tmp/ln.err"
wait_for ln ">White" >/dev/null
screen_of ln | cut -c58- | tr -d ' \n' >"$tmp/panel" # the panel's rows, joined
tap_ok "a room's name longer than the panel is whole in it" grep -q "room$long_room" "$tmp/panel"
tap_ok "... and so is a player's" grep -q ">Whitehere$long_name" "$tmp/panel"
line ln quit
gone ln >/dev/null

# --- a flag falls: a short clock and a player who does not move ----------------------------------
start f1 xterm --room flag glinski --clock /1 --name alice --seat White 2>"$tmp/f1.err"
wait_for f1 ">White  alice" >/dev/null
start f2 xterm --room flag --name bob 2>"$tmp/f2.err"
for w in f1 f2; do
    tap_ok "flag: screen $w is told White's time is up" wait_for "$w" "White's time is up"
done
tap_ok "flag: the fallen flag's clock reads 0:00 on the other screen" wait_re f2 "White +0:00\.0"
tap_ok "flag: the record's result" record_has -x '\[Termination "time forfeit"\]' "$ROOMS/flag.pgn"
line f1 Qc3
tap_ok "flag: no move after the flag fell" wait_for f1 "the game is over"
# a window closed (its terminal hangs up): the screen quits, so the others read "left"
T kill-session -t f2
tap_ok "a player's window closed: the other screen is told Black left" wait_for f1 "Black left"
tap_ok "... not that Black disconnected" hides f1 "Black disconnected"
line f1 quit
tap_ok "flag: screen f1 quits" gone f1

# --- leaving: the screen's last words say how to take the seat back ----------------------------
window lv 200x30 "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME \
XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR LANG=C.UTF-8 $CELLMATE --room away glinski --name alice \
--seat White; echo 'window: done'; sleep 30"
wait_for lv ">White  alice" >/dev/null
line lv quit
wait_for lv "window: done" >/dev/null
tap_ok "a player who quits is told how to take the seat back" wait_for lv \
    "You left room away, where you play White; cellmate --room away --name alice takes your seat back."
T kill-session -t lv

room_check_logs
tap_done
