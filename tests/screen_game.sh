#!/bin/sh
# screen_game.sh — the screen around a game, in tmux: the computer's thinking shown as it
# goes (depth, best move so far, time left) and stopped by a key, for `go`, `hint` and the
# computer's own turns; a plain start says when a saved game is waiting.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

text() { T send-keys -t "$1" -l "$2"; }
enter() { text "$1" "$2" && keys "$1" Enter; }
last_msg() { screen_of "$1" | sed -n 23p; } # the message line of a 80x24 window
seconds_left() { last_msg "$1" | sed -n 's/.*, \([0-9.]*\) s left.*/\1/p'; }

# --- hint: shown at once, updated, then the answer ---------------------------------------
start h screen --no-save --time 3 glinski
wait_for h "White to move" >/dev/null
enter h hint
tap_ok "hint: the thinking line appears at once" wait_for h "looking for a hint (a key stops it)"
tap_ok "hint: it shows the depth and the best move so far" wait_for h ", best "
first=$(seconds_left h)
sleep 0.6
second=$(seconds_left h)
tap_ok "hint: the time left counts down ($first, then $second)" \
    awk -v a="$first" -v b="$second" 'BEGIN { exit !(a != "" && b != "" && b + 0 < a + 0) }'
tap_ok "hint: the answer replaces it" wait_for h "hint: "
tap_ok "hint: no move was played" wait_for h "White to move"

# --- go: a key stops the search, the move is played at once, the key is typed ------------
enter h quit
gone h >/dev/null
start g screen --no-save --time 60 glinski
wait_for g "White to move" >/dev/null
enter g go
tap_ok "go: the computer says it is thinking" wait_for g "the computer is thinking (a key stops it)"
wait_for g ", best " >/dev/null
text g "x"
tap_ok "go: a key stops it and its best move so far is played" wait_for g "computer: 1. "
tap_ok "go: Black is to move" wait_for g "Black to move"
tap_eq "go: the key went to the input line" "move> x" "$(row g 24)"
keys g C-u

# --- the computer's turn: the same line, and a key hands the keyboard back -----------------
enter g "ai all"
tap_ok "ai all: the computer's turn shows the thinking line" \
    wait_for g "the computer is thinking (a key stops it)"
text g "a"
tap_ok "ai all: a key stops the computer's turns" wait_for g "move> a"
sleep 1
tap_ok "... and it does not think again by itself" hides g "is thinking"
keys g C-u
enter g "ai off"
tap_ok "ai off is taken" wait_for g "the computer plays nobody"
enter g quit
gone g >/dev/null

# --- a plain start says when a saved game is waiting ----------------------------------------
start n screen glinski
wait_for n "White to move" >/dev/null
tap_ok "no saved game: the usual first message" wait_for n "Type a move and Enter"
enter n e5
tap_ok "a move is played and saved" wait_for n "Black to move"
enter n quit
gone n >/dev/null
start w screen
tap_ok "a plain start: the saved game is mentioned" wait_for w "A saved game is waiting: quit and start"
tap_ok "... with --resume" wait_for w "cellmate --resume to continue it"
enter w quit
gone w >/dev/null
start r screen --resume
tap_ok "--resume: the saved game, without that message" wait_for r "Black to move"
tap_ok "... not mentioned as waiting" hides r "saved game is waiting"
enter r quit
gone r >/dev/null

tap_done
