# sshd.sh — a private OpenSSH server for shell tests (sourced, not run; POSIX sh plus
# "local", as dash and bash have it).
#
# It never touches the machine's own sshd, host keys, ~/.ssh or accounts: everything lives in
# a temporary directory, the server listens on 127.0.0.1 at a free high port, and it lets in
# only the current user with a key generated for the test.
#
#   . "$TESTS_DIR/sshd.sh"
#   SSHD_KEY_OPTIONS='command="cellmate --restricted --player alice",no-pty'   (optional)
#   SSHD_CONFIG_EXTRA='ForceCommand /bin/echo hi'                              (optional)
#   test_cleanup() { kill "$my_client_pid"; }                                  (optional)
#   sshd_start || exit 1        keys, config, start, wait until it listens (10 s at most)
#   sshd_ssh 'echo hello'       ssh to it as the current user (extra ssh options first; they
#                               can add to SSHD_SSH's options, not change them: ssh keeps the
#                               first value given, so to override one run
#                               ssh -o OPTION=VALUE ${SSHD_SSH#ssh } ...)
#   sshd_require_openssh        end the test as skipped (failed in CI) without OpenSSH
#   sshd_stop                   stop it and every session it started (also done on exit)
#   sshd_descendants "$SSHD_PID"  the PIDs of the sessions and the commands they run
#
# Inputs, read by sshd_start:
#   SSHD_KEY_OPTIONS   authorized_keys options put before the test key (command=, no-pty, ...)
#   SSHD_CONFIG_EXTRA  lines appended to the generated sshd_config (ForceCommand, a Match block)
#   SSHD               the server binary (default /usr/sbin/sshd; must be an absolute path)
# Outputs, set by sshd_start:
#   SSHD_SSH   the whole ssh command line without a remote command, as one string for a
#              shell (e.g. tmux new-session "$SSHD_SSH -t"): -F /dev/null, the key, a
#              known-hosts file holding the test host key, strict host key checking,
#              BatchMode, IdentitiesOnly, the port and user@127.0.0.1
#   SSHD_DIR   the temporary directory (keys, config, log; removed by sshd_stop)
#   SSHD_PORT, SSHD_PID, SSHD_LOG (the server's log, shown as "# " lines if start fails),
#   SSHD_USER, SSHD_KEY (the user's private key), SSHD_KNOWN_HOSTS
#
# Clean-up: sourcing this file installs an EXIT trap (and turns HUP, INT and TERM into exits)
# that first runs the caller's test_cleanup function if it defines one, then sshd_stop. So a
# test that sources this file must not set its own EXIT trap: it defines test_cleanup.
# sshd_stop ends the server and all its descendants (sessions, the commands they run) by PID.
#
# Run as root (as CI does), sshd needs its privilege separation directory /run/sshd, which
# sshd_start creates if missing, and root's account must not be locked with '!' (UsePAM is
# off, so sshd checks the password entry itself). As any other user it needs nothing more.
# Descendants are found with ps (procps).

SSHD=${SSHD:-/usr/sbin/sshd}

# Without the OpenSSH server and client, end the test: a skip, but a failure in CI, which
# must run it.
sshd_require_openssh() {
    [ -x "$SSHD" ] && command -v ssh >/dev/null 2>&1 && return 0
    if [ "${CI:-}" = true ]; then
        echo "not ok 1 - openssh-server and openssh-client are installed (required in CI)"
        echo "1..1"
        exit 1
    fi
    echo "ok 1 # SKIP openssh-server or openssh-client is not installed"
    echo "1..1"
    exit 0
}
SSHD_DIR=
SSHD_PID=
SSHD_PORT=

sshd__show_log() {
    [ -n "$SSHD_LOG" ] && [ -f "$SSHD_LOG" ] && sed 's/^/# sshd: /' "$SSHD_LOG" | tail -n 20
}

sshd__random_port() { # a port below the kernel's ephemeral range, so clients don't take it
    local n
    n=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
    echo $((20000 + n % 12000))
}

sshd_descendants() { # every descendant PID of $1, children before their own children
    local c
    for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        echo "$c"
        sshd_descendants "$c"
    done
}

sshd__write_config() { # sshd__write_config PORT
    cat >"$SSHD_DIR/sshd_config" <<EOF
# written by tests/sshd.sh for one test run
ListenAddress 127.0.0.1
Port $1
HostKey $SSHD_DIR/host_ed25519
PidFile $SSHD_DIR/sshd.pid
AuthorizedKeysFile $SSHD_DIR/authorized_keys
AuthorizedPrincipalsFile none
AllowUsers $SSHD_USER
StrictModes no
UsePAM no
PubkeyAuthentication yes
AuthenticationMethods publickey
PasswordAuthentication no
KbdInteractiveAuthentication no
HostbasedAuthentication no
IgnoreRhosts yes
PermitRootLogin prohibit-password
PermitUserRC no
PermitUserEnvironment no
PrintMotd no
PrintLastLog no
UseDNS no
LogLevel VERBOSE
MaxStartups 20
X11Forwarding no
$SSHD_CONFIG_EXTRA
EOF
}

sshd_start() {
    local tries port i
    if [ -n "$SSHD_PID" ]; then
        echo "# sshd_start: a test sshd is already running (PID $SSHD_PID)"
        return 1
    fi
    SSHD_USER=$(id -un)
    SSHD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/cellmate-sshd.XXXXXX") || return 1
    SSHD_LOG=$SSHD_DIR/sshd.log
    SSHD_KEY=$SSHD_DIR/user_ed25519
    SSHD_KNOWN_HOSTS=$SSHD_DIR/known_hosts
    ssh-keygen -q -t ed25519 -N '' -C cellmate-test-host -f "$SSHD_DIR/host_ed25519" || return 1
    ssh-keygen -q -t ed25519 -N '' -C cellmate-test-user -f "$SSHD_KEY" || return 1
    {
        [ -n "${SSHD_KEY_OPTIONS:-}" ] && printf '%s ' "$SSHD_KEY_OPTIONS"
        cat "$SSHD_KEY.pub"
    } >"$SSHD_DIR/authorized_keys"
    if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
        mkdir -p -m 0755 /run/sshd || return 1
    fi
    tries=0
    while [ $tries -lt 20 ]; do
        tries=$((tries + 1))
        port=$(sshd__random_port)
        sshd__write_config "$port"
        : >"$SSHD_LOG"
        "$SSHD" -D -f "$SSHD_DIR/sshd_config" -E "$SSHD_LOG" &
        SSHD_PID=$!
        i=0
        while [ $i -lt 100 ]; do
            if grep -q "Server listening on 127.0.0.1 port $port\." "$SSHD_LOG"; then
                SSHD_PORT=$port
                printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1-2 "$SSHD_DIR/host_ed25519.pub")" \
                    >"$SSHD_KNOWN_HOSTS"
                SSHD_SSH="ssh -F /dev/null -i $SSHD_KEY -o IdentitiesOnly=yes -o BatchMode=yes"
                SSHD_SSH="$SSHD_SSH -o UserKnownHostsFile=$SSHD_KNOWN_HOSTS"
                SSHD_SSH="$SSHD_SSH -o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes"
                SSHD_SSH="$SSHD_SSH -o UpdateHostKeys=no -o ControlMaster=no -o ConnectTimeout=10"
                SSHD_SSH="$SSHD_SSH -o LogLevel=ERROR -p $port $SSHD_USER@127.0.0.1"
                return 0
            fi
            kill -0 "$SSHD_PID" 2>/dev/null || break
            sleep 0.1
            i=$((i + 1))
        done
        if kill -0 "$SSHD_PID" 2>/dev/null; then
            echo "# sshd_start: sshd did not start listening within 10 s"
            sshd__show_log
            sshd_stop
            return 1
        fi
        wait "$SSHD_PID" 2>/dev/null
        SSHD_PID=
        grep -q 'Address already in use' "$SSHD_LOG" || break
    done
    echo "# sshd_start: sshd could not start"
    sshd__show_log
    rm -rf "$SSHD_DIR"
    SSHD_DIR=
    return 1
}

sshd_ssh() { # sshd_ssh [SSH OPTIONS...] [REMOTE COMMAND...]
    # shellcheck disable=SC2086 # SSHD_SSH is a command line of words without blanks inside
    $SSHD_SSH "$@"
}

sshd__any_alive() { # sshd__any_alive PID...: is one of them still running?
    local p
    for p in "$@"; do kill -0 "$p" 2>/dev/null && return 0; done
    return 1
}

sshd_stop() {
    local pids i p
    if [ -n "$SSHD_PID" ]; then
        pids="$SSHD_PID $(sshd_descendants "$SSHD_PID")"
        # shellcheck disable=SC2086
        kill $pids 2>/dev/null
        i=0
        # shellcheck disable=SC2086
        while [ $i -lt 50 ] && sshd__any_alive $pids; do
            sleep 0.1
            i=$((i + 1))
        done
        for p in $pids; do kill -KILL "$p" 2>/dev/null; done
        wait "$SSHD_PID" 2>/dev/null
        SSHD_PID=
    fi
    [ -n "$SSHD_DIR" ] && rm -rf "$SSHD_DIR"
    SSHD_DIR=
    SSHD_PORT=
    return 0
}

sshd__on_exit() {
    local status=$?
    if command -v test_cleanup >/dev/null 2>&1; then test_cleanup; fi
    sshd_stop
    exit $status
}
trap sshd__on_exit EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
