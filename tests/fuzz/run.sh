#!/bin/sh
# run.sh — make fuzz: run.sh BUILD_FUZZ_DIR SOURCE_FUZZ_DIR SECONDS [TARGET...] runs each
# target (all by default) under libFuzzer for SECONDS at low priority, starting from its
# checked-in seeds, its regressions and what earlier runs found (BUILD_FUZZ_DIR/work/TARGET).
# Prints "fuzz TARGET: PASS ..." or "fuzz TARGET: FAIL ..." per target; a crash, a leak, a
# timeout (10 s) or running out of memory (1 GB) fails, and its input is kept in
# BUILD_FUZZ_DIR/crashes/. Exit status 1 when any failed.
build=$1 src=$2 seconds=$3
shift 3
[ $# -gt 0 ] || set -- $("$build/replay" --list)
status=0
for t in "$@"; do
    mkdir -p "$build/work/$t" "$build/crashes"
    log=$build/work/$t.log
    dict=
    [ -f "$src/dict/$t.dict" ] && dict=-dict=$src/dict/$t.dict
    set -- "$build/work/$t" "$src/corpus/$t"
    [ -d "$src/regressions/$t" ] && set -- "$@" "$src/regressions/$t"
    # shellcheck disable=SC2086 # $dict is empty or one word
    CELLMATE_FUZZ_TARGET=$t nice -n 10 "$build/fuzz" -max_total_time="$seconds" -timeout=10 \
        -rss_limit_mb=1024 -max_len=16384 -close_fd_mask=3 -print_final_stats=1 $dict \
        -artifact_prefix="$build/crashes/$t-" "$@" >"$log" 2>&1
    code=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    if [ $code -eq 0 ]; then
        echo "fuzz $t: PASS ($seconds s, ${runs:-?} runs, corpus $(ls "$build/work/$t" | wc -l))"
    else
        status=1
        echo "fuzz $t: FAIL (exit $code; log $log)"
        grep -E '^(==[0-9]+==ERROR|SUMMARY|fuzz: broken|artifact_prefix|Test unit written)' "$log" |
            head -n 8 | sed 's/^/    /'
    fi
done
exit $status
