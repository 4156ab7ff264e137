# tap.sh — a few helpers for shell tests that speak TAP (sourced, not run).
# Each check prints "ok N - name" or "not ok N - name", and is false when it failed (so that
# "|| explain" can say more); tap_done prints the plan and sets the exit status.
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
        return 1
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
        return 1
    fi
}

# wait_until COMMAND...: COMMAND run every 0.1 s until it succeeds, for up to 30 s (CI
# machines stall); false if it never did. For a state another process reaches in its own time
# (a screen redrawn, a lock taken, a record saved): a fixed sleep before a check is a guess
# that a loaded machine outlasts.
wait_until() {
    wait_until_n=0
    until "$@"; do
        wait_until_n=$((wait_until_n + 1))
        [ $wait_until_n -lt 300 ] || return 1
        sleep 0.1
    done
}

tap_done() {
    echo "1..$tap_n"
    [ "$tap_failed" -eq 0 ]
}

: "${CELLMATE:?CELLMATE must name the binary under test}"
: "${TESTS_DIR:?TESTS_DIR must name the tests directory}"
