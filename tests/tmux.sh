# tmux.sh — driving the screen in tmux for the screen tests (sourced after tap.sh): a private
# tmux server, windows running cellmate, and reading what they show with capture-pane. The
# sourcing test sets $tmp (removed on exit) and, for start, $HOME and $XDG_STATE_HOME.

if ! command -v tmux >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then
        echo "not ok 1 - tmux is installed (required in CI)"
        echo "1..1"
        exit 1
    fi
    echo "ok 1 # SKIP tmux is not installed"
    echo "1..1"
    rm -rf "$tmp"
    exit 0
fi

sock="cellmate-test-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
tmux_cleanup() {
    T kill-server 2>/dev/null
    rm -rf "$tmp"
}

tmux_home() { # the test's home and state directories under $tmp, all removed on exit
    trap tmux_cleanup EXIT
    export HOME="$tmp/home" XDG_STATE_HOME="$tmp/state"
    mkdir -p "$HOME"
}

# window NAME COLSxROWS COMMAND: a window of that size running a shell command. The server
# exits with its last window, and a window made just then can find it exiting ("server
# exited unexpectedly", no window): it is made again (for up to 10 s: a loaded machine draws
# the exit out). (The server is left to exit: a window made after it has gone starts a new
# one, which takes the test's environment as it is then, as some tests count on.)
window() {
    window_tries=0
    until window_err=$(T new-session -d -s "$1" -x "${2%x*}" -y "${2#*x}" -c "$tmp" "$3" 2>&1); do
        window_tries=$((window_tries + 1))
        [ $window_tries -lt 100 ] || { echo "# no window $1: $window_err"; return 1; }
        sleep 0.1
    done
}

run_in() { # run_in NAME COMMAND: a 80x24 window running a shell command
    window "$1" 80x24 "$2"
}

start() { # start NAME TERM ARGS...: a 80x24 window running cellmate
    name=$1 term=$2
    shift 2
    window "$name" 80x24 \
        "env TERM=$term HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE $*"
}

# thinking NAME ARGS...: a 80x24 window running cellmate ARGS whose game has begun ("... to
# move"), the computer thinking on its move (`go`) and its first progress report shown: the
# opening of every test of the screen while the computer thinks.
thinking() {
    thinking_name=$1
    shift
    start "$thinking_name" screen "$@" && wait_for "$thinking_name" " to move" &&
        enter "$thinking_name" go && wait_for "$thinking_name" ", best "
}

screen_of() { T capture-pane -p -t "$1"; }

# The status panel's rows joined into one line, then the screen's rows joined into another:
# a message too long for the message line is shown once, wrapped at the bottom of the panel
# (the panel's columns right of the board, STATUS_W 22; or whole rows, below the board).
panel_text() {
    panel_cols=$(T display-message -p -t "$1" '#{pane_width}') || return 1
    screen_of "$1" | perl -CSD -ne 'chomp; $r .= " " . substr($_, '"$((panel_cols - 22))"') if length($_) > '"$((panel_cols - 22))"'; $a .= " $_";
        END { for ($r, $a) { s/ +/ /g; print "$_\n" } }'
}

wait_for() { # wait_for NAME TEXT: until the screen shows TEXT (on a line, or wrapped in the
    # panel; up to 30 s: CI machines stall)
    i=0
    while [ $i -lt 300 ]; do
        if screen_of "$1" 2>/dev/null | grep -qF -- "$2"; then return 0; fi
        if panel_text "$1" 2>/dev/null | grep -qF -- "$2"; then return 0; fi
        sleep 0.1
        i=$((i + 1))
    done
    echo "# timed out waiting for: $2"
    screen_of "$1" 2>/dev/null | sed 's/^/# | /'
    return 1
}

row() { screen_of "$1" | sed -n "$2p" | sed 's/ *$//'; }
shows_re() { screen_of "$1" | grep -Eq -- "$2"; }
hides() { ! screen_of "$1" | grep -qF -- "$2"; }

keys() { T send-keys -t "$1" "$2"; }
line() { T send-keys -t "$1" "$2" Enter; }

gone() { # gone NAME: the session ended (the program exited)
    i=0
    while [ $i -lt 100 ]; do
        T has-session -t "$1" 2>/dev/null || return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# typing, and a window of another size (--no-save), for the screen tests
sized() { # sized NAME COLSxROWS ARGS...: a window of that size running cellmate
    name=$1 size=$2
    shift 2
    window "$name" "$size" \
        "env TERM=screen HOME=$HOME XDG_STATE_HOME=$XDG_STATE_HOME LANG=C.UTF-8 $CELLMATE --no-save $*"
}
text() { T send-keys -t "$1" -l "$2"; }       # text NAME TEXT: typed as it is ("f6", not F6)
enter() { text "$1" "$2" && keys "$1" Enter; } # enter NAME LINE: typed, then Enter
quit() { # quit NAME: the program in that window ends (killed if it does not)
    enter "$1" quit
    gone "$1" || T kill-session -t "$1" 2>/dev/null
}

# Who sits at the bottom (screen_seats, screen_watch): the file letters under the board, as
# drawn from left to right: "a b ... l" with White at the bottom of Glinski's board, "l k ...
# a" with Black. The panel's text may go on to the right of them (a long message wraps down
# the panel beside the board's lowest rows): the letters alone are read.
files() {
    screen_of "$1" | grep -oE '^ +([a-l] +){10}[a-l]( |$)' | tail -n 1 | tr -s ' ' | sed 's/^ //; s/ $//'
}
WHITE="a b c d e f g h i k l"
BLACK="l k i h g f e d c b a"
shows_files() { [ "$(files "$1")" = "$2" ]; }
