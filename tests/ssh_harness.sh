#!/bin/sh
# ssh_harness.sh — the private sshd of tests/sshd.sh works: a key login as the current user,
# an unknown host key refused, a forced command from authorized_keys, and no process left
# behind — neither after sshd_stop nor when a test using it fails or is killed.
. "$TESTS_DIR/tap.sh"
. "$TESTS_DIR/sshd.sh"

sshd_require_openssh

tmp=$(mktemp -d)
test_cleanup() {
    [ -n "${client:-}" ] && kill "$client" 2>/dev/null
    rm -rf "$tmp"
}
dotssh_before=$(ls -la "$HOME/.ssh" 2>&1)

gone() { # gone PID: the process ended (within 5 s)
    i=0
    while [ $i -lt 50 ]; do
        kill -0 "$1" 2>/dev/null || return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

wait_file() { # wait_file FILE: until FILE is not empty (up to 10 s)
    i=0
    while [ $i -lt 100 ] && ! [ -s "$1" ]; do
        sleep 0.1
        i=$((i + 1))
    done
}

# --- a plain login -------------------------------------------------------------------------
tap_ok "sshd starts and listens on 127.0.0.1" sshd_start
tap_eq "a key login runs a command as the current user" "$(id -un) hello" \
    "$(sshd_ssh 'echo "$(id -un) hello"' 2>&1)"
tap_eq "SSHD_SSH is one command line that logs in too" "hi" "$($SSHD_SSH echo hi 2>&1)"
tap_ok "the log shows the key login" grep -q 'Accepted publickey' "$SSHD_LOG"
tap_ok "the server listens only on 127.0.0.1" grep -q "Server listening on 127.0.0.1 port $SSHD_PORT" "$SSHD_LOG"

# An unknown host key is refused: the client checks the host key strictly.
: >"$tmp/empty_known_hosts"
# (ssh keeps an option's first value, so the override goes before SSHD_SSH's options)
# shellcheck disable=SC2086
ssh -o UserKnownHostsFile="$tmp/empty_known_hosts" ${SSHD_SSH#ssh } true >"$tmp/out" 2>&1
tap_eq "a client without the host key is refused (exit 255)" 255 "$?"

# A session still running when the server stops ends with it.
sshd_ssh 'echo $$ >'"$tmp/remote.pid"'; exec sleep 300' >/dev/null 2>&1 &
client=$!
wait_file "$tmp/remote.pid"
remote=$(cat "$tmp/remote.pid" 2>/dev/null)
tap_ok "a long session runs" kill -0 "${remote:-0}"
pid=$SSHD_PID
sshd_stop
tap_ok "sshd_stop ends the server" gone "$pid"
tap_ok "sshd_stop ends the sessions it started" gone "${remote:-0}"
tap_ok "the client sees the connection close" gone "$client"
wait "$client" 2>/dev/null
client=

# --- a forced command from authorized_keys --------------------------------------------------
SSHD_KEY_OPTIONS='command="echo forced: $SSH_ORIGINAL_COMMAND",no-pty'
tap_ok "a second server starts after the first" sshd_start
tap_eq "command= in authorized_keys replaces the command asked for" "forced: sh -i" \
    "$(sshd_ssh sh -i </dev/null 2>&1)"
sshd_stop
SSHD_KEY_OPTIONS=

SSHD_CONFIG_EXTRA="Match User $(id -un)
    ForceCommand echo matched"
tap_ok "a server with a Match block starts" sshd_start
tap_eq "the caller's Match block applies" "matched" "$(sshd_ssh date 2>&1)"
sshd_stop
SSHD_CONFIG_EXTRA=

# --- a failing or killed test still stops its server ---------------------------------------
sh -c '. "$TESTS_DIR/sshd.sh"; sshd_start || exit 3; echo "$SSHD_PID $SSHD_DIR" >"$1"; false' \
    sh "$tmp/failed" >/dev/null 2>&1
set -- $(cat "$tmp/failed" 2>/dev/null) 0 /nonexistent
tap_ok "a test that fails stops its server (EXIT trap)" gone "$1"
tap_ok "... and removes its directory" test ! -e "$2"

# (its own clean-up ends the sleep it waits for, which would outlive it by minutes)
sh -c '. "$TESTS_DIR/sshd.sh"; test_cleanup() { kill "$nap" 2>/dev/null; }
    sshd_start || exit 3; echo "$SSHD_PID $SSHD_DIR" >"$1"; sleep 300 & nap=$!; wait' \
    sh "$tmp/killed" >/dev/null 2>&1 &
killed=$!
wait_file "$tmp/killed"
kill -TERM "$killed"
wait "$killed" 2>/dev/null
set -- $(cat "$tmp/killed" 2>/dev/null) 0 /nonexistent
tap_ok "a test killed by SIGTERM stops its server" gone "$1"
tap_ok "... and removes its directory" test ! -e "$2"

tap_eq "~/.ssh is untouched" "$dotssh_before" "$(ls -la "$HOME/.ssh" 2>&1)"
tap_done
