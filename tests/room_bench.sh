#!/bin/sh
# room_bench.sh — a benchmark of rooms, not a test (make bench-rooms; figures in the README):
#   1. latency: from a move typed on one screen to the other screen's first output, two
#      screens in tmux on this host (the time stamps are taken by one perl clock: before
#      tmux send-keys types the move's Enter, and as each pane's output arrives through
#      tmux pipe-pane); also from the mover's own screen's first output after the Enter
#      (its redraw once the move has gone to the room), which leaves out the time tmux takes
#      to start and type;
#   2. many rooms at once: ROOMS rooms (default 200), each with three scripted clients
#      playing the same Cyclohexane game at the same time, checked for lost or reordered
#      moves (every client must print the game's 15 moves in order, and every record must
#      hold them), bounded by LIMIT seconds (default 300);
#   3. the memory of those rooms' servers once their games are over, the servers still
#      running (VmRSS, and the private part of it from /proc/PID/smaps_rollup, which pages
#      shared with the other servers, such as the program's code, do not count in).
# Usage: tests/room_bench.sh CELLMATE [ROOMS] [LIMIT]. Everything runs on loopback and in a
# temporary directory; every process is ended by its PID.
set -u
CELLMATE=$1
ROOMS=${2:-200}
LIMIT=${3:-300}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
export XDG_RUNTIME_DIR="$tmp/run" HOME="$tmp/home" CELLMATE_VARIANTS="$here/../variants"
mkdir -p -m 700 "$XDG_RUNTIME_DIR" "$HOME"
dir="$XDG_RUNTIME_DIR/cellmate/rooms"
pids=""
sock="cellmate-bench-$$"
T() { tmux -L "$sock" -f /dev/null "$@"; }
cleanup() {
    T kill-server 2>/dev/null
    for p in $pids; do kill -KILL "$p" 2>/dev/null; done
    for f in "$dir"/*.pid; do
        [ -f "$f" ] || continue
        flock -n "$f" true 2>/dev/null && continue
        kill -KILL "$(cat "$f")" 2>/dev/null
    done
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- 1. latency between two screens -------------------------------------------------------------
if command -v tmux >/dev/null 2>&1; then
    cat >"$tmp/latency.pl" <<'EOF'
# latency.pl SOCK ROUNDS: two screens a and b in room lat$round; type each move on one, wait
# for the other pane's first output after it (its stamps in stamp.a / stamp.b).
use strict;
use warnings;
use Time::HiRes qw(time sleep);
my ($sock, $rounds) = @ARGV;
my @moves = qw(Qc3 Qc6 b2 b6 Bb1 e6);
my (@lat, @own);
sub tm { system('tmux', '-L', $sock, '-f', '/dev/null', @_) == 0 or die "tmux @_\n"; }
sub shows {
    my ($pane, $text) = @_;
    for (1 .. 300) {
        my $s = `tmux -L $sock -f /dev/null capture-pane -p -t $pane`;
        return 1 if index($s, $text) >= 0;
        sleep 0.02;
    }
    die "pane $pane never showed '$text'\n";
}
sub first_after {
    my ($file, $t0) = @_;
    for (1 .. 500) {
        if (open my $f, '<', $file) {
            while (<$f>) {
                my ($t) = split;
                return $t if $t > $t0;
            }
        }
        sleep 0.002;
    }
    die "no output in $file\n";
}
for my $round (1 .. $rounds) {
    my %stamp = (a => "stamp.a.$round", b => "stamp.b.$round");
    for my $p ('a', 'b') {
        tm('new-session', '-d', '-s', "$p$round", '-x', '80', '-y', '24',
           "env TERM=xterm LANG=C.UTF-8 $ENV{CELLMATE} --room lat$round glinski --name $p");
    }
    shows("a$round", ' Black  b ');
    shows("b$round", '>Black  b ');
    for my $p ('a', 'b') {
        tm('pipe-pane', '-t', "$p$round", "perl -MTime::HiRes=time -e '\$|=1; while (sysread(STDIN, my \$b, 65536)) { printf qq(%.6f %d\\n), time, length \$b }' >$stamp{$p}");
    }
    sleep 0.5;
    for my $i (0 .. $#moves) {
        my ($mover, $other) = $i % 2 ? ('b', 'a') : ('a', 'b');
        tm('send-keys', '-t', "$mover$round", $moves[$i]);
        sleep 0.3;                     # the mover's echo is its own pane's, not measured
        my $t0 = time;
        tm('send-keys', '-t', "$mover$round", 'Enter');
        my $t1 = first_after($stamp{$other}, $t0);
        my $tm = first_after($stamp{$mover}, $t0);
        push @lat, ($t1 - $t0) * 1000;
        push @own, ($t1 - $tm) * 1000;
        shows("$other$round", $moves[$i]);
        sleep 0.3;                     # the screens settle before the next move
    }
    tm('kill-session', '-t', "$_$round") for ('a', 'b');
}
sub report {
    my ($what, @l) = @_;
    @l = sort { $a <=> $b } @l;
    printf "latency, %s: %d moves, median %.1f ms, 90th percentile %.1f ms, max %.1f ms\n",
        $what, scalar @l, $l[@l / 2], $l[int(@l * 0.9)], $l[-1];
}
report("Enter sent by tmux to the other screen's first output", @lat);
report("the mover's screen's first output after Enter to the other's", @own);
EOF
    (cd "$tmp" && CELLMATE=$CELLMATE perl "$tmp/latency.pl" "$sock" 5) || echo "latency: failed"
    T kill-server 2>/dev/null
else
    echo "latency: tmux is not installed, skipped"
fi

# --- 1b. the room alone: two raw clients on its socket (its checks, the save, the event) ------
cat >"$tmp/raw.pl" <<'EOF'
# raw.pl SOCKET...: in each room two clients say hello and play six moves, 0.1 s apart; the
# time from a move's line sent by one to its event read by the other.
use strict;
use warnings;
use IO::Socket::UNIX;
use Time::HiRes qw(time sleep);
my @moves = qw(Qc3 Qc6 b2 b6 Bb1 e6);
my @lat;
sub upto {
    my ($s, $re) = @_;
    while (my $l = <$s>) { return $l if $l =~ $re }
    die "the room closed the connection\n";
}
for my $path (@ARGV) {
    my ($w, $b) = map { IO::Socket::UNIX->new(Peer => $path) or die "$path: $!\n" } 1 .. 2;
    $_->autoflush(1) for $w, $b;
    print $w "hello 1 w White\n";
    print $b "hello 1 b Black\n";
    upto($_, qr/^sync/) for $w, $b;
    for my $i (0 .. $#moves) {
        my ($x, $y) = $i % 2 ? ($b, $w) : ($w, $b);
        my $t0 = time;
        print $x "move $moves[$i]\n";
        upto($y, qr/^move \d+ \Q$moves[$i]\E /);
        push @lat, (time - $t0) * 1000;
        upto($x, qr/^ok/);
        sleep 0.1; # a player's pace: the record's own save, after the event, is done by then
    }
}
@lat = sort { $a <=> $b } @lat;
printf "latency, the room alone (a move's line on the socket to the other client's event, the move made durable between): %d moves, median %.1f ms, max %.1f ms\n",
    scalar @lat, $lat[@lat / 2], $lat[-1];
EOF
socks=""
for i in 1 2 3 4 5; do
    "$CELLMATE" --serve-room "raw$i" glinski >/dev/null 2>&1 &
    pids="$pids $!"
    socks="$socks $dir/raw$i.sock"
done
for s in $socks; do
    n=0
    while [ $n -lt 100 ] && ! [ -S "$s" ]; do sleep 0.05; n=$((n + 1)); done
done
# shellcheck disable=SC2086
perl "$tmp/raw.pl" $socks || echo "latency of the room alone: failed"
# the same with the room directory in memory (tmpfs: fsync returns at once), to see what the
# saves cost
if [ -d /dev/shm ] && shm=$(mktemp -d /dev/shm/cellmate-bench.XXXXXX); then
    socks=""
    for i in 1 2 3 4 5; do
        "$CELLMATE" --room-dir "$shm" --serve-room "raw$i" glinski >/dev/null 2>&1 &
        pids="$pids $!"
        socks="$socks $shm/raw$i.sock"
    done
    for s in $socks; do
        n=0
        while [ $n -lt 100 ] && ! [ -S "$s" ]; do sleep 0.05; n=$((n + 1)); done
    done
    # shellcheck disable=SC2086
    perl "$tmp/raw.pl" $socks | sed 's/the move made durable between/its directory on tmpfs/'
    for p in $pids; do kill "$p" 2>/dev/null; done
    rm -rf "$shm"
fi

# --- 2. ROOMS rooms at once, three clients each ----------------------------------------------------
# The Cyclohexane game of tests/room_batch.sh: Yellow is mated by Blue's 5th move, Red has
# resigned after its own 5th and leaves at its turn; Blue wins.
printf 'Sa1\nSc24\nRxe4\nSb2\nRxe10+\nresign\n' >"$tmp/Red"
printf 'Ub8\nUxe4+\nd8\nSc8\nRb10\n' >"$tmp/Yellow"
printf 'Sa17\nSb14\nSc16\nSxa12\nGb18#\n' >"$tmp/Blue"
want="Sa1 Ub8 Sa17 Sc24 Uxe4+ Sb14 Rxe4 d8 Sc16 Sb2 Sc8 Sxa12 Rxe10+ Rb10 Gb18#"
start=$(date +%s.%N)
clients=""
i=1
while [ "$i" -le "$ROOMS" ]; do
    for side in Red Yellow Blue; do
        "$CELLMATE" --batch --room "r$i" cyclohexane --name "$side$i" --seat "$side" \
            <"$tmp/$side" >"$tmp/out.$i.$side" 2>&1 &
        clients="$clients $!"
    done
    i=$((i + 1))
done
pids="$pids $clients"
left=$LIMIT
while [ "$left" -gt 0 ]; do
    running=0
    for p in $clients; do kill -0 "$p" 2>/dev/null && running=$((running + 1)); done
    [ "$running" -eq 0 ] && break
    sleep 1
    left=$((left - 1))
done
end=$(date +%s.%N)
for p in $clients; do kill -0 "$p" 2>/dev/null && echo "still running: $(tr "\0" " " </proc/$p/cmdline)" && kill -KILL "$p" 2>/dev/null; done
bad=0
i=1
while [ "$i" -le "$ROOMS" ]; do
    for side in Red Yellow Blue; do
        got=$(sed -n 's/^[0-9]*\. \([^ ]*\) ([A-Za-z]*)$/\1/p' "$tmp/out.$i.$side" | tr '\n' ' ' | sed 's/ $//')
        if [ "$got" != "$want" ]; then
            bad=$((bad + 1))
            [ "$bad" -le 3 ] && echo "room r$i, $side saw: $got" && sed 's/^/  | /' "$tmp/out.$i.$side" | tail -5
        fi
    done
    tr '\n' ' ' <"$dir/r$i.pgn" | grep -q 'Gb18# 6\. -- Blue' || {
        bad=$((bad + 1))
        echo "room r$i: its record does not end as it should"
    }
    i=$((i + 1))
done
verdict="no move lost or out of order"
[ "$bad" -gt 0 ] && verdict="$bad clients or records WRONG"
[ "$left" -gt 0 ] || verdict="$verdict (stopped at the limit of $LIMIT s)"
wall=$(echo "$start $end" | awk '{ printf "%.1f", $2 - $1 }')
echo "$ROOMS rooms x 3 scripted clients at once, one Cyclohexane game each (15 moves): $wall s wall, $verdict"

# --- 3. the servers' memory -----------------------------------------------------------------------
servers=""
for f in "$dir"/r[0-9]*.pid; do
    [ -f "$f" ] || continue
    flock -n "$f" true 2>/dev/null && continue
    servers="$servers $(cat "$f")"
done
for p in $servers; do
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$p/status" 2>/dev/null)
    priv=$(awk '/^Private_(Clean|Dirty)/ { s += $2 } END { print s }' "/proc/$p/smaps_rollup" 2>/dev/null)
    echo "$rss ${priv:-0}"
done | awk '{ n++; rss += $1; priv += $2 } END {
    if (n) printf "room servers: %d running, per room %.0f KB resident, of which %.0f KB its own (not shared)\n", n, rss / n, priv / n }'
