# Sourced by the fixture scripts (pg/pg.sh, rgw/rgw.sh): what they share.
# - free_port: a port for a server to listen on.
# - a watchdog that tears a fixture down once the process that started it (ctest, a test
#   program) is gone, so an interrupted run leaves no server behind. The script that sources
#   this answers `SCRIPT watch DIR PARENT` by calling watchdog_wait and then stopping its
#   fixture.

# A port from 20000-32767, below Linux's ephemeral range (so no outgoing connection holds it),
# that nothing listens on now.
free_port() {
  /usr/bin/python3 - <<'PY'
import random, socket
for _ in range(200):
    port = random.randint(20000, 32767)
    s = socket.socket()
    try:
        s.bind(("127.0.0.1", port))
    except OSError:
        continue
    finally:
        s.close()
    print(port)
    break
else:
    raise SystemExit("no free port")
PY
}

# A process's start time (field 22 of /proc/PID/stat): tells it from a later one with its pid.
start_time() {
  local stat fields
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  read -ra fields <<<"${stat##*) }"
  echo "${fields[19]}"
}

# Starts `bash SCRIPT watch DIR PARENT` in a session of its own and writes its pid to PIDFILE.
watchdog_start() {
  local script=$1 dir=$2 parent=$3 pidfile=$4
  setsid bash "$script" watch "$dir" "$parent" </dev/null >/dev/null 2>&1 &
  echo $! >"$pidfile"
}

# Ends the watchdog recorded in PIDFILE, when that pid is still the watchdog of DIR (never
# ourselves, never a later process that took its pid).
watchdog_kill() {
  local pidfile=$1 dir=$2 pid args=()
  pid=$(cat "$pidfile" 2>/dev/null || true)
  [[ "$pid" =~ ^[0-9]+$ ]] && [ "$pid" != $$ ] || return 0
  [ -r "/proc/$pid/cmdline" ] && mapfile -d '' args <"/proc/$pid/cmdline" 2>/dev/null
  if [ ${#args[@]} -ge 3 ] && [ "${args[-3]}" = watch ] && [ "${args[-2]}" = "$dir" ]; then
    kill -TERM -- "-$pid" 2>/dev/null || true # its session: the watchdog and its `sleep`
  fi
}

# Returns once PARENT has gone (succeeds: the fixture is to be stopped) or DIR was removed by a
# regular stop (fails: nothing left to do).
watchdog_wait() {
  local parent=$1 dir=$2 started
  started=$(start_time "$parent") || return 0
  while [ -d "$dir" ] && [ "$(start_time "$parent" 2>/dev/null)" = "$started" ]; do
    sleep 2
  done
  [ -d "$dir" ]
}
