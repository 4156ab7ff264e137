#!/bin/sh
# ladder.sh — a benchmark, not a test: the level ladder. Each level plays the one below it
# with tests/match (random 4-ply openings, each with both colours), every move bounded by
# --time SECONDS as well as by the level's own depth, one thread each. Prints each step's
# result line; the README quotes them.
#
#   tests/ladder.sh CELLMATE MATCH [VARIANT [GAMES [SECONDS [FIRST [LAST [SEED]]]]]]
#   (defaults: glinski, 20 games a step, 1 s a move, from level 2 against 1 to 10 against 9,
#   seed 61)
set -u
cellmate=$1 match=$2
variant=${3:-glinski} games=${4:-20} seconds=${5:-1} first=${6:-2} last=${7:-10} seed=${8:-61}
level=$first
while [ "$level" -le "$last" ]; do
    below=$((level - 1))
    "$match" --variant "$variant" --games "$games" --plies 4 --seed "$seed" --quiet \
        --engine "$cellmate --threads 1 --time $seconds --level $level" \
        --engine "$cellmate --threads 1 --time $seconds --level $below" |
        sed -n "s/^result: .* over /level $level vs $below: /p"
    level=$((level + 1))
done
