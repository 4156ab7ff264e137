#!/bin/sh
# screen_game.sh — the screen around a game, in tmux: the computer's thinking shown as it goes
# (depth, best move so far, time left, fitting the width) and stopped by a key, for `go`,
# `hint`, `analyse` (its lines so far in the panel) and the computer's own turns, the key (but
# Esc) beginning the next line; a resize while it thinks; a plain start says when a saved game
# is waiting, or how the saved game ended; going through a loaded game with PgUp, PgDn, Home and
# End, and a move from an earlier position.
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home

last_msg() { screen_of "$1" | sed -n 23p; } # the message line of a 80x24 window
seconds_left() { last_msg "$1" | sed -n 's/.*, \([0-9.]*\) s left.*/\1/p'; }

# --- hint: shown at once, updated, then the answer ---------------------------------------
start h screen --no-save --time 10 glinski
wait_for h "White to move" >/dev/null
enter h hint
tap_ok "hint: the thinking line appears at once" wait_for h "looking for a hint (a key stops it)"
panel_names() { # panel_names NAME WORDS: the panel says WORDS..., not "computer thinking"
    wait_for "$1" "$2..." >/dev/null && hides "$1" "computer thinking"
}
tap_ok "hint: the panel says so, not that the computer thinks (of its own move)" \
    panel_names h "looking for a hint"
tap_ok "hint: it shows the depth and the best move so far" wait_for h ", best "
below() { # below A B: both numbers, B the smaller
    awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && b != "" && b + 0 < a + 0) }'
}
has_first() { first=$(seconds_left h) && [ -n "$first" ]; }
wait_until has_first
second=$first
counted_down() { second=$(seconds_left h) && below "$first" "$second"; }
wait_until counted_down
tap_ok "hint: the time left counts down ($first, then $second)" below "$first" "$second"
tap_ok "hint: the answer replaces it" wait_for h "hint: "
tap_ok "hint: no move was played" wait_for h "White to move"

# --- the clock in the panel goes on counting while the computer thinks ---------------------
enter h quit
gone h >/dev/null
thinking k --no-save --clock 10 --time 10 glinski >/dev/null
panel_clock() { # White's clock in the panel, in seconds
    screen_of "$1" | sed -n 's/.*White  *\([0-9]*\):\([0-9.]*\) <$/\1 \2/p' |
        awk '{ print $1 * 60 + $2 }'
}
has_first() { first=$(panel_clock k) && [ -n "$first" ]; }
wait_until has_first
second=$first
clock_ran() { second=$(panel_clock k) && below "$first" "$second"; }
wait_until clock_ran
tap_ok "go: the panel's clock counts down while it thinks ($first, then $second)" \
    below "$first" "$second"
tap_ok "... and the computer is still thinking" shows_re k "^thinking \(a key stops it\)"
keys k Escape
wait_for k "computer: 1. " >/dev/null
tap_eq "go: Esc only stops it, typing nothing" "move>" "$(row k 24)"
enter k quit
gone k >/dev/null

# --- go stopped by a letter: its move, and the letter begins the next line (as for analyse) ----
thinking l --no-save --time 20 glinski >/dev/null
text l "u"
tap_ok "go: a letter stops it, its move is played" wait_for l "computer: 1. "
tap_eq "... and the letter is on the input line, the next line begun" "move> u" "$(row l 24)"
text l "ndo"
keys l Enter
tap_ok "... which goes on as typed (undo)" wait_for l "took back 1. "
enter l quit
gone l >/dev/null

# --- a resize while it thinks: the whole screen again at the new size, the search goes on ------
thinking z --no-save --time 20 glinski >/dev/null
for size in 100x30 60x20; do
    cols=${size%x*} rows=${size#*x}
    T resize-window -t z -x "$cols" -y "$rows"
    redrawn() { # at the new size: the prompt on its last row, the title bar as wide
        [ "$(row z "$rows")" = "move>" ] && [ "$(row z 1 | awk '{ print length }')" = $((cols - 1)) ]
    }
    wait_until redrawn
    tap_eq "resized to $size while thinking: the input line is the last row, once" \
        "move>|1" "$(row z "$rows")|$(screen_of z | grep -c 'move>')"
    tap_ok "... the thinking line above it" \
        shows_re z "^thinking( \(a key stops it\))?: depth"
    tap_eq "... the title bar at the top, as wide as the terminal" \
        " cellmate:|$((cols - 1))" "$(row z 1 | cut -c1-10)|$(row z 1 | awk '{ print length }')"
done
tap_ok "... the status panel is drawn again" shows_re z "^ *White to move|  White to move *\$"
tap_ok "... and the search goes on" shows_re z "^thinking( \(a key stops it\))?: depth"
keys z Escape
tap_ok "... then its move comes" wait_for z "computer: 1. "
enter z quit
gone z >/dev/null

# --- the thinking line fits 80 columns whole, the clock last; a narrower one leaves out the
# clock (the panel or the status line shows it), then the key's note, the rest whole ---------
thinking w --no-save --clock 10 glinski >/dev/null
whole80() {
    row w 23 | grep -Eq '^thinking \(a key stops it\): depth [0-9]+, best [^ ]+ \([^)]*\), [0-9.]+ s left, clock [0-9:.]+$'
}
tap_ok "80 columns: the whole thinking line, its clock last" wait_until whole80
T resize-window -t w -x 60 -y 24
whole60() { row w 23 | grep -Eq '^thinking: depth [0-9]+, best [^ ]+ \([^)]*\), [0-9.]+ s left$'; }
tap_ok "60 columns: without the clock and the key's note, the rest whole" wait_until whole60
keys w Escape
wait_for w "computer: 1. " >/dev/null
enter w quit
gone w >/dev/null

# two quick resizes leave ncurses a resize key queued before the Esc: the Esc still stops the
# search without also wiping the computer's move off the message line
thinking r --no-save --time 20 glinski >/dev/null
T resize-window -t r -x 100 -y 30
sleep 0.1
T resize-window -t r -x 60 -y 20
sleep 0.1
keys r Escape
tap_ok "resized twice at once, then Esc: the computer's move is shown" wait_for r "computer: 1. "
enter r quit
gone r >/dev/null
start h screen --no-save --time 10 glinski
wait_for h "White to move" >/dev/null

# --- analyse: the thinking line, the lines found so far in the panel; a key stops it ----------
start a screen --no-save --time 30 glinski
wait_for a "White to move" >/dev/null
enter a analyse
tap_ok "analyse: the thinking line appears at once" wait_for a "analysing (a key stops it)"
tap_ok "analyse: the panel says so too" panel_names a "analysing"
panel_depth() { screen_of "$1" | sed -n 's/^.*  depth \([0-9]*\) line 1: .*$/\1/p' | head -n 1; }
i=0
while [ -z "$(panel_depth a)" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
first=$(panel_depth a)
tap_ok "analyse: the panel shows the deepest line found so far (depth $first)" test -n "$first"
i=0
while [ "$(panel_depth a)" = "$first" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
second=$(panel_depth a)
tap_ok "... and follows the search deeper ($first, then $second)" \
    test -n "$second" -a "${second:-0}" -gt "${first:-0}"
tap_ok "... while it goes on" shows_re a "^analysing \(a key stops it\): depth"
text a "x"
tap_ok "analyse: a key stops it, its best move and lines so far are shown" \
    wait_for a "analyse interrupted by a key: best "
panel_has() { screen_of "$1" | cut -c59- | tr '\n' ' ' | tr -s ' ' | grep -q -- "$2"; } # 80 cols
# the panel is drawn after the message line; the line may be of a depth cut short
panel_wait() { # panel_wait NAME PATTERN: up to 10 s
    i=0
    until panel_has "$1" "$2" || [ $i -ge 100 ]; do sleep 0.1; i=$((i + 1)); done
    panel_has "$1" "$2"
}
tap_ok "... in full in the panel" \
    panel_wait a 'interrupted by a key: best .*; depth [0-9]* line 1: .* s\(, unfinished\)*)'
tap_ok "... not on a page that would take the key" hides a "any key closes"
tap_eq "... and the key went to the input line" "move> x" "$(row a 24)"
keys a C-u
enter a quit
gone a >/dev/null
start a screen --no-save --time 0.5 glinski
wait_for a "White to move" >/dev/null
enter a analyze
tap_ok "analyze (the same) to its end: the thinking line" wait_for a "analysing (a key stops it)"
tap_ok "... then the lines on a page" wait_for a "analyse: best "
tap_ok "... one per depth" shows_re a "^ depth 1 line 1: "
keys a q
tap_ok "... closed by a key" wait_for a "White to move"
enter a quit
gone a >/dev/null

# --- go: a key stops the search, the move is played at once, the key is typed ------------
enter h quit
gone h >/dev/null
start g screen --no-save --time 60 glinski
wait_for g "White to move" >/dev/null
enter g go
tap_ok "go: the computer says it is thinking" wait_for g "thinking (a key stops it)"
wait_for g ", best " >/dev/null
text g "x"
tap_ok "go: a key stops it and its best move so far is played" wait_for g "computer: 1. "
tap_ok "go: Black is to move" wait_for g "Black to move"
tap_eq "go: the key went to the input line" "move> x" "$(row g 24)"
keys g C-u

# Esc stops a hint and its answer stays (Esc does not also clear the message line)
enter g hint
wait_for g ", best " >/dev/null
keys g Escape
tap_ok "hint: Esc stops it and its answer is shown" wait_for g "hint: "
sleep 0.5
# (on the message line, or wrapped at the bottom of the panel when too long for it: stopped
# in the middle of a depth on a loaded machine, the answer says "unfinished" and is longer)
stays() {
    screen_of g | grep -q "^hint: " || panel_text g | grep -qF " hint: " ||
        { screen_of g | sed 's/^/# | /'; false; }
}
tap_ok "... and stays" stays

# --- the computer's turn: the same line, and a key hands the keyboard back -----------------
enter g "ai all"
tap_ok "ai all: the computer's turn shows the thinking line" \
    wait_for g "thinking (a key stops it)"
text g "a"
tap_ok "ai all: a key stops the computer's turns" wait_for g "move> a"
sleep 1
tap_ok "... and it does not think again by itself" hides g "is thinking"
keys g C-u
enter g "ai off"
tap_ok "ai off is taken" wait_for g "the computer plays no side"
enter g quit
gone g >/dev/null

# --- undo against the computer: back to before the person's own last move, once ------------------
start u screen --no-save --depth 1 --ai black glinski
wait_for u "White to move" >/dev/null
enter u e5
wait_for u "computer: 1... " >/dev/null
enter u Nc3
tap_ok "against the computer: it replies" wait_for u "computer: 2... "
enter u undo
tap_ok "undo takes back the person's move and the reply" wait_for u "took back 2. Nc3, 2... "
tap_ok "... on the message line, not a page" hides u "any key closes"
rounds() { screen_of "$1" | cut -c59- | grep -cE '^ *[0-9]+\. '; } # the panel's, 80 columns
one_round() { [ "$(rounds u)" = 1 ]; }
wait_until one_round
tap_eq "... the first round stays in the panel" "1" "$(rounds u)"
tap_ok "... the person is to move" wait_for u "White to move"
sleep 1
tap_eq "... and the computer does not play again by itself" "1" "$(rounds u)"
enter u undo
tap_ok "undo again: the first moves" wait_for u "took back 1. e5, 1... "
enter u quit
gone u >/dev/null
# the computer on every side (a key hands the keyboard back): undo takes back one move, as in
# the scripted mode, and the computer waits (Glinski's fool's mate but its last move: the
# game ends at once, as it pauses between the moves it plays)
printf '[Variant "glinski"]\n\n1. Qc3 Qc6 2. b2 b6 3. Bb1 e6 *\n' >"$tmp/fool.pgn"
start a screen --no-save --depth 1 --load "$tmp/fool.pgn"
wait_for a "White to move" >/dev/null
enter a "ai all"
tap_ok "ai all: the computer plays the game to its end" wait_for a "; result "
last=$(last_msg a | sed -n 's/^computer: \([^;]*\);.*/\1/p') # "77. Rb2#"
case $last in *...*) mover=Black ;; *) mover=White ;; esac
enter a undo
tap_ok "... undo takes back its last move only ($last)" wait_for a "took back $last"
tap_ok "... on the message line, not a page" hides a "any key closes"
tap_ok "... $mover, the computer, is to move" wait_for a "$mover to move"
sleep 1
tap_ok "... and waits" wait_for a "took back $last"
enter a quit
gone a >/dev/null
# on every side at level 1 it would play many moves a second: it pauses between them, so
# that they can be followed (the scripted mode, for which nobody watches, does not)
start pz screen --no-save --level 1 --clock 5 glinski
wait_for pz "White to move" >/dev/null
t0=$(date +%s.%N)
enter pz "ai all"
wait_for pz "computer: 1. " >/dev/null
tap_ok "ai all: its moves come one by one" wait_for pz "computer: 1... "
sleep 2
text pz "a"
wait_for pz "move> a" >/dev/null
t1=$(date +%s.%N)
msg=$(last_msg pz)
running() { screen_of pz | grep -oE '[0-9]+:[0-9]{2}(\.[0-9])? <' | head -n 1; }
runs() { [ -n "$(running)" ]; }
wait_until runs # (held, a clock is drawn without the mark of the running one)
c1=$(running)
sleep 1.5
tap_eq "... a key stops them" "$msg" "$(last_msg pz)"
tap_ok "... and the clock of the side to move runs again ($c1, then $(running))" \
    test -n "$c1" -a "$c1" != "$(running)"
keys pz BSpace
enter pz "ai off" # (any line after the key lets the computer go on, as after its thinking)
wait_for pz "the computer plays no side" >/dev/null
enter pz fen
wait_for pz " - " >/dev/null
# the plies played: 2 a move number before this one, 1 more with Black to move; at most the
# first and one more every 0.8 s after it, in the time from ai all to the key
plies=$(last_msg pz | awk '{ print 2 * ($NF - 1) + ($(NF - 3) == "b") }')
most=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print 1 + int((b - a) / 0.8) }')
tap_ok "... at least 0.8 s apart: $plies plies in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s, at most $most" \
    test "${plies:-99}" -le "$most"
quit pz

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
enter r resign
tap_ok "... Black resigns it" wait_for r "result 1-0: White wins by resignation"
enter r quit
gone r >/dev/null
# a game that ended is not waiting: a plain start says how it ended, and the computer, whose
# turn it is in the new game, plays at once (no message to be read first)
start e screen glinski
tap_ok "the saved game ended: a plain start says how" \
    wait_for e "Your last game ended (result 1-0: White wins by resignation)"
tap_ok "... not that it is waiting" hides e "saved game is waiting"
enter e quit
gone e >/dev/null
start e screen --depth 1 --ai white glinski
tap_ok "... the computer plays the new game's first move at once" wait_for e "computer: 1. "
enter e quit
gone e >/dev/null

# --- a loaded game where the computer is to move: it moves without a key ------------------------
cat >"$tmp/its-turn.pgn" <<'PGN'
[Variant "glinski"]
[White "Anna"]
[Black "cellmate"]
[Result "*"]

1. e5 *
PGN
start t screen --no-save --depth 2 --load "$tmp/its-turn.pgn"
tap_ok "a loaded game at the computer's turn: it moves at once" wait_for t "computer: 1... "
enter t draw
tap_ok "the computer's side is not drawn for it" wait_for t "the computer does not agree to draws"
enter t "resign black"
tap_ok "... nor resigned for it" wait_for t "Black is the computer's, which plays on"
tap_ok "... and the game goes on" wait_for t "White to move"
enter t quit
gone t >/dev/null

# --- going through a loaded game ---------------------------------------------------------------
printf 'go\ngo\ngo\ngo\nsave %s\nundo\nundo\nsave %s\n' "$tmp/four.pgn" "$tmp/two.pgn" |
    "$CELLMATE" --batch --depth 2 glinski >/dev/null
board_of() { screen_of "$1" | sed -n '1,22p' | cut -c1-56 | sed 's/ *$//'; } # no panel
start two screen --no-save --load "$tmp/two.pgn"
start l screen --no-save --load "$tmp/four.pgn"
wait_for two "White to move" >/dev/null
wait_for l "White to move" >/dev/null
tap_ok "load: the whole game is shown" hides l "shown"
keys l PPage
tap_ok "PgUp: a move back, named as a player names it (no count of plies called moves)" \
    wait_for l "shown: after 2. "
tap_ok "... the status panel says so" shows_re l ' after 2\. [^ ]+ *$'
tap_ok "... and counts no moves" hides l " of 4"
tap_ok "... Black is to move in the position shown" wait_for l "Black to move"
keys l PPage
tap_ok "PgUp again: two plies back, after Black's first move" wait_for l "shown: after 1... "
tap_eq "... the board is the one of the game two moves shorter" "$(board_of two)" "$(board_of l)"
keys l Home
tap_ok "Home: the start" wait_for l "shown: the start ("
keys l NPage
tap_ok "PgDn: a ply forward" wait_for l "shown: after 1. "
keys l End
tap_ok "End: the game as it is, after its last move" wait_for l "the game as it is, after 2... "
tap_ok "... nothing changed: White to move" wait_for l "White to move"
keys l PPage
keys l PPage
wait_for l "shown: after 1... " >/dev/null
enter l "Qa4" # no queen reaches a4 in the game the computer played at depth 2
tap_ok "a move illegal in the position shown is refused there" \
    wait_for l "no White Queen can go to a4"
tap_ok "... the message says which position it was read in" \
    wait_for l "(in the position shown, after 1... "
# "he" is no command (help is, as session_line reads it): it too is read in the position shown
enter l "he"
tap_ok "a word that only begins a command's name is read as a move of the position shown" \
    wait_for l "no destination cell (in the position shown, after 1... "
tap_ok "... not as a line of the game as it is" hides l "neither a move nor a command"
last=$(printf 'moves\n' | "$CELLMATE" --batch --load "$tmp/two.pgn" 2>/dev/null | tail -n 1 |
    sed 's/^[^:]*: //' | tr ' ' '\n' | grep -v '^$' | tail -n 1)
enter l "$last"
tap_ok "a move from the position shown asks first ($last)" \
    wait_for l "Enter $last again to play it from the position shown, taking back 2. "
tap_ok "... the moves taken back named by the first and the last" wait_for l " to 2... "
tap_ok "... the long message shown once, whole in the panel" \
    shows_re l ' {2,}Enter [^ ]+ again to play *$'
tap_eq "... and not again, cut, on the message line" "" "$(row l 23)"
tap_ok "... and has not changed the game" shows_re l ' after 1\.\.\. [^ ]+ *$'
enter l "$last"
tap_ok "entered again: the game goes on from there" wait_for l "Black to move"
tap_ok "... the move is the game's third" shows_re l "^ *2\. $last"
tap_ok "... and the earlier position is no longer shown" hides l "shown"
enter l "pgn"
tap_ok "... the record has three moves" wait_for l "2. $last *"
keys l q
enter l quit
enter two quit
gone l >/dev/null
gone two >/dev/null

tap_done
