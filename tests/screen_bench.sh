#!/bin/sh
# screen_bench.sh — typing speed on the screen (a benchmark, not a test): a 200-character
# line pasted into the prompt of a 80x24 tmux window, five times; for each, the CPU time the
# cellmate process used (utime + stime from /proc) and the wall time until the line's end
# shows on the prompt row.
# Usage: tests/screen_bench.sh [path/to/cellmate]   (make bench-screen runs the built one)
CELLMATE=${1:-${CELLMATE:-src/cellmate}}
VARIANTS=${CELLMATE_VARIANTS:-$(cd "$(dirname "$0")/../variants" && pwd)}
case $CELLMATE in /*) ;; *) CELLMATE=$(pwd)/$CELLMATE ;; esac
command -v tmux >/dev/null 2>&1 || { echo "screen_bench: tmux is not installed"; exit 0; }
[ -r /proc/self/stat ] || { echo "screen_bench: no /proc"; exit 0; }
tmp=$(mktemp -d)
sock="cellmate-bench-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
hz=$(getconf CLK_TCK)
line=$(awk 'BEGIN { s = ""; for (i = 0; i < 19; i++) s = s "e4f5g6h7i" i % 10; print s "ENDMARKER!" }')
now_ms() { echo $(($(date +%s%N) / 1000000)); }
echo "a pasted 200-character line, glinski at 80x24 (CPU ms of cellmate, wall ms):"
for run in 1 2 3 4 5; do
    T new-session -d -s p -x 80 -y 24 -c "$tmp" "env TERM=screen LANG=C.UTF-8 HOME=$tmp \
XDG_STATE_HOME=$tmp CELLMATE_VARIANTS=$VARIANTS $CELLMATE --no-save glinski"
    i=0
    until T capture-pane -p -t p 2>/dev/null | grep -q "White to move" || [ $i -gt 100 ]; do
        sleep 0.1
        i=$((i + 1))
    done
    pid=$(T display -p -t p '#{pane_pid}')
    ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
    t0=$(ticks)
    w0=$(now_ms)
    T send-keys -t p -l "$line"
    i=0
    until T capture-pane -p -t p 2>/dev/null | tail -n 1 | grep -q 'ENDMARKER!' || [ $i -gt 6000 ]; do
        T has-session -t p 2>/dev/null || { echo "screen_bench: cellmate ended"; exit 1; }
        sleep 0.005
        i=$((i + 1))
    done
    w1=$(now_ms)
    sleep 0.3
    t1=$(ticks)
    echo "  run $run: $(((t1 - t0) * 1000 / hz)) ms CPU, $((w1 - w0)) ms wall"
    T kill-session -t p
done
