#!/bin/sh
# screen_saves.sh — no saved game is ever left where the player cannot find it. Real screens
# in tmux: a second screen's save (current-PID.pgn) is named with the command that continues
# it, and --resume=NAME does; a start tells of every save waiting and of a game another screen
# plays; new and load keep the game left (as previous.pgn, never over another game that goes
# on); a computer to move waits for 'go' while a saved game is waiting, and says so.
. "$TESTS_DIR/tap.sh"

tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home
DIR="$XDG_STATE_HOME/cellmate"
# the cellmate a window's shell runs
pid_of() { ps -o pid= --ppid "$(T display -p -t "$1" '#{pane_pid}')" | tr -d ' '; }
moves_of() { tail -n 1 "$1"; }
# keep NAME ARGS...: cellmate ARGS in a window wide enough for its long messages, which stays
# after it left (its output readable)
keep() {
    name=$1
    shift
    window "$name" 250x40 "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME \
LANG=C.UTF-8 $CELLMATE $*; echo 'window: done'; sleep 60"
}
start() { # start NAME TERM ARGS...: the same, for the windows quit ends
    name=$1
    shift 2
    keep "$name" "$@"
}
quit() { leave "$1" && T kill-session -t "$1"; }
leave() { # leave NAME: quit, and wait until the program has left
    enter "$1" quit
    wait_for "$1" "window: done" >/dev/null
}

# --- two screens at once: the second's save is named with its own command ---------------------
keep a glinski
wait_for a "White to move" >/dev/null
enter a e5
wait_for a "1. e5" >/dev/null
apid=$(pid_of a)
keep b mccooey
tap_ok "a second screen says another cellmate plays the saved game, which process" \
    wait_for b "Another cellmate (process $apid) is playing your saved game"
bpid=$(pid_of b)
tap_ok "... and where this game is saved instead" wait_for b "this game is saved apart, in current-$bpid.pgn"
tap_ok "... not that the game is waiting" hides b "A saved game is waiting"
enter b f5
wait_for b "1. f5" >/dev/null
leave b
tap_ok "its exit message names the command that continues exactly its save" \
    wait_for b "The game is saved in $DIR/current-$bpid.pgn; cellmate --resume=current-$bpid continues it."
tap_ok "... and no previous.pgn was made" test ! -e "$DIR/previous.pgn"
leave a
tap_ok "the first screen, leaving last: plain --resume continues its save" \
    wait_for a "The game is saved in $DIR/current.pgn; cellmate --resume continues it."
T kill-session -t a
T kill-session -t b
tap_eq "--resume=current-PID continues the second screen's game" "1. f5 *" \
    "$(echo pgn | "$CELLMATE" --batch --resume=current-$bpid 2>&1 | tail -n 1)"
out=$("$CELLMATE" --batch --resume=nosuch </dev/null 2>&1)
tap_eq "--resume=NAME of no save says so (exit 2)" \
    "2 cellmate: no saved game named nosuch to resume ($DIR/nosuch.pgn)" "$? $out"
out=$("$CELLMATE" --batch --resume=previous.pgn </dev/null 2>&1)
tap_eq "--resume=previous.pgn is --resume=previous (no previous save: said so, exit 2)" \
    "2 cellmate: no previous save to resume ($DIR/previous.pgn)" "$? $out"
out=$("$CELLMATE" --batch --resume=../x </dev/null 2>&1)
tap_eq "--resume=NAME takes only a save's name" \
    "2 cellmate: --resume takes =previous, =watch, =copy or a save's name (=current-1234), not '../x'" \
    "$? $out"

# --- a start tells of every save waiting ---------------------------------------------------------
start c screen glinski
tap_ok "a plain start: the newest save is waiting, for --resume" \
    wait_for c "A saved game is waiting: quit and start cellmate --resume to continue it"
tap_ok "... and the other one with its own command" \
    wait_for c "also waiting: current-$bpid.pgn (cellmate --resume=current-$bpid)"
notice=$(screen_of c | sed -n 39p)
quit c
# at 80x24 the message line cuts the notice short; the status panel shows it whole
small() { # small NAME ARGS...: keep's window at 80x24
    name=$1
    shift
    window "$name" 80x24 "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME \
LANG=C.UTF-8 $CELLMATE $*; echo 'window: done'; sleep 60"
}
panel_has() { # panel_has NAME TEXT: the status panel (characters 59 on) holds TEXT, wrapped
    [ -n "$2" ] || return 1
    screen_of "$1" | sed -n '1,22p' | perl -CS -ne 'print substr($_, 58)' | tr -d ' \n' |
        grep -qF -- "$(printf '%s' "$2" | tr -d ' ')"
}
small c80 glinski
wait_for c80 "White to move" >/dev/null
tap_ok "80x24: two saves waiting, the panel shows the whole notice (to its last command)" \
    wait_until panel_has c80 "$notice"
quit c80
start d screen --resume
tap_ok "--resume continues one game and names the other waiting" \
    wait_for d "also waiting: current-$bpid.pgn (cellmate --resume=current-$bpid)"
quit d
start e screen --resume=current-$bpid
tap_ok "--resume=current-PID on the screen continues that game" wait_for e "1. f5"
enter e f7
wait_for e "1... f7" >/dev/null
quit e
tap_eq "... and saves it where it was" "1. f5 f7 *" "$(moves_of "$DIR/current-$bpid.pgn")"
tap_ok "... leaving no lock file behind" test ! -e "$DIR/current-$bpid.lock"
rm -f "$DIR/current-$bpid.pgn"

# --- new and load keep the game left ------------------------------------------------------------
# (the run above kept a copy of the game it resumed as previous.pgn: that place was free)
rm -f "$DIR/previous.pgn"
start f screen --resume
wait_for f "Black to move" >/dev/null
enter f e6
wait_for f "1... e6" >/dev/null
enter f new
tap_ok "new over a game in progress says where the game left is kept" \
    wait_for f "the game you left is kept as previous.pgn; cellmate --resume=previous continues it"
tap_eq "... and it is there, whole" "1. e5 e6 *" "$(moves_of "$DIR/previous.pgn")"
enter f Nc3
wait_for f "1. Nc3" >/dev/null
printf '[Variant "glinski"]\n\n1. b3 *\n' >"$tmp/other.pgn"
enter f "load $tmp/other.pgn"
tap_ok "load over another game in progress: kept apart, previous.pgn being taken" \
    wait_for f "the game you left is kept as previous-2.pgn; cellmate --resume=previous-2 continues it"
tap_eq "... previous.pgn still holds the first game" "1. e5 e6 *" "$(moves_of "$DIR/previous.pgn")"
tap_eq "... and previous-2.pgn the second" "1. Nc3 *" "$(moves_of "$DIR/previous-2.pgn")"
enter f resign
wait_for f "wins by resignation" >/dev/null
enter f new
tap_ok "new over a game that has ended keeps nothing" wait_for f "new game: Glinski's Hexagonal Chess, White to move"
tap_ok "... and says nothing of it" hides f "the game you left"
quit f
tap_eq "--resume=previous-2 continues the game kept there" "1. Nc3 *" \
    "$(echo pgn | "$CELLMATE" --batch --resume=previous-2 2>&1 | tail -n 1)"

# --- a start over a waiting save: the first move keeps it, never over another game ------------
start g screen glinski
enter g e5
wait_for g "1. e5" >/dev/null
quit g
start h screen glinski
tap_ok "a waiting save whose place, previous.pgn, is taken: the message names where it goes" \
    wait_for h "(a move here starts a new game and keeps it as previous-3.pgn: cellmate --resume=previous-3)"
enter h Nc3
wait_for h "1. Nc3" >/dev/null
quit h
tap_eq "... it is kept there" "1. e5 *" "$(moves_of "$DIR/previous-3.pgn")"
tap_eq "... and previous.pgn is untouched" "1. e5 e6 *" "$(moves_of "$DIR/previous.pgn")"

start m screen --resume
wait_for m "Black to move" >/dev/null
enter m Nc6
wait_for m "1... Nc6" >/dev/null
quit m
tap_eq "a resumed game's first save does not replace previous.pgn's other game" "1. e5 e6 *" \
    "$(moves_of "$DIR/previous.pgn")"

start n screen --resume=previous.pgn
wait_for n "White to move" >/dev/null
enter n b3
wait_for n "2. b3" >/dev/null
quit n
tap_eq "--resume=previous.pgn, as --resume=previous, goes on saving in current.pgn" \
    "1. e5 e6 2. b3 *" "$(moves_of "$DIR/current.pgn")"

# --- the computer to move waits while a saved game is waiting, and says so -------------------
start k screen --depth 1 --ai white glinski
tap_ok "--ai white with a saved game waiting: the message says the computer waits for go" \
    wait_for k "the computer waits for 'go', so as not to start a new game over it"
enter k go
tap_ok "... and go starts it" wait_for k "computer: 1. "
quit k
keep k2 --ai white --level 1 mccooey
wait_for k2 "so as not to start a new game over it" >/dev/null
notice=$(screen_of k2 | sed -n 39p)
quit k2
small k80 --ai white --level 1 mccooey
wait_for k80 "White to move" >/dev/null
tap_ok "80x24: the computer's level shown too, the panel shows the whole notice" \
    wait_until panel_has k80 "$notice"
quit k80
# while it waits for the player, no clock runs: a 3-second game is not lost before go
keep k3 --depth 1 --clock 0.05 --ai white glinski
wait_for k3 "so as not to start a new game over it" >/dev/null
sleep 4
tap_ok "a short clock, the computer waiting for go: no flag falls meanwhile" hides k3 "time is up"
tap_ok "... White's clock stopped, near its full time" shows_re k3 "White +0:0(2\.[5-9]|3\.0)( |$)"
enter k3 go
tap_ok "... and go starts it, its clock running" wait_for k3 "computer: 1. "
quit k3
# --no-save overwrites nothing: the computer plays at once
keep k4 --no-save --depth 1 --ai white mccooey
tap_ok "--no-save with a saved game waiting: the computer does not wait for go" \
    wait_for k4 "computer: 1. "
tap_ok "... nor says it does" hides k4 "waits for 'go'"
quit k4

# --- a variant from a file its name does not find: the exit message's command names the file,
# and continues the game ----------------------------------------------------------------------
# (in a directory whose name puts the command past 128 bytes: it was cut there)
long="my files in a directory with a name long enough for a command past 128 bytes"
mkdir -p "$tmp/$long" "$tmp/state2"
cp "$TESTS_DIR/../variants/glinski.ini" "$tmp/$long/mine.ini"
real=$(cd "$tmp/$long" && pwd -P)/mine.ini
state=$XDG_STATE_HOME
XDG_STATE_HOME=$tmp/state2
keep m "'$tmp/$long/mine.ini'"
wait_for m "White to move" >/dev/null
enter m e5
wait_for m "1. e5" >/dev/null
leave m
tap_ok "a variant by path: the exit message's command names its file, quoted" \
    wait_for m "The game is saved in $tmp/state2/cellmate/current.pgn; cellmate --resume --variant '$real' continues it."
T kill-session -t m
tap_eq "... and that command continues it" "1. e5 *" \
    "$(echo pgn | sh -c "XDG_STATE_HOME='$tmp/state2' $CELLMATE --batch --resume --variant '$real'" 2>&1 | tail -n 1)"
XDG_STATE_HOME=$state

# --- a start reads each save once: what is waiting, what --resume continues and where a move
# here keeps it all come from one reading (it read current.pgn six times) -------------------
if command -v strace >/dev/null 2>&1 && strace -o /dev/null true 2>/dev/null; then
    noleaks= # (LeakSanitizer cannot work under ptrace)
    [ -n "${CELLMATE_SANITIZED:-}" ] && noleaks="-E ASAN_OPTIONS=detect_leaks=0"
    # (written a while before: a save written just before it is read is read again each time,
    # its time, kept coarsely, being maybe another's written just after: save_scan.h)
    touch -d "1 minute ago" "$DIR/current.pgn"
    window s 250x40 "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 \
strace $noleaks -f -qq -o $tmp/trace -e trace=openat $CELLMATE glinski; echo 'window: done'; sleep 60"
    wait_for s "A saved game is waiting" >/dev/null
    leave s
    T kill-session -t s
    tap_eq "a start with a saved game waiting reads it once" 1 \
        "$(grep -c "/current\.pgn\", O_RDONLY" "$tmp/trace")"
else
    tap_ok "the reads of the saves at a start: needs strace (and ptrace)" false
fi

tap_done
