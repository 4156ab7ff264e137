#!/bin/sh
# room_screen_text.sh — what a room's screen keeps of what was said, in tmux: chat lines that came
# one after the other, and the room's notices, are all on the chat page (newest last, where a
# long page opens) while the message line shows the latest; lines that arrive together and
# would not fit the message line leave it to the newest. A panel with more lines than rows leaves
# out the least needed, never the pieces. pgn and save FILE write the room's tags and players. A room
# gone for good: the panel gives its name and the reason the rows they need.
# Every client runs in the private tmux server; the room servers are ended by their PIDs.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/room_lib.sh"
room_tmux_test_start

row_is() { [ "$(row "$1" "$2")" = "$3" ]; } # row_is NAME ROW TEXT: that row (blanks after cut)
page_has() { screen_of "$1" | tr '\n' ' ' | tr -s ' ' | grep -qF -- "$2"; } # wrapped text
in_order() { # in_order NAME TEXT...: the screen shows each TEXT, each on a row below the last
    screen_of "$1" >"$tmp/shown"
    last=0
    shift
    for t in "$@"; do
        at=$(grep -nF -- "$t" "$tmp/shown" | head -n 1 | cut -d: -f1)
        [ -n "$at" ] && [ "$at" -gt "$last" ] || { echo "# '$t' not below row $last"; return 1; }
        last=$at
    done
}

# --- chat lines one after the other: the chat page has them all ---------------------------------
start a xterm --room chatty glinski --name alice --seat White 2>"$tmp/a.err"
wait_for a ">White  alice    here" >/dev/null
start b xterm --room chatty --name bob 2>"$tmp/b.err"
wait_for a "bob takes Black" >/dev/null
for w in one two three; do
    line b "say line $w"
    sleep 0.3
done
tap_ok "the message line shows the latest chat line" wait_for a "bob: line three"
tap_ok "... which replaced the one before it" hides a "bob: line two"
line a chat
tap_ok "chat opens a page of what was said" wait_for a "what was said in the room, newest last"
tap_ok "... every line, the room's notice of who came first, newest last" \
    in_order a "bob takes Black" "bob: line one" "bob: line two" "bob: line three"
keys a q
wait_for a "White to move" >/dev/null

# --- lines that come together: the newest is what the message line shows -------------------------
# (while a page is open the room waits: what it said meanwhile is read at once after)
keys a C-u
keys a "?"
wait_for a "cellmate help" >/dev/null
player "$tmp/carol" --room chatty --name carol --seat watch <<EOF2
say the first of three lines said at once, long ones
say the second of three lines said at once, long ones
say the third of three lines said at once, long ones
@wait $tmp/never never
EOF2
wait_text "$tmp/carol" "carol: the third"
keys a q
tap_ok "lines said at once: the message line ends with the newest" \
    wait_until sh -c "tmux -L '$sock' -f /dev/null capture-pane -p -t a | sed -n 23p | grep -q 'carol: the third of three lines said at once, long ones\$'" ||
    screen_of a | sed -n 23p | sed 's/^/# message line: /'
line a chat
wait_for a "what was said in the room, newest last" >/dev/null
tap_ok "... and the chat page has them all, and who came to watch" \
    in_order a "bob: line three" "carol watches" "carol: the first" "carol: the second" \
    "carol: the third"
keys a q
wait_for a "White to move" >/dev/null

# --- a chat page longer than the screen opens at the newest lines, as a scrollback ------------------
{ # (into a file: player piped into would count its players in a subshell)
    for n in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25; do
        echo "say chat line $n"
    done
    echo "@wait $tmp/never never"
} >"$tmp/dave.in"
player "$tmp/dave" --room chatty --name dave --seat watch <"$tmp/dave.in"
wait_text "$tmp/dave" "dave: chat line 25"
# (the room writes to its newest connection first: dave can have his line before alice's
# screen has read it, and a page opened meanwhile would miss it)
wait_for a "dave: chat line 25" >/dev/null
line a chat
wait_for a "space and arrows scroll" >/dev/null
tap_ok "a long chat page opens with the newest line on its last row" \
    sh -c "tmux -L '$sock' -f /dev/null capture-pane -p -t a | sed -n 23p | grep -q 'dave: chat line 25'" ||
    screen_of a | sed 's/^/# | /'
tap_ok "... the oldest lines above, out of sight" hides a "what was said in the room"
keys a PPage
tap_ok "... which scrolling back shows" wait_for a "what was said in the room, newest last"
tap_ok "... the newest then out of sight" hides a "dave: chat line 25"
keys a q
wait_for a "White to move" >/dev/null

# --- the room's record's tags in pgn and save FILE ----------------------------------------------
line a Qc3
wait_for b "1. Qc3" >/dev/null
line b "save game.pgn"
tap_ok "save FILE on a room's screen" wait_for b "saved"
for tag in 'White "alice"' 'Black "bob"' 'Event "cellmate room chatty"' \
    "$(grep '^\[Date ' "$ROOMS/chatty.pgn" | tr -d '[]')"; do
    tap_ok "... the file has the room's tag $tag" grep -qxF "[$tag]" "$tmp/game.pgn"
done
tap_ok "... not the Unix users of the room's record" sh -c "! grep -q RoomUsers '$tmp/game.pgn'"
line a pgn
tap_ok "pgn on a room's screen names the players" wait_for a '[Black "bob"]'
keys a q
wait_for a "Black to move" >/dev/null
for w in a b; do
    line "$w" quit
    gone "$w" >/dev/null
done

# --- sides of accented names: the seats' table aligned by columns --------------------------------
# (Wéiß: 4 columns in 6 bytes, padded to the 6 columns of the side's column, not 6 bytes)
e=$(printf '\303\251') sz=$(printf '\303\237')
mkdir "$tmp/more"
sed -e "s/White/W${e}i$sz/g" "$VARIANTS_DIR/glinski.ini" >"$tmp/more/sides.ini"
CELLMATE_VARIANTS="$tmp/more:$VARIANTS_DIR" \
    start s xterm --room sides sides --name alice --seat "W${e}i$sz" 2>"$tmp/s.err"
tap_ok "a side of an accented name: the seat's row padded by columns" \
    wait_for s ">W${e}i$sz   alice    here"
line s quit
gone s >/dev/null

# --- a full panel at 80x24: the least needed lines give way, the pieces stay ------------------------
# (three seats of names that take two rows each, three clocks, an offer and an agreement, the
# cell under the cursor and a board turned to fit: 23 rows for a panel of 21)
long=abcdefghijklmnopqrstuvwxyz
start f xterm --room full hr-mccooey3-foh --clock 10 --name "red_$long" --seat Red 2>"$tmp/f.err"
wait_for f ">Red" >/dev/null
player "$tmp/yel" --room full --name "yel_$long" --seat Yellow <<EOF2
@wait $tmp/yel takes Blue
draw
@wait $tmp/never never
EOF2
# (Blue only once Yellow is in: else Yellow, joining second, never hears Blue take its seat)
wait_until grep -q "^you play Yellow in room full" "$tmp/yel"
player "$tmp/blu" --room full --name "blu_$long" --seat Blue <<EOF2
@wait $tmp/blu offers a draw
draw
@wait $tmp/never never
EOF2
wait_for f "Blue agrees"
keys f Up
wait_for f "h3: Red" >/dev/null
tap_ok "a full panel: every side's hand is still shown" wait_for f "Blue hand: -"
tap_ok "... and the seats, the offer and the agreement" \
    in_order f ">Red " "red_abcdefghijklmnop" "yel_abcdefghijklmnop" "blu_abcdefghijklmnop" \
    "Yellow offers a draw" "Blue agrees" "Red hand"
tap_ok "... the note that the board is turned gives way" hides f "turned 30 degrees" ||
    screen_of f | sed 's/^/# | /'

tap_ok "... and nothing is drawn past the panel, into the message line" \
    row_is f 23 "Blue agrees to the draw offered by Yellow; Red is still asked"
line f quit
gone f >/dev/null

# --- the room gone for good: its name and the reason whole in the panel ---------------------------
# (the same player joining from elsewhere: the room says goodbye to the first screen)
# panel_has NAME X TEXT: the panel's rows (from column X, counted in characters, the board's
# dots being 2 bytes) joined without blanks hold TEXT
panel_has() {
    screen_of "$1" | LC_ALL=C.UTF-8 sed -E "s/^.{0,$2}//" | tr -d ' \n' | grep -qF -- "$3"
}
# (three players' seats and clocks: the panel's place for a long message below them was too
# short for the reason)
start l1 xterm --room longn hr-mccooey3 --clock 10+5 --name alice --seat Red 2>"$tmp/l1.err"
wait_for l1 ">Red    alice    here" >/dev/null
start l2 xterm --room longn --name alice 2>"$tmp/l2.err"
tap_ok "a room gone for good: the panel says so" wait_for l1 "DISCONNECTED from"
tap_ok "... with the room's whole name (wrapped)" panel_has l1 58 "DISCONNECTEDfromlongn"
why="theroomclosedtheconnection:youjoinedthisroomagainfromelsewhere(asecondseatfromone"
why="${why}loginneedsanother--name);theboardshowsthegameastheroomlasthadit:quitandjointhe"
why="${why}roomagaintogoon"
tap_ok "... and the reason whole at 80x24, down to what to do" wait_until panel_has l1 58 "$why" ||
    screen_of l1 | sed "s/^/# | /"
T resize-window -t l1 -x 100 -y 30
tap_ok "... and at 100x30" wait_until panel_has l1 78 "DISCONNECTEDfromlongn$why"
for w in l1 l2; do
    line "$w" quit
    gone "$w" >/dev/null
done

room_check_logs
tap_done
