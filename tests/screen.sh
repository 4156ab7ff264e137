#!/bin/sh
# screen.sh — the ncurses client driven in tmux as a player would use it: start, moves,
# completion, an illegal move, undo, resize (and a terminal too small), help, save and load,
# quit, Ctrl-C, a hang-up that leaves a resumable save, '!' reaching the move reader, and the
# plain fallback for TERM=vt100. Screens are read with capture-pane.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home
SAVE="$XDG_STATE_HOME/cellmate/current.pgn"

# --- start: Haynie's game, the default ---------------------------------------------------
start a screen
tap_ok "start: the board and the status appear" wait_for a "White to move"
tap_eq "start: the prompt is on the last row" "move>" "$(row a 24)"
tap_ok "start: Black's back rank at the top (haynie.md)" shows_re a '11 +b   r   q   k   r   b'
tap_ok "start: White's back rank at the bottom" shows_re a '^ +1 +B   R   Q   K   R   B'

# --- a move ------------------------------------------------------------------------------------
line a "a5"
tap_ok "a move: its line appears in the message area" wait_for a "1. a5"
tap_ok "a move: Black is to move" wait_for a "Black to move"
tap_ok "a move: Black's side comes to the bottom, rank 1 on top" shows_re a '^ +1  B   R   K   Q   R   B  1'
tap_ok "a move: the pawn stands on a5 (seen from Black, rank 5 ends with it)" \
    shows_re a '^ *5 .*[[]P[]] 5'

# --- completion ----------------------------------------------------------------------------------
keys a "N"
keys a Tab
tap_ok "completion: Tab lists Black's four knight moves" wait_for a "4 possible: Nd7 Ne7 Nh7 Ni7"
keys a C-u
text a s
keys a Tab
tap_ok "completion: no room-only command (say) outside a room" wait_for a "2 possible: save show"
keys a C-u

# --- an illegal move --------------------------------------------------------------------------
line a "Nf6"
tap_ok "an illegal move is explained" wait_for a "no Black Knight can go to f6"
tap_ok "an illegal move changes nothing" wait_for a "Black to move"

# --- '!' is not history expansion ---------------------------------------------------------
line a "K!d4"
tap_ok "a '!' line reaches the move reader" \
    wait_for a "no Black piece can capture on d4 without moving (in 'K!d4')"

# --- undo --------------------------------------------------------------------------------------
line a "undo"
tap_ok "undo takes the move back" wait_for a "took back 1. a5"
tap_ok "undo: White is to move again" wait_for a "White to move"

# --- resize --------------------------------------------------------------------------------------
T resize-window -t a -x 100 -y 30
prompt_on() { [ "$(row a "$1")" = "move>" ]; } # prompt_on ROW
wait_until prompt_on 30
tap_eq "resize: larger, the prompt moves to the new last row" "move>" "$(row a 30)"
T resize-window -t a -x 40 -y 10
tap_ok "resize: too small, a clear message" wait_for a "Too small for this board: it needs"
T resize-window -t a -x 80 -y 24
tap_ok "resize: back to 80x24, the board again" wait_for a "White to move"

# --- help ----------------------------------------------------------------------------------------
keys a "?"
tap_ok "help: ? opens the help page" wait_for a "cellmate help"
not_showing() { [ "$(screen_of "$1")" != "$2" ]; } # not_showing NAME SCREEN: it changed
page_to() { # page_to NAME TEXT: space through a page until TEXT shows (up to 60 pages); each
    # space waits for its page, or the next would skip one (or close the last)
    for _ in $(seq 60); do
        page=$(screen_of "$1")
        printf '%s\n' "$page" | grep -qF -- "$2" && return 0
        keys "$1" " "
        wait_until not_showing "$1" "$page" || return 1
        sleep 0.3 # (a page caught half drawn would count as one, and the next space skip one)
    done
    screen_of "$1" | grep -qF -- "$2"
}
tap_ok "help: a later page lists the pieces of the variant" \
    page_to a "W Wazir: one orthogonal step"
keys a "q"
tap_ok "help: q closes it" wait_for a "White to move"

# --- save and load -------------------------------------------------------------------------
line a "a5"
wait_for a "1. a5" >/dev/null
line a "save one.pgn"
tap_ok "save reports the file" wait_for a "saved to one.pgn"
line a "b7"
wait_for a "1... b7" >/dev/null
line a "load one.pgn"
tap_ok "load restores the saved game" \
    wait_for a "loaded one.pgn: Haynie's Hexagonal Chess, move 1, Black to move"

# --- quit: the game in progress is saved --------------------------------------------------
line a "quit"
tap_ok "quit ends the program" gone a
tap_ok "quit leaves the game saved" grep -q "^1. a5 \*" "$SAVE"

# --- a hang-up (SSH drop) saves, and --resume continues --------------------------------------
start b screen glinski
wait_for b "White to move" >/dev/null
line b "Nc3"
wait_for b "1. Nc3" >/dev/null
pid=$(T display -p -t b '#{pane_pid}')
kill -HUP "$pid"
tap_ok "SIGHUP ends the program" gone b
tap_ok "SIGHUP leaves the game saved" grep -q "^1. Nc3 \*" "$SAVE"
want=$(printf 'Nc3\nfen\n' | "$CELLMATE" --variant glinski | tail -n 1)
tap_eq "--resume continues the saved game" "$want" \
    "$(echo fen | "$CELLMATE" --resume --no-save)"

# --- Ctrl-C saves and quits ----------------------------------------------------------------------
start c screen mccooey
wait_for c "White to move" >/dev/null
line c "Nd4"
wait_for c "1. Nd4" >/dev/null
keys c C-c
tap_ok "Ctrl-C ends the program" gone c
tap_ok "Ctrl-C leaves the game saved" grep -q "^1. Nd4 \*" "$SAVE"

# --- a crash signal: the terminal is restored before the program dies ----------------------
for sig in SEGV TERM; do
    rm -f "$tmp/stty.$sig" "$tmp/done.$sig"
    run_in "crash$sig" \
        "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME $CELLMATE glinski; stty -a > $tmp/stty.$sig; touch $tmp/done.$sig; sleep 30"
    wait_for "crash$sig" "White to move" >/dev/null
    shell=$(T display -p -t "crash$sig" '#{pane_pid}')
    pid=$(pgrep -P "$shell" | head -n 1)
    kill -s "$sig" "$pid"
    i=0
    while [ ! -f "$tmp/done.$sig" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    tap_ok "SIG$sig: the terminal is back in line mode with echo" \
        sh -c "grep -Eq '(^| )icanon( |$)' '$tmp/stty.$sig' && grep -Eq '(^| )echo( |$)' '$tmp/stty.$sig'"
    T kill-session -t "crash$sig" 2>/dev/null
done

# --- the computer: it answers, undo goes back to your own move, a key stops "ai all" -------
start e screen --time 0.2 haynie
wait_for e "White to move" >/dev/null
line e "ai Black"
tap_ok "ai: the computer takes a side" wait_for e "the computer plays Black"
line e "level 3"
tap_ok "level: the status panel shows the computer's level" wait_for e "computer's level: 3"
line e "save $tmp/level.pgn"
tap_ok "level: the record names the computer with its level" \
    sh -c "for i in 1 2 3 4 5 6 7 8 9 10; do grep -qF '[Black \"cellmate (level 3)\"]' '$tmp/level.pgn' 2>/dev/null && exit 0; sleep 0.5; done; exit 1"
line e "Nc5"
tap_ok "ai: it answers a move" wait_for e "computer: 1..."
tap_ok "ai: then it is the player's turn again" wait_for e "White to move"
line e "undo"
tap_ok "undo against the computer goes back to the player's own move" \
    wait_for e "took back 1. Nc5"
sleep 1
tap_ok "... and the computer does not move again by itself" hides e "computer: 1..."
line e "ai all"
sleep 1
line e "ai off"
tap_ok "ai all: typing ai off stops the computer" wait_for e "the computer plays no side"
line e "quit"
gone e >/dev/null

# --- --level alone asks for an easy opponent: the start says the computer plays no side yet --
# (a state directory of its own: a start-up note about the last game, which the games above
# may have ended, would stand in the note's place)
mkdir -p "$tmp/state-l"
state=$XDG_STATE_HOME XDG_STATE_HOME=$tmp/state-l
start l screen --no-save --level 1 glinski
XDG_STATE_HOME=$state
tap_ok "--level without --ai: the start says how to make the computer the opponent" \
    wait_for l "The computer plays no side: 'ai Black' makes it your opponent, at level 1."
line l "quit"
gone l >/dev/null
# ... after the note that the last game ended, too
mkdir -p "$tmp/state-e"
state=$XDG_STATE_HOME XDG_STATE_HOME=$tmp/state-e
start le screen glinski
wait_for le "White to move" >/dev/null
line le "resign"
wait_for le "White resigns" >/dev/null
line le "quit"
gone le >/dev/null
start le screen --level 2 glinski
XDG_STATE_HOME=$state
ended_then_how() { wait_for le "Your last game ended" && wait_for le "'ai Black' makes it your opponent, at level 2"; }
tap_ok "... and after the note that the last game ended" ended_then_how
line le "quit"
gone le >/dev/null
start m screen --no-save --ai black --level 1 glinski
wait_for m "White to move" >/dev/null
tap_ok "... not when it plays a side" hides m "The computer plays no side"
line m "quit"
gone m >/dev/null

# --- perft: its progress while it counts, Ctrl-C and Esc stop it (the game goes on) ----------
start f screen --no-save peanut
wait_for f "White to move" >/dev/null
line f "Nc5"
wait_for f "Black to move" >/dev/null
line f "perft 9"
tap_ok "perft: how far it has counted is shown while it counts" \
    wait_for f "perft 9 (a key stops it): move "
leaves() { screen_of f | sed -n 's/^perft 9 (a key stops it): .*, \([0-9]*\) leaves, .*/\1/p'; }
first=$(leaves)
sleep 1
tap_ok "perft: ... and it moves on ($first, then $(leaves) leaves)" \
    test "$(leaves)" -gt "${first:-0}"
keys f C-c
tap_ok "perft: Ctrl-C stops the count and says so" wait_for f "perft 9: interrupted after"
tap_ok "perft: ... the program goes on, the game as it was" wait_for f "Black to move"
line f "undo"
tap_ok "perft: ... with its moves" wait_for f "took back 1. Nc5"
line f "perft 9"
wait_for f "perft 9 (a key stops it)" >/dev/null
keys f Escape
tap_ok "perft: Esc stops the count too" wait_for f "perft 9: interrupted after"
tap_eq "perft: ... and types nothing" "move>" "$(row f 24)"

# --- a hang-up while a page is open; perft interrupted by a key -------------------------------
line f "perft 9"
sleep 1
keys f "x"
tap_ok "a key interrupts a long perft" wait_for f "perft 9: interrupted after"
tap_eq "... and begins the next line, as for analyse" "move> x" "$(row f 24)"
keys f C-u
keys f "?"
wait_for f "cellmate help" >/dev/null
pid=$(T display -p -t f '#{pane_pid}')
kill -HUP "$pid"
tap_ok "SIGHUP while a page is open ends the program" gone f

# --- starting cellmate does not replace the saved game ----------------------------------
# (first a game in progress to replace: one of the games above may have ended, and an ended
# game is kept as ended-DATE, not as previous.pgn)
one_move() { # one_move VARIANT MOVE: a screen that plays White's MOVE, then quits
    start g screen "$1"
    wait_for g "White to move" >/dev/null
    line g "$2"
    wait_for g "1. $2" >/dev/null
    line g "quit"
    gone g >/dev/null
}
one_move glinski e5
before=$(cat "$SAVE")
start g screen chessagon
wait_for g "White to move" >/dev/null
line g "quit"
gone g >/dev/null
tap_eq "a new screen that makes no move leaves the saved game alone" "$before" "$(cat "$SAVE")"
one_move chessagon lj7
kept_as() { # the previous*.pgn that holds exactly the text $1 (previous.pgn may hold an
    # earlier game in progress, which is then not replaced: previous-2.pgn, ...)
    for f in "$XDG_STATE_HOME"/cellmate/previous*.pgn; do
        [ "$(cat "$f")" = "$1" ] && basename "$f"
    done
}
kept() { test -n "$(kept_as "$before")"; }
tap_ok "its first move keeps the game it replaces, as previous.pgn or previous-N.pgn" \
    wait_until kept # a loaded machine may not have ended the screen within gone's wait

# --- clocks: shown, counting down, and a flag that falls ---------------------------------------
start k screen --no-save --clock 0.25+1 glinski
tap_ok "clocks: each player's time is in the status panel" wait_for k "Black       0:15.0"
tap_ok "clocks: the side to move's clock runs" wait_until shows_re k "White +0:1[0-4]\.[0-9] <"
line k "Nc3"
wait_for k "1. Nc3" >/dev/null
tap_ok "clocks: after a move the other clock runs" wait_until shows_re k "Black +0:1[0-4]\.[0-9] <"
tap_ok "clocks: the increment was added to White's time" shows_re k "White +0:1[0-6]\.[0-9]\$"
tap_ok "clocks: Black's flag falls" wait_for k "Black's time is up"
tap_ok "clocks: the status panel shows how it ended" wait_for k "White wins by time"
line k "quit"
gone k >/dev/null

# --- TERM=vt100: plain ASCII ------------------------------------------------------------------
start d vt100 peanut
tap_ok "vt100: the screen starts" wait_for d "White to move"
tap_ok "vt100: no Unicode on the screen" hides d "·"
line d "quit"
gone d >/dev/null

tap_done
