#!/usr/bin/env bash
# Builds Hoist and opens it against a local tus server (started here unless one already listens
# on 127.0.0.1:1080). Extra arguments go to hoist, e.g. `bash scripts/run.sh ~/Videos`.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target hoist

HOST=127.0.0.1
PORT=1080
ENDPOINT="http://$HOST:$PORT/files/"
server_pid=""

listening() {
  (exec 3<>"/dev/tcp/$HOST/$PORT") 2>/dev/null
}

stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
}

if listening; then
  echo "run: using the server already listening on $HOST:$PORT" >&2
else
  data="${XDG_DATA_HOME:-$HOME/.local/share}/hoist/tus-server"
  mkdir -p "$data"
  log="$data/server.log"
  node tests/node/tus-server.mjs --dir "$data" --host "$HOST" --port "$PORT" >"$log" 2>&1 &
  server_pid=$!
  trap stop_server EXIT
  for _ in $(seq 1 100); do
    grep -q '^listening ' "$log" 2>/dev/null && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$log" >&2; echo "run: the tus server did not start" >&2; exit 1; }
    sleep 0.1
  done
  echo "run: tus server on $ENDPOINT, storing in $data" >&2
fi

# Not exec: the server must be stopped once Hoist exits. In the background, so that a TERM or
# INT sent to this script reaches Hoist at once instead of waiting for it to exit.
build/app/hoist --endpoint "$ENDPOINT" "$@" &
hoist_pid=$!
trap 'kill -TERM "$hoist_pid" 2>/dev/null || true' INT TERM
status=0
while :; do
  wait "$hoist_pid" && status=0 || status=$?
  kill -0 "$hoist_pid" 2>/dev/null || break # wait was only interrupted by a signal
done
exit "$status"
