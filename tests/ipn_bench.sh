#!/bin/sh
# ipn_bench.sh — instructions per search node for the README (a benchmark, not a test): valgrind's
# callgrind counts `hint --nodes N --threads 1` at the start position, less `hint --nodes 1`
# (start-up and the tables), over the nodes the hint reports. The count does not change with
# the machine's load, so two builds can be compared one after the other.
# The base engine of issue 13 (4827fb9) counted each position at the search's horizon twice,
# once as a node of the main search and again as one of quiescence, and had no --threads.
# Built with tests/base_positions.patch it also prints the positions it visited, each counted
# once as this engine counts its nodes; the instructions per position are then printed too.
# Usage: tests/ipn_bench.sh CELLMATE VARIANT [NODES]   (NODES: 40000 unless given)
bin=$1 v=$2 n=${3:-40000}
[ -n "$bin" ] && [ -n "$v" ] || { echo "usage: $0 CELLMATE VARIANT [NODES]" >&2; exit 2; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
threads="--threads 1"
"$bin" --help 2>&1 | grep -q -e --threads || threads=
count() { # count NODES: the instructions of the whole run (its hint line in $tmp/out.NODES)
    echo hint | COUNT_POSITIONS=1 valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.$1" "$bin" --batch \
        --nodes "$1" $threads --variant "$v" >"$tmp/out.$1" 2>"$tmp/err.$1"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/err.$1"
}
a=$(count "$n") b=$(count 1)
nodes=$(sed -n 's/.*, \([0-9][0-9]*\) nodes,.*/\1/p' "$tmp/out.$n" | head -n 1)
[ -n "$a" ] && [ -n "$b" ] && [ -n "$nodes" ] || { echo "$v: no count (is valgrind there?)" >&2; exit 1; }
echo "$v $(((a - b) / nodes)) instructions per node ($nodes nodes)"
positions=$(sed -n 's/^positions \([0-9][0-9]*\) nodes.*/\1/p' "$tmp/err.$n")
[ -z "$positions" ] || echo "$v $(((a - b) / positions)) instructions per position ($positions positions)"
