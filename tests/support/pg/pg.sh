#!/usr/bin/env bash
# A real PostgreSQL 15 for the tests (Debian's postgresql-15), one server per test run, living in
# one folder; run as the `postgres` user when started by root (initdb refuses to run as root),
# else as the caller.
#
#   pg.sh start DIR [--watch-parent]   initdb in DIR/data, start on a free loopback port with a
#                                      socket folder of its own, create the role the tests use;
#                                      writes DIR/pg.env (shell syntax, one KEY=VALUE a line:
#                                      HOIST_PG_HOST, HOIST_PG_PORT, HOIST_PG_SOCKET_DIR,
#                                      HOIST_PG_USER, HOIST_PG_PASSWORD)
#   pg.sh stop DIR                     stop the server (and the watchdog), remove DIR
#   pg.sh stop-server DIR              stop the server alone (fast shutdown), keep its data
#   pg.sh start-server DIR             start it again on the same port and socket folder
#   pg.sh restart DIR                  both
#
# Nothing outside DIR and the socket folder is touched: no system cluster (pg_ctlcluster is not
# used), no /etc/postgresql. The socket folder is a short one in /tmp (a Unix socket path has at
# most 107 bytes), named in DIR/sockdir. Connections over TCP need the role's password
# (scram-sha-256), so that tests can see a wrong one refused; the socket trusts local users.
# fsync is off: a test run's data is thrown away, and a fast shutdown still writes it all out, so
# a stop-server/start-server keeps everything committed.
# `--watch-parent` leaves a watchdog that stops the server when the calling process (ctest) is
# gone, so an interrupted run leaves no server behind.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../fixture.sh"

usage() {
  echo "usage: $0 start DIR [--watch-parent] | stop DIR | stop-server DIR | start-server DIR | restart DIR" >&2
  exit 2
}

[ $# -ge 2 ] || usage
command=$1
dir=$(realpath -m -- "$2")
shift 2
[ "$dir" != / ] || usage

BIN=/usr/lib/postgresql/15/bin
ROLE=hoist
PASSWORD=hoist-test-password-not-for-production
data=$dir/data
log=$dir/log/postgres.log

say() { echo "pg.sh: $*" >&2; }
# Root runs the server as `postgres` (initdb refuses root); anyone else runs it as themselves.
as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
# The server's own files belong to whoever runs it.
give_to_server() {
  [ "$(id -u)" != 0 ] || chown postgres:postgres "$@"
}

sockdir() { cat "$dir/sockdir" 2>/dev/null || true; }
port() { cat "$dir/port" 2>/dev/null || true; }

fail() {
  say "$1"
  [ -s "$log" ] && {
    echo "---- last lines of $log" >&2
    tail -n 30 "$log" >&2
  }
  exit 1
}

start_server() {
  local sock port
  sock=$(sockdir)
  port=$(port)
  if [ -z "$sock" ] || [ -z "$port" ] || [ ! -d "$data" ]; then
    fail "no server in $dir (pg.sh start first)"
  fi
  mkdir -p "$sock"
  give_to_server "$sock"
  as_postgres "$BIN/pg_ctl" -D "$data" -l "$log" -w -t "${HOIST_PG_TIMEOUT:-60}" \
    -o "-p $port -k $sock -c listen_addresses=127.0.0.1" start >/dev/null ||
    fail "pg_ctl start failed"
}

stop_server() {
  [ -f "$data/postmaster.pid" ] || return 0
  as_postgres "$BIN/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
    as_postgres "$BIN/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1 || true
}

remove_all() {
  watchdog_kill "$dir/watchdog.pid" "$dir"
  [ -d "$data" ] && stop_server
  local sock
  sock=$(sockdir)
  [[ "$sock" == /tmp/hoist-pg.* ]] && rm -rf -- "$sock"
  rm -rf -- "$dir"
}

start_all() {
  local watch=0 t0 sock port
  for arg in "$@"; do
    case $arg in
    --watch-parent) watch=1 ;;
    *) usage ;;
    esac
  done
  for tool in "$BIN/initdb" "$BIN/pg_ctl" "$BIN/psql" /usr/bin/python3; do
    command -v "$tool" >/dev/null || fail "$tool is missing: run scripts/setup.sh"
  done
  t0=$(date +%s)
  remove_all # a previous run's leftovers
  mkdir -p "$dir/log"
  sock=$(mktemp -d /tmp/hoist-pg.XXXXXX)
  echo "$sock" >"$dir/sockdir"
  port=$(free_port)
  echo "$port" >"$dir/port"
  # postgres owns what the server writes; DIR itself stays the caller's (it removes it).
  give_to_server "$dir/log" "$sock"
  chmod 755 "$dir"
  install -d -m 700 "$data"
  give_to_server "$data"
  printf '%s\n' "$PASSWORD" >"$dir/pwfile"
  give_to_server "$dir/pwfile"
  as_postgres "$BIN/initdb" -D "$data" -U postgres -N -E UTF8 --locale=C.UTF-8 \
    --auth-local=trust --auth-host=scram-sha-256 --pwfile="$dir/pwfile" \
    >"$dir/log/initdb.out" 2>&1 || {
    log=$dir/log/initdb.out fail "initdb failed"
  }
  rm -f "$dir/pwfile"
  cat >>"$data/postgresql.conf" <<EOF
# tests/support/pg/pg.sh: a throw-away server for one test run
fsync = off
full_page_writes = off
max_connections = 300
unix_socket_permissions = 0777
log_min_messages = warning
EOF
  start_server
  as_postgres "$BIN/psql" -X -q -h "$sock" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
    -c "CREATE ROLE $ROLE LOGIN CREATEDB PASSWORD '$PASSWORD'" >"$dir/log/role.out" 2>&1 ||
    log=$dir/log/role.out fail "creating role $ROLE failed"

  cat >"$dir/pg.env.tmp" <<EOF
# The PostgreSQL of this test run (tests/support/pg/pg.sh); shell syntax, one KEY=VALUE a line.
HOIST_PG_HOST=127.0.0.1
HOIST_PG_PORT=$port
HOIST_PG_SOCKET_DIR=$sock
HOIST_PG_USER=$ROLE
HOIST_PG_PASSWORD=$PASSWORD
EOF
  mv "$dir/pg.env.tmp" "$dir/pg.env"
  if [ $watch = 1 ]; then
    watchdog_start "$0" "$dir" "$PPID" "$dir/watchdog.pid"
  fi
  say "PostgreSQL on 127.0.0.1:$port (socket in $sock), up in $(($(date +%s) - t0)) s; env in $dir/pg.env"
}

# Stops everything once process $1 (the caller of `start --watch-parent`) has gone.
watch_parent() {
  if watchdog_wait "$1" "$dir"; then
    rm -f "$dir/watchdog.pid" # not ourselves
    remove_all
  fi
  exit 0
}

case $command in
start) start_all "$@" ;;
stop) remove_all ;;
stop-server) stop_server ;;
start-server) start_server ;;
restart)
  stop_server
  start_server
  ;;
watch) watch_parent "$@" ;;
*) usage ;;
esac
