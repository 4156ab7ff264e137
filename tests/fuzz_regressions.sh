#!/bin/sh
# fuzz_regressions.sh — every fuzz target over its seeds and over every input that ever made
# it crash (tests/fuzz/regressions/TARGET/), in whatever build make check runs: the plain one,
# and in CI under AddressSanitizer and UBSan. One TAP line per input; a crash is a failure.
: "${TESTS_DIR:?TESTS_DIR must name the tests directory}"
replay=./tests/fuzz/replay
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
for t in $($replay --list); do
    for kind in corpus regressions; do
        dir=$TESTS_DIR/fuzz/$kind/$t
        [ -d "$dir" ] || continue
        $replay "$t" "$dir" >"$tmp/out" 2>"$tmp/err"
        status=$?
        grep '^ok ' "$tmp/out" | sed "s|^ok [0-9]* - ||; s|$TESTS_DIR/fuzz/||" >"$tmp/names"
        while read -r name; do
            n=$((n + 1))
            echo "ok $n - $name"
        done <"$tmp/names"
        ran=$(wc -l <"$tmp/names")
        if [ $status -ne 0 ] || ! grep -q "^1\.\.$ran\$" "$tmp/out"; then
            n=$((n + 1))
            failed=$((failed + 1))
            echo "not ok $n - $t over $kind/$t: stopped after $ran inputs (status $status)"
            tail -n 30 "$tmp/err" | sed 's/^/# /'
        fi
    done
done
echo "1..$n"
[ $failed -eq 0 ]
