# tap.sh — a few helpers for shell tests that speak TAP (sourced, not run).
# Each check prints "ok N - name" or "not ok N - name"; tap_done prints the plan and sets
# the exit status.
tap_n=0
tap_failed=0

tap_ok() { # tap_ok NAME COMMAND...
    local name=$1
    shift
    tap_n=$((tap_n + 1))
    if "$@"; then
        echo "ok $tap_n - $name"
    else
        echo "not ok $tap_n - $name"
        tap_failed=$((tap_failed + 1))
    fi
}

tap_eq() { # tap_eq NAME WANT GOT
    tap_n=$((tap_n + 1))
    if [ "$2" = "$3" ]; then
        echo "ok $tap_n - $1"
    else
        echo "not ok $tap_n - $1"
        printf '# want: %s\n# got:  %s\n' "$2" "$3" | head -40
        tap_failed=$((tap_failed + 1))
    fi
}

tap_done() {
    echo "1..$tap_n"
    [ "$tap_failed" -eq 0 ]
}

: "${CELLMATE:?CELLMATE must name the binary under test}"
: "${TESTS_DIR:?TESTS_DIR must name the tests directory}"
