#!/bin/sh
# screen_readme.sh — the screens the README shows, one per board family, are what the
# program draws: each is captured again in tmux at 80x24 as the README says and must stand
# in the README line for line (indented by four blanks).
. "$TESTS_DIR/tap.sh"
tmp=$(mktemp -d)
. "$TESTS_DIR/tmux.sh"
tmux_home
README=$TESTS_DIR/../README

in_readme() { # in_readme NAME: the window's screen, indented, is a block of the README
    screen_of "$1" | sed 's/ *$//' | awk 'NF { last = NR } { l[NR] = $0 } END {
        for (i = 1; i <= last; i++) print (l[i] == "" ? "" : "    " l[i]) }' >"$tmp/want"
    awk -v want="$(cat "$tmp/want")" '{ s = s $0 "\n" } END { exit !index(s, want "\n") }' \
        "$README"
}

shot() { # shot VARIANT WAIT-TEXT [LINES...]: start, type the lines, compare
    v=$1 until=$2
    shift 2
    sized s 80x24 "$v"
    wait_for s " to move" >/dev/null
    for l in "$@"; do
        enter s "$l"
        sleep 0.3
    done
    wait_for s "$until" >/dev/null
    tap_ok "README: the screen of $v" in_readme s
    T kill-session -t s
}

shot haynie "Type a move"
shot peanut "Type a move"
shot chessagon "Type a move"
shot cyclohexane "Type a move"
shot hr-glinski "Type a move"
shot chess "Type a move"
shot hr-wellisch3 "1. ee10 (Blue)" Xd2 ee2 ee10
sized s 80x24 glinski
wait_for s "White to move" >/dev/null
for l in e5 e6; do enter s "$l" && sleep 0.3; done
text s d1
keys s Tab
wait_for s "d1 Knight: 5 moves" >/dev/null
tap_ok "README: the screen of glinski with a knight picked up" in_readme s
T kill-session -t s

tap_done
